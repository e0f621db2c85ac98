// Package config reads the one YAML file that describes a table's wiring
// (which GPIO line each seat button and light is on, the card reader, the
// light strip, sound, timing and rule set) into a Board, and checks it.
//
// It is data only: nothing here opens a device. The hardware layer asks the
// Board what to request (Uses, Reserved), and the doctor uses the same answers
// to say what should be there. Every problem found in a file is reported at
// once, each as "file:line: what is wrong; fix: what to do" (see Problem), so
// a table is set up in one edit rather than one error at a time.
//
// firmware/board-reference.yaml is the format's reference, commented line by
// line.
//
// Every part but the seats list is optional (product.md: "with no buttons it
// still tracks cards"). A table without seat buttons lists its seats with no
// button: key, each with its light if it has one:
//
//	seats:
//	  - seat: 1
//	    light: {pixel: 0}
//	  - seat: 2
//
// Buttons are all or nothing: a seat without a button beside seats with one
// is refused as a forgotten line, since that seat could never claim a Stop
// or win a "who was first". Without seat buttons there is no dealer seat to
// long-press, so dealer_seat_long_press is refused too; panel buttons of
// their own still work.
//
// Two rules hold throughout: lines are BCM GPIO numbers (the offsets
// gpioinfo shows), never header pin numbers; and a key with no value means
// the same as no key, so commenting out a section's body disables it.
package config

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/falling-table/falling/hw"
)

// MinSeats is the fewest seats a table can have. The rules want 3 fallers and
// a dealer, and the dealer sits at a seat too: the winner's seat deals the
// next hand, so every player needs a seat of their own.
const MinSeats = 4

// DefaultLines is how many lines the GPIO chip is assumed to have when the
// file does not say: the Pi header's BCM 0..27. The SoC chip has more lines
// (54 or 58), but those are not on the header, so a line above 27 in a file is
// far more likely a typo than a wire.
const DefaultLines = 28

// HeaderChip is the gpiochip: value, and the default, that chooses the chip
// behind the Pi's 40-pin header by its label (one of HeaderLabels) rather
// than by number: the number changes across models and kernels (a Pi 5 calls
// it gpiochip4 before kernel 6.6 and gpiochip0 after), the label does not.
const HeaderChip = "header"

// DefaultChip is the GPIO chip used when the file names none.
const DefaultChip = HeaderChip

// HeaderLabels are the labels the kernel gives the chip wired to the 40-pin
// header: BCM2835/6/7 (Zero, Zero 2 W, 1 to 3), BCM2711 (4, 400) and the
// RP1 (5).
var HeaderLabels = []string{"pinctrl-bcm2835", "pinctrl-bcm2711", "pinctrl-rp1"}

// DefaultReaderAddress is the PN532's I2C address. It is fixed in the chip;
// the key exists so another reader, or an address translator, can be used.
const DefaultReaderAddress = 0x24

// Timing defaults, used for any timing key the file leaves out.
const (
	// DefaultTempo is one card a second: the rules' "about 90 seconds" game
	// at a leisurely pace.
	DefaultTempo = 60
	// DefaultStopWindow is how long after a Ground lands its seat may press
	// to claim a Stop: long enough to react and reach the button.
	DefaultStopWindow = 1500 * time.Millisecond
	// DefaultTieWindow is how close two presses must be to be called a tie:
	// a little over what an arcade button's travel varies by.
	DefaultTieWindow = 5 * time.Millisecond
	// DefaultDebounce hides a microswitch's bounce (typically 1..5 ms); the
	// first edge's timestamp is kept whatever the debounce.
	DefaultDebounce = 10 * time.Millisecond
)

// Tempo limits, in cards per minute.
const (
	MinTempo = 10
	MaxTempo = 600 // ten cards a second: as fast as a dealer can deal
)

// MaxPixels is the longest strip accepted: far more than 12 seats need, and
// small enough that a stray digit cannot make the driver allocate megabytes.
const MaxPixels = 1024

// DefaultBrightness dims a strip to a quarter: full white is blinding at a
// card table and draws 60 mA a pixel from the Pi's 5 V rail.
const DefaultBrightness = 64

