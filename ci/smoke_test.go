package ci

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// notSteps are the scripts of ci/ that are no workflow step (they do not
// source lib.sh), each with where it runs. Every other script is a step
// script, and TestStepScriptsSmoke runs it.
var notSteps = map[string]string{
	"setup.sh":           "installs the runtimes: .ci/run runs it before the tests, TestSetupInstallsNode20WhereNodeIsOld its node part",
	"docker.sh":          "starts Docker and builds the mirror images: .ci/run runs it before the tests, and the smoke run's ci/images.sh calls it",
	"base-image.sh":      "the local base image's recipe: ci/docker.sh runs it when no image carries its hash",
	"test.sh":            "the test command itself, which .ci/run runs",
	"libfuzzer-smoke.sh": "a smoke test of its own, which ci/test.sh runs",
}

// sourcesLib is how a step script loads lib.sh.
var sourcesLib = regexp.MustCompile(`(?m)^source "\$\(dirname "\$0"\)/lib\.sh"$`)

// stepScripts lists the step scripts of ci/ (those that source lib.sh), as
// ci/<name>, and checks that every other script is one of notSteps.
func stepScripts(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("*.sh")
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	seen := map[string]bool{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		seen[p] = true
		_, other := notSteps[p]
		switch {
		case p == "lib.sh":
		case sourcesLib.Match(b) && other:
			t.Errorf("ci/%s sources lib.sh, a step script, but notSteps says: %s", p, notSteps[p])
		case sourcesLib.Match(b):
			steps = append(steps, "ci/"+p)
		case !other:
			t.Errorf("ci/%s neither sources lib.sh (a step script, which the smoke run must start) nor is one of notSteps (with where it runs)", p)
		}
	}
	for p := range notSteps {
		if !seen[p] {
			t.Errorf("notSteps names ci/%s, which is not there", p)
		}
	}
	return steps
}

// Every script of ci/ is a step script (built on lib.sh) or is listed,
// with where it runs, in notSteps: a new script is never left out of the
// smoke run unnoticed.
func TestScriptKinds(t *testing.T) {
	steps := stepScripts(t)
	for _, want := range []string{"ci/nightly.sh", "ci/pr.sh", "ci/fuzz.sh", "ci/matrix.sh"} {
		if !slices.Contains(steps, want) {
			t.Errorf("%s is not found as a step script among %v", want, steps)
		}
	}
}

// smokeContract is the contract the smoke run fuzzes and audits: the one
// with the fewest golden vectors (the first of the catalogue's order on a
// tie), which the suite, the single-cause audit and the fuzz seeds all run.
func smokeContract(t *testing.T) string {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, c := range vectors.Cases(files) {
		count[c.Contract]++
	}
	best := ""
	for _, k := range spec.MustLoad().Contracts {
		if best == "" || count[k.Contract] < count[best] {
			best = k.Contract
		}
	}
	return best
}

