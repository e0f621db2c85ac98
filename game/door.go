package game

// The engine's two doors. Apply takes any event and Observe only what a
// real table can see; both route here, to the full-information moves
// (apply.go) or to the reconciliation of an observation (observe.go).

// Observe feeds the engine one observation of a real table: a card read
// (EvScan), a seat's button (EvPress), the dealer's confirmation from the
// panel (EvConfirm), the dealer's report that a stack is gone
// (EvStackGone), the Stop window closing (EvStopClosed), a card dealt by
// hand read once the reader can read it (EvIdentify), a stack knocked
// over and gathered back (EvKnocked), or the card just read and dealt
// coming after one dealt unscanned (EvUnscanned), the dealer taking
// back a "not there" (EvThere), or the table declaring the winner of a
// hand the engine could not follow (EvDeclared). The engine
// infers the plays behind them. It refuses any other kind, with a
// *RuleError under RuleNotObservation and nothing changed: a table cannot
// see a faller pick up or play a card, and a dealer's step would deal the
// top of a deck whose order the engine does not know.
func (g *Game) Observe(e Event) error {
	if !e.Kind.Observation() {
		return refuse(RuleNotObservation, "%v", e.Kind)
	}
	return g.Apply(e)
}

// Apply feeds one event to the engine, whatever its kind: the truth of a
// simulation, where every play is seen, and the replay of a hand's log. On
// success the state has moved; on a *RuleError nothing has changed. Apply
// never panics, whatever the event. A real table uses Observe.
func (g *Game) Apply(e Event) error {
	var err error
	switch e.Kind {
	case EvStep:
		err = g.step()
	case EvPickUp:
		err = g.pickUp(e.Player, e.Stack)
	case EvPlay:
		err = g.play(e.Player, e.Target, e.Stop)
	default:
		err = g.applyOther(e)
	}
	if err == nil {
		g.applied++
	}
	return err
}

// applyOther is Apply for table observations and bad kinds. Kept apart, it
// spares the simulator's events a copy of the whole Event to the stack on
// every Apply, which the call to observe with it would otherwise force.
//
//go:noinline
func (g *Game) applyOther(e Event) error {
	switch e.Kind {
	case EvScan, EvPress, EvConfirm, EvStackGone, EvStopClosed, EvIdentify, EvKnocked, EvUnscanned, EvThere:
		return g.observe(e)
	case EvDeclared:
		return g.declare(e.Seat)
	}
	return refuse(RuleBadEvent, "event kind %d", e.Kind)
}
