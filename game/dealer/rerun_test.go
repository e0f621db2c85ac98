package dealer_test

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
	"github.com/falling-table/falling/hw/config"
)

// TestReviewRerunsTheAudit: one audit. The dealer logs its verdict as it
// is, and the referee's review runs the same audit again from the log
// alone: on whole hands of computer fallers, the two agree.
func TestReviewRerunsTheAudit(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		_, _, log, res, err := botHand(t, seed, 3+int(seed%3), config.Follow, true)
		if err != nil {
			t.Fatal(err)
		}
		es := log.all()
		if len(es) == 0 || es[0].Start == nil {
			t.Fatalf("seed %d: the log does not begin with the hand's start", seed)
		}
		r := review.Analyze(&playlog.Hand{ID: es[0].Start.Hand, Start: es[0].Start, Entries: es, Ended: true, Winner: res.Winner}, review.Options{})
		if r.Audit == nil || res.Audit == nil || r.Audit.Counted != res.Audit.Counted {
			t.Fatalf("seed %d: review shows audit %+v, the dealer's was %+v", seed, r.Audit, res.Audit)
		}
		for _, f := range r.Findings {
			if strings.Contains(f.Text, "audit run again") {
				t.Errorf("seed %d: %s", seed, f.Text)
			}
		}
	}
}
