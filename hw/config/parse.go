package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/internal/regularfile"
)

// MaxSize is the largest wiring file read. The reference file, comments and
// all, is a few KB; anything this big is the wrong file.
const MaxSize = 64 << 10

// Load reads and checks the wiring file at path. Problems are reported as in
// Parse; a file that cannot be read gives one Problem naming the path and
// wrapping the cause (errors.Is(err, fs.ErrNotExist) works).
func Load(path string) (*Board, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

func readFile(path string) ([]byte, error) {
	fail := func(what, fix string, err error) ([]byte, error) {
		return nil, &Problem{File: path, What: what, Fix: fix, Err: err}
	}
	// regularfile never blocks on a named pipe and reads one byte past the
	// limit at most, so a device that never ends is refused as the wrong
	// file, not read into memory.
	data, err := regularfile.ReadFile(path, MaxSize)
	var notFile *regularfile.Error
	var tooLarge *regularfile.TooLargeError
	var pe *os.PathError
	switch {
	case err == nil:
		return data, nil
	case errors.As(err, &notFile) && notFile.Mode.IsDir():
		return fail("is a directory, not a wiring file", "name the YAML file inside it", err)
	case errors.As(err, &notFile):
		return fail("is "+regularfile.Kind(notFile.Mode)+", not a wiring file",
			"name the YAML file itself; a pipe or a device is never read", err)
	case errors.As(err, &tooLarge):
		return fail(fmt.Sprintf("is larger than %d KB; a wiring file is a few KB", MaxSize>>10),
			"check that this is the right file", err)
	case errors.As(err, &pe) && pe.Op == "open":
		return fail("cannot open the wiring file: "+unwrapPath(err).Error(),
			"check the path (start from firmware/board-reference.yaml), or run without a config for the simulated table", err)
	}
	return fail("cannot read the wiring file: "+unwrapPath(err).Error(), "check the file's permissions and the disk", err)
}

// unwrapPath drops the *PathError's own copy of the path, which the Problem
// already leads with.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Parse reads a wiring file's contents; name is what messages call the file.
// It returns every problem at once, syntax and types first as found while
// decoding, then what Validate finds in the decoded Board. The Board is nil
// when there is any problem: a table never starts half configured.
func Parse(name string, data []byte) (*Board, error) {
	d := &decoder{problems: problems{file: name}, bad: map[string]bool{}}
	b := d.parse(data)
	if b == nil {
		return nil, d.err()
	}
	b.validate(&d.problems, d.bad)
	if err := d.err(); err != nil {
		return nil, err
	}
	return b, nil
}

type decoder struct {
	problems
	at map[string]int
	// bad holds parts already reported as unreadable, so Validate does not
	// report them a second time in other words.
	bad map[string]bool
}

var yamlErrLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func (d *decoder) parse(data []byte) *Board {
	if len(data) > MaxSize {
		d.add(0, fmt.Sprintf("is larger than %d KB; a wiring file is a few KB", MaxSize>>10),
			"check that this is the right file")
		return nil
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	switch err := dec.Decode(&doc); {
	case errors.Is(err, io.EOF):
		d.emptyFile()
		return nil
	case err != nil:
		d.yamlError(err)
		return nil
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		d.yamlError(err)
		return nil
	default:
		d.add(next.Line, "a second YAML document starts here", "keep one table per file: remove the --- and what follows, or move it to a file of its own")
		return nil
	}
	if len(doc.Content) == 0 {
		d.emptyFile()
		return nil
	}
	top := doc.Content[0]
	switch {
	case top.Kind == yaml.ScalarNode && top.ShortTag() == "!!null":
		d.emptyFile()
		return nil
	case top.Kind == yaml.SequenceNode:
		d.add(top.Line, "the file is a YAML list; a wiring file is a mapping of sections (gpiochip:, seats:, reader:, ...)",
			"start from firmware/board-reference.yaml; seats go in a list under seats:")
		return nil
	case top.Kind != yaml.MappingNode:
		d.add(top.Line, "this is not a wiring file: it holds a single value, not sections such as seats:",
			"start from firmware/board-reference.yaml")
		return nil
	}
	return d.board(top)
}

func (d *decoder) emptyFile() {
	d.add(0, "the file is empty", "describe the table (start from firmware/board-reference.yaml), or run without a config for the simulated table")
}

func (d *decoder) yamlError(err error) {
	msg := err.Error()
	if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		d.add(line, "not valid YAML: "+m[2], "check the indentation (spaces, not tabs) and punctuation here and on the line above")
		return
	}
	d.add(0, "not valid YAML: "+strings.TrimPrefix(msg, "yaml: "), "check the file is the YAML wiring file, saved as UTF-8 text")
}

// Keys of each mapping, in the order the reference file writes them.
var (
	topKeys    = []string{"gpiochip", "lines", "seats", "panel", "reader", "strip", "sound", "timing", "rules"}
	seatKeys   = []string{"seat", "button", "light"}
	lightKeys  = []string{"gpio", "pixel", "active_low"}
	panelKeys  = []string{"pause", "dispute", "confirm", "ground", "skip", "knocked", "misread", "unscanned", "landed", "winner", "dealer_seat_long_press"}
	readerKeys = []string{"bus", "address", "irq", "reset"}
	stripKeys  = []string{"type", "spi", "pixels", "speed_hz", "brightness"}
	soundKeys  = []string{"device", "alsa", "latency"}
	timingKeys = []string{"tempo", "mode", "stop_window", "tie_window", "debounce"}
)

// panelButtons maps panel keys to the buttons they wire: ground is a
// confirm naming a Ground the reader did not see, landed an unscanned
// naming the card dealt unscanned a Ground (it landed: the dealer dealt on).
var panelButtons = map[string]PanelButton{
	"pause":     {Control: hw.ControlPause},
	"dispute":   {Control: hw.ControlDispute},
	"confirm":   {Control: hw.ControlConfirm},
	"ground":    {Control: hw.ControlConfirm, As: "Ground"},
	"skip":      {Control: hw.ControlSkip},
	"knocked":   {Control: hw.ControlKnocked},
	"misread":   {Control: hw.ControlMisread},
	"unscanned": {Control: hw.ControlUnscanned},
	"landed":    {Control: hw.ControlUnscanned, As: "Ground"},
	"winner":    {Control: hw.ControlWinner},
}

// entry is one key: value pair.
type entry struct{ key, val *yaml.Node }

// fields checks that n is a mapping with only the given keys, each once, and
// returns its values by key. Keys whose value is null are left out: "key:"
// with nothing after it means the same as no key, so a section can be
// disabled by commenting out its body.
func (d *decoder) fields(n *yaml.Node, where string, keys []string) map[string]entry {
	out := map[string]entry{}
	if n.Kind != yaml.MappingNode {
		d.add(n.Line, fmt.Sprintf("%s is %s, not a mapping of keys", where, kindName(n)),
			fmt.Sprintf("write its keys on their own indented lines (%s)", strings.Join(keys, ", ")))
		return out
	}
	first := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.add(k.Line, fmt.Sprintf("%s has a key that is %s", where, kindName(k)), "keys are plain words such as "+keys[0])
			continue
		}
		if !slices.Contains(keys, k.Value) {
			d.unknownKey(k, where, keys)
			continue
		}
		if l, dup := first[k.Value]; dup {
			d.add(k.Line, fmt.Sprintf("%s is given twice in %s (first at line %d)", k.Value, where, l), "keep one of them")
			continue
		}
		first[k.Value] = k.Line
		if v = deref(v); isNull(v) {
			continue
		}
		out[k.Value] = entry{k, v}
	}
	return out
}

