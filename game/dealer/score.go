package dealer

import (
	"sort"
	"time"
)

// HandResult is one finished hand as the night remembers it.
type HandResult struct {
	Hand       string        `json:"hand"`
	Dealer     int           `json:"dealer"` // the seat that dealt
	Winner     int           `json:"winner"` // the seat that won, and deals next
	Dealt      int           `json:"dealt"`
	Duration   time.Duration `json:"duration"`
	Accounted  bool          `json:"accounted"` // the audit found every card
	Impossible int           `json:"impossible,omitempty"`
	// Declared: the table ended the hand, naming its winner (the lights
	// had lost it).
	Declared bool `json:"declared,omitempty"`
}

// Scoreboard is the night's results: "Several hands in a row: the winner
// deals next, a scoreboard keeps the night's results."
type Scoreboard struct {
	Hands []HandResult `json:"hands"`
}

// Record adds a finished hand.
func (s *Scoreboard) Record(r HandResult) { s.Hands = append(s.Hands, r) }

// Standing is one seat's line on the board.
type Standing struct {
	Seat int `json:"seat"`
	Wins int `json:"wins"`
}

// Standings lists the seats that won, most wins first (ties: lower seat).
func (s *Scoreboard) Standings() []Standing {
	wins := map[int]int{}
	for _, h := range s.Hands {
		wins[h.Winner]++
	}
	out := make([]Standing, 0, len(wins))
	for seat, w := range wins {
		out = append(out, Standing{Seat: seat, Wins: w})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Wins != out[j].Wins {
			return out[i].Wins > out[j].Wins
		}
		return out[i].Seat < out[j].Seat
	})
	return out
}

// Copy is an independent copy, for a View.
func (s *Scoreboard) Copy() Scoreboard {
	return Scoreboard{Hands: append([]HandResult(nil), s.Hands...)}
}
