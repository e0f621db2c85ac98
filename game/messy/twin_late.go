package messy

import "github.com/falling-table/falling/game"

// A faller who picks up another card between the card dealt by hand and
// the held card's deal. The twin of twin.go grabs the held card as it is
// dealt in the place of the card dealt by hand ("you can certainly grab
// the first one") and keeps it until it is played at the hold. But "You
// may pick up only one card at a time, and you may only play the card
// that is in your hand (you can't set it back down)": where the real
// faller picks up (and plays) another card in between, that twin's moves
// are refused (messy seed 3007324: seat 1 picks up and plays a Hit dealt
// on top of the card dealt unscanned). The twin's faller may as well
// pick the card up later, once the card they played last before the hold
// has left their hand and the card lies on top of their stack again ("You
// can only pick up the top card of your stack"), and keep holding it
// until the hold: "Once you are holding a card, you may play it right
// away, or you may keep holding it."

// latePickUp is the move of the table's moves (events, states[k+1] after
// move k) right after which the twin's faller p picks up the card dealt in
// e's place (move kE) to play it at move kH: kE if p makes no move in
// between; else the last of p's moves before kH, a play that leaves p's
// hand empty with e on top of its stack just then. -1 if there is no such
// move: p still holds another card at the hold, or the card is buried.
func latePickUp(states []*game.Game, events []game.Event, p, e, kE, kH int) int {
	last := -1
	for k := kE + 1; k < kH && k < len(events); k++ {
		if ev := events[k]; (ev.Kind == game.EvPickUp || ev.Kind == game.EvPlay) && ev.Player == p {
			last = k
		}
	}
	if last < 0 {
		return kE
	}
	if events[last].Kind != game.EvPlay {
		return -1
	}
	g := states[last+1]
	w := g.Where(e)
	if g.Hand(p) >= 0 || w.Zone != game.InStack || w.Player != p || g.Top(p, w.Stack) != e {
		return -1
	}
	return last
}

// grabEmptied reports whether the table's light R and the twin's T ask for
// the same deal at the same place, but for the twin's calling the stack
// new: the table's stack there holds only card e, which the twin's faller
// picked up (in its place, the card it played at the hold), so the
// twin's is empty. The dealer lays the card in front of the same seat
// either way, and the reader reads the same.
func grabEmptied(R, T *game.Game, e int) bool {
	a, b := R.Next(), T.Next()
	if !samePlace(a, b) || a.Action != game.ActDeal || a.NewStack || !b.NewStack {
		return false
	}
	st := R.Stack(a.Player, a.Stack)
	return len(st) == 1 && st[0] == e
}
