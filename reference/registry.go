// Package reference is the Go reference implementation of conform's
// contracts: one package per contract (rfc8785, pyjson, frame, prim, ticker,
// v8date, ed25519, digest), each with its closed refusal table, and this
// registry, which lists their operations for the runner and the in-process
// harness.
//
// Source: spec/README.md (the contract table) and mirrors/PROTOCOL.md (the
// `run`, `ignore` and `guards` requests the registry answers).
package reference

import (
	"sync"

	"conform/reference/digest"
	"conform/reference/ed25519"
	"conform/reference/frame"
	"conform/reference/prim"
	"conform/reference/pyjson"
	"conform/reference/refusal"
	"conform/reference/rfc8785"
	"conform/reference/ticker"
	"conform/reference/v8date"
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
	// (empty, non-nil, for frame/1 lex, prim/1 sorted-set and tool-list,
	// and ed25519/1 verify) or a *refusal.Error carrying one of
	// Guards. opts may let guards pass (refusal.Ignoring). It never panics.
	Run func(input []byte, opts ...refusal.Option) ([]byte, error)
}

// Operations returns every operation of the Go reference, in a fixed order,
// that of spec/README.md's table: rfc8785/1 canonicalize, pyjson-ascii/1
// encode, frame/1 lex; prim/1 timestamp, integer, positive-integer, string,
// safe-display, sorted-set, tool-list, base64url, utf8-length; ticker/1
// symbol, equity-ticker, masked-label-v1, closed-masked-label; v8date/1
// parse; ed25519/1 verify; digest/1 digest, signing-input, schema-digest,
// arguments-digest. Each call returns a new slice.
func Operations() []Operation {
	return []Operation{
		{Contract: rfc8785.Contract, Op: rfc8785.Op, Guards: rfc8785.Guards, Run: rfc8785.Canonicalize},
		{Contract: pyjson.Contract, Op: pyjson.Op, Guards: pyjson.Guards, Run: pyjson.Encode},
		{Contract: frame.Contract, Op: frame.Op, Guards: frame.Guards, Run: lexFrame},
		{Contract: prim.Contract, Op: prim.OpTimestamp, Guards: prim.Guards, Run: prim.Timestamp},
		{Contract: prim.Contract, Op: prim.OpInteger, Guards: prim.Guards, Run: prim.Integer},
		{Contract: prim.Contract, Op: prim.OpPositiveInteger, Guards: prim.Guards, Run: prim.PositiveInteger},
		{Contract: prim.Contract, Op: prim.OpString, Guards: prim.Guards, Run: prim.String},
		{Contract: prim.Contract, Op: prim.OpSafeDisplay, Guards: prim.Guards, Run: prim.SafeDisplay},
		{Contract: prim.Contract, Op: prim.OpSortedSet, Guards: prim.Guards, Run: prim.SortedSet},
		{Contract: prim.Contract, Op: prim.OpToolList, Guards: prim.Guards, Run: prim.ToolList},
		{Contract: prim.Contract, Op: prim.OpBase64URL, Guards: prim.Guards, Run: prim.Base64URL},
		{Contract: prim.Contract, Op: prim.OpUTF8Length, Guards: prim.Guards, Run: prim.UTF8Length},
		{Contract: ticker.Contract, Op: ticker.OpSymbol, Guards: ticker.Guards, Run: ticker.Symbol},
		{Contract: ticker.Contract, Op: ticker.OpEquityTicker, Guards: ticker.Guards, Run: ticker.EquityTicker},
		{Contract: ticker.Contract, Op: ticker.OpMaskedLabelV1, Guards: ticker.Guards, Run: ticker.MaskedLabelV1},
		{Contract: ticker.Contract, Op: ticker.OpClosedMaskedLabel, Guards: ticker.Guards, Run: ticker.ClosedMaskedLabel},
		{Contract: v8date.Contract, Op: v8date.Op, Guards: v8date.Guards, Run: v8date.Parse},
		{Contract: ed25519.Contract, Op: ed25519.Op, Guards: ed25519.Guards, Run: ed25519.Verify},
		{Contract: digest.Contract, Op: digest.OpDigest, Guards: digest.Guards, Run: digest.Digest},
		{Contract: digest.Contract, Op: digest.OpSigningInput, Guards: digest.Guards, Run: digest.SigningInput},
		{Contract: digest.Contract, Op: digest.OpSchemaDigest, Guards: digest.Guards, Run: digest.SchemaDigest},
		{Contract: digest.Contract, Op: digest.OpArgumentsDigest, Guards: digest.Guards, Run: digest.ArgumentsDigest},
	}
}

// Lookup returns the operation named by contract (with its version, such as
// "frame/1") and op, and whether there is one.
func Lookup(contract, op string) (Operation, bool) {
	o, ok := byName()[[2]string{contract, op}]
	return o, ok
}

// byName indexes Operations once: Lookup runs once per case, and building
// the table on every call was a tenth of a fuzz worker's CPU.
var byName = sync.OnceValue(func() map[[2]string]Operation {
	m := map[[2]string]Operation{}
	for _, o := range Operations() {
		m[[2]string{o.Contract, o.Op}] = o
	}
	return m
})

// lexFrame adapts frame.Lex, whose verdict is its only result, to Run: the
// output on acceptance is empty.
func lexFrame(input []byte, opts ...refusal.Option) ([]byte, error) {
	if err := frame.Lex(input, opts...); err != nil {
		return nil, err
	}
	return []byte{}, nil
}
