package simtable_test

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
)

// debugHand makes playMessy keep every message, not only the warnings,
// and debugDir, if set, the hand's log.
var (
	debugHand bool
	debugDir  string
)

var (
	realHands = flag.Int("simtable.hands", 0, "hands per rule set and fault for TestRealDealerMessy (0: $FALLING_REAL_MESSY_HANDS, else 10)")
	// realFirst lets the long run play seeds no one has mended hands of:
	// the first 200 are the ones sessions have looked at, one by one.
	realFirst = flag.Uint64("simtable.first", 1, "the first seed TestRealDealerMessy plays in each row")
	realRate  = flag.Float64("simtable.rate", 0.05, "each fault's rate when it is the only one on")
	realMix   = flag.Float64("simtable.mix", 0.02, "each fault's rate when all are on")
	// realRules and realRow let one row, or one hand (with
	// -simtable.first and -simtable.hands=1), be played on its own: a
	// 300-seed row takes minutes, the whole table most of an hour.
	realRules = flag.String("simtable.rules", "", "the rule sets TestRealDealerMessy plays, comma-separated (empty: all)")
	realRow   = flag.String("simtable.row", "", "the rows TestRealDealerMessy plays, comma-separated fault names, none or all (empty: every row)")
)

// chosen reports whether name is among list, a comma-separated list where
// empty means every name.
func chosen(list, name string) bool {
	return list == "" || slices.Contains(strings.Split(list, ","), name)
}

