package config

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/falling-table/falling/hw"
)

// Limits on values that have no natural bound, so a slip of a digit is caught
// here rather than as a strange table.
const (
	maxChipLines   = 1024
	maxStopWindow  = 10 * time.Second
	maxDebounce    = 100 * time.Millisecond // at 600 cards a minute a beat is 100 ms
	minSpeedHz     = 10_000
	maxSpeedHz     = 32_000_000
	firstI2CAddr   = 0x08 // 0x00..0x07 and 0x78..0x7f are reserved by the I2C spec
	lastI2CAddr    = 0x77
	pn532WriteAddr = 0x48 // 0x24 shifted left: the address some datasheets print
)

// Validate checks a Board as a whole: every line on the chip, used once and
// free of the buses the Board enables; seats and pixels that add up; values
// in range. Parse calls it; call it on a Board built or changed in code. It
// reports every problem, joined, at the file and line each part came from.
func (b *Board) Validate() error {
	ps := &problems{file: b.File}
	b.validate(ps, nil)
	return ps.err()
}

// validate adds b's problems to ps, skipping parts in bad, which the decoder
// has already reported.
func (b *Board) validate(ps *problems, bad map[string]bool) {
	// at returns the line of the first of keys the file wrote.
	at := func(keys ...string) int {
		for _, k := range keys {
			if l := b.line(k); l > 0 {
				return l
			}
		}
		return 0
	}
	chipOK := b.Chip.Lines >= 1 && b.Chip.Lines <= maxChipLines
	if !chipOK {
		ps.add(at("lines"), fmt.Sprintf("lines: %d is not a GPIO chip's size", b.Chip.Lines),
			fmt.Sprintf("leave it out for the Pi header's %d lines, or write what gpioinfo shows", DefaultLines))
	}
	if c, ok := parseChip(chipValue(b.Chip)); !bad["gpiochip"] && (!ok || c.Name != b.Chip.Name || c.Label != b.Chip.Label) {
		ps.add(at("gpiochip"), fmt.Sprintf("unknown GPIO chip %q", chipValue(b.Chip)), chipFix)
	}
	b.validateSeats(ps, bad, at)
	b.validateLines(ps, bad, chipOK, at)
	b.validatePixels(ps, bad, at)
	b.validateReader(ps, at)
	b.validateSound(ps, at)
	b.validateTiming(ps, at)
	switch b.Rules {
	case Official, Classic, French:
	case "beginner":
		// falling sim and play know it, so a group tries it here too: at a
		// real table the deck is the cards on it, and the beginner's game
		// is a deck without the expert cards, not other rules.
		ps.add(at("rules"), `rule set "beginner" is the French rules on a deck of Skips, Hits and Splits only, and a real table deals the deck it has`,
			"write french, and deal a deck of those cards and the Grounds (falling enroll --composition open --kinds Skip,Hit,Split,Ground)")
	default:
		ps.add(at("rules"), fmt.Sprintf("unknown rule set %q", b.Rules), "write official (the 2014 rulebook), classic (1998) or french"+suggest(string(b.Rules), "official", "classic", "french"))
	}
}

func (b *Board) validateSeats(ps *problems, bad map[string]bool, at func(...string) int) {
	n := len(b.Seats)
	switch {
	case bad["seats"]:
		// Some entries could not be read, so any count would mislead.
	case n > hw.MaxSeats:
		ps.add(at("seats"), fmt.Sprintf("%d seats; a table has at most %d", n, hw.MaxSeats), "remove the extra seats")
	case n < MinSeats && n > 0:
		ps.add(at("seats"), fmt.Sprintf("only %d seats; a table needs at least %d: 3 fallers and a dealer, who sits at a seat too, since the winner deals next", n, MinSeats),
			"wire and list at least 4 seats")
	case n == 0 && at("seats") > 0:
		ps.add(at("seats"), "the seats list is empty", "list each seat with its number and button line")
	}
	var with []string
	for _, s := range b.Seats {
		if !s.NoButton {
			with = append(with, strconv.Itoa(s.Number))
		}
	}
	if len(with) > 0 {
		others := "seat " + with[0] + " has one"
		if len(with) > 1 {
			others = "seats " + joinAnd(with) + " have one"
		}
		// Buttons are all or nothing: a seat left out is a forgotten line,
		// and a seat that cannot press could never claim a Stop.
		for _, s := range b.Seats {
			if s.NoButton && !bad["seats"] {
				ps.add(at(fmt.Sprintf("seat %d", s.Number)), fmt.Sprintf("seat %d has no button", s.Number),
					"add button: N, the GPIO line (BCM number) its button is wired to, as "+others+"; or, for a table with no seat buttons, remove button: from every seat")
			}
		}
	} else if n > 0 && b.Panel.DealerSeatLongPress {
		ps.add(at("panel dealer_seat_long_press", "panel"), "dealer_seat_long_press needs seat buttons, and no seat has one",
			"remove it; the dealer pauses and calls disputes from the keyboard or from panel buttons (pause:, dispute:)")
	}
	seen := map[int]bool{}
	for i, s := range b.Seats {
		name := "seat " + strconv.Itoa(s.Number)
		if s.Number < 1 || s.Number > hw.MaxSeats {
			ps.add(at(name), fmt.Sprintf("seat number %d is outside 1..%d", s.Number, hw.MaxSeats),
				"number the seats by position, clockwise from 1")
		}
		if seen[s.Number] {
			ps.add(at(name), fmt.Sprintf("seat %d is listed twice", s.Number), "number the seats by position, clockwise from 1, each once")
		} else if i > 0 && s.Number < b.Seats[i-1].Number {
			// Only a Board built in code can get here: Parse sorts.
			ps.add(at(name), "the seats are not in seat-number order", "sort Board.Seats by Number")
		}
		seen[s.Number] = true
	}
}

