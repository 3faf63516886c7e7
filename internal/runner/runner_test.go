package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// scripted is an Impl that answers from a table keyed by input.
type scripted struct {
	name    string
	answers map[string]impl.Result
	breaks  []string
}

func (s *scripted) Name() string { return s.name }
func (s *scripted) Implementation() impl.Info {
	return impl.Info{Contracts: map[string][]string{"t/1": {"op"}}}
}
func (s *scripted) RunBatch(_ context.Context, jobs []impl.Job) []impl.Result {
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		out[i] = s.answers[string(j.Input)]
	}
	return out
}
func (s *scripted) Restarts() int     { return len(s.breaks) }
func (s *scripted) Quarantined() bool { return false }
func (s *scripted) Breaks() []string  { return s.breaks }
func (s *scripted) Close()            {}

func ok(out string) impl.Result {
	return impl.Result{Outcome: impl.OK, Output: []byte(out)}
}
func refused(m string) impl.Result {
	return impl.Result{Outcome: impl.Refused, Message: m}
}

type rows struct {
	h    report.Header
	rows []report.Row
	f    report.Footer
}

func (r *rows) Header(h report.Header) { r.h = h }
func (r *rows) Row(x report.Row)       { r.rows = append(r.rows, x) }
func (r *rows) Footer(f report.Footer) { r.f = f }

func tcase(input string, e vectors.Expect, out, msg string) vectors.Case {
	return vectors.Case{ID: vectors.CaseID("t/1", "op", []byte(input)), Name: input, Contract: "t/1", Op: "op",
		Input: []byte(input), Expect: e, Output: []byte(out), Message: msg, Source: "test"}
}

func TestClassification(t *testing.T) {
	cases := []vectors.Case{
		tcase("agree-ok", vectors.ExpectOK, "A", ""),
		tcase("agree-ref", vectors.ExpectRefused, "", "m"),
		tcase("wrong-out", vectors.ExpectOK, "A", ""),
		tcase("wrong-msg", vectors.ExpectRefused, "", "m"),
		tcase("acc", vectors.ExpectRefused, "", "m"),
		tcase("rej", vectors.ExpectOK, "A", ""),
		tcase("err", vectors.ExpectOK, "A", ""),
		tcase("skip", vectors.ExpectOK, "A", ""),
		tcase("time", vectors.ExpectOK, "A", ""),
		tcase("any", vectors.ExpectRefusedAny, "", ""),
		tcase("ref", vectors.ExpectReference, "", ""),
	}
	ref := &scripted{name: "go", answers: map[string]impl.Result{
		"agree-ok": ok("A"), "agree-ref": refused("m"), "wrong-out": ok("A"), "wrong-msg": refused("m"),
		"acc": refused("m"), "rej": ok("A"), "err": ok("A"), "skip": ok("A"), "time": ok("A"),
		"any": refused("ref message"), "ref": ok("R"),
	}}
	mirror := &scripted{name: "m", answers: map[string]impl.Result{
		"agree-ok": ok("A"), "agree-ref": refused("m"), "wrong-out": ok("B"), "wrong-msg": refused("other"),
		"acc": ok(""), "rej": refused("m"), "err": {Outcome: impl.Errored, Message: "boom"},
		"skip": {Outcome: impl.Skipped, Reason: "no"}, "time": {Outcome: impl.Timeout, Uncaught: true},
		"any": refused("other message"), "ref": ok("R"),
	}}
	var got rows
	foot := Run(context.Background(), cases, []impl.Impl{ref, mirror}, report.Header{}, Options{
		Repro: func(c vectors.Case, impl string) string { return "repro " + c.ID + " " + impl },
	}, &got)
	want := []report.Outcome{report.Agree, report.Agree, report.WrongOutput, report.WrongMessage,
		report.AcceptedShouldRefuse, report.RefusedShouldAccept, report.Errored, report.Skipped, report.Timeout,
		report.WrongMessage, report.Agree}
	if len(got.rows) != 2*len(cases) {
		t.Fatalf("%d rows", len(got.rows))
	}
	for i, w := range want {
		r := got.rows[2*i+1]
		if r.Outcome != w {
			t.Errorf("%s: outcome %s, want %s", cases[i].Name, r.Outcome, w)
		}
		if r.Outcome.Disagrees() != (r.Repro != "") || r.Outcome.Disagrees() != (r.Input != nil) {
			t.Errorf("%s: repro %q input %q: disagreements and only they carry both", cases[i].Name, r.Repro, r.Input)
		}
		if refRow := got.rows[2*i]; refRow.Outcome != report.Agree {
			t.Errorf("%s: the reference row is %s", cases[i].Name, refRow.Outcome)
		}
	}
	if foot.Disagreements != 7 || foot.ExitCode != report.ExitDisagree {
		t.Errorf("footer %+v", foot)
	}
	if foot.Counts["m"][report.Agree] != 3 || foot.Counts["go"][report.Agree] != 11 {
		t.Errorf("counts %v", foot.Counts)
	}
	if got.h.Cases != len(cases) || got.f.ExitCode != foot.ExitCode {
		t.Error("sink did not get the completed header and footer")
	}
}

