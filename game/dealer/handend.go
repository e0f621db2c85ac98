package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// The hand's end: the winner, the scoreboard, and the audit, which the
// dealer scans for group by group and package audit judges.

// handOver: "The last faller standing wins; the winner's seat becomes the
// dealer for the next hand; the scoreboard updates; the audit runs."
func (d *Dealer) handOver(at time.Duration) {
	if d.phase == PhaseOver || d.phase == PhaseAudit || d.phase == PhaseDone {
		return
	}
	d.phase, d.beat.running, d.stop.open, d.slot.open = PhaseOver, false, false, false
	w := d.g.Seat(d.g.Winner())
	d.result = Result{Winner: w, NextDealer: w, Dealt: d.g.Dealt(), Declared: d.declaring.declared}
	// Ended at the table while the winner was asked for: no press names
	// the winner now.
	d.stopNaming()
	d.showOnly(w, LightWinner)
	d.cue(hw.CueWin, at)
	d.say(false, "seat %d wins and deals the next hand", w)
	d.append(playlog.Entry{Kind: playlog.KindHandEnd, Source: playlog.FromDealer, Kernel: at, Winner: w, Seat: w})
	d.noteInstruction()
	if !d.cfg.Audit {
		d.record(at)
		d.phase = PhaseDone
		return
	}
	d.phase = PhaseAudit
	d.nextGroup(at)
}

// record puts the finished hand on the night's scoreboard.
func (d *Dealer) record(at time.Duration) {
	if d.cfg.Scoreboard == nil {
		return
	}
	r := HandResult{Hand: d.cfg.Hand, Dealer: d.cfg.Dealer, Winner: d.result.Winner, Dealt: d.result.Dealt, Duration: at - d.startedAt, Declared: d.result.Declared}
	if d.report != nil {
		r.Accounted, r.Impossible = d.report.Accounted, len(d.report.Impossible)
	}
	d.cfg.Scoreboard.Record(r)
}

// nextGroup closes the audit group being scanned and prompts for the next:
// "the dealer scans each player's remaining stacks and the discard pile".
func (d *Dealer) nextGroup(at time.Duration) {
	n := d.g.NumPlayers()
	k := len(d.groups)
	switch {
	case k < n:
		seat := d.g.Seat(k)
		d.groups = append(d.groups, audit.Group{Name: audit.SeatGroup(seat), Player: k})
		d.showOnly(seat, LightAudit)
		d.ask(askAudit, false, "audit: scan everything in front of seat %d (stacks, held card, rider), then confirm", seat)
	case k == n:
		d.groups = append(d.groups, audit.Group{Name: audit.Discard, Player: -1})
		d.showOnly(0, LightOff)
		d.ask(askAudit, false, "audit: scan the discard pile, then confirm")
	case k == n+1:
		d.groups = append(d.groups, audit.Group{Name: audit.Deck, Player: -1})
		d.ask(askAudit, false, "audit: scan what is left of the deck, then confirm")
	default:
		d.settle(askAudit)
		rep := audit.Run(d.rec.Input(d.g, d.groups))
		d.report = &rep
		d.result.Audit = &rep
		d.logAudit(at, rep)
		d.record(at)
		d.phase = PhaseDone
		return
	}
	d.cue(hw.CueAccent, at)
}

func (d *Dealer) logAudit(at time.Duration, rep audit.Result) {
	add := func(note, card string) {
		d.append(playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromDealer, Kernel: at, Card: card, Note: note})
	}
	for _, id := range rep.Missing {
		add("missing: not scanned at the audit", id)
	}
	for _, id := range rep.NeverSeen {
		add("never seen during the hand", id)
	}
	for _, id := range rep.SeenTwice {
		add("scanned twice at the audit", id)
	}
	for _, id := range rep.Unknown {
		add("not in this deck", id)
	}
	for _, m := range rep.Misplaced {
		add(fmt.Sprintf("found in %s, believed %v", m.Found, m.Believed), m.Card)
	}
	for _, id := range rep.Unseen {
		add("played out of sight: found in the discard pile", id)
	}
	for _, ip := range rep.Impossible {
		add("impossible play: "+ip.Why, ip.Card)
	}
	d.append(playlog.Entry{Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Kernel: at, Audit: &rep})
	verdict := "audit: " + rep.Verdict()
	add(verdict, "")
	d.say(!rep.Accounted || len(rep.Impossible) > 0 || rep.DeckShort > 0, "%s", verdict)
	if why := rep.DeckShortSaid(); why != "" {
		add(why, "")
		d.say(false, "%s", why)
	}
}
