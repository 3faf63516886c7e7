package singlecause

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mutation/control"
	"github.com/conform-dev/conform/internal/mutation/weaken"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/reference"
)

// fake is a scripted implementation of contract t/1: each input names the
// guard that refuses it ("g:msg") or is accepted; ignoring a guard makes
// its inputs accepted, except those listed in sticky (they stay refused)
// and those in leak (ignoring the key changes that input's answer).
type fake struct {
	guards  []protocol.Guard
	ignored map[string]bool
	sticky  map[string]bool
	leak    map[string]string // ignored message -> input whose answer changes
	unknown bool
}

func (f *fake) Name() string { return "fake" }
func (f *fake) Implementation() impl.Info {
	return impl.Info{Contracts: map[string][]string{"t/1": {"op"}, "u/1": {"op"}}}
}
func (f *fake) Guards(context.Context) ([]protocol.Guard, error) { return f.guards, nil }
func (f *fake) SetIgnore(_ context.Context, pairs []protocol.GuardPair) ([]protocol.GuardPair, error) {
	f.ignored = map[string]bool{}
	for _, p := range pairs {
		f.ignored[p.Message] = true
	}
	if f.unknown {
		return pairs, nil
	}
	return nil, nil
}
func (f *fake) RunBatch(_ context.Context, jobs []impl.Job) []impl.Result {
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		in := string(j.Input)
		msg, refused := strings.CutPrefix(in, "g:")
		msg, _, _ = strings.Cut(msg, "#")
		changed := false
		for m := range f.ignored {
			if f.leak[m] == in {
				changed = true
			}
		}
		switch {
		case changed:
			out[i] = impl.Result{Outcome: protocol.OutcomeOK, Output: []byte("leaked")}
		case refused && (!f.ignored[msg] || f.sticky[in]):
			out[i] = impl.Result{Outcome: protocol.OutcomeRefused, Message: msg}
		default:
			out[i] = impl.Result{Outcome: protocol.OutcomeOK, Output: []byte(in)}
		}
	}
	return out
}

// SetShift: the scripted implementation has no shift control.
func (f *fake) SetShift(context.Context, []protocol.Shift) ([]protocol.ThresholdPair, error) {
	return nil, harness.ErrNoShift
}

var _ control.Impl = (*fake)(nil)

func refusedCase(input, msg, exception string) vectors.Case {
	return vectors.Case{ID: vectors.CaseID("t/1", "op", []byte(input)), Name: input, Contract: "t/1", Op: "op",
		Input: []byte(input), Expect: vectors.ExpectRefused, Message: msg, Exception: exception, Source: "test"}
}

func okCase(input string) vectors.Case {
	return vectors.Case{ID: vectors.CaseID("t/1", "op", []byte(input)), Name: input, Contract: "t/1", Op: "op",
		Input: []byte(input), Expect: vectors.ExpectOK, Output: []byte(input), Source: "test"}
}

func guard(code, msg string) protocol.Guard {
	return protocol.Guard{Contract: "t/1", Code: code, Message: msg}
}

func verdict(t *testing.T, r Result, msg string) Guard {
	t.Helper()
	for _, g := range r.Guards {
		if g.Message == msg {
			return g
		}
	}
	t.Fatalf("no verdict for %q in %+v", msg, r.Guards)
	return Guard{}
}

