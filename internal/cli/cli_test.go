package cli

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// corpora is the independent data, beside the repository. The tests need it
// and fail without it: CI has it.
const corpora = "../../../shared/corpora"

type result struct {
	code   int
	stdout string
	stderr string
}

func conform(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb})
	return result{code, out.String(), errb.String()}
}

func readReport(t *testing.T, path string) report.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := report.Read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func vectorCount(t *testing.T) int {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	return len(vectors.Cases(files))
}

// The differential test of the golden vectors: the reference and both
// mirrors, through the real harnesses, agree with every vector.
func TestRunVectorsAllAgree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	r := conform(t, "", "run", "--report", path)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	n := vectorCount(t)
	if len(rep.Header.Impls) != 3 {
		t.Fatalf("implementations: %+v", rep.Header.Impls)
	}
	for _, im := range []string{"go", "ts", "python"} {
		if got := rep.Footer.Counts[im][report.Agree]; got != n {
			t.Errorf("%s agrees on %d of %d vectors: %v", im, got, n, rep.Footer.Counts[im])
		}
	}
	if len(rep.Rows) != 3*n || rep.Header.Cases != n || rep.Footer.ExitCode != 0 {
		t.Errorf("%d rows, header cases %d, exit %d", len(rep.Rows), rep.Header.Cases, rep.Footer.ExitCode)
	}
	if !strings.Contains(r.stdout, spec.MustLoad().Contracts[0].Contract) || !strings.Contains(r.stdout, "0 disagreements") {
		t.Errorf("text output lacks the matrix:\n%s", r.stdout)
	}
	// The saved report renders to the same text.
	again := conform(t, "", "report", path)
	if again.code != 0 || again.stdout != r.stdout {
		t.Errorf("report rendering differs (exit %d):\n%s", again.code, again.stdout)
	}
}

