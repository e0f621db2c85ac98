// Package pn532test is a behavioural model of an NXP PN532 on an I²C bus,
// for testing drivers and services against the chip as it behaves rather
// than against transcripts. Chip implements periph's i2c.Bus, so the real
// drivers/pn532 runs on it unchanged.
//
// What it models, after the PN532 user manual UM0701-02:
//
//   - Host link frames (§6.2.1): preamble, start code 00 FF, LEN and LCS,
//     TFI D4/D5, DCS, postamble. A frame whose checksums do not balance,
//     or that is not from the host, is ignored, as the chip does: the host
//     gets no ACK and times out.
//   - ACK 00 00 FF 00 FF 00 for every command it takes, then the response;
//     an ACK from the host aborts the command in progress (§6.2.2); a NACK
//     from the host has the last frame sent again.
//   - The I²C status byte (§6.2.4): every read starts with it, 0x01 when a
//     frame is ready, 0x00 while the chip is busy, and then the frame. A
//     read shorter than the frame leaves it to be read again from the
//     start; a read that covers it consumes it.
//   - The chip busy while it works: the ACK comes Timing.ACK after the
//     command, simple commands answer Timing.Command later, and
//     InListPassiveTarget (§7.3.5) makes 1+MxRtyPassiveActivation attempts
//     (RFConfiguration item 5; 0xFF, the value after reset, means forever),
//     each Timing.EmptyAttempt with no card, Timing.Activate to select a
//     card (plus Timing.Collision when two are in the field).
//   - Cards entering and leaving the field at the times PutCard and
//     RemoveCard are called. An attempt sees the cards in the field when it
//     starts; if the field changes before the card is selected the attempt
//     fails and the next one starts, so a card pulled mid-read is never
//     reported with a wrong or partial UID (the chip checks BCC and CRC).
//   - Two cards at once: with MaxTg 1 anticollision selects one, the one
//     whose UID has a 1 at the first bit where they differ (bits go LSB
//     first; NXP's readers take the 1 branch); with MaxTg 2 both.
//   - GetFirmwareVersion (IC 0x32, v1.6, support 0x07), SAMConfiguration,
//     RFConfiguration, InListPassiveTarget (106 kbps type A), InRelease;
//     anything else gets the syntax error frame.
//   - With Options.BusyNACK, the address NACKed while the chip searches the
//     field, as many users see it; without it, status 0x00.
//   - Bus faults, injected with Fail: the address NACKed, a read cut short
//     (the chip lets go of SDA and the rest reads 0xFF), a byte corrupted.
//   - The failure PN532 users report most: the chip stops answering
//     (Hang, HangAt), either NACKing its address (HangSilent) or holding
//     SCL low so that every transaction on the bus fails (HangHoldClock),
//     until RSTPDN is pulled low and released (RSTPDN) or the power is
//     cycled (PowerCycle). After either the chip boots for Timing.Boot,
//     NACKing its address, and comes up with the settings of reset:
//     MxRtyPassiveActivation 0xFF, so a driver that does not configure it
//     again blocks every poll with no card.
//
// Not modelled: the IRQ line, SPI and HSU, extended frames, the RF timing
// of anything but ISO/IEC 14443 type A at 106 kbps, the I²C wire time
// (Stats counts bytes so a caller can work it out at its bus speed).
//
// The model has no goroutine and no timer: it reads Clock.Now at each
// transaction and works out from the times of the commands and of the
// field's changes what the chip would answer then. Any clock fits, the
// simulated table's virtual one or the host's.
package pn532test

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
)

// Clock is the time the model runs on.
type Clock interface {
	// Now is the current time on a monotonic time line.
	Now() time.Duration
}

// DefaultAddr is the PN532's 7-bit I²C address.
const DefaultAddr uint16 = 0x24

// Errors a transaction can return, as Linux's i2c-dev reports them.
var (
	// ErrAddrNACK: nothing acknowledged the address (ENXIO/EREMOTEIO):
	// the chip is busy waking, in reset, hung, or not at that address.
	ErrAddrNACK = errors.New("pn532test: i2c: address not acknowledged")
	// ErrBusStuck: SCL is held low and the controller times out
	// (ETIMEDOUT): the PN532 hung holding the clock.
	ErrBusStuck = errors.New("pn532test: i2c: bus timeout, SCL held low")
)

