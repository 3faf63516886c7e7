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
func (w *Writer) Header(h Header) { h.Type, h.Format = "header", FormatVersion; w.line(h) }

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
func Create(path string, force bool) (*File, error) {
	if _, err := os.Stat(path); err == nil && !force {
		return nil, fmt.Errorf("%w: %s (remove it, choose another path, or pass --force)", ErrExists, path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.partial")
	if err != nil {
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
