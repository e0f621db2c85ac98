package script

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// A simulated hand's log replays to the very state the bot's engine
// reached, with the scripted presses and dispute in it.
func TestSimulateReplays(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 42} {
		dir := t.TempDir()
		path, winner, err := Simulate(dir, Sim{Fallers: 5, Seed: seed, Presses: []Press{
			{At: 10 * time.Second, Seat: 2}, {At: 10*time.Second + 3*time.Millisecond, Seat: 4, Dispute: true, Since: 9 * time.Second},
		}})
		if err != nil {
			t.Fatal(err)
		}
		h, err := playlog.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		g, bad, err := playlog.Replay(h)
		if err != nil || len(bad) > 0 {
			t.Fatalf("seed %d: replay: %v %v", seed, bad, err)
		}
		if !g.Over() || g.Seat(g.Winner()) != winner || !h.Ended || h.Winner != winner {
			t.Fatalf("seed %d: replayed winner %d, logged %d (ended %v), simulated %d", seed, g.Seat(g.Winner()), h.Winner, h.Ended, winner)
		}
		var disputes int
		for _, e := range h.Entries {
			if e.Kind == playlog.KindDispute {
				disputes++
				if !e.Dispute.Tie || e.Dispute.Tied(5*time.Millisecond) != 2 {
					t.Errorf("seed %d: dispute %+v, want a tie of two", seed, e.Dispute)
				}
			}
		}
		if disputes != 1 {
			t.Errorf("seed %d: %d disputes logged, want 1", seed, disputes)
		}
		t.Logf("seed %d: %d entries, winner seat %d, %v", seed, len(h.Entries), winner, h.Entries[len(h.Entries)-1].Mono-DefaultT0)
	}
}

// A scripted table hand logs refusals with their rule and the engine's
// inferences beside the applied scans.
func TestTableLogsRefusalsAndInferences(t *testing.T) {
	deck := []game.Card{{ID: "a", Kind: game.Hit}, {ID: "b", Kind: game.Skip}, {ID: "c", Kind: game.Skip}, {ID: "g", Kind: game.Ground}}
	scan := func(at time.Duration, id string) Input {
		ev := game.Scan(id)
		return Input{At: at, Entry: playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Card: id}, Event: &ev}
	}
	path, err := Table(t.TempDir(), playlog.Start{Hand: "t", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck},
		[]Input{scan(time.Second, "a"), scan(2*time.Second, "b"), scan(3*time.Second, "zz"), scan(4*time.Second, "c"), scan(5*time.Second, "a")})
	if err != nil {
		t.Fatal(err)
	}
	h, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []playlog.Kind
	for _, e := range h.Entries {
		kinds = append(kinds, e.Kind)
	}
	t.Log(kinds)
	var refused, inferred int
	for _, e := range h.Entries {
		switch e.Kind {
		case playlog.KindRefused:
			refused++
			if e.Rule != game.RuleUnknownCard {
				t.Errorf("refusal %+v", e)
			}
		case playlog.KindInference:
			inferred++
		}
	}
	if refused != 1 || inferred != 1 {
		t.Errorf("%d refusals, %d inferences; want 1 and 1", refused, inferred)
	}
	if _, bad, err := playlog.Replay(h); err != nil || len(bad) > 0 {
		t.Fatal(bad, err)
	}
}
