package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/mutation/inventory"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/mutation/stryker"
	"github.com/conform-dev/conform/internal/mutation/weaken"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

func guardsJSON(t *testing.T, args ...string) (inventory.Inventory, result) {
	t.Helper()
	r := conform(t, "", append([]string{"guards", "--format", "json"}, args...)...)
	var inv inventory.Inventory
	if err := json.Unmarshal([]byte(r.stdout), &inv); err != nil {
		t.Fatalf("exit %d, stdout is not the inventory: %v\n%s\n%s", r.code, err, r.stdout, r.stderr)
	}
	return inv, r
}

// The three implementations' guard tables, asked through the real
// harnesses, list identical (contract, code, message) sets per contract,
// every guard has a vector and a Go refusal site, and nothing is flagged.
func TestGuardTablesIdentical(t *testing.T) {
	inv, r := guardsJSON(t)
	if r.code != 0 || inv.Problems() != 0 {
		t.Fatalf("exit %d, %d problems\n%s", r.code, inv.Problems(), r.stderr)
	}
	if len(inv.Impls) != 3 || !inv.SitesKnown || len(inv.Entries) == 0 {
		t.Fatalf("impls %v, sites known %v, %d entries", inv.Impls, inv.SitesKnown, len(inv.Entries))
	}
	perContract := map[string]int{}
	for _, e := range inv.Entries {
		perContract[e.Contract]++
		if len(e.Codes) != 3 || e.Codes["go"] != e.Codes["ts"] || e.Codes["go"] != e.Codes["python"] {
			t.Errorf("%s %q: codes %v", e.Contract, e.Message, e.Codes)
		}
		// A guard its contract declares unreachable has no vector
		// (vectors.DeclaredUnreachable).
		if e.Vectors == 0 && !vectors.DeclaredUnreachable(e.Contract, e.Message) || len(e.Sites) == 0 {
			t.Errorf("%s %q: %d vectors, sites %v", e.Contract, e.Message, e.Vectors, e.Sites)
		}
	}
	for _, c := range inv.Contracts {
		if perContract[c] == 0 {
			t.Errorf("contract %s has no guard", c)
		}
	}
	text := conform(t, "", "guards")
	if text.code != 0 || !strings.Contains(text.stdout, "no flags") {
		t.Errorf("text: exit %d\n%s", text.code, text.stdout)
	}
}

// weakDir writes a copy of the embedded vectors, edited, to a directory.
func weakDir(t *testing.T, edit weaken.Edit) string {
	t.Helper()
	fsys, err := weaken.Copy(vectors.Embedded(), edit)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := weaken.WriteDir(fsys, dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// fewestVectors is the non-grammar guard with the fewest vectors aimed at
// it, and their ids.
func fewestVectors(t *testing.T) (contract, message string, ids map[string]bool) {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	by := map[[2]string]map[string]bool{}
	grammar := map[[2]string]bool{}
	for _, c := range vectors.Cases(files) {
		if c.Expect != vectors.ExpectRefused {
			continue
		}
		k := [2]string{c.Contract, c.Message}
		if by[k] == nil {
			by[k] = map[string]bool{}
		}
		by[k][c.ID] = true
		grammar[k] = grammar[k] || c.Exception == "grammar"
	}
	var best [2]string
	for k, v := range by {
		if !grammar[k] && (best[0] == "" || len(v) < len(by[best]) || (len(v) == len(by[best]) && k[0]+k[1] < best[0]+best[1])) {
			best = k
		}
	}
	return best[0], best[1], by[best]
}

// `conform guards` flags a message no vector aims at and a vector whose
// message no implementation has: every vector of one guard is removed but
// one, whose message is replaced.
func TestGuardsFlags(t *testing.T) {
	contract, message, ids := fewestVectors(t)
	var enc strings.Builder
	e := json.NewEncoder(&enc)
	e.SetEscapeHTML(false)
	if err := e.Encode(message); err != nil {
		t.Fatal(err)
	}
	old := strings.TrimSuffix(enc.String(), "\n")
	renamed := false
	dir := weakDir(t, func(_, id, line string) (string, bool) {
		if !ids[id] {
			return line, true
		}
		if renamed {
			return line, false
		}
		renamed = true
		return strings.Replace(line, `"message":`+old, `"message":"no implementation has this message"`, 1), true
	})
	r := conform(t, "", "guards", "--vectors", dir)
	if r.code != 1 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, s := range []string{
		contract + " ", message + `": no vector aims at this message`,
		`"no implementation has this message": 1 vectors aim at this message and no implementation has it`,
	} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, r.stdout)
		}
	}
}

