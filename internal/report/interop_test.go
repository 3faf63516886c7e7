package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/markdown"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// interopRun is a run of two contracts on go, ts and team, an outside
// implementation that announces y/1 alone. Of x/1's four cases, a agrees
// everywhere, b is a wrong output on ts (expected by the ledger: still no
// agreement), c agrees on go and ts and is skipped by team, which does
// not take part, and d is a skip ts announced: 2 of 4. y/1's one case
// agrees everywhere.
func interopRun() report.Report {
	all := map[string][]string{"x/1": {"op"}, "y/1": {"op"}}
	h := report.Header{ConformVersion: "t", Protocol: 1, Transport: "local", Contracts: []string{"x/1", "y/1"},
		Impls: []report.ImplMeta{{Impl: "go", Contracts: all}, {Impl: "ts", Contracts: all},
			{Impl: "team", Outside: "--impl", Contracts: map[string][]string{"y/1": {"op"}}}}}
	row := func(id, contract, impl string, o report.Outcome) report.Row {
		return report.Row{Case: id, Name: id, Contract: contract, Op: "op", Source: "s", Impl: impl, Outcome: o}
	}
	b := row("b", "x/1", "ts", report.WrongOutput)
	b.Known = &report.Known{Entry: "l:2", Link: "https://example.org/b", Expires: "2999-01-01"}
	return reporttest.Complete(h, []report.Row{
		row("a", "x/1", "go", report.Agree), row("a", "x/1", "ts", report.Agree), row("a", "x/1", "team", report.Skipped),
		row("b", "x/1", "go", report.Agree), b, row("b", "x/1", "team", report.Skipped),
		row("c", "x/1", "go", report.Agree), row("c", "x/1", "ts", report.Agree), row("c", "x/1", "team", report.Skipped),
		row("d", "x/1", "go", report.Agree), row("d", "x/1", "ts", report.Skipped), row("d", "x/1", "team", report.Skipped),
		row("e", "y/1", "go", report.Agree), row("e", "y/1", "ts", report.Agree), row("e", "y/1", "team", report.Agree),
	})
}

// The interop score counts a case when every implementation that takes
// part agrees: an implementation that does not announce the contract
// does not lower it, an announced skip and an expected disagreement do.
func TestInteropScore(t *testing.T) {
	rep := interopRun()
	got := report.InteropOf(rep)
	if got["x/1"] != (report.InteropScore{Agree: 2, Cases: 4}) || got["y/1"] != (report.InteropScore{Agree: 1, Cases: 1}) || len(got) != 2 {
		t.Errorf("scores %v", got)
	}
	// The badge's agreement counts every skip as no agreement: 1 of 5
	// cases.
	if a, n := report.Agreement(rep); a != 1 || n != 5 {
		t.Errorf("agreement %d of %d", a, n)
	}
	for s, want := range map[report.InteropScore]string{
		{Agree: 2, Cases: 4}: "2/4 (50.0%)", {Agree: 9999, Cases: 10000}: "9999/10000 (99.9%)",
		{Agree: 3, Cases: 3}: "3/3 (100%)", {Agree: 0, Cases: 7}: "0/7 (0.0%)", {}: "0/0 (-)",
	} {
		if s.String() != want {
			t.Errorf("%+v renders %q, want %q", s, s.String(), want)
		}
	}
	// Rows of one case apart in the stream are still one case.
	rev := rep
	rev.Rows = append([]report.Row{}, rep.Rows...)
	for i, j := 0, len(rev.Rows)-1; i < j; i, j = i+1, j-1 {
		rev.Rows[i], rev.Rows[j] = rev.Rows[j], rev.Rows[i]
	}
	if back := report.InteropOf(rev); back["x/1"] != got["x/1"] {
		t.Errorf("reversed rows: %v", back)
	}
}

// The text matrix and the markdown matrix show each contract's score
// once, on its first row, under an "interop" column.
func TestInteropInTheMatrices(t *testing.T) {
	rep := interopRun()
	var b bytes.Buffer
	report.RenderText(&b, report.Summarize(rep))
	text := b.String()
	lines := strings.Split(text, "\n")
	var header, x, y []string
	for _, l := range lines {
		l = strings.TrimRight(l, " ")
		f := strings.Fields(l)
		switch {
		case len(f) > 0 && f[0] == "contract":
			header = f
		case !strings.HasPrefix(l, " "): // a matrix line is aligned right
		case len(f) > 2 && f[0] == "x/1":
			x = append(x, l)
		case len(f) > 2 && f[0] == "y/1":
			y = append(y, l)
		}
	}
	if len(header) == 0 || header[len(header)-1] != "interop" {
		t.Fatalf("the text matrix has no interop column:\n%s", text)
	}
	if len(x) != 3 || !strings.HasSuffix(x[0], "2/4 (50.0%)") || strings.Contains(x[1]+x[2], "%") ||
		len(y) != 3 || !strings.HasSuffix(y[0], "1/1 (100%)") {
		t.Errorf("the text matrix:\n%s", text)
	}

	b.Reset()
	if err := markdown.Write(&b, rep, nil); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if !strings.Contains(md, "| contract | impl | cases | agree | wrong-output | skipped | expected by the ledger | interop |") &&
		!strings.Contains(md, " interop |\n") {
		t.Errorf("the markdown matrix has no interop column:\n%s", md)
	}
	if strings.Count(md, "2/4 (50.0%)") != 1 || strings.Count(md, "1/1 (100%)") != 1 {
		t.Errorf("the markdown matrix shows each score other than once:\n%s", md)
	}
	if !strings.Contains(md, "| x/1 | go | 4 | 4 | 0 | 0 | 2/4 (50.0%) |") {
		t.Errorf("x/1's first row:\n%s", md)
	}
}
