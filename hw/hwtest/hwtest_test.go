package hwtest

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/hw"
)

func TestVirtualRunsTheTimelineInTimeOrder(t *testing.T) {
	clk := NewVirtual(0)
	var got []string
	at := func(s float64, name string) { clk.At(Seconds(s), func() { got = append(got, name) }) }
	at(1.5, "scan")
	at(1.2003, "press")
	at(1.2003, "press-again") // same time: scheduling order
	clk.At(Seconds(1.0), func() { at(1.1, "scheduled-from-an-action") })
	clk.RunUntil(Seconds(1.3))
	want := []string{"scheduled-from-an-action", "press", "press-again"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
	if clk.Now() != Seconds(1.3) {
		t.Fatalf("now %v", clk.Now())
	}
	if n, ok := clk.Next(); !ok || n != Seconds(1.5) {
		t.Fatalf("next %v %v", n, ok)
	}
}

func TestVirtualWakesSleepersInDeadlineOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := NewVirtual(0)
		clk.SetSettle(synctest.Wait)
		woke := make(chan time.Duration, 3)
		for _, d := range []time.Duration{300, 100, 200} {
			go func() {
				if clk.SleepUntil(d*time.Millisecond, nil) {
					woke <- clk.Now()
				}
			}()
		}
		cancel := make(chan struct{})
		cancelled := make(chan bool)
		go func() { cancelled <- clk.SleepUntil(time.Hour, cancel) }()
		synctest.Wait()
		close(cancel)
		if <-cancelled {
			t.Fatal("a cancelled sleep reported its time reached")
		}
		clk.AdvanceTo(time.Second)
		for _, want := range []time.Duration{100, 200, 300} {
			if got := <-woke; got != want*time.Millisecond {
				t.Fatalf("woke at %v, want %v", got, want*time.Millisecond)
			}
		}
		if _, ok := clk.Next(); ok {
			t.Fatal("the cancelled sleeper is still pending")
		}
	})
}

func TestButtonsStampKernelTimeAndSequence(t *testing.T) {
	clk := NewVirtual(0)
	b := NewButtons(clk)
	b.PressAt(3, Seconds(1.2003))
	b.ClickAt(5, Seconds(1.2), 50*time.Millisecond)
	b.LoseAt(0, 2, Seconds(1.3))
	b.PressAt(3, Seconds(1.4))
	clk.RunUntil(Seconds(2))
	want := []hw.ButtonEvent{
		{Seat: 5, Press: true, Kernel: Seconds(1.2), Seq: 1, LineSeq: 1},
		{Seat: 3, Press: true, Kernel: Seconds(1.2003), Seq: 2, LineSeq: 1},
		{Seat: 5, Press: false, Kernel: Seconds(1.25), Seq: 3, LineSeq: 2},
		{Seat: 3, Press: true, Kernel: Seconds(1.4), Seq: 6, LineSeq: 2}, // 2 lost
	}
	for i, w := range want {
		if got := <-b.Events(); got != w {
			t.Fatalf("event %d: %+v, want %+v", i, got, w)
		}
	}
	if l := <-b.Lost(); l.Count != 2 || l.Kernel != Seconds(1.3) {
		t.Fatalf("lost %+v", l)
	}
}

func TestReaderDropsScansWhileGone(t *testing.T) {
	clk := NewVirtual(0)
	r := NewReader(clk, map[string]hw.UID{"hit-1": Tag(1)})
	r.ScanCardAt("hit-1", Seconds(1))
	r.GoneAt(Seconds(2), nil)
	r.ScanCardAt("hit-1", Seconds(3))
	r.BackAt(Seconds(4))
	r.ScanCardAt("nope", Seconds(5))
	clk.RunUntil(Seconds(6))
	if e := <-r.Cards(); e.UID != Tag(1) || e.Time != Seconds(1) {
		t.Fatalf("first read %+v", e)
	}
	if e := <-r.Cards(); e.UID == Tag(1) || e.Time != Seconds(5) {
		t.Fatalf("an untagged card read as %+v", e)
	}
	if s := <-r.Status(); s.State != hw.ReaderLost || s.Err == nil {
		t.Fatalf("status %+v", s)
	}
	if s := <-r.Status(); s.State != hw.ReaderOK || s.Time != Seconds(4) {
		t.Fatalf("status %+v", s)
	}
	if d := r.Dropped(); len(d) != 1 || d[0].Time != Seconds(3) {
		t.Fatalf("dropped %+v", d)
	}
}

func TestLightsAnswerWhatASeatShowedAtATime(t *testing.T) {
	clk := NewVirtual(0)
	l := NewLights(clk)
	red := hw.Pattern{Kind: hw.On, Color: hw.Red}
	clk.At(Seconds(1), func() { _ = l.Set(3, red) })
	clk.At(Seconds(2), func() { _ = l.Set(3, hw.Pattern{}) })
	clk.RunUntil(Seconds(3))
	for _, c := range []struct {
		at   float64
		want hw.Pattern
	}{{0.5, hw.Pattern{}}, {1, red}, {1.9, red}, {2, hw.Pattern{}}} {
		if got := l.At(3, Seconds(c.at)); got != c.want {
			t.Errorf("seat 3 at %vs: %+v, want %+v", c.at, got, c.want)
		}
	}
	if err := l.Set(13, red); err == nil {
		t.Error("seat 13 accepted")
	}
}
