package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
)

const referencePath = "../../firmware/board-reference.yaml"

func TestReferenceBoard(t *testing.T) {
	b, err := Load(referencePath)
	if err != nil {
		t.Fatalf("the reference table does not load:\n%v", err)
	}
	if b.Chip != (Chip{Label: HeaderChip, Lines: 28}) || b.Chip.String() != "the header's GPIO chip" {
		t.Errorf("chip = %+v", b.Chip)
	}
	buttons := []int{5, 6, 16, 17, 22, 23, 24, 25}
	if len(b.Seats) != len(buttons) {
		t.Fatalf("%d seats, want %d", len(b.Seats), len(buttons))
	}
	for i, s := range b.Seats {
		want := Seat{Number: i + 1, Button: buttons[i], Light: Light{Kind: PixelLight, Pixel: i}}
		if s != want {
			t.Errorf("seat %d = %+v, want %+v", i+1, s, want)
		}
	}
	if want := (Strip{Type: APA102, SPIBus: 0, SPICS: 0, Pixels: 8, SpeedHz: 4_000_000, Brightness: 64}); b.Strip == nil || *b.Strip != want {
		t.Errorf("strip = %+v, want %+v", b.Strip, want)
	} else if b.Strip.SPIPath() != "/dev/spidev0.0" {
		t.Errorf("strip SPI path = %s", b.Strip.SPIPath())
	}
	if want := (Reader{Bus: 1, Address: 0x24, HasIRQ: true, IRQ: 4}); b.Reader == nil || *b.Reader != want {
		t.Errorf("reader = %+v, want %+v", b.Reader, want)
	} else if b.Reader.Path() != "/dev/i2c-1" {
		t.Errorf("reader path = %s", b.Reader.Path())
	}
	if l, ok := b.Panel.Line(hw.ControlPause); !ok || l != 26 {
		t.Errorf("pause on %d, %v; want 26", l, ok)
	}
	if l, ok := b.Panel.Line(hw.ControlDispute); !ok || l != 27 {
		t.Errorf("dispute on %d, %v; want 27", l, ok)
	}
	if _, ok := b.Panel.Line(hw.ControlConfirm); ok {
		t.Error("the reference panel has no confirm button")
	}
	if b.Sound != (Sound{Output: SoundDefault}) || b.Timing != DefaultTiming() || b.Rules != Official {
		t.Errorf("sound %+v, timing %+v, rules %q: want the defaults", b.Sound, b.Timing, b.Rules)
	}

	var offsets []int
	for _, u := range b.Uses() {
		offsets = append(offsets, u.Offset)
	}
	if want := []int{4, 5, 6, 16, 17, 22, 23, 24, 25, 26, 27}; !slices.Equal(offsets, want) {
		t.Errorf("lines requested = %v, want %v", offsets, want)
	}
	var reserved []int
	for _, r := range b.Reserved() {
		reserved = append(reserved, r.Offset)
	}
	if want := []int{0, 1, 2, 3, 7, 8, 9, 10, 11}; !slices.Equal(reserved, want) {
		t.Errorf("reserved = %v, want %v", reserved, want)
	}
	// Later errors (a line busy at start) point into the file.
	if got, want := b.Where("seat 3 button"), referencePath+":20"; got != want {
		t.Errorf("Where(seat 3 button) = %q, want %q", got, want)
	}
	if got := b.Where("no such part"); got != referencePath {
		t.Errorf("Where(unknown) = %q, want the bare file name", got)
	}
}

func TestSixSeatLEDs(t *testing.T) {
	b, err := Load("testdata/six-seat-leds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if b.Reader != nil || b.Strip != nil || len(b.Panel.Buttons) != 0 || !b.Panel.DealerSeatLongPress {
		t.Errorf("want no reader, no strip, the dealer's seat as panel; got reader %v strip %v panel %+v", b.Reader, b.Strip, b.Panel)
	}
	if len(b.Seats) != 6 {
		t.Fatalf("%d seats, want 6", len(b.Seats))
	}
	if got, want := b.Seats[5].Light, (Light{Kind: GPIOLight, Line: 13, ActiveLow: true}); got != want {
		t.Errorf("seat 6 light = %+v, want %+v", got, want)
	}
	var outputs []int
	for _, u := range b.Uses() {
		if u.Role.Output() {
			outputs = append(outputs, u.Offset)
		}
	}
	if want := []int{12, 13, 24, 25, 26, 27}; !slices.Equal(outputs, want) {
		t.Errorf("output lines = %v, want %v", outputs, want)
	}
	wantTiming := DefaultTiming()
	wantTiming.Tempo, wantTiming.Mode = 45, Strict
	if b.Timing != wantTiming || b.Rules != French || b.Sound.Output != SoundNone {
		t.Errorf("timing %+v rules %q sound %+v", b.Timing, b.Rules, b.Sound)
	}
	if got := len(b.Reserved()); got != 2 {
		t.Errorf("with no buses, only BCM 0 and 1 are reserved; got %d lines", got)
	}
}

