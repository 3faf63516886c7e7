package report_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/diff"
	"github.com/conform-dev/conform/internal/report/history"
)

// leftOut writes rep as a run with --omit-agreeing writes its report
// file (report.LeaveOutAgreeing) and returns the JSONL.
func leftOut(t *testing.T, rep report.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	w := report.NewWriter(&b)
	sink := report.LeaveOutAgreeing(w)
	sink.Header(rep.Header)
	for _, r := range rep.Rows {
		sink.Row(r)
	}
	sink.Footer(rep.Footer)
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A report without its agreeing rows reads back (conform report) with
// the footer of the whole run, and everything computed from it is the
// whole run's: the counts of the matrix, each contract's interop score
// (a case whose only kept rows are skips of an implementation that did
// not announce it, and cases left out whole, included), the agreement of
// the badge, a history line. Its lines are the whole run's disagreeing
// and skipped ones.
func TestOmittedReportReadsBackWhole(t *testing.T) {
	whole := interopRun()
	jsonl := leftOut(t, whole)
	rep, err := report.Read(bytes.NewReader(jsonl), "omitted.jsonl")
	if err != nil {
		t.Fatalf("%v\n%s", err, jsonl)
	}
	if rep.Omitted == nil {
		t.Fatal("no omitted line read")
	}
	var kept []report.Row
	for _, r := range whole.Rows {
		if r.Outcome != report.Agree {
			kept = append(kept, r)
		}
	}
	if !reflect.DeepEqual(rep.Rows, kept) || len(kept) == len(whole.Rows) {
		t.Errorf("%d rows read back, want the %d that do not agree (of %d)", len(rep.Rows), len(kept), len(whole.Rows))
	}
	if !reflect.DeepEqual(rep.Footer, whole.Footer) {
		t.Errorf("footer %+v, want the run's %+v", rep.Footer, whole.Footer)
	}
	// x/1: 5 agreeing rows left out (a, b, c, d on go; a, c on ts), no
	// case whole; y/1: its one case whole, 3 rows.
	want := report.Omitted{Type: "omitted", Outcome: report.Agree, Contracts: map[string]report.OmittedContract{
		"x/1": {Rows: map[string]int{"go": 4, "ts": 2}, Cases: 0, Interop: 2},
		"y/1": {Rows: map[string]int{"go": 1, "ts": 1, "team": 1}, Cases: 1, Interop: 1},
	}}
	if !reflect.DeepEqual(*rep.Omitted, want) || rep.Omitted.Total() != 9 || rep.Omitted.RowsOf("go") != 5 {
		t.Errorf("omitted %+v, want %+v", *rep.Omitted, want)
	}
	if got, w := report.InteropOf(rep), report.InteropOf(whole); !reflect.DeepEqual(got, w) {
		t.Errorf("interop %v, the whole run's %v", got, w)
	}
	a, n := report.Agreement(rep)
	if wa, wn := report.Agreement(whole); a != wa || n != wn {
		t.Errorf("agreement %d of %d, the whole run's %d of %d", a, n, wa, wn)
	}
	s, w := report.Summarize(rep), report.Summarize(whole)
	if !reflect.DeepEqual(s.Counts, w.Counts) || !reflect.DeepEqual(s.InteropScores(), w.InteropScores()) {
		t.Errorf("summary counts %v, the whole run's %v", s.Counts, w.Counts)
	}
	var text, wholeText bytes.Buffer
	report.RenderText(&text, s)
	report.RenderText(&wholeText, w)
	if !strings.Contains(text.String(), "the report leaves out its 9 agreeing rows (run --omit-agreeing)") {
		t.Errorf("the text does not say rows were left out:\n%s", text.String())
	}
	matrix := func(s string) string {
		from := strings.Index(s, "contract")
		return s[from : from+strings.Index(s[from:], "\n\n")]
	}
	if matrix(text.String()) != matrix(wholeText.String()) {
		t.Errorf("the matrix:\n%s\nthe whole run's:\n%s", matrix(text.String()), matrix(wholeText.String()))
	}
	// A history line of it is the whole run's.
	hl, err := history.FromReport(bytes.NewReader(jsonl), "omitted.jsonl", "abc")
	if err != nil {
		t.Fatal(err)
	}
	hw, err := history.FromReport(bytes.NewReader(wholeJSONL(t, whole)), "whole.jsonl", "abc")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(hl, hw) {
		t.Errorf("history line %+v, the whole run's %+v", hl, hw)
	}
	// Written again (conform report --format jsonl), it is the same bytes.
	var again bytes.Buffer
	wr := report.NewWriter(&again)
	wr.Header(rep.Header)
	for _, r := range rep.Rows {
		wr.Row(r)
	}
	wr.Omitted(*rep.Omitted)
	wr.Footer(rep.Footer)
	if err := wr.Err(); err != nil || !bytes.Equal(again.Bytes(), jsonl) {
		t.Errorf("written again (%v):\n%s\nwas\n%s", err, again.Bytes(), jsonl)
	}
}

func wholeJSONL(t *testing.T, rep report.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	w := report.NewWriter(&b)
	w.Header(rep.Header)
	for _, r := range rep.Rows {
		w.Row(r)
	}
	w.Footer(rep.Footer)
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The reader holds an omitted line to the lines around it and refuses,
// naming the line, every report whose omitted line lies: agreeing lines
// beside it, a case line after it, a second one, an outcome other than
// agree, a contract or implementation the header does not list, a
// negative count or one over the run's cases, a contract with none left
// out, more cases whole than rows, an interop score the lines
// contradict, and a footer whose counts the rows left out do not make
// up. A reader that needs every row (conform diff) refuses the report.
func TestOmittedLineIsHeldToTheLines(t *testing.T) {
	whole := interopRun()
	good := string(leftOut(t, whole))
	if _, err := report.Read(strings.NewReader(good), "r"); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(good, "\n")
	omitted := lines[len(lines)-3]
	if !strings.HasPrefix(omitted, `{"type":"omitted"`) {
		t.Fatalf("the omitted line is not just before the footer:\n%s", good)
	}
	head, cases, footer := lines[0], strings.Join(lines[1:len(lines)-3], ""), lines[len(lines)-2]
	agreeing := string(wholeJSONL(t, whole))
	agreeLine := ""
	for _, l := range strings.SplitAfter(agreeing, "\n") {
		if strings.Contains(l, `"outcome":"agree"`) && strings.Contains(l, `"type":"case"`) {
			agreeLine = l
			break
		}
	}
	edit := func(s, old, new string) string {
		t.Helper()
		if !strings.Contains(s, old) {
			t.Fatalf("%q is not in %s", old, s)
		}
		return strings.Replace(s, old, new, 1)
	}
	for name, tc := range map[string]struct{ text, want string }{
		"agreeing line":        {head + agreeLine + cases + omitted + footer, "holds 1 agreeing case lines"},
		"case after it":        {head + cases + omitted + lines[1] + footer, "a case line after the omitted line"},
		"second":               {head + cases + omitted + omitted + footer, "a second omitted line"},
		"outcome":              {head + cases + edit(omitted, `"outcome":"agree"`, `"outcome":"wrong-output"`) + footer, `omitted line of outcome "wrong-output"`},
		"contract":             {head + cases + edit(omitted, `"y/1"`, `"z/1"`) + footer, `contract "z/1", which the header does not list`},
		"impl":                 {head + cases + edit(omitted, `"team":1`, `"nope":1`) + footer, `implementation "nope", which the header does not list`},
		"negative":             {head + cases + edit(omitted, `"team":1`, `"team":-1`) + footer, "-1 omitted rows of y/1 on team"},
		"over the cases":       {head + cases + edit(omitted, `"team":1`, `"team":9999`) + footer, "9999 omitted rows of y/1 on team, of a run of 5 cases"},
		"none left out":        {head + cases + edit(omitted, `{"rows":{"go":1,"team":1,"ts":1},"cases":1,"interop":1}`, `{"rows":{},"cases":0,"interop":0}`) + footer, "omitted rows of y/1: none counted"},
		"more cases than rows": {head + cases + edit(omitted, `"cases":1,"interop":1`, `"cases":4,"interop":4`) + footer, "4 cases left out whole, with 3 rows left out"},
		"interop too high":     {head + cases + edit(omitted, `"cases":0,"interop":2`, `"cases":0,"interop":3`) + footer, "an interop score of 3 agreeing cases, its lines call for 0 to 2"},
		"interop too low":      {head + cases + edit(omitted, `"cases":1,"interop":1`, `"cases":1,"interop":0`) + footer, "an interop score of 0 agreeing cases, its lines call for 1 to 1"},
		"footer":               {head + cases + edit(omitted, `"go":4`, `"go":3`) + footer, "footer counts 5 agree for go, the case lines hold 4"},
		"unknown member":       {head + cases + edit(omitted, `"outcome":"agree"`, `"outcome":"agree","all":true`) + footer, `unknown field "all"`},
		"no footer":            {head + cases + omitted, "no footer"},
	} {
		_, err := report.Read(strings.NewReader(tc.text), "r.jsonl")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "r.jsonl") {
			t.Errorf("%s: %v, want an error saying %q", name, err, tc.want)
		}
	}
	// conform diff needs every row: it refuses such a report, and says
	// why.
	_, err := diff.Compare(strings.NewReader(agreeing), "old.jsonl", strings.NewReader(good), "new.jsonl")
	if err == nil || !strings.Contains(err.Error(), "new.jsonl:") || !strings.Contains(err.Error(), "leaves out its agreeing rows (conform run --omit-agreeing)") {
		t.Errorf("diff of a report without its agreeing rows: %v", err)
	}
}