// TestRealDealerMessy runs issue 12's mistakes through the real dealer on
// the simulated table: the beat, the Stop window, the reader service on
// the PN532 model. For each rule set it plays a perfect table, each fault
// alone and all of them together, and holds the assistant to what issue
// 12 asks of it: no panic, no engine invariant broken, no false
// accusation, and every hand finished with the table's winner, but for
// hands where a card was confirmed by hand: the engine's stand-in for it is
// a guess, and those hands are counted apart. The bots play the truth through the
// rules engine, so no faller ever plays a buried card: any play the audit
// calls impossible is a false accusation. The table of what the dealer did
// about each fault is logged (go test -v).
//
//	go test ./game/simtable -run RealDealerMessy -v -simtable.hands=500
//	go test ./game/simtable -run RealDealerMessy -v -simtable.hands=300 -simtable.first=201
func TestRealDealerMessy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays hundreds of hands through the real dealer")
	}
	hands := *realHands
	if hands == 0 {
		hands = 10
		if v := os.Getenv("FALLING_REAL_MESSY_HANDS"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				t.Fatalf("FALLING_REAL_MESSY_HANDS=%q: want a number of hands above 0", v)
			}
			hands = n
		}
	}
	type run struct {
		name string
		fs   simtable.Faults
	}
	runs := []run{{"none", simtable.Faults{}}}
	for _, f := range simtable.AllFaults() {
		runs = append(runs, run{f.String(), simtable.Only(f, *realRate)})
	}
	runs = append(runs, run{"all", simtable.Every(*realMix)})
	for _, rules := range game.RuleSetNames() {
		if !chosen(*realRules, rules) {
			continue
		}
		t.Run(rules, func(t *testing.T) {
			s, err := night.Resolve(nil, night.Overrides{Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			var rows []string
			for _, r := range runs {
				if !chosen(*realRow, r.name) {
					continue
				}
				var tl tally
				for seed := *realFirst; seed < *realFirst+uint64(hands); seed++ {
					tl.add(seed, playMessy(s, seed, r.fs))
				}
				if tl.panics+tl.broken+tl.accused+tl.tableErr+tl.unfinished+tl.wrongWinner > 0 {
					t.Errorf("%s: %s", r.name, tl.failures())
				}
				if err := tl.answers(r.name); err != nil {
					t.Errorf("%s: %v", r.name, err)
				}
				if tl.goneTakenBack != tl.falseGone || tl.thereRefused > 0 {
					// Whatever else the table got wrong, a false "not
					// there" is made only where its take-back can follow.
					t.Errorf("%s: %d false not-theres, %d taken back, %d take-backs refused", r.name, tl.falseGone, tl.goneTakenBack, tl.thereRefused)
				}
				if r.name == "none" && (tl.warned() > 0 || tl.outOfStep > 0 || tl.wrongWinner > 0) {
					t.Errorf("a perfect table: %s", tl.row())
				}
				rows = append(rows, fmt.Sprintf("| %s | %s |", r.name, tl.row()))
				if len(tl.lostSeeds) > 0 {
					t.Logf("%s %s: the lights lost seeds %v", rules, r.name, tl.lostSeeds)
				}
			}
			t.Logf("%s, %d hands a row (2 to 6 fallers), a fault alone at %v a chance, all at %v:\n%s\n%s",
				rules, hands, *realRate, *realMix, tableHead, strings.Join(rows, "\n"))
		})
	}
}

const tableHead = "| faults | made (confirmed by hand, said unscanned) [false not there: taken back, refused] | panics / breaks / unfinished / false accusations | after a card confirmed by hand: declared by the table / unfinished / wrong winner | wrong winner / out of step | warnings (kinds) | audit: misplaced / missing / seen twice / unknown |\n|---|---|---|---|---|---|---|"

// patience is how long the people wait with no card dealt before they
// play the hand to its end without the lights and declare its winner.
const patience = time.Minute

// stalled is when a hand counts as one that cannot be finished: a hand
// takes about two minutes of table time, and night's own limit (an hour)
// would cost seconds of beats for each such hand.
const stalled = 15 * time.Minute

var errStalled = errors.New("the hand was still going after 15 minutes of table time")

// outcome is one hand's record.
type outcome struct {
	panicked   any
	err        error
	broken     error // an engine invariant, the dealer's or the truth's
	res        dealer.Result
	truthOver  bool
	winner     int // the truth's winning seat
	mismatches int
	injected   []simtable.Injected
	warnings   []string
	readerOK   bool // the reader service's health at the hand's end
	lost       int  // times the service reported the reader lost
	// declared: the people, the lights lost for a minute with no card
	// dealt, played the hand to its end and the dealer declared the
	// winner (simtable's SetPatience).
	declared bool
	// From the hand's play log, kept when a false "not there" may be
	// said (FaultFalseGone): the take-backs the engine applied (EvThere),
	// refused, and the "not there" taken back it inferred.
	thereApplied, thereRefused, goneTakenBack int
}

func playMessy(s night.Settings, seed uint64, fs simtable.Faults) (o outcome) {
	defer func() {
		if p := recover(); p != nil {
			o.panicked = p
		}
	}()
	var (
		tb     *simtable.Table
		d      *dealer.Dealer
		setErr error
	)
	warns := &warnLog{all: debugHand}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	logDir := debugDir
	if logDir == "" && fs[simtable.FaultFalseGone] > 0 {
		// The take-backs are counted from the play log the dealer writes.
		dir, err := os.MkdirTemp("", "simtable-false-gone-")
		if err != nil {
			o.err = err
			return o
		}
		defer os.RemoveAll(dir)
		logDir = dir
	}
	var logPath string
	seats := []int{1, 2, 3, 4, 5, 6, 7}[:3+seed%5]
	n, err := night.New(night.Config{Settings: s, Seats: seats, Hands: 1, Logger: slog.New(warns), LogDir: logDir,
		OnHand: func(p *night.Playing) { d = p.Dealer }},
		night.NewSimTable(night.SimOptions{Settings: s, Seed: seed, OnTable: func(x *simtable.Table) {
			tb, setErr = x, errors.Join(x.SetFaults(fs), x.SetPatience(patience))
			x.Clock.At(stalled, func() { cancel(errStalled) })
		}}))
	if err != nil {
		o.err = err
		return o
	}
	err = n.Run(ctx, func(r night.HandResult) { o.res, logPath = r.Result, r.Log })
	o.err = errors.Join(setErr, err)
	if logPath == "" && logDir != debugDir {
		// A hand left unfinished is not handed back, but its log is
		// there: the night's only hand in a folder of its own.
		if hands, _ := filepath.Glob(filepath.Join(logDir, playlog.HandFile("*"))); len(hands) == 1 {
			logPath = hands[0]
		}
	}
	if logPath != "" {
		o.err = errors.Join(o.err, o.countThere(logPath))
	}
	o.warnings = warns.texts()
	if tb == nil || d == nil {
		o.err = errors.Join(o.err, errors.New("no hand was played"))
		return o
	}
	truth := tb.Truth()
	o.truthOver, o.mismatches, o.injected, o.declared = truth.Over(), tb.Mismatches(), tb.Injected(), tb.Declared()
	if o.declared != o.res.Declared && o.err == nil {
		o.err = fmt.Errorf("the table declared the winner %v, the dealer's result says declared %v", o.declared, o.res.Declared)
	}
	h, _ := tb.ReaderHealth()
	o.readerOK, o.lost = !h.Failing(), h.Lost
	if truth.Over() {
		o.winner = truth.Seat(truth.Winner())
	}
	d.Inspect(func(g *game.Game) {
		if err := g.Check(); err != nil {
			o.broken = fmt.Errorf("the dealer's engine: %w", err)
		}
	})
	if err := truth.Check(); err != nil {
		o.broken = errors.Join(o.broken, fmt.Errorf("the truth: %w", err))
	}
	return o
}

// playSound plays one hand of the named rule set with faults fs, as
// playMessy does, and fails the test on a panic, an error or a broken
// invariant: the hands a test looks into must first have played out.
func playSound(t *testing.T, rules string, seed uint64, fs simtable.Faults) outcome {
	t.Helper()
	s, err := night.Resolve(nil, night.Overrides{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	o := playMessy(s, seed, fs)
	if o.panicked != nil || o.err != nil || o.broken != nil {
		t.Fatalf("panic %v, error %v, invariant %v", o.panicked, o.err, o.broken)
	}
	return o
}

// countThere counts, in the hand's play log at path, the dealer's
// take-backs of a "not there" as the engine took them: the EvThere events
// applied and refused, and the "not there" it inferred taken back.
func (o *outcome) countThere(path string) error {
	h, err := playlog.Read(path)
	if err != nil {
		return fmt.Errorf("the hand's log: %w", err)
	}
	for _, e := range h.Entries {
		switch {
		case e.Event != nil && e.Event.Kind == game.EvThere && e.Kind == playlog.KindApplied:
			o.thereApplied++
		case e.Event != nil && e.Event.Kind == game.EvThere && e.Kind == playlog.KindRefused:
			o.thereRefused++
		case e.Kind == playlog.KindInference && e.Inference != nil && e.Inference.Kind == game.InfGoneTakenBack:
			o.goneTakenBack++
		}
	}
	return nil
}

// TestFalseGoneTakenBack: a "not there" the dealer pressed by mistake, of
// a stack that is there, and took back with misread, leaves the hand as if
// it had never been said: the play log holds the take-back, and the hand
// ends in step with the table's winner. The hand is one where a faller
// once played a Stop on the addressed seat's rider between the "not there"
// and the deal, out of the dealer's sight, and the table fell a seat
// behind: the faller the dealer addresses now lets their cards be until
// the card is dealt. (That no card fault's read comes between the "not
// there" and the misread, TestRealDealerMessy's every-mistake rows hold:
// every false "not there" there is taken back.)
func TestFalseGoneTakenBack(t *testing.T) {
	for _, tc := range []struct {
		rules string
		seed  uint64
		fs    simtable.Faults
	}{
		{"official", 30, simtable.Only(simtable.FaultFalseGone, 0.05)},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.rules, tc.seed), func(t *testing.T) {
			o := playSound(t, tc.rules, tc.seed, tc.fs)
			made := 0
			for _, x := range o.injected {
				if x.Fault == simtable.FaultFalseGone {
					made++
				}
			}
			if made == 0 || o.thereApplied != made || o.goneTakenBack != made || o.thereRefused > 0 {
				t.Errorf("%d false not-theres: %d take-backs applied (%d refused), %d inferred taken back", made, o.thereApplied, o.thereRefused, o.goneTakenBack)
			}
			if o.mismatches > 0 || !o.truthOver || o.res.Winner != o.winner {
				t.Errorf("%d beats out of step; the dealer's winner seat %d, the table's %d", o.mismatches, o.res.Winner, o.winner)
			}
		})
	}
}

// tally sums outcomes.
type tally struct {
	hands, panics, broken, unfinished, accused, tableErr int
	wrongWinner, outOfStep                               int
	// out of step, and warnings, in hands where no card confirmed by hand
	// was left a guess (never read on top)
	outOfStepSure, warnedSure int
	// unfinished and wrong winners in hands where a card was confirmed by
	// hand: the card the engine stands in for one it did not see is a
	// guess, and a wrong guess can leave it a seat behind the table for
	// good (README, "The real dealer on a messy table"). Counted, not
	// failed; every other way of going wrong still fails. A hand the
	// table declared is one the lights lost: counted apart after a card
	// confirmed by hand, and unfinished (a failure) otherwise.
	guessDeclared, guessUnfinished, guessWrongWinner int
	lostSeeds                                        []uint64 // the seeds of guessDeclared and guessUnfinished
	made, byHand                                     int
	unscanned                                        int // FaultDealOn answered with the panel's unscanned
	readerDown                                       int // hands that ended with the reader not picked up again
	lost                                             int // times the reader service reported the reader lost
	warnings                                         map[string]int
	misplaced, missing, seenTwice, unknown           int
	firstFail                                        []string

	// FaultFalseGone made, and what the dealer's play log says of the
	// take-backs: EvThere applied and refused, InfGoneTakenBack inferred.
	falseGone, thereApplied, thereRefused, goneTakenBack int
}

func (tl *tally) add(seed uint64, o outcome) {
	tl.hands++
	fail := func(n *int, format string, args ...any) {
		*n++
		if len(tl.firstFail) < 3 {
			tl.firstFail = append(tl.firstFail, fmt.Sprintf(format, args...))
		}
	}
	switch {
	case o.panicked != nil:
		fail(&tl.panics, "panic: %v", o.panicked)
		return
	case o.err != nil && (errors.Is(o.err, night.ErrHandTooLong) || errors.Is(o.err, errStalled) || errors.Is(o.err, dealer.ErrIdle)) && byHand(o) > 0:
		tl.guessUnfinished++
		tl.lostSeeds = append(tl.lostSeeds, seed)
	case o.err != nil && (errors.Is(o.err, night.ErrHandTooLong) || errors.Is(o.err, errStalled) || errors.Is(o.err, dealer.ErrIdle)):
		fail(&tl.unfinished, "unfinished: %v", o.err)
	case o.err != nil:
		fail(&tl.tableErr, "error: %v", o.err)
	case o.declared && byHand(o) > 0:
		tl.guessDeclared++
		tl.lostSeeds = append(tl.lostSeeds, seed)
	case o.declared:
		fail(&tl.unfinished, "the lights lost the hand, and the table declared seat %d the winner", o.res.Winner)
	}
	if o.broken != nil {
		fail(&tl.broken, "invariant: %v", o.broken)
	}
	for _, x := range o.injected {
		tl.made++
		tl.byHand += x.ByHand
		if x.Said == hw.ControlUnscanned.String() {
			tl.unscanned++
		}
		if x.Fault == simtable.FaultFalseGone {
			tl.falseGone++
		}
	}
	tl.thereApplied += o.thereApplied
	tl.thereRefused += o.thereRefused
	tl.goneTakenBack += o.goneTakenBack
	tl.lost += o.lost
	if tl.warnings == nil {
		tl.warnings = map[string]int{}
	}
	for _, w := range o.warnings {
		tl.warnings[warnKind(w)]++
	}
	if !o.readerOK {
		tl.readerDown++
	}
	if o.mismatches > 0 {
		tl.outOfStep++
		if !unread(o) {
			tl.outOfStepSure++
		}
	}
	if !unread(o) {
		tl.warnedSure += len(o.warnings)
	}
	if o.err == nil && (!o.truthOver || o.res.Winner != o.winner) {
		if byHand(o) > 0 {
			tl.guessWrongWinner++
		} else {
			fail(&tl.wrongWinner, "wrong winner: seat %d, the table's %d", o.res.Winner, o.winner)
		}
	}
	if a := o.res.Audit; a != nil {
		if len(a.Impossible) > 0 {
			fail(&tl.accused, "false accusation: %+v", a.Impossible)
		}
		tl.misplaced += len(a.Misplaced)
		tl.missing += len(a.Missing)
		tl.seenTwice += len(a.SeenTwice)
		tl.unknown += len(a.Unknown)
	}
}

// unread reports whether a card the dealer confirmed by hand in o's hand
// was never read on top of its stack: the assistant's stand-in for it is a
// guess to the end.
func unread(o outcome) bool {
	for _, x := range o.injected {
		if x.Unread {
			return true
		}
	}
	return false
}

// byHand is how many cards the dealer confirmed by hand in o's hand.
func byHand(o outcome) int {
	n := 0
	for _, x := range o.injected {
		n += x.ByHand
	}
	return n
}

// answers checks what product.md promises for the fault run alone: "Unknown
// card UID, the same card scanned twice, a card scanned that should not be
// there: a warning sound and message, the event is logged, the game state
// does not move." "Reader unplugged or I2C errors mid-hand: the assistant
// says so, keeps pacing with manual confirmation from the dealer panel,
// and picks the reader up again when it comes back." "Button bounce,
// button held down, a seat mashing: one press per press", and a press
// moves no card: the table stays in step.
func (tl *tally) answers(run string) error {
	switch run {
	case "read-twice", "scan-no-deal":
		if w := tl.warnings["read again"]; w != tl.made {
			return fmt.Errorf("%d cards read twice, %d warnings that one was read again", tl.made, w)
		}
	case "reader-gone":
		// A hang on the hand's last card may end the hand before the
		// service finds it: at most every hang is reported.
		if w := tl.warnings["reader gone"]; w != tl.lost || tl.lost > tl.made || tl.lost == 0 || tl.readerDown > 0 {
			return fmt.Errorf("%d hangs, reported lost %d times, %d warnings that the reader is gone, %d hands ended with it still gone", tl.made, tl.lost, w, tl.readerDown)
		}
	case "two-at-once":
		// Taken back and dealt on its beat, the card leaves the table in
		// step; and a run that never dealt two at once proves nothing.
		// (The audit's misplaced cards are the perfect table's too.) Most
		// are warned as two at once; one the engine already refuses
		// (believed elsewhere than the deck) is warned as that.
		if w := tl.warnings["two at once"]; tl.warned() != tl.made || w == 0 || tl.made == 0 || tl.outOfStep > 0 {
			return fmt.Errorf("%d second cards read at once, %d warned so, %d warnings in all; %d hands out of step", tl.made, w, tl.warned(), tl.outOfStep)
		}
	case "stray-top":
		// Refused where it cannot be, or taken for a rider shown at the
		// seat reached and taken back when the dealer says misread: at
		// most one warning each (one laid as the next card comes is not
		// read), and the hand in step. A run where misread was never said
		// proves nothing of it.
		if tl.warned() > tl.made || tl.warnings["taken back"] == 0 || tl.warnings["misread refused"] > 0 || tl.outOfStep > 0 {
			return fmt.Errorf("%d stack tops read, %d warnings (%d taken back, %d misreads refused), %d hands out of step", tl.made, tl.warned(), tl.warnings["taken back"], tl.warnings["misread refused"], tl.outOfStep)
		}
	case "deal-on":
		// A card dealt unscanned, the next dealt on past the light that
		// waits for it: the dealer says "unscanned" on the next beat (or,
		// the table having moved meanwhile, confirms the card from the
		// panel). Either way the card is one confirmed by hand, a guess
		// until it is read on top: picked up first and played, it can
		// leave the hand a seat behind, as any card confirmed by hand can,
		// and the simulated table may then not finish it. Every other
		// hand stays in step, with no warning. A run where unscanned was
		// never said proves nothing of it.
		if tl.byHand != tl.made || tl.unscanned == 0 || tl.outOfStepSure > 0 || tl.warnedSure > 0 {
			return fmt.Errorf("%d cards dealt on past the light, %d confirmed by hand, %d said unscanned; %d hands out of step and %d warnings where every card confirmed by hand was read on top", tl.made, tl.byHand, tl.unscanned, tl.outOfStepSure, tl.warnedSure)
		}
	case "false-gone":
		// A "not there" said by mistake of a stack that is there, and
		// taken back with misread before the card is dealt: the engine
		// applies every take-back (the play log holds an EvThere applied
		// and a "gone taken back" for each), none is refused, and the
		// hand goes on as if it had never been said: every hand in step,
		// with the table's winner, and no warning. A run that never said
		// it proves nothing.
		if tl.falseGone == 0 || tl.thereApplied != tl.falseGone || tl.goneTakenBack != tl.falseGone || tl.thereRefused > 0 ||
			tl.outOfStep > 0 || tl.warned() > 0 || tl.byHand > 0 {
			return fmt.Errorf("%d false not-theres, %d take-backs applied (%d refused), %d inferred taken back; %d hands out of step, %d warnings, %d cards confirmed by hand",
				tl.falseGone, tl.thereApplied, tl.thereRefused, tl.goneTakenBack, tl.outOfStep, tl.warned(), tl.byHand)
		}
	case "press-late", "press-other", "mash":
		if tl.outOfStep > 0 || tl.warned() != tl.warnings["claim unconfirmed"] {
			return fmt.Errorf("presses moved the hand: %s", tl.row())
		}
	}
	return nil
}

func (tl *tally) warned() int {
	n := 0
	for _, c := range tl.warnings {
		n += c
	}
	return n
}

func (tl *tally) failures() string {
	return fmt.Sprintf("%d panics, %d invariant breaks, %d unfinished, %d other errors, %d false accusations, %d wrong winners in %d hands; first: %s",
		tl.panics, tl.broken, tl.unfinished, tl.tableErr, tl.accused, tl.wrongWinner, tl.hands, strings.Join(tl.firstFail, "; "))
}

func (tl *tally) row() string {
	kinds := make([]string, 0, len(tl.warnings))
	for k := range tl.warnings {
		kinds = append(kinds, k)
	}
	// Most first, ties by name: a row the same hands make reads the same,
	// so two runs' tables compare with a plain diff.
	slices.SortFunc(kinds, func(a, b string) int {
		return cmp.Or(tl.warnings[b]-tl.warnings[a], strings.Compare(a, b))
	})
	var ws []string
	for _, k := range kinds {
		ws = append(ws, fmt.Sprintf("%s %d", k, tl.warnings[k]))
	}
	made := fmt.Sprintf("%d (%d)", tl.made, tl.byHand)
	if tl.unscanned > 0 {
		made = fmt.Sprintf("%d (%d, %d said unscanned)", tl.made, tl.byHand, tl.unscanned)
	}
	if tl.falseGone > 0 {
		made += fmt.Sprintf(" [%d false not there: %d taken back, %d refused]", tl.falseGone, tl.goneTakenBack, tl.thereRefused)
	}
	return fmt.Sprintf("%s | %d / %d / %d / %d | %d / %d / %d | %d / %d | %d (%s) | %d / %d / %d / %d",
		made, tl.panics, tl.broken, tl.unfinished, tl.accused, tl.guessDeclared, tl.guessUnfinished, tl.guessWrongWinner, tl.wrongWinner, tl.outOfStep,
		tl.warned(), strings.Join(ws, ", "), tl.misplaced, tl.missing, tl.seenTwice, tl.unknown)
}

var digits = regexp.MustCompile(`[0-9]+`)

// warnKinds are the kinds of the dealer's warnings the table names, by a
// part of their text; any other is a refusal, its numbers blanked.
var warnKinds = []struct{ part, kind string }{
	{"read again before the next beat", "read again"},
	{"not in this deck", "unknown tag"},
	{"card reader is gone", "reader gone"},
	{"Stop claim was not confirmed", "claim unconfirmed"},
	{"nothing to confirm", "nothing to confirm"},
	{"two cards dealt at once", "two at once"},
	{"that read is taken back", "taken back"},
	{"misread: no card was just read", "misread refused"},
}

// warnKind sorts the dealer's warnings into kinds for the table.
func warnKind(msg string) string {
	for _, w := range warnKinds {
		if strings.Contains(msg, w.part) {
			return w.kind
		}
	}
	return "refused: " + digits.ReplaceAllString(strings.TrimPrefix(msg, "dealer: "), "N")
}

// warnLog keeps the warnings logged: what the dealer said on screen and in
// its log.
type warnLog struct {
	mu   sync.Mutex
	msgs []string
	all  bool // every level, for a test looking into one hand
}

func (w *warnLog) Enabled(_ context.Context, l slog.Level) bool { return w.all || l >= slog.LevelWarn }
func (w *warnLog) Handle(_ context.Context, r slog.Record) error {
	w.mu.Lock()
	w.msgs = append(w.msgs, r.Message)
	w.mu.Unlock()
	return nil
}
func (w *warnLog) WithAttrs([]slog.Attr) slog.Handler { return w }
func (w *warnLog) WithGroup(string) slog.Handler      { return w }
func (w *warnLog) texts() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.msgs...)
}

