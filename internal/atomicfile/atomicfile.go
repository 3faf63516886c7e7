// Package atomicfile publishes the files conform writes (reports, findings,
// vector files, archives, converted corpora) so that a reader, or a crash,
// never sees half of one, and nothing a user has is replaced unless they
// said so:
//
//   - the bytes go to a temporary file beside the target, which is synced
//     and then published;
//   - a new file (Write, File.Commit without force) is published by
//     hard-linking the temporary file to its name, which fails when the
//     name is taken: a file that appeared since the command started, a
//     second run writing the same report, is never replaced (ErrExists),
//     and what was written is kept beside it at "<name>.*.partial";
//   - replacing (force, or a file a generator owns) renames the temporary
//     file onto the target, and only ever replaces a regular file;
//   - Update replaces a file only while it still holds the bytes the
//     caller read, so that an edit of a file made meanwhile is not lost.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrExists is the cause of a publication refused because the target
// name is taken (errors.Is).
var ErrExists = errors.New("file exists")

// ExistsError is a publication refused because Path exists. Kept, when
// not empty, is the finished temporary file left beside it, so that what
// was written is not lost.
type ExistsError struct {
	Path string
	Kept string
}

// Error says the path exists and was not replaced, and where the new
// bytes are when they were kept.
func (e *ExistsError) Error() string {
	s := fmt.Sprintf("%s exists and was not replaced (remove it, choose another path, or pass --force)", e.Path)
	if e.Kept != "" {
		s += "; what was written is kept at " + e.Kept
	}
	return s
}

// Is makes errors.Is(err, ErrExists) true.
func (e *ExistsError) Is(target error) bool { return target == ErrExists }

// CheckTarget says, before any work is done, whether path may be
// published: it must not exist unless force is true, and with force it
// must be a regular file (or absent). A dangling symbolic link counts as
// something that is there. The final publication checks again.
func CheckTarget(path string, force bool) error {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file; conform replaces only a regular file", path)
	case !force:
		return &ExistsError{Path: path}
	}
	return nil
}

// CheckWritable is CheckTarget for a file a long run writes at its end:
// also, the directory path goes in must exist, be a directory and take a
// new file (a probe file is made there and removed), so that a mistyped
// directory fails before the run, not after it.
func CheckWritable(path string, force bool) error {
	if err := CheckTarget(path, force); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot write %s: %w", path, err)
	case !st.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
	}
	probe, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.probe")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// File is a file being written to a temporary name beside its target,
// published by Commit.
type File struct {
	f     *os.File
	path  string
	force bool
	done  bool
}

// Create starts a file that Commit publishes at path; its bytes go to a
// temporary file "<name>.<random>.partial" in path's directory, mode
// 0644. It fails at once when CheckTarget does.
func Create(path string, force bool) (*File, error) {
	if err := CheckTarget(path, force); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.partial")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file 0600; conform's files are as readable as
	// any file the user writes.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{f: f, path: path, force: force}, nil
}

// Write appends p to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Name is the temporary file's path.
func (f *File) Name() string { return f.f.Name() }

// Commit syncs and closes the temporary file and publishes it at the
// target: linked into place (a taken name is an *ExistsError that keeps
// the temporary file and names it), or with force renamed onto it (only
// onto a regular file). On any other error the temporary file is removed.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: committed twice")
	}
	f.done = true
	err := f.f.Sync()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.f.Name())
		return fmt.Errorf("cannot write %s: %w", f.path, err)
	}
	return publish(f.f.Name(), f.path, f.force, true)
}

// Abandon closes the temporary file and leaves it where it is, as the
// record of something unfinished, and returns its path.
func (f *File) Abandon() string {
	if !f.done {
		f.done = true
		_ = f.f.Close()
	}
	return f.f.Name()
}

// Discard closes and removes the temporary file.
func (f *File) Discard() {
	if !f.done {
		f.done = true
		_ = f.f.Close()
	}
	os.Remove(f.f.Name())
}

