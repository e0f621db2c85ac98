package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/buttons"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/pi"
)

// LatencyOptions tune MeasureLatency. The zero value is the doctor's.
type LatencyOptions struct {
	CountIn int           // clicks to settle into the beat, not measured; default 4
	Clicks  int           // clicks measured; default 16
	Period  time.Duration // between clicks; default 750ms, an easy tempo to tap
	// Current is the latency the sink was opened with: cues already go out
	// that much early, so what is measured is what is left over.
	Current time.Duration
}

func (o *LatencyOptions) defaults() {
	if o.CountIn <= 0 {
		o.CountIn = 4
	}
	if o.Clicks <= 0 {
		o.Clicks = 16
	}
	if o.Period <= 0 {
		o.Period = 750 * time.Millisecond
	}
}

// LatencyResult is what a measurement found.
type LatencyResult struct {
	Clicks int             // clicks measured
	Delays []time.Duration // press less click time, for each click answered
	Median time.Duration   // of Delays
	Spread time.Duration   // the middle half of Delays lies within this
	// Suggest is the latency to configure: the one in use plus the median
	// delay, kept within 0..config.MaxSoundLatency.
	Suggest time.Duration
}

// ErrTooFewPresses is returned when fewer than half the clicks were
// answered: a median of a few presses says nothing.
var ErrTooFewPresses = errors.New("too few clicks answered")

// MeasureLatency plays a steady click on snd and takes the seat button
// presses that answer it, to find how late the sound is heard. The person
// at the table presses any seat button in time with each click, as when
// playing along with a beat; each press is matched with the click nearest
// to it (within half a period). A press lands where the click is heard, so
// its delay after the time the click was scheduled for is the output's
// latency not yet compensated (plus the player's own habit of pressing a
// little early, a few tens of milliseconds, which the median keeps small).
// Presses are stamped by the kernel, so the figure has no software delay
// in it.
func MeasureLatency(ctx context.Context, snd hw.Sound, btn hw.Buttons, clk hw.Clock, o LatencyOptions) (LatencyResult, error) {
	o.defaults()
	lead := time.Duration(0)
	if l, ok := snd.(interface{ Lead() time.Duration }); ok {
		lead = max(0, l.Lead())
	}
	// A second before the first click to get ready, and never less than
	// the sink needs to place it on time.
	first := clk.Now() + lead + time.Second
	total := o.CountIn + o.Clicks
	clicks := make([]time.Duration, total)
	for k := range clicks {
		clicks[k] = first + time.Duration(k)*o.Period
		cue := hw.CueTick
		if k < o.CountIn {
			cue = hw.CueAccent
		}
		if err := snd.Play(cue, clicks[k]); err != nil {
			return LatencyResult{}, fmt.Errorf("sound latency: click %d: %w", k+1, err)
		}
	}
	end := clicks[total-1] + o.Period/2

	var presses []time.Duration
	timeUp := make(chan struct{})
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		if clk.SleepUntil(end, stop) {
			close(timeUp)
		}
	}()
	take := func(ev hw.ButtonEvent, ok bool) bool {
		if !ok {
			return false
		}
		if ev.Press {
			presses = append(presses, ev.Kernel)
		}
		return true
	}
wait:
	for {
		select {
		case ev, ok := <-btn.Events():
			if !take(ev, ok) {
				return LatencyResult{}, errors.New("sound latency: the seat buttons closed")
			}
		case <-btn.Lost():
			// A lost edge costs at most one click's press; the median
			// does not need every one.
		case <-timeUp:
			break wait
		case <-ctx.Done():
			return LatencyResult{}, fmt.Errorf("sound latency: %w", ctx.Err())
		}
	}
	// Presses stamped before the end may still be on their way.
	for drained := false; !drained; {
		select {
		case ev, ok := <-btn.Events():
			drained = !take(ev, ok)
		default:
			drained = true
		}
	}
	return latencyOf(clicks[o.CountIn:], presses, o)
}

// latencyOf matches presses to clicks and sums up: pure, so every rule is
// tested with chosen times.
func latencyOf(clicks, presses []time.Duration, o LatencyOptions) (LatencyResult, error) {
	r := LatencyResult{Clicks: len(clicks)}
	slices.Sort(presses)
	for _, c := range clicks {
		lo, hi := c-o.Period/2, c+o.Period/2
		i, _ := slices.BinarySearch(presses, lo)
		best, found := time.Duration(0), false
		for ; i < len(presses) && presses[i] < hi; i++ {
			if d := presses[i] - c; !found || d.Abs() < best.Abs() {
				best, found = d, true
			}
		}
		if found {
			r.Delays = append(r.Delays, best)
		}
	}
	if len(r.Delays) < max(1, (len(clicks)+1)/2) {
		return r, fmt.Errorf("sound latency: %d of %d clicks answered: %w (press a seat button in time with each click)", len(r.Delays), len(clicks), ErrTooFewPresses)
	}
	d := slices.Clone(r.Delays)
	slices.Sort(d)
	r.Median = quantile(d, 0.5)
	r.Spread = quantile(d, 0.75) - quantile(d, 0.25)
	r.Suggest = min(max(0, o.Current+r.Median), config.MaxSoundLatency).Round(time.Millisecond)
	return r, nil
}

