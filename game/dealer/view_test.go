package dealer_test

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/hw/hwtest"
)

// A request on the screen holds only while what it asks for does (issue
// 11: "messages that no longer hold go away"): "press your button when you
// are ready" goes once everyone is, "the card reader is gone" once it is
// back, and each audit step's request gives way to the next.
func TestRequestsGoWhenTheyNoLongerHold(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 10), G, G), func(c *dealer.Config) {
		c.WaitReady, c.CountIn = true, 2
	})
	s.tb.Buttons.ClickAt(2, hwtest.Seconds(0.5), hwtest.Seconds(0.05))
	s.tb.Buttons.ClickAt(3, hwtest.Seconds(1.0), hwtest.Seconds(0.05))
	s.tb.Reader.GoneAt(hwtest.Seconds(6.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(9.5))
	at := map[float64]string{}
	for _, sec := range []float64{0.7, 1.2, 8, 11} {
		s.tb.Clock.At(hwtest.Seconds(sec), func() { at[sec] = screen(s.d.View()) })
	}
	s.run()
	for _, c := range []struct {
		sec        float64
		has, hasnt string
	}{
		{0.7, "press your button when you are ready", ""},
		{1.2, "everyone is ready", "press your button when you are ready"},
		{8, "the card reader is gone", ""},
		{11, "the card reader is back", "the card reader is gone"},
	} {
		if c.has != "" && !strings.Contains(at[c.sec], c.has) {
			t.Errorf("at %vs the screen lacks %q:\n%s", c.sec, c.has, at[c.sec])
		}
		if c.hasnt != "" && strings.Contains(at[c.sec], c.hasnt) {
			t.Errorf("at %vs the screen still says %q:\n%s", c.sec, c.hasnt, at[c.sec])
		}
	}
	final := screen(s.d.View())
	if n := strings.Count(final, "audit: scan"); n > 1 {
		t.Errorf("%d audit requests stand at the end:\n%s", n, final)
	}
}

func screen(v dealer.View) string {
	var b strings.Builder
	for _, m := range v.Messages {
		b.WriteString(m.Text + "\n")
	}
	return b.String()
}
