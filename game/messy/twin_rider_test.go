package messy

import (
	"fmt"
	"strings"
	"testing"
)

// TestRiderShownTwin: "Once you are holding a card, you may play it right
// away, or you may keep holding it." In 1001495 (classic, french; in step
// on official) seat 3's Hit is dealt by hand, hit-6 then skip-7, and only
// skip-7 is asked for; seat 3 picks up hit-6 and plays it unseen on seat
// 2; it is shown as seat 2's turn begins, read and held, and seat 2's
// Ground-4 goes unscanned and lands, so the hold judges hit-6 seat 2's
// deal. Its twin: the card dealt by hand under skip-7 was hit-10, left
// where it lay, hit-6 lay in the deck where Ground-4 did and is seat 2's
// deal; every move legal, every observation up to the moment the light
// is a seat behind the same and true of it, and there its light asks what
// the assistant's does. The hand is judged to have a twin. The dealer who
// sees seat 2 out under its Ground, the light gone on, now says misread of
// hit-6, and the hand is in step (landedUnread,
// TestGroundUnderAHeldRiderShownAfterAll); no other hand of the class
// was found (15,000 more hands of each rule set with every mistake at
// 2 %), so the builder is proved on this hand as its dealer played it
// before, silent (olderDealer.silentOnLanding): the twin is a table honest
// where that dealer kept silent.
func TestRiderShownTwin(t *testing.T) {
	for _, c := range []struct {
		rules string
		seed  uint64
		read  string // the card read and judged dealt
		s     string // the twin's card dealt by hand in its place
	}{
		{"classic", 1001495, "hit-6", "hit-10"},
		{"french", 1001495, "hit-6", "hit-10"},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			tb := twinHandOf(t, c.rules, c.seed, true)
			at := -1
			for i, ob := range tb.log {
				if ob.Dealt && ob.Card == c.read {
					at = i
				}
			}
			if at < 0 {
				t.Fatalf("%s never read and judged dealt", c.read)
			}
			if why := riderTwinAt(t, tb, at, riderTwin{s: c.s, leftInStack: true}); why != "" {
				t.Fatalf("no twin: %s", why)
			}
			if !tb.hand.Twin {
				t.Fatal("the hand is not judged to have a twin")
			}
			// Not every table is a twin: a faller that still plays the card
			// it holds on seat 2, or that keeps holding it and so cannot
			// pick up the next ("You may pick up only one card at a time"),
			// and every other card in the deck, the replay says no.
			stillPlays := func(mk riderMark) map[int]bool { return map[int]bool{mk.kG + 1: true, mk.kPick: true} }
			if why := riderTwinDropping(t, tb, at, c.s, stillPlays); why == "" {
				t.Errorf("%s left in the stack, the faller still playing on seat 2: still a twin: the check proves nothing", c.s)
			}
			if why := riderTwinAt(t, tb, at, riderTwin{s: c.s}); why == "" {
				t.Errorf("%s kept held: still a twin: the check proves nothing", c.s)
			}
			for _, s := range tb.riderCandidates(riderMarkOf(t, tb, at)) {
				if s == c.s {
					continue
				}
				if why := riderTwinAt(t, tb, at, riderTwin{s: s, leftInStack: true}); why == "" {
					t.Errorf("%s in hit-6's place: still a twin", s)
				}
			}
		})
	}
}

// TestRiderShownNoTwin: 1003403 (classic, french), as its dealer played
// it before landedUnread (silent on the Ground they dealt unscanned: the
// hand is in step now, TestGroundUnderAHeldRiderShownAfterAll), has the
// class's mark, hit-12 shown as seat 6's rider, held and judged its deal,
// Ground-3 dealt unscanned, but no twin this builder proves: seat 5 later
// picks up extra-4, which lay under hit-12 ("You can only pick up the top
// card of your stack"), so a faller who kept holding the card in hit-12's
// place could not, and one who left it there picks it up instead and
// extra-4 stays in the stack, a place the table never had it. The builder
// refuses both, and the hand is not judged to have a twin.
func TestRiderShownNoTwin(t *testing.T) {
	for _, rules := range []string{"classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			tb := twinHandOf(t, rules, 1003403, true)
			if tb.hand.Twin {
				t.Fatal("judged to have a twin")
			}
			at := -1
			for i, ob := range tb.log {
				if ob.Dealt && ob.Card == "hit-12" {
					at = i
				}
			}
			if at < 0 {
				t.Fatal("hit-12 never read and judged dealt")
			}
			if why := riderTwinAt(t, tb, at, riderTwin{s: "hit-10", leftInStack: true}); !strings.Contains(why, "extra-4") {
				t.Errorf("left in the stack: %q: want extra-4 elsewhere", why)
			}
			if why := riderTwinAt(t, tb, at, riderTwin{s: "hit-10"}); !strings.Contains(why, "only one card at a time") {
				t.Errorf("kept holding: %q: want the next pick-up refused", why)
			}
		})
	}
}

// riderTwin is one twin of the class to try: s the card the table dealt by
// hand in h's place, leftInStack whether the faller left it there (no
// pick-up) rather than picked it up and kept holding it.
type riderTwin struct {
	s           string
	leftInStack bool
}

// riderMarkOf is tb's mark at read at.
func riderMarkOf(t *testing.T, tb *table, at int) riderMark {
	t.Helper()
	all, err := tb.riderStates()
	if err != nil {
		t.Fatal(err)
	}
	mk, why := tb.riderMarkAt(all, at)
	if why != "" {
		t.Fatalf("no mark at %d: %s", at, why)
	}
	return mk
}

// riderTwinAt builds the twin tw of tb's read at observation at and says
// why it is not one ("" if it is).
func riderTwinAt(t *testing.T, tb *table, at int, tw riderTwin) string {
	return riderTwinDropping(t, tb, at, tw.s, func(mk riderMark) map[int]bool { return riderDropped(mk, tw.leftInStack) })
}

// riderTwinDropping is riderTwinAt for the twin with s in h's place that
// makes the table's moves but those dropped (the negative controls' twins
// that cannot be one).
func riderTwinDropping(t *testing.T, tb *table, at int, s string, dropped func(riderMark) map[int]bool) string {
	mk := riderMarkOf(t, tb, at)
	return tb.riderTwinWhy(mk, s, dropped(mk))
}
