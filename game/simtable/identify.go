package simtable

import (
	"time"

	"github.com/falling-table/falling/hw"
)

// askIdentify is the light of a seat whose card dealt by hand the dealer
// asks to have scanned (dealer.LightIdentify: the table knows the light
// language, not the dealer's code).
var askIdentify = hw.Pattern{Kind: hw.Blink, Color: hw.Blue, Period: 500 * time.Millisecond}

// identifyAsked is the simulated dealer, hearing a warning, looking for a
// seat whose card dealt by hand they are asked to scan: they scan the card
// on top of that seat's stacks if it is one they confirmed by hand, and
// say n (not there) if none is, as a person who sees the stack would.
func (t *Table) identifyAsked() {
	now := t.Clock.Now()
	seat := t.identifySeat()
	t.mu.Lock()
	if seat == 0 || (seat == t.identSeat && now < t.identUntil) {
		t.mu.Unlock()
		return
	}
	// One answer to one ask: another warning heard before the dealer has
	// taken it is not a new ask, but the light blinking at another seat
	// is.
	t.identSeat, t.identUntil = seat, now+t.hear+50*time.Millisecond
	g := t.truth
	p := g.PlayerAt(seat)
	card := -1
	for s := 0; p >= 0 && s < g.NumStacks(p); s++ {
		if top := g.Top(p, s); top >= 0 && t.byHandCards[top] {
			card = top
			break
		}
	}
	if card >= 0 {
		delete(t.byHandCards, card)
	}
	t.mu.Unlock()
	if card < 0 {
		t.Panel.ControlAt(hw.ControlSkip, now)
		return
	}
	t.scan.layAt(t.tags[g.Card(card).ID], now, noWait)
}

// identifySeat is the seat whose light asks for its card dealt by hand to
// be scanned, 0 for none.
func (t *Table) identifySeat() int {
	for _, s := range t.cfg.Seats {
		if t.Lights.Now(s) == askIdentify {
			return s
		}
	}
	return 0
}
