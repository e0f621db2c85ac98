package doctor

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/internal/plural"
	"github.com/falling-table/falling/hw/pi"
	"github.com/falling-table/falling/hw/reader"
)

// A firmware answer proves the wiring, not that the reader keeps working:
// a flaky bus (the Pi 3's I2C controller and the PN532's clock stretching)
// fails a poll now and then, and a chip that hangs does so under polling.
// So once the chip has answered, the doctor runs the table's own card
// reader service on it for a while, watchdog and reset line included, and
// reports its health as the referee page would.

// soak is what the card reader service saw while the doctor ran it.
type soak struct {
	start  time.Duration // on the clock it ran on
	length time.Duration // how long it polled: Options.Soak unless cut
	health reader.Health
	cards  []hw.UID // the cards read, each once, in the order read
	cut    error    // why it stopped early, nil if it ran its length
}

// runSoak runs the reader service on dev for o.Soak on clk, resetting the
// chip through rst (nil: no reset line) as the table would. lost is why the
// chip did not answer its setup, nil if it did: the service then starts
// lost and the watchdog tries to bring it back.
func runSoak(ctx context.Context, clk hw.Clock, dev *pn532.Dev, rst pi.OutputPin, lost error, o Options) *soak {
	ropts := reader.Options{Logger: o.Logger}
	if rst != nil {
		ropts.Reset = rst
	}
	start := clk.Now()
	var rd *reader.Reader
	if lost != nil {
		rd = reader.NewLost(dev, clk, lost, ropts)
	} else {
		rd = reader.New(dev, clk, ropts)
	}
	s := &soak{start: start}
	say(o.Progress, "Polling the card reader for %v; lay a card on it to see it read.\n", o.Soak)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for ev := range rd.Cards() {
			say(o.Progress, "  card read: UID %s\n", ev.UID)
			if !slices.Contains(s.cards, ev.UID) {
				s.cards = append(s.cards, ev.UID)
			}
		}
	}()
	go func() {
		defer wg.Done()
		for range rd.Status() {
			// Health says the same, counted.
		}
	}()
	s.length = o.Soak
	if !clk.SleepUntil(start+o.Soak, ctx.Done()) {
		s.cut = ctx.Err()
		s.length = clk.Now() - start
	} else {
		// A loaded machine may not have finished one poll yet, and "ok:
		// 0 polls" proves nothing: wait for one, a while at most.
		for t := start + o.Soak; rd.Health().Polls == 0 && t < start+10*o.Soak; {
			t += o.Soak / 10
			if !clk.SleepUntil(t, ctx.Done()) {
				s.cut = ctx.Err()
			}
			s.length = clk.Now() - start
			if s.cut != nil {
				break
			}
		}
	}
	// Close waits for a poll or a reset in progress, so the counters are
	// final and the chip is left out of reset.
	rd.Close()
	wg.Wait()
	s.health = rd.Health()
	return s
}

// say writes a progress line to w, if there is one. A terminal that
// fails a write loses only the running commentary: the report says it all.
func say(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}

// report adds the service's health, and the cards it read, to r.
func (s *soak) report(r *Report, b *config.Board) {
	// Times counted from the soak's start, not from the clock's origin
	// (the Pi's boot), so "last error at 312ms" reads as into the soak.
	h := s.health
	h.Since -= s.start
	if h.LastErr != nil {
		h.LastErrAt -= s.start
	}
	c := ReaderHealth(h)
	c.Say = fmt.Sprintf("polled for %v: %s", s.length.Round(time.Millisecond), c.Say)
	if s.cut != nil {
		c.Say += fmt.Sprintf(" (cut short: %v)", s.cut)
	}
	if c.Status != OK {
		c.Where = b.Where("reader")
	}
	r.Checks = append(r.Checks, c)
	if len(s.cards) == 0 {
		return
	}
	uids := make([]string, len(s.cards))
	for i, u := range s.cards {
		uids[i] = u.String()
	}
	// A builder checks stickers this way: lay each on the reader during a
	// long soak (falling doctor --soak 30s) and see it read.
	r.add(PartReader, OK, "", "", "%s read while it polled: UID %s", plural.Count(len(uids), "card"), strings.Join(uids, ", UID "))
}

// openReset requests the reader's RSTPDN line when the config names one,
// so the soak resets a hung chip as the table would. Without one (none in
// the config, no GPIO chip, the line held elsewhere, which the line checks
// already report) the reader is checked without it, as a table without it
// would run.
//
// chip is the config's GPIO chip, "" when it is not here.
func openReset(r *Report, sys System, b *config.Board, chip string) pi.OutputPin {
	rd := b.Reader
	if !rd.HasReset || chip == "" {
		return nil
	}
	if infos, err := sys.LineInfo(chip, []int{rd.Reset}); err == nil && len(infos) == 1 && infos[0].Used {
		return nil
	}
	pin, err := sys.OpenReset(chip, rd.Reset)
	if err != nil {
		what, fix := pi.Advice(pi.GPIO, pi.Classify(err))
		r.add(PartReader, Failing, b.Where("reader reset"), fix,
			"reader reset: GPIO line %d of /dev/%s %s: %v (the reader is checked without it)", rd.Reset, chip, what, err)
		return nil
	}
	return pin
}

// tableRunning reports whether another falling holds any line the config
// uses on chip (the config's, "" when it is not here): the table is
// running, and polling the reader.
func tableRunning(sys System, b *config.Board, chip string) bool {
	if chip == "" {
		return false
	}
	var offsets []int
	for _, u := range b.Uses() {
		offsets = append(offsets, u.Offset)
	}
	infos, err := sys.LineInfo(chip, offsets)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(infos, func(li pi.LineInfo) bool { return li.Used && li.Consumer == pi.Consumer })
}
