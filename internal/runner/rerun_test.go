package runner

import (
	"context"
	"testing"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
)

// sequenced is an Impl that answers each input from a list, one answer per
// ask, the last one repeated: an implementation whose answers change
// between runs.
type sequenced struct {
	name    string
	answers map[string][]impl.Result
	asked   map[string]int
	batches int
}

func (s *sequenced) Name() string { return s.name }
func (s *sequenced) Implementation() impl.Info {
	return impl.Info{Contracts: map[string][]string{"t/1": {"op"}}}
}
func (s *sequenced) RunBatch(_ context.Context, jobs []impl.Job) []impl.Result {
	s.batches++
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		seq := s.answers[string(j.Input)]
		n := s.asked[string(j.Input)]
		s.asked[string(j.Input)]++
		out[i] = seq[min(n, len(seq)-1)]
	}
	return out
}

// --rerun separates flakes: a disagreement answered differently by a
// rerun is nondeterministic (with every rerun's answer recorded, and
// counted as a disagreement, never as agreement, even when a rerun agreed);
// a disagreement answered the same every time keeps its outcome; an
// agreeing case is never rerun.
func TestRerunSeparatesFlakes(t *testing.T) {
	cases := []vectors.Case{
		tcase("steady-agree", vectors.ExpectOK, "A", ""),
		tcase("steady-wrong", vectors.ExpectOK, "A", ""),
		tcase("flaky-then-right", vectors.ExpectOK, "A", ""),
		tcase("flaky-refusal", vectors.ExpectRefused, "", "m"),
	}
	ref := &scripted{name: "go", answers: map[string]impl.Result{
		"steady-agree": ok("A"), "steady-wrong": ok("A"), "flaky-then-right": ok("A"), "flaky-refusal": refused("m"),
	}}
	mirror := &sequenced{name: "m", asked: map[string]int{}, answers: map[string][]impl.Result{
		"steady-agree":     {ok("A")},
		"steady-wrong":     {ok("B")},
		"flaky-then-right": {ok("B"), ok("A"), ok("B")},
		"flaky-refusal":    {refused("other"), refused("other"), refused("m")},
	}}
	var got rows
	foot := Run(context.Background(), cases, []impl.Impl{ref, mirror}, report.Header{}, Options{Rerun: 2}, &got)
	by := map[string]report.Row{}
	for _, r := range got.rows {
		if r.Impl == "m" {
			by[r.Name] = r
		}
	}
	want := map[string]report.Outcome{
		"steady-agree": report.Agree, "steady-wrong": report.WrongOutput,
		"flaky-then-right": report.Nondeterministic, "flaky-refusal": report.Nondeterministic,
	}
	for name, o := range want {
		if by[name].Outcome != o {
			t.Errorf("%s: outcome %s, want %s", name, by[name].Outcome, o)
		}
	}
	if n := mirror.asked["steady-agree"]; n != 1 {
		t.Errorf("an agreeing case was asked %d times, want once", n)
	}
	if n := mirror.asked["steady-wrong"]; n != 3 {
		t.Errorf("a disagreeing case was asked %d times, want 1 + 2 reruns", n)
	}
	if r := by["steady-wrong"]; r.Reruns != nil || r.Input == nil || r.Got.Outcome != "ok" {
		t.Errorf("steady disagreement: reruns %v (want none recorded), input %q", r.Reruns, r.Input)
	}
	fl := by["flaky-then-right"]
	if len(fl.Reruns) != 2 || string(fl.Reruns[0].Output) != "A" || string(fl.Reruns[1].Output) != "B" || string(fl.Got.Output) != "B" {
		t.Errorf("flaky reruns %+v, got %+v", fl.Reruns, fl.Got)
	}
	if fr := by["flaky-refusal"]; len(fr.Reruns) != 2 || fr.Reruns[1].Message != "m" {
		t.Errorf("flaky refusal reruns %+v", fr.Reruns)
	}
	if foot.Counts["m"][report.Nondeterministic] != 2 || foot.Counts["m"][report.Agree] != 1 ||
		foot.Disagreements != 3 || foot.ExitCode != report.ExitDisagree {
		t.Errorf("footer counts %v, disagreements %d, exit %d", foot.Counts["m"], foot.Disagreements, foot.ExitCode)
	}
	// One batch for the run, then one per rerun round.
	if mirror.batches != 3 {
		t.Errorf("%d batches, want 3 (the chunk, then one per rerun)", mirror.batches)
	}
}

// Without --rerun nothing is asked twice and no row is nondeterministic.
func TestNoRerunByDefault(t *testing.T) {
	cases := []vectors.Case{tcase("flaky-then-right", vectors.ExpectOK, "A", "")}
	ref := &scripted{name: "go", answers: map[string]impl.Result{"flaky-then-right": ok("A")}}
	mirror := &sequenced{name: "m", asked: map[string]int{}, answers: map[string][]impl.Result{"flaky-then-right": {ok("B"), ok("A")}}}
	var got rows
	Run(context.Background(), cases, []impl.Impl{ref, mirror}, report.Header{}, Options{}, &got)
	if mirror.asked["flaky-then-right"] != 1 || got.rows[1].Outcome != report.WrongOutput {
		t.Errorf("asked %d times, outcome %s", mirror.asked["flaky-then-right"], got.rows[1].Outcome)
	}
}
