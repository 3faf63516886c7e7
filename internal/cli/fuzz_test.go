package cli

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/campaign"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/fuzz/share"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/repro"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

func TestFuzzUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"fuzz", "--contract", "nope/1"},
		{"fuzz", "--target", "FuzzNothing"},
		{"fuzz", "--target", "FuzzJCS", "--time", "0s"},
		{"fuzz", "--target", "FuzzJCS", "--seeds", "some"},
		{"fuzz", "--target", "FuzzJCS", "--transport", "carrier-pigeon"},
		{"fuzz", "--target", "FuzzJCS", "--module", t.TempDir()},
		{"fuzz", "--target", "FuzzJCS", "--impl", "go"},
		{"fuzz", "--target", "FuzzJCS", "--minimize-time", "0s"},
		{"fuzz", "--target", "FuzzJCS", "--timeout", "0s"},
		{"fuzz", "--target", "FuzzJCS", "--impl", "fake:codepoint-sort", "--transport", "container"},
		{"fuzz", "--target", "FuzzJCS", "--impl", "fake:nope"},
		{"corpus", "export"},
		{"corpus", "merge", "x.tar.gz"},
		{"corpus", "convert", "--to", "rtf", "a", "b"},
		{"corpus", "import", filepath.Join(t.TempDir(), "missing.tar.gz")},
		{"corpus", "seeds", "--target", "FuzzNothing", t.TempDir()},
	} {
		r := conform(t, "", args...)
		if r.code != report.ExitUsage || r.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with a message", args, r.code, r.stderr)
		}
	}
}

// A --workdir that does not exist is refused, and not made: a mistyped
// path leaves no directory tree behind.
func TestFuzzWorkdirIsNeverMade(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such")
	r := conform(t, "", "fuzz", "--target", "FuzzJCS", "--module", "../..", "--workdir", missing, "--time", "1s")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "--workdir "+missing+" is not an existing directory") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Errorf("conform fuzz made %s (%v)", filepath.Dir(missing), err)
	}
}

func TestFuzzMissingRuntimeIsAConfigurationError(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	r := conform(t, "", "fuzz", "--target", "FuzzJCS", "--impl", "python")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "needs python3") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestFuzzList(t *testing.T) {
	r := conform(t, "", "fuzz", "--list")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if len(differential.Targets) == 0 {
		t.Fatal("no fuzz targets")
	}
	for _, tg := range differential.Targets {
		if !strings.Contains(r.stdout, tg.Name+" ") {
			t.Errorf("--list lacks %s:\n%s", tg.Name, r.stdout)
		}
	}
}

