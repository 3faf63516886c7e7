package runner

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"conform/mirrors/harness"
	"conform/mirrors/protocol"
	"conform/reference"
	"conform/reference/refusal"
)

// Reference is the Go reference run in-process, behind the same Impl
// interface as the mirrors. Its ignore set is the in-process form of the
// protocol's ignore control.
type Reference struct {
	// Version is conform's version, reported as the implementation version.
	Version string
	// Ignore holds the messages, per contract, whose guards let inputs pass.
	Ignore map[string][]string
}

// Name returns "go".
func (r *Reference) Name() string { return "go" }

// Implementation describes the reference as a handshake would.
func (r *Reference) Implementation() protocol.Implementation {
	contracts := map[string][]string{}
	for _, op := range reference.Operations() {
		contracts[op.Contract] = append(contracts[op.Contract], op.Op)
	}
	return protocol.Implementation{
		Name: "conform-go-reference", Language: "go", LanguageVersion: runtime.Version(),
		Runtime: "go", RuntimeVersion: runtime.Version(), Version: r.Version, Contracts: contracts,
	}
}

// RunBatch runs each job in-process. A panic is caught and reported as
// errored, as a harness would.
func (r *Reference) RunBatch(ctx context.Context, jobs []harness.Job) []harness.Result {
	out := make([]harness.Result, len(jobs))
	for i, j := range jobs {
		if ctx.Err() != nil {
			out[i] = harness.Result{Outcome: protocol.OutcomeErrored, Message: "run cancelled"}
			continue
		}
		out[i] = r.one(j)
	}
	return out
}

func (r *Reference) one(j harness.Job) (res harness.Result) {
	op, ok := reference.Lookup(j.Contract, j.Op)
	if !ok {
		return harness.Result{Outcome: protocol.OutcomeSkipped, Reason: fmt.Sprintf("%s %s is not implemented", j.Contract, j.Op)}
	}
	defer func() {
		if p := recover(); p != nil {
			res = harness.Result{Outcome: protocol.OutcomeErrored, Message: fmt.Sprint("panic: ", p), Trace: string(debug.Stack())}
		}
	}()
	out, err := op.Run(j.Input, refusal.Ignoring(r.Ignore[j.Contract]...))
	if err != nil {
		if e, ok := refusal.As(err); ok {
			return harness.Result{Outcome: protocol.OutcomeRefused, Message: e.Guard.Message}
		}
		return harness.Result{Outcome: protocol.OutcomeErrored, Message: err.Error()}
	}
	if out == nil {
		out = []byte{}
	}
	return harness.Result{Outcome: protocol.OutcomeOK, Output: out}
}
