package differential

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/repro"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/vectors"
)

// Differ runs cases through the Go reference in-process and through each
// mirror, pipelined, and reports every case where a mirror's answer differs
// from the reference's, as conform run classifies it (runner.Verdict, with
// the reference's answer as the expectation).
type Differ struct {
	// Reference is the Go reference (runner.Reference, in-process).
	Reference impl.Impl
	// Mirrors are the implementations compared with it.
	Mirrors []impl.Impl
	// Setup is how the mirrors ran (transport, timeout), which the
	// reproducer of each disagreement carries.
	Setup repro.Setup
}

// Disagreement is one case where an implementation's answer differs from
// the reference's in verdict, output bytes or refusal message, or where
// either of them failed (errored, timed out, broke the protocol); or a
// protocol break on a batch that no single case repeats (Break).
type Disagreement struct {
	Job impl.Job
	// Impl is the implementation that disagrees with the reference (or
	// "go" when the reference itself failed).
	Impl string
	// Want is the reference's answer; Got the implementation's.
	Want, Got impl.Result
	// Break, when set, is a protocol break of Impl on the batch of Cases
	// cases that Job begins: every case answered alone, and agreed, when
	// conform replayed them one run request each (mirrors/PROTOCOL.md,
	// "batch"). It is no case's finding; the fuzz input replays it.
	Break string
	Cases int
	// Setup is the Differ's, for the reproducer.
	Setup repro.Setup
}

// breaker is a mirror that records protocol breaks (a harness.Client).
type breaker interface{ Breaks() []string }

// Check runs jobs through the reference and, concurrently, every mirror
// (one pipelined batch each), and returns the disagreements in job order,
// then mirror order.
func (d *Differ) Check(ctx context.Context, jobs []impl.Job) []Disagreement {
	if len(jobs) == 0 {
		return nil
	}
	results := make([][]impl.Result, len(d.Mirrors))
	// asked[k][i]: mirror k announced job i's operation and was sent it.
	// Every operation of the target, for conform's own mirrors
	// (Set.Declared); what it announces, for an outside implementation.
	asked := make([][]bool, len(d.Mirrors))
	breaks := make([]int, len(d.Mirrors))
	for k, m := range d.Mirrors {
		if b, ok := m.(breaker); ok {
			breaks[k] = len(b.Breaks())
		}
	}
	var wg sync.WaitGroup
	for k, m := range d.Mirrors {
		im := m.Implementation()
		var sub []impl.Job
		asked[k] = make([]bool, len(jobs))
		for i, j := range jobs {
			if im.Supports(j.Contract, j.Op) {
				asked[k][i] = true
				sub = append(sub, j)
			}
		}
		if len(sub) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := m.RunBatch(ctx, sub)
			if len(sub) == len(jobs) && len(got) == len(jobs) {
				// Every job was sent (conform's own mirrors): the answers
				// are in job order already.
				results[k] = got
				return
			}
			results[k] = make([]impl.Result, len(jobs))
			n := 0
			for i := range jobs {
				if asked[k][i] && n < len(got) {
					results[k][i] = got[n]
					n++
				}
			}
		}()
	}
	ref := d.Reference.RunBatch(ctx, jobs)
	wg.Wait()
	var out []Disagreement
	pinned := make([]bool, len(d.Mirrors))
	for i, j := range jobs {
		c := vectors.Case{Contract: j.Contract, Op: j.Op, Input: j.Input, Expect: vectors.ExpectReference}
		if !agrees(c, ref[i], ref[i]) {
			out = append(out, Disagreement{Job: j, Impl: d.Reference.Name(), Want: ref[i], Got: ref[i], Setup: d.Setup})
			continue
		}
		for k, m := range d.Mirrors {
			if !asked[k][i] {
				continue
			}
			if !agrees(c, ref[i], results[k][i]) {
				out = append(out, Disagreement{Job: j, Impl: m.Name(), Want: ref[i], Got: results[k][i], Setup: d.Setup})
				pinned[k] = true
			}
		}
	}
	// A break the replay pinned to a case is that case's disagreement
	// above. One it did not pin would otherwise pass unseen: the replayed
	// answers agree.
	for k, m := range d.Mirrors {
		b, ok := m.(breaker)
		if !ok || pinned[k] {
			continue
		}
		if msgs := b.Breaks(); len(msgs) > breaks[k] {
			out = append(out, Disagreement{Job: jobs[0], Impl: m.Name(), Break: msgs[breaks[k]], Cases: len(jobs), Setup: d.Setup})
		}
	}
	return out
}

