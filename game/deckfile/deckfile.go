// Package deckfile reads and writes a table's deck file: which NFC tag UID is
// on which paper card. `falling enroll` writes it one card at a time; the
// dealer reads it to know what each scanned tag is.
//
// The format is text, one record a line, so a person can read it, diff it
// and fix it with an editor, and so every error can name its line:
//
//	# comments and blank lines are ignored
//	falling-deck 1
//	card    04:A2:2B:1A:5C:61:80 Hit 1
//	card    04:A2:2B:1A:5C:61:81 Hit 2
//	retired 04:11:22:33:44:55:66 Hit 2
//
// The first record says the format and its version. A card line is a tag
// UID (hex, with or without colons), the card's kind and its number among
// the cards of that kind; "Hit 2" is the card's name at the table, and it
// survives a lost card being replaced. A retired line is a tag that once
// was that card: the card was lost and another tag took its place, so a
// retired tag turning up again is refused rather than taken for a new card,
// and old hand logs that name it can still be read.
//
// Write replaces the file atomically and durably (temp file, fsync, rename,
// fsync of the directory): after a crash the file is either the old deck or
// the new one, never a mix.
package deckfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/internal/regularfile"
)

// Header is the first record of every deck file; the number after it is the
// format version.
const Header = "falling-deck"

// Version is the format version this package writes and reads.
const Version = 1

// MaxCards is the most cards (and, separately, retired tags) a deck file may
// hold: the engine's own limit, so a deck that reads is a deck that plays.
const MaxCards = 1024

// MaxSize is the largest deck file read: room for MaxCards cards and as
// many retired tags at the longest line, and comments. A deck file is a few
// KB; anything bigger is the wrong file, and a device that never ends
// (/dev/zero) is refused before it fills the memory.
const MaxSize = 1 << 20

// maxLine bounds a line so that a binary file read by mistake is refused
// with a message, not read into memory whole.
const maxLine = 256

// Entry is one tag and the card it is (or was).
type Entry struct {
	UID    hw.UID
	Kind   game.Kind
	Number int // 1.. among the cards of Kind: "Hit 7"
}

// Name is how the card is called at the table: "Hit 7".
func (e Entry) Name() string { return fmt.Sprintf("%v %d", e.Kind, e.Number) }

func (e Entry) String() string { return e.Name() + " (" + e.UID.String() + ")" }

// Deck is the content of a deck file.
type Deck struct {
	Cards   []Entry // the deck as it is, in the order enrolled
	Retired []Entry // tags of lost cards, each with the card it was
}

// State says what a tag is to a deck.
type State int

const (
	Unknown State = iota // not in the deck
	Active               // one of the deck's cards
	Retired              // a lost card's old tag
)

