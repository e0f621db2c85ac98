package pn532

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
)

// DefaultAddr is the PN532's fixed 7-bit I²C address.
const DefaultAddr uint16 = 0x24

// Command codes (UM0701-02 §7.2, §7.3).
const (
	cmdGetFirmwareVersion  byte = 0x02
	cmdSAMConfiguration    byte = 0x14
	cmdRFConfiguration     byte = 0x32
	cmdInListPassiveTarget byte = 0x4A
	cmdInRelease           byte = 0x52
)

func cmdName(c byte) string {
	switch c {
	case cmdGetFirmwareVersion:
		return "GetFirmwareVersion"
	case cmdSAMConfiguration:
		return "SAMConfiguration"
	case cmdRFConfiguration:
		return "RFConfiguration"
	case cmdInListPassiveTarget:
		return "InListPassiveTarget"
	case cmdInRelease:
		return "InRelease"
	}
	return fmt.Sprintf("command 0x%02X", c)
}

const (
	// DefaultBusFree is the least idle time kept on the bus between two
	// transactions with the PN532, libnfc's PN532_BUS_FREE_TIME. The data
	// sheet's tBUF is microseconds, but the chip's firmware answers its
	// address from an 80C51 loop: hammered with status reads it NACKs its
	// address or stretches the clock, and the address-NACK floods users of
	// 1 ms polling report go away with 5 ms. It also paces the status
	// polls, so the wait for the chip costs one 2-byte read per 5 ms.
	DefaultBusFree = 5 * time.Millisecond
	// irqSlice bounds one WaitForEdge so a cancelled context is noticed.
	irqSlice = 10 * time.Millisecond
	// wakeDelay is how long the PN532 may take to wake from power-down on
	// its I²C address; the transaction that woke it may be refused.
	wakeDelay = 2 * time.Millisecond

	// maxATS bounds the ATS kept in an InListPassiveTarget response. NTAG21x
	// have none; ISO-DEP cards (phones, bank cards) send 5–20 bytes.
	maxATS = 32
	// Response sizes (TFI, response code and parameters) read per command.
	// Reading the exact worst case in one transaction avoids a second
	// header read, which the PN532 would answer from the start of the frame.
	respFirmware = 2 + 4
	respEmpty    = 2
	respInList   = 2 + 1 + 1 + 2 + 1 + 1 + 10 + maxATS
	respRelease  = 2 + 1
	maxRead      = 1 + frameOverhead + respInList
)

// Options configures a Dev. The zero value of a field means its default, except
// Retries and PassiveActivationRetries where zero is meaningful.
type Options struct {
	// Addr is the I²C address; 0 means DefaultAddr.
	Addr uint16
	// IRQ is the PN532's IRQ output, active low, or nil to poll the status
	// byte over the bus instead.
	IRQ gpio.PinIn
	// Timeout bounds one exchange (command, ACK, response); 0 means 100 ms.
	// On expiry the command is aborted and ErrTimeout returned.
	Timeout time.Duration
	// Retries is how many times a frame is resent after a NACK, a garbled
	// ACK or a response whose checksums fail.
	Retries int
	// PassiveActivationRetries is MxRtyPassiveActivation (RFConfiguration
	// item 5): how many more times InListPassiveTarget tries to activate a
	// card before answering "none". 0xFF (try forever) is refused because
	// it would hold a poll until a card shows up.
	PassiveActivationRetries uint8
	// BusFree is the least idle time between the end of one transaction
	// and the start of the next; 0 means DefaultBusFree. It is also the
	// status byte's polling period.
	BusFree time.Duration
	// Clock is what the driver measures timeouts and waits the bus-free
	// time on; nil means the host's monotonic clock. The simulated table
	// passes its virtual clock (hw.Clock satisfies Clock) so a chip model
	// on the same clock answers on virtual time.
	Clock Clock
}

// Clock is the driver's time source: Now on a monotonic time line and a
// sleep to an absolute time on it, which returns false when done closes.
// It is hw.Clock's shape, without importing the table's packages.
type Clock interface {
	Now() time.Duration
	SleepUntil(t time.Duration, done <-chan struct{}) bool
}

