// Package impl holds the types every part of conform shares about an
// implementation it drives: the job it is given, the result it gives back
// (with its outcome), what it says about itself, and its health. It sits at
// the bottom of conform's import graph and imports nothing of conform, so
// that the runner, the fuzz differ, the guard audit, the driver that starts
// implementations and the harness client all speak of the same things
// without depending on one another.
//
// The outcomes are the run outcomes of the harness protocol
// (mirrors/PROTOCOL.md, "run") plus Timeout; the harness client converts
// the protocol's answers into these types, so a change of the protocol
// never reaches past it unseen.
package impl

import "context"

// Job is one operation to run: a contract ("<name>/<version>"), one of its
// operations, and the input bytes.
type Job struct {
	Contract string
	Op       string
	Input    []byte
}

// The outcomes of a Result. OK, Refused, Errored and Skipped are the run
// outcomes of mirrors/PROTOCOL.md ("run"), with the same names; Timeout is
// conform's own, for a harness that stayed silent past its timeout.
const (
	// OK: the contract accepted the input; Result.Output holds the bytes.
	OK = "ok"
	// Refused: the contract refused the input; Result.Message holds the
	// message from its refusal table.
	Refused = "refused"
	// Errored: the implementation failed on the input (Result.Message and
	// Result.Trace say how), or could not be asked.
	Errored = "errored"
	// Skipped: the implementation does not run this contract or operation
	// (Result.Reason says why).
	Skipped = "skipped"
	// Timeout: the harness owed an answer and stayed silent past the
	// timeout.
	Timeout = "timeout"
)

// Result is an implementation's answer to one Job.
type Result struct {
	// Outcome is OK, Refused, Errored, Skipped or Timeout.
	Outcome string
	// Output is the output bytes of an OK answer.
	Output []byte
	// Message is the refusal message, or what went wrong for Errored and
	// Timeout.
	Message string
	// Trace is an Errored answer's stack trace, when there is one.
	Trace string
	// Reason is why a Skipped answer skipped.
	Reason string
	// At is where a Refused answer says it refused in its input, rendered
	// for a reader ("byte 12, /a/0", "byte 12" or "/a/0"; empty when it
	// says nothing): the protocol's optional `at` (mirrors/PROTOCOL.md,
	// "run"). It is shown beside a wrong-message disagreement and never
	// compared between implementations.
	At string
	// Uncaught is true when the harness itself broke (it exited, hung,
	// wrote something that is not a valid answer): a protocol break,
	// rather than a crash the harness caught and reported.
	Uncaught bool
}

// Info is what an implementation says about itself: the handshake's
// implementation object (mirrors/PROTOCOL.md, "start"), or the same
// description of the in-process Go reference. The JSON names are those of
// `conform mutate --format json`, which prints it.
type Info struct {
	Name            string `json:"name"`
	Language        string `json:"language"`
	LanguageVersion string `json:"language_version"`
	Runtime         string `json:"runtime"`
	RuntimeVersion  string `json:"runtime_version"`
	Version         string `json:"version"`
	// Contracts maps each contract the implementation serves to the names
	// of its operations it serves.
	Contracts map[string][]string `json:"contracts"`
}

// Supports reports whether the implementation declared operation op of
// contract.
func (im Info) Supports(contract, op string) bool {
	for _, o := range im.Contracts[contract] {
		if o == op {
			return true
		}
	}
	return false
}

// Impl is one implementation as conform drives it: the in-process Go
// reference or a harness client.
type Impl interface {
	// Name is the short name used with --impl: go, ts, python, or
	// fake:<bug>.
	Name() string
	// Implementation is what the implementation says about itself.
	Implementation() Info
	// RunBatch answers jobs in order, one Result each, pipelined where
	// the implementation can. A cancelled ctx ends it early: the jobs not
	// answered are Errored.
	RunBatch(ctx context.Context, jobs []Job) []Result
}

// Health is implemented by the implementations that can break (harness
// clients). Close ends the implementation; callers that report breaks call
// it first, so that a line a harness writes after its last answer is
// caught as a break.
type Health interface {
	// Restarts counts the restarts after a break so far.
	Restarts() int
	// Quarantined reports whether the implementation was given up on after
	// its last restart was spent.
	Quarantined() bool
	// Breaks lists every protocol break seen, in order, one line each.
	Breaks() []string
	// Close ends the implementation.
	Close()
}