// Default SPI clocks. An APA102 is clocked, so any speed works and 4 MHz is
// safe on long wires. A WS2812 has no clock line: periph's nrzled sends each
// data bit as 4 SPI bits and insists on exactly 2.5 MHz (625 kbit/s of LED
// data, within the WS2812B's tolerance around 800). A lower cap is not a
// safer one: the BCM283x divides its 250 MHz core clock by an even number,
// so 2.4 MHz comes out as 250/106 = 2.36 MHz and shifts every bit, while
// 2.5 MHz is 250/100 exactly (500/200 on a Pi 4).
const (
	DefaultAPA102SpeedHz = 4_000_000
	DefaultWS2812SpeedHz = 2_500_000
)

// Board is one table's wiring and settings, as read from its file.
type Board struct {
	// File is the name the Board was read from, used in every message.
	File string

	// Chip is the one GPIO chip every seat button, GPIO light, panel button
	// and the reader's IRQ sit on. One chip means one line request can hold
	// all seat buttons, so their edges share one kernel sequence and can be
	// ordered against each other.
	Chip Chip

	// Seats are the seats in seat-number order; numbers are physical
	// positions, clockwise, 1..hw.MaxSeats.
	Seats []Seat

	Panel  Panel
	Reader *Reader // nil: no reader, the dealer confirms by hand
	Strip  *Strip  // nil: no strip
	Sound  Sound
	Timing Timing
	Rules  RuleSet

	// at is where each part was written ("seat 3 button" → line), so errors
	// found later, such as a busy line at start, can point into the file.
	at map[string]int
}

// Chip is a GPIO character device, chosen either by its label (Label set,
// the default) or by its number (Name set); which device that is on this
// machine is decided when the table is opened.
type Chip struct {
	Name  string // "gpiochip0" when chosen by number, else ""
	Label string // "pinctrl-rp1", or HeaderChip for any of HeaderLabels; "" when chosen by number
	Lines int    // how many lines may be used: offsets 0..Lines-1
}

// Labels returns the labels a chip must have to be this one; nil when it is
// chosen by number.
func (c Chip) Labels() []string {
	switch c.Label {
	case "":
		return nil
	case HeaderChip:
		return HeaderLabels
	}
	return []string{c.Label}
}

// Matches reports whether the kernel's chip name with label is this chip.
func (c Chip) Matches(name, label string) bool {
	if c.Name != "" {
		return name == c.Name
	}
	return slices.Contains(c.Labels(), label)
}

// String names the chip for messages: "gpiochip0", "the header's GPIO chip".
func (c Chip) String() string {
	switch {
	case c.Name != "":
		return c.Name
	case c.Label == HeaderChip:
		return "the header's GPIO chip"
	}
	return fmt.Sprintf("the GPIO chip labelled %q", c.Label)
}

// Path is the chip's device file when it is chosen by number, and String
// otherwise: a chip chosen by label has a file only once it is found.
func (c Chip) Path() string {
	if c.Name != "" {
		return "/dev/" + c.Name
	}
	return c.String()
}

// Seat is one player's position at the table.
type Seat struct {
	Number int // 1..hw.MaxSeats, clockwise
	Button int // GPIO line offset of the seat's button, unless NoButton
	// NoButton is set for a seat written without button: (a table with no
	// seat buttons). It is a negative so that a Seat built in code with a
	// Button keeps it.
	NoButton bool
	Light    Light
}

// LightKind says what a seat's light is.
type LightKind int

const (
	NoLight    LightKind = iota // the seat has no light of its own
	GPIOLight                   // an LED on a GPIO line
	PixelLight                  // one pixel of the strip
)

func (k LightKind) String() string {
	switch k {
	case NoLight:
		return "none"
	case GPIOLight:
		return "gpio"
	case PixelLight:
		return "pixel"
	}
	return fmt.Sprintf("LightKind(%d)", int(k))
}

// Light is a seat's light. Only the field its Kind names is meaningful.
type Light struct {
	Kind      LightKind
	Line      int  // GPIOLight: the line offset
	ActiveLow bool // GPIOLight: the LED lights when the line is low
	Pixel     int  // PixelLight: the index on the strip, from 0
}