// hostClock is Go's monotonic clock, counted from when it was made.
type hostClock struct{ start time.Time }

func (c hostClock) Now() time.Duration { return time.Since(c.start) }

func (c hostClock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	d := t - c.Now()
	if d <= 0 {
		return true
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return true
	case <-done:
		return false
	}
}

// DefaultOptions suits one reader on the Pi's 100 kHz bus: a poll with no card
// returns within a few milliseconds.
var DefaultOptions = Options{
	Addr:                     DefaultAddr,
	Timeout:                  100 * time.Millisecond,
	Retries:                  2,
	PassiveActivationRetries: 1,
	BusFree:                  DefaultBusFree,
}

// Firmware is the answer to GetFirmwareVersion.
type Firmware struct {
	IC      byte // 0x32 for a PN532
	Ver     byte
	Rev     byte
	Support byte // bit 0: ISO/IEC 14443 A, bit 1: 14443 B, bit 2: ISO 18092
}

func (f Firmware) String() string {
	return fmt.Sprintf("PN5%02X v%d.%d (support 0x%02X)", f.IC, f.Ver, f.Rev, f.Support)
}

// Target is a type A card found by InListPassiveTarget.
type Target struct {
	Tg      byte   // the PN532's logical number for it
	SensRes uint16 // SENS_RES (ATQA), 0x0044 for NTAG21x
	SelRes  byte   // SEL_RES (SAK), 0x00 for NTAG21x
	UID     []byte // NFCID1: 4, 7 or 10 bytes
	ATS     []byte // answer to select of ISO-DEP cards, nil otherwise
}

// Dev is a PN532 on an I²C bus. Its methods are safe for concurrent use;
// they serialise on the chip, which runs one command at a time.
type Dev struct {
	mu   sync.Mutex
	c    i2c.Dev
	opts Options
	clk  Clock
	// busy is when the last transaction ended; the next starts no sooner
	// than busy+BusFree. It starts at minus BusFree so the first goes at once.
	busy time.Duration
	fw   Firmware
	cmd  [16]byte                 // command code and parameters
	w    [16 + frameOverhead]byte // encoded command frame
	r    [maxRead]byte            // every read, status byte first
}

// New wakes the PN532 on bus, checks it answers GetFirmwareVersion and
// configures it for reading cards: SAM in normal mode (not used) and a short
// passive activation retry count. opts may be nil for DefaultOptions. It is
// Attach followed by Reinit.
func New(bus i2c.Bus, opts *Options) (*Dev, error) {
	d, err := Attach(bus, opts)
	if err != nil {
		return nil, err
	}
	if err := d.Reinit(); err != nil {
		return nil, err
	}
	return d, nil
}

// Attach returns a Dev for the PN532 on bus without talking to it: it
// checks opts and sets up the IRQ pin, and leaves waking and configuring
// the chip to Reinit. It is for a caller that must not fail because the
// reader is unplugged right now: the table starts with its reader lost and
// calls Reinit until the chip answers. Its errors are the caller's (bad
// options, an IRQ pin that cannot be set up), never the chip's.
func Attach(bus i2c.Bus, opts *Options) (*Dev, error) {
	if opts == nil {
		opts = &DefaultOptions
	}
	o := *opts
	if o.Addr == 0 {
		o.Addr = DefaultAddr
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultOptions.Timeout
	}
	if o.BusFree == 0 {
		o.BusFree = DefaultBusFree
	}
	switch {
	case o.Timeout < 0:
		return nil, fmt.Errorf("pn532: negative timeout %v", o.Timeout)
	case o.BusFree < 0:
		return nil, fmt.Errorf("pn532: negative bus-free time %v", o.BusFree)
	case o.Retries < 0:
		return nil, fmt.Errorf("pn532: negative retry count %d", o.Retries)
	case o.PassiveActivationRetries == 0xFF:
		return nil, errors.New("pn532: PassiveActivationRetries 0xFF would block every poll until a card appears")
	}
	if o.IRQ != nil {
		if err := o.IRQ.In(gpio.PullUp, gpio.FallingEdge); err != nil {
			return nil, fmt.Errorf("pn532: IRQ pin %s: %w", o.IRQ, err)
		}
	}
	clk := o.Clock
	if clk == nil {
		clk = hostClock{start: time.Now()}
	}
	return &Dev{c: i2c.Dev{Bus: bus, Addr: o.Addr}, opts: o, clk: clk, busy: clk.Now() - o.BusFree}, nil
}

