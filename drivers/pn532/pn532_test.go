package pn532

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"
)

const addr = DefaultAddr

// Transcript helpers: each turns one step of the host link into the I²C
// transactions the driver makes for it when no IRQ line is wired.

// hostFrame is the command frame the host writes for data (command code
// and parameters).
func hostFrame(t testing.TB, data ...byte) []byte {
	t.Helper()
	b, err := appendFrame(nil, tfiHost, data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// read is what an I²C read of n bytes returns when the PN532 has frame
// ready: the status byte, the frame, then zeros.
func read(n int, frame []byte) []byte {
	b := make([]byte, n)
	b[0] = 0x01
	copy(b[1:], frame)
	return b
}

// respFrame is the PN532's response frame for data.
func respFrame(t testing.TB, data ...byte) []byte {
	t.Helper()
	b, err := appendFrame(nil, tfiPN532, data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeOp(b []byte) i2ctest.IO { return i2ctest.IO{Addr: addr, W: b} }
func statusOp() i2ctest.IO        { return i2ctest.IO{Addr: addr, R: []byte{0x01}} }
func ackOp() i2ctest.IO           { return i2ctest.IO{Addr: addr, R: read(7, ackFrame)} }
func abortOp() i2ctest.IO         { return writeOp(ackFrame) }
func nackOp() i2ctest.IO          { return writeOp(nackFrame) }

// respOp reads a response of a command whose response takes up to respLen
// bytes of TFI, code and parameters.
func respOp(respLen int, frame []byte) i2ctest.IO {
	return i2ctest.IO{Addr: addr, R: read(1+frameOverhead+respLen, frame)}
}

// cmdOps is one clean exchange: command, ACK, response.
func cmdOps(cmd, resp []byte, respLen int) []i2ctest.IO {
	return []i2ctest.IO{writeOp(cmd), statusOp(), ackOp(), statusOp(), respOp(respLen, resp)}
}

func concat(parts ...[]i2ctest.IO) []i2ctest.IO {
	var all []i2ctest.IO
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// setupOps is what New and Reinit send: abort, GetFirmwareVersion,
// SAMConfiguration, RFConfiguration MaxRetries with passive retries mx.
func setupOps(t testing.TB, mx byte) []i2ctest.IO {
	return concat(
		[]i2ctest.IO{abortOp()},
		cmdOps(fwCmdFrame, fwRespFrame, respFirmware),
		cmdOps([]byte{0x00, 0x00, 0xFF, 0x05, 0xFB, 0xD4, 0x14, 0x01, 0x14, 0x01, 0x02, 0x00},
			[]byte{0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD5, 0x15, 0x16, 0x00}, respEmpty),
		cmdOps(hostFrame(t, 0x32, 0x05, 0xFF, 0x01, mx), respFrame(t, 0x33), respEmpty),
	)
}

var (
	ntagUID  = []byte{0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80}
	inListTx = []byte{0x00, 0x00, 0xFF, 0x04, 0xFC, 0xD4, 0x4A, 0x01, 0x00, 0xE1, 0x00}
)

// inListCard is InListPassiveTarget's response with an NTAG21x in the
// field; inListNone with nothing there.
func inListCard(t testing.TB) []byte {
	return respFrame(t, append([]byte{0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07}, ntagUID...)...)
}

func inListNone(t testing.TB) []byte { return respFrame(t, 0x4B, 0x00) }

// newDev returns a Dev on a playback bus holding ops after the setup, and
// a check that every op was played.
func newDev(t *testing.T, opts *Options, ops ...i2ctest.IO) (*Dev, *i2ctest.Playback) {
	t.Helper()
	mx := DefaultOptions.PassiveActivationRetries
	if opts != nil {
		mx = opts.PassiveActivationRetries
	}
	bus := &i2ctest.Playback{Ops: concat(setupOps(t, mx), ops), DontPanic: true}
	d, err := New(bus, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return d, bus
}

func closePlayback(t *testing.T, bus *i2ctest.Playback) {
	t.Helper()
	if err := bus.Close(); err != nil {
		t.Error(err)
	}
}

func TestNew(t *testing.T) {
	d, bus := newDev(t, nil)
	closePlayback(t, bus)
	want := Firmware{IC: 0x32, Ver: 0x01, Rev: 0x06, Support: 0x07}
	if got := d.Firmware(); got != want {
		t.Errorf("Firmware() = %+v, want %+v", got, want)
	}
	if s := d.Firmware().String(); s != "PN532 v1.6 (support 0x07)" {
		t.Errorf("Firmware().String() = %q", s)
	}
	if s := d.String(); s == "" {
		t.Error("empty String()")
	}
}

func TestNewOpts(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		wantErr bool
	}{
		{"zero values take defaults", Options{}, false},
		{"a few passive retries, sent to the chip", Options{PassiveActivationRetries: 3, Retries: 2}, false},
		{"passive retries forever", Options{PassiveActivationRetries: 0xFF}, true},
		{"negative timeout", Options{Timeout: -time.Second}, true},
		{"negative retries", Options{Retries: -1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bus := &i2ctest.Playback{DontPanic: true}
			if !tt.wantErr {
				bus.Ops = setupOps(t, tt.opts.PassiveActivationRetries)
			}
			_, err := New(bus, &tt.opts)
			if (err != nil) != tt.wantErr {
				t.Fatalf("New() err = %v, wantErr %v", err, tt.wantErr)
			}
			closePlayback(t, bus)
		})
	}
}

func TestNewOtherAddr(t *testing.T) {
	var ops []i2ctest.IO
	for _, o := range setupOps(t, 3) {
		o.Addr = 0x25
		ops = append(ops, o)
	}
	bus := &i2ctest.Playback{Ops: ops, DontPanic: true}
	if _, err := New(bus, &Options{Addr: 0x25, PassiveActivationRetries: 3}); err != nil {
		t.Fatal(err)
	}
	closePlayback(t, bus)
}

// faultyBus wraps a bus and fails chosen transactions (counted from 0)
// without passing them on, as a vanished or glitching device would.
type faultyBus struct {
	i2c.Bus
	mu   sync.Mutex
	n    int
	fail map[int]error
}

var errBus = errors.New("i2c: remote I/O error")

func (f *faultyBus) Tx(a uint16, w, r []byte) error {
	f.mu.Lock()
	n := f.n
	f.n++
	err := f.fail[n]
	f.mu.Unlock()
	if err != nil {
		return err
	}
	return f.Bus.Tx(a, w, r)
}

func (f *faultyBus) SetSpeed(physic.Frequency) error { return nil }

func TestNewWakeUp(t *testing.T) {
	// The first ACK is refused while the PN532 wakes; the second goes through.
	pb := &i2ctest.Playback{Ops: setupOps(t, 1), DontPanic: true}
	bus := &faultyBus{Bus: pb, fail: map[int]error{0: errBus}}
	if _, err := New(bus, nil); err != nil {
		t.Fatal(err)
	}
	closePlayback(t, pb)
}

func TestNewNoChip(t *testing.T) {
	bus := &faultyBus{Bus: &i2ctest.Playback{DontPanic: true}, fail: map[int]error{0: errBus, 1: errBus, 2: errBus}}
	_, err := New(bus, nil)
	if !errors.Is(err, errBus) {
		t.Fatalf("err = %v, want it to wrap the bus error", err)
	}
}

// recordingBus counts the transactions that reach it.
type recordingBus struct {
	i2c.Bus
	mu sync.Mutex
	tx int
}

func (r *recordingBus) Tx(a uint16, w, rd []byte) error {
	r.mu.Lock()
	r.tx++
	r.mu.Unlock()
	return r.Bus.Tx(a, w, rd)
}

// TestAttachThenReinit: Attach must not touch the bus (the chip may be
// unplugged at start), refuses what New refuses of the options, and a later
// Reinit picks the chip up as New would have.
func TestAttachThenReinit(t *testing.T) {
	tests := []struct {
		name    string
		opts    *Options
		wantErr bool
	}{
		{"default options", nil, false},
		{"zero values take defaults", &Options{PassiveActivationRetries: 1}, false},
		{"passive retries forever", &Options{PassiveActivationRetries: 0xFF}, true},
		{"negative timeout", &Options{Timeout: -time.Second}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pb := &i2ctest.Playback{Ops: setupOps(t, 1), DontPanic: true}
			bus := &recordingBus{Bus: pb}
			d, err := Attach(bus, tt.opts)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Attach() err = %v, wantErr %v", err, tt.wantErr)
			}
			if bus.tx != 0 {
				t.Errorf("Attach made %d bus transactions, want none", bus.tx)
			}
			if err != nil {
				return
			}
			if fw := d.Firmware(); fw != (Firmware{}) {
				t.Errorf("Firmware() before any Reinit = %v, want zero", fw)
			}
			if err := d.Reinit(); err != nil {
				t.Fatalf("Reinit: %v", err)
			}
			if fw := d.Firmware(); fw.IC != 0x32 {
				t.Errorf("Firmware() after Reinit = %v", fw)
			}
			closePlayback(t, pb)
		})
	}
}

func TestCommands(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		ops  func(t *testing.T) []i2ctest.IO
		run  func(d *Dev) error
	}{
		{
			name: "GetFirmwareVersion",
			ops:  func(t *testing.T) []i2ctest.IO { return cmdOps(fwCmdFrame, fwRespFrame, respFirmware) },
			run: func(d *Dev) error {
				fw, err := d.GetFirmwareVersion(ctx)
				if err == nil && (fw.IC != 0x32 || fw.Ver != 1 || fw.Rev != 6 || fw.Support != 7) {
					return errors.New("wrong firmware " + fw.String())
				}
				return err
			},
		},
		{
			name: "SAMConfiguration",
			ops: func(t *testing.T) []i2ctest.IO {
				return cmdOps(hostFrame(t, 0x14, 0x01, 0x14, 0x01), respFrame(t, 0x15), respEmpty)
			},
			run: func(d *Dev) error { return d.SAMConfiguration(ctx) },
		},
		{
			name: "RFConfiguration MaxRetries",
			ops: func(t *testing.T) []i2ctest.IO {
				return cmdOps(hostFrame(t, 0x32, 0x05, 0xFF, 0x01, 0x00), respFrame(t, 0x33), respEmpty)
			},
			run: func(d *Dev) error { return d.SetMaxRetries(ctx, 0) },
		},
		{
			name: "InRelease",
			ops: func(t *testing.T) []i2ctest.IO {
				return cmdOps(hostFrame(t, 0x52, 0x01), respFrame(t, 0x53, 0x00), respRelease)
			},
			run: func(d *Dev) error { return d.InRelease(ctx, 1) },
		},
		{
			name: "Halt",
			ops:  func(t *testing.T) []i2ctest.IO { return []i2ctest.IO{abortOp()} },
			run:  func(d *Dev) error { return d.Halt() },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, bus := newDev(t, nil, tt.ops(t)...)
			if err := tt.run(d); err != nil {
				t.Fatal(err)
			}
			closePlayback(t, bus)
		})
	}
}

func TestInListPassiveTarget(t *testing.T) {
	tests := []struct {
		name   string
		resp   func(t testing.TB) []byte
		wantOK bool
		want   Target
	}{
		{"no card", inListNone, false, Target{}},
		{"NTAG21x", inListCard, true, Target{Tg: 1, SensRes: 0x0044, SelRes: 0x00, UID: ntagUID}},
		{"MIFARE Classic 4-byte UID", func(t testing.TB) []byte {
			return respFrame(t, 0x4B, 0x01, 0x01, 0x00, 0x04, 0x08, 0x04, 0xDE, 0xAD, 0xBE, 0xEF)
		}, true, Target{Tg: 1, SensRes: 0x0004, SelRes: 0x08, UID: []byte{0xDE, 0xAD, 0xBE, 0xEF}}},
		{"ISO-DEP with ATS", func(t testing.TB) []byte {
			return respFrame(t, 0x4B, 0x01, 0x01, 0x03, 0x44, 0x20, 0x07, 1, 2, 3, 4, 5, 6, 7, 0x05, 0x78, 0x80, 0x70, 0x02)
		}, true, Target{Tg: 1, SensRes: 0x0344, SelRes: 0x20, UID: []byte{1, 2, 3, 4, 5, 6, 7}, ATS: []byte{0x05, 0x78, 0x80, 0x70, 0x02}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, bus := newDev(t, nil, cmdOps(inListTx, tt.resp(t), respInList)...)
			got, ok, err := d.InListPassiveTarget(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if ok != tt.wantOK {
				t.Fatalf("ok = %v, want %v", ok, tt.wantOK)
			}
			if !equalTarget(got, tt.want) {
				t.Errorf("target = %+v, want %+v", got, tt.want)
			}
			closePlayback(t, bus)
		})
	}
}

func equalTarget(a, b Target) bool {
	return a.Tg == b.Tg && a.SensRes == b.SensRes && a.SelRes == b.SelRes &&
		string(a.UID) == string(b.UID) && string(a.ATS) == string(b.ATS)
}

func TestParseTarget(t *testing.T) {
	uid10 := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	tests := []struct {
		name   string
		in     []byte
		wantOK bool
		uid    []byte
		err    bool
	}{
		{"none", []byte{0x00}, false, nil, false},
		{"7-byte", append([]byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x07}, ntagUID...), true, ntagUID, false},
		{"10-byte", append([]byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x0A}, uid10...), true, uid10, false},
		{"empty", nil, false, nil, true},
		{"two targets", []byte{0x02, 0x01, 0x00, 0x44, 0x00, 0x04, 1, 2, 3, 4}, false, nil, true},
		{"short header", []byte{0x01, 0x01, 0x00, 0x44}, false, nil, true},
		{"UID length 5", []byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x05, 1, 2, 3, 4, 5}, false, nil, true},
		{"UID cut short", []byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x07, 1, 2, 3}, false, nil, true},
		{"ATS length wrong", append(append([]byte{0x01, 0x01, 0x00, 0x44, 0x20, 0x07}, ntagUID...), 0x09, 0x78), false, nil, true},
		{"ATS length zero", append(append([]byte{0x01, 0x01, 0x00, 0x44, 0x20, 0x07}, ntagUID...), 0x00), false, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok, err := parseTarget(tt.in)
			if (err != nil) != tt.err {
				t.Fatalf("err = %v, want error %v", err, tt.err)
			}
			if err != nil && !errors.Is(err, ErrFrame) {
				t.Errorf("err = %v, want ErrFrame", err)
			}
			if ok != tt.wantOK || string(got.UID) != string(tt.uid) {
				t.Errorf("got ok=%v uid=% X, want ok=%v uid=% X", ok, got.UID, tt.wantOK, tt.uid)
			}
		})
	}
}

