package markdown

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

func hostile(t *testing.T) report.Report {
	t.Helper()
	rep, err := report.Read(bytes.NewReader(reporttest.JSONL(reporttest.Report())), "hostile.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// toHTML renders markdown as GitHub does (GFM: tables, autolinks), raw
// HTML passed through, so that any HTML the summary lets in shows.
func toHTML(t *testing.T, md []byte) string {
	t.Helper()
	var out bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := gm.Convert(md, &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

var tag = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)`)

// The summary of the hostile report, rendered by a CommonMark parser,
// holds no element but those the renderer writes (no script, img or
// comment from a string), no link, and every hostile string as text; the
// matrix is one table with a row per contract and implementation, the
// groups of disagreements another.
func TestHostileStringsStayText(t *testing.T) {
	for _, v := range []report.View{{}, {ShowExpected: true}} {
		var md bytes.Buffer
		if err := WriteView(&md, hostile(t), nil, v); err != nil {
			t.Fatal(err)
		}
		out := toHTML(t, md.Bytes())
		allowed := map[string]bool{"h2": true, "h3": true, "p": true, "ul": true, "li": true, "table": true, "thead": true,
			"tbody": true, "tr": true, "th": true, "td": true, "strong": true, "details": true, "summary": true, "pre": true, "code": true}
		for _, m := range tag.FindAllStringSubmatch(out, -1) {
			if !allowed[strings.ToLower(m[2])] {
				t.Errorf("element <%s%s> in the rendered summary", m[1], m[2])
			}
		}
		for _, bad := range []string{"<!--", "<script", "<img", "<a ", "<em>", "\u202e"} {
			if strings.Contains(out, bad) {
				t.Errorf("the rendered summary holds %q", bad)
			}
		}
		for _, want := range []string{"&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;", "]]&gt;", `\u202eevil`, `\x1b[31m`,
			"a | b *em* [link](javascript:alert(1))", "&lt;!-- x --&gt;"} {
			if !strings.Contains(out, want) {
				t.Errorf("the rendered summary lacks the text %q", want)
			}
		}
		if n := strings.Count(out, "<table>"); n != 2 {
			t.Errorf("%d tables, want the matrix and the groups", n)
		}
		// The matrix: header + 3 implementations of one contract; the
		// groups: header + the 4 groups no ledger entry expects, and the
		// expected one when unfolded.
		groups := 4
		if v.ShowExpected {
			groups = 5
		}
		if n := strings.Count(out, "<tr>"); n != 4+1+groups {
			t.Errorf("%d table rows, want %d:\n%s", n, 4+1+groups, out)
		}
		// Each disagreement (5: three on ts, two on python, the expected one
		// among them) has its details block with its diff, the expected one
		// only when unfolded; folded, its group is in a details block of
		// its own. The repro is in a code block.
		if n := strings.Count(out, "<details>"); n != 5 {
			t.Errorf("%d details blocks, want 5", n)
		}
		for _, want := range []string{"conform repro 0123456789abcdef --impl ts", "rerun 2: ok", "expected by ledger/divergences.toml:4",
			"protocol break of ts", "stale ledger entry", "0 of 3 cases agree",
			"outside implementation from conform.toml:3: command team-py &lt;img src=x"} {
			if !strings.Contains(out, want) {
				t.Errorf("the rendered summary lacks %q", want)
			}
		}
		folded := strings.Contains(out, "1 disagreement in 1 group the divergence ledger expects (folded; --show-expected unfolds)")
		detailed := strings.Contains(out, "fedcba9876543210] on python: wrong-message, expected by ledger/divergences.toml:4")
		if folded == v.ShowExpected || detailed != v.ShowExpected {
			t.Errorf("show expected %v: the expected disagreement folded %v, detailed %v", v.ShowExpected, folded, detailed)
		}
		// Unexpected disagreements come before the expected one, in the
		// groups and in the details.
		if strings.Index(out, "<td>wrong-output</td>") > strings.Index(out, "expected by ledger") {
			t.Error("the expected group comes first")
		}
		if v.ShowExpected && strings.Index(out, "unexpected</summary>") > strings.Index(out, "python: wrong-message, expected by ledger") {
			t.Error("the expected disagreement comes first")
		}
	}
}

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"plain words":           "plain words",
		"# heading":             `\# heading`,
		"a|b":                   `a\|b`,
		"<script>&amp;":         `&lt;script\>&amp;amp;`,
		"a, b; c = d? 50% {x}":  "a, b; c = d? 50% {x}",
		"$x$ @user ~~s~~ > q":   `\$x\$ \@user \~\~s\~\~ \> q`,
		"*em* _u_ `c` [l](x)":   "\\*em\\* \\_u\\_ \\`c\\` \\[l\\]\\(x\\)",
		"line\nbreak\u202e":     `line\\u000abreak\\u202e`,
		"https://example.org/a": `https\://example\.org/a`,
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

// A fence is longer than any backtick run of its content, which therefore
// cannot close it.
func TestFence(t *testing.T) {
	got := Fence("sh", "a ```` b\n")
	if got != "`````sh\na ```` b\n`````\n\n" {
		t.Errorf("%q", got)
	}
	out := toHTML(t, []byte(Fence("", "```\n<script>x</script>")))
	if strings.Contains(out, "<script>") || strings.Count(out, "<pre>") != 1 {
		t.Errorf("%s", out)
	}
}

// With a previous report, the summary says what changed: a case that
// newly disagrees, one fixed, one whose disagreement changed, and the
// cases added and removed.
func TestChangesSincePrevious(t *testing.T) {
	now := hostile(t)
	prev := hostile(t)
	prev.Rows = nil
	for _, r := range now.Rows {
		switch {
		case r.Case == "0123456789abcdef" && r.Impl == "ts": // wrong-output now
			r.Outcome = report.Agree
		case r.Case == "0123456789abcdef" && r.Impl == "go": // agree now
			r.Outcome = report.WrongOutput
		case r.Case == "fedcba9876543210" && r.Impl == "ts": // nondeterministic now
			r.Outcome = report.WrongOutput
		case r.Case == "00000000000000ff":
			continue // a new case now
		}
		prev.Rows = append(prev.Rows, r)
	}
	prev.Rows = append(prev.Rows, report.Row{Case: "1111111111111111", Name: "gone", Contract: "x/1", Impl: "go", Outcome: report.Agree})
	cs := Changes(prev, now)
	kinds := map[string]int{}
	for _, c := range cs {
		kinds[c.Kind()]++
	}
	want := map[string]int{"new disagreement": 2, "fixed": 1, "changed": 1, "new case": 2, "removed case": 1}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d %s, want %d (all: %v)", kinds[k], k, n, kinds)
		}
	}
	var md bytes.Buffer
	if err := Write(&md, now, &prev); err != nil {
		t.Fatal(err)
	}
	out := toHTML(t, md.Bytes())
	for _, want := range []string{"Since the previous report", "2 new disagreement, 1 fixed, 1 changed, 2 new case, 1 removed case",
		"<td>fixed</td>", "<td>wrong-output</td>"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	// The same report twice: nothing changed.
	md.Reset()
	if err := Write(&md, now, &now); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "No outcome changed.") {
		t.Errorf("%s", md.String())
	}
}

// groupedRun is a run of go, ts and python over 70 cases of t/1: ts
// answers the first 60 (of vectors/t/a.jsonl) wrongly, python errs on
// the last 2 (of the corpus /c), everything else agrees.
func groupedRun() report.Report {
	h := report.Header{ConformVersion: "t", Protocol: 1, Transport: "local", Contracts: []string{"t/1"},
		Impls: []report.ImplMeta{{Impl: "go"}, {Impl: "ts"}, {Impl: "python"}}}
	var rows []report.Row
	for i := range 70 {
		for _, im := range []string{"go", "ts", "python"} {
			r := report.Row{Case: fmt.Sprintf("%016x", i), Name: fmt.Sprintf("case%02d", i), Contract: "t/1", Op: "op",
				Source: fmt.Sprintf("vectors/t/a.jsonl:%d", i+2), Impl: im, Outcome: report.Agree}
			if i >= 68 {
				r.Source, r.Corpus = fmt.Sprintf("/c/f%d.json", i), "/c"
			}
			switch {
			case im == "ts" && i < 60:
				r.Outcome = report.WrongOutput
			case im == "python" && i >= 68:
				r.Outcome = report.Errored
			}
			rows = append(rows, r)
		}
	}
	return reporttest.Complete(h, rows)
}

// The summary groups the disagreements in a table, a row a group with
// its count and examples, then details the first --show N (50 by
// default) and says how many more there are; --only keeps the groups and
// details of its implementations and outcomes.
func TestMarkdownGroupsDisagreements(t *testing.T) {
	rep := groupedRun()
	render := func(v report.View) string {
		var md bytes.Buffer
		if err := WriteView(&md, rep, nil, v); err != nil {
			t.Fatal(err)
		}
		return toHTML(t, md.Bytes())
	}
	out := render(report.View{})
	for _, want := range []string{
		"<h3>Disagreements by implementation, outcome, expectation and source</h3>\n<p>62 disagreements in 2 groups.</p>",
		"<td>ts</td>\n<td>wrong-output</td>\n<td>ok</td>\n<td>vectors/t/a.jsonl</td>\n<td style=\"text-align:right\">60</td>\n" +
			"<td>case00 [0000000000000000], line 2: got ok &quot;y&quot;; case01 [0000000000000001], line 3: got ok &quot;y&quot;; case02 [0000000000000002], line 4: got ok &quot;y&quot;</td>",
		"<td>python</td>\n<td>errored</td>\n<td>ok</td>\n<td>corpus /c</td>\n<td style=\"text-align:right\">2</td>",
		"<h3>Disagreements (62)</h3>", "<p>12 more in the JSONL, JUnit and HTML reports (--show N details N).</p>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks\n%s\nin\n%s", want, out)
		}
	}
	if n := strings.Count(out, "<details>"); n != MaxShown {
		t.Errorf("%d disagreements detailed, want %d", n, MaxShown)
	}
	if out := render(report.View{Show: 3}); strings.Count(out, "<details>") != 3 || !strings.Contains(out, "<p>59 more in the JSONL") {
		t.Errorf("--show 3: %d detailed", strings.Count(out, "<details>"))
	}
	if out := render(report.View{Show: -1}); strings.Count(out, "<details>") != 0 || strings.Contains(out, "<h3>Disagreements (") || !strings.Contains(out, "<p>62 disagreements in 2 groups.</p>") {
		t.Errorf("--show 0:\n%s", out)
	}
	f, err := report.ParseFilter("python/errored")
	if err != nil {
		t.Fatal(err)
	}
	out = render(report.View{Only: []report.Filter{f}})
	if !strings.Contains(out, "<p>2 disagreements in 1 group (--only python/errored; 62 disagreements in all).</p>") || strings.Contains(out, "<td>wrong-output</td>") ||
		strings.Count(out, "<details>") != 2 || strings.Contains(out, "on ts: wrong-output") {
		t.Errorf("--only python/errored:\n%s", out)
	}
}

