// Command conform-harness serves the Go reference over the harness protocol
// (mirrors/PROTOCOL.md) on stdin and stdout. conform runs the reference
// in-process; this binary exists so that the reference, or a mutant of it
// built with go build -overlay, can be driven like any mirror.
//
// With --fake <bug> it serves a test double instead: the reference with
// one seeded bug of package conform/fuzz/fake, which conform drives as
// --impl fake:<bug>. An unknown bug exits 2 before the handshake.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"conform/fuzz/fake"
	"conform/mirrors/protocol"
	"conform/reference"
	"conform/reference/refusal"
)

// version is the harness's own version.
const version = "0.1.0"

type handler struct{}

// Run is RunAt without the location.
func (h handler) Run(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, string) {
	out, refused, _, skip := h.RunAt(contract, op, input, ignore)
	return out, refused, skip
}

// RunAt runs the reference operation and, with a refusal, says where the
// reference refused: the refusal's byte offset and JSON pointer, when it
// has them (refusal.Location).
func (handler) RunAt(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, *protocol.Location, string) {
	o, ok := reference.Lookup(contract, op)
	if !ok {
		return nil, "", nil, fmt.Sprintf("%s %s is not implemented", contract, op)
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
			return nil, e.Guard.Message, location(e.At), ""
		}
		// Not a refusal: surface it as a crash rather than blur the two.
		panic(err)
	}
	return out, "", nil, ""
}

// location is the protocol's form of a refusal's location, or nil when it
// says nothing.
func location(at refusal.Location) *protocol.Location {
	var l protocol.Location
	if at.HasOffset {
		off := int64(at.Offset)
		l.Offset = &off
	}
	if at.HasPointer {
		p := at.Pointer
		l.Pointer = &p
	}
	if l.Offset == nil && l.Pointer == nil {
		return nil
	}
	return &l
}

// Guards lists each contract's table once, although every operation of a
// contract carries the whole table.
func (handler) Guards() []protocol.Guard {
	var gs []protocol.Guard
	seen := map[string]bool{}
	for _, o := range reference.Operations() {
		if seen[o.Contract] {
			continue
		}
		seen[o.Contract] = true
		for _, g := range o.Guards {
			gs = append(gs, protocol.Guard{Contract: g.Contract, Code: g.Code, Message: g.Message})
		}
	}
	return gs
}

// faked is the reference with the seeded bug of f: its outputs pass
// through f.Alter (or f.AlterInput). It defines RunAt as well as Run: the embedded handler's
// RunAt, promoted, would serve the reference unaltered.
type faked struct {
	handler
	f fake.Fake
}

func (h faked) Run(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, string) {
	out, refused, _, skip := h.RunAt(contract, op, input, ignore)
	return out, refused, skip
}

// RunAt is the reference's, with an accepted input's output altered;
// refusals, and where they happened, pass as they are.
func (h faked) RunAt(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, *protocol.Location, string) {
	out, refused, at, skip := h.handler.RunAt(contract, op, input, ignore)
	if refused != "" || skip != "" {
		return out, refused, at, skip
	}
	if h.f.AlterInput != nil {
		return h.f.AlterInput(contract, op, input, out), "", nil, ""
	}
	return h.f.Alter(contract, op, out), "", nil, ""
}

func main() {
	bug := flag.String("fake", "", "serve the test double fake:<bug> instead of the reference (one of: "+strings.Join(fake.Names(), ", ")+")")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "conform-harness: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	contracts := map[string][]string{}
	for _, o := range reference.Operations() {
		contracts[o.Contract] = append(contracts[o.Contract], o.Op)
	}
	im := protocol.Implementation{
		Name: "conform-go-reference", Language: "go", LanguageVersion: runtime.Version(),
		Runtime: "go", RuntimeVersion: runtime.Version(), Version: version, Contracts: contracts,
	}
	var h protocol.Handler = handler{}
	var w io.Writer = os.Stdout
	if *bug != "" {
		f, ok := fake.Fakes[*bug]
		if !ok {
			fmt.Fprintf(os.Stderr, "conform-harness: unknown fake %q (known: %s)\n", *bug, strings.Join(fake.Names(), ", "))
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "conform-harness: serving the fuzz test double fake:%s (%s)\n", *bug, f.Doc)
		im.Name, im.Version = "conform-fake-"+*bug, "0"
		h, w = faked{f: f}, f.Writer(os.Stdout)
	}
	if err := protocol.Serve(os.Stdin, w, im, h); err != nil {
		fmt.Fprintln(os.Stderr, "conform-harness:", err)
		os.Exit(1)
	}
}