func (s State) String() string {
	switch s {
	case Unknown:
		return "unknown"
	case Active:
		return "active"
	case Retired:
		return "retired"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Lookup says what uid is: the card it is, or the card it was.
func (d *Deck) Lookup(uid hw.UID) (Entry, State) {
	for _, e := range d.Cards {
		if e.UID == uid {
			return e, Active
		}
	}
	for _, e := range d.Retired {
		if e.UID == uid {
			return e, Retired
		}
	}
	return Entry{}, Unknown
}

// Count is how many cards of kind k the deck has.
func (d *Deck) Count(k game.Kind) int {
	n := 0
	for _, e := range d.Cards {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// Card returns the deck's card called "k n".
func (d *Deck) Card(k game.Kind, n int) (Entry, bool) {
	for _, e := range d.Cards {
		if e.Kind == k && e.Number == n {
			return e, true
		}
	}
	return Entry{}, false
}

// NextNumber is the number a new card of kind k gets: the smallest one no
// card of that kind has, so numbers stay dense.
func (d *Deck) NextNumber(k game.Kind) int {
	used := map[int]bool{}
	for _, e := range d.Cards {
		if e.Kind == k {
			used[e.Number] = true
		}
	}
	n := 1
	for used[n] {
		n++
	}
	return n
}

// Add appends a new card after checking that neither its tag nor its name is
// taken.
func (d *Deck) Add(e Entry) error {
	if err := checkEntry(e); err != nil {
		return err
	}
	if old, st := d.Lookup(e.UID); st != Unknown {
		return fmt.Errorf("%w: tag %v is already %s as %s", ErrDeck, e.UID, st, old.Name())
	}
	if old, ok := d.Card(e.Kind, e.Number); ok {
		return fmt.Errorf("%w: %s already has tag %v", ErrDeck, e.Name(), old.UID)
	}
	if len(d.Cards) >= MaxCards {
		return fmt.Errorf("%w: already %d cards, at most %d", ErrDeck, len(d.Cards), MaxCards)
	}
	d.Cards = append(d.Cards, e)
	return nil
}

// Replace gives card "k n" the tag uid and retires its old tag, which is
// returned. The new tag must be new to the deck.
func (d *Deck) Replace(k game.Kind, n int, uid hw.UID) (old hw.UID, err error) {
	if uid.IsZero() {
		return hw.UID{}, fmt.Errorf("%w: no tag to put on %v %d", ErrDeck, k, n)
	}
	if e, st := d.Lookup(uid); st != Unknown {
		return hw.UID{}, fmt.Errorf("%w: tag %v is already %s as %s", ErrDeck, uid, st, e.Name())
	}
	for i, e := range d.Cards {
		if e.Kind == k && e.Number == n {
			if len(d.Retired) >= MaxCards {
				return hw.UID{}, fmt.Errorf("%w: already %d retired tags, at most %d", ErrDeck, len(d.Retired), MaxCards)
			}
			d.Retired = append(d.Retired, e)
			d.Cards[i].UID = uid
			return e.UID, nil
		}
	}
	return hw.UID{}, fmt.Errorf("%w: no card %v %d to replace", ErrDeck, k, n)
}

// GameCards is the deck as the engine sees it: each card's ID is its tag UID,
// its identity at the table.
func (d *Deck) GameCards() []game.Card {
	out := make([]game.Card, len(d.Cards))
	for i, e := range d.Cards {
		out[i] = game.Card{ID: e.UID.String(), Kind: e.Kind}
	}
	return out
}

// ErrDeck is wrapped by every error about a deck's content.
var ErrDeck = errors.New("bad deck")

// LineError is a problem found on one line of a deck file.
type LineError struct {
	File string // as given to Parse
	Line int    // 1-based; 0 when the problem is the file as a whole
	What string // what is wrong
	Fix  string // what to do, when there is more to say than What
}

func (e *LineError) Error() string {
	var sb strings.Builder
	sb.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&sb, ":%d", e.Line)
	}
	sb.WriteString(": ")
	sb.WriteString(e.What)
	if e.Fix != "" {
		sb.WriteString("; fix: ")
		sb.WriteString(e.Fix)
	}
	return sb.String()
}

func (e *LineError) Unwrap() error { return ErrDeck }

// maxProblems is how many problems one Parse reports: enough to fix a file
// in one go, few enough to read when the wrong file was given.
const maxProblems = 10

// Read reads the deck file at path. A missing file gives an error wrapping
// fs.ErrNotExist, so enroll can start a new deck. A path that is not a
// regular file (a named pipe, a device, a directory) is refused without
// waiting or reading, with an error wrapping regularfile.ErrNotRegular, and
// a file over MaxSize without reading more than that.
func Read(path string) (*Deck, error) {
	data, err := regularfile.ReadFile(path, MaxSize)
	var tooLarge *regularfile.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return nil, fmt.Errorf("deck file: %w; a deck file is a few KB: is it the right file?", err)
	case err != nil:
		return nil, fmt.Errorf("deck file: %w", err)
	}
	return Parse(path, data)
}

// Parse reads a deck file's content. name is used in messages. Every problem
// found (up to ten) is reported, each as a *LineError, joined.
func Parse(name string, data []byte) (*Deck, error) {
	var errs []error
	problem := func(line int, what, fix string) {
		if len(errs) < maxProblems {
			errs = append(errs, &LineError{File: name, Line: line, What: what, Fix: fix})
		}
	}
	d := &Deck{}
	seenUID := map[hw.UID]int{}
	type cardKey struct {
		k game.Kind
		n int
	}
	seenCard := map[cardKey]int{}
	header := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, maxLine), maxLine)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if !header {
			if f[0] != Header {
				problem(line, fmt.Sprintf("want %q first, found %q", Header+" "+strconv.Itoa(Version), f[0]),
					"is this a deck file? falling enroll writes one")
				return nil, errors.Join(errs...)
			}
			if len(f) != 2 || f[1] != strconv.Itoa(Version) {
				problem(line, fmt.Sprintf("deck file format %q, this falling reads version %d", strings.Join(f[1:], " "), Version),
					"use the falling that wrote it, or enroll the deck again")
				return nil, errors.Join(errs...)
			}
			header = true
			continue
		}
		var retired bool
		switch f[0] {
		case "card":
		case "retired":
			retired = true
		default:
			problem(line, fmt.Sprintf("unknown record %q", f[0]), `a line is "card UID KIND NUMBER" or "retired UID KIND NUMBER"`)
			continue
		}
		if len(f) != 4 {
			problem(line, fmt.Sprintf("%s record has %d fields, want 4", f[0], len(f)), `write "`+f[0]+` UID KIND NUMBER", e.g. "`+f[0]+` 04:A2:2B:1A:5C:61:80 Hit 3"`)
			continue
		}
		uid, err := hw.ParseUID(f[1])
		if err != nil {
			problem(line, err.Error(), "a UID is 4, 7 or 10 bytes of hex, e.g. 04:A2:2B:1A:5C:61:80")
			continue
		}
		kind, err := game.ParseKind(f[2])
		if err != nil {
			problem(line, err.Error(), "")
			continue
		}
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 || n > MaxCards {
			problem(line, fmt.Sprintf("card number %q: want a whole number from 1 to %d", f[3], MaxCards), "")
			continue
		}
		e := Entry{UID: uid, Kind: kind, Number: n}
		if prev, dup := seenUID[uid]; dup {
			problem(line, fmt.Sprintf("tag %v is already on line %d", uid, prev), "a tag is one card: delete one of the two lines, or enroll the card again")
			continue
		}
		seenUID[uid] = line
		if retired {
			if len(d.Retired) == MaxCards {
				problem(line, fmt.Sprintf("more than %d retired tags", MaxCards), "")
				continue
			}
			d.Retired = append(d.Retired, e)
			continue
		}
		key := cardKey{kind, n}
		if prev, dup := seenCard[key]; dup {
			problem(line, fmt.Sprintf("%s is already on line %d", e.Name(), prev), "give one of them the next free number")
			continue
		}
		seenCard[key] = line
		if len(d.Cards) == MaxCards {
			problem(line, fmt.Sprintf("more than %d cards", MaxCards), "")
			continue
		}
		d.Cards = append(d.Cards, e)
	}
	if err := sc.Err(); err != nil {
		what := err.Error()
		if errors.Is(err, bufio.ErrTooLong) {
			what = fmt.Sprintf("line longer than %d bytes", maxLine)
		}
		problem(line+1, what, "is this a deck file? falling enroll writes one")
	}
	if !header && len(errs) == 0 {
		problem(0, "empty: no "+strconv.Quote(Header+" "+strconv.Itoa(Version))+" line", "enroll the deck with falling enroll")
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return d, nil
}

