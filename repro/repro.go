// Package repro builds every reproducer line conform prints: the
// `conform repro <id>` lines of run, repro and fuzz findings, the
// `printf ... | conform eval` line of a fuzz disagreement, and the
// `go test -run` line that replays a fuzz input. Each is one shell command,
// with every value quoted for sh where it needs to be (Quote), so that a
// line copied from any of them runs as it is.
package repro

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Line is a shell command line being built: words, in order, and
// optionally bytes piped into it. The zero Line is empty; Conform starts
// one.
type Line struct {
	words []string
	stdin []byte
	piped bool
}

// Conform starts the line that runs conform, as invoked (the words of
// invocation are taken as they are: see Invocation), with the verb given
// ("repro", "eval").
func Conform(invocation, verb string) *Line {
	return &Line{words: []string{invocation, verb}}
}

// Arg appends one argument, quoted where sh needs it.
func (l *Line) Arg(s string) *Line {
	l.words = append(l.words, Quote(s))
	return l
}

// Placeholder appends text that stands for an argument the reader fills
// in ("<id of the vector conform fuzz writes>"), as it is.
func (l *Line) Placeholder(s string) *Line {
	l.words = append(l.words, s)
	return l
}

// Flag appends "--name value", the value quoted where sh needs it.
func (l *Line) Flag(name, value string) *Line {
	l.words = append(l.words, "--"+name, Quote(value))
	return l
}

// PathFlag appends "--name path" with the path made absolute (when the
// working directory is known), so that the line runs from any directory.
func (l *Line) PathFlag(name, path string) *Line {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return l.Flag(name, path)
}

// Stdin pipes b into the command: printf with every byte outside
// printable ASCII (and ', \ and %) as an octal escape, so that the line
// carries any bytes, NUL and invalid UTF-8 included.
func (l *Line) Stdin(b []byte) *Line {
	l.stdin, l.piped = b, true
	return l
}

// String renders the line: "printf '...' | " when Stdin was given, then
// the words separated by spaces.
func (l *Line) String() string {
	var b strings.Builder
	if l.piped {
		b.WriteString("printf '")
		for _, c := range l.stdin {
			if c >= 0x20 && c < 0x7f && c != '\'' && c != '\\' && c != '%' {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, `\%03o`, c)
			}
		}
		b.WriteString("' | ")
	}
	b.WriteString(strings.Join(l.words, " "))
	return b.String()
}

// Case is the line that reruns the case with this id on the
// implementations impls (one name, or several joined by commas) through
// conform as invoked, with the vectors directory (when not the compiled-in
// set, "" otherwise) and the corpus (for a corpus case, "" otherwise) it
// came from, as absolute paths: what `conform run` prints under each
// disagreement and records as a report row's repro.
func Case(invocation, id, impls, vectorsDir, corpus string) string {
	l := Conform(invocation, "repro").Arg(id).Flag("impl", impls)
	if vectorsDir != "" && corpus == "" {
		l.PathFlag("vectors", vectorsDir)
	}
	if corpus != "" {
		l.PathFlag("corpus", corpus)
	}
	return l.String()
}

// Finding is the line that reruns a fuzz finding, the vector with this id
// in the vectors directory vectorsDir (as given), on impls: what
// `conform fuzz` prints under each finding.
func Finding(invocation, id, vectorsDir, impls string) string {
	return Conform(invocation, "repro").Arg(id).Flag("vectors", vectorsDir).Flag("impl", impls).String()
}

// FuzzReplay is the line that replays the Go corpus file named file of the
// fuzz target with go test, comparing the reference with impls (the value
// of the environment variable env, CONFORM_FUZZ_IMPLS).
func FuzzReplay(env, impls, target, file string) string {
	return fmt.Sprintf("%s=%s go test -run '%s/%s' ./fuzz/", env, Quote(impls), target, file)
}

// Invocation is how the user ran conform, for reproducer lines: "go run
// ./cmd/conform" under go run (a binary in Go's build cache), the absolute
// path of a binary run by path, or the name of one found on PATH.
func Invocation() string {
	exe := os.Args[0]
	switch {
	case strings.Contains(exe, "go-build"):
		return "go run ./cmd/conform"
	case strings.ContainsRune(exe, '/'):
		if abs, err := filepath.Abs(exe); err == nil {
			return Quote(abs)
		}
	}
	return filepath.Base(exe)
}

// Quote returns s as one sh word: as it is when it holds only letters,
// digits and / . - _, otherwise in single quotes, each single quote
// inside closed, escaped with a backslash and reopened.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
