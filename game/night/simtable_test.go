package night

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// simHands plays hands on the simulated table with logs kept, and returns
// each hand's log and each table.
func simHands(t *testing.T, hands int, seed uint64, onTable func(*simtable.Table)) ([]*playlog.Hand, []*simtable.Table) {
	t.Helper()
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	var tables []*simtable.Table
	dir := t.TempDir()
	n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4, 5, 6}, Hands: hands, LogDir: dir},
		NewSimTable(SimOptions{Settings: s, Seed: seed, OnTable: func(tb *simtable.Table) {
			tables = append(tables, tb)
			if onTable != nil {
				onTable(tb)
			}
		}}))
	if err != nil {
		t.Fatal(err)
	}
	var logs []*playlog.Hand
	if err := n.Run(context.Background(), func(r HandResult) {
		h, err := playlog.Read(r.Log)
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, h)
	}); err != nil {
		t.Fatal(err)
	}
	return logs, tables
}

// Every card of a simulated night goes through the PN532 model, the
// driver and the reader service, and the same seed still plays the same
// night: the hands' logs agree entry by entry (decoded, the wall clock
// aside), card reads and their times included.
func TestSimTableReadsThroughTheModelRepeatably(t *testing.T) {
	a, ta := simHands(t, 2, 21, nil)
	b, _ := simHands(t, 2, 21, nil)
	for i := range a {
		ea, eb := a[i].Entries, b[i].Entries
		if len(ea) != len(eb) {
			t.Errorf("hand %d: %d entries, then %d", i+1, len(ea), len(eb))
		}
		for j := range min(len(ea), len(eb)) {
			x, y := ea[j], eb[j]
			x.Wall, y.Wall = time.Time{}, time.Time{}
			if !reflect.DeepEqual(x, y) {
				t.Fatalf("hand %d entry %d:\n%+v\nthen\n%+v", i+1, j+1, x, y)
			}
		}
		if a[i].Winner != b[i].Winner || a[i].Winner == 0 {
			t.Errorf("hand %d: won by seat %d, then %d", i+1, a[i].Winner, b[i].Winner)
		}
		// The cards the dealer heard of are the reader service's reads
		// of the cards the simulated dealer laid on the chip.
		scans := 0
		for _, e := range ea {
			if e.Kind == playlog.KindScan {
				scans++
			}
		}
		h, _ := ta[i].ReaderHealth()
		if laid := ta[i].Laid(); scans == 0 || h.Reads != scans || laid != scans || ta[i].Chip.Stats().Found < scans {
			t.Errorf("hand %d: %d scans logged, %d cards laid, %d read by the service, chip %+v", i+1, scans, laid, h.Reads, ta[i].Chip.Stats())
		}
	}
}

// A night whose reader hangs in the middle of its first hand: the
// watchdog resets it through RSTPDN, the hand's log says it was lost and
// back, and the night plays on.
func TestSimTableReaderHangs(t *testing.T) {
	first := true
	logs, tables := simHands(t, 2, 8, func(tb *simtable.Table) {
		if first {
			first = false
			tb.Clock.At(15*time.Second, func() { tb.Chip.Hang(pn532test.HangHoldClock) })
		}
	})
	var states []string
	for _, e := range logs[0].Entries {
		if e.Kind == playlog.KindReader {
			states = append(states, e.Note)
		}
	}
	want := []string{"reader " + hw.ReaderLost.String(), "reader " + hw.ReaderOK.String()}
	if fmt.Sprint(states) != fmt.Sprint(want) {
		t.Errorf("hand 1's reader entries %q, want %q", states, want)
	}
	h, _ := tables[0].ReaderHealth()
	if h.Resets != 1 || h.Lost != 1 || !logs[0].Ended || !logs[1].Ended {
		t.Errorf("health %v; hands ended %v, %v", h, logs[0].Ended, logs[1].Ended)
	}
}

// A paced hand (make run) reads through the model too: the reader service
// follows the pacing clock, and when the night stops the hand's reader is
// closed after the pacing has stopped. (A paced hand is not repeatable: the
// dealer runs in real time. So this one is stopped after half a second of real
// time, ten seconds of the table's, with the cards dealt so far all read.)
func TestSimTablePaced(t *testing.T) {
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	var tb *simtable.Table
	n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4}, Hands: 1},
		NewSimTable(SimOptions{Settings: s, Seed: 3, Paced: true, Real: hwtest.NewHost(0, 20),
			OnTable: func(x *simtable.Table) { tb = x }}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := n.Run(ctx, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Run = %v, want the night stopped by its deadline", err)
	}
	// Closed with the hand: its channel ends once what it held is read.
	for range tb.CardReader().Cards() {
	}
	h, _ := tb.ReaderHealth()
	if laid := tb.Laid(); h.Reads == 0 || h.Reads < laid-1 || h.Reads > laid {
		t.Errorf("%d cards laid, health %v: want every card laid read, but one laid as the night stopped", laid, h)
	}
}
