package sound

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedirectALSA: a named device is made ALSA's default through the
// per-user file alsa.conf reads last, and everything is undone after.
func TestRedirectALSA(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/home/someone/.config")
	restore, err := redirectALSA("plughw:CARD=Headphones,DEV=0")
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("XDG_CONFIG_HOME")
	rc, err := os.ReadFile(filepath.Join(dir, "alsa", "asoundrc"))
	if err != nil {
		t.Fatalf("no asoundrc under XDG_CONFIG_HOME=%s: %v", dir, err)
	}
	if !strings.Contains(string(rc), "\npcm.!default \"plughw:CARD=Headphones,DEV=0\"\n") {
		t.Errorf("asoundrc =\n%s", rc)
	}
	restore()
	if got := os.Getenv("XDG_CONFIG_HOME"); got != "/home/someone/.config" {
		t.Errorf("XDG_CONFIG_HOME = %q after restore", got)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s left behind: %v", dir, err)
	}

	for _, name := range []string{"", "default"} {
		restore, err := redirectALSA(name)
		if err != nil || os.Getenv("XDG_CONFIG_HOME") != "/home/someone/.config" {
			t.Errorf("redirectALSA(%q) changed something: %v", name, err)
		}
		restore()
	}
	for _, bad := range []string{`hw:0" pcm.x {`, "hw 1", "a\nb", `x\y`} {
		if _, err := redirectALSA(bad); err == nil || os.Getenv("XDG_CONFIG_HOME") != "/home/someone/.config" {
			t.Errorf("redirectALSA(%q) = %v, want a refusal that changes nothing", bad, err)
		}
	}
}
