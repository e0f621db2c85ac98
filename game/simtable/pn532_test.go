package simtable_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
	"github.com/falling-table/falling/hw/reader"
)

type memLog struct {
	mu      sync.Mutex
	entries []playlog.Entry
}

func (l *memLog) Append(e playlog.Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	return nil
}

func (l *memLog) kind(k playlog.Kind) []playlog.Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []playlog.Entry
	for _, e := range l.entries {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// modelHand plays a whole hand of 5 sensible fallers on the simulated
// table reading through the PN532 model; during, if set, is called with
// the table before the hand starts.
func modelHand(t *testing.T, seed uint64, chip simtable.PN532, during func(*simtable.Table, *dealer.Dealer)) (*simtable.Table, *dealer.Dealer, *memLog, dealer.Result) {
	t.Helper()
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(seed, 1)))
	seats := []int{2, 3, 4, 5, 6}
	window := 1500 * time.Millisecond
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Seed: seed, StopWindow: window, Ready: true, PN532: &chip})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := tb.Close(); err != nil {
			t.Error(err)
		}
	})
	log := &memLog{}
	cfg := dealer.Config{Hand: fmt.Sprintf("model-%d", seed), Dealer: 1, Cards: tb.Cards(),
		Game:  game.Config{Rules: game.Official(), Seats: seats, Deck: deck},
		Tempo: dealer.Tempo{Start: 60, RampEvery: 10, RampBy: 10, Max: 120, RiseLast: 5, RiseTo: 150},
		Mode:  config.Follow, CountIn: 2, WaitReady: true, StopWindow: window, TieWindow: 5 * time.Millisecond,
		Audit: true, Wall: func() time.Time { return time.Unix(0, 0) }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	d, err := dealer.New(cfg, dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.CardReader(), Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	if during != nil {
		during(tb, d)
	}
	tb.Start()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tb.Clock.At(30*time.Minute, cancel)
	res, err := d.RunStepped(ctx, tb.Clock)
	if err != nil {
		t.Fatalf("hand: %v; instruction %v", err, d.View().Instruction)
	}
	if err := tb.Err(); err != nil {
		t.Fatalf("table: %v", err)
	}
	if g := tb.Truth(); !g.Over() || res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won; table: over %v, seat %d", res.Winner, g.Over(), g.Seat(g.Winner()))
	}
	return tb, d, log, res
}

// Every card the dealer hears of went through the model: the simulated
// dealer laid it on the chip, the driver's InListPassiveTarget found it
// and the service reported it once. Cards read = cards laid = scans in the
// hand's log, with nothing confirmed by hand.
func TestEveryCardThroughTheModel(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			tb, _, log, _ := modelHand(t, seed, simtable.PN532{}, nil)
			h, _ := tb.ReaderHealth()
			st := tb.Chip.Stats()
			scans := log.kind(playlog.KindScan)
			laid := tb.Laid()
			if laid == 0 || h.Reads != laid || len(scans) != laid {
				t.Errorf("laid %d cards, the service read %d, the log has %d scans", laid, h.Reads, len(scans))
			}
			if st.Found < laid || h.Misses != 0 || h.Lost != 0 || st.Resets != 0 {
				t.Errorf("chip %+v, health %v", st, h)
			}
			for _, e := range log.kind(playlog.KindControl) {
				if e.Control == hw.ControlConfirm.String() && e.Kernel < auditStart(log) {
					t.Errorf("a card confirmed by hand at %v with the reader working", e.Kernel)
				}
			}
		})
	}
}

// auditStart is when the hand's audit began (its first prompt), or the
// end of time.
func auditStart(log *memLog) time.Duration {
	for _, e := range log.kind(playlog.KindAudit) {
		return e.Kernel
	}
	return 1<<63 - 1
}

