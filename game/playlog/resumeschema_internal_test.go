package playlog

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
// so by the resumed dealer. Each entry is read in the schema it was
// written in (the resumed writer's schema note): read as a schema 9
// number (oldStackNumber), as before that note, "stack 2" would be the
// engine's second stack, whose top was read, and the answer would be
// refused where it was accepted.
func TestResumedOldSchemaHandReplays(t *testing.T) {
	st, evs, ask := resumedTwiceHand() // the schema 9 writer's events are those before the ask
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
	old, path := writerOf(t, st)
	for _, e := range evs[:ask] {
		apply(old, e)
	}
	if err := old.w.Close(); err != nil { // the power cut: no hand end
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

// resumedTwiceHand is TestResumedOldSchemaHandReplays's hand: its deck,
// its schema 9 hand-start, its events,
// with at ask the index of the identify answering seat 2's ask.
func resumedTwiceHand() (*Start, []game.Event, int) {
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
	st := &Start{Schema: 9, Hand: "h2", Rules: game.Official(), Seats: []int{2, 3}, Dealer: 4, Deck: deck}
	evs := []game.Event{game.Scan("a0"), game.Scan("b0"), game.Scan("sp1"), game.Scan("b1"), game.Scan("sp1"), game.Scan("a1"), game.Scan("a2"), game.Step(),
		game.Scan("b2"), game.Scan("sp2"), game.Scan("a3"), game.Scan("b3"), game.Scan("sp2"), game.Scan("hit"), game.Scan("a5"), game.Scan("a6"), game.Step(),
		game.Scan("b4"), game.Scan("hit"), game.StackGone(), game.Scan("a7"), game.Confirm(),
		game.IdentifyAt(2, 2, "byhand"), // the table's stack 2 of seat 2, its first said not there
		game.Scan("m1"), game.Scan("m2")}
	return st, evs, 22
}

// TestHandResumedTwiceReplays: a schema 9 hand carried on by this version
// after a power cut, and again after a second: every resume must replay
// the hand exactly (the dealer rebuilds the engine so), each entry read
// in the schema it was written in, wherever the cuts fall around the
// identify (stack 3 to the schema 9 writer, which counted the empty
// stack, stack 2 to this version).
func TestHandResumedTwiceReplays(t *testing.T) {
	for _, cuts := range [][2]int{{22, 23}, {20, 22}, {23, 24}, {5, 24}} {
		st, evs, ask := resumedTwiceHand()
		g, err := game.New(st.Config())
		if err != nil {
			t.Fatal(err)
		}
		w, path := writerOf(t, st) // the schema 9 writer
		for i, e := range evs {
			if i == cuts[0] || i == cuts[1] {
				if err := w.w.Close(); err != nil { // the power cut
					t.Fatal(err)
				}
				replaysTo(t, path, g.Digest(), fmt.Sprintf("cuts %v, resumed at %d", cuts, i))
				if w, _, err = Resume(path, wal.Options{}); err != nil {
					t.Fatal(err)
				}
			}
			logged := e
			if i == ask && i < cuts[0] {
				logged = schema9Stack(t, g, e)
			}
			if err := g.Apply(e); err != nil {
				t.Fatalf("cuts %v: %v: %v", cuts, e, err)
			}
			if _, err := w.Append(Entry{Kind: KindApplied, Source: FromDealer, Event: &logged, Digest: g.Digest()}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.w.Close(); err != nil {
			t.Fatal(err)
		}
		h := replaysTo(t, path, g.Digest(), fmt.Sprintf("cuts %v, at the end", cuts))
		marks := 0
		for i := range h.Entries {
			if resumedIn(&h.Entries[i]) == Schema {
				marks++
			}
		}
		if marks != 2 || h.NewestSchema() != Schema || h.Start.Schema != 9 {
			t.Errorf("cuts %v: %d schema notes, newest schema %d, hand-start's %d: want 2, %d, 9", cuts, marks, h.NewestSchema(), h.Start.Schema, Schema)
		}
	}
}

// schema9Stack is identify e as a schema 9 writer logged it: its stack
// numbered among all the stacks the engine keeps, an empty one too.
func schema9Stack(t *testing.T, g *game.Game, e game.Event) game.Event {
	t.Helper()
	p := g.PlayerAt(e.Seat)
	for i := range g.NumStacks(p) {
		if g.StackNumber(p, i) == e.Stack {
			e.Stack = i + 1
			return e
		}
	}
	t.Fatalf("%v: no stack numbered so", e)
	return e
}

// replaysTo reads the hand at path and checks it replays exactly to
// digest, as the dealer does before resuming it.
func replaysTo(t *testing.T, path string, digest uint64, what string) *Hand {
	t.Helper()
	h, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	g, bad, err := ReplayWith(h, Hooks{})
	if err != nil || len(bad) > 0 || len(h.Problems) > 0 {
		t.Fatalf("%s: replay %v, mismatches %v, problems %q: want it exact", what, err, bad, h.Problems)
	}
	if g.Digest() != digest {
		t.Fatalf("%s: replayed to %016x, the hand was at %016x", what, g.Digest(), digest)
	}
	return h
}

// TestResumeRefusesANewerSchema: a hand a newer version began, or carried
// on from some entry, in an entry schema this one does not know, is not
// carried on by this one (its entries would be misread, and this one's by
// that one): Resume says so and leaves the file as it was, its torn tail
// too; Read says from which entry; replay stops there with the error.
func TestResumeRefusesANewerSchema(t *testing.T) {
	for _, newerStart := range []bool{false, true} {
		st, evs, _ := resumedTwiceHand()
		st.Schema = Schema
		if newerStart {
			st.Schema = Schema + 1
		}
		g, err := game.New(st.Config())
		if err != nil {
			t.Fatal(err)
		}
		w, path := writerOf(t, st)
		var at uint64 // the newer resume's note
		for i, e := range evs[:8] {
			if i == 4 && !newerStart {
				if at, err = w.Append(Entry{Kind: KindNote, Source: FromDealer, Schema: Schema + 1, Note: "carried on by a newer writer"}); err != nil {
					t.Fatal(err)
				}
			}
			if err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
			if _, err := w.Append(Entry{Kind: KindApplied, Source: FromDealer, Event: &e, Digest: g.Digest()}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.w.Close(); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte{1, 2, 3}); err != nil { // a torn write, which a resume would cut
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}

		_, _, err = Resume(path, wal.Options{})
		if !errors.Is(err, ErrNewerSchema) || !strings.Contains(err.Error(), fmt.Sprintf("entry schema %d, this one writes %d", Schema+1, Schema)) {
			t.Errorf("newer hand-start %v: resume says %v, want ErrNewerSchema naming both schemas", newerStart, err)
		}
		if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
			t.Errorf("newer hand-start %v: the refused resume changed the log (%d bytes, was %d): %v", newerStart, len(after), len(before), err)
		}

		h, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if h.NewestSchema() != Schema+1 || !strings.Contains(strings.Join(h.Problems, "; "), "newer version of falling") {
			t.Errorf("newer hand-start %v: newest schema %d, problems %q", newerStart, h.NewestSchema(), h.Problems)
		}
		if newerStart {
			continue // read as the hand-start says, as before schema 11
		}
		if !strings.Contains(strings.Join(h.Problems, "; "), fmt.Sprintf("entry %d: the hand was carried on from here", at)) {
			t.Errorf("problems %q, want the newer resume's entry %d named", h.Problems, at)
		}
		applied := 0
		_, bad, err := ReplayWith(h, Hooks{After: func(e *Entry, _ *game.Game) {
			if e.Kind == KindApplied {
				applied++
			}
		}})
		if !errors.Is(err, ErrNewerSchema) || len(bad) > 0 || applied != 4 || !strings.Contains(err.Error(), fmt.Sprintf("stopped after entry %d", at-1)) {
			t.Errorf("replay: %v, mismatches %v, %d applied: want it stopped before entry %d, 4 applied", err, bad, applied, at)
		}
	}
}

// writerOf starts hand st's log in a new directory as a writer of
// st.Schema did (Create writes only this version's): the hand start and
// nothing else.
func writerOf(t *testing.T, st *Start) (w *Writer, path string) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, HandFile(st.Hand))
	ww, err := wal.Create(path, wal.Header{Kind: HandKind, ID: st.Hand, Created: time.Now()}, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w = &Writer{w: ww, dir: dir, id: st.Hand, path: path, cur: path}
	if _, err := w.Append(Entry{Kind: KindHandStart, Source: FromDealer, Start: st}); err != nil {
		t.Fatal(err)
	}
	return w, path
}
