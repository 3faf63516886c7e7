package cli

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kballard/go-shellquote"
	"github.com/moby/moby/client"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/repro"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/transport"
)

// Outside implementations (README.md, "Bring your own implementation"):
// named by --impl NAME=COMMAND or a configuration file, started by the
// driver like any harness. These tests use two stand-ins: the Go
// reference's harness with a seeded bug (conform-harness --fake
// codepoint-sort, served through the Go kit), and the hostile harness
// (testdata/hostile_harness.py), which announces what it is told to.

var harnessOnce struct {
	sync.Once
	path string
	err  error
}

// sortContract is the contract, and its operation, whose output the seeded
// bug codepoint-sort alters (member order by code point): found by
// asking the fake, so that this file names no contract (a contract is
// named only in its own files).
func sortContract(t *testing.T) (string, string) {
	t.Helper()
	canonical := []byte("{\"\U00010000\":1,\"\ue000\":2}")
	for _, k := range spec.MustLoad().Contracts {
		for _, op := range k.OpNames() {
			if !bytes.Equal(fake.Fakes["codepoint-sort"].Alter(k.Contract, op, bytes.Clone(canonical)), canonical) {
				return k.Contract, op
			}
		}
	}
	t.Fatal("the fake codepoint-sort alters no contract")
	return "", ""
}

// otherContract is a contract other than c and its first operation.
func otherContract(c string) (string, string) {
	for _, k := range spec.MustLoad().Contracts {
		if k.Contract != c {
			return k.Contract, k.OpNames()[0]
		}
	}
	return "", ""
}

// harnessBin builds cmd/conform-harness once per test binary.
func harnessBin(t *testing.T) string {
	t.Helper()
	harnessOnce.Do(func() {
		dir, err := os.MkdirTemp("", "conform-harness-")
		if err != nil {
			harnessOnce.err = err
			return
		}
		harnessOnce.path = filepath.Join(dir, "conform-harness")
		harnessOnce.err = driver.BuildHarness(t.Context(), "", harnessOnce.path)
	})
	if harnessOnce.err != nil {
		t.Fatal(harnessOnce.err)
	}
	return harnessOnce.path
}

// hostile is the --impl command of the hostile harness configured by cfg
// (its HOSTILE variable), run through env(1).
func hostile(t *testing.T, cfg map[string]any) string {
	t.Helper()
	script, err := filepath.Abs("testdata/hostile_harness.py")
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return shellquote.Join("env", "HOSTILE="+string(js), "python3", script)
}

// rerun runs a repro line as printed (the words after conform) in-process.
func rerun(t *testing.T, line string) result {
	t.Helper()
	words, err := shellquote.Split(line)
	if err != nil {
		t.Fatalf("repro line %q: %v", line, err)
	}
	for i, w := range words {
		if w == "repro" {
			return conform(t, "", words[i:]...)
		}
	}
	t.Fatalf("repro line %q has no repro", line)
	return result{}
}

// findOutside returns the header entry of impl name.
func findMeta(t *testing.T, rep report.Report, name string) report.ImplMeta {
	t.Helper()
	for _, m := range rep.Header.Impls {
		if m.Impl == name {
			return m
		}
	}
	t.Fatalf("no %s in the header: %+v", name, rep.Header.Impls)
	return report.ImplMeta{}
}

// disagreeing returns the first disagreeing row of impl name.
func disagreeing(t *testing.T, rep report.Report, name string) report.Row {
	t.Helper()
	for _, r := range rep.Rows {
		if r.Impl == name && r.Outcome.Disagrees() {
			return r
		}
	}
	t.Fatalf("no disagreement of %s", name)
	return report.Row{}
}

