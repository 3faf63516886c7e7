package spec_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/spec"
)

// repoFiles reads every file git tracks in the repository holding this
// package, by path relative to the root.
func repoFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out, err := exec.Command("git", "-C", "../..", "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := map[string][]byte{}
	for _, p := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(p)))
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet in the index
			}
			t.Fatal(err)
		}
		files[p] = data
	}
	if len(files) < 100 {
		t.Fatalf("git ls-files lists %d files: not this repository", len(files))
	}
	return files
}

// TestContractsTouchOnlyTheirOwnFiles is the proof of spec/README.md,
// "Adding a contract": no tracked file names a contract outside its own
// places, the generated indexes, the registration lines and the own files
// of the contracts related to it. It logs, per contract, how many files
// name it and how many of those are outside its own places.
func TestContractsTouchOnlyTheirOwnFiles(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	files := repoFiles(t)
	strays := cat.Strays(files)
	byContract := map[string][]spec.Stray{}
	for _, s := range strays {
		byContract[s.Contract] = append(byContract[s.Contract], s)
	}
	for _, k := range cat.Contracts {
		naming, outside := 0, 0
		m := k.Matcher()
		for p, text := range files {
			if bytes.IndexByte(text, 0) < 0 && len(m.Mentions(text)) > 0 {
				naming++
				if o, ok := cat.OwnerOf(p); !ok || o.Contract != k.Contract {
					outside++
				}
			}
		}
		t.Logf("%s: named by %d files, %d outside its own places, %d of them not allowed", k.Contract, naming, outside, len(byContract[k.Contract]))
		for _, s := range byContract[k.Contract] {
			var at []string
			for _, m := range s.Mentions {
				at = append(at, fmt.Sprintf("%d %q", m.Line, m.Text))
			}
			if len(at) > 3 {
				at = append(at[:3], fmt.Sprintf("and %d more", len(at)-3))
			}
			t.Errorf("%s names %s outside its own files: %s", s.Path, k.Contract, strings.Join(at, ", "))
		}
	}
}
