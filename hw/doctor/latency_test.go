package doctor

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
	"github.com/falling-table/falling/hw/sound"
)

func msd(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }

func TestLatencyOf(t *testing.T) {
	o := LatencyOptions{Period: 750 * time.Millisecond}
	clicks := []time.Duration{10 * time.Second, 10*time.Second + 750*time.Millisecond, 11*time.Second + 500*time.Millisecond, 12*time.Second + 250*time.Millisecond}
	at := func(k int, d float64) time.Duration { return clicks[k] + msd(d) }
	for _, tc := range []struct {
		name     string
		current  time.Duration
		presses  []time.Duration
		median   time.Duration
		suggest  time.Duration
		answered int
		err      error
	}{
		{"steady 40 ms late", 0, []time.Duration{at(0, 38), at(1, 41), at(2, 40), at(3, 44)}, msd(40.5), msd(41), 4, nil},
		// The press nearest each click answers it.
		{"a stray press and a double press", 0, []time.Duration{at(0, 38), at(0, 300), at(1, 41), at(2, -60), at(2, 40), at(3, 44)}, msd(40.5), msd(41), 4, nil},
		// A press more than half a period from every click answers none.
		{"a click missed", 0, []time.Duration{at(0, 30), at(1, 30), at(2, 30), at(3, 400)}, msd(30), msd(30), 3, nil},
		{"already compensated", msd(40), []time.Duration{at(0, -2), at(1, 1), at(2, 0), at(3, 3)}, msd(0.5), msd(41), 4, nil},
		{"pressing early: never below 0", 0, []time.Duration{at(0, -30), at(1, -25), at(2, -35), at(3, -20)}, msd(-27.5), 0, 4, nil},
		{"too few", 0, []time.Duration{at(0, 40)}, 0, 0, 1, ErrTooFewPresses},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := o
			o.Current = tc.current
			r, err := latencyOf(clicks, tc.presses, o)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Delays) != tc.answered || r.Median != tc.median || r.Suggest != tc.suggest {
				t.Errorf("answered %d, median %v, suggest %v; want %d, %v, %v (delays %v)", len(r.Delays), r.Median, r.Suggest, tc.answered, tc.median, tc.suggest, r.Delays)
			}
		})
	}
}

// clickSink is a sound sink that, like a speaker heard through an output
// delay, has a player press a seat button delay after each click it plays.
type clickSink struct {
	mu     sync.Mutex
	clicks []time.Duration
}

func (s *clickSink) Play(c hw.Cue, at time.Duration) error {
	s.mu.Lock()
	s.clicks = append(s.clicks, at)
	s.mu.Unlock()
	return nil
}
func (s *clickSink) Close() error { return nil }

type chanButtons struct {
	ev   chan hw.ButtonEvent
	lost chan hw.LostEvents
}

func (b *chanButtons) Events() <-chan hw.ButtonEvent { return b.ev }
func (b *chanButtons) Lost() <-chan hw.LostEvents    { return b.lost }
func (b *chanButtons) Close() error                  { return nil }

// TestMeasureLatency runs the whole measurement on a virtual clock: 4
// count-in clicks, then 16 answered 47 ms late with a little human jitter,
// the count-in's presses ignored.
func TestMeasureLatency(t *testing.T) {
	clk := hwtest.NewManual(time.Hour)
	snd := &clickSink{}
	btn := &chanButtons{ev: make(chan hw.ButtonEvent, 64), lost: make(chan hw.LostEvents)}
	type result struct {
		r   LatencyResult
		err error
	}
	done := make(chan result)
	go func() {
		r, err := MeasureLatency(context.Background(), snd, btn, clk, LatencyOptions{})
		done <- result{r, err}
	}()
	clk.WaitForSleepers(1, nil)
	snd.mu.Lock()
	clicks := append([]time.Duration(nil), snd.clicks...)
	snd.mu.Unlock()
	if len(clicks) != 20 {
		t.Fatalf("%d clicks scheduled, want 4 + 16", len(clicks))
	}
	jitter := []float64{-6, 3, 0, 8, -2, 5, -9, 1, 4, -3, 2, 0, -5, 7, -1, 6, 30, -30, 12, -12}
	for k, c := range clicks {
		press := c + 47*time.Millisecond + msd(jitter[k])
		if k < 4 {
			press = c + 300*time.Millisecond // the count-in is not measured
		}
		btn.ev <- hw.ButtonEvent{Seat: 1 + k%8, Press: true, Kernel: press}
		btn.ev <- hw.ButtonEvent{Seat: 1 + k%8, Press: false, Kernel: press + 80*time.Millisecond}
	}
	clk.Set(clicks[len(clicks)-1] + time.Second)
	res := <-done
	if res.err != nil {
		t.Fatal(res.err)
	}
	if len(res.r.Delays) != 16 || res.r.Median < msd(46) || res.r.Median > msd(49) || res.r.Suggest < msd(46) || res.r.Suggest > msd(49) {
		t.Errorf("result %+v, want 16 answers and about 47 ms", res.r)
	}
	var out bytes.Buffer
	if err := res.r.Write(&out, 0, "table.yaml:62"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "16 of 16 clicks answered") || !strings.Contains(out.String(), "Write  latency: 48ms  under sound: in table.yaml:62") {
		t.Errorf("report:\n%s", out.String())
	}
}

