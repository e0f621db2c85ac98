package deckfile

import (
	"bytes"
	"testing"
)

// FuzzParse checks that any input either reads or is refused with an error,
// never a panic, and that whatever reads writes back to a file that reads
// the same.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("falling-deck 1\n"))
	f.Add([]byte("falling-deck 1\ncard 04:A2:2B:1A Hit 1\nretired 04:A2:2B:1A:5C:61:80:01:02:03 Goggles 1024\n"))
	f.Add([]byte("falling-deck 1\ncard 04:A2:2B:1A Hit 1\ncard 04:A2:2B:1A Hit 1\n"))
	f.Add([]byte("falling-deck 2\n"))
	f.Add([]byte("\x00\xff#\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("fuzz", data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := d.Encode(&buf); err != nil {
			t.Fatalf("a deck that parsed does not encode: %v", err)
		}
		back, err := Parse("again", buf.Bytes())
		if err != nil {
			t.Fatalf("re-reading an encoded deck: %v\n%s", err, buf.Bytes())
		}
		if len(back.Cards) != len(d.Cards) || len(back.Retired) != len(d.Retired) {
			t.Fatalf("round trip changed the deck: %d/%d cards, %d/%d retired", len(back.Cards), len(d.Cards), len(back.Retired), len(d.Retired))
		}
		for _, e := range d.Cards {
			if got, st := back.Lookup(e.UID); st != Active || got != e {
				t.Fatalf("round trip lost %v: got %v %v", e, got, st)
			}
		}
	})
}
