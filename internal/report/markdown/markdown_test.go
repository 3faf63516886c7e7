package markdown

import (
	"bytes"
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
// matrix is one table with a row per contract and implementation.
func TestHostileStringsStayText(t *testing.T) {
	var md bytes.Buffer
	if err := Write(&md, hostile(t), nil); err != nil {
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
	if n := strings.Count(out, "<table>"); n != 1 {
		t.Errorf("%d tables, want the matrix alone", n)
	}
	// header + 3 implementations of one contract
	if n := strings.Count(out, "<tr>"); n != 4 {
		t.Errorf("%d table rows, want 4:\n%s", n, out)
	}
	// Each disagreement (5: three on ts, two on python, the expected one
	// among them) has its details block with its diff; the repro is in a
	// code block.
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
	// Unexpected disagreements come before the expected one.
	if strings.Index(out, "unexpected") > strings.Index(out, "expected by ledger") {
		t.Error("the expected disagreement comes first")
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
