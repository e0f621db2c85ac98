package messy

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

func TestTmpOOS(t *testing.T) {
	r, d, _ := game.RuleSet("official")
	k, _ := ParseKind(os.Getenv("KIND"))
	out, _ := os.Create("/tmp/oos.txt")
	defer out.Close()
	n := 0
	for i := 0; i < 3000; i++ {
		seed := uint64(1)*1_000_003 + uint64(i)
		fallers := 2 + int(seed%6)
		var lines []string
		h, err := Play(Options{Rules: r, Deck: d, Fallers: fallers, Seed: seed, Faults: Only(k, 0.02), Trace: func(s string) { lines = append(lines, s) }})
		if err != nil {
			t.Fatal(err)
		}
		if !h.OutOfStep {
			continue
		}
		n++
		for j, l := range lines {
			if strings.HasPrefix(l, "OUT OF STEP") {
				lo := max(0, j-40)
				fmt.Fprintf(out, "=== seed %d fallers %d\n%s\n", seed, fallers, strings.Join(lines[lo:j+1], "\n"))
				break
			}
		}
	}
	fmt.Println("oos", n)
}