// Panel is the dealer's controls besides the keyboard.
type Panel struct {
	// Buttons are the panel's own buttons, ordered by Control.
	Buttons []PanelButton
	// DealerSeatLongPress makes the dealer's own seat button a panel too:
	// a short press pauses, a long press calls a dispute.
	DealerSeatLongPress bool
}

// PanelButton is one dealer panel button.
type PanelButton struct {
	Control hw.Control
	Line    int // GPIO line offset
	// As is the card a button names (hw.PanelEvent.As): "Ground" for the
	// ground: button, a confirm of a Ground the reader did not see, and for
	// the landed: button, an unscanned naming the card dealt unscanned a
	// Ground. Empty for a plain button.
	As string
}

// Key is the button's key in the wiring file: "pause", "ground", "landed".
func (b PanelButton) Key() string {
	for k, pb := range panelButtons {
		if pb.Control == b.Control && pb.As == b.As {
			return k
		}
	}
	return b.Control.String()
}

// Line returns the GPIO line of control c's plain button, if the panel has
// one.
func (p Panel) Line(c hw.Control) (int, bool) {
	for _, b := range p.Buttons {
		if b.Control == c && b.As == "" {
			return b.Line, true
		}
	}
	return 0, false
}

// Reader is the NFC card reader (a PN532 on I2C).
type Reader struct {
	Bus     int    // I2C bus number: /dev/i2c-<Bus>
	Address uint16 // 7-bit I2C address
	HasIRQ  bool   // whether the reader's IRQ output is wired
	IRQ     int    // GPIO line offset of the IRQ, when HasIRQ
	// HasReset says whether the PN532's RSTPDN input is wired to a GPIO
	// line, so the reader's watchdog can reset a hung chip; without it the
	// dealer is asked to switch the reader off and on.
	HasReset bool
	Reset    int // GPIO line offset of RSTPDN (active low), when HasReset
}

// Path is the reader's I2C bus device file.
func (r Reader) Path() string { return "/dev/i2c-" + strconv.Itoa(r.Bus) }

// StripType is the kind of addressable LED strip.
type StripType string

const (
	APA102 StripType = "apa102" // clock and data over SPI
	WS2812 StripType = "ws2812" // one data line, driven from SPI MOSI
)

// Strip is an addressable LED strip on SPI, one pixel per seat.
type Strip struct {
	Type       StripType
	SPIBus     int // /dev/spidev<SPIBus>.<SPICS>
	SPICS      int
	Pixels     int // how many pixels the strip has
	SpeedHz    int // SPI clock
	Brightness uint8
}

// SPIPath is the strip's SPI device file.
func (s Strip) SPIPath() string { return fmt.Sprintf("/dev/spidev%d.%d", s.SPIBus, s.SPICS) }

// SoundOutput is where the beat and cues go.
type SoundOutput string

const (
	SoundDefault SoundOutput = "default" // the system's default audio device
	SoundNone    SoundOutput = "none"    // silent: lights only
	SoundWAV     SoundOutput = "wav"     // written to a WAV file, for checking the beat
)

// MaxSoundLatency is the longest output delay accepted: Bluetooth speakers
// reach 200-300 ms; a second is a typo, or a speaker no beat survives.
const MaxSoundLatency = time.Second

// DefaultALSA is ALSA's default PCM. On Raspberry Pi OS Lite that is the
// sound card; on the desktop images it is PipeWire, which a system service
// (no user session) cannot reach: name the card there (see Sound.ALSA).
const DefaultALSA = "default"

// Sound is the table's audio output.
type Sound struct {
	Output SoundOutput
	WAV    string // the file, when Output is SoundWAV: an absolute path
	// ALSA is the ALSA PCM the speaker plays on when Output is
	// SoundDefault: a name from aplay -L such as
	// plughw:CARD=Headphones,DEV=0; "" is ALSA's default (see ALSADevice).
	ALSA string
	// Latency is the output's delay from a sample leaving the program to
	// it being heard (ALSA and PipeWire buffers, the DAC, Bluetooth). Cues
	// are scheduled this much early so they sound on the beat; falling
	// doctor --sound measures it.
	Latency time.Duration
}

// ALSADevice is the ALSA PCM the speaker plays on: ALSA, or DefaultALSA.
func (s Sound) ALSADevice() string {
	if s.ALSA == "" {
		return DefaultALSA
	}
	return s.ALSA
}

