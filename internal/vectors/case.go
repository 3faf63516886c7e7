package vectors

import (
	"crypto/sha256"
	"encoding/hex"
)

// Expect is what a case requires of every implementation.
type Expect string

const (
	// ExpectOK: accept, with exactly Case.Output as the output bytes.
	ExpectOK Expect = "ok"
	// ExpectRefused: refuse, with exactly Case.Message.
	ExpectRefused Expect = "refused"
	// ExpectRefusedAny: refuse, with any message; all implementations must
	// still give the reference's message. Corpora only (JSONTestSuite n_ files).
	ExpectRefusedAny Expect = "refused-any"
	// ExpectReference: no independent expectation; every implementation must
	// give the Go reference's answer. Corpora only.
	ExpectReference Expect = "reference"
)

// Case is one input for one contract operation with its expectation. Golden
// vectors and corpus entries both load into Cases.
type Case struct {
	// ID is CaseID(Contract, Op, Input): 16 lowercase hex characters.
	ID string
	// Name is unique within Source's file.
	Name     string
	Contract string
	Op       string
	// Input is the exact input bytes.
	Input  []byte
	Expect Expect
	// Output is the expected output bytes when Expect is ExpectOK.
	Output []byte
	// Message is the expected refusal message when Expect is ExpectRefused.
	Message string
	// Exception is the closed-vocabulary tag of a refused vector that cannot
	// flip to accepted when its guard is ignored (vectors/README.md).
	Exception string
	// At names the thresholds of the contract's Thresholds table whose
	// exact value this vector's expectation depends on (README.md, `at`),
	// sorted; nil for most vectors.
	At   []string
	Note string
	// Source names where the case came from: "vectors/<dir>/<behaviour>.jsonl:7"
	// (the directory's path instead of "vectors" for a set on disk, see
	// LoadNamed), or a corpus file path.
	Source string
	// File is a vector's file inside its vectors directory
	// ("<dir>/<behaviour>.jsonl"), and Line its line there (1-based); empty and
	// zero for corpus cases.
	File string
	Line int
	// Corpus is the corpus root the case was read from, empty for vectors.
	Corpus string
}

// CaseID returns the stable, content-derived id of an input: the first 8
// bytes of SHA-256("conform-case/1\n" + contract + "\n" + op + "\n" + input),
// as 16 lowercase hex characters (vectors/README.md).
func CaseID(contract, op string, input []byte) string {
	h := sha256.New()
	h.Write([]byte("conform-case/1\n" + contract + "\n" + op + "\n"))
	h.Write(input)
	return hex.EncodeToString(h.Sum(nil)[:8])
}