// auditedHere is the most refusals a contract may have for its
// three-language single-cause audit to run in this package's tests: each
// guard reruns the contract's vectors in every implementation, so a
// contract of hundreds of guards and thousands of sealed vectors takes an
// hour on 2 cores. Those audits run in the pull request's and the
// nightly's ci/mutation.sh, one job per contract.
const auditedHere = 100

// The single-cause audit of every guard of every contract of at most
// auditedHere refusals, in the three implementations, through the real
// harnesses, passes. Its speed target is BenchmarkMutateSingleCause's, not
// this test's.
func TestMutateSingleCause(t *testing.T) {
	args := []string{"mutate", "--single-cause"}
	thresholds := 0
	for _, k := range spec.MustLoad().Contracts {
		if len(k.Refusals) <= auditedHere {
			args = append(args, "--contract", k.Contract)
			thresholds += len(k.Thresholds)
		}
	}
	if len(args) < 4 || thresholds == 0 {
		t.Fatal("no contract small enough to audit here, or none with thresholds")
	}
	r := conform(t, "", args...)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	// Every threshold is proven in all three implementations, each through
	// its harness's shift control.
	every := fmt.Sprintf("%d threshold verdicts: %d flipped, 0 exception, 0 broken", 3*thresholds, 3*thresholds)
	for _, s := range []string{"== single-cause audit: go, ts, python", "why:", " 0 broken", "exit code 0", every} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, r.stdout)
		}
	}
}

// BenchmarkMutateSingleCause times the whole single-cause audit of every
// guard in the three implementations, harness start included:
//
//	go test -run '^$' -bench MutateSingleCause -benchtime 1x ./cli/
func BenchmarkMutateSingleCause(b *testing.B) {
	args := []string{"mutate", "--single-cause"}
	if os.Getenv("CONFORM_BENCH_SMOKE") == "1" {
		// The smoke test of ci/test.sh: the same audit of one contract,
		// the one with the fewest golden vectors, not of every contract
		// (about an hour on 2 cores).
		args = append(args, "--contract", smallestContract(b))
	}
	for i := 0; i < b.N; i++ {
		var out, errb bytes.Buffer
		if code := Main(args, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}); code != 0 {
			b.Fatalf("exit %d\n%s", code, errb.String())
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/audit")
}

// With every vector aimed at one guard removed, the audit reports that
// guard broken in all three implementations, and exits 1.
func TestMutateSingleCauseWeakened(t *testing.T) {
	contract, message, ids := fewestVectors(t)
	dir := weakDir(t, func(_, id, line string) (string, bool) { return line, !ids[id] })
	r := conform(t, "", "mutate", "--single-cause", "--vectors", dir, "--contract", contract, "--format", "json")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	var res mutateResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.SingleCause) != 3 {
		t.Fatalf("%d implementations audited", len(res.SingleCause))
	}
	for _, im := range res.SingleCause {
		for _, g := range im.Guards {
			broken := g.Status == "broken"
			if (g.Message == message) != broken {
				t.Errorf("%s %s %q: %s %v", im.Impl, g.Contract, g.Message, g.Status, g.Reasons)
			}
		}
	}
}

// Source mutation through the CLI: a few mutants, the JSON report in the
// mutation-testing-elements schema, written atomically and not over an
// existing file.
func TestMutateMutantsReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mutation.json")
	args := []string{"mutate", "--mutants", "--mutator", "GuardNegate", "--max-mutants", "2", "--report", path}
	r := conform(t, "", args...)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, s := range []string{"== source mutation of the Go reference", "2 tried", "score 100.0%"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, r.stdout)
		}
	}
	rep := readMutationReport(t, path)
	n := 0
	for _, f := range rep.Files {
		for _, m := range f.Mutants {
			n++
			if m.Status != "Killed" || len(m.KilledBy) != 1 {
				t.Errorf("mutant %s: %s %v", m.ID, m.Status, m.KilledBy)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d mutants in the report", n)
	}
	again := conform(t, "", args...)
	if again.code != 2 || !strings.Contains(again.stderr, "exists") {
		t.Errorf("over an existing report: exit %d %s", again.code, again.stderr)
	}
}

// readMutationReport reads the mutation report (--report) at path, which
// must validate.
func readMutationReport(t *testing.T, path string) stryker.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := stryker.Validate(data); err != nil {
		t.Fatalf("report: %v", err)
	}
	var rep stryker.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestMutateUsage(t *testing.T) {
	undeclared := ""
	for _, k := range spec.MustLoad().Contracts {
		if k.Shapes == "" {
			undeclared = k.Contract
			break
		}
	}
	if undeclared == "" {
		t.Fatal("every contract declares its shapes")
	}
	for _, args := range [][]string{
		{"mutate", "--format", "xml"},
		{"mutate", "--single-cause", "--report", "x.json"},
		{"mutate", "--rows", "--mutator", "Nope"},
		// Parts that would try nothing and pass.
		{"mutate", "--rows", "--contract", undeclared},
		{"mutate", "--rows", "--mutator", "GuardDelete"},
		{"mutate", "--mutants", "--mutator", "RuleDrop"},
		{"mutate", "--mutants", "--rows", "--mutant", "nosuchrow/0/RuleDrop"},
		{"mutate", "--mutants", "--mutator", "Nope"},
		{"mutate", "--mutants", "--mutant", "ffffffffffff"},
		{"guards", "--format", "xml"},
		{"mutate", "--contract", "nope/1"},
	} {
		if r := conform(t, "", args...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, r.code, r.stderr)
		}
	}
}

