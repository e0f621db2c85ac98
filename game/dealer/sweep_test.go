package dealer_test

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/config"
)

var (
	sweepSeeds = flag.Int("sweep.seeds", 0, "seeds per case of TestSweep (0: 2 with -short, 30 otherwise)")
	sweepOne   = flag.String("sweep.one", "", "TestSweepOne: play one hand (rules/deck/fallers/mode/seed, as TestSweep names it) and log its timeline")
)

// TestSweep plays computer-faller hands on the simulated table to the end,
// over every faller count the table allows, both modes, and four decks:
// the official Move deck with its Extras, the same with the expert
// permanent riders, the classic rules with the 1998 Push/Grab deck, and
// the French rules (an Extra doubles a Hit) with that deck.
// The dealer sees only the devices; the simulated table knows the truth.
// "The last faller standing wins; the winner's seat becomes the dealer for
// the next hand; the scoreboard updates; the audit runs", and the audit
// "closes the books: every card is accounted for".
func TestSweep(t *testing.T) {
	seeds := *sweepSeeds
	if seeds <= 0 {
		seeds = 30 // 2160 hands, about 12 s
		if testing.Short() {
			seeds = 2
		}
	}
	decks := []struct {
		rules game.Rules
		deck  game.DeckSpec
	}{
		{game.Official(), game.DeckSpec{Move: true}},
		{game.Official(), game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}},
		{game.Classic(), game.DeckSpec{}},
		{game.French(), game.DeckSpec{}},
	}
	failed := 0
	for _, dk := range decks {
		for fallers := 3; fallers <= game.MaxFallers; fallers++ {
			for _, mode := range []config.Mode{config.Follow, config.Strict} {
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					h := handSpec{seed: seed, fallers: fallers, mode: mode, rules: dk.rules, deck: dk.deck, audit: true}
					if err := checkHand(t, h); err != nil {
						failed++
						t.Errorf("%v: %v", h, err)
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Logf("%d hands failed", failed)
	}
}

// checkHand plays h and says what went wrong, if anything.
func checkHand(t *testing.T, h handSpec) error {
	t.Helper()
	tb, d, log, res, err := playHand(t, h)
	if err != nil {
		return fmt.Errorf("run: %w (at %v, instruction %v)", err, tb.Clock.Now(), d.View().Instruction)
	}
	if err := tb.Err(); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	truth := tb.Truth()
	if !truth.Over() {
		return fmt.Errorf("the table's hand is not over, the dealer says seat %d won", res.Winner)
	}
	if w := truth.Seat(truth.Winner()); res.Winner != w || res.NextDealer != w {
		return fmt.Errorf("the dealer says seat %d won (next dealer %d), the table says seat %d", res.Winner, res.NextDealer, w)
	}
	if ends := log.kind(playlog.KindHandEnd); len(ends) != 1 || ends[0].Winner != res.Winner {
		return fmt.Errorf("hand end entries %+v", ends)
	}
	if w, r := warnings(d), log.kind(playlog.KindRefused); len(w) > 0 || len(r) > 0 || tb.Mismatches() > 0 {
		first := ""
		if len(r) > 0 {
			first = fmt.Sprintf(" (first refusal: %v: %s)", r[0].Event, r[0].Error)
		}
		return fmt.Errorf("warnings %q, %d refusals%s, %d mismatches", w, len(r), first, tb.Mismatches())
	}
	if a := res.Audit; a == nil || !a.Accounted || len(a.Impossible) > 0 {
		return fmt.Errorf("audit %+v", a)
	}
	// The verdict is in the log as one structured entry, for the referee.
	if rs := log.kind(playlog.KindAuditResult); len(rs) != 1 || rs[0].Audit == nil || rs[0].Audit.Counted != res.Audit.Counted || !rs[0].Audit.Accounted {
		return fmt.Errorf("audit result entries %+v", rs)
	}
	// "in "strict" mode it keeps time and late deals are logged": only there.
	if n := len(log.kind(playlog.KindLateDeal)); h.mode == config.Follow && n > 0 {
		return fmt.Errorf("%d late deals logged in follow mode", n)
	}
	return nil
}

// TestSweepOne replays one hand of the sweep with the truth's events and
// the dealer's log side by side, to find where they part.
func TestSweepOne(t *testing.T) {
	if *sweepOne == "" {
		t.Skip("no -sweep.one")
	}
	var rules, deck, mode string
	var h handSpec
	if _, err := fmt.Sscanf(strings.NewReplacer("/", " ", " fallers", "", "seed ", "").Replace(*sweepOne), "%s %s %d %s %d", &rules, &deck, &h.fallers, &mode, &h.seed); err != nil {
		t.Fatalf("-sweep.one %q: %v", *sweepOne, err)
	}
	r, _, err := game.RuleSet(rules)
	if err != nil {
		t.Fatal(err)
	}
	h.rules, h.mode, h.audit = r, config.Mode(mode), true
	h.deck.Move = strings.HasPrefix(deck, "move")
	if strings.HasSuffix(deck, "+expert") {
		h.deck.Anvil, h.deck.Chute, h.deck.Goggles = true, true, true
	}
	type line struct {
		at   time.Duration
		text string
	}
	var lines []line
	h.trace = func(at time.Duration, e game.Event, what string) {
		lines = append(lines, line{at, fmt.Sprintf("%14v TRUTH %v %s", at, e, what)})
	}
	tb, _, log, _, err := playHand(t, h)
	for _, e := range log.all() {
		switch e.Kind {
		case playlog.KindBeat, playlog.KindApplied, playlog.KindRefused, playlog.KindInference, playlog.KindInstruction, playlog.KindScan, playlog.KindControl, playlog.KindPress, playlog.KindNote, playlog.KindHandEnd, playlog.KindAudit:
			s := fmt.Sprintf("%14v       %v seat %d", e.Mono, e.Kind, e.Seat)
			if e.Event != nil {
				s += " " + e.Event.String()
			}
			if e.Inference != nil {
				s += fmt.Sprintf(" %v card %d player %d from %+v", e.Inference.Kind, e.Inference.Card, e.Inference.Player, e.Inference.From)
			}
			s += " " + e.Card + " " + e.Control + " " + e.Note + " " + e.Error
			lines = append(lines, line{e.Mono, s})
		}
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].at < lines[j].at })
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.text + "\n")
	}
	t.Log("\n" + b.String())
	t.Logf("err %v, table %v", err, tb.Err())
}
