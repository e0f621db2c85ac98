package dealer

import (
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
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

// TestPressClaimsOnlyInTheWindow: product.md, "a press from that seat
// within the Stop window claims a Stop". The engine's ClaimOf says only
// what a press would claim (the light asks the seat's Ground to land);
// the window says whether it came in time and first, and onButton asks
// both. Where ClaimOf alone would take a press, the window refuses two: a
// press just past the window's end, handled before the loop's deadline
// closes the window (logged late), and a second press after the claim
// (logged, the claim's time not moved on). The first press inside the
// window claims (the control). The other way round, a press the window
// takes that ClaimOf refuses, was not found: the window opens only where
// the light asks that seat's Ground to land.
func TestPressClaimsOnlyInTheWindow(t *testing.T) {
	at := secs
	for _, tc := range []struct {
		name    string
		first   float64 // a press before, claiming, or 0
		pressed float64
		claims  bool
		late    bool
	}{
		{name: "inside the window", pressed: 4.6, claims: true},
		{name: "a second press after the claim", first: 4.2, pressed: 4.6},
		{name: "just past its end, the window not yet closed", pressed: 5.1, late: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, read, log := stopsDealt(t)
			read("Ground-3", 4) // seat 2's Ground: its window, a second long, ends at 5 s
			if !d.stop.open || d.stop.seat != 2 || d.stop.end != at(5) {
				t.Fatalf("Stop window %+v, want seat 2's open until 5 s", d.stop)
			}
			if tc.first > 0 {
				d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at(tc.first)})
				if !d.stop.claimed {
					t.Fatalf("the first press at %v s claimed nothing", tc.first)
				}
			}
			if got := d.g.ClaimOf(2); got != game.PressStopClaim {
				t.Fatalf("ClaimOf(seat 2) = %v, want a Stop claim: the engine has no clock", got)
			}
			n, window := len(d.g.Inferences()), d.stop
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at(tc.pressed)})
			claimed := slices.ContainsFunc(d.g.Inferences()[n:], func(x game.Inference) bool { return x.Kind == game.InfStopClaimed })
			if claimed != tc.claims {
				t.Errorf("press at %v s: the engine inferred a claim %v, want %v", tc.pressed, claimed, tc.claims)
			}
			if !tc.claims && d.stop != window {
				t.Errorf("press at %v s moved the window from %+v to %+v", tc.pressed, window, d.stop)
			}
			if tc.claims && !d.stop.claimed {
				t.Errorf("press at %v s: the window has no claim", tc.pressed)
			}
			late := slices.ContainsFunc(*log, func(e playlog.Entry) bool { return e.Kind == playlog.KindPress && e.Note == "after the Stop window" })
			if late != tc.late {
				t.Errorf("press at %v s logged after the Stop window: %v, want %v", tc.pressed, late, tc.late)
			}
			if in := d.g.Next(); in.Action != game.ActLand || in.Seat != 2 {
				t.Errorf("the light asks %v, want seat 2's Ground still to land", in)
			}
		})
	}
}