func (d *decoder) unknownKey(k *yaml.Node, where string, keys []string) {
	what := fmt.Sprintf("unknown key %q in %s", k.Value, where)
	if m, ok := nearest(k.Value, keys); ok {
		d.add(k.Line, what, fmt.Sprintf("did you mean %q?", m))
		return
	}
	// A key that belongs one level up or down is the other common slip.
	for _, group := range [][]string{topKeys, seatKeys, lightKeys, panelKeys, readerKeys, stripKeys, soundKeys, timingKeys} {
		if slices.Contains(group, k.Value) {
			d.add(k.Line, what, fmt.Sprintf("%s belongs in another section: check its indentation; %s takes %s", k.Value, where, strings.Join(keys, ", ")))
			return
		}
	}
	d.add(k.Line, what, fmt.Sprintf("%s takes %s", where, strings.Join(keys, ", ")))
}

func (d *decoder) board(top *yaml.Node) *Board {
	d.at = map[string]int{}
	b := &Board{
		Chip:   Chip{Label: DefaultChip, Lines: DefaultLines},
		Sound:  Sound{Output: SoundDefault},
		Timing: DefaultTiming(),
		Rules:  Official,
		at:     d.at,
	}
	b.File = d.file
	f := d.fields(top, "the file", topKeys)
	for _, k := range topKeys {
		if e, ok := f[k]; ok {
			d.at[k] = e.key.Line
		}
	}
	if e, ok := f["gpiochip"]; ok {
		if s, ok := d.text(e, "gpiochip", "gpiochip: header"); ok {
			d.chip(e.val, s, &b.Chip)
		}
	}
	if e, ok := f["lines"]; ok {
		d.int(e, "lines", "lines: 28", &b.Chip.Lines)
	}
	if e, ok := f["seats"]; ok {
		b.Seats = d.seats(e)
	} else {
		d.add(0, "the file has no seats: section", "list the seats, each with its seat number and button line (see firmware/board-reference.yaml)")
	}
	if e, ok := f["panel"]; ok {
		b.Panel = d.panel(e.val)
	}
	if e, ok := f["reader"]; ok {
		b.Reader = d.reader(e.val)
	}
	if e, ok := f["strip"]; ok {
		b.Strip = d.strip(e.val)
	}
	if e, ok := f["sound"]; ok {
		d.sound(e.val, &b.Sound)
	}
	if e, ok := f["timing"]; ok {
		d.timing(e.val, &b.Timing)
	}
	if e, ok := f["rules"]; ok {
		if s, ok := d.text(e, "rules", "rules: official"); ok {
			b.Rules = RuleSet(s)
		}
	}
	return b
}

