package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// onButton handles one seat button edge.
func (d *Dealer) onButton(e hw.ButtonEvent) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	kind := playlog.KindRelease
	if e.Press {
		kind = playlog.KindPress
	}
	ent := playlog.Entry{Kind: kind, Source: playlog.FromSeat, Kernel: e.Kernel, Seat: e.Seat, HwSeq: e.Seq}
	if !e.Press {
		d.append(ent)
		return
	}
	d.presses = append(d.presses, e)
	if len(d.presses) > keepPresses {
		d.presses = append(d.presses[:0], d.presses[len(d.presses)-keepPresses:]...)
	}
	if d.imag && e.Seat == d.imagSeat {
		// The seat reacts to the imaginary Ground announced for it: to them
		// it is being dealt now, so deal it and let the press claim a Stop.
		d.imaginary(e.Kernel)
	}
	switch {
	case d.window && e.Seat == d.winSeat && !d.claim && e.Kernel >= d.winStart && e.Kernel <= d.winEnd:
		d.append(ent)
		// "a press from that seat within the Stop window claims a Stop"
		if d.apply(game.Press(e.Seat), playlog.FromSeat, e.Kernel) == nil {
			d.claim = true
			d.claimEnd = max(d.winEnd, e.Kernel+d.cfg.StopWindow)
			d.light(e.Seat, LightClaim)
			d.say(false, "seat %d claims a Stop: scan the Stop, or confirm from the panel", e.Seat)
		}
	case d.window && e.Seat == d.winSeat && e.Kernel > d.winEnd:
		ent.Note = "after the Stop window"
		d.append(ent)
	case d.phase == PhaseReady:
		d.append(ent)
		if d.isFaller(e.Seat) && !d.ready[e.Seat] {
			d.ready[e.Seat] = true
			d.light(e.Seat, LightReady)
			if len(d.ready) == len(d.cfg.Game.Seats) {
				d.say(false, "everyone is ready")
				d.countIn(d.now())
			}
		}
	default:
		d.append(ent)
	}
}

func (d *Dealer) isFaller(seat int) bool {
	for _, s := range d.cfg.Game.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// onLost records edges the kernel dropped.
func (d *Dealer) onLost(l hw.LostEvents) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	d.append(playlog.Entry{Kind: playlog.KindLost, Source: playlog.FromSeat, Kernel: l.Kernel, Seat: l.Seat, Count: l.Count, Note: l.Error()})
	d.say(true, "%v", l)
}

// onStatus follows the card reader coming and going: "Reader unplugged or
// I2C errors mid-hand: the assistant says so, keeps pacing with manual
// confirmation from the dealer panel, and picks the reader up again".
func (d *Dealer) onStatus(s hw.ReaderStatus) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	if s.State == d.readerSt {
		return
	}
	d.readerSt = s.State
	ent := playlog.Entry{Kind: playlog.KindReader, Source: playlog.FromReader, Kernel: s.Time, Note: "reader " + s.State.String()}
	if s.Err != nil {
		ent.Error = s.Err.Error()
	}
	d.append(ent)
	switch s.State {
	case hw.ReaderLost:
		d.cue(hw.CueWarning, d.now())
		d.say(true, "the card reader is gone (%v): confirm each card from the panel", s.Err)
	case hw.ReaderOK:
		d.say(false, "the card reader is back: scan the cards again")
	}
}

// onCard handles one card read.
func (d *Dealer) onCard(e hw.CardEvent) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	id, known := d.cardID(e.UID)
	d.append(playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Kernel: e.Time, UID: e.UID.String(), Card: id})
	if !known {
		// "Unknown card UID ...: a warning sound and message, the event is
		// logged, the game state does not move."
		d.cue(hw.CueWarning, d.now())
		d.say(true, "card %v is not in this deck", e.UID)
		return
	}
	d.rec.Read(id)
	switch d.phase {
	case PhaseAudit:
		g := &d.groups[len(d.groups)-1]
		g.Cards = append(g.Cards, id)
		seat := 0 // the discard pile and the deck
		if g.Player >= 0 {
			seat = d.g.Seat(g.Player)
		}
		d.append(playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReader, Kernel: e.Time, Seat: seat, Card: id, Note: g.Name})
		return
	case PhaseOver, PhaseDone:
		d.say(true, "%s read after the hand ended", id)
		return
	}
	c, _ := d.g.CardIndex(id)
	if d.imag && d.g.Card(c).Kind == game.Stop {
		// A Stop shown while an imaginary Ground is announced is played on
		// it: the Ground is being dealt.
		d.imaginary(e.Time)
	}
	d.event(game.Scan(id), playlog.FromReader, e.Time, c)
}

