package atsruntime

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs spec/ats-runtime.md ("Scope") forbids in contract
// code: the imports os, net (and below), os/exec, syscall, io/ioutil, and
// any use of them.
func TestNoIO(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	forbidden := regexp.MustCompile(`"(os|os/exec|os/signal|net|net/[a-z/]+|syscall|io/ioutil|io/fs|plugin)"|\b(os|exec|syscall|ioutil|net|http)\.[A-Z]`)
	scanned := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scanned++
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if m := forbidden.FindString(line); m != "" {
				t.Errorf("%s:%d: %s (spec/ats-runtime.md, Scope: no I/O in contract code)", f, i+1, m)
			}
		}
	}
	if scanned < 5 {
		t.Errorf("scanned %d sources, expected the package's files", scanned)
	}
	// The scan itself must catch what it forbids.
	for _, bad := range []string{`import "os"`, `x := os.Getenv("K")`, `"net/http"`, `exec.Command("sh")`} {
		if !forbidden.MatchString(bad) {
			t.Errorf("the scan misses %s", bad)
		}
	}
}
