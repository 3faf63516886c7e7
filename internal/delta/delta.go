// Package delta measures a version's behavioural delta: two sides, each
// an implementation and an operation of one contract (two operations of
// one implementation, such as a document's /1 and /2 validators, or one
// operation of two builds of an implementation), run on the same inputs,
// the vectors, the corpora and a fuzz budget, and the inputs on which
// their verdict or output differs, in four classes:
//
//   - accepted-both: both accept, with different outputs;
//   - refused-both: both refuse, with different messages;
//   - narrowed: the old side accepts, the new side refuses;
//   - widened: the old side refuses, the new side accepts.
//
// A change that must not overreach (a /2 closure of a /1 shape) may narrow
// and must never widen. Each finding is minimized (bytes removed while it
// stays in its class) and can be written as vectors (WriteVectors).
// `conform delta` is its command.
package delta

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/impl"
)

// Class is how the two sides' answers to one input differ.
type Class string

// The classes of a finding.
const (
	AcceptedBoth Class = "accepted-both"
	RefusedBoth  Class = "refused-both"
	Narrowed     Class = "narrowed"
	Widened      Class = "widened"
)

// Classes lists every Class in the order the renderings show them: the
// direction changes first.
var Classes = []Class{Widened, Narrowed, AcceptedBoth, RefusedBoth}

// Describe says what the class means, for a heading.
func (c Class) Describe() string {
	switch c {
	case AcceptedBoth:
		return "both accept, with different outputs"
	case RefusedBoth:
		return "both refuse, with different messages"
	case Narrowed:
		return "the old side accepts, the new side refuses"
	case Widened:
		return "the old side refuses, the new side accepts"
	}
	return string(c)
}

// Side is one side of a delta: an implementation and the operation it is
// asked.
type Side struct {
	Impl impl.Impl
	Op   string
}

// Rewrite is an input rewrite between the two sides' input spaces: the
// old side is given an input with every To replaced by From, the new
// side with every From replaced by To (a document's /1 and /2 schema
// tags: `aether.x/1` and `aether.x/2`), so that each validator reads the
// document as its own version.
type Rewrite struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Config is what a delta compares.
type Config struct {
	// Contract is the contract of both operations.
	Contract string
	Old, New Side
	// Rewrites are applied in order (Rewrite).
	Rewrites []Rewrite
	// Batch is how many inputs go to an implementation at once; 0 means
	// 64.
	Batch int
}

// Input is one input to compare, and where it came from.
type Input struct {
	Bytes []byte
	// Kind is "vectors", "corpus" or "fuzz"; Origin names the input:
	// "<vectors>/<dir>/<file>.jsonl:<line> <name>", a corpus file, "fuzz".
	Kind, Origin string
}

// Finding is one input on which the sides differ.
type Finding struct {
	Class Class
	// Input is the input (minimized, when Minimize ran), in the old
	// side's space (before its rewrite for the new side); Original the
	// input as found, when minimization changed it.
	Input    []byte
	Original []byte
	Origin   string
	// Old and New are the sides' answers to Input.
	Old, New impl.Result
}

// Result is the delta over every input compared.
type Result struct {
	Contract       string
	OldImpl, OldOp string
	NewImpl, NewOp string
	Rewrites       []Rewrite
	// Inputs counts the distinct inputs compared, by where they came
	// from: "vectors", "corpus", "fuzz".
	Inputs map[string]int
	// Same counts the inputs both sides answered alike; Unanswered those
	// a side did not answer with ok or refused (errored, timeout,
	// skipped), listed in Problems (at most MaxProblems).
	Same       int
	Unanswered int
	Problems   []string
	// Counts counts the findings per class.
	Counts map[Class]int
	// Findings lists them, at most MaxFindings of a class: the inputs'
	// order, fuzz findings last.
	Findings []Finding
	keptN    map[Class]int
	// FuzzTime is how long fuzzing ran.
	FuzzTime time.Duration
}

// MaxProblems bounds the unanswered inputs a Result lists.
const MaxProblems = 20

// MaxFindings bounds the findings of one class a Result lists (Counts
// counts them all): a rewrite of a digested tag makes every input both
// sides accept an accepted-both finding.
const MaxFindings = 1000

