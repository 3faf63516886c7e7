// Package repro builds every reproducer line conform prints: the
// `conform repro <id>` lines of run, repro and fuzz findings, the
// `printf ... | conform eval` line of a fuzz disagreement, and the
// `go test -run` line that replays a fuzz input. Each is one shell command
// line, with every value quoted for sh where it needs to be (Quote), so
// that a line copied from any of them runs as it is, and each carries the
// Setup of its run (transport, images, vectors, the flags that change an
// answer), so that it reruns what ran rather than the defaults. Its paths
// are absolute, and a line that names an outside command of the command
// line, whose words may be relative to the directory conform ran in,
// goes there first ("cd DIR && ..."): a line runs from any directory.
package repro

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Line is a shell command line being built: words, in order, and
// optionally bytes piped into it. The zero Line is empty; Conform starts
// one.
type Line struct {
	dir   string
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

// In runs the line in the directory dir: it renders as "cd DIR && "
// before the rest, dir quoted where sh needs it (the printf of Stdin
// included, so that the whole line runs there). An empty dir is the
// directory the line is run from.
func (l *Line) In(dir string) *Line {
	l.dir = dir
	return l
}

// Stdin pipes b into the command: printf with every byte outside
// printable ASCII (and ', \ and %) as an octal escape, so that the line
// carries any bytes, NUL and invalid UTF-8 included.
func (l *Line) Stdin(b []byte) *Line {
	l.stdin, l.piped = b, true
	return l
}

// String renders the line: "cd DIR && " when In was given, "printf
// '...' | " when Stdin was given, then the words separated by spaces.
func (l *Line) String() string {
	var b strings.Builder
	if l.dir != "" {
		b.WriteString("cd " + Quote(l.dir) + " && ")
	}
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

// Setup is everything that chose what a run ran, besides the case itself,
// that a reproducer line must carry so that it reruns the same thing:
// conform as invoked, the transport and the container images of the
// mirrors, the vector set, and the flags that change an answer or the
// exit code. The zero value of each field is the default, left out of
// the line.
type Setup struct {
	// Invocation is how conform was run (Invocation); "" is "conform".
	Invocation string
	// Transport is --transport; "" and "local" (the default) are left out.
	Transport string
	// Images maps an implementation to the image its harness ran in
	// under the container transport, best an image ID ("sha256:..."),
	// which no later build re-points: --image impl=ref, one per
	// implementation the line asks for.
	Images map[string]string
	// Vectors is --vectors, the vector directory; "" for the set
	// compiled into conform.
	Vectors string
	// Timeout is --timeout when it is not the default.
	Timeout time.Duration
	// MaxRestarts is --max-restarts when it is not the default.
	MaxRestarts *int
	// AllowSkips is --allow-skips.
	AllowSkips bool
	// Compare is --compare when it is not the default ("verdict"): how
	// the outside implementations of the command line were compared.
	Compare string
	// Outside maps an outside implementation named on the command line to
	// the whole --impl value that defined it ("team=node harness.js"):
	// the line names it by that value, so that it reruns it.
	Outside map[string]string
	// Dirs maps an outside implementation of Outside that runs a local
	// command to the directory (absolute) conform ran it in, which a
	// relative program or argument of its --impl value is relative to
	// ("team=./harness", "team=python3 harness.py"): a line that asks one
	// starts with "cd DIR &&" (Line.In), so that it runs from any
	// directory. conform has one working directory, so the
	// implementations a line asks share it; were they to differ, the
	// first in sorted order of name wins.
	Dirs map[string]string
	// Config is the configuration file (an absolute path) that defined
	// the other outside implementations of the run (README.md, "Bring
	// your own implementation"); "" when there was none. A line that asks
	// one of ConfigNames carries --config.
	Config      string
	ConfigNames []string
	// OutsideEnv is the JSON definition of the outside implementations of
	// a fuzz run, which a fuzz replay line sets in FuzzEnv.Outside.
	OutsideEnv string
}

func (s Setup) invocation() string {
	if s.Invocation == "" {
		return "conform"
	}
	return s.Invocation
}

// flags appends the setup's transport, images (of the implementations in
// impls, comma-separated) and flags to l.
func (s Setup) flags(l *Line, impls string) *Line {
	if s.Transport != "" && s.Transport != "local" {
		l.Flag("transport", s.Transport)
	}
	if len(s.Images) > 0 {
		names := strings.Split(impls, ",")
		sort.Strings(names)
		for _, n := range names {
			if ref := s.Images[n]; ref != "" {
				l.Flag("image", n+"="+ref)
			}
		}
	}
	if s.Timeout != 0 {
		l.Flag("timeout", s.Timeout.String())
	}
	if s.MaxRestarts != nil {
		l.Flag("max-restarts", strconv.Itoa(*s.MaxRestarts))
	}
	if s.AllowSkips {
		l.words = append(l.words, "--allow-skips")
	}
	if s.Compare != "" {
		l.Flag("compare", s.Compare)
	}
	return l
}

// impl appends the --impl flags that ask impls (one name, or several
// joined by commas): the built-in names and those of the configuration
// file in one --impl, each outside implementation of the command line by
// its own --impl NAME=..., and --config when the file defines one asked;
// and it makes the line run in the directory of such a command (Dirs).
func (s Setup) impl(l *Line, impls string) *Line {
	var names []string
	var specs []string
	config := false
	for _, n := range strings.Split(impls, ",") {
		if spec, ok := s.Outside[n]; ok {
			specs = append(specs, spec)
			continue
		}
		for _, c := range s.ConfigNames {
			if c == n {
				config = true
			}
		}
		names = append(names, n)
	}
	if config && s.Config != "" {
		l.Flag("config", s.Config)
	}
	if len(names) > 0 {
		l.Flag("impl", strings.Join(names, ","))
	}
	for _, spec := range specs {
		l.Flag("impl", spec)
	}
	return l.In(s.dir(impls))
}

// dir is the directory a line that asks impls (names joined by commas)
// runs in: that of the first of them, in sorted order, with one in Dirs
// among those of Outside; "" when none has.
func (s Setup) dir(impls string) string {
	names := strings.Split(impls, ",")
	sort.Strings(names)
	for _, n := range names {
		if _, ok := s.Outside[n]; ok && s.Dirs[n] != "" {
			return s.Dirs[n]
		}
	}
	return ""
}

// Case is the line that reruns the case with this id on the
// implementations impls (one name, or several joined by commas) through
// conform as s says, with the vectors directory (when not the compiled-in
// set) and the corpus (for a corpus case, "" otherwise) it came from, as
// absolute paths: what `conform run` prints under each disagreement and
// records as a report row's repro.
func (s Setup) Case(id, impls, corpus string) string {
	l := s.impl(Conform(s.invocation(), "repro").Arg(id), impls)
	if s.Vectors != "" && corpus == "" {
		l.PathFlag("vectors", s.Vectors)
	}
	if corpus != "" {
		l.PathFlag("corpus", corpus)
	}
	return s.flags(l, impls).String()
}

// Finding is the line that reruns a fuzz finding, the vector with this id
// in s.Vectors (as given), on impls: what `conform fuzz` prints under each
// finding.
func (s Setup) Finding(id, impls string) string {
	return s.flags(s.impl(Conform(s.invocation(), "repro").Arg(id).Flag("vectors", s.Vectors), impls), impls).String()
}

// Eval is the line that gives impl's answer for one input of contract and
// op: the input written with printf's octal escapes into conform eval.
func (s Setup) Eval(contract, op, impl string, input []byte) string {
	return s.flags(s.impl(Conform(s.invocation(), "eval").Flag("contract", contract).Flag("op", op), impl), impl).Stdin(input).String()
}

// FuzzReplay is the line that replays the Go corpus file named file of
// the fuzz target with go test, comparing the reference with impls: the
// environment variables env names (internal/fuzz/differential's EnvImpls, and
// EnvTransport and EnvTimeout when s sets them) carry the choices.
func (s Setup) FuzzReplay(env FuzzEnv, impls, target, file string) string {
	vars := []string{env.Impls + "=" + Quote(impls)}
	if s.Transport != "" && s.Transport != "local" {
		vars = append(vars, env.Transport+"="+Quote(s.Transport))
	}
	if s.Timeout != 0 {
		vars = append(vars, env.Timeout+"="+Quote(s.Timeout.String()))
	}
	if s.OutsideEnv != "" && env.Outside != "" {
		vars = append(vars, env.Outside+"="+Quote(s.OutsideEnv))
	}
	return fmt.Sprintf("%s go test -run '%s/%s' ./fuzz/", strings.Join(vars, " "), target, file)
}

// FuzzEnv names the environment variables a fuzz worker reads its
// implementations, transport and timeout from.
type FuzzEnv struct{ Impls, Transport, Timeout, Outside string }

// Case is Setup{Invocation: invocation, Vectors: vectorsDir}.Case.
func Case(invocation, id, impls, vectorsDir, corpus string) string {
	return Setup{Invocation: invocation, Vectors: vectorsDir}.Case(id, impls, corpus)
}

// Finding is Setup{Invocation: invocation, Vectors: vectorsDir}.Finding.
func Finding(invocation, id, vectorsDir, impls string) string {
	return Setup{Invocation: invocation, Vectors: vectorsDir}.Finding(id, impls)
}

// FuzzReplay is the line that replays the Go corpus file named file of the
// fuzz target with go test, comparing the reference with impls (the value
// of the environment variable env, CONFORM_FUZZ_IMPLS).
func FuzzReplay(env, impls, target, file string) string {
	return Setup{}.FuzzReplay(FuzzEnv{Impls: env}, impls, target, file)
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
