package report_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// groupedRun is a run of go, ts and python over 28 cases of t/1, go
// agreeing with all of them: cases 0 to 19 of vectors/t/a.jsonl (an
// accepted input each) are wrong outputs on ts; cases 20 to 24 of
// vectors/t/b.jsonl (refused "bad number") are wrong messages on python,
// and on ts for 20 and 21, which a ledger entry expects; cases 25 to 27
// of the corpus /c (refused, any message) are accepted by python.
func groupedRun() report.Report {
	all := map[string][]string{"t/1": {"op"}}
	h := report.Header{ConformVersion: "t", Protocol: 1, Transport: "local", Contracts: []string{"t/1"},
		Impls: []report.ImplMeta{{Impl: "go", Contracts: all}, {Impl: "ts", Contracts: all}, {Impl: "python", Contracts: all}}}
	var rows []report.Row
	for i := range 28 {
		r := report.Row{Case: fmt.Sprintf("%016x", i), Name: fmt.Sprintf("case%02d", i), Contract: "t/1", Op: "op",
			Source: fmt.Sprintf("vectors/t/a.jsonl:%d", i+2), Expected: report.Answer{Outcome: "ok", Output: []byte("x")}}
		switch {
		case i >= 25:
			r.Source, r.Corpus = fmt.Sprintf("/c/sub/f%d.json", i), "/c"
			r.Expected, r.ExpectedBy = report.Answer{Outcome: "refused"}, "corpus"
		case i >= 20:
			r.Source = fmt.Sprintf("vectors/t/b.jsonl:%d", i-18)
			r.Expected = report.Answer{Outcome: "refused", Message: "bad number"}
		}
		for _, im := range []string{"go", "ts", "python"} {
			x := r
			x.Impl, x.Outcome, x.Got = im, report.Agree, r.Expected
			switch {
			case im == "ts" && i < 20:
				x.Outcome, x.Got = report.WrongOutput, report.Answer{Outcome: "ok", Output: []byte(fmt.Sprint("y", i))}
			case im == "python" && i >= 20 && i < 25:
				x.Outcome, x.Got = report.WrongMessage, report.Answer{Outcome: "refused", Message: "number?"}
			case im == "ts" && (i == 20 || i == 21):
				x.Outcome, x.Got = report.WrongMessage, report.Answer{Outcome: "refused", Message: "NaN"}
				x.Known = &report.Known{Entry: "known.toml:4", Link: "https://example.org/7", Expires: "2999-01-01"}
			case im == "python" && i >= 25:
				x.Outcome, x.Got = report.AcceptedShouldRefuse, report.Answer{Outcome: "ok", Output: []byte("z")}
			}
			rows = append(rows, x)
		}
	}
	return reporttest.Complete(h, rows)
}

// The disagreements fall into groups by implementation, outcome,
// expectation and source (a vector file, whatever the line; a corpus
// root, whatever the file), with a ledger entry's apart: the unexpected
// groups first, the larger first, each with its count and first three
// rows; --only keeps the groups of its implementations and outcomes.
func TestGroupsByImplOutcomeExpectationSource(t *testing.T) {
	rep := groupedRun()
	g := report.GroupsOf(rep, report.View{})
	groups := g.Groups()
	type want struct {
		impl, outcome, expected, source, entry string
		rows                                   int
		examples                               string
	}
	wants := []want{
		{"ts", "wrong-output", "ok", "vectors/t/a.jsonl", "", 20, "case00, line 2; case01, line 3; case02, line 4"},
		{"python", "wrong-message", `refused "bad number"`, "vectors/t/b.jsonl", "", 5, "case20, line 2; case21, line 3; case22, line 4"},
		{"python", "accepted-should-refuse", "refused (any message)", "corpus /c", "", 3, "case25, sub/f25.json; case26, sub/f26.json; case27, sub/f27.json"},
		{"ts", "wrong-message", `refused "bad number"`, "vectors/t/b.jsonl", "known.toml:4", 2, "case20, line 2; case21, line 3"},
	}
	if len(groups) != len(wants) || g.Total != 30 || g.Overflow != 0 {
		t.Fatalf("%d groups of %d rows, want %d of 30: %+v", len(groups), g.Total, len(wants), groups)
	}
	for i, w := range wants {
		gr := groups[i]
		var ex []string
		for _, r := range gr.Examples {
			ex = append(ex, r.Name+report.ExampleWhere(gr.GroupKey, r))
		}
		got := want{gr.Impl, string(gr.Outcome), gr.ExpectedLabel(), gr.SourceLabel(), gr.Entry, gr.Rows, strings.Join(ex, "; ")}
		if got != w {
			t.Errorf("group %d:\n%+v\nwant\n%+v", i, got, w)
		}
	}
	if groups[3].Known == nil || groups[3].Known.Link != "https://example.org/7" {
		t.Errorf("the expected group's entry %+v", groups[3].Known)
	}
	for only, n := range map[string][]int{"ts/*": {20, 2}, "python/wrong-message": {5}, "*/accepted-should-refuse": {3}, "go/*": nil} {
		f, err := report.ParseFilter(only)
		if err != nil {
			t.Fatal(err)
		}
		var sizes []int
		for _, gr := range report.GroupsOf(rep, report.View{Only: []report.Filter{f}}).Groups() {
			sizes = append(sizes, gr.Rows)
		}
		if fmt.Sprint(sizes) != fmt.Sprint(n) {
			t.Errorf("--only %s: groups of %v rows, want %v", only, sizes, n)
		}
	}
}

