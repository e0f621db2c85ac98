package night

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

// dropLog is a play log that keeps nothing.
type dropLog struct{}

func (dropLog) Append(playlog.Entry) error { return nil }

// TestAskHandedToTheTableIsTheDealers: the ask the night hands the
// simulated dealer (askOf, simtable.Table.SetAsk) is the ask the dealer's
// screen shows (View.Identify), its stack numbered as the screen numbers
// the seat's stacks, with as many stacks drawn. Seat 2 played its Split on
// itself and shows a Hit: its first stack said not there mid-address
// (kept empty by the engine, not at the table), the Hit's first card
// confirmed by hand into its other, the engine's second. A power cut
// later the hand is resumed with the reader reading, and at the dealer's
// go the card dealt by hand is asked for: "stack 1", the table's only
// stack; by the engine's index it would be stack 2 of 2, which a
// simulated dealer would find no stack for at the table.
func TestAskHandedToTheTableIsTheDealers(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Split, game.Move, game.Hit, game.Move, game.Move, game.Stop,
		game.Move, game.Move, game.Ground, game.Ground}
	deck := make([]game.Card, len(kinds))
	tags, cards := map[string]hw.UID{}, map[hw.UID]string{}
	for i, k := range kinds {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
		tags[deck[i].ID], cards[hwtest.Tag(i)] = hwtest.Tag(i), deck[i].ID
	}
	start := &playlog.Start{Schema: playlog.Schema, Hand: "h", Rules: game.Official(), Seats: []int{2, 3}, Dealer: 1, Deck: deck}
	h := &playlog.Hand{ID: "h", Start: start, Entries: []playlog.Entry{{Seq: 1, Kind: playlog.KindHandStart, Start: start}}}
	for _, e := range []game.Event{game.Scan("Move-0"), game.Scan("Move-1"), game.Scan("Split-2"), game.Scan("Move-3"),
		game.Scan("Split-2"), game.Scan("Hit-4"), game.Scan("Move-5"), game.Scan("Move-6"), game.Scan("Hit-4"),
		game.StackGone(), game.Confirm()} {
		h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(len(h.Entries) + 1), Kind: playlog.KindApplied, Source: playlog.FromReader, Event: &e})
	}
	r, err := dealer.Replay(h)
	if err != nil {
		t.Fatal(err)
	}

	clk := hwtest.NewVirtual(0)
	panel := hwtest.NewPanel(clk)
	d, err := dealer.New(dealer.Config{Hand: "h", Dealer: 1, Cards: cards, Game: start.Config(),
		Tempo: dealer.Tempo{Start: 60}, Mode: config.Follow, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond,
		Resume: r, Wall: func() time.Time { return time.Unix(0, 0) }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		dealer.Hardware{Clock: clk, Lights: hwtest.NewLights(clk), Sound: hwtest.NewSound(clk), Buttons: hwtest.NewButtons(clk),
			Reader: hwtest.NewReader(clk, tags), Panel: panel}, dropLog{})
	if err != nil {
		t.Fatal(err)
	}
	ask := askOf(d)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var before, got simtable.Ask
	var shown *dealer.IdentifyAsk
	drawn, kept := -1, -1
	clk.At(time.Second, func() { before = ask() })
	panel.ControlAt(hw.ControlConfirm, 2*time.Second) // the dealer's go
	clk.At(2*time.Second+time.Millisecond, func() {
		got = ask()
		v := d.View()
		shown = v.Identify
		for _, sv := range v.Seats {
			if sv.Seat == 2 {
				drawn = len(sv.Stacks)
			}
		}
		d.Inspect(func(g *game.Game) { kept = g.NumStacks(g.PlayerAt(2)) })
		cancel()
	})
	if _, err := d.RunStepped(ctx, clk); err != nil && ctx.Err() == nil {
		t.Fatal(err)
	}

	if before != (simtable.Ask{}) {
		t.Errorf("before the go the table is handed the ask %+v, want none", before)
	}
	if shown == nil || *shown != (dealer.IdentifyAsk{Seat: 2, Stack: 1}) || drawn != 1 || kept != 2 {
		t.Fatalf("the screen asks %+v with %d of seat 2's stacks drawn (the engine keeps %d): want seat 2, stack 1, one drawn of two kept", shown, drawn, kept)
	}
	if want := (simtable.Ask{Seat: shown.Seat, Stack: shown.Stack, Drawn: drawn}); got != want {
		t.Errorf("the table is handed the ask %+v, the screen shows %+v", got, want)
	}
}