func TestExitCodes(t *testing.T) {
	cases := []vectors.Case{tcase("x", vectors.ExpectOK, "A", "")}
	good := func(name string) *scripted {
		return &scripted{name: name, answers: map[string]impl.Result{"x": ok("A")}}
	}
	if f := Run(context.Background(), cases, []impl.Impl{good("go"), good("m")}, report.Header{}, Options{}, &rows{}); f.ExitCode != report.ExitAgree {
		t.Errorf("agreement: exit %d", f.ExitCode)
	}
	broken := good("m")
	broken.breaks = []string{"timeout on t/1 op"}
	f := Run(context.Background(), cases, []impl.Impl{good("go"), broken}, report.Header{}, Options{}, &rows{})
	if f.ExitCode != report.ExitBroken || f.Restarts["m"] != 1 || len(f.Breaks["m"]) != 1 {
		t.Errorf("protocol break: %+v", f)
	}
}

func TestFailFastAndMaxDisagreements(t *testing.T) {
	var cases []vectors.Case
	answers := map[string]impl.Result{}
	for i := 0; i < 50; i++ {
		in := strings.Repeat("x", i+1)
		cases = append(cases, tcase(in, vectors.ExpectOK, "A", ""))
		answers[in] = ok("B")
	}
	ref := &scripted{name: "go", answers: answers}
	f := Run(context.Background(), cases, []impl.Impl{ref}, report.Header{}, Options{FailFast: true, Chunk: 10}, &rows{})
	if f.Stopped != "fail-fast" || f.Disagreements != 1 {
		t.Errorf("fail-fast: stopped %q after %d", f.Stopped, f.Disagreements)
	}
	f = Run(context.Background(), cases, []impl.Impl{ref}, report.Header{}, Options{MaxDisagreements: 25, Chunk: 10}, &rows{})
	if !strings.HasPrefix(f.Stopped, "max-disagreements") || f.Disagreements != 25 {
		t.Errorf("max: stopped %q after %d", f.Stopped, f.Disagreements)
	}
}