// TestTableDeclaresWhenTheLightsAreLost: "The dealer's solution is final,
// so use your best judgement." Hands whose lights a wrong guess about a
// card confirmed by hand left a seat off for good: with the reader gone
// at 20 % a chance official 37, classic 37 and french 37. Earlier seeds
// here (204, classic 241, 387, 161, official 199, beginner 152, 120,
// beginner 49, french 423 and official 174, which TestEmptyStackIsNoStack
// holds in step, french 19 since the ask names the stack, and classic 2
// since the dealer tells a Skip shown from one dealt: dealer
// TestNoAskWhileASkipMayBeShown, TestExtraOnASkipTakenForTheDeal) keep
// their
// lights since the
// mends HISTORY.md lists. Each was left unfinished until
// the table could end it: after a minute with no card dealt the people
// play it to its end without the lights, and the dealer declares the
// winner from the panel, the winner pressing their button. The hand then
// ends with the table's winner, the dealer's result and the simulated
// table agreeing it was declared, and the audit runs and accuses no one.
func TestTableDeclaresWhenTheLightsAreLost(t *testing.T) {
	for _, tc := range []struct {
		rules string
		seed  uint64
		fs    simtable.Faults
	}{
		// (204, classic 387 and beginner 152 keep their lights since the
		// misreads of a Skip taken for a deal, and the engine's guesses
		// mended with them, beginner 49 and french 423 since an empty
		// stack is no stack: hands still lost stand in.)
		{"official", 37, simtable.Only(simtable.FaultReaderGone, 0.2)},
		{"classic", 37, simtable.Only(simtable.FaultReaderGone, 0.2)},
		{"french", 37, simtable.Only(simtable.FaultReaderGone, 0.2)},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.rules, tc.seed), func(t *testing.T) {
			o := playSound(t, tc.rules, tc.seed, tc.fs)
			if !o.declared || !o.res.Declared || byHand(o) == 0 {
				t.Fatalf("declared by the table %v, by the dealer %v, %d cards confirmed by hand: want a hand with a guess the table declared", o.declared, o.res.Declared, byHand(o))
			}
			if !o.truthOver || o.res.Winner != o.winner {
				t.Errorf("the dealer's winner seat %d, the table's %d", o.res.Winner, o.winner)
			}
			if a := o.res.Audit; a == nil || len(a.Impossible) > 0 {
				t.Errorf("audit %+v", a)
			}
		})
	}
}

