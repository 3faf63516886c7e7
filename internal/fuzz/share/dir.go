package share

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Dir is a corpus directory on disk that files are written into without
// ever overwriting one: a file whose content is already in the directory
// (under any name) is skipped, and each new file appears atomically under
// its name or not at all.
type Dir struct {
	path string
	have map[string]bool // content names of the files present
}

// OpenDir reads the content of every file in path (creating the directory
// if needed), so that Put can skip what is already there.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, err
	}
	in, err := files(path)
	if err != nil {
		return nil, err
	}
	d := &Dir{path: path, have: map[string]bool{}}
	for _, b := range in {
		d.have[ContentName(b)] = true
	}
	return d, nil
}

// Clashes returns the paths of the files that Put would refuse: name
// taken by other content, where the directory does not already hold these
// bytes under some name. files maps names to contents.
func (d *Dir) Clashes(files map[string][]byte) []string {
	var out []string
	for _, name := range sortedKeys(files) {
		b := files[name]
		if d.have[ContentName(b)] {
			continue
		}
		final := filepath.Join(d.path, name)
		if _, err := os.Lstat(final); err == nil {
			out = append(out, final)
		}
	}
	return out
}

// Put writes b under name unless the directory already holds the same
// bytes, and reports whether it wrote. A different file already under
// name is an error, never overwritten. The write goes to a temporary file
// that is then hard-linked to name, which fails rather than replaces when
// name exists.
func (d *Dir) Put(name string, b []byte) (bool, error) {
	sum := ContentName(b)
	if d.have[sum] {
		return false, nil
	}
	final := filepath.Join(d.path, name)
	tmp, err := os.CreateTemp(d.path, ".put-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if err := os.Link(tmp.Name(), final); err != nil {
		if errors.Is(err, os.ErrExist) {
			return false, fmt.Errorf("%s exists with other content; not overwritten", final)
		}
		return false, err
	}
	d.have[sum] = true
	return true, nil
}
