package serve

import (
	"path/filepath"
	"regexp"
	"slices"
)

// redactor takes the table's own paths out of what a reader without the
// token is shown. Where the log folder lives on the table's disk (and so the
// user the table runs as, and how its disk is laid out) is nobody's business
// on the LAN; a file's name inside the folder is kept, since it is how a
// reader tells one hand from another. The referee, who holds the token, sees
// every message whole.
type redactor struct {
	in    []*regexp.Regexp // a path inside the log folder, up to its name
	whole []*regexp.Regexp // the log folder itself
}

// pathStart is where a path may begin in a message: at its start, or after
// a space, a quote, a bracket or an equals sign ("open /var/…", `"/x"`).
const pathStart = `(^|[\s"'(\[=])`

// pathEnd is what may follow a path: a space, a quote, a bracket, a comma,
// a semicolon, a colon (a path error's "open /x: permission denied"), or
// the end.
const pathEnd = `([\s"'()\[\],;:]|$)`

// anyPath is an absolute path left after the log folder's were cut.
var anyPath = regexp.MustCompile(pathStart + `/[^\s"'()\[\],;:]+`)

func newRedactor(dir string) redactor {
	var dirs []string
	add := func(d string) {
		if d = filepath.Clean(d); d != "." && d != "/" && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	add(dir)
	if abs, err := filepath.Abs(dir); err == nil {
		add(abs)
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			add(real)
		}
	}
	// The longest first, so /a/b/night is cut whole before /a/b would be.
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) })
	var p redactor
	for _, d := range dirs {
		p.in = append(p.in, regexp.MustCompile(pathStart+regexp.QuoteMeta(d+string(filepath.Separator))))
		if filepath.IsAbs(d) {
			// A relative folder ("night") is left alone where it stands
			// by itself: it is no secret, and the word is common.
			p.whole = append(p.whole, regexp.MustCompile(pathStart+regexp.QuoteMeta(d)+pathEnd))
		}
	}
	return p
}

// text is msg as a reader without the token may see it: a file in the log
// folder by its name, the folder itself as "the log folder", and any other
// absolute path hidden.
func (p redactor) text(msg string) string {
	for _, re := range p.in {
		msg = re.ReplaceAllString(msg, "${1}")
	}
	for _, re := range p.whole {
		msg = re.ReplaceAllString(msg, "${1}the log folder${2}")
	}
	return anyPath.ReplaceAllString(msg, "${1}(a path on the table)")
}

// all is text of each message.
func (p redactor) all(msgs []string) []string {
	if msgs == nil {
		return nil
	}
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = p.text(m)
	}
	return out
}

// snapshot is s with the table's paths out of every line of words it
// carries: what happened last, the play log's trouble, the reader's state
// and the referee's notes.
func (r redactor) snapshot(s Snapshot) Snapshot {
	s.Last, s.Log, s.Reader = r.text(s.Last), r.text(s.Log), r.text(s.Reader)
	if len(s.Notes) > 0 {
		notes := make([]string, len(s.Notes))
		for i, n := range s.Notes {
			notes[i] = r.text(n)
		}
		s.Notes = notes
	}
	if h := s.ReaderHealth; h != nil {
		v := *h
		v.Advice = r.text(v.Advice)
		s.ReaderHealth = &v
	}
	return s
}
