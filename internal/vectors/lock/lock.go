// Package lock is the version-bump gate (spec/README.md, "Versions"): the
// checked-in file vectors/LOCK holds, per contract version, a digest of
// every vector's expectation (its expected output bytes, or its refusal
// message), of every row of the contract's refusal table and the name and
// input kind of every operation, from the catalogue. A change to any of
// them under the same contract version is refused, naming the contract,
// what changed and the command that records it under a new version;
// additive changes (a new vector, a new operation, a new refusal that only
// new operations give, a new contract or contract version) are recorded
// by `conform vectors lock` without a new version, as the bridge
// protocol's versioning rule has it (seed 001, section 1, "Versioning
// rule": additive, forward-compatible changes do not bump the version).
package lock

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// FormatVersion is the lock format, on its first line.
const FormatVersion = 1

// header is the lock's first lines.
const header = `# conform vectors LOCK, format 1 (spec/README.md, "Versions"): per contract
# version, its operations, a digest of each refusal and of each vector's
# expectation. Written by conform vectors lock; a hand edit breaks the
# section digest on the contract line, and is refused.
`

// Section is what the lock holds for one contract version.
type Section struct {
	// Contract is the contract with its version, "<name>/<version>".
	Contract string
	// Ops maps each operation to its input kind (spec.InputBytes or
	// spec.InputJSONValue).
	Ops map[string]string
	// Refusals maps each refusal code to the digest of its row: code,
	// message and operations (RefusalDigest).
	Refusals map[string]string
	// Cases maps each vector's case id to the digest of its expectation
	// (CaseDigest).
	Cases map[string]string
}

// Lock is a whole lock: a section per contract version, current or past.
type Lock struct {
	Sections map[string]*Section
}

// RefusalDigest is the digest of a refusal table row: the first 16 bytes
// of SHA-256 over "conform-lock-refusal/1", the code, the message and the
// operations joined by commas, each on a line, in hex.
func RefusalDigest(r spec.Refusal) string {
	return digest("conform-lock-refusal/1\n" + r.Code + "\n" + r.Message + "\n" + strings.Join(r.Ops, ",") + "\n")
}

// CaseDigest is the digest of a vector's expectation: the first 16 bytes
// of SHA-256 over "conform-lock-case/1", the expectation ("ok" or
// "refused"), then the expected output bytes or the refusal message, in
// hex. A case's id already digests its contract, operation and input.
func CaseDigest(c vectors.Case) string {
	want := c.Message
	if c.Expect == vectors.ExpectOK {
		want = string(c.Output)
	}
	return digest("conform-lock-case/1\n" + string(c.Expect) + "\n" + want)
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}

// Compute returns the lock of the catalogue's contracts and the vector
// cases given (golden vectors and findings; corpus cases are ignored): one
// section per contract of cat.
func Compute(cat spec.Catalogue, cases []vectors.Case) *Lock {
	l := &Lock{Sections: map[string]*Section{}}
	for _, k := range cat.Contracts {
		s := &Section{Contract: k.Contract, Ops: map[string]string{}, Refusals: map[string]string{}, Cases: map[string]string{}}
		for _, o := range k.Operations {
			s.Ops[o.Op] = o.Input
		}
		for _, r := range k.Refusals {
			s.Refusals[r.Code] = RefusalDigest(r)
		}
		l.Sections[k.Contract] = s
	}
	for _, c := range cases {
		if s := l.Sections[c.Contract]; s != nil && c.Corpus == "" {
			s.Cases[c.ID] = CaseDigest(c)
		}
	}
	return l
}

// lines are a section's lines after its contract line, sorted.
func (s *Section) lines() []string {
	var out []string
	for _, op := range slices.Sorted(maps.Keys(s.Ops)) {
		out = append(out, "op "+op+" "+s.Ops[op])
	}
	for _, code := range slices.Sorted(maps.Keys(s.Refusals)) {
		out = append(out, "refusal "+code+" "+s.Refusals[code])
	}
	for _, id := range slices.Sorted(maps.Keys(s.Cases)) {
		out = append(out, "case "+id+" "+s.Cases[id])
	}
	return out
}