// agrees reports whether got is the answer the reference's answer ref
// expects of case c: conform run's verdict (runner.Verdict) is agree. Any
// other verdict, a skip included (every mirror declared the target's
// operations, see Set.Declared), is a disagreement; so is a reference that
// did not answer ok or refused, checked as its own answer.
func agrees(c vectors.Case, ref, got impl.Result) bool {
	return runner.Verdict(c, ref, got) == report.Agree
}

// String renders the disagreement: the contract and operation, who
// disagrees, the input, both answers, and a one-line reproducer.
func (d Disagreement) String() string {
	var b strings.Builder
	if d.Break != "" {
		fmt.Fprintf(&b, "%s %s: %s broke the protocol on a batch of %d cases, which agree when run one at a time: %s\n",
			d.Job.Contract, d.Job.Op, d.Impl, d.Cases, d.Break)
		b.WriteString("  repro:  replay the fuzz input (go test -run '<target>/<corpus file>' ./fuzz/ with CONFORM_FUZZ_IMPLS=" + d.Impl + ")")
		return b.String()
	}
	fmt.Fprintf(&b, "%s %s: %s disagrees with go\n", d.Job.Contract, d.Job.Op, d.Impl)
	fmt.Fprintf(&b, "  input (%d bytes): %s\n", len(d.Job.Input), Show(d.Job.Input, 600))
	fmt.Fprintf(&b, "  go:     %s\n", ShowResult(d.Want))
	if d.Impl != "go" {
		fmt.Fprintf(&b, "  %-7s %s\n", d.Impl+":", ShowResult(d.Got))
	}
	fmt.Fprintf(&b, "  repro:  %s", ReproWith(d.Setup, d.Job, d.Impl))
	return b.String()
}

// ShowResult renders an answer on one line.
func ShowResult(r impl.Result) string {
	switch r.Outcome {
	case impl.OK:
		return "ok " + Show(r.Output, 400)
	case impl.Refused:
		return "refused " + strconv.Quote(r.Message)
	case impl.Skipped:
		return "skipped " + strconv.Quote(r.Reason)
	}
	s := r.Outcome + " " + strconv.Quote(r.Message)
	if r.Uncaught {
		s += " (protocol break)"
	}
	return s
}

// Show renders bytes as a Go string literal, cut to about max bytes.
func Show(b []byte, max int) string {
	if len(b) > max {
		return strconv.Quote(string(b[:max])) + fmt.Sprintf("... (%d more bytes)", len(b)-max)
	}
	return strconv.Quote(string(b))
}

// Repro is ReproWith of the default setup (local transport, default
// timeout).
func Repro(j impl.Job, name string) string { return ReproWith(repro.Setup{}, j, name) }

// ReproWith is the one shell command that gives impl's answer for the
// job, run as s says (its transport and timeout; conform as "go run
// ./cmd/conform" from the module, where conform fuzz runs, unless s names
// another invocation): the input written with printf's octal escapes into
// conform eval (repro.Setup.Eval). Inputs over 4 KiB are too long for one
// line, and the reproducer says where the input is instead: in the vector
// conform fuzz writes.
func ReproWith(s repro.Setup, j impl.Job, name string) string {
	if s.Invocation == "" {
		s.Invocation = "go run ./cmd/conform"
	}
	if len(j.Input) > 4096 {
		return repro.Conform(s.Invocation, "repro").Placeholder("<id of the vector conform fuzz writes>").Flag("impl", name).String()
	}
	return s.Eval(j.Contract, j.Op, name, j.Input)
}
