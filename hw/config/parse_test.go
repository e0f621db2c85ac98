package config

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/falling-table/falling/hw"
)

// seatsOn writes n seats with buttons on the given lines and no lights.
func seatsOn(lines ...string) string {
	var b strings.Builder
	b.WriteString("seats:\n")
	for i, l := range lines {
		b.WriteString("  - {seat: " + strconv.Itoa(i+1) + ", button: " + l + "}\n")
	}
	return b.String()
}

// TestParseProblems runs one bad file per row: each problem the file has,
// as the prefix of its message, and nothing else.
func TestParseProblems(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // message prefixes after "t.yaml"
	}{
		// The file as a whole.
		{"empty", "", []string{": the file is empty; fix: describe the table"}},
		{"only comments", "# nothing yet\n\n", []string{": the file is empty"}},
		{"null document", "~\n", []string{": the file is empty"}},
		{"not YAML", "seats: [1, 2\n", []string{":1: not valid YAML: did not find expected ',' or ']'; fix: check the indentation"}},
		{"tab indent", "seats:\n\t- seat: 1\n", []string{":2: not valid YAML: found character that cannot start any token"}},
		{"top-level list", "- seat: 1\n  button: 5\n", []string{":1: the file is a YAML list; a wiring file is a mapping of sections"}},
		{"plain text", "hello table\n", []string{":1: this is not a wiring file: it holds a single value"}},
		{"two documents", fourSeats + "---\nseats: []\n", []string{":6: a second YAML document starts here"}},
		{"huge", strings.Repeat("#", MaxSize+1), []string{": is larger than 64 KB"}},
		{"no seats", "rules: official\n", []string{": the file has no seats: section; fix: list the seats"}},
		{"long press with no seat buttons", "seats: [{seat: 1}, {seat: 2}, {seat: 3}, {seat: 4}]\npanel:\n  dealer_seat_long_press: true\n",
			[]string{":3: dealer_seat_long_press needs seat buttons, and no seat has one; fix: remove it"}},
		{"one seat's button forgotten", "seats: [{seat: 1, button: 5}, {seat: 2}, {seat: 3, button: 6}, {seat: 4, button: 16}]\n",
			[]string{":1: seat 2 has no button; fix: add button: N, the GPIO line (BCM number) its button is wired to, as seats 1, 3, and 4 have one; or, for a table with no seat buttons, remove button: from every seat"}},
		{"key twice", fourSeats + "rules: official\nrules: classic\n", []string{":7: rules is given twice in the file (first at line 6); fix: keep one of them"}},
		{"key is a list", "[a]: 1\n" + fourSeats, []string{":1: the file has a key that is a list"}},

		// Keys and types.
		{"typo at top", fourSeats + "timming: {tempo: 60}\n", []string{`:6: unknown key "timming" in the file; fix: did you mean "timing"?`}},
		{"key in the wrong section", fourSeats + "timing: {pixels: 8}\n", []string{`:6: unknown key "pixels" in timing; fix: pixels belongs in another section`}},
		{"unknown key, nothing near", fourSeats + "strip: {type: apa102, spi: spidev0.0, pixels: 4, colour: red}\n",
			[]string{`:6: unknown key "colour" in strip; fix: strip takes type, spi, pixels, speed_hz, brightness`}},
		{"tempo: fast", fourSeats + "timing:\n  tempo: fast\n", []string{`:7: tempo is "fast" (text), not a whole number; fix: write it like tempo: 60`}},
		{"tempo a fraction", fourSeats + "timing: {tempo: 60.5}\n", []string{`:6: tempo is 60.5 (a fraction), not a whole number`}},
		{"huge number", fourSeats + "timing: {tempo: 99999999999}\n", []string{`:6: tempo 99999999999 is too large`}},
		{"bool as yes", fourSeats + "panel: {dealer_seat_long_press: yes}\n", []string{`:6: dealer_seat_long_press is "yes" (text), not true or false; fix: write dealer_seat_long_press: true`}},
		{"seats not a list", "seats: 4\n", []string{":1: seats is 4, not a list"}},
		{"seat not a mapping", "seats:\n  - 5\n" + strings.TrimPrefix(fourSeats, "seats:\n"), []string{":2: this seat is 5, not a mapping"}},
		{"section not a mapping", fourSeats + "timing: 60\n", []string{":6: timing is 60, not a mapping of keys"}},
		{"duration without unit", fourSeats + "timing: {stop_window: 1500}\n", []string{":6: stop_window 1500 has no unit; fix: write stop_window: 1500ms"}},
		{"duration nonsense", fourSeats + "timing: {debounce: soon}\n", []string{`:6: debounce "soon" is not a duration`}},
		{"duration as list", fourSeats + "timing: {debounce: [1]}\n", []string{`:6: debounce is a list, not a duration`}},

		// Seats.
		{"seat without a button", "seats:\n  - {seat: 1, light: {gpio: 12}}\n  - {seat: 2, button: 6}\n  - {seat: 3, button: 16}\n  - {seat: 4, button: 17}\n",
			[]string{":2: seat 1 has no button; fix: add button: N"}},
		{"seat without a number", "seats:\n  - {button: 4}\n" + strings.TrimPrefix(fourSeats, "seats:\n"), []string{":2: this seat has no seat number; fix: add seat: N"}},
		{"seat 0 and 13", seatsOn("5", "6", "16", "17") + "  - {seat: 0, button: 22}\n  - {seat: 13, button: 23}\n",
			[]string{":6: seat number 0 is outside 1..12", ":7: seat number 13 is outside 1..12"}},
		{"seat twice", fourSeats + "  - {seat: 2, button: 22}\n", []string{":6: seat 2 is listed twice (first at line 3)"}},
		{"three seats", seatsOn("5", "6", "16"), []string{":1: only 3 seats; a table needs at least 4: 3 fallers and a dealer, who sits at a seat too"}},
		{"no seats listed", "seats: []\n", []string{":1: the seats list is empty"}},
		{"thirteen seats", "seats:\n" + func() string {
			var b strings.Builder
			for i, l := range []string{"4", "5", "6", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21"} {
				b.WriteString("  - {seat: " + strconv.Itoa(i+1) + ", button: " + l + "}\n")
			}
			return b.String()
		}(), []string{":1: 13 seats; a table has at most 12", ":14: seat number 13 is outside 1..12"}},

		// Lines.
		{"line twice", seatsOn("5", "6", "5", "17"), []string{":2: GPIO line 5 is used twice (seat 1 button, and seat 3 button at line 4); fix: give each line to one part only"}},
		{"button and light", fourSeats + "  - {seat: 5, button: 22, light: {gpio: 16}}\n", []string{":4: GPIO line 16 is used twice (seat 3 button, and seat 5 light at line 6)"}},
		{"panel and irq", fourSeats + "panel: {pause: 12, dispute: 4, confirm: 21, skip: 20}\nreader: {irq: 21}\n",
			[]string{":2: GPIO line 12 is used twice (seat 1 light, and panel pause at line 6)", ":5: GPIO line 20 is used twice (seat 4 light, and panel skip at line 6)",
				":6: GPIO line 21 is used twice (panel confirm, and reader irq at line 7)"}},
		{"ground on a light's line", fourSeats + "panel: {confirm: 22, ground: 13}\n",
			[]string{":3: GPIO line 13 is used twice (seat 2 light, and panel ground at line 6); fix: give each line to one part only"}},
		{"ground and confirm on one line", fourSeats + "panel:\n  confirm: 22\n  ground: 22\n",
			[]string{":7: GPIO line 22 is used twice (panel confirm, and panel ground at line 8)"}},
		{"ground not a number", fourSeats + "panel: {ground: yes}\n", []string{`:6: ground is "yes" (text), not a whole number; fix: write it like ground: 26`}},
		{"ground misspelt", fourSeats + "panel: {grond: 22}\n", []string{`:6: unknown key "grond" in panel; fix: did you mean "ground"?`}},
		{"ground outside the chip", fourSeats + "panel: {ground: 30}\n", []string{":6: GPIO line 30 (panel ground) is outside the header's GPIO chip"}},
		{"outside the chip", fourSeats + "lines: 17\n", []string{":4: GPIO line 19 (seat 3 light) is outside the header's GPIO chip, which has lines 0..16; fix: use a line from 0 to 16 (the BCM number, not the header pin number)", ":5: GPIO line 17 (seat 4 button) is outside", ":5: GPIO line 20 (seat 4 light) is outside"}},
		{"more parts than lines", seatsOn("2", "3", "4", "5") + "lines: 5\n", []string{":1: the table needs 4 GPIO lines but the header's GPIO chip has only 3 free (5, less 2 reserved); fix: put the seat lights on a strip",
			":5: GPIO line 5 (seat 4 button) is outside"}},
		{"lines 0", fourSeats + "lines: 0\n", []string{":6: lines: 0 is not a GPIO chip's size"}},
		{"I2C lines free without a reader", seatsOn("2", "3", "5", "6"), nil},
		{"I2C lines with a reader", seatsOn("2", "3", "5", "6") + "reader: {bus: 1}\n", []string{":2: GPIO line 2 (seat 1 button) is I2C1 SDA, for the reader; fix: move the seat 1 button to a free line, or remove the reader section (line 6)",
			":3: GPIO line 3 (seat 2 button) is I2C1 SCL"}},
		{"I2C0 frees 2 and 3", seatsOn("2", "3", "5", "6") + "reader: {bus: 0}\n", nil},
		{"SPI0 lines", seatsOn("7", "9", "11", "6") + "strip: {type: apa102, spi: /dev/spidev0.1, pixels: 4}\n",
			[]string{":2: GPIO line 7 (seat 1 button) is SPI0 CE1, for the strip", ":3: GPIO line 9 (seat 2 button) is SPI0 MISO", ":4: GPIO line 11 (seat 3 button) is SPI0 SCLK"}},
		{"SPI1 lines", seatsOn("16", "17", "18", "21") + "strip: {type: apa102, spi: /dev/spidev1.1, pixels: 4}\n",
			[]string{":3: GPIO line 17 (seat 2 button) is SPI1 CE1, for the strip", ":5: GPIO line 21 (seat 4 button) is SPI1 SCLK"}},
		{"EEPROM lines", seatsOn("0", "1", "5", "6"), []string{":2: GPIO line 0 (seat 1 button) is reserved for the HAT EEPROM (ID_SD)", ":3: GPIO line 1 (seat 2 button) is reserved for the HAT EEPROM (ID_SC)"}},
		{"negative line", seatsOn("-1", "5", "6", "16"), []string{":2: GPIO line -1 (seat 1 button) is outside the header's GPIO chip"}},
		{"alias used twice", "seats:\n  - {seat: 1, button: &b 5}\n  - {seat: 2, button: *b}\n  - {seat: 3, button: 16}\n  - {seat: 4, button: 17}\n",
			[]string{":2: GPIO line 5 is used twice (seat 1 button, and seat 2 button at line 3)"}},
		{"cyclic alias", "seats: &s [*s]\n", []string{":1: this seat is a list, not a mapping"}},

		// Chip.
		{"unknown chip", "gpiochip: gpio0\n" + fourSeats, []string{`:1: unknown GPIO chip "gpio0"; fix: write header (the Pi's 40-pin header, found by its label on every model), a label such as pinctrl-bcm2711`}},
		{"misspelt header label", "gpiochip: pinctrl-bcm2712\n" + fourSeats, []string{`:1: unknown GPIO chip "pinctrl-bcm2712"; fix: write header`}},
		{"empty label", "gpiochip: 'label:'\n" + fourSeats, []string{`:1: unknown GPIO chip "label:"`}},
		{"chip by a header label", "gpiochip: pinctrl-bcm2711\n" + fourSeats, nil},
		{"chip by another label", "gpiochip: label:gpio-brcmstb@107d508500\n" + fourSeats, nil},
		{"chip by number", "gpiochip: gpiochip4\n" + fourSeats, nil},
		{"chip as a list", "gpiochip: [0]\n" + fourSeats, []string{`:1: gpiochip is a list, not a single value`}},

		// Lights and the strip.
		{"light both", fourSeats + "  - {seat: 5, button: 22, light: {gpio: 23, pixel: 0}}\n", []string{":6: seat 5 light has both gpio and pixel"}},
		{"light neither", fourSeats + "  - {seat: 5, button: 22, light: {}}\n", []string{":6: seat 5 light has neither gpio nor pixel"}},
		{"light a number", fourSeats + "  - {seat: 5, button: 22, light: 23}\n", []string{":6: seat 5 light is just 23: a line or a pixel?; fix: write light: {gpio: 23}"}},
		{"active_low on a pixel", "strip: {type: apa102, spi: spidev0.0, pixels: 8}\n" + fourSeats + "  - {seat: 5, button: 22, light: {pixel: 0, active_low: true}}\n",
			[]string{":7: active_low is for a light on a GPIO line"}},
		{"pixel with no strip", seatsOn("5", "6", "16") + "  - {seat: 4, button: 17, light: {pixel: 0}}\n  - {seat: 5, button: 22, light: {pixel: 1}}\n",
			[]string{":5: pixel lights (seat 4, and 5) need a strip, but the file has no strip section"}},
		{"pixel out of range", seatsOn("5", "6", "16") + "  - {seat: 4, button: 17, light: {pixel: -1}}\nstrip: {type: apa102, spi: spidev0.0, pixels: 8}\n",
			[]string{":5: seat 4 light is pixel -1, but the strip's pixels are 0..7"}},
		{"unknown strip type", fourSeats + "strip: {type: neopixel, spi: spidev0.0, pixels: 8}\n", []string{`:6: unknown strip type "neopixel"; fix: write type: ws2812`}},
		{"strip missing keys", fourSeats + "strip: {speed_hz: 1000000000, brightness: 0}\n",
			[]string{":6: the strip has no type", ":6: the strip has no spi device", ":6: the strip has no pixels count", ":6: speed_hz 1000000000 is outside", ":6: brightness 0 keeps the strip dark"}},
		{"strip too long", fourSeats + "strip: {type: apa102, spi: spidev0.0, pixels: 5000}\n", []string{":6: pixels: 5000 is outside 1..1024"}},
		{"bad spi device", fourSeats + "strip: {type: apa102, spi: /dev/spi0, pixels: 8}\n", []string{`:6: strip spi "/dev/spi0" is not an SPI device`}},
		{"no such chip select", fourSeats + "strip: {type: apa102, spi: spidev0.2, pixels: 8}\n", []string{`:6: /dev/spidev0.2 has no such chip select`}},
		{"ws2812 at another speed", fourSeats + "strip: {type: ws2812, spi: spidev0.0, pixels: 8, speed_hz: 2400000}\n", []string{`:6: speed_hz 2400000 for a WS2812 strip: its bit timing is made of SPI bits at exactly 2500000 Hz; fix: leave speed_hz out`}},
		{"brightness too high", fourSeats + "strip: {type: apa102, spi: spidev0.0, pixels: 8, brightness: 300}\n", []string{`:6: brightness 300 is outside 0..255`}},

		// Reader.
		{"8-bit address", fourSeats + "reader: {address: 0x48}\n", []string{":6: reader address 0x48 is the PN532's 8-bit form; fix: write address: 0x24"}},
		{"address out of range", fourSeats + "reader: {address: 0x80}\n", []string{":6: reader address 0x80 is outside the 7-bit I2C range 0x08..0x77"}},
		{"address huge", fourSeats + "reader: {address: 0x10000}\n", []string{":6: reader address 0x10000 is not an I2C address"}},
		{"bad bus", fourSeats + "reader: {bus: /dev/i2c-one}\n", []string{`:6: reader bus "/dev/i2c-one" is not an I2C bus`}},
		{"reset not a number", fourSeats + "reader:\n  bus: 1\n  reset: pin32\n", []string{`:8: reset`}},
		{"reset on the IRQ line", fourSeats + "reader:\n  irq: 21\n  reset: 21\n", []string{":7: GPIO line 21 is used twice (reader irq, and reader reset at line 8)"}},
		{"reset on I2C SDA", fourSeats + "reader:\n  reset: 2\n", []string{":7: GPIO line 2 (reader reset) is I2C1 SDA, for the reader"}},
		{"reset outside the chip", fourSeats + "reader:\n  reset: 40\n", []string{":7: GPIO line 40 (reader reset) is outside the header's GPIO chip, which has lines 0..27"}},

		// Sound, timing, rules.
		{"unknown sound", fourSeats + "sound: {device: defualt}\n", []string{`:6: unknown sound device "defualt"; fix: write default (the sound card, chosen by alsa:), none, or wav:/path/file.wav (did you mean "default"?)`}},
		{"ALSA name as the device", fourSeats + "sound: {device: 'plughw:CARD=Headphones'}\n", []string{`:6: unknown sound device "plughw:CARD=Headphones"; fix: an ALSA device goes under alsa:, with device: default; write alsa: plughw:CARD=Headphones`}},
		{"ALSA name with a space", fourSeats + "sound: {alsa: 'hw 1'}\n", []string{`:6: ALSA device "hw 1" is not a device name`}},
		{"ALSA name", fourSeats + "sound: {device: default, alsa: 'plughw:CARD=Headphones,DEV=0', latency: 35ms}\n", nil},
		{"latency without a unit", fourSeats + "sound: {latency: 40}\n", []string{":6: latency 40 has no unit; fix: write latency: 40ms"}},
		{"latency too long", fourSeats + "sound: {latency: 2s}\n", []string{":6: latency 2s is outside 0..1s; fix: run falling doctor --sound"}},
		{"negative latency", fourSeats + "sound: {latency: -5ms}\n", []string{":6: latency -5ms is outside 0..1s"}},
		{"relative wav", fourSeats + "sound: {device: wav:beat.wav}\n", []string{`:6: sound file "beat.wav" is not an absolute path to a .wav file`}},
		{"tempo low", fourSeats + "timing: {tempo: 5}\n", []string{":6: tempo 5 cards a minute is outside 10..600"}},
		{"tempo high", fourSeats + "timing: {tempo: 601}\n", []string{":6: tempo 601 cards a minute is outside 10..600"}},
		{"tie not under stop", fourSeats + "timing:\n  stop_window: 1s\n  tie_window: 1s\n", []string{":8: tie_window 1s is not shorter than stop_window 1s, so every Stop claim would be a tie"}},
		{"negative windows", fourSeats + "timing: {stop_window: -1s, tie_window: -1ms, debounce: 1s}\n",
			[]string{":6: stop_window -1s: want more than 0s and at most 10s", ":6: tie_window -1ms is negative", ":6: debounce 1s is outside 0..100ms"}},
		{"no stop window", fourSeats + "timing: {stop_window: 0ms}\n", []string{":6: stop_window 0s: want more than 0s and at most 10s (a Ground's seat needs time to claim its Stop)"}},
		{"unknown mode", fourSeats + "timing: {mode: lax}\n", []string{`:6: unknown timing mode "lax"; fix: write follow (the beat waits for the dealer) or strict (it keeps time)`}},
		{"unknown rules", fourSeats + "rules: advanced\n", []string{`:6: unknown rule set "advanced"; fix: write official (the 2014 rulebook), classic (1998) or french`}},
		{"beginner rules", fourSeats + "rules: beginner\n", []string{`:6: rule set "beginner" is the French rules on a deck of Skips, Hits and Splits only, and a real table deals the deck it has; fix: write french, and deal a deck of those cards and the Grounds (falling enroll --composition open --kinds Skip,Hit,Split,Ground)`}},

		// Everything at once, in file order.
		{"many problems", "gpiochip: gpio0\nseats:\n  - {seat: 1, button: 5}\n  - {seat: 2, button: 5}\n  - {seat: 3, button: 16}\n  - {seat: 4, button: 17}\ntiming: {tempo: fast}\nrules: house\n",
			[]string{":1: unknown GPIO chip", ":3: GPIO line 5 is used twice", ":7: tempo is \"fast\"", ":8: unknown rule set"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Parse("t.yaml", []byte(tt.text))
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("want no problem, got:\n%v", err)
				}
				return
			}
			if b != nil {
				t.Error("a bad file gave a Board")
			}
			wants := make([]string, len(tt.want))
			for i, w := range tt.want {
				wants[i] = "t.yaml" + w
			}
			checkProblems(t, err, wants)
		})
	}
}

