package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/markdown"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// link is the ledger link of the fixture's expected rows.
const link = "https://example.org/bugs/7"

// Pair returns two reports of one suite whose rows make every kind of
// change (the comment of each row says which it is in the new report),
// as JSONL. The old run has go, ts 1.0 and an outside implementation,
// team, that announces y/1 alone; the new one has go, ts 1.1 (no longer
// announcing y/1) and python, added; team is gone. dup is a case a corpus
// holds twice.
func Pair() (oldJSONL, newJSONL []byte) {
	both := map[string][]string{"x/1": {"op"}, "y/1": {"op"}}
	oldH := report.Header{ConformVersion: "0.1.0", Protocol: 1, VectorsSHA256: "aaaaaaaaaaaaaaaa", Transport: "local",
		Contracts: []string{"x/1", "y/1"}, Impls: []report.ImplMeta{
			{Impl: "go", Name: "reference", Version: "0.1.0", Contracts: both},
			{Impl: "ts", Name: "mirror", Version: "1.0", Contracts: both},
			{Impl: "team", Name: "team", Version: "2.0", Outside: "--impl", Command: []string{"team"}, Contracts: map[string][]string{"y/1": {"op"}}},
		}}
	newH := oldH
	newH.VectorsSHA256 = "bbbbbbbbbbbbbbbb"
	newH.Impls = []report.ImplMeta{
		{Impl: "go", Name: "reference", Version: "0.1.0", Contracts: both},
		{Impl: "ts", Name: "mirror", Version: "1.1", Contracts: map[string][]string{"x/1": {"op"}}},
		{Impl: "python", Name: "py", Version: "3.0", Contracts: both},
	}
	row := func(id, contract, impl string, o report.Outcome) report.Row {
		r := report.Row{Case: id, Name: "name-" + id, Contract: contract, Op: "op", Source: "vectors/" + id + ".jsonl:2", Impl: impl, Outcome: o}
		if o.Disagrees() {
			r.Repro = "conform repro " + id + " --impl " + impl
			r.Input = []byte("in")
		}
		return r
	}
	known := func(r report.Row) report.Row {
		r.Known = &report.Known{Entry: "ci/divergences.toml:4", Link: link, Expires: "2999-12-31"}
		return r
	}
	corpus := func(r report.Row, file string) report.Row {
		r.Corpus, r.Source, r.ExpectedBy = "/corpora", "/corpora/"+file, "corpus"
		return r
	}
	old := []report.Row{
		row("a", "x/1", "go", report.Agree), row("a", "x/1", "ts", report.Agree), row("a", "x/1", "team", report.Skipped),
		row("b", "x/1", "go", report.Agree), row("b", "x/1", "ts", report.WrongOutput), row("b", "x/1", "team", report.Skipped),
		row("c", "x/1", "go", report.Agree), known(row("c", "x/1", "ts", report.WrongOutput)), row("c", "x/1", "team", report.Skipped),
		row("e", "x/1", "go", report.Agree), row("e", "x/1", "ts", report.Agree), row("e", "x/1", "team", report.Skipped),
		row("y1", "y/1", "go", report.Agree), row("y1", "y/1", "ts", report.Agree), row("y1", "y/1", "team", report.WrongMessage),
		corpus(row("dup", "x/1", "go", report.Agree), "one"), corpus(row("dup", "x/1", "ts", report.Agree), "one"), corpus(row("dup", "x/1", "team", report.Skipped), "one"),
		corpus(row("dup", "x/1", "go", report.Agree), "two"), corpus(row("dup", "x/1", "ts", report.WrongOutput), "two"), corpus(row("dup", "x/1", "team", report.Skipped), "two"),
	}
	now := []report.Row{
		row("a", "x/1", "go", report.Agree), known(row("a", "x/1", "ts", report.WrongOutput)), row("a", "x/1", "python", report.Agree),
		row("b", "x/1", "go", report.Agree), row("b", "x/1", "ts", report.Agree), row("b", "x/1", "python", report.Agree),
		row("c", "x/1", "go", report.Agree), row("c", "x/1", "ts", report.WrongMessage), row("c", "x/1", "python", report.Agree),
		row("d", "x/1", "go", report.Agree), row("d", "x/1", "ts", report.Errored), row("d", "x/1", "python", report.Skipped),
		row("y1", "y/1", "go", report.Agree), row("y1", "y/1", "ts", report.Skipped), row("y1", "y/1", "python", report.Agree),
		corpus(row("dup", "x/1", "go", report.Agree), "one"), corpus(row("dup", "x/1", "ts", report.WrongOutput), "one"), corpus(row("dup", "x/1", "python", report.Agree), "one"),
		corpus(row("dup", "x/1", "go", report.Agree), "two"), corpus(row("dup", "x/1", "ts", report.Agree), "two"), corpus(row("dup", "x/1", "python", report.Agree), "two"),
	}
	return reporttest.JSONL(reporttest.Complete(oldH, old)), reporttest.JSONL(reporttest.Complete(newH, now))
}

