package plural

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		n     int
		thing string
		want  string
	}{
		{0, "card", "0 cards"},
		{1, "card", "1 card"},
		{2, "reset", "2 resets"},
		{12, "problem", "12 problems"},
		{-1, "time", "-1 times"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, tt.thing); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.thing, got, tt.want)
		}
	}
}
