package config

import (
	"errors"
	"sort"
	"strconv"
	"strings"
)

// Problem is one thing wrong with a wiring file. Load, Parse and Validate
// return every Problem they find joined with errors.Join; Problems takes
// them apart again.
type Problem struct {
	File string
	Line int    // 1-based; 0 when the problem is the file as a whole
	What string // what is wrong
	Fix  string // what to do about it
	Err  error  // the cause, when it is an error of its own (reading the file)
}

// Unwrap gives errors.Is a way to the cause, such as fs.ErrNotExist.
func (p *Problem) Unwrap() error { return p.Err }

// Error formats the problem as "file:line: what; fix: fix".
func (p *Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Line))
	}
	b.WriteString(": ")
	b.WriteString(p.What)
	if p.Fix != "" {
		b.WriteString("; fix: ")
		b.WriteString(p.Fix)
	}
	return b.String()
}

// Problems returns every Problem in err, in the order they were joined.
func Problems(err error) []*Problem {
	var out []*Problem
	var walk func(error)
	walk = func(e error) {
		var p *Problem
		switch x := e.(type) {
		case nil:
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				walk(e)
			}
		default:
			if errors.As(e, &p) {
				out = append(out, p)
			}
		}
	}
	walk(err)
	return out
}

// problems collects what a parse or a validation finds.
type problems struct {
	file string
	list []*Problem
}

func (ps *problems) add(line int, what, fix string) {
	ps.list = append(ps.list, &Problem{File: ps.file, Line: line, What: what, Fix: fix})
}

// err joins the problems, in file order so a reader can fix them top down.
func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	sort.SliceStable(ps.list, func(i, j int) bool { return ps.list[i].Line < ps.list[j].Line })
	errs := make([]error, len(ps.list))
	for i, p := range ps.list {
		errs[i] = p
	}
	return errors.Join(errs...)
}

// nearest returns the candidate closest to s in edit distance, if it is
// close enough to be the typo of it.
func nearest(s string, candidates []string) (string, bool) {
	best, bestD := "", -1
	low := strings.ToLower(s)
	for _, c := range candidates {
		d := editDistance(low, c)
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(s) > 8 {
		limit = 3
	}
	if bestD < 0 || bestD > limit || bestD >= len(s) {
		return "", false
	}
	return best, true
}

// editDistance is the Levenshtein distance, with a swap of two neighbours
// counted as one edit, as typing makes them.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		// A key this long is not a typo of a short one; don't spend on it.
		return 64
	}
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