// TestTableDealsOutAHandTheLightsEnded: the lights may end a hand the
// table has not: classic seed 293 with the reader gone, where the card
// stood in for a Skip dealt by hand was a Ground, so the dealer took seat
// 5 for out, named seat 3 the winner and asked for the audit while seat 5
// was still to be dealt the last Ground. The audit's prompt is no beat:
// the simulated dealer took its cue for one, found no light for seat 5,
// said "not there" of the seat the audit asked for, and waited for a beat
// that never came; the people's winner control, a minute later, was
// refused ("no hand is being dealt (audit)"), and the hand ran until the
// test gave up on it. Now the people, seeing the audit asked for, deal the
// hand out without the lights and do the audit: "The dealer's solution
// is final." The hand ends, with the audit, and no one accused.
func TestTableDealsOutAHandTheLightsEnded(t *testing.T) {
	o := playSound(t, "classic", 293, simtable.Only(simtable.FaultReaderGone, 0.05))
	if !o.truthOver || o.declared || o.res.Audit == nil {
		t.Fatalf("the table's hand over %v, declared by the table %v, audit %v: want the hand dealt out and audited", o.truthOver, o.declared, o.res.Audit)
	}
	if len(o.res.Audit.Impossible) > 0 {
		t.Errorf("false accusation: %+v", o.res.Audit.Impossible)
	}
	if o.res.Winner != o.winner {
		t.Errorf("the dealer's winner seat %d, the table's %d", o.res.Winner, o.winner)
	}
}

