package dealer

import (
	"testing"
	"time"
)

// TestStopWindowRules: who may claim a Stop and until when, as the
// stopWindow decides it (the hand-level test is TestStopOnAGround).
func TestStopWindowRules(t *testing.T) {
	const s = time.Second
	open := stopWindow{open: true, seat: 3, start: 10 * s, end: 11 * s}
	claimed := open
	claimed.claim(10*s+800*time.Millisecond, s) // claimEnd: 11.8 s, past the window's end
	early := open
	early.claim(10*s, 500*time.Millisecond) // claimEnd: the window's end, never before it

	cases := []struct {
		name      string
		w         stopWindow
		seat      int
		at        time.Duration
		claimable bool
		after     bool
		due       time.Duration
	}{
		{"at the start", open, 3, 10 * s, true, false, 11 * s},
		{"at the end", open, 3, 11 * s, true, false, 11 * s},
		{"before the Ground", open, 3, 10*s - 1, false, false, 11 * s},
		{"just after the end", open, 3, 11*s + 1, false, true, 11 * s},
		{"another seat", open, 4, 10 * s, false, false, 11 * s},
		{"another seat, late", open, 4, 12 * s, false, false, 11 * s},
		{"claimed already", claimed, 3, 10 * s, false, false, 11*s + 800*time.Millisecond},
		{"a claim keeps the window's end at least", early, 3, 12 * s, false, true, 11 * s},
		{"closed", stopWindow{seat: 3, start: 10 * s, end: 11 * s}, 3, 10 * s, false, false, 11 * s},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := c.w
			if got := w.claimable(c.seat, c.at); got != c.claimable {
				t.Errorf("claimable(seat %d, %v) = %v, want %v", c.seat, c.at, got, c.claimable)
			}
			if got := w.after(c.seat, c.at); got != c.after {
				t.Errorf("after(seat %d, %v) = %v, want %v", c.seat, c.at, got, c.after)
			}
			if got := w.due(); got != c.due {
				t.Errorf("due() = %v, want %v", got, c.due)
			}
		})
	}
}

// TestStopWindowPauseAndView: a pause moves an open window and its claim,
// not a closed one; the view shows the claim's end once claimed.
func TestStopWindowPauseAndView(t *testing.T) {
	const s = time.Second
	w := stopWindow{open: true, seat: 2, start: 10 * s, end: 11 * s}
	w.claim(10*s+900*time.Millisecond, s)
	w.shift(5 * s)
	if w.end != 16*s || w.claimEnd != 16*s+900*time.Millisecond || w.start != 10*s {
		t.Errorf("after a 5 s pause: start %v, end %v, claim end %v", w.start, w.end, w.claimEnd)
	}
	v := w.view()
	if v == nil || v.Seat != 2 || !v.Claimed || v.End != w.claimEnd || v.Start != 10*s {
		t.Errorf("view of a claimed window: %+v", v)
	}
	w.close()
	if w.open || w.claimed || w.view() != nil {
		t.Errorf("closed window: %+v, view %+v", w, w.view())
	}
	end := w.end
	w.shift(5 * s)
	if w.end != end {
		t.Errorf("a pause moved a closed window's end from %v to %v", end, w.end)
	}
}