func TestProblemsInFileOrder(t *testing.T) {
	_, err := Parse("t.yaml", []byte("rules: house\nseats: 4\ngpiochip: x\n"))
	ps := Problems(err)
	if len(ps) != 3 {
		t.Fatalf("want 3 problems, got %v", err)
	}
	for i, p := range ps {
		if p.Line != i+1 || p.File != "t.yaml" || p.What == "" || p.Fix == "" {
			t.Errorf("problem %d = %+v, want line %d with what and fix", i, p, i+1)
		}
	}
	if got, want := err.Error(), ps[0].Error()+"\n"+ps[1].Error()+"\n"+ps[2].Error(); got != want {
		t.Errorf("joined error =\n%s\nwant one problem a line:\n%s", got, want)
	}
}

// A whole number too large for 64 bits is read by YAML as a float (or, in
// hex, as text): it is called too large at its line, never "a fraction".
func TestParseOversizedNumbers(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // the problem's prefix after "t.yaml"
	}{
		{"past 32 bits", fourSeats + "timing: {tempo: 99999999999}\n", `:6: tempo 99999999999 is too large; fix: write it like tempo: 60`},
		{"past 64 bits", fourSeats + "timing: {tempo: 99999999999999999999}\n", `:6: tempo 99999999999999999999 is too large; fix: write it like tempo: 60`},
		{"past 64 bits, with a sign", fourSeats + "timing: {tempo: +18446744073709551616}\n", `:6: tempo +18446744073709551616 is too large`},
		{"past 64 bits below zero", fourSeats + "timing: {tempo: -99999999999999999999}\n", `:6: tempo -99999999999999999999 is too far below zero`},
		{"hex past 64 bits", "seats:\n  - {seat: 1, button: 0x1FFFFFFFFFFFFFFFF}\n" + strings.TrimPrefix(fourSeats, "seats:\n  - {seat: 1, button: 5, light: {gpio: 12}}\n"),
			`:2: button 0x1FFFFFFFFFFFFFFFF is too large; fix: write it like button: 5`},
		{"a seat number past 64 bits", "seats:\n  - {seat: 77777777777777777777777, button: 4}\n" + strings.TrimPrefix(fourSeats, "seats:\n"),
			`:2: seat 77777777777777777777777 is too large`},
		{"a real fraction", fourSeats + "timing: {tempo: 60.5}\n", `:6: tempo is 60.5 (a fraction), not a whole number`},
		{"exponent form", fourSeats + "timing: {tempo: 6e1}\n", `:6: tempo is 6e1 (a number), not a whole number`},
		{"quoted stays text", fourSeats + "timing: {tempo: \"99999999999999999999\"}\n", `:6: tempo is "99999999999999999999" (text), not a whole number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(tt.text))
			checkProblems(t, err, []string{"t.yaml" + tt.want})
		})
	}
}

// TestPanelGround: the optional ground: button is a confirm that names a
// Ground the reader did not see; it keeps its own key through a round trip.
func TestPanelGround(t *testing.T) {
	b, err := Parse("t.yaml", []byte(fourSeats+"panel:\n  ground: 22\n  confirm: 26\n  pause: 27\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []PanelButton{{Control: hw.ControlPause, Line: 27}, {Control: hw.ControlConfirm, Line: 26}, {Control: hw.ControlConfirm, Line: 22, As: "Ground"}}
	if !slices.Equal(b.Panel.Buttons, want) {
		t.Fatalf("panel buttons %+v, want %+v", b.Panel.Buttons, want)
	}
	if l, ok := b.Panel.Line(hw.ControlConfirm); !ok || l != 26 {
		t.Errorf("confirm on %d, %v; want the plain confirm's 26", l, ok)
	}
	var whats []string
	for _, u := range b.Uses() {
		if u.Role == PanelInput {
			whats = append(whats, u.What)
		}
	}
	if !slices.Contains(whats, "panel ground") {
		t.Errorf("the ground button's line is not named in the uses: %q", whats)
	}
	roundTrip(t, b)
}

// TestPanelKnocked: the optional knocked: button says a stack of the seat
// lit was knocked over and gathered back, misread: that the card just read
// is not at the seat lit, unscanned: that the card before it was dealt
// unscanned, landed: that it was a Ground, and winner: that the table ends
// the hand, its winner pressing; they round-trip like the others.
func TestPanelKnocked(t *testing.T) {
	b, err := Parse("t.yaml", []byte(fourSeats+"panel:\n  knocked: 22\n  misread: 24\n  unscanned: 25\n  landed: 26\n  winner: 21\n  pause: 27\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []PanelButton{{Control: hw.ControlPause, Line: 27}, {Control: hw.ControlKnocked, Line: 22}, {Control: hw.ControlMisread, Line: 24}, {Control: hw.ControlUnscanned, Line: 25},
		{Control: hw.ControlUnscanned, Line: 26, As: "Ground"}, {Control: hw.ControlWinner, Line: 21}}
	if !slices.Equal(b.Panel.Buttons, want) {
		t.Fatalf("panel buttons %+v, want %+v", b.Panel.Buttons, want)
	}
	roundTrip(t, b)
	_, err = Parse("t.yaml", []byte(fourSeats+"panel: {knocked: 13}\n"))
	checkProblems(t, err, []string{"t.yaml:3: GPIO line 13 is used twice (seat 2 light, and panel knocked at line 6); fix: give each line to one part only"})
}
