package vectors

import (
	"io/fs"

	"github.com/conform-dev/conform/internal/infile"
)

// Bounded reading: how Load and Verify read the MANIFEST and the vector
// files of a set, refusing oversized and special files unopened
// (internal/infile, the one mechanism for every file conform reads).

// The bounds of a vector set (README.md, "Bounds"): the MANIFEST's size, a
// vector file's size, and the total of the files a MANIFEST lists, so
// that a wrong file given as a vector set is refused before it is read (a
// 59 MB MANIFEST once took 485 MB of memory to refuse line by line). The
// real MANIFEST lists 59 files in 5 KB; the largest vector file is 74 KB
// and the whole set 0.6 MB, and maxFile leaves room for a maxInput case
// written in hex.
var (
	manifestBound = infile.Bound{Max: maxManifest, What: "a vector set's MANIFEST"}
	fileBound     = infile.Bound{Max: maxFile, What: "a vector file"}
	setBound      = infile.Bound{Max: maxSet, What: "the vector files of a set together"}
)

const (
	maxManifest = 1 << 20
	maxFile     = 64 << 20
	maxSet      = 256 << 20
)

// ReadFile reads the file at path in the vector set fsys (the MANIFEST or
// a vector file) as Load and Verify do: a file over the bounds (1 MiB for
// the MANIFEST, 64 MiB for a vector file) or one that is not a regular
// file is refused, without being read or opened (infile.ReadFS).
func ReadFile(fsys fs.FS, path string) ([]byte, error) {
	if path == ManifestPath {
		return infile.ReadFS(fsys, path, manifestBound)
	}
	return infile.ReadFS(fsys, path, fileBound)
}

// setReader reads the files of one set, refusing the file that takes the
// set past maxSet.
type setReader struct {
	fsys  fs.FS
	total int64
}

func (s *setReader) read(path string) ([]byte, error) {
	data, err := ReadFile(s.fsys, path)
	if err != nil {
		return nil, err
	}
	if s.total += int64(len(data)); s.total > maxSet {
		return nil, &infile.TooLargeError{Bound: setBound}
	}
	return data, nil
}
