package reader

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkReadThroughModel deals a 52-card deck at 10 cards a second,
// each card on the reader for 60 ms and laid at every phase of the
// polling (jittered), through the real service, the real
// driver and pn532test's model of the PN532, on virtual time, and reports
// what the model's timings give:
//
//   - wait-max-ms, wait-mean-ms: from a card laid on the reader to the
//     service reporting it, the longest and the mean (the need: well under
//     the 100 ms between cards, so the dealer is never held up);
//   - max-cards/s: the fastest deal read whole, each card replacing the
//     last at once (searched in 5 ms steps);
//   - bus-bytes/card: bytes on the I²C wire per card dealt, the empty
//     polls between cards included; bus-busy-%@100kHz: the share of the
//     bus's time that is.
//
// ns/op is the host's CPU time for one whole deck.
func BenchmarkReadThroughModel(b *testing.B) {
	const n = 52
	var lat []time.Duration
	var bytes, tx int
	for b.Loop() {
		tb := newTable(b, nil, false)
		start := t0 + time.Second
		at := jittered(start, n)
		uids := tb.dealAt(at, 60*time.Millisecond)
		before := tb.chip.Stats()
		tb.run(start + n*100*time.Millisecond)
		lat = latencies(b, uids, at, tb.cards)
		s := tb.chip.Stats()
		bytes, tx = s.Bytes-before.Bytes, s.Tx-before.Tx
		if slices.Contains(lat, -1) {
			b.Fatalf("a card was not read: %v", lat)
		}
	}
	var sum time.Duration
	for _, l := range lat {
		sum += l
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(slices.Max(lat)), "wait-max-ms")
	b.ReportMetric(ms(sum/time.Duration(len(lat))), "wait-mean-ms")
	b.ReportMetric(float64(bytes)/n, "bus-bytes/card")
	// 9 clocks a byte (8 bits and the ACK), START and STOP a transaction.
	busy := time.Duration(float64(bytes*9+tx*2) / 100e3 * float64(time.Second))
	b.ReportMetric(100*ms(busy)/ms(n*100*time.Millisecond), "bus-busy-%@100kHz")

	fastest := time.Duration(0)
	for p := 100 * time.Millisecond; p >= 10*time.Millisecond; p -= 5 * time.Millisecond {
		tb := newTable(b, nil, false)
		uids, at := tb.deal(t0+time.Second, n, p, p)
		tb.run(t0 + time.Second + time.Duration(n+2)*p)
		if slices.Contains(latencies(b, uids, at, tb.cards), -1) {
			break
		}
		fastest = p
	}
	if fastest > 0 {
		b.ReportMetric(float64(time.Second)/float64(fastest), "max-cards/s")
	}
}