func FuzzParseTarget(f *testing.F) {
	f.Add([]byte{0x00})
	f.Add(append([]byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x07}, ntagUID...))
	f.Add([]byte{0x01, 0x01, 0x03, 0x44, 0x20, 0x04, 1, 2, 3, 4, 0x02, 0x78})
	f.Fuzz(func(t *testing.T, b []byte) {
		tg, ok, err := parseTarget(b)
		if err != nil {
			if !errors.Is(err, ErrFrame) {
				t.Fatalf("error %v does not wrap ErrFrame", err)
			}
			return
		}
		if ok {
			switch len(tg.UID) {
			case 4, 7, 10:
			default:
				t.Fatalf("accepted UID of %d bytes", len(tg.UID))
			}
		}
	})
}

func TestPoll(t *testing.T) {
	tests := []struct {
		name    string
		ops     func(t *testing.T) []i2ctest.IO
		present bool
		uid     []byte
		wantErr error
	}{
		{
			name: "card",
			ops: func(t *testing.T) []i2ctest.IO {
				return concat(cmdOps(inListTx, inListCard(t), respInList),
					cmdOps(hostFrame(t, 0x52, 0x01), respFrame(t, 0x53, 0x00), respRelease))
			},
			present: true, uid: ntagUID,
		},
		{
			name:    "no card",
			ops:     func(t *testing.T) []i2ctest.IO { return cmdOps(inListTx, inListNone(t), respInList) },
			present: false,
		},
		{
			name: "release refused",
			ops: func(t *testing.T) []i2ctest.IO {
				return concat(cmdOps(inListTx, inListCard(t), respInList),
					cmdOps(hostFrame(t, 0x52, 0x01), respFrame(t, 0x53, 0x27), respRelease))
			},
			wantErr: ErrChip,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, bus := newDev(t, nil, tt.ops(t)...)
			uid, present, err := d.Poll(context.Background())
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if present != tt.present || string(uid) != string(tt.uid) {
				t.Errorf("Poll = % X, %v; want % X, %v", uid, present, tt.uid, tt.present)
			}
			closePlayback(t, bus)
		})
	}
}