// --only takes IMPL/OUTCOME, either side "*", for every outcome that is
// grouped (every one of report.Outcomes but agree and skipped); "*"
// stands for every disagreement, a named outcome for itself. Anything
// else is refused, saying what is wrong.
func TestParseFilter(t *testing.T) {
	for _, o := range report.Outcomes {
		f, err := report.ParseFilter("ts/" + string(o))
		if (err == nil) != report.Groupable(o) {
			t.Errorf("ts/%s: %v", o, err)
			continue
		}
		if err != nil {
			continue
		}
		r := report.Row{Impl: "ts", Outcome: o}
		if !f.Matches(r) || f.Matches(report.Row{Impl: "go", Outcome: o}) || f.String() != "ts/"+string(o) {
			t.Errorf("ts/%s matches badly", o)
		}
		star, _ := report.ParseFilter("*/*")
		if star.Matches(r) != o.Disagrees() {
			t.Errorf("*/* matches %s: %v", o, star.Matches(r))
		}
	}
	for in, want := range map[string]string{
		"ts":               "is not IMPL/OUTCOME",
		"/wrong-output":    "both sides are needed",
		"ts/":              "both sides are needed",
		"ts/nope":          `unknown outcome "nope"`,
		"ts/agree":         "agree rows are not grouped",
		"ts/skipped":       "skipped rows are not grouped",
		"ts/\x1b[31mx\x07": `unknown outcome "\x1b[31mx\a"`,
	} {
		if _, err := report.ParseFilter(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	h := report.Header{Impls: []report.ImplMeta{{Impl: "go"}, {Impl: "ts"}}}
	ok, _ := report.ParseFilter("ts/*")
	bad, _ := report.ParseFilter("python/*")
	if err := report.CheckFilters(h, []report.Filter{ok}); err != nil {
		t.Error(err)
	}
	if err := report.CheckFilters(h, []report.Filter{ok, bad}); err == nil || !strings.Contains(err.Error(), `no implementation "python" in the run (go, ts)`) {
		t.Errorf("an --only of an implementation the run lacks: %v", err)
	}
}

// detail matches the first line of a detailed disagreement in the text.
var detail = regexp.MustCompile(`(?m)^t/1 case\d\d \[[0-9a-f]{16}\] (ts|python): `)

// The text groups the disagreements, each group with its count and its
// first three examples, the ledger's expected group folded to one line;
// then it details the first --show N unexpected disagreements (100 by
// default, none with --show 0), and says how many more there are. With
// --show-expected the expected group unfolds and its rows are detailed;
// --only keeps the groups and details of its implementations and
// outcomes.
func TestTextGroupsDisagreements(t *testing.T) {
	rep := groupedRun()
	render := func(v report.View) string {
		var b bytes.Buffer
		report.RenderText(&b, report.SummarizeView(rep, v))
		return b.String()
	}
	text := render(report.View{})
	for _, want := range []string{
		"disagreements by implementation, outcome, expectation and source: 30 in 4 groups\n" +
			"  ts wrong-output, expected ok, from vectors/t/a.jsonl: 20 rows\n" +
			"    case00 [0000000000000000], line 2: got ok \"y0\"\n" +
			"    case01 [0000000000000001], line 3: got ok \"y1\"\n" +
			"    case02 [0000000000000002], line 4: got ok \"y2\"\n" +
			"  python wrong-message, expected refused \"bad number\", from vectors/t/b.jsonl: 5 rows\n",
		"  python accepted-should-refuse, expected refused (any message), from corpus /c: 3 rows\n" +
			"    case25 [0000000000000019], sub/f25.json: got ok \"z\"\n",
		"  expected: known.toml:4 (https://example.org/7, until 2999-01-01): ts wrong-message, expected refused \"bad number\", from vectors/t/b.jsonl: 2 rows (folded; --show-expected unfolds)\n\n",
		"30 disagreements; exit code 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks\n%s\n in:\n%s", want, text)
		}
	}
	// 28 unexpected disagreements, all detailed; the expected two not.
	if n := len(detail.FindAllString(text, -1)); n != 28 || strings.Contains(text, "more disagreements") {
		t.Errorf("%d disagreements detailed, want the 28 unexpected", n)
	}

	text = render(report.View{Show: 5})
	if n := len(detail.FindAllString(text, -1)); n != 5 || !strings.Contains(text, "\n... 23 more disagreements in the JSONL report (--report FILE); --show N details N\n") {
		t.Errorf("--show 5: %d detailed:\n%s", n, text)
	}
	text = render(report.View{Show: -1})
	if n := len(detail.FindAllString(text, -1)); n != 0 || !strings.Contains(text, "... 28 more disagreements") || !strings.Contains(text, "20 rows") {
		t.Errorf("--show 0: %d detailed:\n%s", n, text)
	}

	text = render(report.View{ShowExpected: true})
	if !strings.Contains(text, "from vectors/t/b.jsonl: 2 rows\n    case20 [0000000000000014], line 2: got refused \"NaN\"\n") || strings.Contains(text, "folded") {
		t.Errorf("--show-expected does not unfold the expected group:\n%s", text)
	}
	if n := len(detail.FindAllString(text, -1)); n != 30 {
		t.Errorf("--show-expected: %d detailed, want 30", n)
	}

	f, _ := report.ParseFilter("ts/wrong-output")
	text = render(report.View{Only: []report.Filter{f}, Show: 3})
	if !strings.Contains(text, "source: 20 in 1 group (--only ts/wrong-output; 30 disagreements in all)\n") || strings.Contains(text, "python wrong-message") ||
		strings.Contains(text, "expected: known.toml") || !strings.Contains(text, "... 17 more disagreements") {
		t.Errorf("--only ts/wrong-output:\n%s", text)
	}
	for _, m := range detail.FindAllStringSubmatch(text, -1) {
		if m[1] != "ts" {
			t.Errorf("--only ts/wrong-output details a row of %s", m[1])
		}
	}
}

