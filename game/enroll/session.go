package enroll

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/hw"
)

// Verdict is what became of one scan or key.
type Verdict int

const (
	Info      Verdict = iota // nothing was scanned: a key, a turn starting, the end
	Accepted                 // the tag is now a card of the deck
	Seen                     // a card that is still here (finding a lost card)
	Duplicate                // already enrolled as this kind
	Foreign                  // not a card sticker, or a card of another kind
	Retired                  // a lost card's old tag
)

var verdictNames = []string{"info", "accepted", "seen", "duplicate", "foreign", "retired"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Refused reports whether the scan was turned away.
func (v Verdict) Refused() bool { return v >= Duplicate }

// Outcome is what the person at the table is told after a scan or a key.
type Outcome struct {
	Verdict Verdict
	// Entry is the card accepted, or what a refused tag already is.
	Entry deckfile.Entry
	Text  string // one line, for the terminal
	// Save is set when the deck changed: it must be written before the
	// person is told the card is in.
	Save bool
	// Announce, when set, starts a new turn ("now the Splits: ...").
	Announce string
	Done     bool // enrollment is over; Text says how it ended
}

// Session is one run of enrollment or of a replacement. It holds the deck
// and changes it only on Accepted outcomes.
type Session struct {
	deck  *deckfile.Deck
	check func(hw.UID) error

	plan Plan
	step int

	rep *replacement // nil unless replacing a lost card

	done bool
}

// replacement is the state of --replace: first find which card is lost
// (unless told), then take the new tag.
type replacement struct {
	kind   game.Kind
	number int // 0 until the lost card is known
	seen   map[int]bool
	// choices is set when several cards were not seen: the person picks.
	choices []int
}

// ErrNothingToReplace is returned by NewReplace when the deck has no such
// card.
var ErrNothingToReplace = errors.New("nothing to replace")

// NewSession enrolls the cards of plan into d, which may already hold cards
// from an earlier run: turns already complete are skipped. check refuses
// tags that are not card stickers (CheckNTAG21x if nil).
func NewSession(d *deckfile.Deck, plan Plan, check func(hw.UID) error) *Session {
	if check == nil {
		check = CheckNTAG21x
	}
	return &Session{deck: d, plan: plan, check: check}
}

// NewReplace replaces a lost card of kind k in d: number n, or, when n is 0,
// the one card of that kind the person does not scan.
func NewReplace(d *deckfile.Deck, k game.Kind, n int, check func(hw.UID) error) (*Session, error) {
	if check == nil {
		check = CheckNTAG21x
	}
	if d.Count(k) == 0 {
		return nil, fmt.Errorf("%w: the deck has no %s", ErrNothingToReplace, plural(k))
	}
	if n != 0 {
		if _, ok := d.Card(k, n); !ok {
			return nil, fmt.Errorf("%w: the deck has no %v %d (its %s are %s)", ErrNothingToReplace, k, n, plural(k), numbers(d, k))
		}
	}
	return &Session{deck: d, check: check, rep: &replacement{kind: k, number: n, seen: map[int]bool{}}}, nil
}

// Deck is the deck as it stands.
func (s *Session) Deck() *deckfile.Deck { return s.deck }

// Done reports whether the session is over.
func (s *Session) Done() bool { return s.done }

// Start opens the session: the first turn, or Done when there is nothing to
// do.
func (s *Session) Start() Outcome {
	if s.rep != nil {
		return s.rep.start(s)
	}
	return s.advance(Outcome{})
}

// Progress is the current turn's count: "Hit 7/12", "Hit 7" when open.
func (s *Session) Progress() string {
	if s.rep != nil || s.done || s.step >= len(s.plan) {
		return ""
	}
	st := s.plan[s.step]
	have := s.deck.Count(st.Kind)
	if st.Want == 0 {
		return fmt.Sprintf("%v %d", st.Kind, have)
	}
	return fmt.Sprintf("%v %d/%d", st.Kind, have, st.Want)
}

// Scan handles a tag read by the reader.
func (s *Session) Scan(uid hw.UID) Outcome {
	if s.done {
		return Outcome{Verdict: Info, Text: "enrollment is over", Done: true}
	}
	if s.rep != nil {
		return s.rep.scan(s, uid)
	}
	st := s.plan[s.step]
	if out, refused := s.refuse(uid, st.Kind); refused {
		return out
	}
	e := deckfile.Entry{UID: uid, Kind: st.Kind, Number: s.deck.NextNumber(st.Kind)}
	if err := s.deck.Add(e); err != nil {
		// refuse has ruled out every reason Add has; a full deck remains.
		return Outcome{Verdict: Foreign, Text: "refused: " + err.Error()}
	}
	out := Outcome{Verdict: Accepted, Entry: e, Save: true, Text: fmt.Sprintf("%s enrolled (%v)", e.Name(), uid)}
	if st.Want > 0 && s.deck.Count(st.Kind) >= st.Want {
		out.Text += fmt.Sprintf("; that is every %v", st.Kind)
		s.step++
		return s.advance(out)
	}
	return out
}

// refuse turns away a tag that is not a sticker, or already in the deck.
func (s *Session) refuse(uid hw.UID, want game.Kind) (Outcome, bool) {
	if err := s.check(uid); err != nil {
		return Outcome{Verdict: Foreign, Text: "refused: " + err.Error() + "; put it away"}, true
	}
	e, state := s.deck.Lookup(uid)
	switch {
	case state == deckfile.Retired:
		return Outcome{Verdict: Retired, Entry: e, Text: fmt.Sprintf(
			"refused: this tag was %s's before that card was replaced; it is not in the deck any more, peel it off", e.Name())}, true
	case state == deckfile.Active && e.Kind == want:
		return Outcome{Verdict: Duplicate, Entry: e, Text: fmt.Sprintf(
			"refused: this card is already enrolled as %s; put it with the enrolled cards", e.Name())}, true
	case state == deckfile.Active:
		return Outcome{Verdict: Foreign, Entry: e, Text: fmt.Sprintf(
			"refused: this is %s, not a %v; put it aside", e.Name(), want)}, true
	}
	return Outcome{}, false
}

// Key handles a line typed at the terminal (or a panel button, as ""):
// "" or "n" ends the current turn, "q" ends the session, and while
// replacing a number picks the lost card.
func (s *Session) Key(text string) Outcome {
	text = strings.ToLower(strings.TrimSpace(text))
	if s.done {
		return Outcome{Verdict: Info, Text: "enrollment is over", Done: true}
	}
	if text == "q" || text == "quit" {
		s.done = true
		return Outcome{Verdict: Info, Done: true, Text: "stopped; the deck file holds every card accepted, run falling enroll again to go on"}
	}
	if s.rep != nil {
		return s.rep.key(s, text)
	}
	if text != "" && text != "n" && text != "next" {
		return Outcome{Verdict: Info, Text: fmt.Sprintf("key %q: press Enter for the next kind, q to stop", text)}
	}
	st := s.plan[s.step]
	have := s.deck.Count(st.Kind)
	out := Outcome{Verdict: Info, Text: fmt.Sprintf("%s: %d enrolled", plural(st.Kind), have)}
	if st.Want > have {
		out.Text = fmt.Sprintf("%s: %d of %d enrolled, moving on; run falling enroll again to add the other %d",
			plural(st.Kind), have, st.Want, st.Want-have)
	}
	s.step++
	return s.advance(out)
}

// advance starts the next turn that still has cards to take, or ends the
// session, adding what to say to out.
func (s *Session) advance(out Outcome) Outcome {
	for s.step < len(s.plan) {
		st := s.plan[s.step]
		have := s.deck.Count(st.Kind)
		switch {
		case st.Want == 0 && have == 0:
			out.Announce = fmt.Sprintf("now the %s: scan each %v card, then press Enter for the next kind", plural(st.Kind), st.Kind)
		case st.Want == 0:
			out.Announce = fmt.Sprintf("now the %s: %d already enrolled, scan any others, then press Enter for the next kind", plural(st.Kind), have)
		case have == 0:
			out.Announce = fmt.Sprintf("now the %s: scan each of the %d %v cards", plural(st.Kind), st.Want, st.Kind)
		case have < st.Want:
			out.Announce = fmt.Sprintf("now the %s: %d of %d already enrolled, scan the other %d", plural(st.Kind), have, st.Want, st.Want-have)
		default:
			s.step++
			continue
		}
		return out
	}
	s.done = true
	out.Done = true
	summary := "deck complete: " + Summary(s.deck)
	if out.Text == "" {
		out.Text = summary
	} else {
		out.Text += "; " + summary
	}
	return out
}

// Summary counts a deck's cards by kind: "54 cards (12 Hit, 5 Split, ...)".
func Summary(d *deckfile.Deck) string {
	var parts []string
	for _, k := range game.Kinds() {
		if n := d.Count(k); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %v", n, k))
		}
	}
	if len(parts) == 0 {
		return "no cards"
	}
	return fmt.Sprintf("%d cards (%s)", len(d.Cards), strings.Join(parts, ", "))
}

