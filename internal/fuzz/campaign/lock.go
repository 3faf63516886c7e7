package campaign

import (
	"io/fs"
	"testing/fstest"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/internal/vectors/lock"
)

// lockedFindings returns the vector set's LOCK recording the findings
// about to be written (the set m, as it will be): findings are new cases,
// an additive change that needs no new contract version (spec/README.md,
// "Versions"). It returns nil, and the lock stays as it is, when the set
// has no lock or its lock does not parse, or when the set already holds a
// change the lock refuses: conform vectors verify reports those.
func lockedFindings(m fstest.MapFS, dir string) []byte {
	b, err := vectors.ReadLock(m)
	if err != nil {
		return nil
	}
	old, err := lock.Parse(b, dir+"/"+vectors.LockPath)
	if err != nil {
		return nil
	}
	files, err := vectors.LoadNamed(m, dir)
	if err != nil {
		return nil
	}
	next, _, err := lock.Update(old, vectors.LockPath, spec.MustLoad(), vectors.Cases(files))
	if err != nil {
		return nil
	}
	return next.Bytes()
}

// readLockInto adds the LOCK of fsys, if it has one, to m.
func readLockInto(m fstest.MapFS, fsys fs.FS) {
	if b, err := vectors.ReadLock(fsys); err == nil {
		m[vectors.LockPath] = &fstest.MapFile{Data: b}
	}
}