// TestFuzzStatus renders the engine's state on the progress line: the
// seeds while it runs its seed corpus, minimizing while it minimizes, and
// its rate and corpus otherwise.
func TestFuzzStatus(t *testing.T) {
	for _, c := range []struct {
		p    campaign.Progress
		want string
	}{
		{campaign.Progress{Baseline: "340/646", Corpus: 646}, "seeds 340/646"},
		{campaign.Progress{Minimizing: true, ExecsPerSec: 5}, "minimizing a failing input"},
		{campaign.Progress{ExecsPerSec: 274, Corpus: 651}, "274 execs/s | corpus 651"},
	} {
		if got := fuzzStatus(c.p); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}

// copyDir copies the directory src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFuzzFindsAndRecordsASeededBug runs conform fuzz end to end (the
// instrumented build, Go's engine, the progress line, the finding) against
// the fake mirror that sorts members by code point, with the minimal seed
// corpus so that the fuzzer itself must find the bug, and checks the
// finding is written twice: as a Go corpus entry under the work directory's
// testdata/fuzz/FuzzJCS/, and as a vector in a copy of the vectors that
// then loads, verifies, and replays with conform repro on every
// implementation (the real ones agree with the reference on it).
func TestFuzzFindsAndRecordsASeededBug(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the instrumented fuzz binary and fuzzes for up to 2 minutes")
	}
	work := t.TempDir()
	vecDir := filepath.Join(t.TempDir(), "vectors")
	copyDir(t, "../../vectors", vecDir)
	r := conform(t, "", "fuzz", "--target", "FuzzJCS", "--impl", "fake:codepoint-sort", "--seeds", "minimal",
		"--time", "3m", "--parallel", "1", "--workdir", work, "--vectors", vecDir, "--cache", t.TempDir())
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, tailString(r.stderr, 4000))
	}
	for _, want := range []string{"conform fuzz: building the fuzz targets", "conform fuzz: FuzzJCS found a disagreement", "fake:codepoint-sort disagrees with go"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	tg, dir := codePointSortTarget(t)
	m := regexp.MustCompile(`finding ([0-9a-f]{16}): vector \S+/vectors/(findings/` + regexp.QuoteMeta(dir+"/fuzz-"+tg.Ops[0]) + `\.jsonl), Go corpus \S+/(testdata/fuzz/FuzzJCS/[0-9a-f]+)`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("no finding line in stdout:\n%s", r.stdout)
	}
	id, vecFile, goFile := m[1], m[2], m[3]
	// The reruns it prints ask the fake that was fuzzed, not the mirrors.
	for _, want := range []string{"repro " + id + " --vectors " + vecDir + " --impl 'fake:codepoint-sort'",
		"CONFORM_FUZZ_IMPLS='fake:codepoint-sort' go test -run 'FuzzJCS/"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	b, err := os.ReadFile(filepath.Join(work, goFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := share.DecodeGo(b); err != nil {
		t.Errorf("%s: %v", goFile, err)
	}
	if _, problems, err := vectors.Verify(os.DirFS(vecDir)); err != nil || len(problems) > 0 {
		t.Fatalf("vectors verify: %v %v", err, problems)
	}
	files, err := vectors.Load(os.DirFS(vecDir))
	if err != nil {
		t.Fatal(err)
	}
	var found *vectors.Case
	for _, c := range vectors.Cases(files) {
		if c.ID == id {
			found = &c
		}
	}
	if found == nil || !found.Finding() || !strings.HasPrefix(found.Source, "vectors/"+vecFile) || found.Expect != vectors.ExpectOK {
		t.Fatalf("finding %s in the vectors: %+v", id, found)
	}
	rr := conform(t, "", "repro", id, "--vectors", vecDir, "--impl", "ts,python")
	if rr.code != 0 || !strings.Contains(rr.stdout, "ts") {
		t.Errorf("repro %s: exit %d\n%s\n%s", id, rr.code, rr.stdout, rr.stderr)
	}
	// The rerun line as printed (conform as invoked here is this test
	// binary: the built conform takes its place) gives the same answer:
	// the fake disagrees on the finding.
	line := regexp.MustCompile(`(?m)^    rerun it: (.*)$`).FindStringSubmatch(r.stdout)
	if line == nil || !strings.HasPrefix(line[1], repro.Invocation()+" ") {
		t.Fatalf("no rerun line:\n%s", r.stdout)
	}
	cmd := exec.Command("sh", "-c", conformBinary(t)+strings.TrimPrefix(line[1], repro.Invocation())+" --format jsonl")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != report.ExitDisagree {
		t.Fatalf("%s: %v\n%s", line[1], err, out)
	}
	again, err := report.Read(bytes.NewReader(out), "rerun")
	if err != nil {
		t.Fatal(err)
	}
	fakeRow := false
	for _, row := range again.Rows {
		fakeRow = fakeRow || row.Case == id && row.Impl == "fake:codepoint-sort" && row.Outcome == report.WrongOutput
	}
	if !fakeRow {
		t.Errorf("%s: no wrong-output row of the fake: %+v", line[1], again.Rows)
	}
}

// codePointSortTarget returns FuzzJCS, the target whose contract the
// fake:codepoint-sort bug is in, and that contract's vectors directory.
func codePointSortTarget(t *testing.T) (differential.Target, string) {
	t.Helper()
	tg, ok := differential.Lookup("FuzzJCS")
	if !ok {
		t.Fatal("no target FuzzJCS")
	}
	k, ok := spec.MustLoad().Contract(tg.Contract)
	if !ok {
		t.Fatalf("%s is not in the catalogue", tg.Contract)
	}
	return tg, k.Name
}

// TestFuzzSeedFailureIsAKnownVector runs conform fuzz with the full seed
// corpus against the fake: a golden vector of its contract's sort.jsonl
// pins the bug, so the target fails on that seed while Go gathers its baseline,
// writes no input (it is a seed), and conform says which vector it is.
func TestFuzzSeedFailureIsAKnownVector(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the instrumented fuzz binary")
	}
	vecDir := filepath.Join(t.TempDir(), "vectors")
	copyDir(t, "../../vectors", vecDir)
	r := conform(t, "", "fuzz", "--target", "FuzzJCS", "--impl", "fake:codepoint-sort", "--time", "1m",
		"--workdir", t.TempDir(), "--vectors", vecDir, "--cache", t.TempDir())
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, tailString(r.stderr, 4000))
	}
	_, dir := codePointSortTarget(t)
	if !regexp.MustCompile(`finding [0-9a-f]{16}: already a vector \(` + regexp.QuoteMeta(dir) + `/sort\.jsonl:\d+\)`).MatchString(r.stdout) {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	if _, err := os.Stat(filepath.Join(vecDir, "findings", dir)); err == nil {
		t.Error("a golden vector was written again as a finding")
	}
}

// TestFuzzReportsEachTargetAsItEnds runs two targets and checks, on one
// stream holding stdout and stderr in the order written, that the first
// target's summary and finding come before the second target starts: a
// long campaign's log shows each target's result when it has one. FuzzJCS
// fails on a golden seed, which Go's engine reaches within its --time on
// an idle machine in about 2 s; 30 s leaves room for a loaded one.
func TestFuzzReportsEachTargetAsItEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the instrumented fuzz binary")
	}
	vecDir := filepath.Join(t.TempDir(), "vectors")
	copyDir(t, "../../vectors", vecDir)
	var both lockedBuffer
	code := Main([]string{"fuzz", "--target", "FuzzJCS,FuzzTimestamp", "--impl", "fake:codepoint-sort", "--time", "30s",
		"--workdir", t.TempDir(), "--vectors", vecDir, "--cache", t.TempDir()},
		&Env{Stdin: strings.NewReader(""), Stdout: &both, Stderr: &both})
	out := both.String()
	if code != report.ExitDisagree {
		t.Fatalf("exit %d, want 1\n%s", code, tailString(out, 4000))
	}
	summary := regexp.MustCompile(`(?m)^FuzzJCS .* findings 1 `).FindStringIndex(out)
	finding := strings.Index(out, "  finding ")
	second := strings.Index(out, "conform fuzz: FuzzTimestamp ")
	if summary == nil || finding < 0 || second < 0 || !(summary[0] < finding && finding < second) {
		t.Errorf("FuzzJCS's summary (%v) and finding (%d) are not both before FuzzTimestamp starts (%d):\n%s", summary, finding, second, tailString(out, 4000))
	}
	if !regexp.MustCompile(`(?m)^FuzzTimestamp .* findings 0 `).MatchString(out[second:]) {
		t.Errorf("no FuzzTimestamp summary after it ran:\n%s", tailString(out, 4000))
	}
}