// fourSeats is the smallest valid table, one seat a line, for tests to
// append sections to.
const fourSeats = `seats:
  - {seat: 1, button: 5, light: {gpio: 12}}
  - {seat: 2, button: 6, light: {gpio: 13}}
  - {seat: 3, button: 16, light: {gpio: 19}}
  - {seat: 4, button: 17, light: {gpio: 20}}
`

func TestDefaults(t *testing.T) {
	tests := []struct {
		name  string
		extra string
		check func(*Board) string
	}{
		{"timing left out", "", func(b *Board) string {
			if b.Timing != DefaultTiming() {
				return "timing is not DefaultTiming()"
			}
			return ""
		}},
		{"timing with no value", "timing:\n", func(b *Board) string {
			if b.Timing != DefaultTiming() {
				return "timing is not DefaultTiming()"
			}
			return ""
		}},
		{"timing in part", "timing: {tempo: 90, tie_window: 2ms}\n", func(b *Board) string {
			want := DefaultTiming()
			want.Tempo, want.TieWindow = 90, 2*time.Millisecond
			if b.Timing != want {
				return "the keys not written are not their defaults"
			}
			if b.Timing.Beat() != 666666666*time.Nanosecond {
				return "beat at 90 a minute is not 2/3 s"
			}
			if (Timing{}).Beat() != 0 {
				return "a zero tempo has a beat"
			}
			return ""
		}},
		{"the rest left out", "", func(b *Board) string {
			if b.Chip != (Chip{Label: DefaultChip, Lines: DefaultLines}) || b.Sound != (Sound{Output: SoundDefault}) ||
				b.Rules != Official || b.Reader != nil || b.Strip != nil {
				return "chip, sound, rules, reader or strip is not the default"
			}
			return ""
		}},
		{"empty reader", "reader: {}\n", func(b *Board) string {
			if b.Reader == nil || *b.Reader != (Reader{Bus: 1, Address: DefaultReaderAddress}) {
				return "an empty reader is not a PN532 on bus 1 without IRQ"
			}
			return ""
		}},
		{"reader with no value", "reader:\n", func(b *Board) string {
			if b.Reader != nil {
				return "a reader: with nothing under it is a reader"
			}
			return ""
		}},
		{"ws2812 speed", "strip: {type: ws2812, spi: spidev0.0, pixels: 4}\n", func(b *Board) string {
			if b.Strip.SpeedHz != DefaultWS2812SpeedHz || b.Strip.Brightness != DefaultBrightness {
				return "ws2812 speed or brightness is not the default"
			}
			return ""
		}},
		{"apa102 speed", "strip: {type: apa102, spi: /dev/spidev0.1, pixels: 4}\n", func(b *Board) string {
			if b.Strip.SpeedHz != DefaultAPA102SpeedHz || b.Strip.SPICS != 1 {
				return "apa102 speed or chip select is wrong"
			}
			return ""
		}},
		{"reader reset line", "reader: {irq: 4, reset: 18}\n", func(b *Board) string {
			if !b.Reader.HasReset || b.Reader.Reset != 18 {
				return "reset: 18 was not read"
			}
			var reset []LineUse
			for _, u := range b.Uses() {
				if u.Role == ReaderReset {
					reset = append(reset, u)
				}
			}
			if len(reset) != 1 || reset[0].Offset != 18 || reset[0].What != "reader reset" || !ReaderReset.Output() {
				return fmt.Sprintf("reset line uses %+v: want line 18, an output", reset)
			}
			return ""
		}},
		{"reader bus forms", "reader: {bus: i2c-3, address: 0x30}\n", func(b *Board) string {
			if b.Reader.Bus != 3 || b.Reader.Address != 0x30 {
				return "bus i2c-3 at 0x30 was not read"
			}
			return ""
		}},
		{"chip as a path, more lines", "gpiochip: /dev/gpiochip4\nlines: 54\n", func(b *Board) string {
			if b.Chip != (Chip{Name: "gpiochip4", Lines: 54}) || b.Chip.Path() != "/dev/gpiochip4" {
				return "chip path or lines was not read"
			}
			return ""
		}},
		{"wav sound", "sound: {device: wav:/tmp/beat.wav}\n", func(b *Board) string {
			if b.Sound != (Sound{Output: SoundWAV, WAV: "/tmp/beat.wav"}) {
				return "the wav device was not read"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Parse("t.yaml", []byte(fourSeats+tt.extra))
			if err != nil {
				t.Fatal(err)
			}
			if msg := tt.check(b); msg != "" {
				t.Errorf("%s: got %+v", msg, b)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	files := []string{referencePath, "testdata/six-seat-leds.yaml", "testdata/no-buttons.yaml"}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := Load(f)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, b)
		})
	}
	t.Run("built in code", func(t *testing.T) {
		b := &Board{
			File: "code",
			Chip: Chip{Name: "gpiochip0", Lines: 28},
			Seats: []Seat{
				{Number: 1, Button: 5, Light: Light{Kind: GPIOLight, Line: 12, ActiveLow: true}},
				{Number: 3, Button: 6, Light: Light{Kind: PixelLight, Pixel: 1}},
				{Number: 5, Button: 16},
				{Number: 12, Button: 17, Light: Light{Kind: PixelLight}},
			},
			Panel: Panel{Buttons: []PanelButton{{Control: hw.ControlPause, Line: 26}, {Control: hw.ControlConfirm, Line: 13},
				{Control: hw.ControlConfirm, Line: 22, As: "Ground"}, {Control: hw.ControlSkip, Line: 27}}, DealerSeatLongPress: true},
			Reader: &Reader{Bus: 1, Address: 0x24},
			Strip:  &Strip{Type: WS2812, SPIBus: 1, SPICS: 0, Pixels: 2, SpeedHz: 2_500_000, Brightness: 255},
			Sound:  Sound{Output: SoundWAV, WAV: "/var/tmp/x y.wav"},
			Timing: Timing{Tempo: 600, Mode: Strict, StopWindow: 1234567 * time.Microsecond, Debounce: 0},
			Rules:  Classic,
		}
		if err := b.Validate(); err != nil {
			t.Fatal(err)
		}
		roundTrip(t, b)
	})
}

// roundTrip checks that Marshal then Parse gives b back.
func roundTrip(t *testing.T, b *Board) {
	t.Helper()
	out, err := Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(b.File, out)
	if err != nil {
		t.Fatalf("Marshal wrote a file Parse refuses:\n%s\n%v", out, err)
	}
	if !sameBoard(got, b) {
		t.Errorf("round trip changed the board:\n got %+v\nwant %+v\nfile:\n%s", got, b, out)
	}
}

// sameBoard compares two Boards' data, not where it was written.
func sameBoard(a, b *Board) bool {
	x, y := *a, *b
	x.at, y.at = nil, nil
	return reflect.DeepEqual(x, y)
}

// TestNoSeatButtons: a table may have no seat buttons at all. Its seats are
// written without button:, it requests no seat lines, and it writes back
// the same way.
func TestNoSeatButtons(t *testing.T) {
	tests := []struct {
		name  string
		text  string // or, when empty, file
		file  string
		seats int
		uses  []string // every line it requests, by What
	}{
		{"seats only", "seats:\n  - seat: 1\n  - seat: 2\n  - seat: 3\n  - seat: 4\n", "", 4, nil},
		{"flow style, with LEDs", "seats: [{seat: 1, light: {gpio: 24}}, {seat: 2}, {seat: 3}, {seat: 4, light: {gpio: 25}}]\n", "", 4,
			[]string{"seat 1 light", "seat 4 light"}},
		{"button: left empty", "seats:\n  - {seat: 1, button: }\n  - {seat: 2}\n  - {seat: 3}\n  - {seat: 4}\n", "", 4, nil},
		{"pixels, panel and reader", "", "testdata/no-buttons.yaml", 5, []string{"reader irq", "panel pause"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b *Board
			var err error
			if tt.text == "" {
				b, err = Load(tt.file)
			} else {
				b, err = Parse("t.yaml", []byte(tt.text))
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.HasButtons() || len(b.Seats) != tt.seats {
				t.Errorf("HasButtons() = %v with %d seats, want false with %d", b.HasButtons(), len(b.Seats), tt.seats)
			}
			for _, s := range b.Seats {
				if !s.NoButton {
					t.Errorf("seat %d has a button", s.Number)
				}
			}
			var uses []string
			for _, u := range b.Uses() {
				uses = append(uses, u.What)
			}
			if fmt.Sprint(uses) != fmt.Sprint(tt.uses) {
				t.Errorf("Uses() = %v, want %v", uses, tt.uses)
			}
			out, err := Marshal(b)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(out), "button") {
				t.Errorf("Marshal wrote a button for a table with none:\n%s", out)
			}
			roundTrip(t, b)
		})
	}
}

func TestBadFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bad configs in testdata/bad: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var wants []string
			for _, l := range strings.Split(string(data), "\n") {
				if w, ok := strings.CutPrefix(l, "# want: "); ok {
					wants = append(wants, f+w)
				}
			}
			if len(wants) == 0 {
				t.Fatal("the file says nothing it wants (# want: :LINE: message)")
			}
			b, err := Load(f)
			if b != nil {
				t.Error("a bad file gave a Board")
			}
			checkProblems(t, err, wants)
		})
	}
}

