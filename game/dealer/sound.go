package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/hw"
)

// leader is a sound sink that must be given a cue some time ahead of it:
// a speaker has that much already in the card's buffer (hw/sound Speaker).
type leader interface {
	Lead() time.Duration
}

// lead is how far ahead of a beat its cue must be scheduled.
func (d *Dealer) lead() time.Duration {
	if l, ok := d.hw.Sound.(leader); ok {
		return max(0, l.Lead())
	}
	return 0
}

// cue plays c at the clock's time at; a failing sound is noted, and the
// hand goes on.
func (d *Dealer) cue(c hw.Cue, at time.Duration) {
	if d.hw.Sound == nil {
		return
	}
	if err := d.hw.Sound.Play(c, at); err != nil {
		d.note(fmt.Errorf("cue %v: %w", c, err))
	}
}