var chipName = regexp.MustCompile(`^(?:/dev/)?(gpiochip[0-9]+)$`)

// chipFix is the advice for a gpiochip: value that is none of the forms.
const chipFix = "write header (the Pi's 40-pin header, found by its label on every model), a label such as pinctrl-bcm2711, label:NAME for another board's chip, or a number such as gpiochip0; gpiodetect lists the chips and their labels"

func (d *decoder) chip(n *yaml.Node, s string, c *Chip) {
	if parsed, ok := parseChip(s); ok {
		c.Name, c.Label = parsed.Name, parsed.Label
		return
	}
	d.add(n.Line, fmt.Sprintf("unknown GPIO chip %q", s), chipFix+suggest(s, append([]string{HeaderChip}, HeaderLabels...)...))
	d.bad["gpiochip"] = true
}

// parseChip reads a gpiochip: value. Labels other than the Pi's must be
// written label:NAME, so a misspelt header label is caught here rather
// than as a chip missing at the table.
func parseChip(s string) (Chip, bool) {
	switch {
	case s == HeaderChip, slices.Contains(HeaderLabels, s):
		return Chip{Label: s}, true
	}
	if l, ok := strings.CutPrefix(s, "label:"); ok {
		l = strings.TrimSpace(l)
		return Chip{Label: l}, l != "" && l != HeaderChip
	}
	if m := chipName.FindStringSubmatch(s); m != nil {
		return Chip{Name: m[1]}, true
	}
	return Chip{}, false
}