// checkProblems wants err to hold one problem for each of wants, each
// starting with its want: nothing missing and nothing else said.
func checkProblems(t *testing.T, err error, wants []string) {
	t.Helper()
	ps := Problems(err)
	if len(ps) != len(wants) {
		t.Errorf("%d problems, want %d:\n%v", len(ps), len(wants), err)
	}
	for _, w := range wants {
		found := false
		for _, p := range ps {
			if strings.HasPrefix(p.Error(), w) {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem starts with\n\t%s\ngot:\n%v", w, err)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte(strings.Repeat("# a comment line\n", MaxSize/16)), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nope.yaml")
	tests := []struct {
		path string
		want string
		is   error
	}{
		{missing, missing + ": cannot open the wiring file: no such file or directory; fix: check the path", fs.ErrNotExist},
		{dir, dir + ": is a directory, not a wiring file; fix: name the YAML file inside it", nil},
		{big, big + ": is larger than 64 KB", nil},
	}
	for _, tt := range tests {
		_, err := Load(tt.path)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Load(%s) = %v, want %q...", tt.path, err, tt.want)
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("Load(%s) error is not %v", tt.path, tt.is)
		}
		if len(Problems(err)) != 1 {
			t.Errorf("Load(%s): want one Problem, got %v", tt.path, err)
		}
	}
}

func TestValidateBuiltInCode(t *testing.T) {
	b := &Board{
		File:   "board",
		Chip:   Chip{Name: "gpiochip0", Lines: 28},
		Seats:  []Seat{{Number: 2, Button: 5}, {Number: 1, Button: 5}, {Number: 3, Button: 28}},
		Sound:  Sound{Output: SoundDefault},
		Timing: DefaultTiming(),
		Rules:  Official,
	}
	checkProblems(t, b.Validate(), []string{
		"board: only 3 seats; a table needs at least 4: 3 fallers and a dealer",
		"board: the seats are not in seat-number order",
		"board: GPIO line 28 (seat 3 button) is outside gpiochip0",
		// Uses keeps the order of Seats, so the first use named is seat 2's.
		"board: GPIO line 5 is used twice (seat 2 button, and seat 1 button)",
	})
	// Zero values are refused, not taken as a table.
	if err := (&Board{File: "zero"}).Validate(); len(Problems(err)) < 3 {
		t.Errorf("a zero Board validates with only: %v", err)
	}
}

func TestHeaderPin(t *testing.T) {
	tests := []struct{ bcm, pin int }{{2, 3}, {3, 5}, {4, 7}, {5, 29}, {10, 19}, {11, 23}, {17, 11}, {26, 37}, {27, 13}}
	for _, tt := range tests {
		if got, ok := HeaderPin(tt.bcm); !ok || got != tt.pin {
			t.Errorf("HeaderPin(%d) = %d, %v; want %d", tt.bcm, got, ok, tt.pin)
		}
	}
	for _, bcm := range []int{-1, 28} {
		if _, ok := HeaderPin(bcm); ok {
			t.Errorf("HeaderPin(%d) is on the header", bcm)
		}
	}
}

func TestNearest(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"tempp", "tempo", true},
		{"Seats", "seats", true},
		{"stop_windwo", "stop_window", true},
		{"gpio_chip", "gpiochip", true},
		{"colour", "", false},
		{"x", "", false},
	}
	keys := append(append([]string{}, topKeys...), timingKeys...)
	for _, tt := range tests {
		got, ok := nearest(tt.in, keys)
		if got != tt.want || ok != tt.ok {
			t.Errorf("nearest(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSeatLookup(t *testing.T) {
	b, err := Parse("t.yaml", []byte(fourSeats))
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := b.Seat(3); !ok || s.Button != 16 || s.Light != (Light{Kind: GPIOLight, Line: 19}) {
		t.Errorf("Seat(3) = %+v, %v", s, ok)
	}
	if _, ok := b.Seat(5); ok {
		t.Error("Seat(5) found on a 4-seat table")
	}
}

func TestNames(t *testing.T) {
	tests := []struct{ got, want string }{
		{NoLight.String(), "none"},
		{GPIOLight.String(), "gpio"},
		{PixelLight.String(), "pixel"},
		{LightKind(9).String(), "LightKind(9)"},
		{SeatButton.String(), "seat button"},
		{ReaderIRQ.String(), "reader IRQ"},
		{ReaderReset.String(), "reader reset"},
		{Role(0).String(), "Role(0)"},
		{joinAnd(nil), ""},
		{joinAnd([]string{"a"}), "a"},
		{joinAnd([]string{"a", "b"}), "a, and b"},
		{joinAnd([]string{"a", "b", "c"}), "a, b, and c"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	if !SeatLight.Output() || SeatButton.Output() || PanelInput.Output() || ReaderIRQ.Output() {
		t.Error("only seat lights are outputs")
	}
}

// TestChipMatches: the default chooses the header's chip by label, so a
// Pi 5 whose kernel calls it gpiochip4 and a Pi 3 that calls it gpiochip0
// are both found, and the Pi 4's GPIO expander never is.
func TestChipMatches(t *testing.T) {
	header := Chip{Label: HeaderChip}
	for _, tc := range []struct {
		chip        Chip
		name, label string
		want        bool
	}{
		{header, "gpiochip0", "pinctrl-bcm2835", true},
		{header, "gpiochip0", "pinctrl-bcm2711", true},
		{header, "gpiochip4", "pinctrl-rp1", true},
		{header, "gpiochip0", "pinctrl-rp1", true},
		{header, "gpiochip1", "raspberrypi-exp-gpio", false},
		{header, "gpiochip10", "gpio-brcmstb@107d508500", false},
		{Chip{Label: "pinctrl-rp1"}, "gpiochip4", "pinctrl-rp1", true},
		{Chip{Label: "pinctrl-rp1"}, "gpiochip0", "pinctrl-bcm2711", false},
		{Chip{Label: "gpio-brcmstb@107d508500"}, "gpiochip10", "gpio-brcmstb@107d508500", true},
		{Chip{Name: "gpiochip4"}, "gpiochip4", "pinctrl-rp1", true},
		{Chip{Name: "gpiochip4"}, "gpiochip0", "pinctrl-rp1", false},
	} {
		if got := tc.chip.Matches(tc.name, tc.label); got != tc.want {
			t.Errorf("%v matches %s %q = %v, want %v", tc.chip, tc.name, tc.label, got, tc.want)
		}
	}
	for _, v := range []string{"header", "pinctrl-rp1", "label:gpio-mockup-A", "gpiochip4"} {
		c, ok := parseChip(v)
		if !ok || chipValue(c) != v {
			t.Errorf("gpiochip: %s reads as %+v (%v) and is written back as %q", v, c, ok, chipValue(c))
		}
	}
}
