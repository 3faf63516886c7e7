// Package ledger is the divergence ledger: a checked-in TOML file of the
// disagreements conform knows about and accepts for a while, and the
// judge that reads a run against it, the way wptrunner reads a run
// against its expectation files.
//
// Each entry names a case (its id, or a glob pattern matched against case
// ids and names), the implementation, the outcome the case is expected to
// have there, a link that explains it and an expiry date. A disagreeing
// row an entry expects is expected and does not fail the run; every other
// disagreeing row is unexpected. An entry past its expiry date fails the
// run, and so does a stale entry, one that matched nothing although the
// run covered it. The file's format and the rules are in README.md.
package ledger
