package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/messy"
)

// TestSimMessyFaults: --faults picks the mistakes by name, the table
// mistakes included, and a name that is none says which are.
func TestSimMessyFaults(t *testing.T) {
	opt, deck, err := game.RuleSet("official")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		faults []string
		code   int
		want   string // in stdout, or in stderr for a bad run
	}{
		{[]string{"wrong-seat", "skip-seat", "two-at-once", "knocked-over", "hold-button", "wrong-sweep", "mid-address-move", "two-as-one", "regathered", "move-between-others"}, 0, ""},
		{[]string{"from-anothers-stack"}, 0, ""},
		{[]string{"wrong-seat", "no-such-mistake"}, 2, `unknown fault "no-such-mistake"`},
	} {
		var out, errOut bytes.Buffer
		m := &messyFlags{on: true, rate: 0.2, faults: tc.faults}
		code := runMessy(m, opt, deck, 300, 0, 1, true, &out, &errOut)
		if code != tc.code {
			t.Fatalf("%v: exit %d, want %d; stderr %q", tc.faults, code, tc.code, errOut.String())
		}
		if tc.code != 0 {
			if !strings.Contains(errOut.String(), tc.want) || !strings.Contains(errOut.String(), "wrong-sweep") {
				t.Errorf("%v: stderr %q: want %q and the list of mistakes", tc.faults, errOut.String(), tc.want)
			}
			continue
		}
		var fig messy.Figures
		if err := json.Unmarshal(out.Bytes(), &fig); err != nil {
			t.Fatalf("%v: %v", tc.faults, err)
		}
		on := map[string]bool{}
		for _, f := range tc.faults {
			on[f] = true
		}
		for _, k := range fig.Kinds {
			if on[k.Kind] != (k.Made > 0) {
				t.Errorf("%v: %s made %d times", tc.faults, k.Kind, k.Made)
			}
		}
		if fig.Accusations > 0 {
			t.Errorf("%v: %d false accusations: %q", tc.faults, fig.Accusations, fig.Failures)
		}
	}
}

// Flags that would be ignored are refused: a negative worker count, and
// the messy table's mistakes without --messy.
func TestSimRefusesBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--workers", "-3"}, "--workers -3: want 0"},
		{[]string{"--faults", "mash"}, "go with --messy"},
		{[]string{"--fault-rate", "0.5"}, "go with --messy"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"sim", "--games", "10"}, c.args...), nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("sim %v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}