// chipValue is how a Chip is written in the file, the inverse of parseChip.
func chipValue(c Chip) string {
	switch {
	case c.Name != "":
		return c.Name
	case c.Label == HeaderChip, slices.Contains(HeaderLabels, c.Label):
		return c.Label
	}
	return "label:" + c.Label
}

func (d *decoder) seats(e entry) []Seat {
	if e.val.Kind != yaml.SequenceNode {
		d.add(e.val.Line, fmt.Sprintf("seats is %s, not a list", kindName(e.val)),
			"write one entry per seat, each starting with \"- seat: N\"")
		d.bad["seats"] = true
		return nil
	}
	var seats []Seat
	first := map[int]int{}
	for _, item := range e.val.Content {
		item = deref(item)
		s, ok := d.seat(item)
		if !ok {
			d.bad["seats"] = true
			continue
		}
		if l, dup := first[s.Number]; dup {
			d.add(item.Line, fmt.Sprintf("seat %d is listed twice (first at line %d)", s.Number, l),
				"number the seats by position, clockwise from 1, each once")
			continue
		}
		first[s.Number] = item.Line
		seats = append(seats, s)
	}
	sort.SliceStable(seats, func(i, j int) bool { return seats[i].Number < seats[j].Number })
	return seats
}

func (d *decoder) seat(n *yaml.Node) (Seat, bool) {
	if n.Kind != yaml.MappingNode {
		d.add(n.Line, fmt.Sprintf("this seat is %s, not a mapping", kindName(n)),
			"write each seat as \"- seat: N\" with button: and light: indented under it")
		return Seat{}, false
	}
	f := d.fields(n, "a seat", seatKeys)
	e, ok := f["seat"]
	if !ok {
		d.add(n.Line, "this seat has no seat number", "add seat: N, its position clockwise from 1")
		return Seat{}, false
	}
	var s Seat
	if !d.int(e, "seat", "seat: 1", &s.Number) {
		return Seat{}, false
	}
	name := fmt.Sprintf("seat %d", s.Number)
	d.at[name] = n.Line
	if e, ok := f["button"]; ok {
		d.at[name+" button"] = e.val.Line
		if !d.int(e, "button", "button: 5", &s.Button) {
			d.bad[name+" button"] = true
		}
	} else {
		// A table may have no seat buttons; Validate refuses a seat without
		// one beside seats with one.
		s.NoButton = true
	}
	if e, ok := f["light"]; ok {
		d.at[name+" light"] = e.val.Line
		s.Light = d.light(e.val, name)
	}
	return s, true
}

func (d *decoder) light(n *yaml.Node, seat string) Light {
	what := seat + " light"
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!int" {
		d.add(n.Line, fmt.Sprintf("%s is just %s: a line or a pixel?", what, n.Value),
			fmt.Sprintf("write light: {gpio: %s} for an LED on that GPIO line, or light: {pixel: %s} for a strip pixel", n.Value, n.Value))
		d.bad[what] = true
		return Light{}
	}
	f := d.fields(n, what, lightKeys)
	g, isGPIO := f["gpio"]
	p, isPixel := f["pixel"]
	var l Light
	switch {
	case isGPIO && isPixel:
		d.add(n.Line, what+" has both gpio and pixel", "keep the one it is wired to")
		d.bad[what] = true
	case isGPIO:
		l.Kind = GPIOLight
		if !d.int(g, "gpio", "light: {gpio: 27}", &l.Line) {
			d.bad[what] = true
		}
	case isPixel:
		l.Kind = PixelLight
		if !d.int(p, "pixel", "light: {pixel: 0}", &l.Pixel) {
			d.bad[what] = true
		}
	case n.Kind == yaml.MappingNode:
		d.add(n.Line, what+" has neither gpio nor pixel", "write light: {gpio: N} for an LED on a GPIO line, or light: {pixel: N} for a strip pixel")
	}
	if e, ok := f["active_low"]; ok {
		if l.Kind != GPIOLight {
			d.add(e.key.Line, "active_low is for a light on a GPIO line", "remove it")
		} else {
			d.bool(e, "active_low", &l.ActiveLow)
		}
	}
	return l
}

