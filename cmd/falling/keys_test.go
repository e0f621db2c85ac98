package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/hw"
)

// keyLog is a table that notes what each key did.
type keyLog struct{ did []string }

func (k *keyLog) Press(seat int) bool {
	k.did = append(k.did, fmt.Sprintf("press %d", seat))
	return true
}
func (k *keyLog) Control(c hw.Control) error {
	k.did = append(k.did, c.String())
	return nil
}
func (k *keyLog) ControlAs(c hw.Control, as string) error {
	k.did = append(k.did, c.String()+" as "+as)
	return nil
}

// The keyboard is the dealer panel at a table without one: every control,
// "not there" included, and a confirmation naming each kind of card the
// reader may miss that matters (a Ground, a Stop, a rider, an Extra).
func TestPlayKeys(t *testing.T) {
	cases := []struct {
		keys string
		want string
	}{
		{" ", "press 3"}, {"\r", "press 3"},
		{"p", "pause"}, {"D", "dispute"}, {"c", "confirm"}, {"n", "skip"}, {"N", "skip"},
		{"g", "confirm as Ground"}, {"G", "confirm as Ground"}, {"t", "confirm as Stop"},
		{"h", "confirm as Hit"}, {"s", "confirm as Split"}, {"k", "confirm as Skip"}, {"e", "confirm as Extra"},
		{"a", "confirm as Anvil"}, {"u", "confirm as Chute"}, {"o", "confirm as Goggles"},
		{"x", "knocked"}, {"X", "knocked"}, {"r", "misread"}, {"R", "misread"}, {"b", "unscanned"}, {"B", "unscanned"}, {"l", "unscanned as Ground"}, {"L", "unscanned as Ground"}, {"z", ""}, {"1", ""},
	}
	for _, c := range cases {
		var k keyLog
		var quit error
		on := playKeys(&k, 3, func(err error) { quit = err }, func(err error) { t.Errorf("%q: %v", c.keys, err) })
		for _, b := range []byte(c.keys) {
			on(b)
		}
		got := ""
		if len(k.did) > 0 {
			got = k.did[0]
		}
		if len(k.did) > 1 || got != c.want || quit != nil {
			t.Errorf("%q did %q (quit %v), want %q", c.keys, k.did, quit, c.want)
		}
	}
	var k keyLog
	var quit error
	playKeys(&k, 3, func(err error) { quit = err }, func(err error) { t.Error(err) })('q')
	if !errors.Is(quit, errQuit) || len(k.did) > 0 {
		t.Errorf("q: quit %v, did %q", quit, k.did)
	}
}

// TestWinnerKeys: "The dealer's solution is final." w ends a hand the
// lights lost: it pauses the hand and asks the winner to press, and a
// digit then names the winner's seat (your button names you); w again
// carries on. A digit without w does nothing: a stray key never ends a
// hand (and one after w reaches the table, which takes it only while it
// asks for the winner).
func TestWinnerKeys(t *testing.T) {
	for _, c := range []struct {
		keys string
		want []string
	}{
		{"w", []string{"winner"}},
		{"w3", []string{"winner", "winner as 3"}},
		{"W9", []string{"winner", "winner as 9"}},
		{"w ", []string{"winner", "press 3"}},
		// The keyboard cannot tell w said twice from a w whose ask the
		// winner's button answered, then a w in a later hand: the digit
		// is sent, and the table takes it only while it asks.
		{"ww3", []string{"winner", "winner", "winner as 3"}},
		{"wx2", []string{"winner", "knocked", "winner as 2"}},
		{"w3 4", []string{"winner", "winner as 3", "press 3"}},
		{"w0", []string{"winner"}},
		{"3", nil},
	} {
		var k keyLog
		on := playKeys(&k, 3, func(error) {}, func(err error) { t.Errorf("%q: %v", c.keys, err) })
		for _, b := range []byte(c.keys) {
			on(b)
		}
		if !slices.Equal(k.did, c.want) {
			t.Errorf("%q did %q, want %q", c.keys, k.did, c.want)
		}
	}
}

// noHand is a table between two hands: it takes no control.
type noHand struct{ keyLog }

func (noHand) Control(hw.Control) error           { return night.ErrNoHand }
func (noHand) ControlAs(hw.Control, string) error { return night.ErrNoHand }

// A key pressed between two hands does nothing, and says so: the dealer
// who pressed it must not think it was taken.
func TestPlayKeysBetweenHands(t *testing.T) {
	for _, key := range []byte{'p', 'c', 'n', 'x', 'g', 'h', 'l', 'w'} {
		var said []error
		on := playKeys(&noHand{}, 3, func(error) {}, func(err error) { said = append(said, err) })
		on(key)
		if len(said) != 1 || !errors.Is(said[0], night.ErrNoHand) || !strings.Contains(said[0].Error(), fmt.Sprintf("key %c", key)) {
			t.Errorf("%c between hands said %v", key, said)
		}
	}
}

// Each naming key stands for one kind, and none takes a key the panel or
// the quit key already has.
func TestNameKeysDistinct(t *testing.T) {
	taken := map[byte]string{' ': "button", 'p': "pause", 'd': "dispute", 'c': "confirm", 'n': "not there", 'x': "knocked over", 'r': "misread", 'b': "unscanned", 'l': "landed", 'w': "winner", 'q': "quit"}
	for _, k := range nameKeys {
		if was, ok := taken[k.key]; ok {
			t.Errorf("%c names %v and is %s", k.key, k.kind, was)
		}
		taken[k.key] = k.kind.String()
		if !k.kind.IsRider() && k.kind != game.Extra && k.kind != game.Ground && k.kind != game.Stop {
			t.Errorf("%c names %v, which the dealer cannot name", k.key, k.kind)
		}
	}
	for _, k := range game.Kinds() {
		if !k.IsRider() && k != game.Extra {
			continue
		}
		found := false
		for _, n := range nameKeys {
			found = found || n.kind == k
		}
		if !found {
			t.Errorf("no key names a %v", k)
		}
	}
}
