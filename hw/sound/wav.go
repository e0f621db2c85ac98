package sound

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"sync"
	"time"

	"github.com/gopxl/beep/v2"

	"github.com/falling-table/falling/hw"
)

// ErrWAVFull is returned once a recording reaches the largest data chunk a
// WAV header (and beep's decoder, which reads it as int32) can describe:
// about 3¼ hours of 48 kHz stereo, 6¾ hours of 44.1 kHz mono.
var ErrWAVFull = errors.New("WAV file full")

const (
	wavHeaderSize = 44
	maxWAVData    = math.MaxInt32 - (wavHeaderSize - 8)
	// followStep is how often, in clock time, the recording is brought up
	// to date and its header rewritten, so a crash leaves a playable file.
	followStep = 250 * time.Millisecond
)

// WAVOptions chooses a WAV sink's format. Samples are always 16-bit.
type WAVOptions struct {
	SampleRate beep.SampleRate // 44100 or 48000; 0 means 44100
	Channels   int             // 1 or 2; 0 means 1
	// Latency places every cue this much earlier in the file than its
	// time (see Options.Latency): the file is what a speaker would have
	// been sent, so checking it checks the compensation.
	Latency time.Duration
}

// WAV records what a speaker would have played into a 16-bit PCM WAV file,
// sample for sample, as the table's clock advances. Sample 0 is the clock's
// time when the sink was made. On a virtual clock the recording follows the
// virtual time, so tests can check onsets to the sample.
type WAV struct {
	mix    *Mixer
	clk    hw.Clock
	format beep.Format
	path   string
	early  time.Duration // WAVOptions.Latency

	mu      sync.Mutex
	f       *os.File
	bw      *bufio.Writer
	data    int64 // bytes of PCM written
	buf     [][2]float64
	enc     []byte
	err     error // sticky: the first write failure
	closed  bool
	done    chan struct{}
	stopped chan struct{}
}

// NewWAV creates the file at path and starts recording at clk.Now().
func NewWAV(path string, clk hw.Clock, cfg WAVOptions) (*WAV, error) {
	if cfg.SampleRate == 0 {
		cfg.SampleRate = 44100
	}
	if cfg.Channels == 0 {
		cfg.Channels = 1
	}
	if cfg.SampleRate != 44100 && cfg.SampleRate != 48000 {
		return nil, fmt.Errorf("wav %s: sample rate %d Hz, want 44100 or 48000", path, cfg.SampleRate)
	}
	if cfg.Channels != 1 && cfg.Channels != 2 {
		return nil, fmt.Errorf("wav %s: %d channels, want 1 or 2", path, cfg.Channels)
	}
	if clk == nil {
		return nil, fmt.Errorf("wav %s: no clock", path)
	}
	if cfg.Latency < 0 {
		return nil, fmt.Errorf("wav %s: negative latency %v", path, cfg.Latency)
	}
	mix, err := NewMixer(cfg.SampleRate, clk.Now())
	if err != nil {
		return nil, fmt.Errorf("wav %s: %w", path, err)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("wav: %w", err)
	}
	w := &WAV{
		mix:     mix,
		clk:     clk,
		format:  beep.Format{SampleRate: cfg.SampleRate, NumChannels: cfg.Channels, Precision: 2},
		path:    path,
		early:   cfg.Latency,
		f:       f,
		bw:      bufio.NewWriterSize(f, 64<<10),
		buf:     make([][2]float64, 1024),
		done:    make(chan struct{}),
		stopped: make(chan struct{}),
	}
	w.enc = make([]byte, len(w.buf)*w.format.Width())
	if _, err := w.bw.Write(w.header()); err != nil {
		return nil, errors.Join(fmt.Errorf("wav %s: header: %w", path, err), f.Close())
	}
	go w.follow(mix.Origin())
	return w, nil
}

// Play brings the recording up to the clock's now, then schedules c to be
// heard at at: its first sample goes at at less the latency. A sample time
// before now is late and plays at now, as it would on a speaker.
func (w *WAV) Play(c hw.Cue, at time.Duration) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return fmt.Errorf("wav %s: play %v: %w", w.path, c, ErrClosed)
	}
	if err := w.renderTo(w.clk.Now()); err != nil {
		return err
	}
	if err := w.mix.Play(c, at-w.early); err != nil {
		return fmt.Errorf("wav %s: %w", w.path, err)
	}
	return nil
}