// sum is the section digest on the contract line: SHA-256 over the
// section's other lines, each ended by a line feed.
func sum(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Bytes returns the lock file: the header, then each section in contract
// order, its contract line (with the section digest) and its lines.
func (l *Lock) Bytes() []byte {
	var b bytes.Buffer
	b.WriteString(header)
	for _, c := range slices.Sorted(maps.Keys(l.Sections)) {
		lines := l.Sections[c].lines()
		fmt.Fprintf(&b, "contract %s %s\n", c, sum(lines))
		for _, x := range lines {
			b.WriteString(x + "\n")
		}
	}
	return b.Bytes()
}

var (
	contractLine = regexp.MustCompile(`^contract ([a-z0-9][a-z0-9-]*/[0-9]+) ([0-9a-f]{64})$`)
	opLine       = regexp.MustCompile(`^op ([a-z0-9][a-z0-9-]*) (bytes|json-value)$`)
	refusalLine  = regexp.MustCompile(`^refusal ([a-z0-9][a-z0-9._-]*) ([0-9a-f]{32})$`)
	caseLine     = regexp.MustCompile(`^case ([0-9a-f]{16}) ([0-9a-f]{32})$`)
)

// Parse reads a lock file; name is used in errors, "NAME:LINE: problem".
// It refuses a first line that is not the format's, a line of no known
// kind, an entry before the first contract line, a contract or an entry
// given twice, lines out of order, and a section whose lines do not match
// the digest on its contract line (a hand edit).
func Parse(data []byte, name string) (*Lock, error) {
	if len(data) > vectors.MaxLock {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, vectors.MaxLock)
	}
	l := &Lock{Sections: map[string]*Section{}}
	var cur *Section
	var curLine int
	var curSum string
	var got []string
	closeSection := func() error {
		if cur == nil {
			return nil
		}
		if !slices.Equal(got, cur.lines()) {
			return fmt.Errorf("%s:%d: the lines of %s are not in the order conform vectors lock writes", name, curLine, cur.Contract)
		}
		if sum(got) != curSum {
			return fmt.Errorf("%s:%d: the section of %s does not match its digest: the lock was edited by hand (conform vectors lock writes it)", name, curLine, cur.Contract)
		}
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if n == 1 && line != strings.SplitN(header, "\n", 2)[0] {
			return nil, fmt.Errorf("%s:1: not a conform vectors LOCK of format %d", name, FormatVersion)
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		if m := contractLine.FindStringSubmatch(line); m != nil {
			if err := closeSection(); err != nil {
				return nil, err
			}
			if l.Sections[m[1]] != nil {
				return nil, fmt.Errorf("%s:%d: contract %s has a second section", name, n, m[1])
			}
			cur = &Section{Contract: m[1], Ops: map[string]string{}, Refusals: map[string]string{}, Cases: map[string]string{}}
			curLine, curSum, got = n, m[2], nil
			l.Sections[m[1]] = cur
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("%s:%d: %q before the first contract line", name, n, line)
		}
		var m []string
		var into map[string]string
		switch {
		case opLine.MatchString(line):
			m, into = opLine.FindStringSubmatch(line), cur.Ops
		case refusalLine.MatchString(line):
			m, into = refusalLine.FindStringSubmatch(line), cur.Refusals
		case caseLine.MatchString(line):
			m, into = caseLine.FindStringSubmatch(line), cur.Cases
		default:
			return nil, fmt.Errorf("%s:%d: not a lock line: %q", name, n, line)
		}
		if _, dup := into[m[1]]; dup {
			return nil, fmt.Errorf("%s:%d: %s is in the section of %s twice", name, n, m[1], cur.Contract)
		}
		into[m[1]] = m[2]
		got = append(got, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	if err := closeSection(); err != nil {
		return nil, err
	}
	return l, nil
}