// TestNoDealWhileTheIdentifyLightBlinks: "the dealer is asked, the beat
// held and the seat's light blinking blue, to scan the card dealt by hand
// to seat N" (README). Beginner seed 180, the reader gone at 5 %: the ask
// for seat 2's Split dealt by hand came on the beat that would show seat
// 2's Split rider; the simulated dealer, taking the blinking light for a
// deal's, showed the rider as they laid the answer, the rider came to the
// reader last and was read for the answer (refused: "known to be
// elsewhere"), the Split was never seen, the lights fell a seat behind,
// and the table had to declare the winner. A person waits for a light
// that asks for a deal: the answer is read, the beat resumes and the
// rider is shown on it. The hand ends with the table's winner, the lights
// never lost.
func TestNoDealWhileTheIdentifyLightBlinks(t *testing.T) {
	o := playSound(t, "beginner", 180, simtable.Only(simtable.FaultReaderGone, 0.05))
	if o.declared || !o.truthOver || o.res.Winner != o.winner || o.mismatches > 0 {
		t.Errorf("declared by the table %v, %d beats out of step; the dealer's winner seat %d, the table's %d", o.declared, o.mismatches, o.res.Winner, o.winner)
	}
}

// TestNoDeckShortAfterTheBlueAsk: the audit's deck short of the record
// (audit.Result.DeckShort) sounds only for a card that left the deck with
// no deal on record. Official seeds 108, 113 and 187, a card dealt
// unscanned at 5 %: a card dealt by hand was picked up before it was
// asked for and played as a Hit on its own seat; at the seat's next
// address the Hit's first card was dealt unscanned, confirmed by hand,
// and the light blinked blue to ask for it. Before the simulated dealer
// waited out the blue ask (TestNoDealWhileTheIdentifyLightBlinks), it
// dealt the Hit's second card (skip-3, move-7, stop-1) on the reader
// meanwhile, and the dealer took that read for the answer: the deal was
// never recorded, the card dealt unscanned (skip-9, move-3, skip-11) was
// left in the deck by the record, and the light still asked for the
// second card until the simulated dealer said the seat's stack was not
// there (a seat just dealt to: counted as a stack gone, not as a beat out
// of step). Each audit then found the deck a card short, rightly.
// Dealing on while the light asks for a card dealt by hand is not what a
// person does, and no read can tell the two apart; these hands keep the
// simulated dealer to waiting.
func TestNoDeckShortAfterTheBlueAsk(t *testing.T) {
	for _, seed := range []uint64{108, 113, 187} {
		o := playSound(t, "official", seed, simtable.Only(simtable.FaultDealUnscanned, 0.05))
		if a := o.res.Audit; a == nil || a.DeckShort > 0 || len(a.Misplaced) > 0 || o.mismatches > 0 {
			t.Errorf("seed %d: audit %+v, %d beats out of step: want the deck whole and every card where the record has it", seed, a, o.mismatches)
		}
	}
}

// TestPatienceRefused: a patience below zero, or set once the hand has
// started, is refused.
func TestPatienceRefused(t *testing.T) {
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: game.NewDeck(game.DeckSpec{}), Seats: []int{1, 2}, StopWindow: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.SetPatience(-time.Second); err == nil {
		t.Error("a patience below zero was taken")
	}
	if err := tb.SetPatience(time.Minute); err != nil {
		t.Fatal(err)
	}
	tb.Start()
	if err := tb.SetPatience(time.Minute); err == nil {
		t.Error("a patience set after the start was taken")
	}
}