// Timing is how long the chip takes. The defaults are estimates from the
// user manual's protocol and from what PN532 users measure, not from a
// chip on this bench; a caller can set its own.
type Timing struct {
	// ACK is from a command frame written to its ACK being ready: 1 ms.
	ACK time.Duration
	// Command is from the ACK to the response of a command that does not
	// touch the field (GetFirmwareVersion, SAMConfiguration,
	// RFConfiguration, InRelease): 1 ms.
	Command time.Duration
	// Activate is one InListPassiveTarget attempt that selects a card:
	// REQA, two cascade levels of anticollision and select for a 7-byte
	// UID at 106 kbps, with the firmware's overhead: 6 ms.
	Activate time.Duration
	// Collision is added to Activate when two cards answer and
	// anticollision has to resolve a bit collision: 1 ms.
	Collision time.Duration
	// EmptyAttempt is one attempt that finds no card (REQA and the wait
	// for an ATQA that does not come): 3 ms.
	EmptyAttempt time.Duration
	// Boot is from RSTPDN released (or power applied) to the chip
	// answering its address: 5 ms.
	Boot time.Duration
}

// DefaultTiming is the Timing of a zero Options.
var DefaultTiming = Timing{
	ACK:          time.Millisecond,
	Command:      time.Millisecond,
	Activate:     6 * time.Millisecond,
	Collision:    time.Millisecond,
	EmptyAttempt: 3 * time.Millisecond,
	Boot:         5 * time.Millisecond,
}

// Options configures a Chip; zero fields take the defaults.
type Options struct {
	Addr   uint16 // DefaultAddr
	Timing Timing // DefaultTiming, field by field
	// BusyNACK makes the chip NACK its address while InListPassiveTarget
	// searches the field, instead of answering status 0x00: the firmware
	// serves I²C from the same 80C51 loop that runs the RF exchange, and
	// the address-NACK floods PN532 users report come from polling it then.
	BusyNACK bool
}

// Card is a type A card.
type Card struct {
	UID     []byte // 4, 7 or 10 bytes
	SensRes uint16 // ATQA
	SelRes  byte   // SAK
}

// NTAG is an NTAG21x sticker with the given 7-byte UID, the card FALLING's
// decks carry.
func NTAG(uid []byte) Card {
	return Card{UID: slices.Clone(uid), SensRes: 0x0044, SelRes: 0x00}
}

// HangMode is how a hung chip shows on the bus.
type HangMode int

const (
	// HangSilent: the chip NACKs its address; the bus itself works.
	HangSilent HangMode = iota + 1
	// HangHoldClock: the chip holds SCL low; every transaction on the bus,
	// to any address, fails.
	HangHoldClock
)

// Fault is a bus fault Fail injects.
type Fault int

const (
	// FaultAddrNACK: the transaction's address is not acknowledged.
	FaultAddrNACK Fault = iota + 1
	// FaultShortRead: a frame read (longer than the status byte) is cut
	// after the status byte and 3 bytes of the frame; the rest reads 0xFF.
	FaultShortRead
	// FaultCorrupt: one byte of a frame read is flipped on the wire.
	FaultCorrupt
)

// Stats counts the traffic the chip saw.
type Stats struct {
	Tx          int // transactions on the bus, to any address
	Bytes       int // bytes on the wire: an address byte per transaction plus data
	StatusReads int // 1-byte reads (polling the status byte)
	FrameReads  int // longer reads
	Writes      int
	NACKs       int // transactions refused by address NACK
	Stuck       int // transactions failed by a held clock
	Commands    int // command frames taken (ACKed)
	Aborts      int // ACK frames from the host
	Resends     int // NACK frames from the host
	Resets      int // RSTPDN pulses and power cycles
	Found       int // InListPassiveTarget answers with a card
	Empty       int // InListPassiveTarget answers without one
}

type fieldEvent struct {
	t     time.Duration
	cards []Card
}

