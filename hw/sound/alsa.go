package sound

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// alsaName is what an ALSA device name from aplay -L looks like
// (plughw:CARD=Headphones,DEV=0, hw:1,0, bluealsa:DEV=...). It keeps out
// spaces, quotes and backslashes: the name is written into an ALSA
// configuration file.
var alsaName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_:,=.@/+-]*$`)

func checkALSAName(name string) error {
	if name != "" && !alsaName.MatchString(name) {
		return fmt.Errorf("%q is not an ALSA device name (aplay -L lists them)", name)
	}
	return nil
}

func alsaOrDefault(name string) string {
	if name == "" {
		return "default"
	}
	return name
}

// redirectALSA makes name ALSA's default device for this process while the
// speaker opens, and returns how to undo it; "" and "default" change
// nothing.
//
// beep's speaker opens the card through oto, which always asks ALSA for
// "default" first. ALSA's alsa.conf loads $XDG_CONFIG_HOME/alsa/asoundrc
// last, after /etc/alsa/conf.d (where pipewire-alsa makes PipeWire the
// default on desktop images) and /etc/asound.conf, so a file there that
// redefines pcm.!default wins, for this process only and without touching
// the system's files. If name does not open, oto goes on to the devices
// ALSA lists: the doctor reports which one actually plays.
func redirectALSA(name string) (restore func(), err error) {
	if name == "" || name == "default" {
		return func() {}, nil
	}
	if err := checkALSAName(name); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "falling-alsa-")
	if err != nil {
		return nil, fmt.Errorf("alsa device %s: %w", name, err)
	}
	rc := fmt.Sprintf("# Written by falling for its own process: play on %s.\npcm.!default %q\n", name, name)
	if err := os.MkdirAll(filepath.Join(dir, "alsa"), 0o700); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("alsa device %s: %w", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "alsa", "asoundrc"), []byte(rc), 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("alsa device %s: %w", name, err)
	}
	old, had := os.LookupEnv("XDG_CONFIG_HOME")
	if err := os.Setenv("XDG_CONFIG_HOME", dir); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("alsa device %s: %w", name, err)
	}
	return func() {
		if had {
			os.Setenv("XDG_CONFIG_HOME", old)
		} else {
			os.Unsetenv("XDG_CONFIG_HOME")
		}
		os.RemoveAll(dir)
	}, nil
}