// TestRecovery replays the faults the host link can suffer on the
// GetFirmwareVersion exchange and checks what the driver sends back.
func TestRecovery(t *testing.T) {
	badDCS := append([]byte(nil), fwRespFrame...)
	badDCS[11]++
	badLCS := append([]byte(nil), fwRespFrame...)
	badLCS[4]++
	garbage := []byte{0x01, 0x55, 0xAA, 0x12, 0x00, 0x00, 0x00}
	wrongCode := []byte{0x00, 0x00, 0xFF, 0x03, 0xFD, 0xD5, 0x4B, 0x00, 0xE0, 0x00}
	fwResp := respOp(respFirmware, fwRespFrame)
	tests := []struct {
		name    string
		retries int
		ops     []i2ctest.IO
		wantErr []error // all must match; nil means success
	}{
		{
			name: "bad DCS then NACK brings the frame again",
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				respOp(respFirmware, badDCS), nackOp(), statusOp(), fwResp},
		},
		{
			name: "bad LCS then NACK brings the frame again",
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				respOp(respFirmware, badLCS), nackOp(), statusOp(), fwResp},
		},
		{
			name: "bad checksum every time",
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(),
				statusOp(), respOp(respFirmware, badDCS), nackOp(),
				statusOp(), respOp(respFirmware, badDCS), nackOp(),
				statusOp(), respOp(respFirmware, badDCS), abortOp()},
			wantErr: []error{ErrChecksum},
		},
		{
			name: "NACK instead of ACK resends the command",
			ops: concat([]i2ctest.IO{writeOp(fwCmdFrame), statusOp(), {Addr: addr, R: read(7, nackFrame)}},
				cmdOps(fwCmdFrame, fwRespFrame, respFirmware)),
		},
		{
			name: "garbled ACK aborts and resends",
			ops: concat([]i2ctest.IO{writeOp(fwCmdFrame), statusOp(), {Addr: addr, R: garbage}, abortOp()},
				cmdOps(fwCmdFrame, fwRespFrame, respFirmware)),
		},
		{
			name:    "garbled ACK with no retries left",
			retries: -1,
			ops:     []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), {Addr: addr, R: garbage}, abortOp()},
			wantErr: []error{ErrNoACK},
		},
		{
			name: "syntax error frame as response",
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				respOp(respFirmware, syntaxFrame)},
			wantErr: []error{ErrChip},
		},
		{
			name:    "response to another command",
			retries: -1,
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				respOp(respFirmware, wrongCode), abortOp()},
			wantErr: []error{ErrFrame},
		},
		{
			name:    "ACK where the response should be",
			retries: -1,
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				respOp(respFirmware, ackFrame), abortOp()},
			wantErr: []error{ErrFrame},
		},
		{
			name: "garbage response aborts and resends",
			ops: concat([]i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				{Addr: addr, R: append(garbage, make([]byte, 7)...)}, abortOp()},
				cmdOps(fwCmdFrame, fwRespFrame, respFirmware)),
		},
		{
			name: "response too long for the read is not retried",
			ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
				respOp(respFirmware, []byte{0x00, 0x00, 0xFF, 0x10, 0xF0, 0xD5, 0x03, 1, 2, 3, 4, 5, 6, 7}), abortOp()},
			wantErr: []error{ErrFrame},
		},
		{
			name:    "short firmware answer",
			ops:     cmdOps(fwCmdFrame, []byte{0x00, 0x00, 0xFF, 0x03, 0xFD, 0xD5, 0x03, 0x32, 0xF6, 0x00}, respFirmware),
			wantErr: []error{ErrFrame},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := DefaultOptions
			if tt.retries < 0 {
				opts.Retries = 0
			}
			d, bus := newDev(t, &opts, tt.ops...)
			_, err := d.GetFirmwareVersion(context.Background())
			if tt.wantErr == nil && err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("err = %v, want it to wrap %v", err, want)
				}
			}
			closePlayback(t, bus)
		})
	}
}

