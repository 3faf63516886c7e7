package differential

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// The stats a run's workers wrote are read without waiting on a named
// pipe among them: it is passed over.
func TestReadStatsPassesOverANamedPipe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "1"), []byte("3 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "2"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan Stats, 1)
	go func() { done <- ReadStats(dir) }()
	select {
	case s := <-done:
		if s.Execs != 3 || s.Cases != 5 {
			t.Errorf("stats %+v", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadStats waits on a named pipe")
	}
}