// TestFuzzInterruptedExits130 interrupts conform fuzz in its first of two
// targets: the cut target's summary says so, the target not run is
// counted, and the exit code is 130, not the 0 of a clean run.
func TestFuzzInterruptedExits130(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the instrumented fuzz binary")
	}
	vecDir := filepath.Join(t.TempDir(), "vectors")
	copyDir(t, "../../vectors", vecDir)
	cmd := exec.Command(conformBinary(t), "fuzz", "--target", "FuzzTimestamp,FuzzPrim", "--impl", "python", "--time", "5m",
		"--workdir", t.TempDir(), "--vectors", vecDir, "--cache", t.TempDir())
	cmd.Dir = "../.."
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill() }()
	var log lockedBuffer
	fuzzing := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		once := sync.Once{}
		for sc.Scan() {
			fmt.Fprintln(&log, sc.Text())
			if strings.Contains(sc.Text(), "FuzzTimestamp") && strings.Contains(sc.Text(), "execs/s") {
				once.Do(func() { close(fuzzing) })
			}
		}
	}()
	select {
	case <-fuzzing:
	case <-time.After(3 * time.Minute):
		t.Fatalf("no progress line from the engine:\n%s", tailString(log.String(), 4000))
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != report.ExitInterrupted {
		t.Fatalf("exit %v, want 130\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), tailString(log.String(), 4000))
	}
	if !regexp.MustCompile(`(?m)^FuzzTimestamp .*\(interrupted\)$`).MatchString(stdout.String()) || strings.Contains(stdout.String(), "FuzzPrim") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	if !strings.Contains(log.String(), "conform fuzz: interrupted; 1 of 2 targets not run") {
		t.Errorf("stderr:\n%s", tailString(log.String(), 4000))
	}
}

// lockedBuffer is a bytes.Buffer safe for the writes of several
// goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestCorpusRoundTrip exports a Go corpus into an archive, imports it into
// an empty Go fuzz cache, converts it to libFuzzer's format and back,
// merges archives, and checks nothing is lost, duplicated or overwritten.
func TestCorpusRoundTrip(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("GOCACHE", cache)
	seeds := filepath.Join(t.TempDir(), "seeds")
	if r := conform(t, "", "corpus", "seeds", "--target", "FuzzTimestamp", "--format", "go", seeds); r.code != 0 {
		t.Fatalf("seeds: %d %s", r.code, r.stderr)
	}
	entries, _ := os.ReadDir(seeds)
	if len(entries) < 50 {
		t.Fatalf("%d seeds", len(entries))
	}
	// Put the seeds where Go's engine keeps FuzzTimestamp's corpus, export.
	goDir := filepath.Join(cache, "fuzz", filepath.FromSlash(module.Package("fuzz")), "FuzzTimestamp")
	copyDir(t, seeds, goDir)
	arch := filepath.Join(t.TempDir(), "a.tar.gz")
	r := conform(t, "", "corpus", "export", "-o", arch, "--target", "FuzzTimestamp", "--from", "cache")
	if r.code != 0 || !strings.Contains(r.stdout, "FuzzTimestamp") {
		t.Fatalf("export: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := conform(t, "", "corpus", "export", "-o", arch, "--target", "FuzzTimestamp"); r.code != report.ExitUsage {
		t.Errorf("export over an existing file: exit %d", r.code)
	}
	// Import into an empty cache: every entry arrives, and again nothing.
	t.Setenv("GOCACHE", t.TempDir())
	r = conform(t, "", "corpus", "import", arch)
	if r.code != 0 || !strings.Contains(r.stdout, "written") {
		t.Fatalf("import: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, " "+itoa(len(entries))+" written") {
		t.Errorf("import: %s (want %d written)", r.stdout, len(entries))
	}
	r = conform(t, "", "corpus", "import", arch)
	if !strings.Contains(r.stdout, "0 written, "+itoa(len(entries))+" already present") {
		t.Errorf("second import: %s", r.stdout)
	}
	// A target the archive does not hold is refused, and nothing is made.
	lfNone := filepath.Join(t.TempDir(), "none")
	for _, args := range [][]string{
		{"--target", "FuzzFrame"},
		{"--target", "FuzzNope", "--libfuzzer", lfNone},
	} {
		r := conform(t, "", append([]string{"corpus", "import", arch}, args...)...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, "has no target") {
			t.Errorf("import %v: exit %d %s", args, r.code, r.stderr)
		}
	}
	if _, err := os.Stat(lfNone); err == nil {
		t.Errorf("a refused import made %s", lfNone)
	}
	// Into a libFuzzer directory as the Go-only target of the same format,
	// and back into an archive.
	lf := filepath.Join(t.TempDir(), "lf")
	r = conform(t, "", "corpus", "import", arch, "--target", "FuzzTimestamp", "--libfuzzer", lf)
	if r.code != 0 {
		t.Fatalf("import --libfuzzer: %d %s", r.code, r.stderr)
	}
	arch2 := filepath.Join(t.TempDir(), "b.tar.gz")
	r = conform(t, "", "corpus", "export", "-o", arch2, "--target", "FuzzTimestamp", "--from", "testdata", "--libfuzzer", "FuzzTimestamp="+lf)
	if r.code != 0 {
		t.Fatalf("export --libfuzzer: %d %s", r.code, r.stderr)
	}
	merged := filepath.Join(t.TempDir(), "m.tar.gz")
	r = conform(t, "", "corpus", "merge", "-o", merged, arch, arch2)
	if r.code != 0 || !strings.Contains(r.stdout, itoa(len(entries))+" entries,") {
		t.Errorf("merge of an archive and its libFuzzer round trip: %s %s", r.stdout, r.stderr)
	}
	// Mixing formats is refused: JSON texts are not timestamp inputs.
	if r := conform(t, "", "corpus", "import", arch, "--target", "FuzzTimestamp", "--as", "FuzzJCSOracle"); r.code != report.ExitUsage {
		t.Errorf("import --as a target of another format: exit %d", r.code)
	}
	if r := conform(t, "", "corpus", "import", arch, "--target", "FuzzTimestamp", "--as", "FuzzTimestamp"); r.code != 0 {
		t.Errorf("import --as the same format: exit %d %s", r.code, r.stderr)
	}
	// convert both ways on directories.
	back := filepath.Join(t.TempDir(), "back")
	if r := conform(t, "", "corpus", "convert", "--to", "go", lf, back); r.code != 0 || !strings.Contains(r.stdout, itoa(len(entries))+" written") {
		t.Errorf("convert --to go: %s %s", r.stdout, r.stderr)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestEvalRunsFakes runs the reproducer a disagreement with a fuzz test
// double prints: conform eval --impl fake:<bug> serves the fake from
// conform-harness --fake <bug> (here built from the module by the driver),
// and it answers as the fake, not as the reference.
func TestEvalRunsFakes(t *testing.T) {
	// U+F885 sorts before U+1F600 by code point and after it by UTF-16 unit.
	input := "{\"\uf885\":1,\"\U0001F600\":2}"
	tg, _ := codePointSortTarget(t)
	contract, op := tg.Contract, tg.Ops[0]
	j := impl.Job{Contract: contract, Op: op, Input: []byte(input)}
	if repro := differential.Repro(j, "fake:codepoint-sort"); !strings.Contains(repro, "eval --contract "+contract+" --op "+op+" --impl 'fake:codepoint-sort'") {
		t.Fatalf("reproducer %q", repro)
	}
	answer := func(impl string) string {
		r := conform(t, input, "eval", "--contract", contract, "--op", op, "--impl", impl)
		if r.code != 0 {
			t.Fatalf("eval --impl %s: exit %d\n%s", impl, r.code, r.stderr)
		}
		return r.stdout
	}
	fake, ref := answer("fake:codepoint-sort"), answer("go")
	wantFake := `{"impl":"fake:codepoint-sort","outcome":"ok","output_hex":"` + hex.EncodeToString([]byte("{\"\uf885\":1,\"\U0001F600\":2}")) + "\"}\n"
	if fake != wantFake || !strings.Contains(ref, hex.EncodeToString([]byte("{\"\U0001F600\":2,\"\uf885\":1}"))) {
		t.Errorf("fake answered %s, go %s", fake, ref)
	}
	if r := conform(t, input, "eval", "--contract", contract, "--impl", "fake:nope"); r.code != 2 || !strings.Contains(r.stderr, "unknown fake") {
		t.Errorf("unknown fake: exit %d, %s", r.code, r.stderr)
	}
	// A batch whose answer breaks the protocol while each case alone
	// answers clean: the answers are right, and eval still exits 3.
	batch := `{"id":"a","input_hex":"7b7d"}` + "\n" + `{"id":"b","input_hex":"5b5d"}` + "\n"
	r := conform(t, batch, "eval", "--jsonl", "--contract", contract, "--impl", "fake:batch-cr")
	if r.code != report.ExitBroken || strings.Count(r.stdout, `"outcome":"ok"`) != 2 ||
		!strings.Contains(r.stderr, "conform eval: fake:batch-cr broke the protocol: violation on a batch of 2 cases") {
		t.Errorf("eval --jsonl of a batch breaker: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// tailString is the last n bytes of s, marked as cut when it is.
func tailString(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
