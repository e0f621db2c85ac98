package game

import (
	"errors"
	"testing"
)

// TestRefuseWithin: Apply's promise, "on a *RuleError nothing has
// changed", holds for a refusal met inside an observation and given its
// context there (goneUnderReadAgain: the stack said not there under a
// read again, or that read made past it): still a *RuleError, to a type
// assertion as to errors.As, under the rule that refused the step, with
// the text the wrapping wrote. An error that is no refusal is not made
// one.
func TestRefuseWithin(t *testing.T) {
	notRule := errors.New("not a refusal")
	for _, tc := range []struct {
		name string
		err  error
		rule Rule // 0: not a refusal
		text string
	}{
		{name: "a refusal with its detail", err: refuse(RuleCardNotExpected, "no stack is expected to be there"), rule: RuleCardNotExpected,
			text: "not there under stop-1, read again: no stack is expected to be there: " + RuleCardNotExpected.Text()},
		{name: "a refusal without detail", err: &RuleError{Rule: RuleNoSuchStack}, rule: RuleNoSuchStack,
			text: "not there under stop-1, read again: " + RuleNoSuchStack.Text()},
		{name: "an error that is no refusal", err: notRule, text: "not there under stop-1, read again: not a refusal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := refuseWithin(tc.err, "not there under %s, read again", "stop-1")
			if err.Error() != tc.text {
				t.Errorf("text %q, want %q", err.Error(), tc.text)
			}
			re, ok := err.(*RuleError)
			var as *RuleError
			if tc.rule == 0 {
				if ok || errors.As(err, &as) {
					t.Errorf("%v became a refusal", err)
				}
				if !errors.Is(err, notRule) {
					t.Errorf("%v no longer wraps %v", err, notRule)
				}
				return
			}
			if !ok || re.Rule != tc.rule {
				t.Fatalf("%v (%T): want a *RuleError under %q", err, err, tc.rule.Text())
			}
			if !errors.As(err, &as) || as.Rule != tc.rule {
				t.Errorf("errors.As: %v", as)
			}
		})
	}
}
