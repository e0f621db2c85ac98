package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// saysAll fails t for each of wants that stream's text got does not hold.
func saysAll(t *testing.T, stream, got string, wants []string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q:\n%s", stream, w, got)
		}
	}
}

// The command line as users expect from Go tools (issue 11): flags before
// or after arguments, --version, shell completion, and -h on every command
// with an example.
func TestCommandLine(t *testing.T) {
	dir, hands := nightDir(t)
	html := dir + "/hand.html"
	for _, c := range []struct {
		name    string
		args    []string
		code    int
		out     []string // on stdout
		errOut  []string // on stderr
		noStdin bool
	}{
		{name: "a flag after the hand", args: []string{"review", hands[0], "--html", html}, out: []string{"Fallers: seats"}, errOut: []string{"wrote " + html}},
		{name: "a flag before the hand", args: []string{"review", "--utc", hands[0]}, out: []string{"Fallers: seats"}},
		{name: "version", args: []string{"--version"}, out: []string{"falling "}},
		{name: "bash completion", args: []string{"completion", "bash"}, out: []string{"bash completion", "falling"}},
		{name: "zsh completion", args: []string{"completion", "zsh"}, out: []string{"compdef", "falling"}},
		{name: "fish completion", args: []string{"completion", "fish"}, out: []string{"complete -c falling"}},
		{name: "no command", args: nil, code: 2, errOut: []string{"Available Commands", "play", "review"}},
		{name: "an unknown command", args: []string{"dance"}, code: 2, errOut: []string{`unknown command "dance"`}},
		{name: "an unknown flag", args: []string{"play", "--nope"}, code: 2, errOut: []string{"unknown flag: --nope", "falling play -h"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), c.args, strings.NewReader(""), &out, &errb)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", code, c.code, out.String(), errb.String())
			}
			saysAll(t, "stdout", out.String(), c.out)
			saysAll(t, "stderr", errb.String(), c.errOut)
		})
	}
	for _, cmd := range commands() {
		name := strings.Fields(cmd.use)[0]
		t.Run(name+" -h", func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(context.Background(), []string{name, "-h"}, nil, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			for _, w := range []string{"Usage:", "Examples:", "falling " + name, "Flags:"} {
				if !strings.Contains(out.String(), w) {
					t.Errorf("falling %s -h lacks %q:\n%s", name, w, out.String())
				}
			}
		})
	}
}