func (d *Dealer) cardID(u hw.UID) (string, bool) {
	if d.cfg.Cards != nil {
		id, ok := d.cfg.Cards[u]
		return id, ok
	}
	id := u.String()
	return id, d.ids[id]
}

// event applies a scan (card c) or a hand confirmation (c = -1) and does
// what follows from it at the table.
func (d *Dealer) event(e game.Event, src playlog.Source, at time.Duration, c int) {
	before := d.g.Next()
	wasWindow, winSeat := d.window, d.winSeat
	var from game.Place
	if c >= 0 {
		from = d.g.Where(c)
	}
	out := d.g.InPlay()
	if err := d.apply(e, src, at); err != nil {
		if c >= 0 && d.isShown(c, before) {
			// A rider shown again (a permanent one, or a known Skip): the
			// dealer did right, there is nothing to warn about.
			d.say(false, "%v: seen", d.g.Card(c))
			return
		}
		d.cue(hw.CueWarning, d.now())
		d.say(true, "%v", err)
		return
	}
	// Whatever the beat announced for this seat (a known Skip to sweep)
	// was planned before this read; the read has re-planned the address,
	// and a sweep still due is finished on the next beat like any other.
	d.announced = false
	if d.g.InPlay() < out && wasWindow {
		// The dealer dealt on: the Ground landed before this card.
		d.window, d.claim = false, false
		d.light(winSeat, LightOff)
		d.say(false, "seat %d hits the ground", winSeat)
	}
	if d.g.Over() {
		d.handOver(at)
		return
	}
	after := d.g.Next()
	switch {
	case before.Action == game.ActLand && wasWindow && !d.g.Out(before.Player) && (c < 0 || d.g.Card(c).Kind == game.Stop) && after.Action != game.ActLand:
		// "the Ground goes back on top of the deck"
		d.window, d.claim = false, false
		d.cue(hw.CueStop, at)
		d.light(before.Seat, LightOff)
		d.say(false, "seat %d Stops the Ground: it goes back on top of the deck", before.Seat)
		d.resume(at + d.period())
	case c >= 0 && from.Zone != game.InDeck && d.g.Where(c).Zone != game.InStack:
		d.riderShown(c, at)
	default:
		d.dealt(at)
	}
	d.noteInstruction()
}

// isShown reports whether card c is a rider the dealer is showing again:
// one already read at this address, or the known rider (and Extras) of the
// seat about to be addressed, a Skip left by an Extra Skip, or a permanent
// rider "being shown and left".
func (d *Dealer) isShown(c int, in game.Instruction) bool {
	if d.shown[c] {
		return true
	}
	if !in.First {
		return false
	}
	if d.g.Rider(in.Player) == c {
		return true
	}
	for _, x := range d.g.Extras(in.Player) {
		if x == c {
			return true
		}
	}
	return false
}

// riderShown: the dealer read the rider (or its Extra) of the seat they
// are addressing.
func (d *Dealer) riderShown(c int, at time.Duration) {
	d.shown[c] = true
	in := d.g.Next()
	switch {
	case in.Action == game.ActDeal && in.Imaginary:
		// The rider turned what the beat announced (a Skip to sweep, say)
		// into imaginary Grounds: the dealer is at the seat, so to its
		// faller the first is being dealt now, and a Stop they show for it
		// must find it dealt. Announced already (the beat said Ground and
		// the rider is a Hit), it keeps its time and sounds once.
		if d.imag && d.imagSeat == in.Seat {
			d.showOnly(in.Seat, LightGround)
		} else {
			d.announceImaginary(in.Seat, at)
		}
	case in.Action == game.ActDeal:
		d.showOnly(in.Seat, LightDeal(in.Due, in.NewStack))
		if in.Rider == game.Hit || in.Rider == game.Split || in.Rider == game.Anvil {
			d.cue(hw.CueDealHere, at)
		}
	case in.Action == game.ActSweep || in.Action == game.ActPass:
		// A Skip or Chute uses up the seat's beat: nothing to deal, and no
		// imaginary Ground either.
		d.imag = false
		d.showOnly(in.Seat, LightSweep)
		d.cue(hw.CueSkip, at)
		d.closeSlot(at)
	}
	d.say(false, "seat %d: %s", in.Seat, riderAdvice(in))
}

