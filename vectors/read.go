package vectors

import (
	"fmt"
	"io"
	"io/fs"
)

// Bounded reading: how Load and Verify read the MANIFEST and the vector
// files of a set, refusing oversized and special files unopened.

// maxManifest and maxFile bound the MANIFEST's and a vector file's size, so
// that a wrong file given as a vector set is refused before it is read
// (a 59 MB MANIFEST once took 485 MB of memory to refuse line by line).
// The real MANIFEST lists 58 files in 5 KB; the largest vector file is
// 74 KB, and maxFile leaves room for a maxInput case written in hex.
const (
	maxManifest = 1 << 20
	maxFile     = 64 << 20
)

// ReadFile reads the file at path in the vector set fsys (the MANIFEST or
// a vector file) as Load and Verify do: a file over the bounds (1 MiB for
// the MANIFEST, 64 MiB for a vector file) or one that is not a regular
// file is refused, without being read or opened.
func ReadFile(fsys fs.FS, path string) ([]byte, error) {
	if path == ManifestPath {
		return readBounded(fsys, path, maxManifest)
	}
	return readBounded(fsys, path, maxFile)
}

// readBounded reads the file at path in fsys, refusing one of more than
// max bytes without reading it whole, and anything but a regular file
// (symbolic links followed) without opening it: opening a FIFO would wait
// for a writer, and no signal ends that wait.
func readBounded(fsys fs.FS, path string, max int64) ([]byte, error) {
	st, err := fs.Stat(fsys, path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", st.Mode().Type())
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%d bytes, more than the %d a vector set allows", st.Size(), max)
	}
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size a file system reports can be wrong (a pipe, /proc): read
	// one byte past the bound to be sure.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("more than %d bytes, the most a vector set allows", max)
	}
	return data, nil
}