// An outside implementation named on the command line runs, its seeded
// bug is found, the header records it, and the repro line names it by its
// --impl value and reruns it.
func TestOutsideByImplFindsTheBug(t *testing.T) {
	jcs, _ := sortContract(t)
	bin := harnessBin(t)
	spec := "team=" + shellquote.Join(bin, "--fake", "codepoint-sort")
	path := filepath.Join(t.TempDir(), "run.jsonl")
	r := conform(t, "", "run", "--contract", jcs, "--impl", spec, "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "outside implementation from --impl: command "+bin+" --fake codepoint-sort") {
		t.Errorf("the text header does not show the outside implementation:\n%s", r.stdout)
	}
	rep := readReport(t, path)
	m := findMeta(t, rep, "team")
	if m.Outside != "--impl" || m.Name != "conform-fake-codepoint-sort" || m.Transport != "local" ||
		strings.Join(m.Command, " ") != bin+" --fake codepoint-sort" || m.LanguageVersion == "" {
		t.Errorf("header: %+v", m)
	}
	if len(rep.Header.Impls) != 2 {
		t.Errorf("--impl given: only the reference and team run, not %d", len(rep.Header.Impls))
	}
	row := disagreeing(t, rep, "team")
	if row.Outcome != report.WrongOutput || !strings.Contains(row.Repro, "--impl "+shellquote.Join(spec)) {
		t.Fatalf("row %s: %s, repro %s", row.Case, row.Outcome, row.Repro)
	}
	again := rerun(t, row.Repro)
	if again.code != report.ExitDisagree || !strings.Contains(again.stdout, row.Case+"] team: wrong-output") {
		t.Errorf("the repro line %s: exit %d\n%s\n%s", row.Repro, again.code, again.stdout, again.stderr)
	}
}