// MaxInput bounds an input as a side is given it, after the rewrites: a
// rewrite that grows an input past it (every "[" of a deeply nested
// document made 100 KB) leaves the input unasked, answered errored, never
// built.
const MaxInput = 16 << 20

// rewrite returns in with the rewrites applied in order, each From made
// To (to the old side's input space when old, each To made From), and
// true; or nil and false as soon as a rewrite would make it longer than
// MaxInput, which is checked before that rewrite is built.
func (c Config) rewrite(in []byte, old bool) ([]byte, bool) {
	for _, r := range c.Rewrites {
		from, to := []byte(r.From), []byte(r.To)
		if old {
			from, to = to, from
		}
		if len(from) > 0 && len(to) > len(from) && len(in)+bytes.Count(in, from)*(len(to)-len(from)) > MaxInput {
			return nil, false
		}
		in = bytes.ReplaceAll(in, from, to)
	}
	return in, len(in) <= MaxInput
}

// OldInput and NewInput return what each side is given for input in (the
// rewrites applied).
// An input a rewrite would grow past MaxInput is given as nil.
func (c Config) OldInput(in []byte) []byte {
	out, _ := c.rewrite(in, true)
	return out
}

// NewInput returns what the new side is given for in (Rewrite).
func (c Config) NewInput(in []byte) []byte {
	out, _ := c.rewrite(in, false)
	return out
}

// classify compares two answers: the class, or "" when they are alike;
// ok is false when a side did not answer with ok or refused.
func classify(old, now impl.Result) (c Class, ok bool) {
	answered := func(r impl.Result) bool { return r.Outcome == impl.OK || r.Outcome == impl.Refused }
	if !answered(old) || !answered(now) {
		return "", false
	}
	switch {
	case old.Outcome == impl.OK && now.Outcome == impl.OK:
		if !bytes.Equal(old.Output, now.Output) {
			return AcceptedBoth, true
		}
	case old.Outcome == impl.Refused && now.Outcome == impl.Refused:
		if old.Message != now.Message {
			return RefusedBoth, true
		}
	case old.Outcome == impl.OK:
		return Narrowed, true
	default:
		return Widened, true
	}
	return "", true
}

// run asks both sides about each input, batch by batch, and returns their
// answers.
func (c Config) run(ctx context.Context, ins [][]byte) (olds, news []impl.Result) {
	batch := c.Batch
	if batch <= 0 {
		batch = 64
	}
	for start := 0; start < len(ins); start += batch {
		part := ins[start:min(start+batch, len(ins))]
		var oj, nj []impl.Job
		var asked []int // the inputs of part that fit (fits), by index
		for i, in := range part {
			oin, ok1 := c.rewrite(in, true)
			nin, ok2 := c.rewrite(in, false)
			if !ok1 || !ok2 {
				continue
			}
			asked = append(asked, i)
			oj = append(oj, impl.Job{Contract: c.Contract, Op: c.Old.Op, Input: oin})
			nj = append(nj, impl.Job{Contract: c.Contract, Op: c.New.Op, Input: nin})
		}
		po, pn := make([]impl.Result, len(part)), make([]impl.Result, len(part))
		for i := range part {
			over := impl.Result{Outcome: impl.Errored, Message: fmt.Sprintf("the input is over %d bytes after --rewrite: not asked", MaxInput)}
			po[i], pn[i] = over, over
		}
		if len(asked) > 0 {
			ro, rn := c.Old.Impl.RunBatch(ctx, oj), c.New.Impl.RunBatch(ctx, nj)
			for k, i := range asked {
				po[i], pn[i] = ro[k], rn[k]
			}
		}
		olds = append(olds, po...)
		news = append(news, pn...)
	}
	return olds, news
}

// newResult starts the Result of c.
func (c Config) newResult() *Result {
	r := &Result{Contract: c.Contract, OldImpl: c.Old.Impl.Name(), OldOp: c.Old.Op, NewImpl: c.New.Impl.Name(), NewOp: c.New.Op,
		Rewrites: c.Rewrites, Inputs: map[string]int{}, Counts: map[Class]int{}}
	for _, k := range Classes {
		r.Counts[k] = 0
	}
	return r
}

