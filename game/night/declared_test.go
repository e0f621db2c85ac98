package night

import (
	"context"
	"testing"
	"time"

	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
)

// A hand the table declared reaches the referee's page as the table's
// word, not the lights' own result (dealer.View.Declared): the page's own
// builder on the dealer's view after the dealer named seat 3 the winner
// from the panel.
func TestLiveShowsADeclaredHand(t *testing.T) {
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	const declareAt = 3 * time.Second
	var page *serve.Snapshot
	n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: 1, LogDir: t.TempDir(), OnHand: func(p *Playing) {
		clk := p.Hand.Hardware.Clock.(interface{ At(time.Duration, func()) })
		clk.At(declareAt+time.Second, func() {
			sn := snapshotOf(p.Dealer, p.Dealer.View(), 0, nil, 0)
			page = &sn
		})
	}}, NewSimTable(SimOptions{Settings: s, Seed: 8, OnTable: func(tb *simtable.Table) {
		tb.Panel.ControlAt(hw.ControlWinner, declareAt)
		tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlWinner, As: "3", Kernel: declareAt + 100*time.Millisecond})
	}}))
	if err != nil {
		t.Fatal(err)
	}
	// The simulated table knows nothing of the declaration and plays on
	// until the night gives the hand up: its error is not this test's.
	_ = n.Run(context.Background(), func(HandResult) {})
	if page == nil || !page.Over || page.Winner != 3 || !page.Declared {
		t.Fatalf("the page after the table declared seat 3: %+v", page)
	}
}