// Every step script runs once as a smoke test, so that none can rot
// unseen: ci/nightly.sh and ci/pr.sh, narrowed to one small contract
// (smokeContract) with
// the shortest fuzz budget (5 s), the suite run over that contract alone
// (CONFORM_SUITE_CONTRACTS) and two mutants (CONFORM_MAX_MUTANTS), call
// all the others, as CI does: the images (on the local base), the
// corpora, the suite in containers and through local harnesses, the
// matrix, fuzzing from the seeds and then from the carried corpus, the
// merge, the mutation audit and the single-cause audit; then ci/matrix.sh
// --github, as the workflows' matrix job calls it. Each run must succeed,
// with every step in its table succeeding, and every step script of ci/
// must have been started (lib.sh's CONFORM_CI_TRACE says which were).
// Under a minute on 2 CPUs once the fuzz targets are built; -short skips
// it.
func TestStepScriptsSmoke(t *testing.T) {
	steps := stepScripts(t)
	if testing.Short() {
		t.Skip("-short: the step scripts' smoke run takes minutes")
	}
	smokeContract := smokeContract(t)
	t.Logf("the smoke contract: %s", smokeContract)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "docker", "info").CombinedOutput(); err != nil {
		t.Fatalf("the smoke run of ci/images.sh and of the suite in containers needs a Docker engine (ci/docker.sh starts one): docker info: %v\n%s", err, out)
	}
	dir := t.TempDir()
	trace := filepath.Join(dir, "trace")
	work := filepath.Join(dir, "ci")
	env := []string{"CONFORM_CI_DIR=" + work, "CONFORM_CI_TRACE=" + trace, "CONFORM_SUITE_CONTRACTS=" + smokeContract,
		"CONFORM_MAX_MUTANTS=2", "CONFORM_BASES=local"}
	name := strings.Split(smokeContract, "/")[0]

	start := time.Now()
	code, out := runScript(t, 8*time.Minute, "ci/nightly.sh", []string{"5s", smokeContract}, env...)
	if code != 0 {
		t.Fatalf("ci/nightly.sh 5s %s: exit %d\n%s", smokeContract, code, tail([]byte(out)))
	}
	table, err := os.ReadFile(filepath.Join(work, "out", "nightly.txt"))
	if err != nil {
		t.Fatal(err)
	}
	checkTable(t, "ci/nightly.sh", string(table), "images", "corpora", "suite", "history", "matrix", "fuzz "+smokeContract, "fuzz-merge", "mutation "+smokeContract)
	t.Logf("ci/nightly.sh: %s%s", time.Since(start).Round(time.Second), table)

	start = time.Now()
	code, out = runScript(t, 8*time.Minute, "ci/pr.sh", []string{"5s", smokeContract}, env...)
	if code != 0 {
		t.Fatalf("ci/pr.sh 5s %s: exit %d\n%s", smokeContract, code, tail([]byte(out)))
	}
	checkTable(t, "ci/pr.sh", out, "corpora", "suite", "matrix", "single-cause "+smokeContract, "fuzz "+smokeContract)
	if strings.Contains(out, "no corpus carried for "+smokeContract) {
		t.Errorf("ci/pr.sh did not fuzz from the corpus ci/nightly.sh carried:\n%s", tail([]byte(out)))
	}
	t.Logf("ci/pr.sh: %s", time.Since(start).Round(time.Second))

	// The steps the orchestrators do not call as the workflows do, run
	// alone: the matrix job's own call.
	output := filepath.Join(dir, "github-output")
	if code, out := runScript(t, 2*time.Minute, "ci/matrix.sh", []string{"--github"}, append(env, "GITHUB_OUTPUT="+output)...); code != 0 {
		t.Errorf("ci/matrix.sh --github: exit %d\n%s", code, tail([]byte(out)))
	}
	if b, err := os.ReadFile(output); err != nil || !strings.HasPrefix(string(b), `matrix={"include":[`) || !strings.Contains(string(b), `"contract":"`+smokeContract+`"`) {
		t.Errorf("ci/matrix.sh --github wrote %q to GITHUB_OUTPUT (%v)", b, err)
	}

	b, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	calls := strings.Split(strings.TrimSpace(string(b)), "\n")
	started := map[string]bool{}
	for _, c := range calls {
		started[strings.Fields(c)[0]] = true
		if f := strings.Fields(c); (f[0] == "ci/fuzz.sh" || f[0] == "ci/mutation.sh") && !slices.Contains(f, smokeContract) {
			t.Errorf("the smoke run ran %q, of another contract than %s", c, smokeContract)
		}
	}
	for _, s := range steps {
		if !started[s] {
			t.Errorf("%s: a step script that the smoke run never started: call it from ci/nightly.sh or ci/pr.sh, as the workflow step it is, or give it a run here", s)
		}
	}
	for _, want := range []string{"ci/fuzz.sh " + smokeContract + " 5s", "ci/mutation.sh --contract " + smokeContract,
		"ci/mutation.sh --single-cause --contract " + smokeContract, "ci/matrix.sh --lines", "ci/matrix.sh --github"} {
		if !slices.Contains(calls, want) {
			t.Errorf("the smoke run never ran %q; it ran:\n%s", want, b)
		}
	}
	for _, f := range []string{"out/run.jsonl", "out/run.html", "out/run.junit.xml", "out/run.md", "out/fuzz-corpus.tar.gz",
		"out/mutation-" + name + ".json", "out/single-cause-" + name + ".txt", "carry/fuzz-corpus-" + name + ".tar.gz",
		"carry/previous-run.jsonl", "carry/history.jsonl", "out/history.html", "out/summary.md"} {
		if st, err := os.Stat(filepath.Join(work, f)); err != nil || st.Size() == 0 {
			t.Errorf("the smoke run left no %s (%v)", f, err)
		}
	}
}

// checkTable checks the table of steps that ci/nightly.sh or ci/pr.sh
// printed: exactly the steps named, in order, each with exit 0.
func checkTable(t *testing.T, script, out string, want ...string) {
	t.Helper()
	row := regexp.MustCompile(`(?m)^  (\S+(?: \S+)?)\s+exit (\d+)\s+\d+s$`)
	var got []string
	for _, m := range row.FindAllStringSubmatch(out, -1) {
		got = append(got, m[1])
		if m[2] != "0" {
			t.Errorf("%s: step %s exited %s", script, m[1], m[2])
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s ran the steps %q, want %q\n%s", script, got, want, out)
	}
}
