package reftest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// noIO matches the imports and uses of the file, network, process and
// environment APIs: os, net (and below), os/exec, os/signal, syscall,
// io/ioutil, io/fs, plugin.
var noIO = regexp.MustCompile(`"(os|os/exec|os/signal|net|net/[a-z/]+|syscall|io/ioutil|io/fs|plugin)"|\b(os|exec|syscall|ioutil|net|http)\.[A-Z]`)

// NoIO scans the non-test sources of the package in the working directory
// (a test's own package) for those APIs, outside comment lines, and fails
// naming each file and line, citing rule (the spec's words, "spec/x.md,
// Scope"). It requires at least minFiles sources, so that a scan of the
// wrong directory cannot pass, and checks that the scan itself catches
// what it forbids.
func NoIO(t *testing.T, rule string, minFiles int) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sources: %v", err)
	}
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
			if m := noIO.FindString(line); m != "" {
				t.Errorf("%s:%d: %s (%s: no I/O in contract code)", f, i+1, m, rule)
			}
		}
	}
	if scanned < minFiles {
		t.Errorf("scanned %d sources, expected the package's files", scanned)
	}
	for _, bad := range []string{`import "os"`, `x := os.Getenv("K")`, `"net/http"`, `exec.Command("sh")`} {
		if !noIO.MatchString(bad) {
			t.Errorf("the scan misses %s", bad)
		}
	}
}
