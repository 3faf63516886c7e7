// Command conform-harness serves the Go reference over the harness protocol
// (mirrors/PROTOCOL.md) on stdin and stdout. conform runs the reference
// in-process; this binary exists so that the reference, or a mutant of it
// built with go build -overlay, can be driven like any mirror.
package main

import (
	"fmt"
	"os"
	"runtime"

	"conform/mirrors/protocol"
	"conform/reference"
	"conform/reference/refusal"
)

// version is the harness's own version.
const version = "0.1.0"

type handler struct{}

func (handler) Run(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, string) {
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
		// Not a refusal: surface it as a crash rather than blur the two.
		panic(err)
	}
	return out, "", ""
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

func main() {
	contracts := map[string][]string{}
	for _, o := range reference.Operations() {
		contracts[o.Contract] = append(contracts[o.Contract], o.Op)
	}
	im := protocol.Implementation{
		Name: "conform-go-reference", Language: "go", LanguageVersion: runtime.Version(),
		Runtime: "go", RuntimeVersion: runtime.Version(), Version: version, Contracts: contracts,
	}
	if err := protocol.Serve(os.Stdin, os.Stdout, im, handler{}); err != nil {
		fmt.Fprintln(os.Stderr, "conform-harness:", err)
		os.Exit(1)
	}
}
