package playlog

import (
	"errors"
	"fmt"

	"github.com/falling-table/falling/game"
)

// Mismatch is an engine record the replay could not reproduce: the log says
// the engine reached one state, the replay reached another or refused.
type Mismatch struct {
	Seq   uint64
	Event game.Event
	Want  uint64 // the digest logged
	Got   uint64 // the digest replayed; 0 if the replay refused the event
	Err   string // the replay's refusal
}

func (m Mismatch) String() string {
	if m.Err != "" {
		return fmt.Sprintf("entry %d: the log says the engine accepted %v, the replay refuses it: %s", m.Seq, m.Event, m.Err)
	}
	return fmt.Sprintf("entry %d: after %v the log has state %016x, the replay %016x", m.Seq, m.Event, m.Want, m.Got)
}

// Hooks let a caller see the engine around every entry of a replay. Before
// sees the state before the entry's event is applied, After the state after
// (the same state for entries that apply nothing). The game is the replay's
// own: read it, clone it to keep it. Before is also told the entry schema
// the entry was written in (the hand-start's, or that of the writer that
// last carried the hand on before it, schema 11 on), the one the replay
// reads it in, so a caller that reads entries by their schema keeps no
// count of its own.
type Hooks struct {
	Before func(e *Entry, schema int, g *game.Game)
	After  func(e *Entry, g *game.Game)
}

// ErrLostEntries is matched by ReplayWith's error for a hand whose log lost
// entries to damage in its middle.
var ErrLostEntries = errors.New("entries lost to damage")

// ErrNoStart is returned when a hand cannot be replayed for want of its
// configuration.
var ErrNoStart = errors.New("the hand's configuration is missing")

// ReplayWith rebuilds the engine from the hand's Start by applying, in log
// order, the Event of every KindApplied entry, and checks the digest logged
// with each, calling hooks around each entry (none: Hooks{}). A hand that
// replays exactly returns no mismatches. A hand that lost entries to damage
// in its middle (Hand.FirstLost) is replayed up to them and then stops with
// an error matching ErrLostEntries, returning the game as it was there. Referee corrections are records
// beside the engine's, not engine input: a correction the engine took is
// logged as an applied entry of its own.
func ReplayWith(h *Hand, hooks Hooks) (*game.Game, []Mismatch, error) {
	if h.Start == nil {
		return nil, nil, fmt.Errorf("replay hand %s: %w", h.ID, ErrNoStart)
	}
	g, err := game.New(h.Start.Config())
	if err != nil {
		return nil, nil, fmt.Errorf("replay hand %s: %w", h.ID, err)
	}
	var bad []Mismatch
	// Schema 1 logged the rules' digest. A hand begun by a version that
	// wrote it and resumed by a later one goes on in the same file with
	// the whole state's digest, so either is the engine's state there.
	agrees, digest := func(d uint64) bool { return d == g.Digest() }, g.Digest
	if h.Start.Schema < 2 {
		agrees = func(d uint64) bool { return d == g.Digest() || d == g.RulesDigest() }
		digest = g.RulesDigest // what such a log mostly holds: a mismatch shows it
	}
	hole, lost := h.FirstLost()
	// Each entry is read in the schema it was written in: the
	// hand-start's, or that of the writer that last carried the hand on
	// before it (schema 11 on).
	schema := h.Start.Schema
	for i := range h.Entries {
		e := &h.Entries[i]
		if hole > 0 && e.Seq > hole {
			// Any lost entry may have been an engine event: applying the
			// ones after it would check digests against the wrong state,
			// or worse, agree by chance.
			return g, bad, fmt.Errorf("replay hand %s stopped after entry %d: %w: %s unreadable and may hold engine events",
				h.ID, hole-1, ErrLostEntries, lostRange(hole, lost))
		}
		if s := resumedIn(e); s > Schema {
			// Its events may mean what this version cannot tell.
			return g, bad, fmt.Errorf("replay hand %s stopped after entry %d: %w: from entry %d on the hand was carried on in entry schema %d, this version knows up to %d; update falling to replay it",
				h.ID, e.Seq-1, ErrNewerSchema, e.Seq, s, Schema)
		} else if s > 0 {
			schema = s
		}
		if hooks.Before != nil {
			hooks.Before(e, schema, g)
		}
		if e.Kind == KindApplied && e.Event != nil {
			if err := g.Apply(oldStackNumber(schema, g, *e.Event)); err != nil {
				bad = append(bad, Mismatch{Seq: e.Seq, Event: *e.Event, Want: e.Digest, Err: err.Error()})
			} else if e.Digest != 0 && !agrees(e.Digest) {
				// A zero digest means the writer did not log one.
				bad = append(bad, Mismatch{Seq: e.Seq, Event: *e.Event, Want: e.Digest, Got: digest()})
			}
		}
		if hooks.After != nil {
			hooks.After(e, g)
		}
	}
	return g, bad, nil
}

// oldStackNumber is e as this engine takes it, logged by a writer of
// schema: in schema 9 an identify's stack (game.IdentifyAt,
// game.NotOnTopAt) counted every stack the engine kept, a stack said not
// there mid-address too, where now only those with a card in them count
// (game.Game.StackNumber). The number goes back to the stack it named.
func oldStackNumber(schema int, g *game.Game, e game.Event) game.Event {
	if schema != 9 || e.Kind != game.EvIdentify || e.Stack < 1 {
		return e
	}
	if p := g.PlayerAt(e.Seat); p >= 0 {
		if n := g.StackNumber(p, e.Stack-1); n > 0 {
			e.Stack = n
		}
	}
	return e
}

func lostRange(first, n uint64) string {
	if n == 1 {
		return fmt.Sprintf("entry %d is", first)
	}
	return fmt.Sprintf("entries %d to %d are", first, first+n-1)
}
