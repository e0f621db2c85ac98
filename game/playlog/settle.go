package playlog

import "github.com/falling-table/falling/game"

// "Who was first" is a rule and lives beside the rules (game.Settle); the
// log keeps its answer as it was announced.

// Press is one seat button edge, by its kernel timestamp.
type Press = game.SeatPress

// Dispute is a settled "who was first", as a KindDispute entry keeps it.
type Dispute = game.Dispute
