package playlog

import (
	"time"

	"github.com/falling-table/falling/game"
)

// "Who was first" is a rule and lives beside the rules (game.Settle); the
// log keeps its answer as it was announced.

// Press is one seat button edge, by its kernel timestamp.
type Press = game.SeatPress

// Dispute is a settled "who was first", as a KindDispute entry keeps it.
type Dispute = game.Dispute

// Settle is game.Settle.
//
// Deprecated: call game.Settle; this stays until the last callers move.
func Settle(presses []Press, since, tie time.Duration) Dispute {
	return game.Settle(presses, since, tie)
}

// SettleWindow is game.SettleWindow.
//
// Deprecated: call game.SettleWindow; this stays until the last callers move.
func SettleWindow(presses []Press, since, until, tie time.Duration) Dispute {
	return game.SettleWindow(presses, since, until, tie)
}
