package review_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/review"
)

// A bit flipped in the middle of a hand's log stops replay at the hole;
// the audit the dealer ran on the whole hand still stands, and is not
// "run again" on the hand half played ("the log gives 0 of 54 cards
// counted").
func TestAuditAfterAHole(t *testing.T) {
	path := simDispute(t, t.TempDir())
	whole, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	want := review.Analyze(whole, review.Options{}).AuditVerdict
	_, recs, _, err := wal.ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[len(recs)/2]
	data[rec.Offset+17+int64(len(rec.Payload))/2] ^= 0x08
	flipped := filepath.Join(t.TempDir(), "hand-0001.fall")
	if err := os.WriteFile(flipped, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h, err := playlog.Read(flipped)
	if err != nil {
		t.Fatal(err)
	}
	r := review.Analyze(h, review.Options{})
	if r.ReplayErr == nil {
		t.Fatal("replay went through a lost entry")
	}
	if r.AuditVerdict != want || want == "" {
		t.Errorf("audit verdict %q, want the dealer's %q", r.AuditVerdict, want)
	}
	for _, f := range r.Findings {
		if strings.Contains(f.Text, "does not give the dealer's verdict") {
			t.Errorf("finding: %s", f.Text)
		}
	}
}