// Mode is how the beat treats a late dealer.
type Mode string

const (
	Follow Mode = "follow" // the beat waits for the dealer
	Strict Mode = "strict" // the beat keeps time; late deals are logged
)

// Timing is the table's pace and its windows.
type Timing struct {
	Tempo      int // cards per minute
	Mode       Mode
	StopWindow time.Duration // a Ground's seat may claim a Stop this long after it lands
	TieWindow  time.Duration // presses closer than this are a tie
	Debounce   time.Duration
}

// Beat is the time between two cards at this tempo; 0 for a tempo Validate
// refuses, so a Board built in code cannot make it divide by zero.
func (t Timing) Beat() time.Duration {
	if t.Tempo < MinTempo || t.Tempo > MaxTempo {
		return 0
	}
	return time.Minute / time.Duration(t.Tempo)
}

// DefaultTiming is the timing used for whatever the file leaves out.
func DefaultTiming() Timing {
	return Timing{
		Tempo:      DefaultTempo,
		Mode:       Follow,
		StopWindow: DefaultStopWindow,
		TieWindow:  DefaultTieWindow,
		Debounce:   DefaultDebounce,
	}
}

// RuleSet names one of the rule sets in rules/.
type RuleSet string

const (
	Official RuleSet = "official" // the 2014 rulebook: the default
	Classic  RuleSet = "classic"  // the 1998 edition
	French   RuleSet = "french"   // the French house rules
)

// Role is what a GPIO line does at the table.
type Role int

const (
	SeatButton  Role = iota + 1 // input, one edge stream per seat
	SeatLight                   // output
	PanelInput                  // input
	ReaderIRQ                   // input, driven low by the reader
	ReaderReset                 // output to the reader's RSTPDN, low resets it
)

func (r Role) String() string {
	switch r {
	case SeatButton:
		return "seat button"
	case SeatLight:
		return "seat light"
	case PanelInput:
		return "panel button"
	case ReaderIRQ:
		return "reader IRQ"
	case ReaderReset:
		return "reader reset"
	}
	return fmt.Sprintf("Role(%d)", int(r))
}

// Output reports whether a line with this role is driven by the Pi.
func (r Role) Output() bool { return r == SeatLight || r == ReaderReset }

// LineUse is one GPIO line the table requests from its chip.
type LineUse struct {
	Offset  int
	Role    Role
	Seat    int        // SeatButton and SeatLight: the seat number
	Control hw.Control // PanelInput: the control
	// What names the use in messages: "seat 3 button", "panel pause".
	What string
}

// Uses lists every GPIO line the table requests from Chip, by offset, then
// by where it is written. A line used twice appears twice (Validate refuses
// that), so the list always says what the file asked for.
func (b *Board) Uses() []LineUse {
	var u []LineUse
	for _, s := range b.Seats {
		if !s.NoButton {
			u = append(u, LineUse{Offset: s.Button, Role: SeatButton, Seat: s.Number,
				What: fmt.Sprintf("seat %d button", s.Number)})
		}
		if s.Light.Kind == GPIOLight {
			u = append(u, LineUse{Offset: s.Light.Line, Role: SeatLight, Seat: s.Number,
				What: fmt.Sprintf("seat %d light", s.Number)})
		}
	}
	for _, p := range b.Panel.Buttons {
		u = append(u, LineUse{Offset: p.Line, Role: PanelInput, Control: p.Control,
			What: "panel " + p.Key()})
	}
	if b.Reader != nil && b.Reader.HasIRQ {
		u = append(u, LineUse{Offset: b.Reader.IRQ, Role: ReaderIRQ, What: "reader irq"})
	}
	if b.Reader != nil && b.Reader.HasReset {
		u = append(u, LineUse{Offset: b.Reader.Reset, Role: ReaderReset, What: "reader reset"})
	}
	sort.SliceStable(u, func(i, j int) bool { return u[i].Offset < u[j].Offset })
	return u
}

// Reservation is a GPIO line the table must leave alone.
type Reservation struct {
	Offset int
	// Why names its owner: "the HAT EEPROM (ID_SD)", "I2C1 SDA, for the reader".
	Why string
	// Key is where the file enables that owner ("reader" or "strip"), or ""
	// when the line is always reserved.
	Key string
}

