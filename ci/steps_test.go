package ci

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runScript runs script (a path relative to the repository root) from the
// repository root with args and env added to this process's environment,
// minus what would make it write outside the test (the job summary and
// outputs of a GitHub runner) or change what it runs. It returns the exit
// code and the combined output. The script runs in a process group of its
// own, killed whole when timeout passes (the test fails then).
func runScript(t *testing.T, timeout time.Duration, script string, args []string, env ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, script, args...)
	cmd.Dir = ".."
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GITHUB_") || strings.HasPrefix(name, "CONFORM_CI_") || slices.Contains(scrubbed, name) {
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s %v: still running after %s, killed\n%s", script, args, timeout, tail(out))
	}
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		}
		t.Fatalf("%s %v: %v", script, args, err)
	}
	return 0, string(out)
}

// scrubbed are the variables of the step scripts that the tests set
// themselves or leave at their defaults.
var scrubbed = []string{"CONFORM_FUZZ_BUDGET", "CONFORM_FUZZ_TRANSPORT", "CONFORM_TRANSPORT", "CONFORM_RERUN",
	"CONFORM_PREVIOUS", "CONFORM_SUITE_CONTRACTS", "CONFORM_MAX_MUTANTS", "CONFORM_BASES"}

// tail is the last 60 lines of out.
func tail(out []byte) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-60):], "\n")
}

// stubSteps writes stand-ins for the step scripts nightly.sh and pr.sh
// call into a directory for CONFORM_CI_STEPS: each appends its name and
// arguments to the file log and exits 0, but matrix.sh, which runs the
// shell code given. It returns the directory.
func stubSteps(t *testing.T, log, matrix string) string {
	t.Helper()
	dir := t.TempDir()
	for _, s := range []string{"images.sh", "corpora.sh", "run-suite.sh", "history.sh", "fuzz.sh", "fuzz-merge.sh", "mutation.sh", "matrix.sh"} {
		body := "#!/usr/bin/env bash\necho \"${0##*/} $*\" >>" + shellQuote(log) + "\n"
		if s == "matrix.sh" {
			body += matrix + "\n"
		}
		if err := os.WriteFile(filepath.Join(dir, s), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// failedMatrix is the row of a failed matrix step in the table of
// nightly.sh or pr.sh.
var failedMatrix = regexp.MustCompile(`(?m)^\s+matrix\s+exit [1-9]`)

// nightly.sh and pr.sh fail, saying why, when the contract matrix
// (ci/matrix.sh --lines) fails, lists no contract or prints something that
// is no contract, and then run no fuzz and no mutation step: a partial
// run is never a success. With a matrix that works, every contract it
// lists (or each one named) gets its steps, and the run succeeds.
func TestBrokenMatrixFailsTheRun(t *testing.T) {
	broken := map[string]string{
		"fails":        "echo 'conform: build failed' >&2; exit 3",
		"fails late":   "echo a/1; exit 1",
		"empty":        "exit 0",
		"blank lines":  "printf '\\n\\n'",
		"not contract": "printf 'a/1\\nFuzzX a/1\\n'",
	}
	for _, script := range []string{"ci/nightly.sh", "ci/pr.sh"} {
		for name, matrix := range broken {
			t.Run(script+"/"+name, func(t *testing.T) {
				log := filepath.Join(t.TempDir(), "log")
				steps := stubSteps(t, log, matrix)
				code, out := runScript(t, time.Minute, script, []string{"5s"}, "CONFORM_CI_STEPS="+steps, "CONFORM_CI_DIR="+t.TempDir())
				if code == 0 {
					t.Errorf("%s with a matrix that %s: exit 0\n%s", script, name, out)
				}
				if !strings.Contains(out, "matrix.sh --lines") {
					t.Errorf("%s with a matrix that %s says nothing of the matrix:\n%s", script, name, out)
				}
				if !failedMatrix.MatchString(out) {
					t.Errorf("%s with a matrix that %s: its table shows no failed matrix step:\n%s", script, name, out)
				}
				b, _ := os.ReadFile(log)
				for _, l := range strings.Split(string(b), "\n") {
					if strings.HasPrefix(l, "fuzz.sh") || strings.HasPrefix(l, "mutation.sh") {
						t.Errorf("%s with a matrix that %s ran %q", script, name, l)
					}
				}
			})
		}
		t.Run(script+"/works", func(t *testing.T) {
			for _, named := range [][]string{nil, {"b/2"}} {
				log := filepath.Join(t.TempDir(), "log")
				steps := stubSteps(t, log, "printf 'a/1\\nb/2\\n'")
				code, out := runScript(t, time.Minute, script, append([]string{"5s"}, named...), "CONFORM_CI_STEPS="+steps, "CONFORM_CI_DIR="+t.TempDir())
				if code != 0 {
					t.Fatalf("%s %v with a matrix of a/1 and b/2: exit %d\n%s", script, named, code, out)
				}
				b, _ := os.ReadFile(log)
				for _, c := range []string{"a/1", "b/2"} {
					want := len(named) == 0 || slices.Contains(named, c)
					for _, call := range []string{"fuzz.sh " + c + " 5s", "mutation.sh --contract " + c} {
						if script == "ci/pr.sh" {
							call = strings.Replace(call, "--contract", "--single-cause --contract", 1)
						}
						if got := strings.Contains(string(b), call+"\n"); got != want {
							t.Errorf("%s %v: ran %q: %v, want %v; it ran:\n%s", script, named, call, got, want, b)
						}
					}
				}
			}
		})
	}
}