// tx is the only way the driver talks to the chip: it keeps the bus-free
// time since the last transaction, then runs one. A cancelled ctx stops
// the wait, not a transaction under way.
func (d *Dev) tx(ctx context.Context, w, r []byte) error {
	if !d.clk.SleepUntil(d.busy+d.opts.BusFree, ctx.Done()) {
		return ctx.Err()
	}
	err := d.c.Tx(w, r)
	d.busy = d.clk.Now()
	return err
}

func (d *Dev) String() string {
	return fmt.Sprintf("PN532{%s}", &d.c)
}

// Firmware returns the version read by the last New or Reinit: zero for a
// Dev from Attach until a Reinit succeeds.
func (d *Dev) Firmware() Firmware {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.fw
}

// Reinit re-synchronises with the PN532 and runs the setup of New again, so
// a caller can pick the reader up after it was unplugged or reset.
func (d *Dev) Reinit() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	ctx := context.Background()
	// An ACK from the host aborts whatever command the PN532 was running,
	// so a half-finished exchange from before cannot answer our next one.
	// It doubles as the wake-up: the first transaction after power-down
	// may be refused while the oscillator starts.
	var err error
	for i := 0; i <= d.opts.Retries; i++ {
		if err = d.tx(ctx, ackFrame, nil); err == nil {
			break
		}
		d.clk.SleepUntil(d.clk.Now()+wakeDelay, nil)
	}
	if err != nil {
		return fmt.Errorf("pn532: no answer at I²C address %#x: %w", d.c.Addr, err)
	}
	fw, err := d.getFirmwareVersion(ctx)
	if err != nil {
		return err
	}
	if fw.IC != 0x32 {
		// Clones and the PN533 speak the same frames; carry on but leave
		// a trace for "falling doctor".
		slog.Warn("pn532: unexpected IC", "ic", fmt.Sprintf("0x%02X", fw.IC), "dev", d.String())
	}
	if err := d.samConfiguration(ctx); err != nil {
		return err
	}
	if err := d.setMaxRetries(ctx, d.opts.PassiveActivationRetries); err != nil {
		return err
	}
	d.fw = fw
	return nil
}

// Halt aborts the command in progress, if any.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.tx(context.Background(), ackFrame, nil); err != nil {
		return fmt.Errorf("pn532: abort: %w", err)
	}
	return nil
}

// GetFirmwareVersion asks the chip for its IC and firmware version.
func (d *Dev) GetFirmwareVersion(ctx context.Context) (Firmware, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.getFirmwareVersion(ctx)
}

func (d *Dev) getFirmwareVersion(ctx context.Context) (Firmware, error) {
	b, err := d.exec(ctx, cmdGetFirmwareVersion, nil, respFirmware)
	if err != nil {
		return Firmware{}, err
	}
	if len(b) != 4 {
		return Firmware{}, fmt.Errorf("%w: GetFirmwareVersion: %d bytes, want 4", ErrFrame, len(b))
	}
	return Firmware{IC: b[0], Ver: b[1], Rev: b[2], Support: b[3]}, nil
}

// SAMConfiguration puts the SAM companion chip in normal mode (not used)
// and lets the PN532 drive its IRQ line, which it does whether or not the
// line is wired.
func (d *Dev) SAMConfiguration(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.samConfiguration(ctx)
}

func (d *Dev) samConfiguration(ctx context.Context) error {
	// Mode 0x01 normal; timeout 0x14 (1 s, only used in virtual card
	// mode); IRQ 0x01 on.
	_, err := d.exec(ctx, cmdSAMConfiguration, []byte{0x01, 0x14, 0x01}, respEmpty)
	return err
}