// The independent corpora: every implementation produces the exact JCS
// output bytes and ES6 number forms, and all three agree on every
// JSONTestSuite file for all three contracts, refusing every n_ file.
func TestRunCorporaAllAgree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "corpora.jsonl")
	r := conform(t, "", "run", "--report", path,
		"--corpus", corpora+"/jcs/cyberphone", "--corpus", corpora+"/jcs/gowebpki",
		"--corpus", corpora+"/jcs/es6numbers/es6testfile_10k.txt",
		"--corpus", corpora+"/jsontestsuite/test_parsing")
	if r.code != 0 {
		t.Fatalf("exit %d\n%.20000s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	perCorpus := map[string]int{}
	for _, c := range rep.Header.Corpora {
		perCorpus[filepath.Base(c.Path)] = c.Cases
	}
	// Counted independently of the loader: JCS pairs are files, the 10k
	// file has 9994 distinct doubles, and each JSONTestSuite file is three
	// cases (one per contract) less the byte-identical files.
	if perCorpus["cyberphone"] != 6 || perCorpus["es6testfile_10k.txt"] != 9994 || perCorpus["test_parsing"] < 900 {
		t.Errorf("corpus cases: %v", perCorpus)
	}
	nRefused := 0
	for _, row := range rep.Rows {
		if strings.HasPrefix(row.Name, "jsontestsuite/n_") && row.Got.Outcome == "refused" {
			nRefused++
		}
	}
	if nRefused == 0 {
		t.Error("no n_ file was refused")
	}
	for _, im := range []string{"go", "ts", "python"} {
		for o, n := range rep.Footer.Counts[im] {
			if o != report.Agree && n > 0 {
				t.Errorf("%s: %d %s", im, n, o)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	existing := filepath.Join(t.TempDir(), "kept.jsonl")
	if err := os.WriteFile(existing, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--no-such-flag"},
		{"run", "--format", "xml"},
		{"run", "--impl", "rust"},
		{"run", "--contract", "nope/1", "--impl", "go"},
		{"run", "--corpus", t.TempDir(), "--impl", "go"},
		{"run", "--transport", "carrier-pigeon"},
		{"run", "--impl", "go", "--report", existing},
		{"repro", "0000000000000000", "--impl", "go"},
		{"eval", "--contract", spec.MustLoad().Contracts[0].Contract},
		{"eval", "--impl", "go"},
		{"nonsense"},
	} {
		r := conform(t, "", args...)
		if r.code != report.ExitUsage || r.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with a message", args, r.code, r.stderr)
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != "mine" {
		t.Error("an existing report was overwritten")
	}
}

func TestMissingRuntimeIsAConfigurationError(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	r := conform(t, "", "run", "--impl", "ts")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "needs node") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// evalVectors returns the first contract of the catalogue with one
// operation (which eval picks by itself) and an accepted golden vector of
// it with non-empty output, that vector, and a refused vector of it.
func evalVectors(t *testing.T) (contract string, accepted, refused vectors.Case) {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range spec.MustLoad().Contracts {
		if len(k.Operations) != 1 {
			continue
		}
		accepted, refused = vectors.Case{}, vectors.Case{}
		for _, c := range vectors.Cases(files) {
			switch {
			case c.Contract != k.Contract:
			case accepted.ID == "" && c.Expect == vectors.ExpectOK && len(c.Output) > 0:
				accepted = c
			case refused.ID == "" && c.Expect == vectors.ExpectRefused:
				refused = c
			}
		}
		if accepted.ID != "" && refused.ID != "" {
			return k.Contract, accepted, refused
		}
	}
	t.Fatal("no contract with one operation has an accepted vector with output and a refused one")
	return
}

func TestEvalSingleAndBatch(t *testing.T) {
	contract, accepted, refused := evalVectors(t)
	for _, im := range []string{"go", "ts", "python"} {
		r := conform(t, string(accepted.Input), "eval", "--contract", contract, "--impl", im)
		want := `{"impl":"` + im + `","outcome":"ok","output_hex":"` + hex.EncodeToString(accepted.Output) + `"}` + "\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("%s single (%s): exit %d %q, want %q (%s)", im, accepted.Source, r.code, r.stdout, want, r.stderr)
		}
		batch := `{"id":"one","input_hex":"` + hex.EncodeToString(accepted.Input) + `"}` + "\n" +
			`{"id":"two","input_hex":"` + hex.EncodeToString(refused.Input) + `"}` + "\n"
		r = conform(t, batch, "eval", "--contract", contract, "--impl", im, "--jsonl")
		var lines []evalLine
		for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			var e evalLine
			if err := json.Unmarshal([]byte(l), &e); err != nil {
				t.Fatalf("%s: %v: %q", im, err, l)
			}
			lines = append(lines, e)
		}
		if r.code != 0 || len(lines) != 2 || lines[0].ID != "one" || lines[0].Outcome != "ok" ||
			lines[1].ID != "two" || lines[1].Message != refused.Message {
			t.Errorf("%s batch (%s, %s): exit %d %+v", im, accepted.Source, refused.Source, r.code, lines)
		}
	}
	r := conform(t, "{\"id\":\"x\",\"input_hex\":\"zz\"}\n", "eval", "--contract", contract, "--impl", "go", "--jsonl")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "stdin:1") {
		t.Errorf("bad batch line: exit %d, %q", r.code, r.stderr)
	}
}

func TestReproRunsOneCase(t *testing.T) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	c := vectors.Cases(files)[0]
	r := conform(t, "", "repro", c.ID, "--impl", "python", "--format", "jsonl")
	if r.code != 0 {
		t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	rep, err := report.Read(strings.NewReader(r.stdout), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 2 || rep.Rows[0].Case != c.ID || rep.Rows[1].Impl != "python" {
		t.Errorf("rows: %+v", rep.Rows)
	}
}

func TestVectorsVerify(t *testing.T) {
	r := conform(t, "", "vectors", "verify")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "ok: ") {
		t.Errorf("exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
}

// TestVectorsOnDiskAreNamedWhereTheyAre checks that the problems of a
// vector set given with --vectors name its directory, not the compiled-in
// set's "vectors/", in verify and in run.
func TestVectorsOnDiskAreNamedWhereTheyAre(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my-vectors")
	copyDir(t, filepath.Join("..", "..", "vectors"), dir)
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	name := files[0].Path
	file := filepath.Join(dir, filepath.FromSlash(name))
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(b, "{}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	want := dir + "/MANIFEST:"
	r := conform(t, "", "vectors", "verify", "--vectors", dir)
	if r.code != 2 || !strings.HasPrefix(r.stdout, "FAIL "+want) || !strings.Contains(r.stdout, name+" has sha256") {
		t.Errorf("verify: exit %d, stdout %q", r.code, r.stdout)
	}
	r = conform(t, "", "run", "--impl", "go", "--vectors", dir)
	if r.code != 2 || !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, " vectors/MANIFEST") {
		t.Errorf("run: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestReportRefusesAnIncompleteReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.jsonl")
	full := filepath.Join(t.TempDir(), "full.jsonl")
	if r := conform(t, "", "run", "--impl", "go", "--contract", spec.MustLoad().Contracts[0].Contract, "--report", full); r.code != 0 {
		t.Fatalf("exit %d %s", r.code, r.stderr)
	}
	b, _ := os.ReadFile(full)
	lines := strings.SplitAfter(string(b), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:len(lines)-2], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	r := conform(t, "", "report", path)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "incomplete") {
		t.Errorf("exit %d, %q", r.code, r.stderr)
	}
}

// On a machine with an empty cache, the first run builds the TypeScript
// mirror itself and says so; the second run reuses the build.
func TestFirstRunBuildsTheTypeScriptMirror(t *testing.T) {
	t.Setenv("CONFORM_CACHE", t.TempDir())
	r := conform(t, "", "run", "--impl", "ts", "--contract", spec.MustLoad().Contracts[0].Contract)
	if r.code != 0 || !strings.Contains(r.stderr, "building the TypeScript mirror") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	r = conform(t, "", "run", "--impl", "ts", "--contract", spec.MustLoad().Contracts[0].Contract)
	if r.code != 0 || strings.Contains(r.stderr, "building") {
		t.Fatalf("second run: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A --contract that names no contract is a usage error that lists the
// known ones, in every command that takes it.
func TestUnknownContractListsTheKnown(t *testing.T) {
	for _, args := range [][]string{{"run"}, {"guards"}, {"mutate", "--single-cause"}} {
		r := conform(t, "", append(args, "--contract", "nosuch")...)
		if r.code != 2 || !strings.Contains(r.stderr, `unknown contract "nosuch" (known: `) || !strings.Contains(r.stderr, contractNames()[0]) {
			t.Errorf("%v --contract nosuch: exit %d\n%s", args, r.code, r.stderr)
		}
	}
}