// Reserved lists the lines this Board's buses take over on the Pi header,
// and BCM 0 and 1, which are always reserved.
//
// BCM 0 and 1 are refused rather than warned about: the HAT specification
// keeps them for the HAT's ID EEPROM, which the firmware reads at every boot,
// and a button or LED there can corrupt that read. A table never needs them:
// with a strip, 12 seats and a full panel fit in the remaining lines.
//
// Only buses whose pins are fixed are listed: I2C1 (BCM 2, 3), SPI0 (BCM
// 7..11: dtparam=spi=on claims both chip selects) and SPI1 (BCM 19..21 and
// the chip select in use). Other buses' pins depend on overlay parameters;
// the doctor finds those when the lines turn out busy.
func (b *Board) Reserved() []Reservation {
	r := []Reservation{
		{0, "the HAT EEPROM (ID_SD)", ""},
		{1, "the HAT EEPROM (ID_SC)", ""},
	}
	if b.Reader != nil && b.Reader.Bus == 1 {
		r = append(r,
			Reservation{2, "I2C1 SDA, for the reader", "reader"},
			Reservation{3, "I2C1 SCL, for the reader", "reader"})
	}
	if b.Strip != nil {
		switch b.Strip.SPIBus {
		case 0:
			r = append(r,
				Reservation{7, "SPI0 CE1, for the strip", "strip"},
				Reservation{8, "SPI0 CE0, for the strip", "strip"},
				Reservation{9, "SPI0 MISO, for the strip", "strip"},
				Reservation{10, "SPI0 MOSI, for the strip", "strip"},
				Reservation{11, "SPI0 SCLK, for the strip", "strip"})
		case 1:
			if ce, ok := map[int]int{0: 18, 1: 17, 2: 16}[b.Strip.SPICS]; ok {
				r = append(r, Reservation{ce, fmt.Sprintf("SPI1 CE%d, for the strip", b.Strip.SPICS), "strip"})
			}
			r = append(r,
				Reservation{19, "SPI1 MISO, for the strip", "strip"},
				Reservation{20, "SPI1 MOSI, for the strip", "strip"},
				Reservation{21, "SPI1 SCLK, for the strip", "strip"})
		}
	}
	sort.SliceStable(r, func(i, j int) bool { return r[i].Offset < r[j].Offset })
	return r
}

// HasButtons reports whether the table has seat buttons. Validate allows
// either every seat with a button or none.
func (b *Board) HasButtons() bool {
	for _, s := range b.Seats {
		if !s.NoButton {
			return true
		}
	}
	return false
}

// Seat returns seat n.
func (b *Board) Seat(n int) (Seat, bool) {
	for _, s := range b.Seats {
		if s.Number == n {
			return s, true
		}
	}
	return Seat{}, false
}

// Where says where a part is written, as "file:line" (just "file" when the
// Board was built in code or the part was left to its default), for errors
// found after parsing. what is a LineUse's What or a key such as "reader".
func (b *Board) Where(what string) string {
	if l := b.at[what]; l > 0 {
		return b.File + ":" + strconv.Itoa(l)
	}
	return b.File
}

// line is Where's line number, 0 when unknown.
func (b *Board) line(what string) int { return b.at[what] }

// headerPins maps BCM numbers to the Pi's 40-pin header.
var headerPins = [DefaultLines]int{
	27, 28, 3, 5, 7, 29, 31, 26, 24, 21, 19, 23, 32, 33, 8, 10,
	36, 11, 12, 35, 38, 40, 15, 16, 18, 22, 37, 13,
}

// HeaderPin returns the physical pin (1..40) of BCM line offset on the Pi's
// header, for wiring instructions.
func HeaderPin(offset int) (int, bool) {
	if offset < 0 || offset >= len(headerPins) {
		return 0, false
	}
	return headerPins[offset], true
}

// lineName is how messages name a line: "GPIO line 17".
func lineName(offset int) string { return "GPIO line " + strconv.Itoa(offset) }

// joinAnd joins "a", "b, and c" for messages.
func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	case 2:
		return s[0] + ", and " + s[1]
	}
	return strings.Join(s[:len(s)-1], ", ") + ", and " + s[len(s)-1]
}