// SetMaxRetries sets RFConfiguration item 5 (MaxRetries) with the default
// MxRtyATR (0xFF) and MxRtyPSL (0x01) and the given MxRtyPassiveActivation.
func (d *Dev) SetMaxRetries(ctx context.Context, passiveActivation uint8) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.setMaxRetries(ctx, passiveActivation)
}

func (d *Dev) setMaxRetries(ctx context.Context, passiveActivation uint8) error {
	_, err := d.exec(ctx, cmdRFConfiguration, []byte{0x05, 0xFF, 0x01, passiveActivation}, respEmpty)
	return err
}

// InListPassiveTarget looks for one ISO/IEC 14443 type A target at
// 106 kbps. No card in the field is not an error: it returns ok == false.
func (d *Dev) InListPassiveTarget(ctx context.Context) (t Target, ok bool, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.inListPassiveTarget(ctx)
}

func (d *Dev) inListPassiveTarget(ctx context.Context) (Target, bool, error) {
	// MaxTg 1, BrTy 0x00 (106 kbps type A).
	b, err := d.exec(ctx, cmdInListPassiveTarget, []byte{0x01, 0x00}, respInList)
	if err != nil {
		return Target{}, false, err
	}
	return parseTarget(b)
}

// parseTarget decodes InListPassiveTarget's response parameters for a
// 106 kbps type A poll with MaxTg 1 (UM0701-02 §7.3.5):
// NbTg [Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1 [ATSLength ATS...]].
func parseTarget(b []byte) (Target, bool, error) {
	if len(b) == 0 {
		return Target{}, false, fmt.Errorf("%w: InListPassiveTarget: empty response", ErrFrame)
	}
	switch b[0] {
	case 0:
		return Target{}, false, nil
	case 1:
	default:
		return Target{}, false, fmt.Errorf("%w: InListPassiveTarget: %d targets, asked for 1", ErrFrame, b[0])
	}
	b = b[1:]
	if len(b) < 5 {
		return Target{}, false, fmt.Errorf("%w: InListPassiveTarget: target data of %d bytes", ErrFrame, len(b))
	}
	t := Target{Tg: b[0], SensRes: uint16(b[1])<<8 | uint16(b[2]), SelRes: b[3]}
	n := int(b[4])
	switch n {
	case 4, 7, 10:
	default:
		return Target{}, false, fmt.Errorf("%w: InListPassiveTarget: NFCID length %d, want 4, 7 or 10", ErrFrame, n)
	}
	b = b[5:]
	if len(b) < n {
		return Target{}, false, fmt.Errorf("%w: InListPassiveTarget: NFCID of %d bytes, have %d", ErrFrame, n, len(b))
	}
	t.UID = append([]byte(nil), b[:n]...)
	if b = b[n:]; len(b) > 0 {
		// ATS[0] is TL, the ATS length including itself.
		if int(b[0]) != len(b) || b[0] == 0 {
			return Target{}, false, fmt.Errorf("%w: InListPassiveTarget: ATS length %d with %d bytes left", ErrFrame, b[0], len(b))
		}
		t.ATS = append([]byte(nil), b...)
	}
	return t, true, nil
}

// InRelease releases target tg (0 for all), ending the PN532's session
// with it.
func (d *Dev) InRelease(ctx context.Context, tg byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.inRelease(ctx, tg)
}

func (d *Dev) inRelease(ctx context.Context, tg byte) error {
	b, err := d.exec(ctx, cmdInRelease, []byte{tg}, respRelease)
	if err != nil {
		return err
	}
	if len(b) != 1 {
		return fmt.Errorf("%w: InRelease: %d bytes, want a status byte", ErrFrame, len(b))
	}
	if code := b[0] & 0x3F; code != 0 {
		return &ChipError{Cmd: cmdInRelease, Code: code}
	}
	return nil
}

