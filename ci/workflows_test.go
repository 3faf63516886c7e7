// Package ci holds the tests of the GitHub workflows (.github/workflows)
// and of the scripts in this directory that their steps call.
package ci

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"

	"github.com/conform-dev/conform/internal/spec"
)

// workflows are the checked-in workflows, relative to this directory.
var workflows = []string{"../.github/workflows/nightly.yml", "../.github/workflows/pr.yml"}

// shellcheck finds shellcheck, which actionlint runs on every run: step;
// the test fails without it, as CI installs it (ci/setup.sh).
func shellcheck(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Fatal("the workflows' test needs shellcheck on PATH (ci/setup.sh installs it)")
	}
	return p
}

// actionlint (as a library, with shellcheck) finds nothing wrong in either
// workflow: syntax, expressions and their types, job dependencies and
// outputs, action inputs, cron, shell scripts.
func TestActionlint(t *testing.T) {
	var out bytes.Buffer
	l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{Shellcheck: shellcheck(t)})
	if err != nil {
		t.Fatal(err)
	}
	errs, err := l.LintFiles(workflows, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Errorf("%s:%d:%d: %s [%s]", e.Filepath, e.Line, e.Column, e.Message, e.Kind)
	}
}

// actionlint catches a broken workflow: the check above can fail.
func TestActionlintCatchesMistakes(t *testing.T) {
	b, err := os.ReadFile(workflows[0])
	if err != nil {
		t.Fatal(err)
	}
	broken := bytes.Replace(b, []byte("needs.matrix.outputs.matrix"), []byte("needs.matrix.outputs.matrixx"), 1)
	broken = bytes.Replace(broken, []byte(`cron: "17 3 * * *"`), []byte(`cron: "17 25 * * *"`), 1)
	l, err := actionlint.NewLinter(&bytes.Buffer{}, &actionlint.LinterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	errs, err := l.Lint("nightly.yml", broken, nil)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range errs {
		kinds = append(kinds, e.Kind)
	}
	if !slices.Contains(kinds, "expression") || !slices.Contains(kinds, "events") {
		t.Errorf("actionlint found %v in a workflow with a wrong output name and a wrong cron", kinds)
	}
}

func parse(t *testing.T, path string) *actionlint.Workflow {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, errs := actionlint.Parse(b)
	if len(errs) > 0 {
		t.Fatalf("%s: %v", path, errs[0])
	}
	return w
}

// script is what a run: step may be: one call of a script in ci/.
var script = regexp.MustCompile(`^(ci/[a-z0-9-]+\.sh)( [^\n;&|<>$` + "`" + `]*| "\$[A-Z_]+")*$`)

// Every run: step calls one script of ci/, which exists, is executable and
// passes shellcheck, so that a laptop runs what CI runs; the nightly runs
// on a schedule and by hand, the pull request check on pull requests; the
// fuzz matrices are computed (ci/matrix.sh), never written out.
func TestStepsCallScripts(t *testing.T) {
	sc := shellcheck(t)
	called := map[string]bool{"ci/lib.sh": true, "ci/nightly.sh": true, "ci/pr.sh": true}
	events := map[string][]string{}
	for _, path := range workflows {
		w := parse(t, path)
		for _, e := range w.On {
			events[path] = append(events[path], e.EventName())
		}
		for id, j := range w.Jobs {
			for i, s := range j.Steps {
				run, ok := s.Exec.(*actionlint.ExecRun)
				if !ok {
					continue
				}
				cmd := strings.TrimSpace(run.Run.Value)
				m := script.FindStringSubmatch(cmd)
				if m == nil {
					t.Errorf("%s: job %s step %d runs %q, not one ci/ script", path, id, i, cmd)
					continue
				}
				called[m[1]] = true
			}
			if j.Strategy != nil && j.Strategy.Matrix != nil {
				if x := j.Strategy.Matrix.Expression; x == nil || !strings.Contains(x.Value, "fromJSON(needs.matrix.outputs.matrix)") {
					t.Errorf("%s: job %s has a matrix written by hand", path, id)
				}
			}
		}
	}
	if e := events[workflows[0]]; !slices.Contains(e, "schedule") || !slices.Contains(e, "workflow_dispatch") {
		t.Errorf("the nightly runs on %v", e)
	}
	if e := events[workflows[1]]; !slices.Equal(e, []string{"pull_request"}) {
		t.Errorf("the pull request check runs on %v", e)
	}
	for s := range called {
		st, err := os.Stat(filepath.Join("..", s))
		if err != nil || st.Mode()&0o111 == 0 && s != "ci/lib.sh" {
			t.Errorf("%s: missing or not executable (%v)", s, err)
			continue
		}
		cmd := exec.Command(sc, "-x", s)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("shellcheck %s: %v\n%s", s, err, out)
		}
	}
	for _, want := range []string{"ci/run-suite.sh", "ci/history.sh", "ci/images.sh", "ci/fuzz.sh", "ci/fuzz-merge.sh", "ci/mutation.sh", "ci/corpora.sh", "ci/matrix.sh"} {
		if !called[want] {
			t.Errorf("no workflow step calls %s", want)
		}
	}
}