func compare(t *testing.T, oldJ, newJ []byte) *Result {
	t.Helper()
	res, err := Compare(bytes.NewReader(oldJ), "old.jsonl", bytes.NewReader(newJ), "new.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Every change lands in its class: the transitions of Pair, one by one,
// the duplicate corpus case matched occurrence by occurrence.
func TestClasses(t *testing.T) {
	oldJ, newJ := Pair()
	res := compare(t, oldJ, newJ)
	got := map[Class][]string{}
	for _, e := range res.Entries {
		got[e.Class] = append(got[e.Class], e.Case+"/"+e.Impl+"@"+e.Source)
	}
	for _, es := range got {
		sort.Strings(es)
	}
	want := map[Class][]string{
		Regression:   {"a/ts@vectors/a.jsonl:2", "d/python@vectors/d.jsonl:2", "d/ts@vectors/d.jsonl:2", "dup/ts@/corpora/one"},
		Fixed:        {"b/ts@vectors/b.jsonl:2", "dup/ts@/corpora/two"},
		StillFailing: {"c/ts@vectors/c.jsonl:2"},
		NewCase: {"a/python@vectors/a.jsonl:2", "b/python@vectors/b.jsonl:2", "c/python@vectors/c.jsonl:2", "d/go@vectors/d.jsonl:2",
			"dup/python@/corpora/one", "dup/python@/corpora/two", "y1/python@vectors/y1.jsonl:2"},
		RemovedCase: {"a/team@vectors/a.jsonl:2", "b/team@vectors/b.jsonl:2", "c/team@vectors/c.jsonl:2", "dup/team@/corpora/one", "dup/team@/corpora/two",
			"e/go@vectors/e.jsonl:2", "e/team@vectors/e.jsonl:2", "e/ts@vectors/e.jsonl:2", "y1/team@vectors/y1.jsonl:2"},
		Coverage: {"y1/ts@vectors/y1.jsonl:2"},
	}
	for _, c := range Classes {
		if fmt.Sprint(got[c]) != fmt.Sprint(want[c]) {
			t.Errorf("%s:\n got %v\nwant %v", c, got[c], want[c])
		}
		if res.Counts[c] != len(want[c]) {
			t.Errorf("count of %s: %d, want %d", c, res.Counts[c], len(want[c]))
		}
	}
	if res.Unchanged != 6 || res.Regressions() != 4 {
		t.Errorf("%d unchanged, %d regressions", res.Unchanged, res.Regressions())
	}
	for _, e := range res.Entries {
		switch e.Case + "/" + e.Impl {
		case "a/ts":
			if e.Old != report.Agree || e.New != report.WrongOutput || e.Known == nil || e.Known.Link != link || e.Repro == "" {
				t.Errorf("a/ts: %+v", e)
			}
		case "c/ts":
			// The old report's ledger entry, as the new row has none.
			if e.Old != report.WrongOutput || e.New != report.WrongMessage || e.Known == nil || e.Known.Link != link {
				t.Errorf("c/ts: %+v", e)
			}
		case "e/ts":
			if e.Old != report.Agree || e.New != "" {
				t.Errorf("e/ts: %+v", e)
			}
		}
	}
	// Removed rows follow the new report's, in the old report's order.
	var last Class
	for _, e := range res.Entries {
		if last == RemovedCase && e.Class != RemovedCase {
			t.Errorf("%+v after the removed rows", e)
		}
		last = e.Class
	}
}

// The implementations whose header changed, and the interop score of
// each contract on both sides.
func TestHeadersAndInterop(t *testing.T) {
	oldJ, newJ := Pair()
	res := compare(t, oldJ, newJ)
	var lines []string
	for _, c := range res.Impls {
		lines = append(lines, implLine(c))
	}
	want := []string{"python: added (version 3.0)", "team: removed (was version 2.0)",
		"ts: version 1.0 -> 1.1; contracts [x/1(1) y/1(1)] -> [x/1(1)]"}
	if fmt.Sprint(lines) != fmt.Sprint(want) {
		t.Errorf("implementations:\n got %q\nwant %q", lines, want)
	}
	wantScores := map[string][2]report.InteropScore{
		"x/1": {{Agree: 2, Cases: 5}, {Agree: 1, Cases: 5}},
		"y/1": {{Agree: 0, Cases: 1}, {Agree: 1, Cases: 1}},
	}
	if len(res.Interop) != 2 {
		t.Fatalf("interop %+v", res.Interop)
	}
	for _, c := range res.Interop {
		if w := wantScores[c.Contract]; c.Old != w[0] || c.New != w[1] {
			t.Errorf("%s: %v -> %v, want %v -> %v", c.Contract, c.Old, c.New, w[0], w[1])
		}
	}
}

// A report diffed with itself has no change, and nothing fails; the
// other way round, the fixes are regressions.
func TestSameAndReversed(t *testing.T) {
	oldJ, newJ := Pair()
	res := compare(t, newJ, newJ)
	if len(res.Entries) != res.Counts[StillFailing] || res.Regressions() != 0 || res.Counts[StillFailing] != 5 {
		t.Errorf("a report against itself: %+v", res.Counts)
	}
	res = compare(t, newJ, oldJ)
	if res.Regressions() != 3 { // b/ts, dup#2/ts, and team's y1 (absent -> wrong-message)
		t.Errorf("reversed: %d regressions: %+v", res.Regressions(), res.Of(Regression))
	}
}

// The renderings: text and markdown list each class with the ledger link
// beside the rows a ledger expects, the versions and the interop scores,
// and the verdict; JSON holds every entry.
func TestRenderings(t *testing.T) {
	oldJ, newJ := Pair()
	res := compare(t, oldJ, newJ)
	var b bytes.Buffer
	if err := WriteText(&b, res, 0); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"x/1 name-a [a] on ts: agree -> wrong-output\n    source: vectors/a.jsonl:2\n    expected by ci/divergences.toml:4 (" + link + ", until 2999-12-31)\n    repro: conform repro a --impl ts\n",
		"regressions (4):", "fixed (2):", "still failing (1):", "new cases (7):", "removed cases (9):", "coverage changes (1):",
		"x/1 name-c [c] on ts: wrong-output -> wrong-message", "y/1 name-y1 [y1] on ts: agree -> skipped\n",
		"x/1 name-d [d] on python: (absent) -> skipped (announced)\n",
		"ts: version 1.0 -> 1.1", "x/1  2/5 (40.0%) -> 1/5 (20.0%)  (down)", "y/1  0/1 (0.0%) -> 1/1 (100%)  (up)",
		"the vector set changed: manifest aaaaaaaaaaaa -> bbbbbbbbbbbb",
		"4 regressions, 2 fixed, 1 still failing, 7 new cases, 9 removed cases, 1 coverage changes, 6 unchanged",
		"4 regressions; exit code 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	b.Reset()
	if err := WriteText(&b, res, 1); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "... 3 more (--max") || strings.Contains(b.String(), "[d] on ts") {
		t.Errorf("--max 1 does not cut the regressions:\n%s", b.String())
	}

	b.Reset()
	if err := WriteMarkdown(&b, res, 0); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"## conform diff: 4 regressions; exit code 1", "### regressions (4)",
		"| x/1 | " + markdown.Text("name-a [a]") + " | ts | agree | wrong-output | " +
			markdown.Text("expected by ci/divergences.toml:4 ("+link+", until 2999-12-31)") + " | " + markdown.Text("conform repro a --impl ts") + " |",
		"| x/1 | 2/5 (40.0%) | **1/5 (20.0%)** (down) |", markdown.Text("implementation ts: version 1.0 -> 1.1"),
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the markdown lacks %q:\n%s", want, md)
		}
	}

	b.Reset()
	if err := WriteJSON(&b, res); err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(back.Entries) != len(res.Entries) || back.Counts[Regression] != 4 || back.Old.File != "old.jsonl" ||
		back.New.Interop["y/1"].Agree != 1 || back.Entries[0].Known == nil || back.Entries[0].Known.Link != link {
		t.Errorf("JSON read back: %+v", back)
	}
}

