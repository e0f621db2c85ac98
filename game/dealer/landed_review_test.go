package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestLandedAfterAWindowDealtOn: "GROUND: If you receive one of these, you
// are immediately out." Seat 2's Ground is read and its Stop window opens;
// the dealer deals on past it, seat 3's Ground unscanned, and reads seat
// 4's card: the read lands seat 2's Ground and is taken for seat 3's card,
// the light a seat behind. The dealer says so with l (the panel's landed:):
// seat 3 is out too, the read is seat 4's, and the hand plays on in step
// with the table. (It was refused: "no card was due before it".)
func TestLandedAfterAWindowDealtOn(t *testing.T) {
	s := newScripted(t, idles(4), kinds(S, S, S, S, G, G, S, many(S, 10), G, G), nil)
	// Ground-4, seat 2's, is read on its beat at 4.12 s.
	s.at(4.5, game.Step())  // it lands: the dealer deals on past its window
	s.at(4.55, game.Step()) // seat 3's Ground-5, dealt unscanned
	s.at(4.6, game.Step())  // it lands
	s.at(4.7, game.Step())  // seat 4's Stop-6, read
	s.tb.Reader.ScanCardAt("Stop-6", hwtest.Seconds(4.7))
	s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlUnscanned, As: "Ground", Kernel: hwtest.Seconds(4.8)})
	refused := s.saidAt(4.85, "unscanned", true)
	said := s.saidAt(4.85, "hits the ground: the card dealt unscanned was a Ground", false)
	s.run()
	if *refused != "" {
		t.Fatalf("landed refused: %q", *refused)
	}
	if want := "seat 3 hits the ground: the card dealt unscanned was a Ground"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
	if !s.inferred(game.InfLanded, 2) || !s.inferred(game.InfLanded, 3) {
		t.Error("seats 2 and 3 did not both land")
	}
	s.agree()
}
