package night

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/config"
)

func simNight(t *testing.T, hands int, dir string, seed uint64) (*Night, []HandResult, error) {
	t.Helper()
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: hands, LogDir: dir},
		NewSimTable(SimOptions{Settings: s, Seed: seed}))
	if err != nil {
		t.Fatal(err)
	}
	var got []HandResult
	err = n.Run(context.Background(), func(r HandResult) { got = append(got, r) })
	return n, got, err
}

// "The last faller standing wins; the winner's seat becomes the dealer for
// the next hand; the scoreboard updates" (product.md), and each hand's log
// is closed with its winner.
func TestNightWinnerDealsNext(t *testing.T) {
	dir := t.TempDir()
	n, got, err := simNight(t, 3, dir, 11)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || len(n.Scoreboard().Hands) != 3 {
		t.Fatalf("%d hands reported, %d on the scoreboard; want 3", len(got), len(n.Scoreboard().Hands))
	}
	night, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(night.Hands) != 3 {
		t.Fatalf("the night's index has %d hands", len(night.Hands))
	}
	for i, r := range got {
		if r.Result.NextDealer != r.Result.Winner || r.Result.Winner == 0 {
			t.Errorf("hand %d: winner %d, next dealer %d", r.N, r.Result.Winner, r.Result.NextDealer)
		}
		h, err := playlog.Read(r.Log)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && h.Start.Dealer != got[i-1].Result.Winner {
			t.Errorf("hand %d dealt by seat %d; hand %d was won by seat %d", r.N, h.Start.Dealer, i, got[i-1].Result.Winner)
		}
		if !night.Hands[i].Ended || night.Hands[i].Winner != r.Result.Winner {
			t.Errorf("index entry %d: ended %v, winner %d; want seat %d", i, night.Hands[i].Ended, night.Hands[i].Winner, r.Result.Winner)
		}
	}
}

// The same seed plays the same night: the simulated table is a test bench
// only if what it does can be replayed.
func TestNightSameSeedSameHands(t *testing.T) {
	_, a, errA := simNight(t, 2, "", 5)
	_, b, errB := simNight(t, 2, "", 5)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	for i := range a {
		if a[i].Result.Winner != b[i].Result.Winner || a[i].Result.Dealt != b[i].Result.Dealt {
			t.Errorf("hand %d: %+v, then %+v", i+1, a[i].Result, b[i].Result)
		}
	}
}

// A night stopped mid-hand returns the stop's cause and keeps the log of
// what happened.
func TestNightStopped(t *testing.T) {
	s, _ := Resolve(nil, Overrides{})
	dir := t.TempDir()
	n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4}, LogDir: dir}, NewSimTable(SimOptions{Settings: s, Seed: 1}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("the table is closing")
	cancel(stop)
	if err := n.Run(ctx, nil); !errors.Is(err, stop) {
		t.Fatalf("Run = %v, want the stop's cause", err)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*.fall")); len(names) != 0 {
		t.Errorf("a night stopped before its first hand wrote %v", names)
	}
}

func TestNightRefusesBadConfig(t *testing.T) {
	s, _ := Resolve(nil, Overrides{})
	table := NewSimTable(SimOptions{Settings: s})
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"too few seats", Config{Settings: s, Seats: []int{1, 2}}},
		{"a dealer not at the table", Config{Settings: s, Seats: []int{1, 2, 3}, Dealer: 9}},
		{"negative hands", Config{Settings: s, Seats: []int{1, 2, 3}, Hands: -1}},
		{"resume without logs", Config{Settings: s, Seats: []int{1, 2, 3}, Resume: true}},
		{"a tempo no dealer can deal", Config{Settings: Settings{Rules: s.Rules, Tempo: 601}, Seats: []int{1, 2, 3}}},
	} {
		if _, err := New(c.cfg, table); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if _, err := New(Config{Settings: s, Seats: []int{1, 2, 3}}, nil); err == nil {
		t.Error("a night with no table: accepted")
	}
}

// Issue 13: "falling play --tempo 481 passes the checks and then the hand
// dies (tempo rise to 601.25 cards a minute: want 10 to 600); a config's
// tempo: 600 the same. The ramp must respect the limit."
func TestRampRespectsTheLimit(t *testing.T) {
	for _, tempo := range []float64{config.MinTempo, 60, 400, 481, 599, config.MaxTempo} {
		s, err := Resolve(nil, Overrides{Tempo: tempo})
		if err != nil {
			t.Fatalf("tempo %v: %v", tempo, err)
		}
		r := s.Ramp()
		if r.RiseTo > config.MaxTempo || r.RiseTo < r.Start {
			t.Errorf("tempo %v rises to %v", tempo, r.RiseTo)
		}
		if tempo != 481 && tempo != config.MaxTempo {
			continue
		}
		// And a whole hand at the tempos the issue names plays to its end.
		n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4}, Hands: 1}, NewSimTable(SimOptions{Settings: s, Seed: 3}))
		if err != nil {
			t.Fatal(err)
		}
		if err := n.Run(context.Background(), nil); err != nil {
			t.Errorf("a hand at tempo %v: %v", tempo, err)
		}
	}
	for _, tempo := range []float64{5000, -1, 9} {
		if _, err := Resolve(nil, Overrides{Tempo: tempo}); err == nil {
			t.Errorf("tempo %v accepted", tempo)
		}
	}
}