// The fuzz matrix has one entry per contract of the catalogue, in its
// order: what ci/matrix.sh derives from conform fuzz --list.
func TestFuzzMatrixIsTheCatalogue(t *testing.T) {
	cmd := exec.Command("ci/matrix.sh")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CONFORM_CI_DIR="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ci/matrix.sh: %v", err)
	}
	var m struct {
		Include []struct {
			Contract, Name string
			Targets        int
		}
	}
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var got, want []string
	for _, e := range m.Include {
		got = append(got, e.Contract)
		if e.Targets < 1 || e.Name+"/" != e.Contract[:len(e.Name)+1] {
			t.Errorf("entry %+v", e)
		}
	}
	for _, k := range spec.MustLoad().Contracts {
		want = append(want, k.Contract)
	}
	if !slices.Equal(got, want) {
		t.Errorf("matrix %v, catalogue %v", got, want)
	}
}

// lib.sh's seconds turns the fuzz budget, a Go duration, into seconds,
// and refuses what it cannot read.
func TestSeconds(t *testing.T) {
	for in, want := range map[string]string{"1m": "60", "90s": "90", "1h2m3s": "3723", "10m": "600", "08s": "8"} {
		cmd := exec.Command("bash", "-c", `source ci/lib.sh && seconds "$1"`, "bash", in)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "CONFORM_CI_DIR="+t.TempDir())
		out, err := cmd.Output()
		if err != nil || strings.TrimSpace(string(out)) != want {
			t.Errorf("seconds %s: %q, %v; want %s", in, out, err, want)
		}
	}
	for _, bad := range []string{"", "1.5m", "5", "1d", "m"} {
		cmd := exec.Command("bash", "-c", `source ci/lib.sh && seconds "$1"`, "bash", bad)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "CONFORM_CI_DIR="+t.TempDir())
		if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "want a Go duration") {
			t.Errorf("seconds %q: %q, %v", bad, out, err)
		}
	}
}

// The mutation audit runs one job per contract of the matrix in both
// workflows (single-cause on a pull request, the whole audit at night),
// each calling ci/mutation.sh with its contract: one job for every
// contract would take hours on a runner.
func TestMutationPerContract(t *testing.T) {
	for path, want := range map[string]string{
		workflows[0]: `ci/mutation.sh --contract "$CONTRACT"`,
		workflows[1]: `ci/mutation.sh --single-cause --contract "$CONTRACT"`,
	} {
		w := parse(t, path)
		found := false
		for id, j := range w.Jobs {
			for _, s := range j.Steps {
				run, ok := s.Exec.(*actionlint.ExecRun)
				if !ok || !strings.HasPrefix(strings.TrimSpace(run.Run.Value), "ci/mutation.sh") {
					continue
				}
				if got := strings.TrimSpace(run.Run.Value); got != want {
					t.Errorf("%s: job %s runs %q, want %q", path, id, got, want)
				}
				if j.Strategy == nil || j.Strategy.Matrix == nil {
					t.Errorf("%s: job %s audits every contract in one job", path, id)
				}
				if v, ok := s.Env.Vars["contract"]; !ok || !strings.Contains(v.Value.Value, "matrix.contract") {
					t.Errorf("%s: job %s does not pass the matrix's contract", path, id)
				}
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no job runs ci/mutation.sh", path)
		}
	}
}

// ci/mutation.sh refuses what it cannot read with conform's usage code 2,
// before it builds anything.
func TestMutationScriptArguments(t *testing.T) {
	for _, args := range [][]string{{"--contract"}, {"--contract", "noversion"}, {"--contract", "../x/1"}, {"--both"}} {
		cmd := exec.Command("ci/mutation.sh", args...)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "CONFORM_CI_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Errorf("ci/mutation.sh %v: %v, want exit 2\n%s", args, err, out)
		}
	}
}

// Every script of a workflow step answers --help with its header comment,
// its usage line included, and exit 0, building and running nothing.
func TestScriptsHaveHelp(t *testing.T) {
	for _, s := range []string{"ci/corpora.sh", "ci/fuzz-merge.sh", "ci/fuzz.sh", "ci/history.sh", "ci/images.sh", "ci/matrix.sh",
		"ci/mutation.sh", "ci/nightly.sh", "ci/pr.sh", "ci/run-suite.sh"} {
		dir := t.TempDir()
		cmd := exec.Command(s, "--help")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "CONFORM_CI_DIR="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "Usage: "+s) || strings.Contains(string(out), "shellcheck") {
			t.Errorf("%s --help: %v\n%s", s, err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "bin", "conform")); err == nil {
			t.Errorf("%s --help built conform", s)
		}
	}
}