// validateLines checks every GPIO line the Board requests: on the chip, not
// taken by an enabled bus, and given to one part only. When the chip's size
// is itself wrong (chipOK false), only sharing is checked: every line would
// be "outside" a chip of 0 lines, which says nothing new.
func (b *Board) validateLines(ps *problems, bad map[string]bool, chipOK bool, at func(...string) int) {
	reserved := map[int]Reservation{}
	for _, r := range b.Reserved() {
		reserved[r.Offset] = r
	}
	byOffset := map[int][]LineUse{}
	var order []int
	uses := 0
	for _, u := range b.Uses() {
		if bad[u.What] {
			continue
		}
		uses++
		line := at(u.What)
		switch r, isReserved := reserved[u.Offset]; {
		case !chipOK:
		case u.Offset < 0 || u.Offset >= b.Chip.Lines:
			ps.add(line, fmt.Sprintf("%s (%s) is outside %s, which has lines 0..%d", lineName(u.Offset), u.What, b.Chip, b.Chip.Lines-1),
				fmt.Sprintf("use a line from 0 to %d (the BCM number, not the header pin number)", b.Chip.Lines-1))
			continue
		case isReserved && r.Key == "":
			ps.add(line, fmt.Sprintf("%s (%s) is reserved for %s", lineName(u.Offset), u.What, r.Why),
				"move it to a free line: the HAT specification keeps BCM 0 and 1 for the EEPROM the firmware reads at boot")
		case isReserved:
			section := r.Key + " section"
			if l := at(r.Key); l > 0 {
				section += fmt.Sprintf(" (line %d)", l)
			}
			ps.add(line, fmt.Sprintf("%s (%s) is %s", lineName(u.Offset), u.What, r.Why),
				fmt.Sprintf("move the %s to a free line, or remove the %s if it is not wired", u.What, section))
		}
		if len(byOffset[u.Offset]) == 0 {
			order = append(order, u.Offset)
		}
		byOffset[u.Offset] = append(byOffset[u.Offset], u)
	}
	for _, off := range order {
		us := byOffset[off]
		if len(us) < 2 {
			continue
		}
		parts := []string{us[0].What}
		for _, u := range us[1:] {
			if l := at(u.What); l > 0 {
				parts = append(parts, fmt.Sprintf("%s at line %d", u.What, l))
			} else {
				parts = append(parts, u.What)
			}
		}
		times := "twice"
		if len(us) > 2 {
			times = strconv.Itoa(len(us)) + " times"
		}
		ps.add(at(us[0].What), fmt.Sprintf("%s is used %s (%s)", lineName(off), times, joinAnd(parts)),
			"give each line to one part only")
	}
	// Each collision above says what to move; this says whether there is
	// anywhere to move it to.
	free := b.Chip.Lines
	for off := range reserved {
		if off < b.Chip.Lines {
			free--
		}
	}
	if uses > free && chipOK {
		fix := "put the seat lights on a strip (one SPI bus for all of them), or use the dealer's seat button (dealer_seat_long_press) instead of panel buttons"
		ps.add(at("seats", "lines"), fmt.Sprintf("the table needs %d GPIO lines but %s has only %d free (%d, less %d reserved)",
			uses, b.Chip, free, b.Chip.Lines, b.Chip.Lines-free), fix)
	}
}

