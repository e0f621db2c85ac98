package night

import (
	"fmt"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/hw/config"
)

// Settings are a night's rules and pace.
type Settings struct {
	Rules game.Rules
	// Deck is the simulated table's deck for Rules; a real table plays the
	// cards it enrolled.
	Deck       game.DeckSpec
	Mode       config.Mode
	Tempo      float64 // cards a minute at the first card
	StopWindow time.Duration
	TieWindow  time.Duration
}

// Overrides are what a person sets for tonight over the board config;
// zero values keep the config's (or the defaults').
type Overrides struct {
	Rules  string // a name from game.RuleSetNames
	Expert bool   // add Anvil, Chute and Goggles to the simulated deck
	Mode   string // follow or strict
	Tempo  float64
}

// Resolve is the night's settings: b's (nil: the defaults), then o's.
func Resolve(b *config.Board, o Overrides) (Settings, error) {
	t := config.DefaultTiming()
	rules := "official"
	if b != nil {
		t = b.Timing
		rules = strings.ToLower(fmt.Sprint(b.Rules))
	}
	if o.Rules != "" {
		rules = o.Rules
	}
	opt, deck, err := game.RuleSet(rules)
	if err != nil {
		return Settings{}, err
	}
	deck.Anvil, deck.Chute, deck.Goggles = o.Expert, o.Expert, o.Expert
	s := Settings{Rules: opt, Deck: deck, Mode: t.Mode, Tempo: float64(t.Tempo), StopWindow: t.StopWindow, TieWindow: t.TieWindow}
	switch o.Mode {
	case "":
	case "follow":
		s.Mode = config.Follow
	case "strict":
		s.Mode = config.Strict
	default:
		return s, fmt.Errorf("unknown mode %q (want follow or strict)", o.Mode)
	}
	if o.Tempo != 0 {
		s.Tempo = o.Tempo
	}
	return s, s.check()
}

func (s Settings) check() error {
	if s.Tempo < config.MinTempo || s.Tempo > config.MaxTempo {
		return fmt.Errorf("tempo %v: want %v to %v cards a minute", s.Tempo, config.MinTempo, config.MaxTempo)
	}
	return nil
}

// riseBy is how much faster than the start the deal runs toward the
// Grounds, as a pacing dealer picks up the pace.
const riseBy = 1.25

// Ramp is the hand's tempo: the start, rising over the last cards before
// the Grounds, never past the fastest a dealer can deal (a tempo near the
// limit rises less, or not at all).
func (s Settings) Ramp() dealer.Tempo {
	return dealer.Tempo{Start: s.Tempo, RiseLast: 8, RiseTo: min(s.Tempo*riseBy, config.MaxTempo)}
}
