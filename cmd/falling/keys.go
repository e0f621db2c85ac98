package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// keyboard reads the terminal for the whole process: one reader, so a key
// pressed during one hand never lands in a hand that has ended.
type keyboard struct{ ch chan byte }

func newKeyboard(r io.Reader) *keyboard {
	k := &keyboard{ch: make(chan byte, 64)}
	go func() {
		defer close(k.ch)
		buf := make([]byte, 16)
		for {
			n, err := r.Read(buf)
			for _, b := range buf[:n] {
				select {
				case k.ch <- b:
				default: // 64 keys unread: nobody is playing
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return k
}

// each calls on for every key until ctx ends.
func (k *keyboard) each(ctx context.Context, on func(byte)) {
	for {
		select {
		case b, ok := <-k.ch:
			if !ok {
				return
			}
			on(b)
		case <-ctx.Done():
			return
		}
	}
}
func isTerminal(x any) bool {
	f, ok := x.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// keyTable is what the keys work at the table: the night being played.
type keyTable interface {
	Press(seat int) bool
	Control(c hw.Control) error
	ControlAs(c hw.Control, as string) error
}

// nameKeys are the keys that confirm a card the reader did not see and
// name it, as the dealer sees its face: a Ground dealt, a Stop shown for a
// Ground, or a rider or an Extra shown as a seat's turn begins. The letter
// is one in the card's name, clear of the panel's p, d, c and q, and of n,
// x, r, b and l.
var nameKeys = []struct {
	key  byte
	kind game.Kind
}{
	{'g', game.Ground}, {'t', game.Stop},
	{'h', game.Hit}, {'s', game.Split}, {'k', game.Skip}, {'e', game.Extra},
	{'a', game.Anvil}, {'u', game.Chute}, {'o', game.Goggles},
}

// playKeys is what a key does during falling play: the space bar (or
// Enter) is your seat's button; p, d and c the dealer panel's pause,
// dispute and confirm, n its "not there" (the stack or rider expected is
// gone), x its "knocked over" (a stack of the seat lit was knocked over and
// gathered back), r its "misread" (the card just read is not at the seat
// lit: a stray card, or one read twice; just after an n, that n taken
// back: the stack is there after all; just after a b or an l said by
// mistake, that taken back), b its "unscanned" (the card before
// the one just read was dealt unscanned: the light is a seat behind), l
// its "landed" (so, and that card was a Ground: it landed, as the dealer
// dealt on past it), w its "winner" (the table ends a hand the lights
// lost: the hand pauses until the winner presses their button, or, here,
// a digit 1 to 9 names their seat; w again carries on); the
// nameKeys confirm a card the reader missed and say
// what it was; q, ^C and ^D quit. A key the table cannot take (between two
// hands) is told to warn, not dropped.
func playKeys(n keyTable, you int, quit context.CancelCauseFunc, warn func(error)) func(byte) {
	control := func(b byte, c hw.Control) {
		if err := n.Control(c); err != nil {
			warn(fmt.Errorf("key %c (%v): %w", b, c, err))
		}
	}
	// naming: w was pressed, and a digit now names the winner's seat.
	// Digits do nothing else, so a stray one never ends a hand. A w does
	// not toggle it: the table may have been answered by the winner's
	// button (or a hand ended) since the last w, which the keys cannot
	// see; the table takes the digit only while it asks for the winner.
	naming := false
	return func(b byte) {
		switch {
		case naming && b >= '1' && b <= '9':
			naming = false
			if err := n.ControlAs(hw.ControlWinner, string(b)); err != nil {
				warn(fmt.Errorf("key %c (winner: seat %c): %w", b, b, err))
			}
			return
		case b == 'w' || b == 'W':
			if err := n.Control(hw.ControlWinner); err != nil {
				warn(fmt.Errorf("key %c (%v): %w", b, hw.ControlWinner, err))
				return
			}
			naming = true
			return
		case naming && (b == ' ' || b == '\r' || b == '\n'):
			naming = false // your button names you
		}
		switch b {
		case ' ', '\r', '\n':
			n.Press(you)
		case 'p', 'P':
			control(b, hw.ControlPause)
		case 'd', 'D':
			control(b, hw.ControlDispute)
		case 'c', 'C':
			control(b, hw.ControlConfirm)
		case 'n', 'N':
			control(b, hw.ControlSkip)
		case 'x', 'X':
			control(b, hw.ControlKnocked)
		case 'r', 'R':
			control(b, hw.ControlMisread)
		case 'b', 'B':
			control(b, hw.ControlUnscanned)
		case 'l', 'L':
			if err := n.ControlAs(hw.ControlUnscanned, game.Ground.String()); err != nil {
				warn(fmt.Errorf("key %c (unscanned, a Ground): %w", b, err))
			}
		case 'q', 'Q', 3, 4: // q, ^C, ^D
			quit(errQuit)
		default:
			for _, k := range nameKeys {
				if b == k.key || b == k.key-'a'+'A' {
					if err := n.ControlAs(hw.ControlConfirm, k.kind.String()); err != nil {
						warn(fmt.Errorf("key %c (%v): %w", b, k.kind, err))
					}
				}
			}
		}
	}
}

// nameLegend is the keys that name a card, for those of kinds the deck
// has: "g Ground  t Stop  h Hit ...".
func nameLegend(has func(game.Kind) bool) string {
	var parts []string
	for _, k := range nameKeys {
		if has(k.kind) {
			parts = append(parts, fmt.Sprintf("%c %v", k.key, k.kind))
		}
	}
	return strings.Join(parts, "  ")
}

// errQuit is the player's q.
var errQuit = errors.New("quit")

// riderKeys is the keys that name a rider or an Extra, for the help.
func riderKeys() string {
	return nameLegend(func(k game.Kind) bool { return k.IsRider() || k == game.Extra })
}
