// Package game is the FALLING rules engine: a pure state machine. A Game
// is built from a Config (the rule set, the fallers' seats, the deck) and
// moves only by Apply (or Observe, its door for a real table): state +
// Event → next state, or a *RuleError that
// quotes the rule it enforces and leaves the state as it was. There is no
// clock, no randomness and no I/O here: time and hardware are the
// dealer's (game/dealer), randomness the simulator's (game/bot), so a hand
// replays exactly from its log.
//
// The engine runs in two modes, on the same rules:
//
//   - In simulation (Config.Ordered) it knows the deck's order and sees
//     every play: computer fallers and the simulated table use it as the
//     truth of what happened.
//   - At a real table it sees only what the table sends, the observations,
//     through Observe: each scanned card (EvScan), a seat's press
//     (EvPress), the dealer's confirmation by hand (EvConfirm), the
//     dealer's report that a stack is gone (EvStackGone), the Stop
//     window's close (EvStopClosed), a card dealt by hand, read once the
//     reader can read it, or said no longer on top (EvIdentify, NotOnTop),
//     a stack knocked over and gathered back (EvKnocked), and the dealer's
//     word that the card just read came after one dealt unscanned
//     (EvUnscanned), or that a stack said not there is there after all
//     (EvThere), and the table's word on who won a hand the engine could
//     not follow to its end (EvDeclared). Observe refuses the plays and the
//     dealer's steps (RuleNotObservation): the table cannot see them. From
//     where each card was last seen the engine infers the plays it cannot
//     see (Inferences) and refuses what no legal play can explain.
//
// Next tells the dealer what to do now (an Instruction), Legal lists the
// plays a faller may make, Check verifies the invariants after every
// event, and Digest fingerprints the state so a replayed log can be
// checked entry by entry. The three rule sets of rules/ are Official,
// Classic and French (RuleSet names them); each rule test quotes the
// rulebook sentence it checks.
package game
