package main

import (
	"context"
	"errors"
	"io"
	"os"

	"golang.org/x/term"

	"github.com/falling-table/falling/game/night"
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

// playKeys is what a key does during falling play: the space bar (or
// Enter) is your seat's button; p, d and c the dealer panel's pause,
// dispute and confirm; q, ^C and ^D quit.
func playKeys(n *night.Night, you int, quit context.CancelCauseFunc) func(byte) {
	return func(b byte) {
		switch b {
		case ' ', '\r', '\n':
			n.Press(you)
		case 'p', 'P':
			_ = n.Control(hw.ControlPause)
		case 'd', 'D':
			_ = n.Control(hw.ControlDispute)
		case 'c', 'C':
			_ = n.Control(hw.ControlConfirm)
		case 'q', 'Q', 3, 4: // q, ^C, ^D
			quit(errQuit)
		}
	}
}

// errQuit is the player's q.
var errQuit = errors.New("quit")
