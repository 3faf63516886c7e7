package cli

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// The hostile tests run the built conform binary the way an adversary
// would: with named pipes for files, inputs without end, corpora and
// archives that expand without bound, harnesses that hang, skip, lie
// about themselves and leave processes behind, and signals at any time.
// Each runs under a hard memory limit (ulimit -v) and a time limit, so
// that a fault of the kind shows as a failure, not as a machine that
// swaps or a test that never ends.

// memLimit is the address space each conform of these tests may take:
// the Go runtime and its threads reserve about 1.8 GiB of it before
// conform reads anything (ps shows a VSZ of 1.8 GB for an idle conform),
// which leaves about 2 GiB of heap; the inputs these tests give took 4.3
// to 24 GB before their bounds.
const memLimit = 4 << 30

// limited is what a command run under the limits did.
type limited struct {
	code           int
	stdout, stderr string
	took           time.Duration
}

// runLimited runs bin with args under memLimit and the time limit d,
// with stdin (nil: none) and extra environment env, and fails the test if
// it did not end in time.
func runLimited(t *testing.T, d time.Duration, stdin io.Reader, env []string, bin string, args ...string) limited {
	t.Helper()
	cmd, out, errb := limitedCmd(bin, args...)
	cmd.Stdin = stdin
	cmd.Env = append(os.Environ(), env...)
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(d):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("conform %s did not end within %s\nstdout:\n%.3000s\nstderr:\n%.3000s", strings.Join(args, " "), d, out.String(), errb.String())
	}
	return limited{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String(), took: time.Since(t0)}
}

// limitedCmd is the command that runs bin with args under memLimit
// (ulimit -v, then exec: the pid is conform's), with its output buffered.
func limitedCmd(bin string, args ...string) (*exec.Cmd, *lockedBuffer, *lockedBuffer) {
	script := `ulimit -v "$1" && shift && exec "$@"`
	cmd := exec.Command("sh", append([]string{"-c", script, "sh", strconv.Itoa(memLimit >> 10), bin}, args...)...)
	var out, errb lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	return cmd, &out, &errb
}