func TestInterruptedRunReportsNoAnswersOfItsLastChunk(t *testing.T) {
	var cases []vectors.Case
	answers := map[string]impl.Result{}
	for i := 0; i < 30; i++ {
		in := strings.Repeat("y", i+1)
		cases = append(cases, tcase(in, vectors.ExpectOK, "A", ""))
		answers[in] = ok("A")
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	ref := &cancelling{scripted: scripted{name: "go", answers: answers}, after: 2, cancel: cancel, calls: &calls}
	var got rows
	f := Run(ctx, cases, []impl.Impl{ref}, report.Header{}, Options{Chunk: 10}, &got)
	if f.Stopped != "interrupted" || f.ExitCode != report.ExitInterrupted || len(got.rows) != 10 {
		t.Errorf("stopped %q exit %d after %d rows; want interrupted, 130, the first chunk only", f.Stopped, f.ExitCode, len(got.rows))
	}
}

// cancelling cancels the run during its after-th batch.
type cancelling struct {
	scripted
	after  int
	cancel func()
	calls  *int
}

func (c *cancelling) RunBatch(ctx context.Context, jobs []impl.Job) []impl.Result {
	*c.calls++
	if *c.calls == c.after {
		c.cancel()
	}
	return c.scripted.RunBatch(ctx, jobs)
}

// Verdict against the reference's answer, as the fuzz differ asks it: the
// reference agrees with itself only when it answered ok or refused; a
// mirror's skip is a skip, not an agreement; and without an answer of the
// reference there is no expectation.
func TestVerdictAgainstTheReference(t *testing.T) {
	c := vectors.Case{Contract: "t/1", Op: "op", Input: []byte("x"), Expect: vectors.ExpectReference}
	for _, tc := range []struct {
		ref, got impl.Result
		want     report.Outcome
	}{
		{ok("A"), ok("A"), report.Agree},
		{ok(""), impl.Result{Outcome: impl.OK}, report.Agree},
		{ok("A"), ok("B"), report.WrongOutput},
		{refused("m"), refused("m"), report.Agree},
		{refused("m"), refused("n"), report.WrongMessage},
		{refused("m"), ok("A"), report.AcceptedShouldRefuse},
		{ok("A"), refused("m"), report.RefusedShouldAccept},
		{ok("A"), impl.Result{Outcome: impl.Skipped}, report.Skipped},
		{ok("A"), impl.Result{Outcome: impl.Timeout, Uncaught: true}, report.Timeout},
		{ok("A"), impl.Result{Outcome: impl.Errored, Uncaught: true}, report.Errored},
		{impl.Result{Outcome: impl.Errored}, ok("A"), report.Errored},
		{impl.Result{Outcome: impl.Errored}, impl.Result{Outcome: impl.Errored}, report.Errored},
		{impl.Result{Outcome: impl.Skipped}, impl.Result{Outcome: impl.Skipped}, report.Skipped},
	} {
		if got := Verdict(c, tc.ref, tc.got); got != tc.want {
			t.Errorf("reference %+v, got %+v: %s, want %s", tc.ref, tc.got, got, tc.want)
		}
	}
}

// undeclared is a scripted implementation whose handshake announces no
// contract.
type undeclared struct{ scripted }

func (undeclared) Implementation() impl.Info { return impl.Info{} }

// A skip of a case the implementation announced is no pass: the run
// exits 1, with the skip counted apart from disagreements, unless
// AllowSkips; a skip of a case it never announced is not one.
func TestSkipsOfAnnouncedCasesFailTheRun(t *testing.T) {
	cases := []vectors.Case{tcase("x", vectors.ExpectOK, "A", ""), tcase("y", vectors.ExpectOK, "A", "")}
	ref := &scripted{name: "go", answers: map[string]impl.Result{"x": ok("A"), "y": ok("A")}}
	skipper := &scripted{name: "m", answers: map[string]impl.Result{
		"x": {Outcome: impl.Skipped, Reason: "dropped"}, "y": {Outcome: impl.Skipped, Reason: "dropped"}}}
	header := func(allow bool, impls ...impl.Impl) report.Header {
		h := report.Header{AllowSkips: allow}
		for _, im := range impls {
			h.Impls = append(h.Impls, report.ImplMeta{Impl: im.Name(), Contracts: im.Implementation().Contracts})
		}
		return h
	}
	var got rows
	f := Run(context.Background(), cases, []impl.Impl{ref, skipper}, header(false, ref, skipper), Options{}, &got)
	if f.ExitCode != report.ExitDisagree || f.AnnouncedSkips != 2 || f.Disagreements != 0 || f.Counts["m"][report.Skipped] != 2 {
		t.Errorf("announced and skipped: %+v", f)
	}
	f = Run(context.Background(), cases, []impl.Impl{ref, skipper}, header(true, ref, skipper), Options{}, &rows{})
	if f.ExitCode != report.ExitAgree || f.AnnouncedSkips != 2 {
		t.Errorf("announced and skipped, --allow-skips: %+v", f)
	}
	silent := &undeclared{scripted{name: "m"}}
	f = Run(context.Background(), cases, []impl.Impl{ref, silent}, header(false, ref, silent), Options{}, &rows{})
	if f.ExitCode != report.ExitAgree || f.AnnouncedSkips != 0 || f.Counts["m"][report.Skipped] != 2 {
		t.Errorf("not announced: %+v", f)
	}
}

// The comparison modes of an implementation (report.ImplMeta.Compare): a
// refusal with another message than the one expected is wrong-message
// when the message is of the contract's table, unknown-message when it
// is not; under a verdict comparison either is other-message, the right
// verdict and no disagreement; under a message map the mapped code's
// message is compared.
func TestComparisonModes(t *testing.T) {
	k := spec.MustLoad().Contracts[0]
	if len(k.Refusals) < 2 {
		t.Fatalf("%s has %d refusals", k.Contract, len(k.Refusals))
	}
	want, other := k.Refusals[0], k.Refusals[1]
	c := vectors.Case{ID: "x", Contract: k.Contract, Op: k.OpNames()[0], Expect: vectors.ExpectRefused, Message: want.Message}
	ref := impl.Result{Outcome: impl.Refused, Message: want.Message}
	refused := func(m string) impl.Result { return impl.Result{Outcome: impl.Refused, Message: m} }
	mapped := Comparison{Mode: report.CompareMap, Messages: map[string]string{"bad key": want.Code, "too long": other.Code}}
	for _, tc := range []struct {
		name string
		cmp  Comparison
		got  impl.Result
		want report.Outcome
	}{
		{"exact, the message", Comparison{}, refused(want.Message), report.Agree},
		{"exact, another of the table", Comparison{}, refused(other.Message), report.WrongMessage},
		{"exact, the library's words", Comparison{}, refused("bad key"), report.UnknownMessage},
		{"verdict, another of the table", Comparison{Mode: report.CompareVerdict}, refused(other.Message), report.OtherMessage},
		{"verdict, the library's words", Comparison{Mode: report.CompareVerdict}, refused("bad key"), report.OtherMessage},
		{"verdict, accepted", Comparison{Mode: report.CompareVerdict}, impl.Result{Outcome: impl.OK, Output: []byte{}}, report.AcceptedShouldRefuse},
		{"map, mapped to the expected code", mapped, refused("bad key"), report.Agree},
		{"map, mapped to another code", mapped, refused("too long"), report.WrongMessage},
		{"map, not mapped", mapped, refused("no idea"), report.UnknownMessage},
	} {
		row := classify(c, "team", ref, tc.got, tc.cmp)
		if row.Outcome != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, row.Outcome, tc.want)
		}
	}
	if report.OtherMessage.Disagrees() || !report.UnknownMessage.Disagrees() {
		t.Error("other-message must not disagree, unknown-message must")
	}
	h := report.Header{Impls: []report.ImplMeta{{Impl: "team", Compare: report.CompareVerdict}}}
	if ComparisonOf(h, "team").Mode != report.CompareVerdict || ComparisonOf(h, "go").Mode != "" {
		t.Error("ComparisonOf does not read the header")
	}
}