func (r *replacement) start(s *Session) Outcome {
	if r.number != 0 {
		return r.askNewTag()
	}
	return Outcome{Verdict: Info, Announce: fmt.Sprintf(
		"replacing a lost %v: scan each %v you still have, then press Enter", r.kind, r.kind)}
}

func (r *replacement) askNewTag() Outcome {
	return Outcome{Verdict: Info, Announce: fmt.Sprintf(
		"replacing %v %d: scan the card with its new tag", r.kind, r.number)}
}

func (r *replacement) scan(s *Session, uid hw.UID) Outcome {
	if r.number == 0 {
		// Finding the lost card: only this kind's cards are wanted now.
		e, state := s.deck.Lookup(uid)
		if state == deckfile.Active && e.Kind == r.kind {
			r.seen[e.Number] = true
			out := Outcome{Verdict: Seen, Entry: e, Text: fmt.Sprintf("%s is here (%d of %d %s seen)",
				e.Name(), len(r.seen), s.deck.Count(r.kind), plural(r.kind))}
			if r.choices != nil {
				// A card found while the person was asked to pick is no
				// longer a candidate; the last one left is the lost one.
				r.choices = nil
				next := r.key(s, "")
				next.Verdict, next.Entry, next.Text = Seen, e, out.Text+"; "+next.Text
				return next
			}
			return out
		}
		if out, refused := s.refuse(uid, r.kind); refused {
			return out
		}
		return Outcome{Verdict: Foreign, Text: fmt.Sprintf(
			"refused: a new tag; first scan the %s you still have and press Enter, then the new card", plural(r.kind))}
	}
	if out, refused := s.refuse(uid, r.kind); refused {
		return out
	}
	old, err := s.deck.Replace(r.kind, r.number, uid)
	if err != nil {
		return Outcome{Verdict: Foreign, Text: "refused: " + err.Error()}
	}
	e, _ := s.deck.Card(r.kind, r.number)
	s.done = true
	return Outcome{Verdict: Accepted, Entry: e, Save: true, Done: true, Text: fmt.Sprintf(
		"%s is now tag %v; its old tag %v is retired", e.Name(), uid, old)}
}

