package messy

import (
	"fmt"
	"sort"

	"github.com/falling-table/falling/game"
)

// RunOptions sets up a run of many messy hands.
type RunOptions struct {
	Rules   game.Rules
	Deck    game.DeckSpec
	Fallers int // 0: 2 to 7 fallers, varying hand by hand
	Hands   int
	Seed    uint64
	Faults  Faults
}

// KindFigures is how the assistant answered one kind of mistake over a run.
type KindFigures struct {
	Kind     string         `json:"kind"`
	Visible  bool           `json:"visible"`
	Made     int            `json:"made"`
	Caught   int            `json:"caught"` // refused, named live or in the audit
	Answers  map[string]int `json:"answers"`
	Rate     float64        `json:"detection_rate"` // Caught/Made, visible kinds only
	Examples []string       `json:"missed_examples,omitempty"`
	// MissedOutOfStep are the answers["missed"] in hands out of step
	// (Hand.OutOfStep): there the assistant, a seat behind the table,
	// misjudges what follows, and a miss says more of the step lost
	// than of the mistake.
	MissedOutOfStep int `json:"missed_out_of_step,omitempty"`
	// Unseen are the mistakes made that showed the assistant only what a
	// table without them shows (Answer Unseen): neither caught nor missed.
	Unseen int `json:"unseen"`
	// SeenRate is Caught over the mistakes made that were not unseen.
	SeenRate       float64  `json:"detection_rate_seen"`
	UnseenExamples []string `json:"unseen_examples,omitempty"`
	// Unidentified are the mistakes made that were missed only for want
	// of a card's identity (Answer Unidentified): neither caught nor
	// counted missed. IdentifiedRate is Caught over the mistakes made
	// that were neither unseen nor unidentified; Missed as before is
	// answers["missed"] + Unidentified.
	Unidentified         int      `json:"unidentified"`
	IdentifiedRate       float64  `json:"detection_rate_identified"`
	UnidentifiedExamples []string `json:"unidentified_examples,omitempty"`
}

// Figures is what a run of messy hands proves.
type Figures struct {
	Rules      string `json:"rules"`
	Hands      int    `json:"hands"`
	Seed       uint64 `json:"seed"`
	Panics     int    `json:"panics"`
	Invariants int    `json:"invariant_breaks"`
	Unfinished int    `json:"unfinished"`
	Diverged   int    `json:"diverged"`
	// DivergedInStep are the hands that named another winner while every
	// deal the table could judge went where it was dealt (Hand.OutOfStep
	// false): "in step" is not "the same winner".
	DivergedInStep int `json:"diverged_in_step"`
	OutOfStep      int `json:"out_of_step"`
	// OutOfStepTwin are the hands out of step that have a twin
	// (Hand.Twin): an honest table showing the same, where the
	// assistant's light is right.
	OutOfStepTwin int `json:"out_of_step_twin"`
	// OutOfStepFindings are audit findings in hands that fell out of
	// step (see Hand.OutOfStep): not counted as false accusations, since
	// a table whose dealer follows the lights never deals that record.
	OutOfStepFindings int           `json:"out_of_step_findings"`
	Refusals          int           `json:"refusals"`
	Accusations       int           `json:"false_accusations"`
	Kinds             []KindFigures `json:"kinds"`
	// Failures are the first few hands that went wrong, with their seeds.
	Failures []string `json:"failures,omitempty"`
}

// Run plays opt.Hands messy hands and sums up the assistant's answers.
func Run(opt RunOptions) (Figures, error) {
	if opt.Hands <= 0 {
		return Figures{}, fmt.Errorf("messy: %d hands: want at least one", opt.Hands)
	}
	if opt.Fallers != 0 && (opt.Fallers < 2 || opt.Fallers > 11) {
		return Figures{}, fmt.Errorf("messy: %d fallers: want 2 to 11", opt.Fallers)
	}
	fig := Figures{Rules: opt.Rules.Name, Hands: opt.Hands, Seed: opt.Seed}
	byKind := map[Kind]*KindFigures{}
	for _, k := range Kinds() {
		byKind[k] = &KindFigures{Kind: k.String(), Visible: k.Visible(), Answers: map[string]int{}}
	}
	for i := range opt.Hands {
		seed := opt.Seed*1_000_003 + uint64(i)
		n := opt.Fallers
		if n == 0 {
			n = 2 + int(seed%6)
		}
		h, err := Play(Options{Rules: opt.Rules, Deck: opt.Deck, Fallers: n, Seed: seed, Faults: opt.Faults})
		fig.add(byKind, h, err, seed, n, opt.Faults == (Faults{}))
	}
	for _, k := range Kinds() {
		kf := byKind[k]
		if kf.Made > 0 {
			kf.Rate = float64(kf.Caught) / float64(kf.Made)
		}
		if seen := kf.Made - kf.Unseen; seen > 0 {
			kf.SeenRate = float64(kf.Caught) / float64(seen)
		}
		if known := kf.Made - kf.Unseen - kf.Unidentified; known > 0 {
			kf.IdentifiedRate = float64(kf.Caught) / float64(known)
		}
		fig.Kinds = append(fig.Kinds, *kf)
	}
	sort.SliceStable(fig.Kinds, func(i, j int) bool { return fig.Kinds[i].Visible && !fig.Kinds[j].Visible })
	return fig, nil
}

// add sums up hand h (seed, n fallers), played with err: clean says it was
// played with no mistake made, where a divergence is a failure of its own.
func (fig *Figures) add(byKind map[Kind]*KindFigures, h Hand, err error, seed uint64, n int, clean bool) {
	fail := func(s string) {
		if len(fig.Failures) < 10 {
			fig.Failures = append(fig.Failures, s)
		}
	}
	fig.Refusals += h.Refusals
	switch {
	case err == nil:
	case isPanic(err):
		fig.Panics++
		fail(err.Error())
	case isInvariant(err):
		fig.Invariants++
		fail(err.Error())
	default:
		fig.Unfinished++
		fail(err.Error())
	}
	if h.Diverged {
		fig.Diverged++
		if !h.OutOfStep {
			fig.DivergedInStep++
		}
		if clean {
			fail(fmt.Sprintf("seed %d, %d fallers: a clean hand diverged", seed, n))
		}
	}
	if h.OutOfStep {
		fig.OutOfStep++
		if h.Twin {
			fig.OutOfStepTwin++
		}
		fig.OutOfStepFindings += len(h.Accusations)
	} else if len(h.Accusations) > 0 {
		fig.Accusations += len(h.Accusations)
		fail(fmt.Sprintf("seed %d, %d fallers: %v", seed, n, h.Accusations))
	}
	for _, f := range h.Faults {
		kf := byKind[f.Kind]
		kf.Made++
		kf.Answers[f.Answer.String()]++
		example := fmt.Sprintf("seed %d, %d fallers, seat %d, %s: %s", seed, n, f.Seat, f.Card, f.Why)
		switch f.Answer {
		case Missed:
			if h.OutOfStep {
				kf.MissedOutOfStep++
			}
			if len(kf.Examples) < 3 {
				kf.Examples = append(kf.Examples, example)
			}
		case Unseen:
			kf.Unseen++
			if len(kf.UnseenExamples) < 3 {
				kf.UnseenExamples = append(kf.UnseenExamples, example)
			}
		case Unidentified:
			kf.Unidentified++
			if len(kf.UnidentifiedExamples) < 3 {
				kf.UnidentifiedExamples = append(kf.UnidentifiedExamples, example)
			}
		default:
			kf.Caught++
		}
	}
}
