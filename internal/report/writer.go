package report

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/conform-dev/conform/internal/atomicfile"
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
// a temporary file beside it ("<name>.*.partial", internal/atomicfile), so
// the path only ever holds a complete report, and what was there before,
// or appeared since, is kept unless the report was created with force.
type File struct {
	*Writer
	f *atomicfile.File
}

// ErrExists is the cause of an error of Create or Commit when the path
// exists and force is false (errors.Is).
var ErrExists = atomicfile.ErrExists

// Create starts a report file at path. It refuses an existing path unless
// force is true, in which case the old file is replaced only at Commit.
// Only a regular file is ever replaced: a directory or anything else at the
// path is refused at once, before a run spends its time. A dangling symlink
// counts as something that is there.
func Create(path string, force bool) (*File, error) {
	f, err := atomicfile.Create(path, force)
	if err != nil {
		return nil, err
	}
	return &File{Writer: NewWriter(f), f: f}, nil
}

// Commit flushes the report and publishes it at the path: linked into
// place, so that a file that appeared at the path during the run is never
// replaced (without force): Commit then fails with an error wrapping
// ErrExists that names where the finished report was kept.
func (f *File) Commit() error {
	if err := f.Err(); err != nil {
		f.f.Discard()
		return err
	}
	return f.f.Commit()
}

// Abandon closes the temporary file and leaves it in place, named
// "*.partial", as the record of an incomplete run. It returns its path.
func (f *File) Abandon() string {
	_ = f.Err()
	return f.f.Abandon()
}