// The equivalence declarations each contract keeps in its package's
// equivalent.jsonl load by default, each names exactly one mutant of the
// source, and none is stale; a package's file that declares a mutant of
// another package, or a declaration that matches several mutants, is a
// usage error. (The whole audit, which checks that each declared mutant
// survives, runs in ci/test.sh.)
func TestEquivalenceDeclarationsNameOneMutantEach(t *testing.T) {
	src, err := scanSource(context.Background(), "../..")
	if err != nil {
		t.Fatal(err)
	}
	eqs, err := loadEquivalents(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(eqs) == 0 {
		t.Fatal("no equivalence declaration loaded by default")
	}
	for _, e := range eqs {
		n := 0
		for _, m := range src.Mutants {
			if e.Matches(m) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s matches %d mutants", e.Where(), n)
		}
		if !strings.HasPrefix(e.Source, "reference/") || path.Dir(e.Source) != path.Dir(e.File) {
			t.Errorf("%s declares %s: not its own package's file", e.Where(), e.File)
		}
	}
	if stale := mutant.Stale(eqs, src.Mutants); len(stale) != 0 {
		t.Errorf("stale declarations: %v", stale)
	}
	// --declared-only tries exactly the declared mutants, one each.
	if got := declared(src.Mutants, eqs); len(got) != len(eqs) {
		t.Errorf("--declared-only picks %d mutants for %d declarations", len(got), len(eqs))
	}
	// Ambiguous: a declaration without its occurrence, where the source
	// has several alike.
	var alike *mutant.Mutant
	seen := map[string]int{}
	for i, m := range src.Mutants {
		k := m.File + m.Site.Code + m.Site.Cond + string(m.Mutator) + m.Original + m.Replacement
		if seen[k]++; seen[k] == 2 {
			alike = &src.Mutants[i]
			break
		}
	}
	if alike == nil {
		t.Fatal("no two mutants alike but for their occurrence in the source")
	}
	decl, _ := json.Marshal(map[string]any{"file": alike.File, "code": alike.Site.Code, "cond": alike.Site.Cond,
		"mutator": alike.Mutator, "original": alike.Original, "replacement": alike.Replacement, "why": "w"})
	p := filepath.Join(t.TempDir(), "eq.jsonl")
	if err := os.WriteFile(p, append(decl, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadEquivalents(src, []string{p}); err == nil || !strings.Contains(err.Error(), "matches") || !strings.Contains(err.Error(), "occurrence") {
		t.Errorf("an ambiguous declaration: %v", err)
	}
	r := conform(t, "", "mutate", "--mutants", "--source", "../..", "--equivalent", p)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, p+":1: the declaration matches") {
		t.Errorf("mutate with an ambiguous declaration: exit %d, %q", r.code, r.stderr)
	}
	// A package's declarations name its own files only.
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	other := `{"file":"b/b.go","code":"x.y","cond":"c","mutator":"GuardNegate","original":"c","replacement":"!(c)","why":"w"}` + "\n"
	if err := os.WriteFile(filepath.Join(root, "a", "equivalent.jsonl"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	fake := &mutant.Set{Root: root, Packages: []*mutant.Package{{Dir: "a"}}}
	if _, err := loadEquivalents(fake, nil); err == nil || !strings.Contains(err.Error(), "a/equivalent.jsonl:1: declares a mutant of b/b.go, outside its package a") {
		t.Errorf("a declaration of another package's mutant: %v", err)
	}
}

// smallestContract is the contract with the fewest golden vectors.
func smallestContract(tb testing.TB) string {
	tb.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		tb.Fatal(err)
	}
	n := map[string]int{}
	for _, c := range vectors.Cases(files) {
		n[c.Contract]++
	}
	best := ""
	for c, k := range n {
		if best == "" || k < n[best] || k == n[best] && c < best {
			best = c
		}
	}
	if best == "" {
		tb.Fatal("no golden vectors")
	}
	return best
}