// hostileBin returns a conform binary with the hostile harness
// (testdata/hostile_harness.py) beside it as conform-harness, which
// --impl fake:batch-cr then runs: the harness is configured by the
// environment (HOSTILE).
func hostileBin(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "conform")
	if err := os.Link(conformBinary(t), bin); err != nil {
		b, rerr := os.ReadFile(conformBinary(t))
		if rerr != nil {
			t.Fatal(rerr)
		}
		if err := os.WriteFile(bin, b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script, err := os.ReadFile("testdata/hostile_harness.py")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "conform-harness"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// hostileEnv is the environment that configures the hostile harness.
func hostileEnv(t *testing.T, cfg map[string]any) string {
	t.Helper()
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return "HOSTILE=" + string(b)
}

// bigContract is the operation of the catalogue with the most golden
// vectors, and its cases: enough for a batch of 64 and more.
func bigContract(t *testing.T) (contract, op string, cases []vectors.Case) {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	byOp := map[[2]string][]vectors.Case{}
	for _, c := range vectors.Cases(files) {
		k := [2]string{c.Contract, c.Op}
		byOp[k] = append(byOp[k], c)
	}
	var best [2]string
	for k, cs := range byOp {
		if len(cs) > len(byOp[best]) || len(cs) == len(byOp[best]) && k[0]+k[1] < best[0]+best[1] {
			best = k
		}
	}
	if len(byOp[best]) < 100 {
		t.Fatalf("no operation has 100 vectors (the most: %d)", len(byOp[best]))
	}
	return best[0], best[1], byOp[best]
}

// announce is the handshake's contracts for the hostile harness: the
// contract with every operation the catalogue gives it.
func announce(t *testing.T, contract string) map[string][]string {
	t.Helper()
	k, ok := spec.MustLoad().Contract(contract)
	if !ok {
		t.Fatalf("no contract %s in the catalogue", contract)
	}
	return map[string][]string{contract: k.OpNames()}
}

// contractCases is every golden vector of contract.
func contractCases(t *testing.T, contract string) []vectors.Case {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	var out []vectors.Case
	for _, c := range vectors.Cases(files) {
		if c.Contract == contract {
			out = append(out, c)
		}
	}
	return out
}

// mkfifo makes a named pipe at p.
func mkfifo(t *testing.T, p string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// Kind 1: every file conform opens, reached by any path, that is a named
// pipe is refused without being opened (exit 2, naming it), within
// seconds; and a read of standard input nobody writes to still ends on
// SIGINT (130).
func TestHostileNamedPipesAreRefused(t *testing.T) {
	bin := conformBinary(t)
	dir := t.TempDir()
	first := spec.MustLoad().Contracts[0]
	vecDir := filepath.Join(dir, "vectors")
	mkfifo(t, filepath.Join(vecDir, "MANIFEST"))
	convSrc := filepath.Join(dir, "convert-src")
	mkfifo(t, filepath.Join(convSrc, "0123abcd"))
	linked := filepath.Join(dir, "linked.jsonl")
	if err := os.Symlink(mkfifo(t, filepath.Join(dir, "elsewhere", "pipe")), linked); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--impl", "go", "--corpus", mkfifo(t, filepath.Join(dir, "c", "es6testfile_x.txt"))},
		{"run", "--impl", "go", "--vectors", vecDir},
		{"vectors", "verify", "--vectors", vecDir},
		{"report", mkfifo(t, filepath.Join(dir, "report.jsonl"))},
		{"report", linked},
		{"eval", "--contract", first.Contract, "--op", first.Operations[0].Op, "--impl", "go", "--input-file", mkfifo(t, filepath.Join(dir, "input"))},
		{"corpus", "import", "--module", "../..", mkfifo(t, filepath.Join(dir, "in.tar.gz"))},
		{"corpus", "merge", "-o", filepath.Join(dir, "merged.tar.gz"), mkfifo(t, filepath.Join(dir, "a.tar.gz"))},
		{"corpus", "convert", "--to", "libfuzzer", convSrc, filepath.Join(dir, "convert-dst")},
		{"images", "build", "--impl", "python", "--build-ca", mkfifo(t, filepath.Join(dir, "ca.pem"))},
		{"mutate", "--mutants", "--source", "../..", "--contract", first.Contract, "--equivalent", mkfifo(t, filepath.Join(dir, "eq.jsonl"))},
		{"fuzz", "--module", "../..", "--vectors", vecDir, "--impl", "none", "--contract", first.Contract},
	} {
		r := runLimited(t, 60*time.Second, nil, nil, bin, args...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, "not a regular file (named pipe)") {
			t.Errorf("conform %s: exit %d, stderr %q; want 2 naming the named pipe", strings.Join(args, " "), r.code, r.stderr)
		}
	}

	// Standard input that nobody writes to: eval waits on it, and SIGINT
	// still ends it, with 130.
	cmd, _, errb := limitedCmd(bin, "eval", "--contract", first.Contract, "--op", first.Operations[0].Op, "--impl", "go")
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	cmd.Stdin = pr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pr.Close()
	time.Sleep(500 * time.Millisecond)
	t0 := time.Now()
	_ = cmd.Process.Signal(os.Interrupt)
	code := waitCode(t, cmd, 10*time.Second)
	if code != report.ExitInterrupted || !strings.Contains(errb.String(), "conform: interrupted") || time.Since(t0) > 3*time.Second {
		t.Errorf("eval on a silent stdin, SIGINT: exit %d after %s, stderr %q", code, time.Since(t0), errb.String())
	}
}

// waitCode waits up to d for cmd and returns its exit code, killing it
// and failing the test when it does not end.
func waitCode(t *testing.T, cmd *exec.Cmd, d time.Duration) int {
	t.Helper()
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode()
	case <-time.After(d):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("conform %s did not end within %s", strings.Join(cmd.Args, " "), d)
		return -1
	}
}

// es6Gzip writes a .gz es6numbers file of n lines (one double over and
// over, as the 2.2 MB file of the trial that expanded to 9 M lines).
func es6Gzip(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	line := []byte(fmt.Sprintf("%x,2.5\n", math.Float64bits(2.5)))
	block := bytes.Repeat(line, 10000)
	for i := 0; i < n; i += 10000 {
		if _, err := zw.Write(block); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// bigArchive writes a corpus archive whose manifest lists entries of size
// bytes each (zeros, so the file stays small).
func bigArchive(t *testing.T, path string, entries int, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
	tw := tar.NewWriter(zw)
	names := make([]string, entries)
	for i := range names {
		names[i] = fmt.Sprintf("%064x", i)
	}
	manifest, _ := json.Marshal(map[string]any{"conform_fuzz_corpus": 1,
		"targets": map[string]any{"FuzzBig": map[string]any{"package": module.Package("fuzz"), "entries": names}}})
	put := func(name string, size int64, r io.Reader) {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: size, Typeflag: tar.TypeReg, Format: tar.FormatPAX}); err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(tw, r); err != nil {
			t.Fatal(err)
		}
	}
	put("manifest.json", int64(len(manifest)), bytes.NewReader(manifest))
	for _, n := range names {
		put("FuzzBig/"+n, size, io.LimitReader(zeros{}, size))
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Kind 2: the inputs of the trial that took many GiB each end in exit 2
// with a message naming the bound, within the memory and time limits.
func TestHostileInputsAreBounded(t *testing.T) {
	bin := conformBinary(t)
	dir := t.TempDir()
	first := spec.MustLoad().Contracts[0]
	op := first.Operations[0].Op

	// eval < /dev/zero grew to 24 GB.
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer zero.Close()
	r := runLimited(t, 60*time.Second, zero, nil, bin, "eval", "--contract", first.Contract, "--op", op, "--impl", "go")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "more than 33554432 bytes (32 MiB), the bound on one eval input") {
		t.Errorf("eval < /dev/zero: exit %d, %q", r.code, r.stderr)
	}

	// A 2 MB gzip corpus of 9 M lines took 9.5 GB.
	gz := filepath.Join(dir, "es6testfile_9m.txt.gz")
	es6Gzip(t, gz, 9_000_000)
	r = runLimited(t, 120*time.Second, nil, nil, bin, "run", "--impl", "go", "--corpus", gz)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, ":500001: more than 500000 lines, the bound on the lines of one es6numbers file") {
		t.Errorf("run --corpus of 9 M lines: exit %d, %q", r.code, r.stderr)
	}

	// An archive of 25 entries of 60 MB wrote 1.5 GB into the Go cache,
	// and merge took 4.3 GB.
	archive := filepath.Join(dir, "big.tar.gz")
	bigArchive(t, archive, 25, 60<<20)
	cache := t.TempDir()
	r = runLimited(t, 60*time.Second, nil, []string{"GOCACHE=" + cache}, bin, "corpus", "import", "--module", "../..", archive)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "more than 4194304 bytes (4 MiB), the bound on one corpus entry") {
		t.Errorf("corpus import of 25 x 60 MB: exit %d, %q", r.code, r.stderr)
	}
	if n := countFiles(t, cache); n != 0 {
		t.Errorf("corpus import of an archive over its bounds wrote %d files into GOCACHE", n)
	}
	merged := filepath.Join(dir, "merged.tar.gz")
	r = runLimited(t, 60*time.Second, nil, nil, bin, "corpus", "merge", "-o", merged, archive, archive)
	if _, err := os.Stat(merged); r.code != report.ExitUsage || !strings.Contains(r.stderr, "the bound on one corpus entry") || err == nil {
		t.Errorf("corpus merge of 25 x 60 MB: exit %d, %q, output there: %v", r.code, r.stderr, err == nil)
	}

	// An 80 MB eval --jsonl line failed with "bufio.Scanner: token too long".
	line := `{"id":"a","input_hex":"` + strings.Repeat("00", 40<<20) + "\"}\n"
	r = runLimited(t, 60*time.Second, strings.NewReader(line), nil, bin, "eval", "--contract", first.Contract, "--op", op, "--impl", "go", "--jsonl")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "stdin:1: more than 67108864 bytes (64 MiB), the bound on one eval --jsonl line") {
		t.Errorf("an 80 MB --jsonl line: exit %d, %q", r.code, r.stderr)
	}
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	_ = filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// Kind 3: a report file that appears while the run writes its own is not
// replaced (exit 2, the finished report kept aside); of two runs writing
// one report, one publishes and the other exits 2.
func TestHostileReportIsNeverReplaced(t *testing.T) {
	bin := hostileBin(t)
	first := spec.MustLoad().Contracts[0].Contract
	// The hostile harness announces another contract than the one run and
	// answers its handshake after 2 s: the run is slow to start, and exits
	// 0 when it ends (cases not announced are skipped, not counted). The
	// file appears once the harness has started, after conform checked
	// the path.
	pidFile := filepath.Join(t.TempDir(), "pids")
	cat := spec.MustLoad()
	other := cat.Contracts[1].Contract
	env := []string{hostileEnv(t, map[string]any{"start_delay": 2, "contracts": announce(t, other)}), "HOSTILE_PIDS=" + pidFile}
	path := filepath.Join(t.TempDir(), "x.jsonl")
	cmd, outb, errb := limitedCmd(bin, "run", "--impl", "fake:batch-cr", "--contract", first, "--report", path)
	cmd.Env = append(os.Environ(), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); len(pidsOf(t, pidFile)) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the harness did not start")
		}
	}
	if err := os.WriteFile(path, []byte("theirs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code := waitCode(t, cmd, 60*time.Second)
	if b, _ := os.ReadFile(path); code != report.ExitUsage || string(b) != "theirs\n" || !strings.Contains(errb.String(), "exists and was not replaced") {
		t.Fatalf("a report that appeared during the run: exit %d, file %q, stderr %q", code, b, errb.String())
	}
	// What conform printed says the code it exits with, not the run's 0.
	if out := outb.String(); !strings.Contains(out, "exit code 2\n") || strings.Contains(out, "exit code 0") {
		t.Errorf("a run that exits 2 printed %q", out)
	}
	kept := keptPath(errb.String())
	if f, err := os.Open(kept); err != nil {
		t.Errorf("the finished report is not kept: %v", err)
	} else if _, err := report.Read(f, kept); err != nil {
		t.Errorf("the kept report: %v", err)
	}

	// Two runs, one report.
	shared := filepath.Join(t.TempDir(), "y.jsonl")
	var cmds []*exec.Cmd
	for range 2 {
		c, _, _ := limitedCmd(bin, "run", "--impl", "fake:batch-cr", "--contract", first, "--report", shared)
		c.Env = append(os.Environ(), hostileEnv(t, map[string]any{"start_delay": 1, "contracts": announce(t, other)}))
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	var codes []int
	for _, c := range cmds {
		codes = append(codes, waitCode(t, c, 60*time.Second))
	}
	sort.Ints(codes)
	if codes[0] != 0 || codes[1] != report.ExitUsage {
		t.Errorf("two runs writing one report exit %v, want 0 and 2", codes)
	}
}

// keptPath is the path after "kept at " in an error.
func keptPath(s string) string {
	i := strings.Index(s, "kept at ")
	if i < 0 {
		return ""
	}
	f := strings.Fields(s[i+len("kept at "):])
	if len(f) == 0 {
		return ""
	}
	return strings.TrimRight(f[0], ".;")
}

// Kind 4: --timeout is the longest silence, wherever conform waits: a
// harness that hangs on one case of a batch costs about two timeouts (it
// took 64 of them: a run of 1 s took 301 s), a silent handshake one (it
// took a fixed 30 s), and a long silence is announced on stderr.
func TestHostileWaitsAreBounded(t *testing.T) {
	bin := hostileBin(t)
	contract, op, cases := bigContract(t)
	contracts := announce(t, contract)

	env := []string{hostileEnv(t, map[string]any{"contracts": contracts, "batch": true, "answer": "refuse",
		"hang_input": hex.EncodeToString(cases[10].Input)})}
	r := runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--timeout", "2s")
	if r.code != report.ExitBroken || r.took > 20*time.Second || !strings.Contains(r.stdout, "protocol break: fake:batch-cr: timeout on "+contract+" "+op) {
		t.Errorf("a hang inside a batch with --timeout 2s: exit %d after %s\n%.3000s\n%s", r.code, r.took, r.stdout, r.stderr)
	}

	env = []string{hostileEnv(t, map[string]any{"start": "silent"})}
	r = runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--timeout", "1s")
	if r.code != report.ExitBroken || r.took > 10*time.Second || !strings.Contains(r.stderr, "no answer to seq 0 within 1s") {
		t.Errorf("a silent handshake with --timeout 1s: exit %d after %s, %q", r.code, r.took, r.stderr)
	}

	env = []string{hostileEnv(t, map[string]any{"contracts": contracts, "answer": "hang"})}
	r = runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--timeout", "5s", "--max-restarts", "0")
	if r.code != report.ExitBroken || !strings.Contains(r.stderr, "conform: waiting for the fake:batch-cr harness (pid ") ||
		!strings.Contains(r.stderr, "silent for 3s of the 5s --timeout allows") {
		t.Errorf("a long silence: exit %d after %s, stderr %q", r.code, r.took, r.stderr)
	}
}

// Kind 5: a harness that announces a contract and skips every case of it
// fails the run (it passed with "0 disagreements; exit code 0"), shown
// apart; --allow-skips tolerates it.
func TestHostileSkipsAreNoPass(t *testing.T) {
	bin := hostileBin(t)
	contract, _, _ := bigContract(t)
	cases := contractCases(t, contract)
	env := []string{hostileEnv(t, map[string]any{"contracts": announce(t, contract), "batch": true, "answer": "skip"})}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--report", path)
	want := fmt.Sprintf("0 disagreements, %d skips of announced cases; exit code 1", len(cases))
	if r.code != report.ExitDisagree || !strings.Contains(r.stdout, want) ||
		!strings.Contains(r.stdout, fmt.Sprintf("skipped: fake:batch-cr answered skipped to %d cases of contracts its handshake announced (not a pass)", len(cases))) {
		t.Errorf("announced and skipped: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	if rep.Footer.AnnouncedSkips != len(cases) || rep.Footer.ExitCode != report.ExitDisagree {
		t.Errorf("report footer %+v", rep.Footer)
	}
	r = runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--allow-skips")
	if r.code != 0 || !strings.Contains(r.stdout, "tolerated by --allow-skips") {
		t.Errorf("--allow-skips: exit %d\n%s", r.code, r.stdout)
	}
}

// hostileText holds control characters (an SGR colour, an OSC window
// title ended by BEL, a carriage return, a line feed), a C1 control and
// bidirectional overrides.
const hostileText = "\x1b[31mred\x1b]0;pwned\x07\r\nforged\u009b\u202egnp.exe\u2066x\u2069"

// checkTerminalSafe fails when out holds a control character other than
// LF and tab, DEL, a C1 control, a bidirectional control or invalid UTF-8.
func checkTerminalSafe(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: invalid UTF-8 reached the output:\n%q", what, out)
		return
	}
	for i, r := range out {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20, r >= 0x7f && r <= 0x9f, r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			t.Errorf("%s: %U at byte %d reached the output:\n%q", what, r, i, out)
			return
		}
	}
}

// Kind 6: what a harness says of itself, its answers and guard table, a
// saved report, and file names all reach the terminal escaped, in every
// output: run, report, eval, guards, and the errors.
func TestHostileTextIsEscaped(t *testing.T) {
	bin := hostileBin(t)
	contract, _, _ := bigContract(t)
	contracts := announce(t, contract)
	env := []string{hostileEnv(t, map[string]any{"name": hostileText, "contracts": contracts, "batch": true,
		"answer": "skip", "reason": hostileText,
		"guards": []map[string]string{{"contract": hostileText, "code": hostileText, "message": hostileText}}})}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--report", path)
	checkTerminalSafe(t, "run stdout", r.stdout)
	checkTerminalSafe(t, "run stderr", r.stderr)
	if !strings.Contains(r.stdout, `\u001b[31mred`) {
		t.Errorf("run: the escaped name does not show:\n%s", r.stdout)
	}
	r = runLimited(t, 60*time.Second, nil, nil, bin, "report", path)
	checkTerminalSafe(t, "report", r.stdout)
	if r.code != report.ExitDisagree || !strings.Contains(r.stdout, `\u202egnp.exe`) {
		t.Errorf("report: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = runLimited(t, 60*time.Second, strings.NewReader("x"), env, bin, "eval", "--contract", contract, "--impl", "fake:batch-cr")
	checkTerminalSafe(t, "eval stdout", r.stdout)
	checkTerminalSafe(t, "eval stderr", r.stderr)
	r = runLimited(t, 120*time.Second, nil, env, bin, "guards", "--impl", "fake:batch-cr", "--contract", contract)
	checkTerminalSafe(t, "guards stdout", r.stdout)
	checkTerminalSafe(t, "guards stderr", r.stderr)
	// A report whose own strings hold invalid UTF-8 is refused, and says
	// so escaped; a file name with control characters and invalid UTF-8.
	bad := filepath.Join(t.TempDir(), "bad\x1b[2J\xff.jsonl")
	if err := os.WriteFile(bad, []byte("{\"type\":\"header\",\"conform_version\":\"\xff\x1b\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runLimited(t, 60*time.Second, nil, nil, bin, "report", bad)
	checkTerminalSafe(t, "report of a bad report", r.stderr)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, `bad\u001b[2J\xff.jsonl:1: not valid UTF-8`) {
		t.Errorf("report of invalid UTF-8: exit %d, %q", r.code, r.stderr)
	}
	corpusDir := filepath.Join(t.TempDir(), "corpus\x1b]0;t\x07\u202e")
	if err := os.MkdirAll(filepath.Join(corpusDir, "input"), 0o755); err != nil {
		t.Fatal(err)
	}
	r = runLimited(t, 60*time.Second, nil, nil, bin, "run", "--impl", "go", "--corpus", corpusDir)
	checkTerminalSafe(t, "run of a corpus with a hostile name", r.stderr)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, `corpus\u001b]0;t\u0007\u202e`) {
		t.Errorf("a hostile corpus name: exit %d, %q", r.code, r.stderr)
	}
}

// editedVectors copies the compiled-in vectors into a directory with the
// expected output of the first accepted vector of contract changed, and
// returns the directory and that vector's id.
func editedVectors(t *testing.T, contract string) (dir, id string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "vectors")
	copyDir(t, filepath.Join("..", "..", "vectors"), dir)
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Header.Contract != contract {
			continue
		}
		for _, c := range f.Cases {
			if c.Expect != vectors.ExpectOK {
				continue
			}
			p := filepath.Join(dir, filepath.FromSlash(f.Path))
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(b), "\n")
			var obj map[string]any
			if err := json.Unmarshal([]byte(lines[c.Line-1]), &obj); err != nil {
				t.Fatal(err)
			}
			delete(obj, "output")
			obj["output_hex"] = "deadbeef"
			edited, _ := json.Marshal(obj)
			if bytes.ContainsFunc(edited, func(r rune) bool { return r >= 0x80 }) {
				continue // vector files are ASCII: keep to a line that stays so
			}
			lines[c.Line-1] = string(edited)
			nb := []byte(strings.Join(lines, "\n"))
			if err := os.WriteFile(p, nb, 0o644); err != nil {
				t.Fatal(err)
			}
			mp := filepath.Join(dir, "MANIFEST")
			m, err := os.ReadFile(mp)
			if err != nil {
				t.Fatal(err)
			}
			old, sum := sha256.Sum256(b), sha256.Sum256(nb)
			m = bytes.Replace(m, []byte(hex.EncodeToString(old[:])), []byte(hex.EncodeToString(sum[:])), 1)
			if err := os.WriteFile(mp, m, 0o644); err != nil {
				t.Fatal(err)
			}
			// An edited expectation is a new contract version to the
			// set's LOCK (the version-bump gate): this set is a user's
			// own copy, so it gets a lock of its own, written afresh.
			if err := os.Remove(filepath.Join(dir, vectors.LockPath)); err != nil {
				t.Fatal(err)
			}
			if r := runLimited(t, 60*time.Second, nil, nil, conformBinary(t), "vectors", "lock", "--vectors", dir); r.code != 0 {
				t.Fatalf("vectors lock of the edited set: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
			}
			return dir, c.ID
		}
	}
	t.Fatalf("no accepted vector of %s", contract)
	return "", ""
}

// Kind 7: every repro line a run prints reruns what ran: here a case of
// an edited vector set, run with a timeout (long enough for a loaded
// machine), a restart budget and
// --allow-skips that are not the defaults, each line run as printed gives
// the same answer.
func TestHostileReproLinesRerunWhatRan(t *testing.T) {
	bin := conformBinary(t)
	contract := spec.MustLoad().Contracts[0].Contract
	dir, id := editedVectors(t, contract)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := runLimited(t, 120*time.Second, nil, nil, bin, "run", "--impl", "python", "--vectors", dir, "--contract", contract,
		"--timeout", "45s", "--max-restarts", "2", "--allow-skips", "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("run of an edited vector: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	ran := 0
	for _, row := range rep.Rows {
		if row.Repro == "" {
			continue
		}
		for _, w := range []string{"--vectors " + dir, "--timeout 45s", "--max-restarts 2", "--allow-skips", "repro " + id} {
			if !strings.Contains(row.Repro, w) {
				t.Errorf("repro line %q lacks %q", row.Repro, w)
			}
		}
		out, err := exec.Command("sh", "-c", row.Repro+" --format jsonl").Output()
		ee, _ := err.(*exec.ExitError)
		if ee == nil || ee.ExitCode() != report.ExitDisagree {
			t.Errorf("%s: %v", row.Repro, err)
		}
		again, err := report.Read(bytes.NewReader(out), "repro")
		if err != nil {
			t.Fatalf("%s: %v", row.Repro, err)
		}
		found := false
		for _, x := range again.Rows {
			if x.Impl == row.Impl && x.Case == row.Case {
				found = true
				if x.Outcome != row.Outcome || fmt.Sprint(x.Got) != fmt.Sprint(row.Got) {
					t.Errorf("%s: %s %+v, the run had %s %+v", row.Repro, x.Outcome, x.Got, row.Outcome, row.Got)
				}
			}
		}
		if !found {
			t.Errorf("%s: no row of %s %s", row.Repro, row.Impl, row.Case)
		}
		ran++
	}
	if ran != 2 {
		t.Errorf("%d repro lines run, want 2 (go and python)", ran)
	}

	// A corpus case: a JCS pair whose expected output is wrong; its repro
	// lines carry the corpus, and answer the same.
	var feed spec.Feed
	for _, f := range spec.MustLoad().Feeds("jcs-pairs") {
		if f.Policy == spec.PolicyExact {
			feed = f
			break
		}
	}
	if feed.Contract == "" {
		t.Fatal("no contract takes the JCS pairs with their exact outputs")
	}
	pairs := filepath.Join(t.TempDir(), "pairs")
	for name, content := range map[string]string{"input/a.json": `{"zz":[3,2,1],"hostile":"q"}`, "output/a.json": `{"wrong":true}`} {
		p := filepath.Join(pairs, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path = filepath.Join(t.TempDir(), "c.jsonl")
	r = runLimited(t, 120*time.Second, nil, nil, bin, "run", "--impl", "python", "--corpus", pairs, "--contract", feed.Contract, "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("run of a wrong corpus pair: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	ran = 0
	for _, row := range readReport(t, path).Rows {
		if row.Repro == "" {
			continue
		}
		if !strings.Contains(row.Repro, "--corpus "+pairs) {
			t.Errorf("repro line %q lacks the corpus", row.Repro)
		}
		out, _ := exec.Command("sh", "-c", row.Repro+" --format jsonl").Output()
		again, err := report.Read(bytes.NewReader(out), "repro")
		if err != nil {
			t.Fatalf("%s: %v", row.Repro, err)
		}
		for _, x := range again.Rows {
			if x.Impl == row.Impl && x.Case == row.Case && (x.Outcome != row.Outcome || fmt.Sprint(x.Got) != fmt.Sprint(row.Got)) {
				t.Errorf("%s: %s, the run had %s", row.Repro, x.Outcome, row.Outcome)
			}
		}
		ran++
	}
	if ran != 2 {
		t.Errorf("%d corpus repro lines run, want 2", ran)
	}
}

// Kind 8: SIGINT in any phase is exit 130 and "conform: interrupted": while
// a corpus loads, while a harness starts, while the run runs. Each signal
// is sent once conform is seen in that phase (the corpus file open, the
// harness started): one sent in conform's first milliseconds, before its
// main function runs, ends it as the Go runtime ends any program.
func TestHostileInterruptInEveryPhase(t *testing.T) {
	bin := hostileBin(t)
	contract, _, _ := bigContract(t)
	// Four corpus files of 120,000 lines each, within the bound on a
	// run's corpus cases, so that loading them lasts long enough to be
	// seen: one public file loads within the test's polling interval. /proc
	// shows the paths with their symbolic links resolved.
	cdir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var gzs []string
	corpusArgs := []string{"run", "--impl", "go"}
	for i := range 4 {
		gz := filepath.Join(cdir, fmt.Sprintf("es6testfile_%d.txt.gz", i))
		es6Gzip(t, gz, 120_000)
		gzs = append(gzs, gz)
		corpusArgs = append(corpusArgs, "--corpus", gz)
	}
	for _, tc := range []struct {
		what  string
		env   map[string]any
		args  []string
		ready func(pid int, pids string) bool
	}{
		{"a corpus loading", nil, corpusArgs,
			func(pid int, _ string) bool {
				return slices.ContainsFunc(gzs, func(gz string) bool { return opens(pid, gz) })
			}},
		{"a harness starting", map[string]any{"start_delay": 30}, []string{"run", "--impl", "fake:batch-cr", "--contract", contract},
			func(_ int, pids string) bool { return len(pidsOf(t, pids)) > 0 }},
		{"a run under way", map[string]any{"contracts": announce(t, contract), "answer": "hang"}, []string{"run", "--impl", "fake:batch-cr", "--contract", contract, "--timeout", "60s"},
			func(_ int, pids string) bool { return len(pidsOf(t, pids)) > 0 }},
	} {
		pids := filepath.Join(t.TempDir(), "pids")
		cmd, out, errb := limitedCmd(bin, tc.args...)
		cmd.Env = append(os.Environ(), hostileEnv(t, tc.env), "HOSTILE_PIDS="+pids)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(30 * time.Second); !tc.ready(cmd.Process.Pid, pids); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				_ = cmd.Process.Kill()
				t.Fatalf("conform did not reach %s\nstdout %.2000s\nstderr %.2000s", tc.what, out.String(), errb.String())
			}
		}
		_ = cmd.Process.Signal(os.Interrupt)
		code := waitCode(t, cmd, 30*time.Second)
		if code != report.ExitInterrupted || !strings.Contains(errb.String(), "conform: interrupted") {
			t.Errorf("SIGINT during %s: exit %d\nstdout %.2000s\nstderr %q", tc.what, code, out.String(), errb.String())
		}
	}
}

// opens reports whether the process pid has the file path open.
func opens(pid int, path string) bool {
	fds, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	for _, fd := range fds {
		if l, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + fd.Name()); err == nil && l == path {
			return true
		}
	}
	return false
}

// pidsOf reads the pids the hostile harness noted.
func pidsOf(t *testing.T, path string) []int {
	t.Helper()
	b, _ := os.ReadFile(path)
	var out []int
	for _, f := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// gone waits up to 10 s for every pid to be gone (or a zombie) and
// returns those that are not.
func gone(pids []int) []int {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var left []int
		for _, p := range pids {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat")
			if err == nil {
				s := string(b)
				if i := strings.LastIndexByte(s, ')'); i > 0 && i+2 < len(s) && s[i+2] != 'Z' {
					left = append(left, p)
				}
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
	}
}

// Kind 9: a local harness leaves no process behind: not a child it forked
// into a session of its own (setsid), when the run ends; not itself, hung,
// when conform is killed with SIGKILL; not either when conform gets
// SIGTERM.
func TestHostileHarnessLeavesNoProcess(t *testing.T) {
	bin := hostileBin(t)
	contract, _, _ := bigContract(t)
	pidFile := filepath.Join(t.TempDir(), "pids")
	other := spec.MustLoad().Contracts[1].Contract
	if other == contract {
		other = spec.MustLoad().Contracts[0].Contract
	}
	env := []string{hostileEnv(t, map[string]any{"setsid": true, "contracts": announce(t, other)}), "HOSTILE_PIDS=" + pidFile}
	r := runLimited(t, 60*time.Second, nil, env, bin, "run", "--impl", "fake:batch-cr", "--contract", contract)
	pids := pidsOf(t, pidFile)
	if r.code != 0 || len(pids) < 2 {
		t.Fatalf("run with a harness that forks a setsid child: exit %d, pids %v\n%s", r.code, pids, r.stderr)
	}
	if left := gone(pids); len(left) != 0 {
		t.Errorf("after the run, processes of its harness are left: %v", left)
		killOurs(left, pidFile)
	}
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		pidFile := filepath.Join(t.TempDir(), "pids")
		cmd, _, _ := limitedCmd(bin, "run", "--impl", "fake:batch-cr", "--contract", contract, "--timeout", "60s")
		cmd.Env = append(os.Environ(), hostileEnv(t, map[string]any{"contracts": announce(t, contract), "answer": "hang", "setsid": sig == syscall.SIGTERM}), "HOSTILE_PIDS="+pidFile)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		want := 1
		if sig == syscall.SIGTERM {
			want = 2
		}
		for deadline := time.Now().Add(20 * time.Second); len(pidsOf(t, pidFile)) < want; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the hung harness did not start")
			}
		}
		time.Sleep(500 * time.Millisecond)
		_ = cmd.Process.Signal(sig)
		waitCode(t, cmd, 30*time.Second)
		if left := gone(pidsOf(t, pidFile)); len(left) != 0 {
			t.Errorf("after %s to conform, processes of its hung harness are left: %v", sig, left)
			killOurs(left, pidFile)
		}
	}
}

// killOurs kills, of pids, the processes whose environment shows they are
// this test's hostile harness's (HOSTILE_PIDS=pidFile), and no other.
func killOurs(pids []int, pidFile string) {
	for _, p := range pids {
		env, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/environ")
		if err == nil && bytes.Contains(env, []byte("HOSTILE_PIDS="+pidFile+"\x00")) {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
	}
}

// Kind 9: eval --jsonl takes each id once, as a non-empty string of valid
// UTF-8; anything else is exit 2 naming the line.
func TestHostileEvalIDs(t *testing.T) {
	first := spec.MustLoad().Contracts[0]
	op := first.Operations[0].Op
	for name, tc := range map[string]struct{ in, want string }{
		"missing":      {`{"input_hex":"00"}`, "stdin:1: no id"},
		"null":         {`{"id":null,"input_hex":"00"}`, "stdin:1: id is not a JSON string"},
		"number":       {`{"id":1,"input_hex":"00"}`, "stdin:1: id is not a JSON string"},
		"empty":        {`{"id":"","input_hex":"00"}`, "stdin:1: empty id"},
		"duplicate":    {`{"id":"a","input_hex":"00"}` + "\n" + `{"id":"a","input_hex":"01"}`, `stdin:2: id "a" repeats line 1`},
		"invalid":      {"{\"id\":\"\xff\",\"input_hex\":\"00\"}", "stdin:1: not valid UTF-8"},
		"surrogate":    {`{"id":"\ud800","input_hex":"00"}`, "stdin:1: id is not a string of valid UTF-8"},
		"no input":     {`{"id":"a"}`, "stdin:1: no input_hex"},
		"null input":   {`{"id":"a","input_hex":null}`, "stdin:1: input_hex is not a JSON string"},
		"unknown":      {`{"id":"a","input_hex":"00","x":1}`, `stdin:1: unknown member "x"`},
		"twice member": {`{"id":"a","id":"b","input_hex":"00"}`, `stdin:1: member "id" appears twice`},
	} {
		r := conform(t, tc.in+"\n", "eval", "--contract", first.Contract, "--op", op, "--impl", "go", "--jsonl")
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s: exit %d, %q; want %q", name, r.code, r.stderr, tc.want)
		}
	}
}

// Kind 10: the examples block of README.md runs as it is (its quick
// lines, conform as the built binary); a missing --vectors directory is
// said to be missing; an acceptance with no output says that the verdict
// is the answer.
func TestNewcomerExamplesRun(t *testing.T) {
	bin := conformBinary(t)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := string(readme)
	block = block[strings.Index(block, spec.ExamplesBegin):strings.Index(block, spec.ExamplesEnd)]
	sc := bufio.NewScanner(strings.NewReader(block))
	tmp := t.TempDir()
	var script []string
	for sc.Scan() {
		l := sc.Text()
		// The quick lines: not the corpora, fuzzing, mutation, guards or
		// the TypeScript build.
		for _, slow := range []string{"--corpus", "fuzz", "mutate", "guards", "mirrors/ts", "corpus ", "report /tmp", "--report", "--vectors"} {
			if strings.Contains(l, slow) {
				l = ""
			}
		}
		if strings.HasPrefix(l, "go run ./cmd/conform ") || strings.HasPrefix(l, "printf ") || strings.HasPrefix(l, "(cd ") || strings.HasPrefix(l, "    '") {
			l = strings.ReplaceAll(l, "/tmp/", tmp+"/")
			script = append(script, strings.ReplaceAll(l, "go run ./cmd/conform ", bin+" "))
		}
	}
	text := "set -e\n" + strings.Join(script, "\n") + "\n"
	if len(script) < 8 {
		t.Fatalf("only %d example lines found:\n%s", len(script), text)
	}
	cmd := exec.Command("sh", "-c", text)
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the examples: %v\n%s\n%s", err, text, out)
	}
	r := conform(t, "", "run", "--impl", "go", "--vectors", filepath.Join(tmp, "no-such-dir"))
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "no such directory") {
		t.Errorf("a missing --vectors: exit %d, %q", r.code, r.stderr)
	}
	// An operation whose answer is its verdict: eval says so.
	for _, k := range spec.MustLoad().Contracts {
		for _, o := range k.Operations {
			if !strings.HasPrefix(o.Output, "empty") {
				continue
			}
			c := acceptedVector(t, k.Contract, o.Op)
			if c == nil {
				continue
			}
			r := conform(t, string(c.Input), "eval", "--contract", k.Contract, "--op", o.Op, "--impl", "go")
			if r.code != 0 || !strings.Contains(r.stdout, `"outcome":"ok","output_hex":""`) || !strings.Contains(r.stderr, "accepted, with no output bytes") {
				t.Errorf("eval of a verdict: exit %d, %q, %q", r.code, r.stdout, r.stderr)
			}
			return
		}
	}
	t.Error("no operation answers with its verdict alone")
}

// acceptedVector is a golden vector of contract and op that expects
// acceptance, or nil.
func acceptedVector(t *testing.T, contract, op string) *vectors.Case {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range vectors.Cases(files) {
		if c.Contract == contract && c.Op == op && c.Expect == vectors.ExpectOK {
			return &c
		}
	}
	return nil
}