func TestChipErrorText(t *testing.T) {
	tests := []struct {
		err  *ChipError
		want string
	}{
		{&ChipError{Cmd: cmdInRelease, Code: 0x27}, "pn532: InRelease: error 0x27: command not acceptable in the current context"},
		{&ChipError{Cmd: 0x99, Code: 0x3E}, "pn532: command 0x99: error 0x3E"},
		{&ChipError{Cmd: cmdGetFirmwareVersion, Syntax: true}, "pn532: GetFirmwareVersion: syntax error frame"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if !errors.Is(tt.err, ErrChip) {
			t.Errorf("%v is not ErrChip", tt.err)
		}
	}
}

// stallBus answers every status read with "not ready" once the playback
// has reached op number from, as a PN532 that hangs or a card that never
// answers would; other transactions go to the playback.
type stallBus struct {
	*i2ctest.Playback
	from    int
	polls   int
	onStall func() // called at the first stalled status read, if set
}

func (s *stallBus) Tx(a uint16, w, r []byte) error {
	s.Playback.Lock()
	stalled := s.Playback.Count >= s.from
	s.Playback.Unlock()
	if stalled && len(w) == 0 && len(r) == 1 {
		r[0] = 0x00
		if s.polls++; s.polls == 1 && s.onStall != nil {
			s.onStall()
		}
		return nil
	}
	return s.Playback.Tx(a, w, r)
}

func TestTimeout(t *testing.T) {
	setup := len(setupOps(t, 1))
	tests := []struct {
		name    string
		ops     []i2ctest.IO
		stallAt int  // op index, after the setup, from which status reads stall
		cancel  bool // cancel the context when the chip stalls
		wantErr []error
	}{
		{
			name:    "no ACK",
			ops:     []i2ctest.IO{writeOp(fwCmdFrame), abortOp()},
			stallAt: 1,
			wantErr: []error{ErrNoACK, ErrTimeout},
		},
		{
			name:    "no response",
			ops:     []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), abortOp()},
			stallAt: 3,
			wantErr: []error{ErrTimeout},
		},
		{
			name:    "context cancelled while waiting",
			ops:     []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), abortOp()},
			stallAt: 3,
			cancel:  true,
			wantErr: []error{context.Canceled},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pb := &i2ctest.Playback{Ops: concat(setupOps(t, 1), tt.ops), DontPanic: true}
			bus := &stallBus{Playback: pb, from: setup + tt.stallAt}
			opts := DefaultOptions
			opts.Timeout = 5 * time.Millisecond
			d, err := New(bus, &opts)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel {
				bus.onStall = cancel
			}
			start := time.Now()
			_, err = d.GetFirmwareVersion(ctx)
			for _, want := range tt.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("err = %v, want it to wrap %v", err, want)
				}
			}
			if el := time.Since(start); el > time.Second {
				t.Errorf("gave up after %v with a %v timeout", el, opts.Timeout)
			}
			if bus.polls == 0 {
				t.Error("never polled the status byte")
			}
			closePlayback(t, pb)
		})
	}
}