func TestVerdicts(t *testing.T) {
	cases := []vectors.Case{
		okCase("plain"),
		refusedCase("g:a#1", "a", ""),
		refusedCase("g:a#2", "a", ""),
		refusedCase("g:b#1", "b", ""),
		refusedCase("g:b#2", "b", "shadowed"),
		refusedCase("g:c#1", "c", ""),
		refusedCase("g:syn#1", "syn", "grammar"),
		refusedCase("g:syn#2", "syn", "grammar"),
		refusedCase("g:leaky#1", "leaky", ""),
		refusedCase("g:orphan#1", "orphan", ""),
	}
	f := &fake{
		guards: []protocol.Guard{guard("t.a", "a"), guard("t.b", "b"), guard("t.c", "c"), guard("t.syn", "syn"),
			guard("t.leaky", "leaky"), guard("t.none", "none")},
		sticky: map[string]bool{"g:b#2": true, "g:c#1": true, "g:syn#1": true, "g:syn#2": true},
		leak:   map[string]string{"leaky": "plain"},
	}
	r := Audit(context.Background(), cases, f, Options{})
	if r.Broke != "" || len(r.Baseline) != 0 {
		t.Fatalf("broke %q, baseline %v", r.Broke, r.Baseline)
	}
	want := map[string]Status{"a": Flipped, "b": Exception, "c": Broken, "syn": Exception, "leaky": Broken, "none": Broken, "orphan": Broken}
	for msg, st := range want {
		if g := verdict(t, r, msg); g.Status != st {
			t.Errorf("%s: %s, want %s (%v)", msg, g.Status, st, g.Reasons)
		}
	}
	if g := verdict(t, r, "a"); g.Flipped != 2 || g.Aimed != 2 || !g.Ran {
		t.Errorf("a: %+v", g)
	}
	if g := verdict(t, r, "b"); g.Excepted["shadowed"] != 1 || g.Flipped != 1 {
		t.Errorf("b: %+v", g)
	}
	if g := verdict(t, r, "c"); len(g.Unflipped) != 1 || g.Unflipped[0].Vector.Name != "g:c#1" {
		t.Errorf("c: %+v", g)
	}
	if g := verdict(t, r, "syn"); g.Ran || !strings.Contains(g.Reasons[0], "grammar") {
		t.Errorf("grammar guard was run or not explained: %+v", g)
	}
	if g := verdict(t, r, "leaky"); len(g.Collateral) != 1 || g.Collateral[0].Vector.Name != "plain" {
		t.Errorf("leaky: %+v", g)
	}
	if g := verdict(t, r, "none"); !strings.Contains(g.Reasons[0], "no vector") {
		t.Errorf("none: %+v", g)
	}
	if g := verdict(t, r, "orphan"); g.Code != "" || !strings.Contains(g.Reasons[0], "not in the implementation's guard table") {
		t.Errorf("orphan: %+v", g)
	}
	if r.OK() {
		t.Error("OK with broken guards")
	}
	// Guards with no vectors and grammar guards are not run; a, b, c,
	// leaky are, after the baseline.
	if r.Runs != 5 {
		t.Errorf("%d batches, want 5", r.Runs)
	}
	if len(f.ignored) != 0 {
		t.Errorf("the ignore set is left at %v", f.ignored)
	}

	// Probing the grammar guard: its vectors stay refused, nothing
	// changes, so it is an exception that ran.
	r = Audit(context.Background(), cases, f, Options{ProbeGrammar: true})
	if g := verdict(t, r, "syn"); g.Status != Exception || !g.Ran {
		t.Errorf("probed grammar guard: %+v", g)
	}
	// A grammar guard whose ignoring lets a vector through is broken when
	// probed.
	delete(f.sticky, "g:syn#2")
	r = Audit(context.Background(), cases, f, Options{ProbeGrammar: true})
	if g := verdict(t, r, "syn"); g.Status != Broken || len(g.Collateral) != 1 {
		t.Errorf("leaky grammar guard, probed: %+v", g)
	}

	// An implementation that answers the ignore as unknown is broken.
	f.unknown = true
	r = Audit(context.Background(), cases, f, Options{})
	if g := verdict(t, r, "a"); g.Status != Broken || !strings.Contains(g.Reasons[0], "unknown") {
		t.Errorf("unknown: %+v", g)
	}

	var buf bytes.Buffer
	WriteText(&buf, []Result{r})
	for _, s := range []string{"t.a", "broken", "why:", "fake: 7 guards"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, buf.String())
		}
	}
}

// A guard whose ignoring changes a vector of another contract is broken,
// whether every vector is rerun for every guard or the other contracts are
// swept once per contract and the change traced back.
// A fuzz finding (a case from vectors/findings/) is not single-cause
// evidence: a guard whose only aimed vector is a finding has none.
func TestFindingsAreLeftOut(t *testing.T) {
	finding := refusedCase("g:f#1", "f", "")
	finding.File = vectors.FindingsDir + "/t/fuzz-op.jsonl"
	finding.Source = "my-vectors/" + finding.File + ":2"
	cases := []vectors.Case{okCase("plain"), refusedCase("g:a#1", "a", ""), finding}
	f := &fake{guards: []protocol.Guard{guard("t.a", "a"), guard("t.f", "f")}}
	r := Audit(context.Background(), cases, f, Options{})
	if r.Broke != "" {
		t.Fatal(r.Broke)
	}
	if g := verdict(t, r, "a"); g.Status != Flipped {
		t.Errorf("a: %s %v", g.Status, g.Reasons)
	}
	if g := verdict(t, r, "f"); g.Status != Broken || g.Aimed != 0 {
		t.Errorf("f: %s aimed %d, want broken with no aimed vector", g.Status, g.Aimed)
	}
}

