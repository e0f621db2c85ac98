package dealer_test

import (
	"context"
	"github.com/falling-table/falling/hw/clock"

	"sort"
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw/config"
)

// TestRunInRealTimeMode plays the same hand through Run, the loop used at
// a real table (goroutines, channels, SleepUntil on absolute times), with
// the virtual clock advanced from outside as real time would be. It must
// reach the same end as the stepped run of the same seed.
func TestRunInRealTimeMode(t *testing.T) {
	_, _, _, want, err := botHand(t, 2, 4, config.Follow, false)
	if err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		deck := botDeck(2)
		seats := []int{2, 3, 4, 5}
		tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Seed: 2, StopWindow: 1500 * time.Millisecond, Ready: true})
		if err != nil {
			t.Fatal(err)
		}
		tb.Clock.SetSettle(synctest.Wait)
		log := &memLog{}
		d, err := dealer.New(botConfig(2, seats, deck, tb, config.Follow, false), dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
		if err != nil {
			t.Fatal(err)
		}
		views, cancelViews := d.Subscribe()
		defer cancelViews()
		tb.Start()
		type out struct {
			res dealer.Result
			err error
		}
		done := make(chan out, 1)
		go func() {
			r, err := d.Run(context.Background())
			done <- out{r, err}
		}()
		for {
			synctest.Wait()
			select {
			case o := <-done:
				if o.err != nil || o.res.Winner != want.Winner || o.res.Dealt != want.Dealt {
					t.Fatalf("Run: %+v, %v; the stepped run: %+v", o.res, o.err, want)
				}
				if len(log.kind(playlog.KindHandEnd)) != 1 {
					t.Fatal("no hand end logged")
				}
				var last dealer.View
				for len(views) > 0 {
					last = <-views
				}
				if last.Phase != dealer.PhaseDone || last.Winner != want.Winner {
					t.Fatalf("the last view a screen got: phase %v, winner %d", last.Phase, last.Winner)
				}
				return
			default:
			}
			next, ok := tb.Clock.Next()
			if !ok || next > 30*time.Minute {
				t.Fatalf("the hand stalled at %v", tb.Clock.Now())
			}
			tb.Clock.AdvanceTo(next)
		}
	})
}

// BenchmarkBeatLateness measures how late the dealer's beat fires on the
// real CLOCK_MONOTONIC at 240 cards a minute over a minute ("The beat:
// scheduled against absolute time (t0 + n·period) ... no drift"), beside a
// naive time.Ticker loop in the same run, with the machine idle and with
// another core kept busy. -short runs 10 s.
func BenchmarkBeatLateness(b *testing.B) {
	for _, busy := range []bool{false, true} {
		name := "idle"
		if busy {
			name = "other-core-busy"
		}
		b.Run(name, func(b *testing.B) {
			span := time.Minute
			if testing.Short() {
				span = 10 * time.Second
			}
			for b.Loop() {
				beat, naive := lateness(b, span, busy)
				report(b, "dealer", beat)
				report(b, "ticker", naive)
			}
		})
	}
}

func lateness(b *testing.B, span time.Duration, busy bool) (beat, naive []time.Duration) {
	clk, err := clock.New()
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), span)
	defer cancel()
	if busy {
		go func() {
			x := 0
			for ctx.Err() == nil {
				for i := 0; i < 1_000_000; i++ {
					x += i
				}
			}
			_ = x
		}()
	}
	const period = time.Minute / 240
	tick := make(chan []time.Duration, 1)
	go func() {
		var late []time.Duration
		t0 := clk.Now()
		tk := time.NewTicker(period)
		defer tk.Stop()
		for n := 1; ; n++ {
			select {
			case <-ctx.Done():
				tick <- late
				return
			case <-tk.C:
				late = append(late, clk.Now()-(t0+time.Duration(n)*period))
			}
		}
	}()
	log := &memLog{}
	deck := game.NewDeck(game.DeckSpec{Move: true})
	d, err := dealer.New(dealer.Config{Game: game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck},
		Tempo: dealer.Tempo{Start: 240}, Mode: config.Strict}, dealer.Hardware{Clock: clk}, log)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.Run(ctx); err != context.DeadlineExceeded {
		b.Fatal(err)
	}
	for _, e := range log.kind(playlog.KindBeat) {
		if e.Note == "" {
			beat = append(beat, e.Late)
		}
	}
	return beat, <-tick
}

func report(b *testing.B, who string, late []time.Duration) {
	if len(late) == 0 {
		b.Fatalf("%s: no beats", who)
	}
	sort.Slice(late, func(i, j int) bool { return late[i] < late[j] })
	us := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	b.ReportMetric(us(late[len(late)/2]), who+"-p50-µs")
	b.ReportMetric(us(late[len(late)*99/100]), who+"-p99-µs")
	b.ReportMetric(us(late[len(late)-1]), who+"-max-µs")
	b.ReportMetric(float64(len(late)), who+"-beats")
}

// BenchmarkWholeHand is the memory of a whole hand of computer fallers on
// the simulated table, dealer and table together (falling play --fast).
func BenchmarkWholeHand(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, _, err := botHand(b, 3, 5, config.Follow, true); err != nil {
			b.Fatal(err)
		}
	}
}