// TestBusErrors: a transaction the bus refuses once is tried again (the
// chip did not take a refused write, and still holds a frame whose read
// was refused), so the command goes through; a bus that keeps refusing
// ends the command at its timeout with the bus error. A refused NACK
// frame is not retried: the response is then lost either way.
func TestBusErrors(t *testing.T) {
	setup := len(setupOps(t, 1))
	fwResp := respOp(respFirmware, fwRespFrame)
	tests := []struct {
		name    string
		ops     []i2ctest.IO // what the bus answers, refused transactions not counted
		fail    int          // transaction index after the setup that is refused
		always  bool         // refuse every transaction from fail on
		wantErr []error
	}{
		{name: "writing the command", ops: cmdOps(fwCmdFrame, fwRespFrame, respFirmware), fail: 0},
		{name: "reading ACK", ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), statusOp(), ackOp(), statusOp(), fwResp}, fail: 2},
		{name: "reading response", ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(), statusOp(), fwResp}, fail: 4},
		{name: "sending NACK", ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(),
			{Addr: addr, R: read(1+frameOverhead+respFirmware, []byte{0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0x00, 0x00})}}, fail: 5,
			wantErr: []error{errBus}},
		{name: "chip gone before the command", fail: 0, always: true, wantErr: []error{errBus}},
		{name: "chip gone after the ACK", ops: []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp()}, fail: 3, always: true,
			wantErr: []error{errBus, ErrTimeout}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pb := &i2ctest.Playback{Ops: concat(setupOps(t, 1), tt.ops), DontPanic: true}
			bus := &faultyBus{Bus: pb, fail: map[int]error{setup + tt.fail: errBus}}
			if tt.always {
				for i := range 1000 {
					bus.fail[setup+tt.fail+i] = errBus
				}
			}
			opts := DefaultOptions
			opts.Clock = &stepClock{}
			d, err := New(bus, &opts)
			if err != nil {
				t.Fatal(err)
			}
			_, err = d.GetFirmwareVersion(context.Background())
			if tt.wantErr == nil && err != nil {
				t.Fatalf("one refused transaction ended the command: %v", err)
			}
			for _, want := range tt.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("err = %v, want it to wrap %v", err, want)
				}
			}
			closePlayback(t, pb)
		})
	}
}

