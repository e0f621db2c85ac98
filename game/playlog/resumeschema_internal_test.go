package playlog

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog/wal"
)

// TestResumedOldSchemaHandReplays: a hand begun by a schema 9 writer and,
// after a power cut, carried on by this version (Resume: the dealer writes
// on into the same file, under the same hand-start) must replay exactly,
// as Replay rebuilds it for the next resume and the review reads it. Seat
// 2 has three stacks, its first said not there mid-address (kept, empty),
// and a Hit still dealing: the card dealt by hand into its third stack is
// asked for as "stack 2" (StackNumber), the table's second, and answered
// so by the resumed dealer. Replay takes every identify of a log whose
// hand-start says schema 9 for a schema 9 number (oldStackNumber), this
// one too: "stack 2" becomes the engine's second stack, whose top was
// read, and the answer is refused where it was accepted.
func TestResumedOldSchemaHandReplays(t *testing.T) {
	ids := []struct {
		id string
		k  game.Kind
	}{{"a0", game.Move}, {"b0", game.Move}, {"sp1", game.Split}, {"b1", game.Move}, {"a1", game.Move}, {"a2", game.Move}, {"b2", game.Move},
		{"sp2", game.Split}, {"a3", game.Move}, {"b3", game.Move}, {"hit", game.Hit}, {"a5", game.Move}, {"a6", game.Move}, {"b4", game.Move},
		{"a7", game.Move}, {"byhand", game.Stop}, {"m1", game.Move}, {"m2", game.Move}, {"m3", game.Move}, {"g1", game.Ground}, {"g2", game.Ground}}
	var deck []game.Card
	for _, x := range ids {
		deck = append(deck, game.Card{ID: x.id, Kind: x.k})
	}
	st := &Start{Schema: 9, Hand: "h1", Rules: game.Official(), Seats: []int{2, 3}, Dealer: 4, Deck: deck}
	g, err := game.New(st.Config())
	if err != nil {
		t.Fatal(err)
	}
	apply := func(w *Writer, e game.Event) {
		t.Helper()
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		if _, err := w.Append(Entry{Kind: KindApplied, Source: FromDealer, Event: &e, Digest: g.Digest()}); err != nil {
			t.Fatal(err)
		}
	}

	// The schema 9 writer, up to the power cut.
	dir := t.TempDir()
	path := filepath.Join(dir, HandFile(st.Hand))
	ww, err := wal.Create(path, wal.Header{Kind: HandKind, ID: st.Hand, Created: time.Now()}, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	old := &Writer{w: ww, dir: dir, id: st.Hand, path: path, cur: path}
	if _, err := old.Append(Entry{Kind: KindHandStart, Source: FromDealer, Start: st}); err != nil {
		t.Fatal(err)
	}
	for _, e := range []game.Event{game.Scan("a0"), game.Scan("b0"), game.Scan("sp1"), game.Scan("b1"), game.Scan("sp1"), game.Scan("a1"), game.Scan("a2"), game.Step(),
		game.Scan("b2"), game.Scan("sp2"), game.Scan("a3"), game.Scan("b3"), game.Scan("sp2"), game.Scan("hit"), game.Scan("a5"), game.Scan("a6"), game.Step(),
		game.Scan("b4"), game.Scan("hit"), game.StackGone(), game.Scan("a7"), game.Confirm()} {
		apply(old, e)
	}
	if err := ww.Close(); err != nil { // the power cut: no hand end
		t.Fatal(err)
	}

	// This version carries the hand on and answers the ask as it numbers it.
	w, _, err := Resume(path, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if k := g.AskStack(0); k != 2 || g.Top(0, 0) >= 0 {
		t.Fatalf("the ask names seat 2's stack %d (its first topped by %d), want 2, the first empty", k, g.Top(0, 0))
	}
	apply(w, game.IdentifyAt(2, g.AskStack(0), "byhand"))
	if err := w.w.Close(); err != nil {
		t.Fatal(err)
	}

	h, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, bad, err := ReplayWith(h, Hooks{}); err != nil || len(bad) > 0 {
		t.Errorf("the resumed hand replays with %v, mismatches %v: want it exact", err, bad)
	}
}