type command struct {
	code    byte
	params  []byte
	at      time.Duration // when the chip took it
	ackRead time.Duration // when the host read the ACK, -1 until then
}

// Chip is the model. Its methods are safe for concurrent use: the driver
// runs on one goroutine, the test or the simulated table moves cards on
// another.
type Chip struct {
	mu  sync.Mutex
	clk Clock
	o   Options

	speed    physic.Frequency
	inReset  bool
	bootAt   time.Duration // the chip answers from here on
	hang     HangMode
	hangAt   time.Duration // a scheduled hang, if hangWhen is set
	hangWhen HangMode

	field []fieldEvent // in time order; field[0] is the state at its time

	out      []byte        // the frame the host may read, nil if none
	outReady time.Duration // when out is ready
	last     []byte        // the last frame read, for a NACK from the host
	pending  *command      // taken, response not yet out
	mxRty    byte          // MxRtyPassiveActivation
	listed   int           // targets InListPassiveTarget holds

	faults []Fault
	stats  Stats
}

// New returns a powered, idle chip with no card in its field, as after
// its boot: a driver sets it up from there.
func New(clk Clock, opts *Options) *Chip {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Addr == 0 {
		o.Addr = DefaultAddr
	}
	d, t := DefaultTiming, &o.Timing
	for _, f := range []struct {
		v   *time.Duration
		def time.Duration
	}{
		{&t.ACK, d.ACK}, {&t.Command, d.Command}, {&t.Activate, d.Activate},
		{&t.Collision, d.Collision}, {&t.EmptyAttempt, d.EmptyAttempt}, {&t.Boot, d.Boot},
	} {
		if *f.v <= 0 {
			*f.v = f.def
		}
	}
	now := clk.Now()
	return &Chip{
		clk:    clk,
		o:      o,
		speed:  100 * physic.KiloHertz,
		bootAt: now,
		mxRty:  0xFF,
		field:  []fieldEvent{{t: now}},
	}
}

var _ i2c.Bus = (*Chip)(nil)

func (c *Chip) String() string { return fmt.Sprintf("pn532test@%#x", c.o.Addr) }

// SetSpeed implements i2c.Bus; the model's timing does not depend on it.
func (c *Chip) SetSpeed(f physic.Frequency) error {
	if f <= 0 {
		return fmt.Errorf("pn532test: invalid speed %v", f)
	}
	c.mu.Lock()
	c.speed = f
	c.mu.Unlock()
	return nil
}

// Stats returns the counters so far.
func (c *Chip) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// PutCard lays a card on the reader now, next to any already there.
func (c *Chip) PutCard(card Card) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cards := slices.Clone(c.field[len(c.field)-1].cards)
	c.setField(append(cards, Card{UID: slices.Clone(card.UID), SensRes: card.SensRes, SelRes: card.SelRes}))
}

// RemoveCard takes every card off the reader now.
func (c *Chip) RemoveCard() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.setField(nil)
}

// Cards lists the cards in the field now.
func (c *Chip) Cards() []Card {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.field[len(c.field)-1].cards)
}

// maxHistory bounds the field's history: a command looks back at most
// one InListPassiveTarget, so old changes can go.
const maxHistory = 256

func (c *Chip) setField(cards []Card) {
	now := c.clk.Now()
	if n := len(c.field); c.field[n-1].t == now {
		c.field[n-1].cards = cards
	} else {
		c.field = append(c.field, fieldEvent{t: now, cards: cards})
	}
	if len(c.field) > maxHistory {
		keep := maxHistory / 2
		if c.pending != nil {
			// Keep what the pending command may still look at.
			i := c.fieldIndex(c.pending.at)
			keep = max(keep, len(c.field)-i)
		}
		c.field = slices.Clone(c.field[len(c.field)-keep:])
	}
}

// fieldIndex is the index of the event in force at t.
func (c *Chip) fieldIndex(t time.Duration) int {
	i := sort.Search(len(c.field), func(i int) bool { return c.field[i].t > t })
	return max(i-1, 0)
}

