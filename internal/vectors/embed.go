package vectors

import (
	"io/fs"
	"strings"

	golden "github.com/conform-dev/conform/vectors"
)

// Embedded returns the vectors compiled into conform (the public package
// vectors, vectors.FS).
func Embedded() fs.FS { return golden.FS() }

// FindingsDir is the directory, inside the vectors directory, of the
// differential fuzzing findings: vector files of the same format, one per
// contract and operation (findings/<contract-dir>/<behaviour>.jsonl),
// written by conform fuzz with the Go reference's answer as the
// expectation, listed in MANIFEST like every vector file and kept by the
// generator (README.md, "Findings").
const FindingsDir = "findings"

// Finding reports whether the case comes from a findings file. Findings
// are not golden vectors: they are not single-cause, so the checks that
// rest on that (the exception policy, the single-cause audit) skip them.
func (c Case) Finding() bool {
	return strings.HasPrefix(c.File, FindingsDir+"/")
}
