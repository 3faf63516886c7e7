package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.jsonl")
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(b) != "new\n" || st.Mode().Perm() != 0o644 {
		t.Errorf("content %q, mode %v", b, st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files left in the directory, want 1", len(entries))
	}
	// A directory that does not exist: an error naming the path, nothing made.
	missing := filepath.Join(dir, "no", "f")
	if err := WriteFile(missing, []byte("x")); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("write into a missing directory: %v", err)
	}
	// A target that cannot be replaced (a directory): the old one stays,
	// and no temporary file is left.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(sub, []byte("x")); err == nil {
		t.Error("renamed a file onto a non-empty directory")
	}
	entries, _ = os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d entries after a failed write, want 2", len(entries))
	}
}
