package mirrors

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A prepared mirror that changed after it was built is rebuilt, never run.
func TestPrepareRebuildsAChangedMirror(t *testing.T) {
	m, ok := Lookup("python")
	if !ok {
		t.Fatal("no python mirror")
	}
	cache := t.TempDir()
	cmd, err := m.Prepare(context.Background(), cache, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	harness := filepath.Join(cmd.Dir, "harness.py")
	orig, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(harness, append(orig, []byte("\nraise SystemExit(9)\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	if _, err := m.Prepare(context.Background(), cache, &progress); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(progress.String(), "rebuilding") {
		t.Errorf("progress %q does not say it rebuilt", progress.String())
	}
	if got, _ := os.ReadFile(harness); !bytes.Equal(got, orig) {
		t.Error("the changed harness is still in place")
	}
	progress.Reset()
	if _, err := m.Prepare(context.Background(), cache, &progress); err != nil || progress.Len() != 0 {
		t.Errorf("third Prepare: %v, %q; want a quiet reuse", err, progress.String())
	}
}

// A named pipe put in a prepared mirror is seen as a change, without the
// check waiting on it: the mirror is rebuilt.
func TestPreparedMirrorWithANamedPipeIsRebuilt(t *testing.T) {
	m, _ := Lookup("python")
	cache := t.TempDir()
	cmd, err := m.Prepare(context.Background(), cache, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(cmd.Dir, "pipe.py"), 0o600); err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	done := make(chan error, 1)
	go func() { _, err := m.Prepare(context.Background(), cache, &progress); done <- err }()
	select {
	case err := <-done:
		if err != nil || !strings.Contains(progress.String(), "not a regular file (named pipe)") || !strings.Contains(progress.String(), "rebuilding") {
			t.Errorf("Prepare over a named pipe: %v, %q", err, progress.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Prepare waits on a named pipe in the prepared mirror")
	}
}