// add records the answers to one input.
func (r *Result) add(in Input, old, now impl.Result) {
	class, ok := classify(old, now)
	switch {
	case !ok:
		r.Unanswered++
		if len(r.Problems) < MaxProblems {
			r.Problems = append(r.Problems, fmt.Sprintf("%s: the old side answered %s, the new side %s", in.Origin, describe(old), describe(now)))
		}
	case class == "":
		r.Same++
	default:
		r.Counts[class]++
		if r.keep(class) {
			r.Findings = append(r.Findings, Finding{Class: class, Input: in.Bytes, Origin: in.Origin, Old: old, New: now})
		}
	}
}

// keep reports whether another finding of class c fits the list
// (MaxFindings), and counts it when it does.
func (r *Result) keep(c Class) bool {
	if r.keptN == nil {
		r.keptN = map[Class]int{}
		for _, f := range r.Findings {
			r.keptN[f.Class]++
		}
	}
	if r.keptN[c] >= MaxFindings {
		return false
	}
	r.keptN[c]++
	return true
}

func describe(r impl.Result) string {
	if r.Message != "" {
		return r.Outcome + " (" + r.Message + ")"
	}
	return r.Outcome
}

// Compare runs every input through both sides (each distinct input once)
// and returns the delta. It stops early, with what it has, when ctx ends.
func Compare(ctx context.Context, c Config, inputs []Input) *Result {
	res := c.newResult()
	seen := map[string]bool{}
	var uniq []Input
	for _, in := range inputs {
		if seen[string(in.Bytes)] {
			continue
		}
		seen[string(in.Bytes)] = true
		uniq = append(uniq, in)
		res.Inputs[in.Kind]++
	}
	ins := make([][]byte, len(uniq))
	for i, in := range uniq {
		ins[i] = in.Bytes
	}
	olds, news := c.run(ctx, ins)
	for i, in := range uniq {
		res.add(in, olds[i], news[i])
	}
	return res
}

// Draw draws one input of op from s (a fuzz target's generator,
// cases.Target.Draw).
type Draw func(s *gen.Source, op string) []byte

// Fuzz draws inputs for budget, alternately of the old side's and the
// new side's operation (each in its own input space: an input drawn for
// the new side is taken back to the old side's space first), from a
// pseudo-random stream fixed by seed, compares each with Compare's rules,
// and adds what it finds to res (inputs it has already seen are not
// counted again). It returns how many inputs it drew.
func Fuzz(ctx context.Context, c Config, res *Result, draw Draw, budget time.Duration, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	// The inputs seen, by a 128-bit hash, up to maxSeen of them: enough to
	// skip the repeats of minutes of fuzzing in bounded memory.
	seen := map[[16]byte]bool{}
	key := func(b []byte) [16]byte {
		sum := sha256.Sum256(b)
		return [16]byte(sum[:16])
	}
	for _, f := range res.Findings {
		seen[key(f.Input)] = true
	}
	start := time.Now()
	deadline := start.Add(budget)
	drawn := 0
	batch := c.Batch
	if batch <= 0 {
		batch = 64
	}
	body := make([]byte, 512)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var ins [][]byte
		// A generator with few distinct inputs repeats itself: a round
		// draws at most 8 batches' worth, new or not.
		for tries := 0; len(ins) < batch && tries < 8*batch; tries++ {
			for i := range body {
				body[i] = byte(rng.Uint32())
			}
			op := c.Old.Op
			if drawn%2 == 1 {
				op = c.New.Op
			}
			drawn++
			in := draw(gen.New(body), op)
			if op == c.New.Op && op != c.Old.Op {
				in = c.OldInput(in)
			}
			k := key(in)
			if seen[k] {
				continue
			}
			if len(seen) < maxSeen {
				seen[k] = true
			}
			ins = append(ins, in)
		}
		olds, news := c.run(ctx, ins)
		if ctx.Err() != nil {
			break
		}
		for i, in := range ins {
			res.Inputs["fuzz"]++
			res.add(Input{Bytes: in, Kind: "fuzz", Origin: "fuzz"}, olds[i], news[i])
		}
	}
	res.FuzzTime += time.Since(start)
	return drawn
}

// maxSeen bounds the inputs Fuzz remembers having drawn.
const maxSeen = 1 << 20