// dealt follows a card dealt (read, or confirmed by hand).
func (d *Dealer) dealt(at time.Duration) {
	p, _, ground, ok := d.g.PendingDeal()
	d.closeSlot(at)
	if ok && ground {
		d.openWindow(d.g.Seat(p), at, true)
		d.say(false, "seat %d: a Ground", d.g.Seat(p))
		return
	}
	in := d.g.Next()
	if in.Action == game.ActDeal && !in.First {
		d.showOnly(in.Seat, LightDeal(in.Due, in.NewStack))
	} else if ok {
		d.light(d.g.Seat(p), LightOff)
	}
}

// closeSlot marks the beat's card as dealt, logging how late it was in
// strict mode, and restarts a beat that was waiting for it.
func (d *Dealer) closeSlot(at time.Duration) {
	if d.slotOpen {
		d.slotOpen = false
		if late := at - d.slotSince; d.cfg.Mode == config.Strict && late > d.period() {
			seat := 0
			if p, _, _, ok := d.g.PendingDeal(); ok {
				seat = d.g.Seat(p)
			}
			d.append(playlog.Entry{Kind: playlog.KindLateDeal, Source: playlog.FromDealer, Kernel: at, Beat: d.beat, Late: late - d.period(),
				Seat: seat, Note: "strict: late deal"})
		}
	}
	if !d.running && d.phase == PhaseDealing && !d.window {
		d.resume(at + d.period())
	}
}

// onControl handles a dealer panel control.
func (d *Dealer) onControl(p hw.PanelEvent) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	d.append(playlog.Entry{Kind: playlog.KindControl, Source: playlog.FromPanel, Kernel: p.Kernel, Control: p.Control.String()})
	switch p.Control {
	case hw.ControlPause:
		if d.paused {
			d.unpause(p.Kernel)
		} else {
			d.pause(p.Kernel)
		}
	case hw.ControlDispute:
		d.callDispute(p.Kernel)
	case hw.ControlConfirm:
		d.confirm(p.Kernel)
	case hw.ControlSkip:
		if d.phase == PhaseDealing || d.phase == PhaseCountIn {
			d.event(game.Event{Kind: game.EvStackGone}, playlog.FromPanel, p.Kernel, -1)
		}
	default:
		d.say(true, "unknown panel control %v", p.Control)
	}
}

func (d *Dealer) confirm(at time.Duration) {
	switch d.phase {
	case PhaseReady:
		d.say(false, "the dealer starts the hand")
		d.countIn(d.now())
	case PhaseAudit:
		d.nextGroup(at)
	case PhaseDealing, PhaseCountIn:
		d.event(game.Event{Kind: game.EvConfirm}, playlog.FromPanel, at, -1)
	default:
		d.say(true, "nothing to confirm")
	}
}

// pause freezes the beat and the lights: "the dealer pauses (lights and
// beat freeze, the log notes it)".
func (d *Dealer) pause(at time.Duration) {
	if d.paused {
		return
	}
	d.paused, d.pausedAt = true, d.now()
	d.append(playlog.Entry{Kind: playlog.KindPause, Source: playlog.FromDealer, Kernel: at, Note: "paused"})
	d.say(false, "paused")
}

// unpause resumes with a count-in; the Stop window left open keeps the
// time it had left.
func (d *Dealer) unpause(at time.Duration) {
	now := d.now()
	shift := now - d.pausedAt + time.Duration(d.cfg.CountIn)*d.period()
	d.paused = false
	if d.window {
		d.winEnd += shift
		d.claimEnd += shift
	}
	if d.dispute != nil {
		for _, s := range d.dispute.Seats {
			d.light(s, LightOff)
		}
		d.restoreLights()
	}
	d.append(playlog.Entry{Kind: playlog.KindResume, Source: playlog.FromDealer, Kernel: at, Note: "resumed"})
	d.say(false, "resumed")
	if d.phase == PhaseDealing || d.phase == PhaseCountIn {
		wasRunning := d.running || d.phase == PhaseCountIn
		d.countIn(now)
		if !wasRunning && d.cfg.CountIn == 0 {
			d.running = d.slotOpen
		}
	}
}

// restoreLights shows again what the instruction in force asks for.
func (d *Dealer) restoreLights() {
	if d.window {
		p := LightGround
		if d.claim {
			p = LightClaim
		}
		d.showOnly(d.winSeat, p)
		return
	}
	in := d.g.Next()
	if d.phase == PhaseDealing && in.Action == game.ActDeal && d.slotOpen {
		d.showOnly(in.Seat, LightDeal(in.Due, in.NewStack))
		return
	}
	d.showOnly(0, LightOff)
}