func (d *decoder) panel(n *yaml.Node) Panel {
	var p Panel
	f := d.fields(n, "panel", panelKeys)
	for _, k := range panelKeys {
		e, ok := f[k]
		if !ok {
			continue
		}
		what := "panel " + k
		d.at[what] = e.val.Line
		if k == "dealer_seat_long_press" {
			d.bool(e, k, &p.DealerSeatLongPress)
			continue
		}
		var line int
		if d.int(e, k, k+": 26", &line) {
			btn := panelButtons[k]
			btn.Line = line
			p.Buttons = append(p.Buttons, btn)
		}
	}
	sort.Slice(p.Buttons, func(i, j int) bool {
		a, b := p.Buttons[i], p.Buttons[j]
		return a.Control < b.Control || (a.Control == b.Control && a.As < b.As)
	})
	return p
}

var i2cBus = regexp.MustCompile(`^(?:/dev/)?(?:i2c-)?([0-9]+)$`)

func (d *decoder) reader(n *yaml.Node) *Reader {
	r := &Reader{Bus: 1, Address: DefaultReaderAddress}
	f := d.fields(n, "reader", readerKeys)
	if e, ok := f["bus"]; ok {
		d.at["reader bus"] = e.val.Line
		if s, ok := d.text(e, "bus", "bus: /dev/i2c-1"); ok {
			m := i2cBus.FindStringSubmatch(s)
			var err error
			if m != nil {
				r.Bus, err = strconv.Atoi(m[1])
			}
			if m == nil || err != nil || r.Bus > 255 {
				d.add(e.val.Line, fmt.Sprintf("reader bus %q is not an I2C bus", s), "write /dev/i2c-1 (or just 1): the header's I2C bus, BCM 2 and 3")
				r.Bus = 1
			}
		}
	}
	if e, ok := f["address"]; ok {
		d.at["reader address"] = e.val.Line
		var a int
		if d.int(e, "address", "address: 0x24", &a) {
			if a < 0 || a > 0xffff {
				d.add(e.val.Line, fmt.Sprintf("reader address %#x is not an I2C address", a), "write address: 0x24, the PN532's address")
			} else {
				r.Address = uint16(a)
			}
		}
	}
	if e, ok := f["irq"]; ok {
		d.at["reader irq"] = e.val.Line
		r.HasIRQ = true
		if !d.int(e, "irq", "irq: 4", &r.IRQ) {
			d.bad["reader irq"] = true
		}
	}
	if e, ok := f["reset"]; ok {
		d.at["reader reset"] = e.val.Line
		r.HasReset = true
		if !d.int(e, "reset", "reset: 12", &r.Reset) {
			d.bad["reader reset"] = true
		}
	}
	return r
}

var spiDev = regexp.MustCompile(`^(?:/dev/)?spidev([0-9]{1,3})\.([0-9]{1,3})$`)

