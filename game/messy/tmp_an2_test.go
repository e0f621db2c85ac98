package messy

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

func TestTmpAnalyse2(t *testing.T) {
	r, d, _ := game.RuleSet("official")
	a, b := os.Getenv("A"), os.Getenv("B")
	n := 0
	for i := 0; i < 10000 && n < 5; i++ {
		seed := uint64(1)*1_000_003 + uint64(i)
		var lines []string
		h, err := Play(Options{Rules: r, Deck: d, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(0.02), Trace: func(s string) { lines = append(lines, s) }})
		if err != nil {
			t.Fatal(err)
		}
		if !h.OutOfStep {
			continue
		}
		var fl []int
		oos := -1
		for j, l := range lines {
			if strings.HasPrefix(l, "OUT OF STEP") {
				oos = j
				break
			}
			if strings.Contains(l, " FAULT ") {
				fl = append(fl, j)
			}
		}
		if len(fl) < 2 || !strings.Contains(lines[fl[len(fl)-1]], "FAULT "+b+" ") || !strings.Contains(lines[fl[len(fl)-2]], "FAULT "+a+" ") {
			continue
		}
		n++
		fmt.Printf("=== seed %d fallers %d\n", seed, 2+int(seed%6))
		for _, l := range lines[max(0, fl[len(fl)-2]-6) : oos+1] {
			if !strings.Contains(l, "truth player") {
				fmt.Println(l[:min(len(l), 190)])
			}
		}
	}
}