// Hang makes the chip stop answering now, as it does after hours for
// many PN532 users, until RSTPDN or PowerCycle.
func (c *Chip) Hang(mode HangMode) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hang = mode
	c.hangWhen = 0
}

// HangAt makes the chip stop answering at t on the model's clock.
func (c *Chip) HangAt(t time.Duration, mode HangMode) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hangAt, c.hangWhen = t, mode
}

// Hung reports whether the chip is hung now.
func (c *Chip) Hung() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.checkHang(c.clk.Now())
	return c.hang != 0
}

func (c *Chip) checkHang(now time.Duration) {
	if c.hangWhen != 0 && now >= c.hangAt {
		c.hang, c.hangWhen = c.hangWhen, 0
	}
}

// PowerCycle switches the chip off and on: what the dealer does when
// there is no RSTPDN line.
func (c *Chip) PowerCycle() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reset()
	c.boot()
}

// Fail makes the next n transactions (for FaultAddrNACK) or frame reads
// (for the others) suffer f. Faults queue in the order given.
func (c *Chip) Fail(f Fault, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for range n {
		c.faults = append(c.faults, f)
	}
}

// takeFault consumes the next fault if it is f.
func (c *Chip) takeFault(f Fault) bool {
	if len(c.faults) == 0 || c.faults[0] != f {
		return false
	}
	c.faults = c.faults[1:]
	return true
}

// reset puts the chip in reset: it forgets everything and answers nothing.
func (c *Chip) reset() {
	c.stats.Resets++
	c.inReset = true
	c.hang, c.hangWhen = 0, 0
	c.out, c.last, c.pending = nil, nil, nil
	c.mxRty = 0xFF
	c.listed = 0
}

func (c *Chip) boot() {
	c.inReset = false
	c.bootAt = c.clk.Now() + c.o.Timing.Boot
}

// RSTPDN returns the chip's reset input, active low, as a gpio.PinOut the
// reader's watchdog can drive: Out(Low) holds the chip in reset, Out(High)
// releases it and it boots. It starts high, as the board's pull-up holds it.
func (c *Chip) RSTPDN() gpio.PinOut { return &resetPin{c: c} }

type resetPin struct{ c *Chip }

func (p *resetPin) String() string   { return "pn532test RSTPDN" }
func (p *resetPin) Halt() error      { return nil }
func (p *resetPin) Name() string     { return "RSTPDN" }
func (p *resetPin) Number() int      { return -1 }
func (p *resetPin) Function() string { return "Out" }

func (p *resetPin) Out(l gpio.Level) error {
	c := p.c
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case l == gpio.Low && !c.inReset:
		c.reset()
	case l == gpio.High && c.inReset:
		c.boot()
	}
	return nil
}

func (p *resetPin) PWM(gpio.Duty, physic.Frequency) error {
	return errors.New("pn532test: RSTPDN has no PWM")
}

// Tx implements i2c.Bus: one transaction, a write or a read (the PN532's
// host link never combines them).
func (c *Chip) Tx(addr uint16, w, r []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.clk.Now()
	c.checkHang(now)
	c.stats.Tx++
	c.stats.Bytes++ // address byte
	if c.hang == HangHoldClock {
		c.stats.Stuck++
		return fmt.Errorf("%w (transaction to %#x)", ErrBusStuck, addr)
	}
	frameRead := len(r) > 1
	if addr != c.o.Addr || c.inReset || now < c.bootAt || c.hang != 0 || c.takeFault(FaultAddrNACK) || c.searching(now) {
		c.stats.NACKs++
		return fmt.Errorf("%w at %#x", ErrAddrNACK, addr)
	}
	c.stats.Bytes += len(w) + len(r)
	if len(w) > 0 && len(r) > 0 {
		return errors.New("pn532test: a write and a read in one transaction; the PN532 host link does not use them")
	}
	if len(w) > 0 {
		c.stats.Writes++
		c.write(now, w)
		return nil
	}
	if len(r) == 0 {
		return nil // an address probe, as i2cdetect makes
	}
	if frameRead {
		c.stats.FrameReads++
	} else {
		c.stats.StatusReads++
	}
	c.read(now, r, frameRead)
	return nil
}