func TestCrossContractLeak(t *testing.T) {
	other := okCase("other")
	other.Contract, other.ID = "u/1", vectors.CaseID("u/1", "op", other.Input)
	cases := []vectors.Case{okCase("plain"), refusedCase("g:a#1", "a", ""), refusedCase("g:b#1", "b", ""), other}
	for _, all := range []bool{false, true} {
		f := &fake{guards: []protocol.Guard{guard("t.a", "a"), guard("t.b", "b")}, leak: map[string]string{"b": "other"}}
		r := Audit(context.Background(), cases, f, Options{RerunAll: all})
		if g := verdict(t, r, "a"); g.Status != Flipped {
			t.Errorf("rerun-all %v: a: %s %v", all, g.Status, g.Reasons)
		}
		g := verdict(t, r, "b")
		if g.Status != Broken || len(g.Collateral) != 1 || g.Collateral[0].Vector.Name != "other" {
			t.Errorf("rerun-all %v: b: %s %v %+v", all, g.Status, g.Reasons, g.Collateral)
		}
		// Scoped: baseline, a and b on t/1 (3 vectors), one sweep of u/1,
		// and b and a alone on the changed vector. Rerun-all: baseline,
		// a and b on all 4.
		want := map[bool][2]int{false: {6, 4 + 3 + 3 + 1 + 1 + 1}, true: {3, 12}}[all]
		if r.Runs != want[0] || r.Vectors != want[1] {
			t.Errorf("rerun-all %v: %d batches, %d vector runs; want %v", all, r.Runs, r.Vectors, want)
		}
	}
}

// goRef is the in-process Go reference behind the controls.
func goRef() control.Impl { return control.Reference(&runner.Reference{Version: "test"}) }

// The golden vectors prove every guard of the Go reference single-cause.
func TestGoReferenceSingleCause(t *testing.T) {
	cases, err := weaken.Cases(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	r := Audit(context.Background(), cases, goRef(), Options{})
	if !r.OK() {
		var buf bytes.Buffer
		WriteText(&buf, []Result{r})
		t.Fatalf("not every guard is single-cause:\n%s", buf.String())
	}
	n := 0
	for _, op := range reference.Operations() {
		n += len(op.Guards)
	}
	if len(r.Guards) == 0 || len(r.Guards) > n {
		t.Errorf("%d verdicts for %d table rows", len(r.Guards), n)
	}
	// Every threshold of the catalogue is proven too, each shift changing
	// some vector.
	var want []string
	for _, k := range spec.MustLoad().Contracts {
		for _, th := range k.Thresholds {
			want = append(want, k.Contract+" "+th.Name)
		}
	}
	var got []string
	for _, th := range r.Thresholds {
		got = append(got, th.Contract+" "+th.Name)
		if th.Status != Flipped || len(th.Shifts) == 0 || th.Declared == 0 {
			t.Errorf("%s %s: %s %+v", th.Contract, th.Name, th.Status, th)
		}
	}
	if len(want) == 0 || strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("threshold verdicts %v, want %v", got, want)
	}
}

// blind hides the reach of an implementation: the audit reruns whole
// scopes, as for a mirror.
type blind struct{ control.Impl }

