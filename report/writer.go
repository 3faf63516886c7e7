package report

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Writer streams report events as JSONL.
type Writer struct {
	w   *bufio.Writer
	err error
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Header writes the header line.
// The header is flushed at once, so that even a killed run leaves a
// report that says what it was.
func (w *Writer) Header(h Header) {
	h.Type, h.Format = "header", FormatVersion
	w.line(h)
	if w.err == nil {
		w.err = w.w.Flush()
	}
}

// Row writes one case line.
func (w *Writer) Row(r Row) { r.Type = "case"; w.line(r) }

// Footer writes the footer line and flushes.
func (w *Writer) Footer(f Footer) {
	f.Type = "footer"
	w.line(f)
	if w.err == nil {
		w.err = w.w.Flush()
	}
}

// Err returns the first write error.
func (w *Writer) Err() error {
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

func (w *Writer) line(v any) {
	if w.err != nil {
		return
	}
	js, err := json.Marshal(v)
	if err != nil {
		w.err = err
		return
	}
	js = append(js, '\n')
	_, w.err = w.w.Write(js)
}

// File is a report being written to a path. Until Commit, the events go to
// a temporary file beside it ("<name>.*.partial"), so the path only ever
// holds a complete report, and what was there before is kept until then.
type File struct {
	*Writer
	f    *os.File
	path string
}

// ErrExists is returned by Create when the path exists and force is false.
var ErrExists = errors.New("report file exists")

// Create starts a report file at path. It refuses an existing path unless
// force is true, in which case the old file is replaced only at Commit.
// Only a regular file is ever replaced: a directory or anything else at the
// path is refused at once, before a run spends its time. A dangling symlink
// counts as something that is there.
func Create(path string, force bool) (*File, error) {
	st, err := os.Lstat(path)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file; a report replaces only a regular file", path)
	case err == nil && !force:
		return nil, fmt.Errorf("%w: %s (remove it, choose another path, or pass --force)", ErrExists, path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.partial")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file 0600; a report is as readable as any file
	// the user writes.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{Writer: NewWriter(f), f: f, path: path}, nil
}

// Commit flushes, syncs and renames the temporary file onto the path.
func (f *File) Commit() error {
	if err := f.Err(); err != nil {
		f.f.Close()
		return err
	}
	if err := f.f.Sync(); err != nil {
		f.f.Close()
		return err
	}
	if err := f.f.Close(); err != nil {
		return err
	}
	return os.Rename(f.f.Name(), f.path)
}

// Abandon closes the temporary file and leaves it in place, named
// "*.partial", as the record of an incomplete run. It returns its path.
func (f *File) Abandon() string {
	_ = f.Err()
	_ = f.f.Close()
	return f.f.Name()
}
