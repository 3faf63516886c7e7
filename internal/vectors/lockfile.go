package vectors

import (
	"io/fs"

	"github.com/conform-dev/conform/internal/infile"
)

// LockPath is the version-bump gate's lock inside a vector set: per
// contract version, the digests of its vectors' expectations and of its
// refusal table (package internal/vectors/lock; spec/README.md, "Versions").
const LockPath = "LOCK"

// MaxLock bounds the lock file.
const MaxLock = 16 << 20

// ReadLock returns the lock file of the vector set fsys. It refuses one
// over MaxLock bytes, or that is not a regular file, without reading it
// whole; a missing lock is an error wrapping fs.ErrNotExist.
func ReadLock(fsys fs.FS) ([]byte, error) {
	return infile.ReadFS(fsys, LockPath, infile.Bound{Max: MaxLock, What: "a vector set's LOCK"})
}