// The reach of the in-process reference changes no verdict: on the
// vectors of the contracts with the most guards (and a weakened copy, so
// that some guard breaks), the audit with reach and without it give the
// same verdicts with the same reasons and collateral, while the one with
// reach runs fewer vectors.
func TestReachKeepsVerdicts(t *testing.T) {
	all, err := weaken.Cases(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for _, op := range reference.Operations() {
		per[op.Contract] = len(op.Guards)
	}
	var contracts []string
	for c := range per {
		contracts = append(contracts, c)
	}
	sort.Slice(contracts, func(i, j int) bool { return per[contracts[i]] < per[contracts[j]] })
	// The three smallest tables, to keep the blind audit short, and the
	// guard of a vector with its expectation broken.
	contracts = contracts[:3]
	var cases []vectors.Case
	broken := false
	for _, c := range all {
		if !slices.Contains(contracts, c.Contract) {
			continue
		}
		if !broken && c.Expect == vectors.ExpectRefused {
			c.Message, broken = "not the guard's message", true
		}
		cases = append(cases, c)
	}
	opts := Options{Contracts: contracts}
	seen := Audit(context.Background(), cases, goRef(), opts)
	full := Audit(context.Background(), cases, blind{goRef()}, opts)
	a, _ := json.Marshal(seen.Guards)
	b, _ := json.Marshal(full.Guards)
	if string(a) != string(b) {
		t.Errorf("verdicts with reach:\n%s\nwithout:\n%s", a, b)
	}
	if seen.Counts()[Broken] == 0 {
		t.Errorf("the vector with a wrong message broke no guard")
	}
	if seen.Unreached == 0 || seen.Vectors >= full.Vectors || full.Unreached != 0 {
		t.Errorf("with reach %d vector runs (%d left out), without %d (%d left out)", seen.Vectors, seen.Unreached, full.Vectors, full.Unreached)
	}
	t.Logf("%v: %d vector runs with reach, %d without", contracts, seen.Vectors, full.Vectors)
}

// Weakened vector sets make the audit report the guard they weaken as
// broken, through the real Go reference, and only that guard.
func TestWeakenedVectorSets(t *testing.T) {
	src := vectors.Embedded()
	full, err := weaken.Cases(src)
	if err != nil {
		t.Fatal(err)
	}
	// The guard with the fewest vectors aimed at it, not a grammar guard.
	count := map[[2]string][]string{}
	grammar := map[[2]string]bool{}
	var grammarCase vectors.Case
	for _, c := range full {
		if c.Expect != vectors.ExpectRefused {
			continue
		}
		k := [2]string{c.Contract, c.Message}
		count[k] = append(count[k], c.ID)
		if c.Exception == GrammarTag {
			grammar[k] = true
			grammarCase = c
		}
	}
	var fewest [2]string
	for k, ids := range count {
		if !grammar[k] && (fewest[0] == "" || len(ids) < len(count[fewest]) || (len(ids) == len(count[fewest]) && k[0]+k[1] < fewest[0]+fewest[1])) {
			fewest = k
		}
	}
	if fewest[0] == "" || grammarCase.ID == "" {
		t.Fatal("the vectors have no non-grammar guard or no grammar vector")
	}

	t.Run("guard-vectors-removed", func(t *testing.T) {
		fsys, err := weaken.Without(src, count[fewest]...)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := weaken.Cases(fsys)
		if err != nil {
			t.Fatal(err)
		}
		r := Audit(context.Background(), cases, goRef(), Options{})
		for _, g := range r.Guards {
			isTarget := g.Contract == fewest[0] && g.Message == fewest[1]
			switch {
			case isTarget && (g.Status != Broken || !strings.Contains(strings.Join(g.Reasons, " "), "no vector aims")):
				t.Errorf("%s %q with its %d vectors removed: %s %v", g.Contract, g.Message, len(count[fewest]), g.Status, g.Reasons)
			case !isTarget && g.Status == Broken:
				t.Errorf("%s %q broken too: %v", g.Contract, g.Message, g.Reasons)
			}
		}
	})

	t.Run("exception-tag-removed", func(t *testing.T) {
		// One grammar vector loses its tag: the grammar guard is then run
		// and that vector does not flip.
		fsys, err := weaken.Copy(src, func(_, id, line string) (string, bool) {
			if id == grammarCase.ID {
				line = strings.Replace(line, `,"exception":"grammar"`, "", 1)
			}
			return line, true
		})
		if err != nil {
			t.Fatal(err)
		}
		cases, err := weaken.Cases(fsys)
		if err != nil {
			t.Fatal(err)
		}
		r := Audit(context.Background(), cases, goRef(), Options{})
		for _, g := range r.Guards {
			isTarget := g.Contract == grammarCase.Contract && g.Message == grammarCase.Message
			switch {
			case isTarget && (g.Status != Broken || len(g.Unflipped) != 1 || g.Unflipped[0].Vector.ID != grammarCase.ID):
				t.Errorf("%s %q with one untagged grammar vector: %s %v", g.Contract, g.Message, g.Status, g.Reasons)
			case !isTarget && g.Status == Broken:
				t.Errorf("%s %q broken too: %v", g.Contract, g.Message, g.Reasons)
			}
		}
	})
}

// A guard its contract declares unreachable has no vector aimed at it: it
// is ignored and rerun all the same, and is an exception when nothing
// changes; it is broken when ignoring it changes a vector, or when a vector
// aims at it after all.
func TestDeclaredUnreachable(t *testing.T) {
	saved := declaredUnreachable
	defer func() { declaredUnreachable = saved }()
	declaredUnreachable = func(contract, message string) bool {
		return contract == "t/1" && strings.HasPrefix(message, "dead")
	}
	cases := []vectors.Case{
		okCase("plain"),
		refusedCase("g:a#1", "a", ""),
		refusedCase("g:deadaimed#1", "deadaimed", ""),
	}
	f := &fake{
		guards: []protocol.Guard{guard("t.a", "a"), guard("t.dead", "dead"), guard("t.deadleak", "deadleak"),
			guard("t.deadaimed", "deadaimed"), guard("t.none", "none")},
		leak: map[string]string{"deadleak": "plain"},
	}
	r := Audit(context.Background(), cases, f, Options{})
	if g := verdict(t, r, "dead"); g.Status != Exception || !g.Ran || !strings.Contains(g.Reasons[0], "declared unreachable") {
		t.Errorf("dead: %+v", g)
	}
	if g := verdict(t, r, "deadleak"); g.Status != Broken || !g.Ran || len(g.Collateral) != 1 {
		t.Errorf("deadleak: %+v", g)
	}
	if g := verdict(t, r, "deadaimed"); g.Status != Broken || g.Ran || !strings.Contains(g.Reasons[0], "1 vectors aim at it") {
		t.Errorf("deadaimed: %+v", g)
	}
	if g := verdict(t, r, "none"); g.Status != Broken || !strings.Contains(g.Reasons[0], "no vector") {
		t.Errorf("none: %+v", g)
	}
}
