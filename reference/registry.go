// Package reference is the Go reference implementation of conform's
// contracts: one package per contract (rfc8785, pyjson, frame), each with
// its closed refusal table, and this registry, which lists their operations
// for the runner and the in-process harness.
//
// Source: spec/README.md (the contract table) and mirrors/PROTOCOL.md (the
// `run`, `ignore` and `guards` requests the registry answers).
package reference

import (
	"conform/reference/frame"
	"conform/reference/pyjson"
	"conform/reference/refusal"
	"conform/reference/rfc8785"
)

// Operation is one contract operation of the Go reference.
type Operation struct {
	// Contract is the contract name with its version, such as "rfc8785/1".
	Contract string
	// Op is the operation name, such as "canonicalize".
	Op string
	// Guards is the contract's closed refusal table, in the spec's order.
	// Callers must not modify it.
	Guards []refusal.Guard
	// Run takes the input bytes and returns the output bytes on acceptance
	// (empty, non-nil, for frame/1 lex) or a *refusal.Error carrying one of
	// Guards. opts may let guards pass (refusal.Ignoring). It never panics.
	Run func(input []byte, opts ...refusal.Option) ([]byte, error)
}

// Operations returns every operation of the Go reference, in a fixed order:
// rfc8785/1 canonicalize, pyjson-ascii/1 encode, frame/1 lex. Each call
// returns a new slice.
func Operations() []Operation {
	return []Operation{
		{Contract: rfc8785.Contract, Op: rfc8785.Op, Guards: rfc8785.Guards, Run: rfc8785.Canonicalize},
		{Contract: pyjson.Contract, Op: pyjson.Op, Guards: pyjson.Guards, Run: pyjson.Encode},
		{Contract: frame.Contract, Op: frame.Op, Guards: frame.Guards, Run: lexFrame},
	}
}

// Lookup returns the operation named by contract (with its version, such as
// "frame/1") and op, and whether there is one.
func Lookup(contract, op string) (Operation, bool) {
	for _, o := range Operations() {
		if o.Contract == contract && o.Op == op {
			return o, true
		}
	}
	return Operation{}, false
}

// lexFrame adapts frame.Lex, whose verdict is its only result, to Run: the
// output on acceptance is empty.
func lexFrame(input []byte, opts ...refusal.Option) ([]byte, error) {
	if err := frame.Lex(input, opts...); err != nil {
		return nil, err
	}
	return []byte{}, nil
}
