// Package fake holds the test doubles of a mirror: the Go reference with one
// seeded bug, which `conform-harness --fake <bug>` (cmd/conform-harness)
// serves over the real harness protocol, so that a test can prove the fuzz
// targets find a real kind of bug through the real client and transport.
// conform runs one with --impl fake:<bug>, on every command that drives
// implementations.
package fake

import (
	"bytes"
	"io"
	"sort"
)

// A Fake is one seeded bug.
type Fake struct {
	// Doc says what the bug is.
	Doc string
	// Alter rewrites the reference's output for contract and op (an
	// accepted input's output; refusals are never altered).
	Alter func(contract, op string, out []byte) []byte
	// AlterInput, when set, is used instead of Alter: it rewrites the
	// output out of the accepted input in.
	AlterInput func(contract, op string, in, out []byte) []byte
	// BreakBatches ends every batch answer line with CR, LF: a protocol
	// break that only batches show (each case alone answers clean).
	BreakBatches bool
}

// Fakes are the seeded bugs, by name. A fake aimed at one contract lives
// in that contract's own file (internal/fake/<ident>.go) and adds itself here
// in init, so that this file names no contract.
var Fakes = map[string]Fake{
	"batch-cr": {
		Doc:          "every batch answer line ends with CR, LF (a protocol break only batches show: each case alone answers clean)",
		Alter:        func(_, _ string, out []byte) []byte { return out },
		BreakBatches: true,
	},
}

// Names lists the fakes, sorted.
func Names() []string {
	var names []string
	for n := range Fakes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Writer returns the writer a harness serving f writes its answers to:
// w itself, or for BreakBatches a writer that puts CR before the LF of
// every batch answer line it passes on to w.
func (f Fake) Writer(w io.Writer) io.Writer {
	if f.BreakBatches {
		return &crBatchWriter{w: w}
	}
	return w
}

// crBatchWriter writes what it is given, but with CR before the LF of
// every batch answer line.
type crBatchWriter struct {
	w       io.Writer
	partial []byte
}

func (c *crBatchWriter) Write(p []byte) (int, error) {
	c.partial = append(c.partial, p...)
	for {
		i := bytes.IndexByte(c.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := c.partial[:i]
		if bytes.Contains(line, []byte(`"outcome":"batch"`)) {
			line = append(line[:len(line):len(line)], '\r')
		}
		if _, err := c.w.Write(append(line, '\n')); err != nil {
			return 0, err
		}
		c.partial = c.partial[i+1:]
	}
}
