package runner

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/reference"
	"github.com/conform-dev/conform/reference/refusal"
)

// Reference is the Go reference run in-process, behind the same Impl
// interface as the mirrors. Its ignore and shift sets are the in-process
// forms of the protocol's ignore and shift controls.
type Reference struct {
	// Version is conform's version, reported as the implementation version.
	Version string
	// Ignore holds the messages, per contract, whose guards let inputs pass.
	Ignore map[string][]string
	// Shift holds, per contract, the thresholds moved and by how much (the
	// in-process form of the protocol's shift control).
	Shift map[string]map[string]int
	// Observe, when set, is told the message of every guard a run asks
	// (refusal.Observing): the single-cause audit's reach.
	Observe func(message string)
}

// Name returns "go".
func (r *Reference) Name() string { return "go" }

// Implementation describes the reference as a handshake would.
func (r *Reference) Implementation() impl.Info {
	contracts := map[string][]string{}
	for _, op := range reference.Operations() {
		contracts[op.Contract] = append(contracts[op.Contract], op.Op)
	}
	return impl.Info{
		Name: "conform-go-reference", Language: "go", LanguageVersion: runtime.Version(),
		Runtime: "go", RuntimeVersion: runtime.Version(), Version: r.Version, Contracts: contracts,
	}
}

// RunBatch runs each job in-process. A panic is caught and reported as
// errored, as a harness would.
func (r *Reference) RunBatch(ctx context.Context, jobs []impl.Job) []impl.Result {
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		if ctx.Err() != nil {
			out[i] = impl.Result{Outcome: impl.Errored, Message: "run cancelled"}
			continue
		}
		out[i] = r.one(j)
	}
	return out
}

func (r *Reference) one(j impl.Job) (res impl.Result) {
	op, ok := reference.Lookup(j.Contract, j.Op)
	if !ok {
		return impl.Result{Outcome: impl.Skipped, Reason: fmt.Sprintf("%s %s is not implemented", j.Contract, j.Op)}
	}
	defer func() {
		if p := recover(); p != nil {
			res = impl.Result{Outcome: impl.Errored, Message: fmt.Sprint("panic: ", p), Trace: string(debug.Stack())}
		}
	}()
	opts := []refusal.Option{refusal.Ignoring(r.Ignore[j.Contract]...), refusal.Shifting(r.Shift[j.Contract])}
	if r.Observe != nil {
		opts = append(opts, refusal.Observing(r.Observe))
	}
	out, err := op.Run(j.Input, opts...)
	if err != nil {
		if e, ok := refusal.As(err); ok {
			return impl.Result{Outcome: impl.Refused, Message: e.Guard.Message, At: where(e.At)}
		}
		return impl.Result{Outcome: impl.Errored, Message: err.Error()}
	}
	if out == nil {
		out = []byte{}
	}
	return impl.Result{Outcome: impl.OK, Output: out}
}

// where renders a refusal's location as a harness's `at` is rendered
// (protocol.Location's String), so that the reference's and a mirror's
// read alike beside a wrong-message disagreement.
func where(at refusal.Location) string {
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
		return ""
	}
	return l.String()
}
