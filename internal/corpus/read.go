package corpus

import (
	"github.com/conform-dev/conform/internal/infile"
)

// Reading corpora from outside: every file and directory through
// internal/infile (regular files only, never waiting on a named pipe),
// each against a bound (README.md, "Bounds").

// The bounds of a corpus. The largest real corpus file is the 100,000-line
// es6numbers file (2.2 MB compressed, 4 MB expanded); the largest
// directory, JSONTestSuite's test_parsing, holds 318 files; a run over
// every public corpus loads about 102,000 cases.
const (
	// MaxFile bounds one corpus file's bytes, as read (a .gz file's
	// expanded stream as well as the file).
	MaxFile = 64 << 20
	// MaxLines bounds the lines (entries) of one es6numbers file.
	MaxLines = 500_000
	// MaxDirEntries bounds the names in one corpus directory.
	MaxDirEntries = 100_000
	// MaxCases bounds the cases of the corpora of one run together.
	MaxCases = 500_000
)

var (
	fileBound  = infile.Bound{Max: MaxFile, What: "one corpus file"}
	gzipBound  = infile.Bound{Max: MaxFile, What: "one corpus file's expanded stream"}
	linesBound = infile.Bound{Max: MaxLines, What: "the lines of one es6numbers file"}
	dirBound   = infile.Bound{Max: MaxDirEntries, What: "the names in one corpus directory"}
	// CasesBound is MaxCases, for the error that names it.
	CasesBound = infile.Bound{Max: MaxCases, What: "the cases of a run's corpora together"}
)

// readFile reads one corpus file whole, within fileBound, as an *Error
// naming it.
func readFile(path string) ([]byte, error) {
	data, err := infile.ReadFile(path, fileBound)
	if err != nil {
		return nil, fsError(path, err)
	}
	return data, nil
}
