package sound

import (
	"slices"
	"testing"
	"testing/fstest"
)

// TestPlaybackStreams reads a /proc/asound as a Pi 4 shows it with the
// headphone jack playing for process 812 and HDMI closed.
func TestPlaybackStreams(t *testing.T) {
	fsys := fstest.MapFS{
		"cards":                      {Data: []byte(" 0 [Headphones ]: bcm2835_headpho - bcm2835 Headphones\n")},
		"card0/id":                   {Data: []byte("Headphones\n")},
		"card0/pcm0p/info":           {Data: []byte("card: 0\ndevice: 0\nsubdevice: 0\nstream: PLAYBACK\nid: bcm2835 Headphones\nname: bcm2835 Headphones\n")},
		"card0/pcm0p/sub0/status":    {Data: []byte("state: RUNNING\nowner_pid   : 812\ntrigger_time: 5123.004\ntstamp      : 0.000000000\ndelay       : 1904\navail       : 496\n")},
		"card0/pcm0p/sub1/status":    {Data: []byte("closed\n")},
		"card1/id":                   {Data: []byte("vc4hdmi0\n")},
		"card1/pcm0p/info":           {Data: []byte("name: MAI PCM i2s-hifi-0\n")},
		"card1/pcm0p/sub0/status":    {Data: []byte("closed\n")},
		"card2/pcm0c/sub0/status":    {Data: []byte("state: RUNNING\nowner_pid   : 9\n")}, // capture: not ours to list
		"card0/pcm0p/sub0/hw_params": {Data: []byte("access: RW_INTERLEAVED\n")},
	}
	got, err := PlaybackStreams(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := []Stream{{Card: 0, CardID: "Headphones", Device: 0, Name: "bcm2835 Headphones", State: "RUNNING", OwnerPID: 812}}
	if !slices.Equal(got, want) {
		t.Errorf("streams %+v, want %+v", got, want)
	}
	if s := got[0].String(); s != `card 0 "bcm2835 Headphones", device 0 (hw:CARD=Headphones,DEV=0)` {
		t.Errorf("String() = %s", s)
	}
	if none, err := PlaybackStreams(fstest.MapFS{}); err != nil || len(none) != 0 {
		t.Errorf("no cards: %v, %v", none, err)
	}
}