func (b *Board) validatePixels(ps *problems, bad map[string]bool, at func(...string) int) {
	var pixelSeats []Seat
	for _, s := range b.Seats {
		if s.Light.Kind == PixelLight && !bad[fmt.Sprintf("seat %d light", s.Number)] {
			pixelSeats = append(pixelSeats, s)
		}
	}
	st := b.Strip
	if st == nil {
		if len(pixelSeats) > 0 {
			nums := make([]string, len(pixelSeats))
			for i, s := range pixelSeats {
				nums[i] = strconv.Itoa(s.Number)
			}
			ps.add(at(fmt.Sprintf("seat %d light", pixelSeats[0].Number)),
				fmt.Sprintf("pixel lights (seat %s) need a strip, but the file has no strip section", joinAnd(nums)),
				"add a strip: section (type, spi, pixels), or give the seats {gpio: N} lights")
		}
		return
	}
	switch st.Type {
	case APA102, WS2812:
	default:
		if !bad["strip type"] {
			fix := "write type: apa102 (SPI clock and data) or type: ws2812 (one data line)"
			switch strings.ToLower(string(st.Type)) {
			case "sk9822", "dotstar":
				fix = "write type: apa102: the SK9822 (DotStar) speaks the APA102 protocol"
			case "ws2812b", "ws2813", "sk6812", "neopixel":
				fix = "write type: ws2812: the WS2812B, WS2813 and SK6812 (NeoPixel) speak its protocol"
			}
			ps.add(at("strip type", "strip"), fmt.Sprintf("unknown strip type %q", st.Type), fix)
		}
	}
	switch {
	case st.SPIBus == 0 && st.SPICS > 1, st.SPIBus == 1 && st.SPICS > 2, st.SPIBus < 0, st.SPICS < 0:
		ps.add(at("strip spi", "strip"), fmt.Sprintf("%s has no such chip select", st.SPIPath()), "write /dev/spidev0.0 (SPI0: MOSI BCM 10, SCLK BCM 11)")
	}
	if !bad["strip pixels"] {
		switch {
		case st.Pixels < 1 || st.Pixels > MaxPixels:
			ps.add(at("strip pixels", "strip"), fmt.Sprintf("pixels: %d is outside 1..%d", st.Pixels, MaxPixels), "write how many LEDs the strip has")
		case len(pixelSeats) > st.Pixels:
			ps.add(at("strip pixels", "strip"), fmt.Sprintf("%d seats use a pixel but the strip has only %d", len(pixelSeats), st.Pixels),
				"use a longer strip and set pixels to its length, or give some seats {gpio: N} lights")
		}
	}
	if st.Type == WS2812 && st.SpeedHz != DefaultWS2812SpeedHz {
		ps.add(at("strip speed_hz", "strip"), fmt.Sprintf("speed_hz %d for a WS2812 strip: its bit timing is made of SPI bits at exactly %d Hz", st.SpeedHz, DefaultWS2812SpeedHz),
			"leave speed_hz out for a ws2812 strip")
	} else if st.SpeedHz < minSpeedHz || st.SpeedHz > maxSpeedHz {
		ps.add(at("strip speed_hz", "strip"), fmt.Sprintf("speed_hz %d is outside %d..%d", st.SpeedHz, minSpeedHz, maxSpeedHz),
			"leave it out for the default, or write e.g. speed_hz: 4000000")
	}
	if st.Brightness == 0 {
		ps.add(at("strip brightness", "strip"), "brightness 0 keeps the strip dark", "write 1 (dimmest) to 255 (full), or remove the strip")
	}
	first := map[int]Seat{}
	for _, s := range pixelSeats {
		light := fmt.Sprintf("seat %d light", s.Number)
		if s.Light.Pixel < 0 || (!bad["strip pixels"] && s.Light.Pixel >= st.Pixels) {
			ps.add(at(light), fmt.Sprintf("seat %d light is pixel %d, but the strip's pixels are 0..%d", s.Number, s.Light.Pixel, st.Pixels-1),
				"count pixels from 0 at the strip's input end")
			continue
		}
		if f, dup := first[s.Light.Pixel]; dup {
			ps.add(at(light), fmt.Sprintf("pixel %d is used twice (seat %d light at line %d, and seat %d light)",
				s.Light.Pixel, f.Number, at(fmt.Sprintf("seat %d light", f.Number)), s.Number),
				"give each seat its own pixel")
			continue
		}
		first[s.Light.Pixel] = s
	}
}

func (b *Board) validateReader(ps *problems, at func(...string) int) {
	r := b.Reader
	if r == nil {
		return
	}
	line := at("reader address", "reader")
	switch {
	case r.Address == pn532WriteAddr || r.Address == pn532WriteAddr+1:
		ps.add(line, fmt.Sprintf("reader address %#x is the PN532's 8-bit form", r.Address), "write address: 0x24, the 7-bit address Linux uses")
	case r.Address < firstI2CAddr || r.Address > lastI2CAddr:
		ps.add(line, fmt.Sprintf("reader address %#x is outside the 7-bit I2C range 0x08..0x77", r.Address), "write address: 0x24, the PN532's address (i2cdetect -y 1 shows it)")
	}
	if r.Bus < 0 {
		ps.add(at("reader bus", "reader"), fmt.Sprintf("reader bus %d is not an I2C bus", r.Bus), "write bus: 1 (/dev/i2c-1, BCM 2 and 3)")
	}
}