// The summary of a report without its agreeing rows (run
// --omit-agreeing) has the whole run's matrix and agreement, and says
// that rows were left out.
func TestMarkdownOfAReportWithoutAgreeingRows(t *testing.T) {
	whole := groupedRun()
	var b bytes.Buffer
	w := report.NewWriter(&b)
	sink := report.LeaveOutAgreeing(w)
	sink.Header(whole.Header)
	for _, r := range whole.Rows {
		sink.Row(r)
	}
	sink.Footer(whole.Footer)
	rep, err := report.Read(&b, "omitted.jsonl")
	if err != nil || rep.Omitted == nil {
		t.Fatalf("%v, omitted %v", err, rep.Omitted)
	}
	render := func(rep report.Report) string {
		var md bytes.Buffer
		if err := Write(&md, rep, nil); err != nil {
			t.Fatal(err)
		}
		return md.String()
	}
	got, want := render(rep), render(whole)
	section := func(s, from, to string) string {
		i := strings.Index(s, from)
		return s[i : i+strings.Index(s[i:], to)]
	}
	if m, w := section(got, "| contract |", "\n\n"), section(want, "| contract |", "\n\n"); m != w || !strings.Contains(m, "| t/1 | go | 70 | 70 |") {
		t.Errorf("the matrix:\n%s\nthe whole run's:\n%s", m, w)
	}
	if h := section(got, "## ", "\n"); h != "## conform: 8 of 70 cases agree on every implementation" || h != section(want, "## ", "\n") {
		t.Errorf("the title %q", h)
	}
	if !strings.Contains(got, "The report leaves out its 148 agreeing rows \\(run \\-\\-omit\\-agreeing\\)") {
		t.Errorf("the summary does not say rows were left out:\n%s", got)
	}
	// Compared with the whole run, nothing changed: a row it does not
	// hold agreed.
	if out := toHTML(t, []byte(render2(t, whole, &rep))); !strings.Contains(out, "No outcome changed.") || !strings.Contains(out, "leaves out its agreeing rows") {
		t.Errorf("changes since a report without its agreeing rows:\n%s", out)
	}
	if out := toHTML(t, []byte(render2(t, rep, &whole))); !strings.Contains(out, "No outcome changed.") {
		t.Errorf("changes of a report without its agreeing rows:\n%s", out)
	}
}

func render2(t *testing.T, rep report.Report, prev *report.Report) string {
	t.Helper()
	var md bytes.Buffer
	if err := Write(&md, rep, prev); err != nil {
		t.Fatal(err)
	}
	return md.String()
}