// Strings from the reports are shown escaped in every rendering: the
// hostile report diffed with itself, a row changed.
func TestHostileStringsAreEscaped(t *testing.T) {
	rep := reporttest.Report()
	oldJ := reporttest.JSONL(rep)
	rep.Rows[0].Outcome = report.WrongOutput
	rep.Rows[0].Got.Output = []byte("other")
	rep.Footer.Counts["go"][report.Agree]--
	rep.Footer.Counts["go"][report.WrongOutput]++
	rep.Footer.Disagreements++
	newJ := reporttest.JSONL(rep)
	res := compare(t, oldJ, newJ)
	if res.Regressions() != 1 {
		t.Fatalf("%+v", res.Counts)
	}
	for name, write := range map[string]func(*bytes.Buffer) error{
		"text":     func(b *bytes.Buffer) error { return WriteText(b, res, 0) },
		"markdown": func(b *bytes.Buffer) error { return WriteMarkdown(b, res, 0) },
		"json":     func(b *bytes.Buffer) error { return WriteJSON(b, res) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, bad := range []string{"\u202e", "\x1b", "\x00", "\x07", "\u0085", "\xff"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s holds %q:\n%s", name, bad, out)
			}
		}
		if name == "markdown" && strings.Contains(out, "<img") {
			t.Errorf("markdown holds markup:\n%s", out)
		}
		if name == "json" && !json.Valid(b.Bytes()) {
			t.Errorf("json is not valid:\n%s", out)
		}
	}
}