func (d *decoder) strip(n *yaml.Node) *Strip {
	s := &Strip{Brightness: DefaultBrightness}
	f := d.fields(n, "strip", stripKeys)
	for _, k := range stripKeys {
		if e, ok := f[k]; ok {
			d.at["strip "+k] = e.val.Line
		}
	}
	if e, ok := f["type"]; ok {
		if t, ok := d.text(e, "type", "type: apa102"); ok {
			s.Type = StripType(t)
		}
	} else {
		d.add(n.Line, "the strip has no type", "add type: apa102 or type: ws2812")
		d.bad["strip type"] = true
	}
	if e, ok := f["spi"]; ok {
		if p, ok := d.text(e, "spi", "spi: /dev/spidev0.0"); ok {
			m := spiDev.FindStringSubmatch(p)
			if m == nil {
				d.add(e.val.Line, fmt.Sprintf("strip spi %q is not an SPI device", p), "write /dev/spidev0.0 (SPI0: MOSI BCM 10, SCLK BCM 11)")
			} else {
				s.SPIBus, _ = strconv.Atoi(m[1])
				s.SPICS, _ = strconv.Atoi(m[2])
			}
		}
	} else {
		d.add(n.Line, "the strip has no spi device", "add spi: /dev/spidev0.0 (SPI0: MOSI BCM 10, SCLK BCM 11)")
	}
	if e, ok := f["pixels"]; ok {
		if !d.int(e, "pixels", "pixels: 8", &s.Pixels) {
			d.bad["strip pixels"] = true
		}
	} else {
		d.add(n.Line, "the strip has no pixels count", "add pixels: N, how many LEDs the strip has")
		d.bad["strip pixels"] = true
	}
	if e, ok := f["speed_hz"]; ok {
		d.int(e, "speed_hz", "speed_hz: 4000000", &s.SpeedHz)
	} else if s.Type == WS2812 {
		s.SpeedHz = DefaultWS2812SpeedHz
	} else {
		s.SpeedHz = DefaultAPA102SpeedHz
	}
	if e, ok := f["brightness"]; ok {
		var v int
		if d.int(e, "brightness", "brightness: 64", &v) {
			if v < 0 || v > 255 {
				d.add(e.val.Line, fmt.Sprintf("brightness %d is outside 0..255", v), "write 1 (dimmest) to 255 (full)")
			} else {
				s.Brightness = uint8(v)
			}
		}
	}
	return s
}

func (d *decoder) sound(n *yaml.Node, s *Sound) {
	f := d.fields(n, "sound", soundKeys)
	for _, k := range soundKeys {
		if e, ok := f[k]; ok {
			d.at["sound "+k] = e.val.Line
		}
	}
	if e, ok := f["alsa"]; ok {
		if v, ok := d.text(e, "alsa", "alsa: plughw:CARD=Headphones,DEV=0"); ok && v != DefaultALSA {
			s.ALSA = v
		}
	}
	if e, ok := f["latency"]; ok {
		d.duration(e, "latency", "40ms", &s.Latency)
	}
	e, ok := f["device"]
	if !ok {
		return
	}
	v, ok := d.text(e, "device", "device: default")
	if !ok {
		return
	}
	if p, isWAV := strings.CutPrefix(v, "wav:"); isWAV {
		s.Output, s.WAV = SoundWAV, p
		return
	}
	s.Output = SoundOutput(v)
}

func (d *decoder) timing(n *yaml.Node, t *Timing) {
	f := d.fields(n, "timing", timingKeys)
	for _, k := range timingKeys {
		if e, ok := f[k]; ok {
			d.at["timing "+k] = e.val.Line
		}
	}
	if e, ok := f["tempo"]; ok {
		d.int(e, "tempo", "tempo: 60 (cards per minute)", &t.Tempo)
	}
	if e, ok := f["mode"]; ok {
		if s, ok := d.text(e, "mode", "mode: follow"); ok {
			t.Mode = Mode(s)
		}
	}
	if e, ok := f["stop_window"]; ok {
		d.duration(e, "stop_window", "1500ms", &t.StopWindow)
	}
	if e, ok := f["tie_window"]; ok {
		d.duration(e, "tie_window", "5ms", &t.TieWindow)
	}
	if e, ok := f["debounce"]; ok {
		d.duration(e, "debounce", "10ms", &t.Debounce)
	}
}