// callDispute pauses the table and shows who pressed first in the last
// seconds: "the assistant shows at once who pressed first in the last
// seconds and by how many milliseconds, and lights the winner's seat."
func (d *Dealer) callDispute(at time.Duration) {
	d.pause(at)
	since := at - d.cfg.DisputeWindow
	ds := settle(d.presses, since, at, d.cfg.TieWindow)
	d.dispute = &ds
	for _, s := range d.cfg.Game.Seats {
		d.light(s, LightOff)
	}
	if d.cfg.Dealer > 0 {
		d.light(d.cfg.Dealer, LightOff)
	}
	for _, s := range ds.Lit() {
		d.light(s, LightFirst)
	}
	pl := ds.Dispute
	pl.TiedSeats = ds.Tied
	d.append(playlog.Entry{Kind: playlog.KindDispute, Source: playlog.FromPanel, Kernel: at, Seat: ds.Winner, Dispute: &pl, Note: ds.String()})
	d.say(false, "dispute: %s", ds.String())
}

// Dispute is a settled "who was first", with the seats a tie covers.
type Dispute struct {
	game.Dispute
	Tied []int `json:"tied,omitempty"` // the seats inside the tie window of the first
	At   time.Duration
}

// Lit lists the seats the dispute lights: the winner, or every tied seat.
func (ds Dispute) Lit() []int {
	if ds.Tie {
		return ds.Tied
	}
	if ds.Winner > 0 {
		return []int{ds.Winner}
	}
	return nil
}

func (ds Dispute) String() string {
	switch {
	case len(ds.Seats) == 0:
		return "nobody pressed"
	case ds.Tie:
		return fmt.Sprintf("a tie between seats %v (inside %v)", ds.Tied, ds.Margin)
	case len(ds.Seats) == 1:
		return fmt.Sprintf("seat %d pressed, nobody else", ds.Winner)
	}
	return fmt.Sprintf("seat %d was first, by %.1f ms over seat %d", ds.Winner, float64(ds.Margin)/float64(time.Millisecond), ds.Seats[1])
}

// settle orders the seats by their first press in [since, until] and calls
// a tie when the runner-up is within tie of the first.
func settle(presses []hw.ButtonEvent, since, until time.Duration, tie time.Duration) Dispute {
	// One "who pressed first" for the table and the referee: the rule's,
	// which falling review applies to the same presses afterwards.
	in := make([]game.SeatPress, 0, len(presses))
	for _, e := range presses {
		if e.Press {
			in = append(in, game.SeatPress{Seat: e.Seat, Kernel: e.Kernel})
		}
	}
	pl := game.SettleWindow(in, since, until, tie)
	return Dispute{Dispute: pl, Tied: pl.TiedSeats, At: until}
}

// handOver: "The last faller standing wins; the winner's seat becomes the
// dealer for the next hand; the scoreboard updates; the audit runs."
func (d *Dealer) handOver(at time.Duration) {
	if d.phase == PhaseOver || d.phase == PhaseAudit || d.phase == PhaseDone {
		return
	}
	d.phase, d.running, d.window, d.slotOpen = PhaseOver, false, false, false
	w := d.g.Seat(d.g.Winner())
	d.result = Result{Winner: w, NextDealer: w, Dealt: d.g.Dealt()}
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

func (d *Dealer) record(at time.Duration) {
	if d.cfg.Scoreboard == nil {
		return
	}
	r := HandResult{Hand: d.cfg.Hand, Dealer: d.cfg.Dealer, Winner: d.result.Winner, Dealt: d.result.Dealt, Duration: at - d.startedAt}
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
		d.say(false, "audit: scan everything in front of seat %d (stacks, held card, rider), then confirm", seat)
	case k == n:
		d.groups = append(d.groups, audit.Group{Name: audit.Discard, Player: -1})
		d.showOnly(0, LightOff)
		d.say(false, "audit: scan the discard pile, then confirm")
	case k == n+1:
		d.groups = append(d.groups, audit.Group{Name: audit.Deck, Player: -1})
		d.say(false, "audit: scan what is left of the deck, then confirm")
	default:
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
	for _, ip := range rep.Impossible {
		add("impossible play: "+ip.Why, ip.Card)
	}
	d.append(playlog.Entry{Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Kernel: at, Audit: &rep})
	verdict := fmt.Sprintf("audit: %d of %d cards counted", rep.Counted, rep.Cards)
	if rep.Accounted {
		verdict += ", every card accounted for"
	}
	if len(rep.Impossible) > 0 {
		verdict += fmt.Sprintf(", %d impossible play(s)", len(rep.Impossible))
	}
	add(verdict, "")
	d.say(!rep.Accounted || len(rep.Impossible) > 0, "%s", verdict)
}