// A report diff cannot read is an error naming the file and line, never
// a panic: every prefix of the new report, and every line replaced by
// garbage; a report of format 0 is refused as older than conform reads.
func TestUnreadableReports(t *testing.T) {
	oldJ, newJ := Pair()
	lines := strings.SplitAfter(string(newJ), "\n")
	for n := 0; n < len(lines)-1; n++ {
		cut := strings.Join(lines[:n], "")
		if _, err := Compare(bytes.NewReader(oldJ), "old.jsonl", strings.NewReader(cut), "new.jsonl"); err == nil || !strings.HasPrefix(err.Error(), "new.jsonl") {
			t.Errorf("the first %d lines: %v", n, err)
		}
	}
	for i := range lines {
		if lines[i] == "" {
			continue
		}
		for _, garbage := range []string{"{\n", "[]\n", "\xff\n", `{"type":"case"}` + "\n", `{"type":"footer","counts":{"go":{"agree":"x"}}}` + "\n"} {
			bad := append([]string{}, lines...)
			bad[i] = garbage
			_, err := Compare(strings.NewReader(strings.Join(bad, "")), "old.jsonl", bytes.NewReader(newJ), "new.jsonl")
			if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("old.jsonl:%d: ", i+1)) {
				t.Errorf("line %d replaced by %q: %v", i+1, garbage, err)
			}
		}
	}
	for format, want := range map[string]string{
		"0": "old.jsonl:1: report format 0 is older than any this conform reads (1)",
		"2": "old.jsonl:1: report format 2 is newer than this conform reads (1)",
	} {
		// An older header also lacks members of format 1, and has others:
		// it is refused for its format first.
		old := strings.Replace(string(oldJ), `"format":1,`, `"format":`+format+`,"conform":"0.0.1",`, 1)
		_, err := Compare(strings.NewReader(old), "old.jsonl", bytes.NewReader(newJ), "new.jsonl")
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("format %s: %v", format, err)
		}
	}
}
