package dealer

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// "Power cut: the log is intact up to its last durable write; a torn last
// record is detected and cut off; the hand can be reviewed, and resumed."
// A hand is resumed from its own log: the engine is rebuilt by replaying
// the logged engine decisions (checked against their digests), and the
// dealer's record of the hand that the audit reasons from (cards seen,
// deals, addresses, plays) is rebuilt with it by the audit's Recorder, so the audit at the end
// covers the whole hand, not only what followed the cut.

// Resumed is a hand replayed from its log, ready for a dealer to carry on
// (Config.Resume). Make it with Replay.
type Resumed struct {
	Start *playlog.Start
	// Game is the engine as the log leaves it. The dealer plays on this
	// one: it is not copied.
	Game    *game.Game
	Entries int   // entries read from the log
	Applied int   // engine decisions replayed
	Beat    int64 // the last beat logged: the beat count goes on from it
	// Cut is what was cut off the log's end on reopening it
	// (playlog.Resume's Recovery.Cut); the dealer's note says so.
	Cut wal.Damage
	// Suspended: the table was stopped on purpose before the hand's end
	// (playlog.Hand.Suspended), not cut off by a power failure.
	Suspended bool

	rec *audit.Recorder
}

// ErrHandEnded is matched by Replay's error for a hand whose log holds its
// end: there is nothing to resume.
var ErrHandEnded = errors.New("the hand has ended")

// ReplayError is a log that does not replay to the states it records: the
// engine would carry on from a state nobody can vouch for, so the hand
// cannot be resumed. The log can still be reviewed.
type ReplayError struct {
	Hand       string
	Mismatches []playlog.Mismatch
}

func (e *ReplayError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand %s does not replay exactly (%d entries disagree), so it cannot be resumed; falling review shows it", e.Hand, len(e.Mismatches))
	for i, m := range e.Mismatches {
		if i == 3 {
			fmt.Fprintf(&b, "; and %d more", len(e.Mismatches)-i)
			break
		}
		b.WriteString("; ")
		b.WriteString(m.String())
	}
	return b.String()
}

// Replay rebuilds hand h, read back from its log, for a dealer to resume:
// the engine from its applied events, the beat count, and the dealer's
// record for the audit. It refuses a hand that has ended, has no
// configuration, or does not replay to the digests it logged.
func Replay(h *playlog.Hand) (*Resumed, error) {
	if h.Ended {
		return nil, fmt.Errorf("resume hand %s: %w (seat %d won)", h.ID, ErrHandEnded, h.Winner)
	}
	r := &Resumed{Start: h.Start, Entries: len(h.Entries), Suspended: h.Suspended, rec: audit.NewRecorder()}
	hooks := playlog.Hooks{
		Before: func(e *playlog.Entry, _ int, g *game.Game) {
			if e.Kind == playlog.KindApplied {
				r.rec.Before(g)
			}
		},
		After: func(e *playlog.Entry, g *game.Game) {
			switch e.Kind {
			case playlog.KindBeat:
				r.Beat = max(r.Beat, e.Beat)
			case playlog.KindScan:
				if _, ok := g.CardIndex(e.Card); ok {
					r.rec.Read(e.Card)
				}
			case playlog.KindApplied:
				if e.Event != nil {
					r.Applied++
					r.rec.Applied(g, *e.Event, e.Kernel)
				}
			}
		},
	}
	g, bad, err := playlog.ReplayWith(h, hooks)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	if len(bad) > 0 {
		return nil, &ReplayError{Hand: h.ID, Mismatches: bad}
	}
	if g.Over() {
		// The winner was decided but the hand-end entry was lost in the
		// cut: the log cannot say how the hand ended at the table.
		return nil, fmt.Errorf("resume hand %s: %w (the engine has a winner; its hand-end entry was cut)", h.ID, ErrHandEnded)
	}
	r.Game = g
	return r, nil
}

// resumeConfig makes cfg the hand the log began: its rules, fallers,
// deck, dealer and windows are what the engine was replayed with, whatever
// the table's config says now.
func resumeConfig(cfg *Config) {
	st := cfg.Resume.Start
	cfg.Hand = st.Hand
	cfg.Game = st.Config()
	cfg.Dealer = st.Dealer
	if st.Tempo > 0 {
		cfg.Tempo.Start = st.Tempo
	}
	if st.StopWindow > 0 {
		cfg.StopWindow = st.StopWindow
	}
	cfg.TieWindow = st.TieWindow
}

// startResumed opens a resumed hand instead of a new one: it notes the
// power cut (or the stop), and waits paused, the lights showing where the deal is, until
// the dealer confirms (or presses pause); then the count-in restarts the
// beat. Called with d.mu held.
func (d *Dealer) startResumed(now time.Duration) {
	r := d.cfg.Resume
	// The record rebuilt from the log goes on: the Recorder keeps its
	// times in log order across the clock's restart at boot.
	d.rec = r.rec
	d.beat.count, d.slot.lastAddressed, d.inferred = r.Beat, r.rec.LastAddressed(), len(d.g.Inferences())

	why := "a power cut"
	if r.Suspended {
		why = "the table was stopped"
	}
	note := fmt.Sprintf("resumed after %s: %d entries replayed (%d engine decisions)", why, r.Entries, r.Applied)
	switch r.Cut.Kind {
	case wal.DamageNone:
		note += ", nothing was cut"
	case wal.DamageTornTail:
		note += fmt.Sprintf(", the last %d bytes were a torn write and were cut", r.Cut.Bytes)
	default:
		note += fmt.Sprintf(", the log's end was cut: %v", r.Cut)
	}
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Kernel: now, Note: note})
	d.say(true, "%s", note)
	d.noteInstruction()

	// Paused in the deal: a pause (or, below, a confirm) unpauses with the
	// count-in, like any pause. running is set so the beat restarts after
	// it even with no count-in.
	d.phase, d.beat.running = PhaseDealing, true
	d.panel.paused, d.panel.pausedAt, d.panel.awaitingGo = true, now, true
	d.append(playlog.Entry{Kind: playlog.KindPause, Source: playlog.FromDealer, Kernel: now, Note: "paused: waiting for the dealer to resume the hand"})
	for _, s := range d.cfg.Game.Seats {
		d.light(s, LightOff)
	}
	in := d.g.Next()
	switch in.Action {
	case game.ActDeal:
		d.showOnly(in.Seat, LightDeal(in.Due, in.StartsStack()))
	case game.ActSweep, game.ActPass:
		d.showOnly(in.Seat, LightSweep)
	case game.ActLand:
		d.showOnly(in.Seat, LightGround)
	}
	d.ask(askGo, false, "the deal is at seat %d: confirm (or pause) on the panel to count in and carry on", in.Seat)
}
