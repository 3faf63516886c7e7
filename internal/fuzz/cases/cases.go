// Package cases defines the fuzz inputs of conform's fuzz targets: how one
// []byte, the only argument every target takes, expands into a batch of
// cases (a contract, an operation, an input). The differential targets
// (package fuzz) and the Go-only targets (package gocheck) read the same
// format, so that one corpus serves both engines: Go's, on CI runners with
// the mirrors, and libFuzzer's, in ClusterFuzzLite and OSS-Fuzz.
//
// A fuzz input's first byte picks one of two modes:
//
//   - raw (even first byte): a sequence of records, each one operation byte
//     (taken modulo the target's operations), a uvarint length and that many
//     input bytes; a length that runs past the end takes the rest. The
//     golden vectors, the public corpora and the lexer's raw bytes enter
//     this way (Target.RawInput).
//   - structured (odd first byte): the rest feeds a go-fuzz-headers
//     consumer (package gen), which draws cases until the bytes run out;
//     then the batch is filled up to MaxBatch cases from a keystream
//     derived from the input (Fill).
//
// One input is therefore a batch of cases, which the differential targets
// send to every mirror in one protocol line. Filling the batch is what
// makes a differential fuzz run pay: on this project's machines one
// protocol round trip to an interpreted mirror costs as much as several
// cases of its work (about 120-150 µs, measured), and the inputs Go's
// engine keeps are small (tens of bytes, a case or two) because it
// minimizes them; without the fill most of a run would be round trips.
package cases

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// Case is one operation of one contract on one input.
type Case struct {
	Contract string
	Op       string
	Input    []byte
}

// MaxBatch bounds the cases one fuzz input expands to, and is the size a
// structured input's batch is filled to.
const MaxBatch = 64

// fillBytes is the least length of a fill round's keystream.
const fillBytes = 256

// Target is one fuzz input format: a contract, its operations, and how
// structured inputs are drawn. Each is the format of the differential
// fuzz target of the same name.
type Target struct {
	// Name is the fuzz function's name, "Fuzz<Format>".
	Name string
	// Contract is the contract name with its version.
	Contract string
	// Ops are the operations the target exercises; a case's operation is
	// drawn from them (structured) or named by index (raw).
	Ops []string
	// Corpora are the public corpora (paths under shared/corpora, slash
	// separated) whose entries seed the target (Seeds).
	Corpora []string
	// Reach is how many structured inputs the reach test draws at most
	// (fuzz/reach_test.go), 0 for its default of 3000: a target whose
	// cases are costly (sealed chains of documents) and whose generator
	// reaches every refusal sooner says so here.
	Reach int
	// NotYetReached lists, by refusal code, the refusals the target's
	// generator does not draw yet, each with what it would take: the reach
	// test expects exactly these to be missing, and fails when one is
	// reached (the entry is stale) as when any other is missing. It is a
	// recorded gap of the generator, never of the contract.
	NotYetReached map[string]string
	// draw draws one structured input for op.
	draw func(s *gen.Source, op string) []byte
}

// Targets are the input formats, one or more per contract: contracts in
// the catalogue's order (by name), a contract's targets in the order its
// own file registers them (internal/fuzz/cases/<ident>.go, register).
var Targets []Target

// register adds t to Targets, after the targets of the contracts whose
// names sort before or equal to its own. It panics, at initialisation, on a
// target without a name, contract, operations or draw, or on a name
// already registered: programming errors no input can cause.
func register(t Target) {
	if t.Name == "" || t.Contract == "" || len(t.Ops) == 0 || t.draw == nil {
		panic("cases: incomplete target " + t.Name)
	}
	if _, dup := Lookup(t.Name); dup {
		panic("cases: target " + t.Name + " registered twice")
	}
	i := len(Targets)
	for i > 0 && Targets[i-1].Contract > t.Contract {
		i--
	}
	Targets = append(Targets[:i], append([]Target{t}, Targets[i:]...)...)
}

// Lookup returns the target called name.
func Lookup(name string) (Target, bool) {
	for _, t := range Targets {
		if t.Name == name {
			return t, true
		}
	}
	return Target{}, false
}

// ForContract returns the targets of a contract, in registration order.
func ForContract(contract string) []Target {
	var out []Target
	for _, t := range Targets {
		if t.Contract == contract {
			out = append(out, t)
		}
	}
	return out
}