// The failure PN532 users report most, in the middle of a hand: the chip
// stops answering just as a card is dealt onto it. The service's watchdog
// reports it lost, resets it through RSTPDN and it comes back; the dealer
// tells the table both, the simulated dealer confirms from the panel the
// card the reader missed, and the hand plays to its end.
func TestReaderHangsMidHand(t *testing.T) {
	for _, mode := range []struct {
		name string
		m    pn532test.HangMode
	}{{"silent", pn532test.HangSilent}, {"holding the clock", pn532test.HangHoldClock}} {
		t.Run(mode.name, func(t *testing.T) {
			var hangAt time.Duration
			var said []string
			tb, _, log, _ := modelHand(t, 2, simtable.PN532{}, func(tb *simtable.Table, d *dealer.Dealer) {
				// The first beat after 20 s: the simulated dealer lays its
				// card DealDelay later, on a chip that no longer answers.
				tb.Sound.Observe(func(c hwtest.CuePlayed) {
					if hangAt == 0 && c.Now >= 20*time.Second && (c.Cue == hw.CueTick || c.Cue == hw.CueDealHere || c.Cue == hw.CueAccent) {
						hangAt = c.Now
						tb.Clock.At(hangAt, func() { tb.Chip.Hang(mode.m) })
						// What the dealer says, every 50 ms for 3 s: a
						// warning leaves the screen once it no longer holds.
						for at := hangAt; at < hangAt+3*time.Second; at += 50 * time.Millisecond {
							tb.Clock.At(at, func() {
								for _, m := range d.View().Messages {
									if !slices.Contains(said, m.Text) {
										said = append(said, m.Text)
									}
								}
							})
						}
					}
				})
			})
			h, _ := tb.ReaderHealth()
			if h.Lost != 1 || h.Resets != 1 || h.State != reader.HealthOK || tb.Chip.Stats().Resets != 1 {
				t.Errorf("health %v; chip resets %d; want lost once, reset once through RSTPDN, ok", h, tb.Chip.Stats().Resets)
			}
			var states []string
			var lostAt, backAt time.Duration
			for _, e := range log.kind(playlog.KindReader) {
				states = append(states, e.Note)
				switch e.Note {
				case "reader " + hw.ReaderLost.String():
					lostAt = e.Kernel
				case "reader " + hw.ReaderOK.String():
					backAt = e.Kernel
				}
			}
			t.Logf("hung at %v, lost at %v, back at %v", hangAt, lostAt, backAt)
			if strings.Join(states, ", ") != "reader lost, reader ok" || lostAt < hangAt || backAt <= lostAt || backAt > hangAt+2*time.Second {
				t.Fatalf("reader entries %v, lost at %v, back at %v; hung at %v", states, lostAt, backAt, hangAt)
			}
			all := strings.Join(said, "\n")
			if !strings.Contains(all, "the card reader is gone") || !strings.Contains(all, "the card reader is back") {
				t.Errorf("the dealer said:\n%s", all)
			}
			// The card dealt onto the hung chip is confirmed from the panel
			// once the dealer says the reader is lost.
			confirmed := 0
			for _, e := range log.kind(playlog.KindControl) {
				if e.Control == hw.ControlConfirm.String() && e.Kernel >= lostAt && e.Kernel < auditStart(log) {
					confirmed++
				}
			}
			if confirmed == 0 {
				t.Error("no card confirmed from the panel while the reader was lost")
			}
			// Scans stop while it is hung and start again once it is back.
			var before, after int
			for _, e := range log.kind(playlog.KindScan) {
				switch {
				case e.Kernel > hangAt && e.Kernel < backAt:
					t.Errorf("a scan at %v while the reader was hung", e.Kernel)
				case e.Kernel <= hangAt:
					before++
				default:
					after++
				}
			}
			if before == 0 || after == 0 {
				t.Errorf("%d scans before the hang, %d after", before, after)
			}
		})
	}
}

// The longest a card waits on the reader before the dealer hears of it,
// laid at every phase of the service's polling (1 ms apart): it must stay
// under Hear, the time the simulated dealer waits before acting on a card
// having been read, and far under the 100 ms between cards at ten cards a
// second.
func TestModelReadLatency(t *testing.T) {
	tb, uids := latencyTable(t)
	r := tb.CardReader()
	var worst time.Duration
	start := tb.Clock.Now() + time.Second
	for i := range 60 {
		// Alternate two cards so each counts as new.
		at := start + time.Duration(i)*(400*time.Millisecond+time.Millisecond)
		uid := uids[i%2]
		tb.Clock.At(at, func() { tb.Chip.RemoveCard(); tb.Chip.PutCard(pn532test.NTAG(uid.Bytes())) })
		tb.Clock.At(at+300*time.Millisecond, tb.Chip.RemoveCard)
		tb.Clock.RunUntil(at + 400*time.Millisecond)
		select {
		case e := <-r.Cards():
			if e.UID != uid {
				t.Fatalf("read %v, laid %v", e.UID, uid)
			}
			worst = max(worst, e.Time-at)
		default:
			t.Fatalf("card %d laid at %v never read", i, at)
		}
	}
	t.Logf("longest wait from a card laid to the dealer hearing of it: %v", worst)
	if worst >= 100*time.Millisecond || worst <= 0 {
		t.Errorf("longest wait %v; the simulated dealer's Hear is 100 ms", worst)
	}
}

// How long a card must stay on the reader to be read whatever the phase of
// the polling it meets: a poll with no card (about 24 ms) and an
// activation (6 ms). The simulated dealer's Gap, 60 ms, is twice that.
func TestModelShortestStay(t *testing.T) {
	for _, tt := range []struct {
		stay   time.Duration
		always bool
	}{{20 * time.Millisecond, false}, {25 * time.Millisecond, false}, {30 * time.Millisecond, true}, {60 * time.Millisecond, true}} {
		t.Run(tt.stay.String(), func(t *testing.T) {
			tb, uids := latencyTable(t)
			r := tb.CardReader()
			missed := 0
			start := tb.Clock.Now() + time.Second
			for i := range 100 {
				at := start + time.Duration(i)*(400*time.Millisecond+time.Millisecond/2)
				uid := uids[i%2]
				tb.Clock.At(at, func() { tb.Chip.RemoveCard(); tb.Chip.PutCard(pn532test.NTAG(uid.Bytes())) })
				tb.Clock.At(at+tt.stay, tb.Chip.RemoveCard)
				tb.Clock.RunUntil(at + 400*time.Millisecond)
				select {
				case <-r.Cards():
				default:
					missed++
				}
			}
			if (missed == 0) != tt.always {
				t.Errorf("a card laid for %v at 100 phases of the polling: %d missed", tt.stay, missed)
			}
		})
	}
}

// latencyTable is a table with the PN532 and nobody dealing: a test lays
// cards on the chip itself.
func latencyTable(t *testing.T) (*simtable.Table, [2]hw.UID) {
	t.Helper()
	deck := []game.Card{{ID: "a", Kind: game.Hit}, {ID: "b", Kind: game.Skip}, {ID: "g", Kind: game.Ground}}
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond, PN532: &simtable.PN532{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	a, _ := tb.TagOf("a")
	b, _ := tb.TagOf("b")
	return tb, [2]hw.UID{a, b}
}
