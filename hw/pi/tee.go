package pi

import (
	"sync"

	"github.com/falling-table/falling/hw"
)

// teeButtons shows every seat event to see (the dealer panel's long press)
// on its way to the game. The game still gets the dealer's presses: the log
// keeps every press with its kernel time, whatever it meant.
type teeButtons struct {
	in     hw.Buttons
	see    func(hw.ButtonEvent)
	events chan hw.ButtonEvent
	done   chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
	err    error
}

func newTee(in hw.Buttons, see func(hw.ButtonEvent)) *teeButtons {
	t := &teeButtons{in: in, see: see, events: make(chan hw.ButtonEvent, 256), done: make(chan struct{})}
	t.wg.Add(1)
	go t.run()
	return t
}

func (t *teeButtons) run() {
	defer t.wg.Done()
	for e := range t.in.Events() {
		t.see(e)
		select {
		case t.events <- e:
		case <-t.done:
			// Closing: drain in so its goroutines are not left blocked.
		}
	}
}

func (t *teeButtons) Events() <-chan hw.ButtonEvent { return t.events }
func (t *teeButtons) Lost() <-chan hw.LostEvents    { return t.in.Lost() }

func (t *teeButtons) Close() error {
	t.once.Do(func() {
		close(t.done)
		t.err = t.in.Close()
		t.wg.Wait()
		close(t.events)
	})
	return t.err
}
