package sound

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
)

// Stream is a playback stream the kernel's ALSA layer has open, read from
// /proc/asound: the one thing that says which card really plays, since
// beep's speaker (oto) falls back to any device it can open and a sound
// server (PipeWire) holds the card itself.
type Stream struct {
	Card     int    // N of /proc/asound/cardN
	CardID   string // "Headphones", from cardN/id
	Device   int    // M of pcmMp
	Name     string // "bcm2835 Headphones", from pcmMp/info
	State    string // "RUNNING", "PREPARED", ...
	OwnerPID int    // the process holding it
}

func (s Stream) String() string {
	return fmt.Sprintf("card %d %q, device %d (hw:CARD=%s,DEV=%d)", s.Card, s.Name, s.Device, s.CardID, s.Device)
}

var subStatus = regexp.MustCompile(`^card([0-9]+)/pcm([0-9]+)p/sub[0-9]+/status$`)

// PlaybackStreams lists the open playback streams in procAsound, a view of
// /proc/asound (os.DirFS("/proc/asound") on a Pi). A closed stream's status
// reads "closed" and is left out.
func PlaybackStreams(procAsound fs.FS) ([]Stream, error) {
	paths, err := fs.Glob(procAsound, "card*/pcm*p/sub*/status")
	if err != nil {
		return nil, fmt.Errorf("alsa streams: %w", err)
	}
	var out []Stream
	var errs []error
	for _, p := range paths {
		m := subStatus.FindStringSubmatch(p)
		if m == nil {
			continue
		}
		raw, err := fs.ReadFile(procAsound, p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		st := Stream{OwnerPID: -1}
		st.Card, _ = strconv.Atoi(m[1])
		st.Device, _ = strconv.Atoi(m[2])
		sc := bufio.NewScanner(strings.NewReader(string(raw)))
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if !ok {
				continue
			}
			switch strings.TrimSpace(k) {
			case "state":
				st.State = strings.TrimSpace(v)
			case "owner_pid":
				if pid, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
					st.OwnerPID = pid
				}
			}
		}
		if st.State == "" {
			continue // "closed"
		}
		if id, err := fs.ReadFile(procAsound, fmt.Sprintf("card%d/id", st.Card)); err == nil {
			st.CardID = strings.TrimSpace(string(id))
		}
		if info, err := fs.ReadFile(procAsound, fmt.Sprintf("card%d/pcm%dp/info", st.Card, st.Device)); err == nil {
			for _, l := range strings.Split(string(info), "\n") {
				if v, ok := strings.CutPrefix(l, "name:"); ok {
					st.Name = strings.TrimSpace(v)
				}
			}
		}
		out = append(out, st)
	}
	return out, errors.Join(errs...)
}