// Encode writes d in the file format, cards grouped by kind in number order
// so the file reads like the deck; retired tags follow.
func (d *Deck) Encode(w io.Writer) error {
	if err := d.Validate(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# FALLING deck: the NFC tag on each card. Written by falling enroll;\n")
	fmt.Fprintf(bw, "# one card a line: card UID KIND NUMBER. A retired tag was a lost card's.\n")
	fmt.Fprintf(bw, "%s %d\n", Header, Version)
	for _, e := range sorted(d.Cards) {
		fmt.Fprintf(bw, "card    %v %v %d\n", e.UID, e.Kind, e.Number)
	}
	for _, e := range sorted(d.Retired) {
		fmt.Fprintf(bw, "retired %v %v %d\n", e.UID, e.Kind, e.Number)
	}
	return bw.Flush()
}

// sorted orders entries by kind, then number; retired tags of one card stay
// in the order they were retired.
func sorted(es []Entry) []Entry {
	out := append([]Entry(nil), es...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Number < out[j].Number
	})
	return out
}

// Validate checks what Parse checks, for a Deck built in code.
func (d *Deck) Validate() error {
	if len(d.Cards) > MaxCards || len(d.Retired) > MaxCards {
		return fmt.Errorf("%w: %d cards and %d retired tags, at most %d of each", ErrDeck, len(d.Cards), len(d.Retired), MaxCards)
	}
	seen := map[hw.UID]string{}
	names := map[string]bool{}
	for i, list := range [][]Entry{d.Cards, d.Retired} {
		for _, e := range list {
			if err := checkEntry(e); err != nil {
				return err
			}
			if prev, dup := seen[e.UID]; dup {
				return fmt.Errorf("%w: tag %v is both %s and %s", ErrDeck, e.UID, prev, e.Name())
			}
			seen[e.UID] = e.Name()
			if i == 0 {
				if names[e.Name()] {
					return fmt.Errorf("%w: two cards are called %s", ErrDeck, e.Name())
				}
				names[e.Name()] = true
			}
		}
	}
	return nil
}

func checkEntry(e Entry) error {
	if e.UID.IsZero() {
		return fmt.Errorf("%w: %s has no tag", ErrDeck, e.Name())
	}
	if !e.Kind.Valid() {
		return fmt.Errorf("%w: tag %v: no card kind", ErrDeck, e.UID)
	}
	if e.Number < 1 || e.Number > MaxCards {
		return fmt.Errorf("%w: tag %v: card number %d out of 1..%d", ErrDeck, e.UID, e.Number, MaxCards)
	}
	return nil
}