// quantile of sorted d by linear interpolation between closest ranks.
func quantile(d []time.Duration, q float64) time.Duration {
	pos := q * float64(len(d)-1)
	i := int(pos)
	if i+1 >= len(d) {
		return d[len(d)-1]
	}
	return d[i] + time.Duration((pos-float64(i))*float64(d[i+1]-d[i]))
}

// Write prints the result and the line to put in the config.
func (r LatencyResult) Write(w io.Writer, current time.Duration, where string) error {
	var b strings.Builder
	ms := func(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Fprintf(&b, "%d of %d clicks answered; the press came %s after the click it answered (median; the middle half within %s)\n",
		len(r.Delays), r.Clicks, ms(r.Median), ms(r.Spread))
	if r.Spread > 60*time.Millisecond {
		b.WriteString("The presses were spread wide: run it again, pressing with the click rather than after it.\n")
	}
	switch d := r.Suggest - current; {
	case d < 5*time.Millisecond && d > -5*time.Millisecond:
		fmt.Fprintf(&b, "The configured latency (%v) is right: the sound lands on the beat.\n", current)
	default:
		in := "under sound: in the config"
		if where != "" {
			in = "under sound: in " + where
		}
		fmt.Fprintf(&b, "Write  latency: %v  %s (it is %v now), then run this again to check.\n", r.Suggest, in, current)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RunSound is falling doctor --sound: it opens the config's speaker, with
// the latency configured, and every seat button, and measures what latency
// is left (MeasureLatency). Instructions go to out before the clicks start.
func RunSound(ctx context.Context, sys System, clk hw.Clock, path string, out io.Writer, o LatencyOptions) (LatencyResult, *config.Board, error) {
	if path == "" {
		return LatencyResult{}, nil, errors.New("sound latency: needs --config: the speaker and the seat buttons are the config's")
	}
	b, err := config.Load(path)
	if err != nil {
		return LatencyResult{}, nil, err
	}
	if b.Sound.Output != config.SoundDefault {
		return LatencyResult{}, b, fmt.Errorf("%s: sound device is %s: there is no speaker to measure (write device: default)", b.Where("sound device"), pi.SoundDevice(b.Sound))
	}
	lines := map[int]int{}
	for _, s := range b.Seats {
		if !s.NoButton {
			lines[s.Number] = s.Button
		}
	}
	if len(lines) == 0 {
		return LatencyResult{}, b, fmt.Errorf("%s: no seat buttons: the latency is measured by pressing one in time with the clicks", b.Where("seats"))
	}
	chips, err := sys.Chips()
	if err != nil && len(chips) == 0 {
		return LatencyResult{}, b, fmt.Errorf("sound latency: GPIO chips: %w", err)
	}
	chip, err := pi.ChooseChip(b.Chip, chips)
	if err != nil {
		return LatencyResult{}, b, fmt.Errorf("%s: %w", b.Where("gpiochip"), err)
	}
	btn, err := sys.OpenButtons(chip, lines, buttons.Options{Debounce: b.Timing.Debounce, Clock: clk, Consumer: pi.Consumer})
	if err != nil {
		return LatencyResult{}, b, fmt.Errorf("sound latency: seat buttons on %s: %w", chip, err)
	}
	defer btn.Close()
	dev := pi.SoundDevice(b.Sound)
	snd, err := sys.OpenSound(dev, clk, pi.SoundOptions(b.Sound))
	if err != nil {
		return LatencyResult{}, b, fmt.Errorf("sound latency: sound device %s: %w", dev, err)
	}
	defer snd.Close()
	o.Current = b.Sound.Latency
	o.defaults()
	fmt.Fprintf(out, "Playing on ALSA device %s, latency %v. After %d count-in clicks, press any seat button in time with each of the next %d clicks, as if playing along.\n",
		b.Sound.ALSADevice(), b.Sound.Latency, o.CountIn, o.Clicks)
	r, err := MeasureLatency(ctx, snd, btn, clk, o)
	return r, b, err
}
