package infile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test when f does not return within 5 s: an open of a
// named pipe would wait for a writer for ever.
func within(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("%s did not return: it waits on a named pipe", what)
		return nil
	}
}

// A named pipe, given directly, through a symbolic link, or in a Dir file
// system, is refused with a NotRegularError, without waiting; so is a
// device and a directory where a file is wanted.
func TestOnlyRegularFilesAreRead(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(pipe, link); err != nil {
		t.Fatal(err)
	}
	b := Bound{Max: 10, What: "a test file"}
	for _, p := range []string{pipe, link, "/dev/zero", dir} {
		err := within(t, "ReadFile "+p, func() error { _, err := ReadFile(p, b); return err })
		var nr *NotRegularError
		if !errors.As(err, &nr) || !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(%s): %v", p, err)
		}
	}
	err := within(t, "ReadFS", func() error { _, err := ReadFS(Dir(dir), "link", b); return err })
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "not a regular file (named pipe)") {
		t.Errorf("ReadFS of a pipe: %v", err)
	}
	// Dir's own Open never waits either.
	err = within(t, "Dir.Open", func() error { _, err := Dir(dir).Open("pipe"); return err })
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("Dir.Open of a pipe: %v", err)
	}
	// OpenDir of a pipe does not wait.
	err = within(t, "OpenDir", func() error { _, err := OpenDir(pipe); return err })
	if err == nil {
		t.Error("OpenDir opened a named pipe")
	}
}

// The bound is checked by the reported size before reading, and by what
// is read whatever the size says; a stream past it fails as it is read.
func TestBoundsAreCheckedWhileReading(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile(p, Bound{Max: 10, What: "x"}); err != nil || string(got) != "0123456789" {
		t.Errorf("at the bound: %q %v", got, err)
	}
	_, err := ReadFile(p, Bound{Max: 9, What: "a test file"})
	var tl *TooLargeError
	if !errors.As(err, &tl) || err.Error() != "more than 9 bytes (9 bytes), the bound on a test file" {
		t.Errorf("past the bound: %v", err)
	}
	// A stream that says nothing of its size: one byte past is refused,
	// after reading no more than that.
	src := &counting{r: strings.NewReader(strings.Repeat("x", 1<<20))}
	_, err = io.ReadAll(Reader(src, Bound{Max: 100, What: "a stream"}))
	if !errors.As(err, &tl) || src.n > 1<<16 {
		t.Errorf("a stream past its bound: %v after %d bytes", err, src.n)
	}
	if got, err := io.ReadAll(Reader(strings.NewReader("abc"), Bound{Max: 3})); err != nil || string(got) != "abc" {
		t.Errorf("a stream at its bound: %q %v", got, err)
	}
	// A directory of more names than the bound.
	for i := range 5 {
		if err := os.WriteFile(filepath.Join(dir, string(rune('a'+i))), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ReadDir(dir, Bound{Max: 5, What: "a test directory"}); err == nil || !strings.Contains(err.Error(), "more than 5 entries, the bound on a test directory") {
		t.Errorf("a directory past its bound: %v", err)
	}
	if es, err := ReadDir(dir, Bound{Max: 6}); err != nil || len(es) != 6 || es[0].Name() != "a" {
		t.Errorf("a directory at its bound: %v %v", es, err)
	}
	if Size(64<<20) != "64 MiB" || Size(1<<10) != "1 KiB" || Size(7) != "7 bytes" {
		t.Error("Size")
	}
}

type counting struct {
	r io.Reader
	n int
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// ReadAll gives up when its context ends, even while a read blocks.
func TestReadAllEndsWithItsContext(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	err := within(t, "ReadAll", func() error { _, err := ReadAll(ctx, pr, Bound{Max: 10}); return err })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ReadAll of a silent pipe, cancelled: %v", err)
	}
	got, err := ReadAll(context.Background(), bytes.NewReader([]byte("ok")), Bound{Max: 10})
	if err != nil || string(got) != "ok" {
		t.Errorf("ReadAll: %q %v", got, err)
	}
}

var _ fs.FS = Dir(".")
