package atomicfile

import (
	"errors"
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

// Write publishes a new file by linking it into place: a file there, or
// one that appears before the link, is never replaced without force, and
// what was to be written is kept beside it, named in the error.
func TestWriteNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	if err := Write(path, []byte("one"), false); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries after a Write, want 1", len(entries))
	}
	err := Write(path, []byte("two"), false)
	var ee *ExistsError
	if !errors.As(err, &ee) || !strings.HasPrefix(filepath.Base(ee.Kept), "out.") || !strings.HasSuffix(ee.Kept, ".partial") || !strings.Contains(err.Error(), ee.Kept) {
		t.Fatalf("a second Write: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "one" {
		t.Errorf("replaced: %q", b)
	}
	if b, _ := os.ReadFile(ee.Kept); string(b) != "two" {
		t.Errorf("kept %q", b)
	}
	if err := os.Remove(ee.Kept); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("three"), true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "three" {
		t.Errorf("force did not replace: %q", b)
	}
	// Only a regular file is replaced, even with force.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(sub, []byte("x"), true); err == nil {
		t.Error("Write replaced a directory")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d entries left, want 2", len(entries))
	}
}

// A File whose target appears between Create and Commit is not published:
// Commit's error names the target and where the finished bytes are kept.
func TestCommitKeepsWhatAppeared(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report")
	f, err := Create(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("mine")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = f.Commit()
	var ee *ExistsError
	if !errors.As(err, &ee) || ee.Kept == "" {
		t.Fatalf("Commit over a file that appeared: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "theirs" {
		t.Errorf("the file that appeared was replaced: %q", b)
	}
	if b, _ := os.ReadFile(ee.Kept); string(b) != "mine" {
		t.Errorf("kept %q", b)
	}
	if _, err := Create(path, false); !errors.Is(err, ErrExists) {
		t.Errorf("Create over an existing file: %v", err)
	}
}

// Update replaces a file only while it holds what was read, creates one
// only while none is there, and leaves a changed one alone.
func TestUpdateOnlyWhatWasRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := Update(path, nil, []byte("a")); err != nil {
		t.Fatal(err)
	}
	if err := Update(path, nil, []byte("b")); !errors.Is(err, ErrExists) {
		t.Errorf("Update of a file that appeared: %v", err)
	}
	if err := Update(path, []byte("a"), []byte("ab")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Update(path, []byte("ab"), []byte("abc")); !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), path) {
		t.Errorf("Update of a changed file: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "edited" {
		t.Errorf("a changed file was replaced: %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries left, want 1", len(entries))
	}
}

// CheckWritable refuses, before any work, a target whose directory is
// missing, is a file, or does not take a new file, and leaves nothing
// behind.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "r.json"), false); err != nil {
		t.Errorf("a new file in a directory: %v", err)
	}
	if err := CheckWritable(filepath.Join(dir, "nodir", "r.json"), false); err == nil || !strings.Contains(err.Error(), "nodir") {
		t.Errorf("a missing directory: %v", err)
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckWritable(filepath.Join(file, "r.json"), false); err == nil {
		t.Error("a file as the directory")
	}
	if err := CheckWritable(file, false); !errors.Is(err, ErrExists) {
		t.Errorf("an existing target: %v", err)
	}
	want := 1
	// root writes into any directory: the probe is the only check there.
	if os.Geteuid() != 0 {
		want++
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		if err := CheckWritable(filepath.Join(ro, "r.json"), false); err == nil {
			t.Error("a directory that takes no new file")
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != want {
		t.Errorf("%d entries left, want %d (f, and ro when not root)", len(entries), want)
	}
}