var (
	ackFrame    = []byte{0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00}
	nackFrame   = []byte{0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00}
	syntaxFrame = []byte{0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00}
)

func (c *Chip) write(now time.Duration, w []byte) {
	switch {
	case slices.Equal(w, ackFrame):
		// Abort (§6.2.2): whatever was running or waiting to be read.
		c.stats.Aborts++
		c.out, c.pending = nil, nil
		return
	case slices.Equal(w, nackFrame):
		c.stats.Resends++
		if c.last != nil && c.out == nil {
			c.out, c.outReady = c.last, now+c.o.Timing.ACK
		}
		return
	}
	data, ok := parseHostFrame(w)
	if !ok {
		return // not a frame the chip takes: no ACK, the host times out
	}
	c.stats.Commands++
	c.pending = &command{code: data[0], params: slices.Clone(data[1:]), at: now, ackRead: -1}
	c.out, c.outReady = ackFrame, now+c.o.Timing.ACK
}

// parseHostFrame returns the command code and parameters of a normal
// information frame from the host, or false.
func parseHostFrame(w []byte) ([]byte, bool) {
	i := 0
	for i < len(w) && w[i] == 0x00 {
		i++
	}
	if i == 0 || i+3 > len(w) || w[i] != 0xFF {
		return nil, false
	}
	n, lcs := int(w[i+1]), w[i+2]
	if n == 0 || byte(n)+lcs != 0 {
		return nil, false
	}
	body := w[i+3:]
	if len(body) < n+1 {
		return nil, false
	}
	var sum byte
	for _, b := range body[:n+1] {
		sum += b
	}
	if sum != 0 || body[0] != 0xD4 || n < 2 {
		return nil, false
	}
	return body[1:n], true
}

func (c *Chip) read(now time.Duration, r []byte, frameRead bool) {
	c.advance(now)
	clear(r)
	if c.out == nil || now < c.outReady {
		return // status 0x00: busy
	}
	r[0] = 0x01
	if !frameRead {
		return
	}
	n := copy(r[1:], c.out)
	switch {
	case c.takeFault(FaultShortRead):
		for i := min(4, len(r)); i < len(r); i++ {
			r[i] = 0xFF
		}
	case c.takeFault(FaultCorrupt):
		r[min(len(r)-1, 1+n/2)] ^= 0x10
	}
	if n < len(c.out) {
		return // the host read too little: it gets the frame again
	}
	c.last = c.out
	if slices.Equal(c.out, ackFrame) && c.pending != nil {
		c.pending.ackRead = now
	}
	c.out = nil
	c.advance(now)
}

// searching reports whether the chip is busy in the field and, with
// BusyNACK, refusing its address.
func (c *Chip) searching(now time.Duration) bool {
	if !c.o.BusyNACK {
		return false
	}
	c.advance(now)
	p := c.pending
	return p != nil && p.code == 0x4A && p.ackRead >= 0
}

// advance puts the pending command's response out once it is done.
func (c *Chip) advance(now time.Duration) {
	p := c.pending
	if c.out != nil || p == nil || p.ackRead < 0 {
		return
	}
	resp, at, done := c.respond(p, now)
	if !done {
		return
	}
	c.pending = nil
	c.out, c.outReady = resp, max(at, p.ackRead)
}

// respond works out the response to p and when it is ready, if that is
// decided by now.
func (c *Chip) respond(p *command, now time.Duration) (frame []byte, at time.Duration, done bool) {
	tm := c.o.Timing
	simple := p.at + tm.ACK + tm.Command
	switch p.code {
	case 0x02: // GetFirmwareVersion
		return responseFrame(0x03, 0x32, 0x01, 0x06, 0x07), simple, simple <= now
	case 0x14: // SAMConfiguration: Mode [Timeout [IRQ]]
		if len(p.params) < 1 || len(p.params) > 3 || p.params[0] < 1 || p.params[0] > 4 {
			return syntaxFrame, simple, simple <= now
		}
		return responseFrame(0x15), simple, simple <= now
	case 0x32: // RFConfiguration: CfgItem ConfigurationData
		if len(p.params) < 2 {
			return syntaxFrame, simple, simple <= now
		}
		if p.params[0] == 0x05 {
			if len(p.params) != 4 {
				return syntaxFrame, simple, simple <= now
			}
			if simple <= now {
				c.mxRty = p.params[3]
			}
		}
		return responseFrame(0x33), simple, simple <= now
	case 0x52: // InRelease: Tg
		if len(p.params) != 1 {
			return syntaxFrame, simple, simple <= now
		}
		if simple <= now {
			c.listed = 0
		}
		return responseFrame(0x53, 0x00), simple, simple <= now
	case 0x4A:
		return c.inList(p, now)
	}
	return syntaxFrame, simple, simple <= now
}

