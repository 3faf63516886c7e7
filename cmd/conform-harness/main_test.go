package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The harness binary serves the reference, or with --fake <bug> the test
// double, and refuses an unknown bug or a stray argument before any
// handshake, with exit 2.
func TestFakeFlag(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "conform-harness")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	start := `{"cmd":"start","seq":0,"protocol":1}` + "\n"
	run := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(start)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errb.String(), code
	}
	if out, _, code := run(); code != 0 || !strings.Contains(out, `"name":"conform-go-reference"`) {
		t.Errorf("reference: exit %d, %s", code, out)
	}
	if out, errs, code := run("--fake", "codepoint-sort"); code != 0 || !strings.Contains(out, `"name":"conform-fake-codepoint-sort"`) ||
		!strings.Contains(errs, "serving the fuzz test double fake:codepoint-sort") {
		t.Errorf("fake: exit %d, %s %s", code, out, errs)
	}
	for _, args := range [][]string{{"--fake", "nope"}, {"stray"}} {
		if out, errs, code := run(args...); code != 2 || out != "" || errs == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
