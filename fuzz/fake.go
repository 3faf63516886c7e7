package fuzz

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"

	"conform/fuzz/gen"
	"conform/mirrors/protocol"
	"conform/mirrors/transport"
	"conform/reference"
	"conform/reference/refusal"
)

// EnvServeFake, set to a bug's name, makes a process started with the one
// argument ServeFakeArg (a test binary of package fuzz or cli, or conform
// itself) serve that fake over the harness protocol.
const EnvServeFake = "CONFORM_FUZZ_SERVE_FAKE"

// ServeFakeArg is the one argument with which a process serves the fake
// EnvServeFake names. Both are needed, so that the variable left in an
// environment cannot turn every conform command, or go test, into a fake
// harness that tests nothing.
const ServeFakeArg = "-conform.serve-fake"

// A Fake is a test double of a mirror: the Go reference with one seeded
// bug, served over the harness protocol, so that a test can prove the fuzz
// targets find a real kind of bug through the real client and transport.
type Fake struct {
	// Doc says what the bug is.
	Doc string
	// alter rewrites the reference's output for contract and op.
	alter func(contract, op string, out []byte) []byte
	// breakBatches ends every batch answer line with CR, LF: a protocol
	// break that only batches show (each case alone answers clean).
	breakBatches bool
}

// Fakes are the seeded bugs, by name.
var Fakes = map[string]Fake{
	"codepoint-sort": {
		Doc: "rfc8785/1 sorts object members by code point instead of by UTF-16 unit " +
			"(a Python sorted() on str, the trap spec/rfc8785.md names)",
		alter: func(contract, _ string, out []byte) []byte {
			if contract != "rfc8785/1" {
				return out
			}
			return resortCodePoints(out)
		},
	},
	"batch-cr": {
		Doc:          "every batch answer line ends with CR, LF (a protocol break only batches show: each case alone answers clean)",
		alter:        func(_, _ string, out []byte) []byte { return out },
		breakBatches: true,
	},
}

// crBatchWriter writes what Serve writes, but with CR before the LF of
// every batch answer line.
type crBatchWriter struct {
	w       io.Writer
	partial []byte
}

func (c *crBatchWriter) Write(p []byte) (int, error) {
	c.partial = append(c.partial, p...)
	for {
		i := bytes.IndexByte(c.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := c.partial[:i]
		if bytes.Contains(line, []byte(`"outcome":"batch"`)) {
			line = append(line[:len(line):len(line)], '\r')
		}
		if _, err := c.w.Write(append(line, '\n')); err != nil {
			return 0, err
		}
		c.partial = c.partial[i+1:]
	}
}

// FakeCommand returns the command that serves the implementation impl
// from the program exe when impl names a fake ("fake:<bug>"), and whether
// it does. An unknown bug is an error naming the known ones.
func FakeCommand(impl, exe string) (cmd transport.Command, fake bool, err error) {
	bug, fake := strings.CutPrefix(impl, "fake:")
	if !fake {
		return transport.Command{}, false, nil
	}
	if _, ok := Fakes[bug]; !ok {
		return transport.Command{}, true, fmt.Errorf("unknown fake %q (known: %s)", bug, strings.Join(FakeNames(), ", "))
	}
	return transport.Command{Path: exe, Args: []string{ServeFakeArg}, Env: []string{EnvServeFake + "=" + bug}}, true, nil
}

// FakeRequested returns the fake this process was started to serve (by a
// FakeCommand: EnvServeFake and the one argument ServeFakeArg), or "".
func FakeRequested() string {
	if len(os.Args) != 2 || os.Args[1] != ServeFakeArg {
		return ""
	}
	return os.Getenv(EnvServeFake)
}

// FakeNames lists the fakes, sorted.
func FakeNames() []string {
	var names []string
	for n := range Fakes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

type fakeHandler struct{ f Fake }

// Run answers a run request: the reference's answer, altered by the bug.
func (h fakeHandler) Run(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, string) {
	o, ok := reference.Lookup(contract, op)
	if !ok {
		return nil, "", fmt.Sprintf("%s %s is not implemented", contract, op)
	}
	var msgs []string
	for _, p := range ignore {
		if p.Contract == contract {
			msgs = append(msgs, p.Message)
		}
	}
	out, err := o.Run(input, refusal.Ignoring(msgs...))
	if err != nil {
		if e, ok := refusal.As(err); ok {
			return nil, e.Guard.Message, ""
		}
		panic(err)
	}
	return h.f.alter(contract, op, out), "", ""
}

// Guards answers the reference's refusal tables.
func (fakeHandler) Guards() []protocol.Guard {
	var gs []protocol.Guard
	for _, o := range reference.Operations() {
		for _, g := range o.Guards {
			gs = append(gs, protocol.Guard{Contract: g.Contract, Code: g.Code, Message: g.Message})
		}
	}
	return gs
}

// ServeFake serves the fake called name over the harness protocol on r and
// w until r ends, and returns the process exit code.
func ServeFake(name string, r io.Reader, w io.Writer, errw io.Writer) int {
	f, ok := Fakes[name]
	if !ok {
		fmt.Fprintf(errw, "conform fuzz: unknown fake %q\n", name)
		return 2
	}
	fmt.Fprintf(errw, "conform: serving the fuzz test double fake:%s (%s)\n", name, EnvServeFake)
	contracts := map[string][]string{}
	for _, o := range reference.Operations() {
		contracts[o.Contract] = append(contracts[o.Contract], o.Op)
	}
	im := protocol.Implementation{
		Name: "conform-fake-" + name, Language: "go", LanguageVersion: runtime.Version(),
		Runtime: "go", RuntimeVersion: runtime.Version(), Version: "0", Contracts: contracts,
	}
	if f.breakBatches {
		w = &crBatchWriter{w: w}
	}
	if err := protocol.Serve(r, w, im, fakeHandler{f}); err != nil {
		fmt.Fprintln(errw, "conform fuzz: fake:", err)
		return 1
	}
	return 0
}

// resortCodePoints takes canonical JSON (RFC 8785 output: no whitespace, no
// lone surrogates) and sorts every object's members by code point order of
// their names instead of UTF-16 order. A Go string comparison is a code
// point comparison: UTF-8 preserves code point order.
func resortCodePoints(b []byte) []byte {
	return gen.ReorderMembers(b, func(members [][]byte) {
		type named struct {
			name string
			text []byte
		}
		ms := make([]named, len(members))
		for k, m := range members {
			ms[k] = named{gen.MemberName(m), m}
		}
		sort.SliceStable(ms, func(x, y int) bool { return ms[x].name < ms[y].name })
		for k, m := range ms {
			members[k] = m.text
		}
	})
}