// The divergence ledger may record a known divergence of an outside
// implementation: run and report judge it expected; a ledger naming an
// implementation the run does not have is refused at its line.
func TestOutsideInTheLedger(t *testing.T) {
	jcs, _ := sortContract(t)
	spec := "team=" + shellquote.Join(harnessBin(t), "--fake", "codepoint-sort")
	dir := t.TempDir()
	led := filepath.Join(dir, "ledger.toml")
	text := "format = 1\n\n[[divergence]]\ncase = \"*\"\nimpl = \"team\"\noutcome = \"wrong-output\"\n" +
		"link = \"https://example.org/team/1\"\nexpires = 2999-01-01\n"
	if err := os.WriteFile(led, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "run.jsonl")
	r := conform(t, "", "run", "--contract", jcs, "--impl", spec, "--ledger", led, "--report", path)
	if r.code != report.ExitAgree || !strings.Contains(r.stdout, "expected") {
		t.Fatalf("run with the ledger: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = conform(t, "", "report", path, "--ledger", led)
	if r.code != report.ExitAgree {
		t.Errorf("report with the ledger: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = conform(t, "", "run", "--contract", jcs, "--impl", "go", "--ledger", led)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, led+`:5: impl: unknown implementation "team"`) {
		t.Errorf("a run without team: exit %d\n%s", r.code, r.stderr)
	}
}

// The same from a configuration file, TOML and YAML: the file's
// implementations join the defaults when --impl is not given, the header
// says where each was defined, and the repro line carries --config.
func TestOutsideByConfigFindsTheBug(t *testing.T) {
	jcs, _ := sortContract(t)
	bin := harnessBin(t)
	dir := t.TempDir()
	files := map[string]string{
		"team.toml": "[[impl]]\nname = \"team\"\ncommand = [\"" + bin + "\", \"--fake\", \"codepoint-sort\"]\ntimeout = \"20s\"\ncontracts = [\"" + jcs + "\"]\n",
		"team.yaml": "impl:\n  - name: team\n    command: " + bin + " --fake codepoint-sort\n    contracts: [" + jcs + "]\n",
	}
	for name, text := range files {
		cfg := filepath.Join(dir, name)
		if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".jsonl")
		r := conform(t, "", "run", "--contract", jcs, "--config", cfg, "--impl", "team", "--report", path)
		if r.code != report.ExitDisagree {
			t.Fatalf("%s: exit %d\n%s\n%s", name, r.code, r.stdout, r.stderr)
		}
		rep := readReport(t, path)
		if m := findMeta(t, rep, "team"); m.Outside != cfg+":2" || m.Name != "conform-fake-codepoint-sort" {
			t.Errorf("%s: header %+v", name, m)
		}
		row := disagreeing(t, rep, "team")
		if !strings.Contains(row.Repro, "--config "+cfg+" --impl team") {
			t.Errorf("%s: repro %s", name, row.Repro)
		}
		if again := rerun(t, row.Repro); again.code != report.ExitDisagree || !strings.Contains(again.stdout, "team: wrong-output") {
			t.Errorf("%s: the repro line %s: exit %d\n%s", name, row.Repro, again.code, again.stderr)
		}
	}
	// Without --impl, the defaults and the file's implementations run.
	r := conform(t, "", "run", "--contract", jcs, "--config", filepath.Join(dir, "team.toml"), "--format", "jsonl")
	if r.code != report.ExitDisagree {
		t.Fatalf("defaults: exit %d\n%s", r.code, r.stderr)
	}
	for _, name := range []string{`"impl":"ts"`, `"impl":"python"`, `"impl":"team"`} {
		if !strings.Contains(strings.SplitN(r.stdout, "\n", 2)[0], name) {
			t.Errorf("defaults: the header has no %s", name)
		}
	}
}

// eval asks an outside implementation too.
func TestOutsideEval(t *testing.T) {
	jcs, _ := sortContract(t)
	bin := harnessBin(t)
	r := conform(t, `{"b":1,"a":2}`, "eval", "--contract", jcs, "--impl", "team="+bin)
	if r.code != 0 || !strings.Contains(r.stdout, `"impl":"team","outcome":"ok"`) {
		t.Errorf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	// An implementation that does not announce the contract is not asked
	// (asked, the hostile harness would refuse): asking eval for it is a
	// usage error (2) that says what it announces, not a protocol break (3).
	other, otherOp := otherContract(jcs)
	h := hostile(t, map[string]any{"contracts": map[string][]string{other: {otherOp}}, "answer": "refuse"})
	r = conform(t, `{"b":1,"a":2}`, "eval", "--contract", jcs, "--impl", "h="+h)
	if r.code != report.ExitUsage || r.stdout != "" || !strings.Contains(r.stderr, "h does not announce "+jcs) || !strings.Contains(r.stderr, "(it announces: "+other+" "+otherOp+")") {
		t.Errorf("eval of a contract h does not announce: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// An implementation answers only what it announces: the cases of a
// contract it does not announce are skipped, shown so in the matrix and
// never counted as agreement, and they do not fail the run.
func TestOutsideAnswersOnlyWhatItAnnounces(t *testing.T) {
	jcs, _ := sortContract(t)
	other, otherOp := otherContract(jcs)
	bin := harnessBin(t)
	// The hostile harness announces one operation of another contract and
	// refuses everything (so it disagrees there).
	cmd := hostile(t, map[string]any{"contracts": map[string][]string{other: {otherOp}}, "answer": "refuse"})
	path := filepath.Join(t.TempDir(), "run.jsonl")
	r := conform(t, "", "run", "--contract", jcs, "--contract", other, "--impl", "ref="+bin, "--impl", "h="+cmd, "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	n := map[string]map[report.Outcome]int{}
	for _, row := range rep.Rows {
		if n[row.Impl+" "+row.Contract] == nil {
			n[row.Impl+" "+row.Contract] = map[report.Outcome]int{}
		}
		n[row.Impl+" "+row.Contract][row.Outcome]++
		if row.Impl == "h" && row.Contract == jcs && (row.Outcome != report.Skipped || row.Got.Reason != "not declared in the handshake") {
			t.Fatalf("h answered a contract it does not announce: %+v", row)
		}
	}
	skipped := n["h "+jcs]
	if skipped[report.Skipped] == 0 || skipped[report.Agree] != 0 || rep.Footer.AnnouncedSkips != 0 {
		t.Errorf("h on %s: %v, announced skips %d", jcs, skipped, rep.Footer.AnnouncedSkips)
	}
	// Of the other contract, h is asked the operation it announces.
	if n["h "+other][report.Agree] != 0 || len(n["h "+other]) == 0 {
		t.Errorf("h on %s: %v", other, n["h "+other])
	}
	if n["ref "+jcs][report.Agree] == 0 || n["ref "+jcs][report.Skipped] != 0 {
		t.Errorf("ref on %s: %v", jcs, n["ref "+jcs])
	}
	// The matrix shows the skips in its skipped column.
	for _, line := range strings.Split(r.stdout, "\n") {
		f := strings.Fields(line)
		if len(f) == 11 && f[0] == jcs && f[1] == "h" {
			if f[3] != "0" || f[9] == "0" {
				t.Errorf("matrix line %q: want agree 0 and the skips counted", line)
			}
		}
	}
}

// Every bad configuration is exit 2 before any case runs, with a message
// that says where: FILE:LINE for a file, --impl for the command line.
func TestOutsideBadConfiguration(t *testing.T) {
	jcs, op := sortContract(t)
	other, otherOp := otherContract(jcs)
	dir := t.TempDir()
	bad := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bin := harnessBin(t)
	unknownKey := bad("a.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ncolor = 1\n")
	noCommand := bad("b.yaml", "impl:\n  - name: a\n")
	dup := bad("c.toml", "[[impl]]\nname = \"team\"\ncommand = \"x\"\n")
	claims := bad("d.toml", "[[impl]]\nname = \"team\"\ncommand = \""+bin+"\"\n\ncontracts = [\""+jcs+"\"]\n")
	missingDir := bad("f.toml", "[[impl]]\nname = \"team\"\ncommand = \"python3 team.py\"\ndir = \""+filepath.Join(dir, "no-such-dir")+"\"\n")
	claimsMissing := bad("e.yaml", "impl:\n  - name: team\n    command: "+hostile(t, map[string]any{"contracts": map[string][]string{other: {otherOp}}})+"\n    contracts: ["+other+", "+jcs+"]\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", unknownKey}, unknownKey + ":4: unknown key \"color\""},
		{[]string{"--config", noCommand}, noCommand + ":2: implementation a has no command"},
		{[]string{"--config", dup, "--impl", "team=y"}, "--impl team: implementation \"team\" is already named at " + dup + ":2"},
		{[]string{"--impl", "ts=node x.js"}, "shadows a built-in"},
		{[]string{"--impl", "a=x", "--impl", "a=y"}, "already named at --impl a"},
		{[]string{"--impl", "a=/nonexistent/harness"}, "--impl a: implementation a: program /nonexistent/harness"},
		{[]string{"--impl", "a=no-such-program-here"}, "program \"no-such-program-here\" is not on PATH"},
		{[]string{"--impl", "a=\"x"}, "does not split into words"},
		{[]string{"--impl", "nobody"}, "unknown implementation \"nobody\""},
		{[]string{"--config", filepath.Join(dir, "none.toml")}, filepath.Join(dir, "none.toml")},
		{[]string{"--impl", "h=" + hostile(t, map[string]any{"contracts": map[string][]string{jcs + "99": {op}}})},
			"--impl h: implementation h announces contract \"" + jcs + "99\" in its handshake, which this conform does not know"},
		{[]string{"--impl", "h=" + hostile(t, map[string]any{"contracts": map[string][]string{jcs: {"no-such-op"}}})},
			"announces operation \"no-such-op\" of " + jcs},
		{[]string{"--config", missingDir, "--impl", "team"}, missingDir + ":2: implementation team: dir \"" + filepath.Join(dir, "no-such-dir") + "\" is not a directory"},
		{[]string{"--impl", "h=" + hostile(t, map[string]any{"contracts": map[string][]string{jcs: {}}})},
			"protocol violation: implementation declares contract \"" + jcs + "\" with no operation"},
		{[]string{"--impl", "h=" + hostile(t, map[string]any{"name": strings.Repeat("n", 257), "contracts": map[string][]string{jcs: {op}}})},
			"implementation.name is 257 bytes, over its bound of 256"},
		{[]string{"--config", claimsMissing, "--impl", "team"}, claimsMissing + ":2: implementation team claims contract " + jcs + ", but its handshake does not announce it"},
	} {
		args := append([]string{"run", "--contract", jcs, "--impl", "go"}, c.args...)
		r := conform(t, "", args...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
	// A file that claims only what its harness announces is fine.
	if r := conform(t, "", "run", "--contract", jcs, "--config", claims, "--impl", "team"); r.code != 0 {
		t.Errorf("claims: exit %d\n%s", r.code, r.stderr)
	}
}

// A harness that never answers the handshake is a configuration error
// within --timeout, naming the implementation.
func TestOutsideSilentHandshake(t *testing.T) {
	jcs, _ := sortContract(t)
	t0 := time.Now()
	r := conform(t, "", "run", "--contract", jcs, "--impl", "go", "--timeout", "1s",
		"--impl", "h="+hostile(t, map[string]any{"start": "silent"}))
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "--impl h: implementation h did not start (within --timeout 1s for the handshake)") {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
	if took := time.Since(t0); took > 8*time.Second {
		t.Errorf("took %s with --timeout 1s", took)
	}
}

// An image that is not on the engine is exit 2 naming it; conform never
// pulls it.
func TestOutsideMissingImage(t *testing.T) {
	jcs, _ := sortContract(t)
	r := conform(t, "", "run", "--contract", jcs, "--impl", "go", "--impl", "team=image:conform-no-such-image:1")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "--impl team: implementation team: image conform-no-such-image:1 is not on the Docker engine (conform never pulls") {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
}

// buildImage builds the image ref from the directory dir (the build
// context, holding its Dockerfile, whose FROM is the build argument BASE)
// on the local base image ($CONFORM_BASE_IMAGE, default
// conform-base:bookworm, which ci/docker.sh makes), as conform images
// build builds the mirrors': no registry, no pull.
func buildImage(t *testing.T, dir, repo string) transport.ImageInfo {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(h, "%s %o %d\n", rel, info.Mode().Perm(), len(b))
		h.Write(b)
		if err := tw.WriteHeader(&tar.Header{Name: filepath.ToSlash(rel), Mode: int64(info.Mode().Perm()), Size: int64(len(b))}); err != nil {
			return err
		}
		_, err = tw.Write(b)
		return err
	})
	if err == nil {
		err = tw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	base := os.Getenv("CONFORM_BASE_IMAGE")
	if base == "" {
		base = "conform-base:bookworm"
	}
	ctx := t.Context()
	ct, err := transport.NewContainer(ctx, transport.ContainerOptions{})
	if err != nil {
		t.Fatalf("the container tests need a Docker engine (run ci/docker.sh first): %v", err)
	}
	defer ct.Close()
	ref := fmt.Sprintf("%s:%x", repo, h.Sum(nil)[:8])
	if img, err := ct.Image(ctx, ref); err == nil {
		return img
	}
	var log bytes.Buffer
	img, err := ct.Build(ctx, transport.BuildRequest{Context: buf.Bytes(), Ref: ref, Base: base, Labels: map[string]string{"org.conform.test": "byoi"}, Log: &log})
	if err != nil {
		t.Fatalf("building %s on %s: %v\n%s", ref, base, err, log.String())
	}
	return img
}

// An image the user built runs as an outside implementation with the
// container transport's hardening (internal/transport.Container: no
// network, read-only root, a non-root user, memory and pids limits), here
// the Go reference's harness with a seeded bug, statically linked, on the
// local base image. The header records the image and its ID, and the
// repro line names the image by ID and reruns it.
func TestOutsideImageFindsTheBug(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "conform-harness"), module.Package("cmd/conform-harness"))
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dockerfile := "ARG BASE\nFROM ${BASE}\nCOPY conform-harness /team/conform-harness\nUSER 65532:65532\n" +
		"ENTRYPOINT [\"/team/conform-harness\", \"--fake\", \"codepoint-sort\"]\n"
	if err := os.WriteFile(filepath.Join(dir, "Dockerfile"), []byte(dockerfile), 0o644); err != nil {
		t.Fatal(err)
	}
	img := buildImage(t, dir, "conform-byoi-test-go")
	jcs, _ := sortContract(t)
	path := filepath.Join(t.TempDir(), "run.jsonl")
	r := conform(t, "", "run", "--contract", jcs, "--impl", "team=image:"+img.Ref, "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	m := findMeta(t, rep, "team")
	if m.Outside != "--impl" || m.Transport != "container" || m.Image != img.Ref || m.ImageID != img.ID || m.Name != "conform-fake-codepoint-sort" ||
		strings.Join(m.Command, " ") != "/team/conform-harness --fake codepoint-sort" {
		t.Errorf("header: %+v", m)
	}
	if rep.Header.Transport != "local" {
		t.Errorf("the run's transport is still local: %s", rep.Header.Transport)
	}
	row := disagreeing(t, rep, "team")
	if !strings.Contains(row.Repro, "--impl 'team=image:"+img.ID+"'") {
		t.Fatalf("repro %s: want the image by ID", row.Repro)
	}
	if again := rerun(t, row.Repro); again.code != report.ExitDisagree || !strings.Contains(again.stdout, "team: wrong-output") {
		t.Errorf("the repro line %s: exit %d\n%s", row.Repro, again.code, again.stderr)
	}
}

// A repro line of an outside command given relative to the working
// directory (a program ./team-harness) runs from any directory: it goes
// to the directory conform ran in first. Run by sh from elsewhere, with
// the built conform in place of this test binary, it finds the bug again.
func TestOutsideReproLineRunsAnywhere(t *testing.T) {
	jcs, _ := sortContract(t)
	bin, harness := conformBinary(t), harnessBin(t)
	dir := t.TempDir()
	b, err := os.ReadFile(harness)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "team-harness"), b, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.jsonl")
	t.Chdir(dir)
	r := conform(t, "", "run", "--contract", jcs, "--impl", "team=./team-harness --fake codepoint-sort", "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	row := disagreeing(t, readReport(t, path), "team")
	prefix := "cd " + repro.Quote(dir) + " && " + repro.Invocation() + " repro "
	if !strings.HasPrefix(row.Repro, prefix) || !strings.Contains(row.Repro, "--impl 'team=./team-harness --fake codepoint-sort'") {
		t.Fatalf("repro %s: want it to start with %s", row.Repro, prefix)
	}
	line := strings.Replace(row.Repro, repro.Invocation(), shellquote.Join(bin), 1) + " --format jsonl"
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = t.TempDir()
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != report.ExitDisagree {
		t.Fatalf("%s, from %s: %v\n%s", line, cmd.Dir, err, out)
	}
	again, err := report.Read(bytes.NewReader(out), "rerun")
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Rows) != 2 || again.Rows[1].Impl != "team" || again.Rows[1].Outcome != report.WrongOutput {
		t.Errorf("the rerun: %+v", again.Rows)
	}
}

// An image takes arguments, which replace its CMD as docker run's do:
// one image is each variant of a library. The image here runs the Go
// reference's harness (its ENTRYPOINT), by default as the reference (its
// CMD, --fake=); with the arguments --fake codepoint-sort, with the
// seeded bug. On the command line (NAME=image:REF -- ARGS) and in a
// configuration file (args); the header records the command, and the
// repro line names the image by ID with its arguments and reruns the
// variant. The image is removed at the end.
func TestOutsideImageArguments(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "conform-harness"), module.Package("cmd/conform-harness"))
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dockerfile := "ARG BASE\nFROM ${BASE}\nCOPY conform-harness /team/conform-harness\nUSER 65532:65532\n" +
		"ENTRYPOINT [\"/team/conform-harness\"]\nCMD [\"--fake=\"]\n"
	if err := os.WriteFile(filepath.Join(dir, "Dockerfile"), []byte(dockerfile), 0o644); err != nil {
		t.Fatal(err)
	}
	img := buildImage(t, dir, "conform-byoi-test-args")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		ct, err := transport.NewContainer(ctx, transport.ContainerOptions{})
		if err != nil {
			t.Errorf("removing %s: %v", img.Ref, err)
			return
		}
		defer ct.Close()
		if _, err := ct.Client().ImageRemove(ctx, img.Ref, client.ImageRemoveOptions{PruneChildren: true}); err != nil {
			t.Errorf("removing %s: %v", img.Ref, err)
		}
	})
	jcs, _ := sortContract(t)
	run := func(args ...string) (result, report.Report) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "run.jsonl")
		r := conform(t, "", append([]string{"run", "--contract", jcs, "--report", path}, args...)...)
		if r.code != report.ExitAgree && r.code != report.ExitDisagree {
			t.Fatalf("%v: exit %d\n%s\n%s", args, r.code, r.stdout, r.stderr)
		}
		return r, readReport(t, path)
	}
	// The image's own CMD: the reference, which agrees.
	r, rep := run("--impl", "team=image:"+img.Ref)
	if m := findMeta(t, rep, "team"); r.code != report.ExitAgree || strings.Join(m.Command, " ") != "/team/conform-harness --fake=" || m.Name != "conform-go-reference" {
		t.Errorf("without arguments: exit %d, header %+v", r.code, m)
	}
	// Its arguments in place of the CMD: the variant with the bug.
	r, rep = run("--impl", "team=image:"+img.Ref+" -- --fake codepoint-sort")
	m := findMeta(t, rep, "team")
	if r.code != report.ExitDisagree || strings.Join(m.Command, " ") != "/team/conform-harness --fake codepoint-sort" ||
		m.Name != "conform-fake-codepoint-sort" || m.Image != img.Ref || m.ImageID != img.ID {
		t.Errorf("with arguments: exit %d, header %+v", r.code, m)
	}
	row := disagreeing(t, rep, "team")
	if !strings.Contains(row.Repro, "--impl 'team=image:"+img.ID+" -- --fake codepoint-sort'") {
		t.Fatalf("repro %s: want the image by ID with its arguments", row.Repro)
	}
	if again := rerun(t, row.Repro); again.code != report.ExitDisagree || !strings.Contains(again.stdout, "team: wrong-output") {
		t.Errorf("the repro line %s: exit %d\n%s", row.Repro, again.code, again.stderr)
	}
	// The same from a configuration file.
	cfg := filepath.Join(t.TempDir(), "conform.yaml")
	text := "impl:\n  - name: team\n    image: " + img.Ref + "\n    args: [--fake, codepoint-sort]\n"
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r, rep = run("--config", cfg, "--impl", "team")
	if m := findMeta(t, rep, "team"); r.code != report.ExitDisagree || strings.Join(m.Command, " ") != "/team/conform-harness --fake codepoint-sort" {
		t.Errorf("args in %s: exit %d, header %+v", cfg, r.code, m)
	}
}
