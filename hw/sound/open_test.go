package sound

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/hw/hwtest"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		device  string
		want    string // the sink's type, or "" for an error
		wantErr string
	}{
		{"none", "*sound.Silent", ""},
		{"wav:" + filepath.Join(dir, "night.wav"), "*sound.WAV", ""},
		{"wav:", "", "no file name"},
		{"wav:" + filepath.Join(dir, "missing", "x.wav"), "", "no such file"},
		{"", "", "want none, default, alsa:NAME or wav:"},
		{"hdmi", "", "want none, default, alsa:NAME or wav:"},
		{"alsa:", "", "no ALSA device name"},
		{`alsa:hw:0" }`, "", "not an ALSA device name"},
	}
	if !soundSupport {
		tests = append(tests, struct{ device, want, wantErr string }{"default", "", "rebuild with -tags alsa"},
			struct{ device, want, wantErr string }{"alsa:plughw:CARD=Headphones,DEV=0", "", "rebuild with -tags alsa"})
	}
	for _, tt := range tests {
		t.Run(tt.device, func(t *testing.T) {
			s, err := Open(tt.device, hwtest.NewManual(0))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				if s != nil {
					t.Fatalf("sink %#v with the error", s)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if got := typeName(s); got != tt.want {
				t.Errorf("sink %s, want %s", got, tt.want)
			}
		})
	}
}

func typeName(v any) string {
	switch v.(type) {
	case *Silent:
		return "*sound.Silent"
	case *WAV:
		return "*sound.WAV"
	case *Speaker:
		return "*sound.Speaker"
	}
	return "?"
}
