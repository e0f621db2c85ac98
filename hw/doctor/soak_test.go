package doctor

import (
	"bytes"
	"context"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/hwtest"
)

// after runs f d into the bubble's fake time, on a goroutine of its own, as
// a hand laying a card or a chip hanging would during the soak.
func after(d time.Duration, f func()) {
	go func() {
		time.Sleep(d)
		f()
	}()
}

var (
	sticker1 = []byte{0x04, 0xA2, 0x5C, 0x1A, 0x61, 0x80, 0x01}
	sticker2 = []byte{0x04, 0x17, 0x33, 0x1A, 0x61, 0x80, 0x02}
)

// TestReaderSoak runs the table's own card reader service, over the real
// driver, on pn532test's model of the chip for the soak after the firmware
// answered, and checks that what the watchdog saw reaches the report: the
// counters, the resets through the config's RSTPDN line, the advice to
// power-cycle without one, and the cards laid on the reader meanwhile.
func TestReaderSoak(t *testing.T) {
	withReset := []string{"  irq: 4 ", "  reset: 12\n  irq: 4 "}
	tests := []struct {
		name    string
		replace []string // in the reference config
		model   func(*pn532test.Chip)
		sys     func(*fakeSystem)
		opts    Options
		ok      bool
		want    []string
		not     []string
		resets  int // RSTPDN pulses the chip saw
	}{
		{name: "healthy, with a reset line", replace: withReset, model: func(*pn532test.Chip) {}, ok: true, want: []string{
			"ok       PN532 card reader at 0x24 on /dev/i2c-1 answers: firmware 1.6",
			"ok       polled for 1.5s: card reader service ok: 0 cards read,",
			"polls, 0 failed, reported lost 0 times, 0 resets\n",
		}},
		{name: "a sticker laid during the soak", model: func(c *pn532test.Chip) {
			after(500*time.Millisecond, func() { c.PutCard(pn532test.NTAG(sticker1)) })
		}, ok: true, want: []string{
			"ok       polled for 1.5s: card reader service ok: 1 card read,",
			"ok       1 card read while it polled: UID 04:A2:5C:1A:61:80:01\n",
		}},
		{name: "a longer soak, two stickers", opts: Options{Soak: 10 * time.Second}, model: func(c *pn532test.Chip) {
			after(2*time.Second, func() { c.PutCard(pn532test.NTAG(sticker1)) })
			after(3*time.Second, c.RemoveCard)
			after(5*time.Second, func() { c.PutCard(pn532test.NTAG(sticker2)) })
		}, ok: true, want: []string{
			"ok       polled for 10s: card reader service ok: 2 cards read,",
			"ok       2 cards read while it polled: UID 04:A2:5C:1A:61:80:01, UID 04:17:33:1A:61:80:02\n",
		}},
		{name: "a flaky bus", model: func(c *pn532test.Chip) {
			// Clock stretching mishandled: a garbled frame now and then,
			// more than the driver's resends absorb, never three polls in
			// a row.
			for _, at := range []time.Duration{300, 700, 1100} {
				after(at*time.Millisecond, func() { c.Fail(pn532test.FaultCorrupt, 3) })
			}
		}, ok: true, want: []string{
			"note     polled for 1.5s: card reader service ok: 0 cards read,",
			"polls, 3 failed, reported lost 0 times, 0 resets (no reset line); last error at 1.08s: pn532: ",
			"fix: failed polls are a flaky I2C bus: on a Pi 4 or older set dtparam=i2c_arm_baudrate=100000",
		}},
		{name: "hangs, reset through RSTPDN", replace: withReset, model: func(c *pn532test.Chip) {
			after(300*time.Millisecond, func() { c.Hang(pn532test.HangHoldClock) })
			// Read after the reset: the watchdog set the chip up again.
			after(1300*time.Millisecond, func() { c.PutCard(pn532test.NTAG(sticker1)) })
		}, ok: true, resets: 1, want: []string{
			"note     polled for 1.5s: card reader service ok: 1 card read,",
			"ok       1 card read while it polled: UID 04:A2:5C:1A:61:80:01",
			"reported lost 1 time, 1 reset; last error at",
			"fix: it stopped answering and came back after a reset through RSTPDN",
		}},
		{name: "hangs, no reset line", model: func(c *pn532test.Chip) {
			after(300*time.Millisecond, func() { c.Hang(pn532test.HangSilent) })
		}, ok: false, want: []string{
			"failing  polled for 1.5s: card reader service needs a power cycle:",
			"reported lost 1 time, 0 resets (no reset line); last error at",
			"table.yaml:50]",
			"fix: switch the reader off and on; to let the table reset it, wire its RSTPDN pin to a free GPIO line and add reset: N to the reader section",
		}},
		{name: "hung before the doctor, reset through RSTPDN", replace: withReset, model: func(c *pn532test.Chip) {
			c.Hang(pn532test.HangHoldClock)
		}, ok: true, resets: 1, want: []string{
			"note     PN532 card reader at 0x24 on /dev/i2c-1 did not answer at first (pn532: no answer at I²C address 0x24",
			"the watchdog reset it through RSTPDN (GPIO line 12) and it came back",
			"ok       PN532 card reader at 0x24 on /dev/i2c-1 answers: firmware 1.6",
			"note     polled for 1.5s: card reader service ok:",
			"1 reset",
		}},
		{name: "hung before the doctor, a short soak", replace: withReset, opts: Options{Soak: 100 * time.Millisecond}, model: func(c *pn532test.Chip) {
			c.Hang(pn532test.HangSilent)
		}, ok: true, resets: 1, want: []string{
			"the watchdog reset it through RSTPDN (GPIO line 12) and it came back",
			"note     polled for 1.5s: card reader service ok:",
		}},
		{name: "hung before the doctor, no reset line", model: func(c *pn532test.Chip) {
			c.Hang(pn532test.HangSilent)
		}, ok: false, want: []string{
			"failing  PN532 card reader at 0x24 on /dev/i2c-1 does not answer: pn532: no answer at I²C address 0x24",
		}, not: []string{"polled for"}},
		{name: "dead, a reset line", replace: withReset, sys: func(f *fakeSystem) { f.model, f.i2cOps = nil, nil }, ok: false, want: []string{
			"failing  PN532 card reader at 0x24 on /dev/i2c-1 does not answer, even after ",
			" resets through RSTPDN (GPIO line 12): pn532: no answer at I²C address 0x24",
			"fix: check its wiring (SDA, SCL, 3.3 V, ground)",
		}, not: []string{"polled for"}},
		{name: "reset line denied", replace: withReset, model: func(*pn532test.Chip) {}, sys: func(f *fakeSystem) { f.resetErr = fs.ErrPermission },
			ok: false, want: []string{
				"failing  reader reset: GPIO line 12 of /dev/gpiochip0 cannot be opened: permission denied",
				"(the reader is checked without it) [",
				"fix: add the user to the gpio group",
				"ok       polled for 1.5s: card reader service ok: 0 cards read,",
				"(no reset line)",
			}},
		{name: "the table running", model: func(*pn532test.Chip) {}, sys: func(f *fakeSystem) { f.used = map[int]string{4: "falling"} }, ok: false, want: []string{
			`failing  reader irq: GPIO line 4 (pin 7) is busy, held by "falling"`,
			"ok       PN532 card reader at 0x24 on /dev/i2c-1 answers",
			"note     the card reader service was not tried: another falling holds the table's lines and polls the reader",
		}, not: []string{"polled for"}},
		{name: "no soak", opts: Options{Soak: -1}, model: func(*pn532test.Chip) {}, ok: true, want: []string{
			"ok       PN532 card reader at 0x24 on /dev/i2c-1 answers",
		}, not: []string{"polled for"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sys := healthy()
			sys.model = tt.model
			if tt.sys != nil {
				tt.sys(sys)
			}
			r, out := runIn(t, sys, writeConfig(t, tt.replace...), tt.opts)
			if r.OK() != tt.ok {
				t.Errorf("OK() = %v, want %v", r.OK(), tt.ok)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("report does not say %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("report says %q", w)
				}
			}
			if tt.replace != nil && tt.sys == nil && !slices.Equal(sys.resets, []string{"gpiochip0/12"}) {
				t.Errorf("reset lines requested: %q, want gpiochip0/12", sys.resets)
			}
			if sys.chip != nil {
				if got := sys.chip.Stats().Resets; got != tt.resets {
					t.Errorf("the chip was reset %d times, want %d", got, tt.resets)
				}
			}
			if m := regexp.MustCompile(`(\d+) polls, 0 failed`).FindStringSubmatch(out); m != nil {
				// About one every 25 ms: the soak polled back to back.
				if n, _ := strconv.Atoi(m[1]); n < 20 {
					t.Errorf("%d polls in the soak", n)
				}
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("report:\n%s", out)
			}
		})
	}
}

