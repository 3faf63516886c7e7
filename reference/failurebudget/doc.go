// Package failurebudget is the public Go reference of failure-budget/1: the
// host's repeated tool-failure budget as a state machine. Its one
// operation, Decide, takes a whole event sequence (replies and tool calls)
// and answers one decision per call (run, fail, cancelled, refuse, stop)
// and then the final checkpoint, in canonical bytes.
//
// Source: spec/failure-budget.md; spec/README.md ("JSON value inputs");
// seed 001, section 1, "Repeated tool-failure budget (#285)": classified,
// fingerprinted, host decisions not state-bound, tool failures
// state-bound, the per-class budgets, the streak of 8 with a warning from
// the 6th, refuse then stop (only from a later reply), the checkpoint and
// the "Never" rules (a success clears the fingerprint, only a transient
// failure of a read-only tool is retried, once).
//
// The budgets and the streak bounds are the spec's Thresholds table, read
// from the catalogue (Thresholds); the recovery texts are data (Recovery).
//
// It is public: another module may call Decide (it registers in package
// reference, by contract and operation name), which promises the answers
// spec/failure-budget.md states, byte for byte, with refusals from its
// closed table (package refusal); the golden vectors pin them.
package failurebudget