func TestAbortFailureIsReported(t *testing.T) {
	setup := len(setupOps(t, 1))
	pb := &i2ctest.Playback{Ops: concat(setupOps(t, 1), []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp()}), DontPanic: true}
	// The response never comes and the abort write fails too.
	bus := &abortFails{Bus: &stallBus{Playback: pb, from: setup + 3}}
	opts := DefaultOptions
	opts.Timeout = 2 * time.Millisecond
	d, err := New(bus, &opts)
	if err != nil {
		t.Fatal(err)
	}
	bus.on = true
	_, err = d.GetFirmwareVersion(context.Background())
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, errBus) {
		t.Fatalf("err = %v, want both the timeout and the failed abort", err)
	}
	closePlayback(t, pb)
}

// abortFails fails every ACK frame the host writes once on is set.
type abortFails struct {
	i2c.Bus
	on bool
}

func (a *abortFails) Tx(ad uint16, w, r []byte) error {
	if a.on && string(w) == string(ackFrame) {
		return errBus
	}
	return a.Bus.Tx(ad, w, r)
}

func TestReinitAfterVanishing(t *testing.T) {
	setup := setupOps(t, 1)
	pb := &i2ctest.Playback{Ops: concat(setup, setup), DontPanic: true}
	// Unplugged: every transaction fails. Plugged back: the playback resumes.
	bus := &faultyBus{Bus: pb, fail: map[int]error{}}
	d, err := New(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	bus.mu.Lock()
	for i := range DefaultOptions.Retries + 1 {
		bus.fail[bus.n+i] = errBus
	}
	bus.mu.Unlock()
	if err := d.Reinit(); !errors.Is(err, errBus) {
		t.Fatalf("Reinit while unplugged: err = %v, want bus error", err)
	}
	if err := d.Reinit(); err != nil {
		t.Fatalf("Reinit after plugging back: %v", err)
	}
	closePlayback(t, pb)
}