// TestReaderSoakCut: the doctor stopped (Ctrl-C) during the soak still
// reports what was counted, and says it was cut short.
func TestReaderSoakCut(t *testing.T) {
	sys := healthy()
	var out bytes.Buffer
	synctest.Test(t, func(t *testing.T) {
		clk := hwtest.NewHost(boot, 1)
		sys.clk = clk
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		after(700*time.Millisecond, cancel)
		r := Run(ctx, sys, clk, reference, Options{Soak: time.Hour})
		if err := r.Write(&out); err != nil {
			t.Fatal(err)
		}
	})
	// Cancelled 700 ms after the bus opened, the chip's setup taking the
	// first few tens of them.
	for _, w := range []string{"ok       polled for 625ms: card reader service ok:", "(cut short: context canceled)"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report does not say %q\n%s", w, out.String())
		}
	}
}

// TestReaderSoakProgress: each card is told as it is read, every time it
// is laid, before the report.
func TestReaderSoakProgress(t *testing.T) {
	sys := healthy()
	sys.model = func(c *pn532test.Chip) {
		after(time.Second, func() { c.PutCard(pn532test.NTAG(sticker1)) })
		after(2*time.Second, c.RemoveCard)
		after(3*time.Second, func() { c.PutCard(pn532test.NTAG(sticker1)) })
	}
	var progress bytes.Buffer
	_, out := runIn(t, sys, reference, Options{Soak: 5 * time.Second, Progress: &progress})
	want := "Polling the card reader for 5s; lay a card on it to see it read.\n" +
		"  card read: UID 04:A2:5C:1A:61:80:01\n" +
		"  card read: UID 04:A2:5C:1A:61:80:01\n"
	if progress.String() != want {
		t.Errorf("progress:\n%s\nwant:\n%s", progress.String(), want)
	}
	if !strings.Contains(out, "ok       1 card read while it polled: UID 04:A2:5C:1A:61:80:01\n") {
		t.Errorf("report:\n%s", out)
	}
}

// TestReaderSoakRealClock runs a short soak on the host's clock, as
// `falling doctor` does, to prove the doctor needs nothing of the bubble.
func TestReaderSoakRealClock(t *testing.T) {
	clk, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	sys := healthy()
	sys.clk = clk
	sys.model = func(c *pn532test.Chip) { c.PutCard(pn532test.NTAG(sticker1)) }
	r := Run(context.Background(), sys, clk, reference, Options{Soak: 300 * time.Millisecond})
	var out bytes.Buffer
	if err := r.Write(&out); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"ok       polled for 300ms: card reader service ok: 1 card read,", "UID 04:A2:5C:1A:61:80:01"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report does not say %q\n%s", w, out.String())
		}
	}
}