// int reads a whole number into *out, leaving it alone (and reporting why)
// when the value is anything else. example shows the key written right.
func (d *decoder) int(e entry, key, example string, out *int) bool {
	v := e.val
	// YAML reads a whole number past 64 bits as a float, and one in hex
	// as text: it is still a whole number, only too large. Quoted, it is
	// text (quoteHint says so).
	plain := v.Kind == yaml.ScalarNode && v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0
	if plain && (v.ShortTag() == "!!int" || wholeNumeral.MatchString(v.Value)) {
		n, err := strconv.ParseInt(v.Value, 0, 32)
		if err == nil {
			*out = int(n)
			return true
		}
		if errors.Is(err, strconv.ErrRange) {
			how := "too large"
			if strings.HasPrefix(v.Value, "-") {
				how = "too far below zero"
			}
			d.add(v.Line, fmt.Sprintf("%s %s is %s", key, v.Value, how), "write it like "+example)
			return false
		}
	}
	d.add(v.Line, fmt.Sprintf("%s is %s, not a whole number", key, describe(v)), "write it like "+example+quoteHint(v))
	return false
}

func (d *decoder) bool(e entry, key string, out *bool) bool {
	v := e.val
	if v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool" {
		*out = strings.EqualFold(v.Value, "true")
		return true
	}
	d.add(v.Line, fmt.Sprintf("%s is %s, not true or false", key, describe(v)), fmt.Sprintf("write %s: true or %s: false", key, key))
	return false
}

// text reads a scalar as written. Numbers are accepted as text, so "bus: 1"
// and "bus: /dev/i2c-1" both reach the bus parser.
func (d *decoder) text(e entry, key, example string) (string, bool) {
	v := e.val
	if v.Kind == yaml.ScalarNode {
		return v.Value, true
	}
	d.add(v.Line, fmt.Sprintf("%s is %s, not a single value", key, kindName(v)), "write it like "+example)
	return "", false
}

func (d *decoder) duration(e entry, key, example string, out *time.Duration) bool {
	v := e.val
	fix := fmt.Sprintf("write it with a unit, like %s: %s", key, example)
	if v.Kind != yaml.ScalarNode {
		d.add(v.Line, fmt.Sprintf("%s is %s, not a duration", key, kindName(v)), fix)
		return false
	}
	if v.ShortTag() == "!!int" || v.ShortTag() == "!!float" {
		d.add(v.Line, fmt.Sprintf("%s %s has no unit", key, v.Value), fmt.Sprintf("write %s: %sms for milliseconds, or %ss for seconds", key, v.Value, v.Value))
		return false
	}
	t, err := time.ParseDuration(v.Value)
	if err != nil {
		d.add(v.Line, fmt.Sprintf("%s %q is not a duration", key, v.Value), fix+" (units: ms, s)")
		return false
	}
	*out = t
	return true
}

// deref follows an alias (*name) to its anchor's value, kept at the alias's
// own line so messages point where the value is used. The walk below only
// descends where the format has structure, so a cyclic alias ends in a type
// error, never a loop.
func deref(n *yaml.Node) *yaml.Node {
	if n.Kind != yaml.AliasNode || n.Alias == nil {
		return n
	}
	c := *n.Alias
	c.Line = n.Line
	return &c
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		return describe(n)
	}
	return "empty"
}

// describe names a value and its type for a type error: `"fast" (text)`.
func describe(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return kindName(n)
	}
	v := n.Value
	if r := []rune(v); len(r) > 40 {
		v = string(r[:40]) + "..."
	}
	switch n.ShortTag() {
	case "!!str":
		return strconv.Quote(v) + " (text)"
	case "!!float":
		if f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64); err == nil && f != math.Trunc(f) {
			return v + " (a fraction)"
		}
		return v + " (a number)"
	case "!!bool":
		return v + " (true/false)"
	case "!!int":
		return v
	}
	return strconv.Quote(v) + " (" + n.ShortTag() + ")"
}

// wholeNumeral is a whole number as YAML 1.1 writes one: decimal, 0x hex,
// 0o or 0 octal, 0b binary, with an optional sign and underscores.
var wholeNumeral = regexp.MustCompile(`^[-+]?(0x[0-9a-fA-F_]+|0o?[0-7_]+|0b[01_]+|[0-9][0-9_]*)$`)

// quoteHint catches a number written in quotes, which YAML reads as text.
func quoteHint(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		if _, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return ", without quotes"
		}
	}
	return ""
}
