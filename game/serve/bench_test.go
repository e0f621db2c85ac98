package serve_test

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/hw"
)

// pushTable is a live table the benchmark changes by hand, noting when each
// snapshot left it.
type pushTable struct {
	mu   sync.Mutex
	subs []chan serve.Snapshot
	sent map[uint64]time.Time
}

func (p *pushTable) Subscribe(ctx context.Context) <-chan serve.Snapshot {
	ch := make(chan serve.Snapshot, 1)
	p.mu.Lock()
	p.subs = append(p.subs, ch)
	p.mu.Unlock()
	go func() {
		<-ctx.Done()
		p.mu.Lock()
		defer p.mu.Unlock()
		p.subs = slices.DeleteFunc(p.subs, func(c chan serve.Snapshot) bool { return c == ch })
		close(ch)
	}()
	return ch
}

func (p *pushTable) push(s serve.Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sent[s.Seq] = time.Now()
	for _, c := range p.subs {
		select {
		case <-c:
		default:
		}
		c <- s
	}
}

func (p *pushTable) Control(hw.Control) error { return nil }
func (p *pushTable) Correct(string) error     { return nil }

// BenchmarkEventToClient20 measures how long a change at the table takes to
// reach 20 pages following it over loopback: each iteration is one
// snapshot (a five-faller table mid-hand, as the page gets it) pushed and
// read off all 20 event streams. It reports the latency's p50, p99 and max.
func BenchmarkEventToClient20(b *testing.B) {
	const clients = 20
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{1, 2, 3, 4, 5},
		Deck: game.NewDeck(game.DeckSpec{Move: true}), Ordered: true})
	if err != nil {
		b.Fatal(err)
	}
	for range 30 {
		if err := g.Apply(game.Step()); err != nil {
			b.Fatal(err)
		}
	}
	table := &pushTable{sent: map[uint64]time.Time{}}
	srv, err := serve.New(serve.Options{LogDir: b.TempDir(), Token: token, Live: table, MaxClients: clients, StreamsPerClient: clients})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { srv.Run(ctx); close(done) }()
	ts := httptest.NewServer(srv)
	defer func() { cancel(); ts.Close(); <-done }()
	for !table.subscribed() {
		time.Sleep(time.Millisecond)
	}

	type got struct {
		seq uint64
		at  time.Time
	}
	recv := make(chan got, clients*64)
	for range clients {
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		go func() {
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
					seq, _ := strconv.ParseUint(id, 10, 64)
					recv <- got{seq, time.Now()}
				}
			}
		}()
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := range b.N {
		seq := uint64(i + 1)
		table.push(serve.SnapshotOf(g, serve.Meta{Seq: seq, Time: time.Now(), Hand: "0001", Dealer: 6, Beat: int64(i)}))
		for n := 0; n < clients; {
			select {
			case r := <-recv:
				if r.seq != seq {
					continue // a page's first frame, sent when it joined
				}
				table.mu.Lock()
				lat = append(lat, r.at.Sub(table.sent[seq]))
				table.mu.Unlock()
				n++
			case <-time.After(5 * time.Second):
				b.Fatalf("snapshot %d reached %d of %d pages within 5 s", seq, n, clients)
			}
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	q := func(f float64) float64 { return float64(lat[int(f*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(q(1), "max-ms")
}

func (p *pushTable) subscribed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.subs) > 0
}