// Lead is how far ahead of its time a cue must be scheduled: the latency,
// since the cue's first sample goes that much before its time.
func (w *WAV) Lead() time.Duration { return w.early }

// RenderTo writes every sample before time t. It is called as the clock
// advances; calling it for a time already written does nothing.
func (w *WAV) RenderTo(t time.Duration) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return fmt.Errorf("wav %s: render: %w", w.path, ErrClosed)
	}
	return w.renderTo(t)
}

// Stats returns the mixer's counters.
func (w *WAV) Stats() Stats { return w.mix.Stats() }

// Close records up to the clock's now, lets the cues already sounding ring
// out, and writes the final header. Cues scheduled after now are dropped:
// they never sounded.
func (w *WAV) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	close(w.done)
	w.mu.Unlock()
	<-w.stopped

	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.renderTo(w.clk.Now())
	if err == nil {
		err = w.renderSamples(w.mix.Ringing())
	}
	if ferr := w.finish(); ferr != nil {
		err = errors.Join(err, ferr)
	}
	if cerr := w.f.Close(); cerr != nil {
		err = errors.Join(err, fmt.Errorf("wav %s: %w", w.path, cerr))
	}
	return err
}

// follow keeps the file current on the clock, so a recording of a real
// night does not wait for the next cue, and a crash loses at most a step.
// It renders only up to the clock's now, as Play does, so what is written
// never depends on when this goroutine happens to run.
func (w *WAV) follow(t0 time.Duration) {
	defer close(w.stopped)
	for next := t0 + followStep; w.clk.SleepUntil(next, w.done); {
		now := w.clk.Now()
		w.mu.Lock()
		err := w.renderTo(now)
		if err == nil {
			err = w.finish()
		}
		w.mu.Unlock()
		if err != nil {
			slog.Error("sound: wav recording stopped", "path", w.path, "err", err)
			return
		}
		// After a jump of the clock, catch up in one go, not step by step.
		next = max(next, now) + followStep
	}
}

func (w *WAV) renderTo(t time.Duration) error {
	if w.err != nil {
		return w.err
	}
	n := sampleAt(t-w.mix.Origin(), w.format.SampleRate) - w.mix.Position()
	return w.renderSamples(n)
}

func (w *WAV) renderSamples(n int64) error {
	if w.err != nil {
		return w.err
	}
	width := int64(w.format.Width())
	for n > 0 {
		k := min(n, int64(len(w.buf)), (maxWAVData-w.data)/width)
		if k <= 0 {
			w.err = fmt.Errorf("wav %s: %w after %v", w.path, ErrWAVFull, w.format.SampleRate.D(int(w.data/width)))
			slog.Error("sound: wav recording full", "path", w.path, "bytes", w.data)
			return w.err
		}
		buf := w.buf[:k]
		w.mix.Stream(buf)
		enc := w.enc
		for _, s := range buf {
			enc = enc[w.format.EncodeSigned(enc, s):]
		}
		m := int(k * width)
		if _, err := w.bw.Write(w.enc[:m]); err != nil {
			w.err = fmt.Errorf("wav %s: %w", w.path, err)
			return w.err
		}
		w.data += int64(m)
		n -= k
	}
	return nil
}

// finish flushes and rewrites the header's sizes in place.
func (w *WAV) finish() error {
	if err := w.bw.Flush(); err != nil {
		return fmt.Errorf("wav %s: %w", w.path, err)
	}
	if _, err := w.f.WriteAt(w.header(), 0); err != nil {
		return fmt.Errorf("wav %s: header: %w", w.path, err)
	}
	return nil
}

// header is the canonical 44-byte PCM header for the data written so far.
func (w *WAV) header() []byte {
	f := w.format
	h := make([]byte, 0, wavHeaderSize)
	le := binary.LittleEndian
	h = append(h, "RIFF"...)
	h = le.AppendUint32(h, uint32(wavHeaderSize-8+w.data))
	h = append(h, "WAVEfmt "...)
	h = le.AppendUint32(h, 16)
	h = le.AppendUint16(h, 1) // PCM
	h = le.AppendUint16(h, uint16(f.NumChannels))
	h = le.AppendUint32(h, uint32(f.SampleRate))
	h = le.AppendUint32(h, uint32(int(f.SampleRate)*f.Width()))
	h = le.AppendUint16(h, uint16(f.Width()))
	h = le.AppendUint16(h, uint16(8*f.Precision))
	h = append(h, "data"...)
	h = le.AppendUint32(h, uint32(w.data))
	return h
}