func (r *replacement) key(s *Session, text string) Outcome {
	if r.choices != nil {
		n, err := strconv.Atoi(text)
		if err != nil || !contains(r.choices, n) {
			return Outcome{Verdict: Info, Text: fmt.Sprintf("type the number of the lost %v: %s", r.kind, joinInts(r.choices))}
		}
		r.number, r.choices = n, nil
		return r.askNewTag()
	}
	if r.number != 0 {
		return Outcome{Verdict: Info, Text: fmt.Sprintf("scan the new tag for %v %d, or q to stop", r.kind, r.number)}
	}
	var missing []int
	for _, e := range s.deck.Cards {
		if e.Kind == r.kind && !r.seen[e.Number] {
			missing = append(missing, e.Number)
		}
	}
	sort.Ints(missing)
	switch len(missing) {
	case 0:
		s.done = true
		return Outcome{Verdict: Info, Done: true, Text: fmt.Sprintf(
			"every %v was scanned: none is lost, nothing replaced", r.kind)}
	case 1:
		r.number = missing[0]
		out := r.askNewTag()
		out.Text = fmt.Sprintf("%v %d was not scanned: it is the lost one", r.kind, r.number)
		return out
	}
	r.choices = missing
	return Outcome{Verdict: Info, Text: fmt.Sprintf(
		"%d %s were not scanned (%s): scan any you find, or type the number of the lost one",
		len(missing), plural(r.kind), joinInts(missing))}
}

func numbers(d *deckfile.Deck, k game.Kind) string {
	var ns []int
	for _, e := range d.Cards {
		if e.Kind == k {
			ns = append(ns, e.Number)
		}
	}
	sort.Ints(ns)
	return joinInts(ns)
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

func contains(ns []int, n int) bool {
	for _, m := range ns {
		if m == n {
			return true
		}
	}
	return false
}