// Contracts lists the contracts that have targets, sorted.
func Contracts() []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range Targets {
		if !seen[t.Contract] {
			seen[t.Contract] = true
			out = append(out, t.Contract)
		}
	}
	sort.Strings(out)
	return out
}

// Draw draws one structured input of op (one of t.Ops) from s, as a
// structured fuzz input's cases are drawn: for a caller that draws inputs
// one operation at a time (conform delta).
func (t Target) Draw(s *gen.Source, op string) []byte { return t.draw(s, op) }

// OpIndex returns the index of op in t.Ops, or -1.
func (t Target) OpIndex(op string) int {
	for i, o := range t.Ops {
		if o == op {
			return i
		}
	}
	return -1
}

// RawInput encodes one raw case as a fuzz input of the raw mode: mode 0,
// then one record. It fails when op is not one of t's operations.
func (t Target) RawInput(op string, input []byte) ([]byte, error) {
	i := t.OpIndex(op)
	if i < 0 {
		return nil, fmt.Errorf("%s has no operation %q", t.Name, op)
	}
	b := []byte{0, byte(i)}
	b = binary.AppendUvarint(b, uint64(len(input)))
	return append(b, input...), nil
}

// Cases expands a fuzz input into the cases it stands for (see the package
// documentation). Every byte string gives at most MaxBatch cases, and a
// structured input exactly MaxBatch; the empty string gives none.
func (t Target) Cases(data []byte) []Case {
	if len(data) == 0 {
		return nil
	}
	var jobs []Case
	if data[0]&1 == 0 {
		rest := data[1:]
		for len(rest) > 0 && len(jobs) < MaxBatch {
			op := t.Ops[int(rest[0])%len(t.Ops)]
			rest = rest[1:]
			n, k := binary.Uvarint(rest)
			var in []byte
			switch {
			case k <= 0:
				in, rest = rest, nil // no length: the rest is the input
			case n > uint64(len(rest)-k):
				in, rest = rest[k:], nil // a length past the end takes the rest
			default:
				in, rest = rest[k:k+int(n)], rest[k+int(n):]
			}
			jobs = append(jobs, Case{Contract: t.Contract, Op: op, Input: in})
		}
		return jobs
	}
	body := data[1:]
	for round := 0; len(jobs) < MaxBatch; round++ {
		src := body
		if round > 0 {
			src = fill(body, round)
		}
		s := gen.New(src)
		drawn := 0
		for len(jobs) < MaxBatch {
			op := t.Ops[s.Intn(len(t.Ops))]
			in := t.draw(s, op)
			if s.Exhausted() && drawn > 0 {
				break
			}
			jobs = append(jobs, Case{Contract: t.Contract, Op: op, Input: in})
			drawn++
			if s.Exhausted() {
				break
			}
		}
	}
	return jobs
}

// fill returns round's keystream for a structured input's body: SHA-256 in
// counter mode over the body and the round, at least fillBytes long. The
// first round reads the body itself, so the cases the engine's mutations
// steer come first; the fill rounds are pseudo-random cases fixed by the
// input, as a generational fuzzer would draw them.
func fill(body []byte, round int) []byte {
	n := max(len(body), fillBytes)
	out := make([]byte, 0, n+sha256.Size)
	h := sha256.New()
	var ctr [8]byte
	for block := uint32(0); len(out) < n; block++ {
		h.Reset()
		h.Write(body)
		binary.BigEndian.PutUint32(ctr[:4], uint32(round))
		binary.BigEndian.PutUint32(ctr[4:], block)
		h.Write(ctr[:])
		out = h.Sum(out)
	}
	return out[:n]
}

// StructuredSeed returns a structured fuzz input of n pseudo-random bytes
// after the mode byte, fixed by name and i (a SHA-256 stream).
func StructuredSeed(name string, i, n int) []byte {
	b := []byte{1}
	for block := uint32(0); len(b) < n+1; block++ {
		var ctr [8]byte
		binary.BigEndian.PutUint32(ctr[:4], uint32(i))
		binary.BigEndian.PutUint32(ctr[4:], block)
		sum := sha256.Sum256(append([]byte(name+"\n"), ctr[:]...))
		b = append(b, sum[:]...)
	}
	return b[:n+1]
}