// Poll reads the UID of the card in the field, if any, and releases it so
// the PN532 holds no session between polls. It is what a card reader
// service calls in a loop.
func (d *Dev) Poll(ctx context.Context) (uid []byte, present bool, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	t, ok, err := d.inListPassiveTarget(ctx)
	if err != nil || !ok {
		return nil, false, err
	}
	if err := d.inRelease(ctx, t.Tg); err != nil {
		return nil, false, err
	}
	return t.UID, true, nil
}

// exec runs one command and returns the response parameters (after the
// response code). The slice aliases d.r: use it before the next exec.
// respLen is the most TFI, response code and parameters can take.
func (d *Dev) exec(ctx context.Context, cmd byte, params []byte, respLen int) ([]byte, error) {
	data := append(append(d.cmd[:0], cmd), params...)
	w, err := appendFrame(d.w[:0], tfiHost, data)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		b, retry, err := d.exchange(ctx, cmd, w, respLen)
		if err == nil {
			return b, nil
		}
		if !retry || attempt >= d.opts.Retries {
			if attempt > 0 {
				return nil, fmt.Errorf("%w (after %d attempts)", err, attempt+1)
			}
			return nil, err
		}
		slog.Debug("pn532: resending command", "cmd", cmdName(cmd), "attempt", attempt+2, "err", err)
	}
}

// exchange sends one command frame and reads the ACK and the response.
// retry reports whether sending the same frame again may succeed.
func (d *Dev) exchange(ctx context.Context, cmd byte, w []byte, respLen int) (resp []byte, retry bool, err error) {
	// A refused write did not reach the chip (it NACKs its address while
	// busy or waking) and a garbled one gets no ACK, so writing again is
	// safe: the chip cannot run the command twice.
	if err := d.txUntil(ctx, d.clk.Now()+d.opts.Timeout, w, nil); err != nil {
		return nil, false, fmt.Errorf("pn532: writing %s: %w", cmdName(cmd), err)
	}
	// The timeout runs from when the chip has the command, not from
	// before the bus-free wait that preceded it.
	deadline := d.clk.Now() + d.opts.Timeout
	ack := d.r[:1+len(ackFrame)]
	if err := d.readReady(ctx, deadline, ack); err != nil {
		if errors.Is(err, ErrTimeout) {
			err = fmt.Errorf("%w: %s: %w waiting for ACK", ErrNoACK, cmdName(cmd), err)
		}
		return nil, false, d.abort(fmt.Errorf("pn532: reading ACK of %s: %w", cmdName(cmd), err))
	}
	f, err := parseI2CRead(ack)
	switch {
	case err != nil:
		// The command may or may not have been taken: abort it so that
		// resending cannot run it twice.
		return nil, true, d.abort(fmt.Errorf("%w: %s: %w", ErrNoACK, cmdName(cmd), err))
	case f.kind == kindNACK:
		return nil, true, fmt.Errorf("%w: %s: PN532 sent NACK", ErrNoACK, cmdName(cmd))
	case f.kind != kindACK:
		// The 7-byte read only holds an ACK or NACK; the syntax error
		// frame comes after the ACK, in place of the response.
		return nil, true, d.abort(fmt.Errorf("%w: %s: got %v frame", ErrNoACK, cmdName(cmd), f.kind))
	}

	r := d.r[:1+frameOverhead+respLen]
	for nacks := 0; ; nacks++ {
		if err := d.readReady(ctx, deadline, r); err != nil {
			return nil, false, d.abort(fmt.Errorf("pn532: %s response: %w", cmdName(cmd), err))
		}
		f, err = parseI2CRead(r)
		if err == nil {
			break
		}
		if errors.Is(err, ErrChecksum) && nacks < d.opts.Retries {
			// Corrupted on the wire: the PN532 still has the frame and
			// sends it again on NACK, without re-running the command.
			if err := d.tx(ctx, nackFrame, nil); err != nil {
				return nil, false, fmt.Errorf("pn532: sending NACK for %s: %w", cmdName(cmd), err)
			}
			continue
		}
		return nil, !errors.Is(err, errTruncated) && !errors.Is(err, ErrChecksum),
			d.abort(fmt.Errorf("pn532: %s response: %w", cmdName(cmd), err))
	}
	switch {
	case f.kind == kindSyntax:
		return nil, false, &ChipError{Cmd: cmd, Syntax: true}
	case f.kind != kindInfo:
		return nil, true, d.abort(fmt.Errorf("%w: %s: got %v frame instead of a response", ErrFrame, cmdName(cmd), f.kind))
	case f.tfi != tfiPN532 || len(f.data) == 0 || f.data[0] != cmd+1:
		return nil, true, d.abort(fmt.Errorf("%w: %s: response % X is not for this command", ErrFrame, cmdName(cmd), append([]byte{f.tfi}, f.data...)))
	}
	return f.data[1:], false, nil
}