// inList runs InListPassiveTarget's attempts against the field's history
// up to now.
func (c *Chip) inList(p *command, now time.Duration) ([]byte, time.Duration, bool) {
	tm := c.o.Timing
	if len(p.params) < 2 || p.params[0] < 1 || p.params[0] > 2 {
		at := p.at + tm.ACK + tm.Command
		return syntaxFrame, at, at <= now
	}
	maxTg := int(p.params[0])
	t := p.at + tm.ACK
	if p.params[1] != 0x00 {
		// Only 106 kbps type A is modelled: other kinds find nothing.
		at := t + tm.EmptyAttempt
		return responseFrame(0x4B, 0x00), at, at <= now
	}
	for try := 0; c.mxRty == 0xFF || try <= int(c.mxRty); try++ {
		cards := c.field[c.fieldIndex(t)].cards
		if len(cards) == 0 {
			if t += tm.EmptyAttempt; t > now {
				return nil, 0, false
			}
			continue
		}
		end := t + tm.Activate
		if len(cards) > 1 {
			end += tm.Collision
		}
		if end > now {
			return nil, 0, false
		}
		if c.fieldIndex(end) != c.fieldIndex(t) {
			// The field changed mid-activation: the exchange with the
			// card breaks off (timeout, bad CRC or BCC) and the chip
			// tries again; it never reports what it could not check.
			t = end
			continue
		}
		chosen := chooseTargets(cards, maxTg)
		c.listed = len(chosen)
		c.stats.Found++
		data := []byte{0x4B, byte(len(chosen))}
		for i, k := range chosen {
			data = append(data, byte(i+1), byte(k.SensRes>>8), byte(k.SensRes), k.SelRes, byte(len(k.UID)))
			data = append(data, k.UID...)
		}
		return responseFrame(data...), end, true
	}
	c.stats.Empty++
	return responseFrame(0x4B, 0x00), t, true
}

// chooseTargets is anticollision's outcome: up to maxTg cards, in the
// order the reader resolves them.
func chooseTargets(cards []Card, maxTg int) []Card {
	s := slices.Clone(cards)
	slices.SortStableFunc(s, func(a, b Card) int { return winsFirst(a, b) })
	return s[:min(maxTg, len(s))]
}

// winsFirst orders two cards as anticollision meets them: the cascade
// level 1 bytes go LSB first, and at the first bit that differs the reader
// takes the card answering 1.
func winsFirst(a, b Card) int {
	ca, cb := cascade1(a.UID), cascade1(b.UID)
	for i := range min(len(ca), len(cb)) {
		if x := ca[i] ^ cb[i]; x != 0 {
			low := x & -x // the first differing bit on the air
			if ca[i]&low != 0 {
				return -1
			}
			return 1
		}
	}
	return 0
}

// cascade1 is what a card sends at cascade level 1: a 4-byte UID whole,
// a longer one as the cascade tag 0x88 and its first three bytes.
func cascade1(uid []byte) []byte {
	if len(uid) == 4 {
		return uid
	}
	return append([]byte{0x88}, uid[:min(3, len(uid))]...)
}

// responseFrame is a normal information frame from the PN532.
func responseFrame(data ...byte) []byte {
	n := 1 + len(data)
	f := []byte{0x00, 0x00, 0xFF, byte(n), byte(-n), 0xD5}
	sum := byte(0xD5)
	for _, b := range data {
		sum += b
	}
	f = append(f, data...)
	return append(f, -sum, 0x00)
}