// TestRunSound opens what the config names: the speaker with its latency
// and every seat button on the header's chip, found by label.
func TestRunSound(t *testing.T) {
	clk := hwtest.NewManual(time.Hour)
	sys := healthy()
	sys.chips[0].Name = "gpiochip4"
	var gotChip string
	var gotLines map[int]int
	btn := &chanButtons{ev: make(chan hw.ButtonEvent, 64), lost: make(chan hw.LostEvents)}
	sys.openButtons = func(chip string, lines map[int]int) (hw.Buttons, error) {
		gotChip, gotLines = chip, lines
		return btn, nil
	}
	snd := &clickSink{}
	sys.openSound = func(hw.Clock) (hw.Sound, error) { return snd, nil }
	path := writeConfig(t, "latency: 0ms", "latency: 20ms")
	type result struct {
		r   LatencyResult
		err error
	}
	done := make(chan result)
	var out bytes.Buffer
	go func() {
		r, _, err := RunSound(context.Background(), sys, clk, path, &out, LatencyOptions{CountIn: 1, Clicks: 4})
		done <- result{r, err}
	}()
	clk.WaitForSleepers(1, nil)
	snd.mu.Lock()
	clicks := append([]time.Duration(nil), snd.clicks...)
	snd.mu.Unlock()
	for _, c := range clicks[1:] {
		btn.ev <- hw.ButtonEvent{Seat: 3, Press: true, Kernel: c + 15*time.Millisecond}
	}
	clk.Set(clicks[len(clicks)-1] + time.Second)
	res := <-done
	if res.err != nil {
		t.Fatal(res.err)
	}
	if gotChip != "gpiochip4" || len(gotLines) != 8 || gotLines[1] != 5 {
		t.Errorf("buttons opened on %s, lines %v; want the reference's 8 seats on gpiochip4", gotChip, gotLines)
	}
	if sys.soundDev != "default" || sys.soundOpts != (sound.Options{Latency: 20 * time.Millisecond}) {
		t.Errorf("sound opened as %s %+v", sys.soundDev, sys.soundOpts)
	}
	if res.r.Suggest != 35*time.Millisecond {
		t.Errorf("suggest %v, want the 20 ms configured plus the 15 ms measured", res.r.Suggest)
	}
	if !strings.Contains(out.String(), "press any seat button in time with each of the next 4 clicks") {
		t.Errorf("instructions: %s", out.String())
	}

	// Refusals: nothing to hear, nothing to press.
	for _, tc := range []struct {
		replace []string
		want    string
	}{
		{[]string{"device: default ", "device: none "}, "sound device is none: there is no speaker to measure"},
	} {
		_, _, err := RunSound(context.Background(), healthy(), clk, writeConfig(t, tc.replace...), &out, LatencyOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("RunSound = %v, want %q", err, tc.want)
		}
	}
	if _, _, err := RunSound(context.Background(), healthy(), clk, "", &out, LatencyOptions{}); err == nil || !strings.Contains(err.Error(), "needs --config") {
		t.Errorf("RunSound without a config = %v", err)
	}
}