// A large run's text stays small: 10,000 wrong outputs of one file are
// one group with its count and three examples, and at most MaxShown of
// them are detailed (the text stopped after 100 before, with nothing
// grouped).
func TestTextOfALargeRunIsGrouped(t *testing.T) {
	h := report.Header{Contracts: []string{"t/1"}, Impls: []report.ImplMeta{{Impl: "ts"}}}
	var rows []report.Row
	for i := range 10_000 {
		rows = append(rows, report.Row{Case: fmt.Sprintf("%016x", i), Name: fmt.Sprintf("case%02d", i%100), Contract: "t/1", Op: "op",
			Source: fmt.Sprintf("vectors/t/big.jsonl:%d", i+2), Impl: "ts", Outcome: report.WrongOutput})
	}
	var b bytes.Buffer
	report.RenderText(&b, report.Summarize(reporttest.Complete(h, rows)))
	text := b.String()
	if !strings.Contains(text, "source: 10000 in 1 group\n  ts wrong-output, expected ok, from vectors/t/big.jsonl: 10000 rows\n") ||
		!strings.Contains(text, "... 9900 more disagreements") {
		t.Errorf("the text:\n%.3000s", text)
	}
	if n := len(detail.FindAllString(text, -1)); n != report.MaxShown {
		t.Errorf("%d detailed, want %d", n, report.MaxShown)
	}
	if len(text) > 64<<10 {
		t.Errorf("the text of 10,000 disagreements is %d bytes", len(text))
	}
}

// A Grouper keeps at most MaxGroups groups and counts the rows of the
// others, so that a run of any size is grouped in bounded memory; an
// example keeps no input, trace or reruns, and at most 1 KiB of output
// and message.
func TestGrouperIsBounded(t *testing.T) {
	var g report.Grouper
	big := bytes.Repeat([]byte("o"), 10_000)
	for i := range report.MaxGroups + 7 {
		g.Add(report.Row{Impl: "ts", Outcome: report.WrongOutput, Source: fmt.Sprintf("vectors/f%d.jsonl:2", i), Input: big,
			Got: report.Answer{Outcome: "ok", Output: big, Message: string(big), Trace: "t"}, Reruns: []report.Answer{{}}})
	}
	groups := g.Groups()
	if len(groups) != report.MaxGroups || g.Overflow != 7 || g.Total != report.MaxGroups+7 {
		t.Fatalf("%d groups, %d overflowing, %d in all", len(groups), g.Overflow, g.Total)
	}
	ex := groups[0].Examples[0]
	if ex.Input != nil || ex.Reruns != nil || ex.Got.Trace != "" || len(ex.Got.Output) != 1024 || len(ex.Got.Message) != 1024 {
		t.Errorf("an example keeps %d input bytes, %d output bytes, %d message bytes", len(ex.Input), len(ex.Got.Output), len(ex.Got.Message))
	}
}
