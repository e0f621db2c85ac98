package pi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/reader"
)

// referenceWithReset is the reference board with the optional reader
// reset line wired to BCM 12.
func referenceWithReset(t *testing.T) *config.Board {
	t.Helper()
	b, err := os.ReadFile(reference)
	if err != nil {
		t.Fatal(err)
	}
	const irq = "  irq: 4 "
	if !strings.Contains(string(b), irq) {
		t.Fatalf("%s has no %q line to add the reset line after", reference, irq)
	}
	y := strings.Replace(string(b), irq, "  reset: 12\n"+irq, 1)
	board, err := config.Parse("board-reset.yaml", []byte(y))
	if err != nil {
		t.Fatal(err)
	}
	if board.Reader == nil || !board.Reader.HasReset || board.Reader.Reset != 12 {
		t.Fatalf("reader %+v: want reset on line 12", board.Reader)
	}
	return board
}

// The board config's `reader: {reset: N}`: the line is requested as an
// output (initially high: Host.OpenReset) before the chip is set up, the
// reader service holds it for its watchdog and releases it high, and it is
// let go after the service on Close. A line that cannot be requested is a
// PartError naming it, and what was opened is closed.
func TestOpenReaderResetLine(t *testing.T) {
	tests := []struct {
		name string
		fail error
		want []string // the open and close log, or the error's words
	}{
		{"wired", nil, []string{"open buttons8", "open buttons2", "open spi", "open i2c", "open irq 4", "open reset 12", "reset 12 High",
			"open sound default", "close line 12", "close line 4", "close i2c", "close spi", "close buttons2", "close buttons8"}},
		{"denied", &fs.PathError{Op: "open", Path: "/dev/gpiochip0", Err: fs.ErrPermission},
			[]string{"board-reset.yaml:", "reader reset (GPIO line 12)", "permission denied"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeDevices{i2cOps: pn532Setup(), fail: map[string]error{"reset": tt.fail}}
			tb, err := Open(context.Background(), referenceWithReset(t), mustClock(t), Options{Devices: f, Logger: slog.New(slog.DiscardHandler)})
			if tt.fail != nil {
				if err == nil {
					tb.Close()
					t.Fatal("Open succeeded")
				}
				var pe *PartError
				if !errors.As(err, &pe) || !errors.Is(err, fs.ErrPermission) {
					t.Errorf("error %v: want a PartError wrapping the cause", err)
				}
				for _, w := range tt.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
				opened, closed := 0, 0
				for _, l := range f.log {
					switch {
					case strings.HasPrefix(l, "open"):
						opened++
					case strings.HasPrefix(l, "close"):
						closed++
					}
				}
				if opened != closed {
					t.Errorf("%d parts opened, %d closed: %v", opened, closed, f.log)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r, ok := tb.Reader.(*reader.Reader)
			if !ok || !r.Health().ResetLine {
				t.Errorf("reader %T: the service does not have the reset line", tb.Reader)
			}
			if err := tb.Close(); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(f.log, "; "); got != strings.Join(tt.want, "; ") {
				t.Errorf("open and close order:\n got %s\nwant %s", got, strings.Join(tt.want, "; "))
			}
		})
	}
}