// publish puts the finished temporary file tmp at path: linked without
// force, renamed with it. keep says whether a link refused because path
// exists keeps tmp (and names it in the error) or removes it.
func publish(tmp, path string, force, keep bool) error {
	if force {
		if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
			os.Remove(tmp)
			return fmt.Errorf("%s is not a regular file; conform replaces only a regular file", path)
		}
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("cannot write %s: %w", path, err)
		}
		return nil
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			if !keep {
				os.Remove(tmp)
				return &ExistsError{Path: path}
			}
			return &ExistsError{Path: path, Kept: tmp}
		}
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	os.Remove(tmp)
	return nil
}

// Write publishes data as a new file at path, mode 0644, unless force
// is true, in which case it replaces a regular file. The data goes first
// to "<name>.<random>.partial" beside path, so that it is never lost: when
// path exists, or appears while it writes, Write fails with an
// *ExistsError that keeps that file and names it (Kept). A command that
// computes its data for long checks the target at its start
// (CheckWritable), so that a refusal here means the file appeared
// meanwhile. The directory must exist. On any other error path is left as
// it was and nothing else remains.
func Write(path string, data []byte, force bool) error { return write(path, data, force, true) }

// write is Write; keep says whether a refusal keeps the data (Write) or
// removes it (Update, whose caller redoes its change).
func write(path string, data []byte, force, keep bool) error {
	if err := CheckTarget(path, force); err != nil && (!keep || !errors.Is(err, ErrExists)) {
		return err
	}
	tmp, err := writeTemp(path, filepath.Base(path)+".*.partial", data)
	if err != nil {
		return err
	}
	return publish(tmp, path, force, keep)
}

// WriteFile replaces the file at path with data, mode 0644, whatever it
// holds: for the files a generator owns and rewrites (spec/generate,
// vectors/generate), never for a file a user may have put there. Only a
// regular file is replaced. On any error path is left as it was.
func WriteFile(path string, data []byte) error {
	tmp, err := writeTemp(path, "."+filepath.Base(path)+".*.tmp", data)
	if err != nil {
		return err
	}
	return publish(tmp, path, true, false)
}

// ErrChanged is the cause of an Update refused because the file no longer
// holds what the caller read (errors.Is).
var ErrChanged = errors.New("changed since it was read")

// Update replaces the file at path with data only while it still holds
// old, the bytes the caller read and edited; old nil means the file must
// not exist (it is then created as Write creates it, but a refusal keeps
// nothing: the caller redoes its change). A file that changed
// meanwhile is left as it is, and the error, wrapping ErrChanged (or an
// *ExistsError for a file that appeared), names it. The check and the
// rename are two steps: an edit that lands between them, within
// microseconds, is the one thing Update cannot see.
func Update(path string, old, data []byte) error {
	if old == nil {
		return write(path, data, false, false)
	}
	tmp, err := writeTemp(path, "."+filepath.Base(path)+".*.tmp", data)
	if err != nil {
		return err
	}
	cur, err := readRegular(path, int64(len(old)))
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot update %s: %w", path, err)
	}
	if !bytes.Equal(cur, old) {
		os.Remove(tmp)
		return fmt.Errorf("cannot update %s: %w (read it again and redo the change)", path, ErrChanged)
	}
	return publish(tmp, path, true, false)
}

// readRegular reads a regular file of at most max bytes; a longer one, or
// anything else, reads as changed.
func readRegular(path string, max int64) ([]byte, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, ErrChanged
	}
	// O_NONBLOCK: should it have become a named pipe since, the open
	// does not wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, ErrChanged
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	return b, nil
}

// writeTemp writes data to a synced temporary file beside path, named by
// the os.CreateTemp pattern, mode 0644, and returns its name.
func writeTemp(path, pattern string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), pattern)
	if err != nil {
		return "", fmt.Errorf("cannot write %s: %w", path, err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("cannot write %s: %w", path, err)
	}
	return tmp, nil
}