func (b *Board) validateSound(ps *problems, at func(...string) int) {
	line := at("sound device", "sound")
	switch b.Sound.Output {
	case SoundDefault, SoundNone:
	case SoundWAV:
		if !filepath.IsAbs(b.Sound.WAV) || !strings.HasSuffix(strings.ToLower(b.Sound.WAV), ".wav") {
			ps.add(line, fmt.Sprintf("sound file %q is not an absolute path to a .wav file", b.Sound.WAV),
				"write device: wav:/full/path/beat.wav: the service's working directory is not yours")
		}
	default:
		fix := "write default (the sound card, chosen by alsa:), none, or wav:/path/file.wav" + suggest(string(b.Sound.Output), "default", "none")
		if alsaName.MatchString(string(b.Sound.Output)) && strings.ContainsAny(string(b.Sound.Output), ":,") {
			fix = fmt.Sprintf("an ALSA device goes under alsa:, with device: default; write alsa: %s", b.Sound.Output)
		}
		ps.add(line, fmt.Sprintf("unknown sound device %q", b.Sound.Output), fix)
	}
	if a := b.Sound.ALSA; a != "" && !alsaName.MatchString(a) {
		ps.add(at("sound alsa", "sound"), fmt.Sprintf("ALSA device %q is not a device name", a),
			"write default, or a name from aplay -L such as plughw:CARD=Headphones,DEV=0")
	}
	if l := b.Sound.Latency; l < 0 || l > MaxSoundLatency {
		ps.add(at("sound latency", "sound"), fmt.Sprintf("latency %v is outside 0..%v", l, MaxSoundLatency),
			"run falling doctor --sound at the table and write the latency it suggests")
	}
}

// alsaName is what an ALSA PCM name from aplay -L looks like; it keeps out
// spaces and quotes, since the name is written into an ALSA config file.
var alsaName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_:,=.@/+-]*$`)

func (b *Board) validateTiming(ps *problems, at func(...string) int) {
	t := b.Timing
	if t.Tempo < MinTempo || t.Tempo > MaxTempo {
		ps.add(at("timing tempo", "timing"), fmt.Sprintf("tempo %d cards a minute is outside %d..%d", t.Tempo, MinTempo, MaxTempo),
			fmt.Sprintf("write a tempo from %d to %d; %d is one card a second", MinTempo, MaxTempo, DefaultTempo))
	}
	switch t.Mode {
	case Follow, Strict:
	default:
		ps.add(at("timing mode", "timing"), fmt.Sprintf("unknown timing mode %q", t.Mode),
			"write follow (the beat waits for the dealer) or strict (it keeps time)"+suggest(string(t.Mode), "follow", "strict"))
	}
	if t.StopWindow <= 0 || t.StopWindow > maxStopWindow {
		ps.add(at("timing stop_window", "timing"), fmt.Sprintf("stop_window %v: want more than 0s and at most %v (a Ground's seat needs time to claim its Stop)", t.StopWindow, maxStopWindow),
			fmt.Sprintf("write a window such as %v", DefaultStopWindow))
	}
	switch {
	case t.TieWindow < 0:
		ps.add(at("timing tie_window", "timing"), fmt.Sprintf("tie_window %v is negative", t.TieWindow),
			fmt.Sprintf("write 0s (only exact ties) or a window such as %v", DefaultTieWindow))
	case t.StopWindow > 0 && t.TieWindow >= t.StopWindow:
		ps.add(at("timing tie_window", "timing"), fmt.Sprintf("tie_window %v is not shorter than stop_window %v, so every Stop claim would be a tie", t.TieWindow, t.StopWindow),
			fmt.Sprintf("make tie_window a few milliseconds (default %v)", DefaultTieWindow))
	}
	if t.Debounce < 0 || t.Debounce > maxDebounce {
		ps.add(at("timing debounce", "timing"), fmt.Sprintf("debounce %v is outside 0..%v", t.Debounce, maxDebounce),
			fmt.Sprintf("write a debounce such as %v: longer would swallow real presses", DefaultDebounce))
	}
}

// suggest returns "; did you mean X?" when s is a typo of one of valid.
func suggest(s string, valid ...string) string {
	if m, ok := nearest(s, valid); ok {
		return fmt.Sprintf(" (did you mean %q?)", m)
	}
	return ""
}
