// Package infile opens and reads the files conform takes from outside:
// vector sets, corpora, reports, archives, fuzz corpora, eval inputs,
// equivalence declarations, certificates. It is the one place that does,
// so that two rules hold for all of them:
//
//   - Only a regular file is read. Anything else (a named pipe, a socket, a
//     device, a directory where a file is wanted), reached by any path,
//     symbolic links followed, is refused before it is opened: opening a
//     named pipe waits for a writer, and no signal ends that wait. Where a
//     file could change between the check and the open, the open itself
//     does not wait (O_NONBLOCK) and the opened file is checked again.
//   - Every read has a Bound, checked while the bytes stream (never by
//     reading everything first), and a read past it fails with a
//     *TooLargeError that names the bound.
package infile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"
)

// Bound is the most bytes (or, for ReadDir, entries) one read may take,
// and what it bounds, in words that complete "the bound on ...": "a vector
// file", "one eval input".
type Bound struct {
	Max  int64
	What string
}

// TooLargeError is a read that went past its bound.
type TooLargeError struct {
	Bound Bound
	// Unit is "bytes" or "entries".
	Unit string
}

// Error says "more than N bytes (S), the bound on <what>".
func (e *TooLargeError) Error() string {
	unit := e.Unit
	if unit == "" {
		unit = "bytes"
	}
	if unit == "bytes" {
		return fmt.Sprintf("more than %d bytes (%s), the bound on %s", e.Bound.Max, Size(e.Bound.Max), e.Bound.What)
	}
	return fmt.Sprintf("more than %d %s, the bound on %s", e.Bound.Max, unit, e.Bound.What)
}

// NotRegularError is a file that is not a regular file: Mode is its type.
type NotRegularError struct{ Mode fs.FileMode }

// Error says "not a regular file (named pipe)".
func (e *NotRegularError) Error() string {
	return "not a regular file (" + TypeName(e.Mode) + ")"
}

// ErrNotRegular is what every *NotRegularError matches with errors.Is.
var ErrNotRegular = errors.New("not a regular file")

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// TypeName names the type of a file mode in words: "directory", "named
// pipe", "socket", "device", "character device", "symbolic link",
// "irregular file".
func TypeName(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m.IsRegular():
		return "regular file"
	}
	return "irregular file"
}

// Size renders n bytes for a person: "64 MiB", "1 KiB", "300 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Open opens the file at path for reading, symbolic links followed, and
// returns it only when it is a regular file. Anything else is refused
// with a *fs.PathError wrapping a *NotRegularError: by its type before it
// is opened, and, should it have changed since, after an open that does
// not wait (O_NONBLOCK: a named pipe opens at once, without a writer).
// Other errors are os.Open's.
func Open(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: &NotRegularError{st.Mode()}}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: &NotRegularError{st.Mode()}}
	}
	return f, nil
}

// ReadFile reads the regular file at path (Open) whole, refusing one of
// more than b.Max bytes with a *TooLargeError: by the size the file
// system reports, before reading, and by what it reads, whatever the
// reported size.
func ReadFile(path string, b Bound) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, b)
}

// ReadFS reads the file name of fsys whole as ReadFile does: a file that
// fs.Stat says is not regular is refused without being opened, one whose
// reported size is over b.Max without being read, and a read past b.Max
// fails. With a file system of Dir, the open itself never waits.
func ReadFS(fsys fs.FS, name string, b Bound) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{st.Mode()}
	}
	if st.Size() > b.Max {
		return nil, &TooLargeError{Bound: b}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, b)
}

func readOpened(f fs.File, b Bound) ([]byte, error) {
	if st, err := f.Stat(); err == nil {
		if !st.Mode().IsRegular() {
			return nil, &NotRegularError{st.Mode()}
		}
		if st.Size() > b.Max {
			return nil, &TooLargeError{Bound: b}
		}
	}
	return io.ReadAll(Reader(f, b))
}

// Reader returns a reader of r that fails with a *TooLargeError as soon
// as r holds more than b.Max bytes (it reads one byte past the bound to
// know), so that a stream, a decompressed one included, is checked while
// it is read.
func Reader(r io.Reader, b Bound) io.Reader { return &bounded{r: r, b: b, left: b.Max + 1} }

type bounded struct {
	r    io.Reader
	b    Bound
	left int64
}

func (l *bounded) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, &TooLargeError{Bound: l.b}
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left <= 0 {
		// One byte past the bound was read: the stream is too large.
		return n - 1, &TooLargeError{Bound: l.b}
	}
	return n, err
}

// ReadAll reads r to its end against the bound b, as Reader checks it,
// and gives up when ctx ends, returning ctx's error at once even while a
// read is blocked (standard input from a terminal or a pipe nobody writes
// to): the blocked read is left to the process's exit.
func ReadAll(ctx context.Context, r io.Reader, b Bound) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(Reader(r, b))
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// ReadDir lists the directory at path, sorted by name like os.ReadDir,
// reading its entries in chunks and failing with a *TooLargeError (Unit
// "entries") once it holds more than b.Max, so that a directory of
// millions of names is refused without listing them all.
func ReadDir(path string, b Bound) ([]fs.DirEntry, error) {
	f, err := OpenDir(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []fs.DirEntry
	for {
		chunk, err := f.ReadDir(1024)
		out = append(out, chunk...)
		if int64(len(out)) > b.Max {
			return nil, &fs.PathError{Op: "readdir", Path: path, Err: &TooLargeError{Bound: b, Unit: "entries"}}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

// OpenDir opens the directory at path, symbolic links followed, and
// refuses anything else with a *fs.PathError wrapping syscall.ENOTDIR,
// without waiting on it (O_DIRECTORY, O_NONBLOCK).
func OpenDir(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NONBLOCK, 0)
}

// Dir is a file system rooted at the directory dir, like os.DirFS, whose
// Open opens a regular file with Open (never waiting on a named pipe) and
// refuses anything that is neither a regular file nor a directory.
func Dir(dir string) fs.FS { return dirFS(dir) }

type dirFS string

func (d dirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	full := filepath.Join(string(d), filepath.FromSlash(name))
	st, err := os.Stat(full)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.Unwrap(err)}
	}
	if st.IsDir() {
		f, err := OpenDir(full)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: errors.Unwrap(err)}
		}
		return f, nil
	}
	f, err := Open(full)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: pe.Err}
		}
		return nil, err
	}
	return f, nil
}

// Stat makes fs.Stat follow symbolic links, as Open does.
func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	st, err := os.Stat(filepath.Join(string(d), filepath.FromSlash(name)))
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: errors.Unwrap(err)}
	}
	return st, nil
}

// ReadDir lists the directory name of the file system.
func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	f, err := OpenDir(filepath.Join(string(d), filepath.FromSlash(name)))
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.Unwrap(err)}
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	if err != nil {
		return entries, &fs.PathError{Op: "readdir", Path: name, Err: errors.Unwrap(err)}
	}
	return entries, nil
}