// txUntil runs one transaction, and again one bus-free time later while it
// fails, until deadline; it returns the last error.
func (d *Dev) txUntil(ctx context.Context, deadline time.Duration, w, r []byte) error {
	for {
		err := d.tx(ctx, w, r)
		if err == nil || ctx.Err() != nil || d.clk.Now() >= deadline {
			return err
		}
		slog.Debug("pn532: transaction refused, trying again", "dev", d.String(), "err", err)
	}
}

// readReady waits for the PN532 to have a frame and reads it into b,
// status byte first. A read whose status byte says "not ready" is not an
// error but a wait to go back to: in IRQ mode the line can still be low
// from the frame just read (the PN532 raises it a little after the read),
// and a frame error there would abort and resend a command running fine.
// A read the bus refused left the frame with the chip, so it too goes
// back to waiting, until the deadline.
func (d *Dev) readReady(ctx context.Context, deadline time.Duration, b []byte) error {
	for {
		if err := d.waitReady(ctx, deadline); err != nil {
			return err
		}
		err := d.tx(ctx, nil, b)
		switch {
		case err == nil && b[0]&0x01 != 0:
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case d.clk.Now() < deadline:
			continue
		case err != nil:
			return fmt.Errorf("%w after %v: %w", ErrTimeout, d.opts.Timeout, err)
		}
		return fmt.Errorf("%w after %v: status byte %02X says not ready", ErrTimeout, d.opts.Timeout, b[0])
	}
}

// waitReady waits until the PN532 has a frame for us, by the IRQ line when
// wired or else by reading the status byte once per bus-free time. A status
// read that fails (the chip NACKs its address while it is busy: normal, and
// more so while it wakes or searches the field) is not the end of the
// command: it keeps waiting until the deadline, and a timeout then carries
// the last bus error, which says whether the chip was there at all.
func (d *Dev) waitReady(ctx context.Context, deadline time.Duration) error {
	var busErr error
	for {
		if d.opts.IRQ != nil {
			if d.opts.IRQ.Read() == gpio.Low {
				return nil
			}
		} else {
			st := d.r[:1]
			err := d.tx(ctx, nil, st)
			switch {
			case err == nil && st[0]&0x01 != 0:
				return nil
			case ctx.Err() != nil:
				return ctx.Err()
			case err != nil:
				busErr = err
			}
		}
		left := deadline - d.clk.Now()
		if left <= 0 {
			if busErr != nil {
				return fmt.Errorf("%w after %v, last status read: %w", ErrTimeout, d.opts.Timeout, busErr)
			}
			return fmt.Errorf("%w after %v", ErrTimeout, d.opts.Timeout)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.opts.IRQ != nil {
			d.opts.IRQ.WaitForEdge(min(left, irqSlice))
		}
		// Without IRQ, tx spaces the status reads by the bus-free time.
	}
}

// abort sends ACK, which makes the PN532 drop the command in progress
// (UM0701-02 §6.2.2), and returns err with any failure to do so. It goes
// out even when ctx was cancelled: that is when it is needed most.
func (d *Dev) abort(err error) error {
	if werr := d.tx(context.Background(), ackFrame, nil); werr != nil {
		return errors.Join(err, fmt.Errorf("pn532: aborting: %w", werr))
	}
	return err
}
