package fuzz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"

	"conform/mirrors/protocol"
	"conform/reference"
	"conform/reference/refusal"
)

// EnvServeFake, set to a bug's name, makes a process whose TestMain calls
// ServeFake serve that fake over the harness protocol instead of testing.
const EnvServeFake = "CONFORM_FUZZ_SERVE_FAKE"

// A Fake is a test double of a mirror: the Go reference with one seeded
// bug, served over the harness protocol, so that a test can prove the fuzz
// targets find a real kind of bug through the real client and transport.
type Fake struct {
	// Doc says what the bug is.
	Doc string
	// alter rewrites the reference's output for contract and op.
	alter func(contract, op string, out []byte) []byte
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
	contracts := map[string][]string{}
	for _, o := range reference.Operations() {
		contracts[o.Contract] = append(contracts[o.Contract], o.Op)
	}
	im := protocol.Implementation{
		Name: "conform-fake-" + name, Language: "go", LanguageVersion: runtime.Version(),
		Runtime: "go", RuntimeVersion: runtime.Version(), Version: "0", Contracts: contracts,
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
	out, _ := resortValue(b, 0)
	return out
}

// resortValue rewrites the value starting at b[i:] and returns it with the
// index just past it.
func resortValue(b []byte, i int) ([]byte, int) {
	switch b[i] {
	case '{':
		type member struct {
			name string
			text []byte
		}
		var ms []member
		i++
		for b[i] != '}' {
			if b[i] == ',' {
				i++
			}
			end := skipString(b, i)
			var name string
			_ = json.Unmarshal(b[i:end], &name)
			key := b[i:end]
			v, next := resortValue(b, end+1) // past the ':'
			ms = append(ms, member{name, append(append(append([]byte(nil), key...), ':'), v...)})
			i = next
		}
		sort.SliceStable(ms, func(x, y int) bool { return ms[x].name < ms[y].name })
		parts := make([][]byte, len(ms))
		for k, m := range ms {
			parts[k] = m.text
		}
		return append(append([]byte{'{'}, bytes.Join(parts, []byte{','})...), '}'), i + 1
	case '[':
		var parts [][]byte
		i++
		for b[i] != ']' {
			if b[i] == ',' {
				i++
			}
			v, next := resortValue(b, i)
			parts = append(parts, v)
			i = next
		}
		return append(append([]byte{'['}, bytes.Join(parts, []byte{','})...), ']'), i + 1
	case '"':
		end := skipString(b, i)
		return b[i:end], end
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != ']' && b[j] != '}' {
		j++
	}
	return b[i:j], j
}

// skipString returns the index just past the string starting at b[i].
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}
