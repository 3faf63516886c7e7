package junit

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	gojunit "github.com/joshdk/go-junit"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

func render(t *testing.T) []byte {
	t.Helper()
	// Rendered from the JSONL stream, as conform report does.
	rep, err := report.Read(bytes.NewReader(reporttest.JSONL(reporttest.Report())), "hostile.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, rep); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The document is well-formed XML 1.0 to a strict parser, holds no
// character XML forbids or that reorders text, and keeps the hostile
// strings as text: no element comes from them.
func TestWellFormedAndEscaped(t *testing.T) {
	doc := render(t)
	if !utf8.Valid(doc) {
		t.Fatal("not UTF-8")
	}
	for _, r := range string(doc) {
		if escape.Hidden(r) && r != '\n' {
			t.Errorf("the document holds %U", r)
		}
	}
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	elements := map[string]int{}
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("strict XML parse: %v\n%s", err, doc)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			elements[x.Name.Local]++
			for _, a := range x.Attr {
				text.WriteString(a.Value + "\n")
			}
		case xml.CharData:
			text.Write(x)
		}
	}
	for name := range elements {
		switch name {
		case "testsuites", "testsuite", "properties", "property", "testcase", "failure", "skipped":
		default:
			t.Errorf("element <%s> in the document", name)
		}
	}
	got := text.String()
	for _, want := range []string{reporttest.Script, reporttest.Markup, reporttest.CDATA, `\u202eevil`, `\x00`, `\x1b[31m`, `\xff\xfe`,
		"outside implementation from conform.toml:3: command team-py " + reporttest.Markup} {
		if !strings.Contains(got, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
	if bytes.Contains(doc, []byte("<script")) || bytes.Contains(doc, []byte("<img")) || bytes.Contains(doc, []byte("]]>")) {
		t.Errorf("markup or a CDATA end survived unescaped:\n%s", doc)
	}
}

// A well-kept JUnit parser (joshdk/go-junit) reads one testcase per case
// and implementation: agreement passes, a disagreement fails with the diff
// and the reproducer, a skip and an expected divergence are skipped; the
// protocol break and the stale ledger entry fail in a suite of their own.
func TestParsesAsJUnit(t *testing.T) {
	suites, err := gojunit.Ingest(render(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(suites) != 4 {
		t.Fatalf("%d suites", len(suites))
	}
	want := []struct {
		name                           string
		passed, failed, skipped, total int
	}{
		{escape.Line(reporttest.Contract + " on go"), 3, 0, 0, 3},
		{escape.Line(reporttest.Contract + " on ts"), 0, 3, 0, 3},
		{escape.Line(reporttest.Contract + " on python"), 0, 1, 2, 3},
		{"conform run", 0, 2, 0, 2},
	}
	for i, w := range want {
		s := suites[i]
		s.Aggregate()
		if s.Name != w.name || s.Totals.Passed != w.passed || s.Totals.Failed != w.failed || s.Totals.Skipped != w.skipped || s.Totals.Tests != w.total {
			t.Errorf("suite %d: %q %+v, want %+v", i, s.Name, s.Totals, w)
		}
	}
	ts := suites[1].Tests
	wrong := ts[0]
	if wrong.Status != gojunit.StatusFailed || wrong.Message != "wrong-output (expected by vector)" {
		t.Fatalf("ts's first case: %+v", wrong)
	}
	body := wrong.Error.(gojunit.Error).Body
	for _, want := range []string{"diff (-expected +got):", "-", "+", "repro: conform repro 0123456789abcdef --impl ts", "input (hex): 3c2f736372697074"} {
		if !strings.Contains(body, want) {
			t.Errorf("the failure body lacks %q:\n%s", want, body)
		}
	}
	if !strings.Contains(wrong.Name, reporttest.Script+reporttest.CDATA) || !strings.Contains(wrong.Name, "[0123456789abcdef]") {
		t.Errorf("testcase name %q", wrong.Name)
	}
	if nd := ts[1]; nd.Status != gojunit.StatusFailed || !strings.HasPrefix(nd.Message, "nondeterministic") ||
		!strings.Contains(nd.Error.(gojunit.Error).Body, "rerun 2: ok") {
		t.Errorf("nondeterministic case: %+v", nd)
	}
	if e := ts[2]; e.Error.(gojunit.Error).Type != "errored" || !strings.Contains(e.Error.(gojunit.Error).Body, "trace:") {
		t.Errorf("errored case: %+v", e)
	}
	py := suites[2].Tests
	if k := py[1]; k.Status != gojunit.StatusSkipped || !strings.HasPrefix(k.Message, "expected wrong-message (divergence ledger ledger/divergences.toml:4") {
		t.Errorf("expected divergence: %+v", k)
	}
	if p := suites[0].Properties["implementation"]; p != "reference "+reporttest.Markup {
		t.Errorf("implementation property %q", p)
	}
}

// A report of agreement only is a document with no failure.
func TestAllAgree(t *testing.T) {
	rep := reporttest.Report()
	var rows []report.Row
	for _, r := range rep.Rows {
		if r.Outcome == report.Agree {
			rows = append(rows, r)
		}
	}
	rep.Rows, rep.Footer.Breaks, rep.Footer.Ledger = rows, nil, nil
	var b bytes.Buffer
	if err := Write(&b, rep); err != nil {
		t.Fatal(err)
	}
	suites, err := gojunit.Ingest(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(suites) != 1 || len(suites[0].Tests) != 3 || suites[0].Tests[0].Status != gojunit.StatusPassed {
		t.Errorf("%+v", suites)
	}
	if !bytes.Contains(b.Bytes(), []byte(`tests="3" failures="0" errors="0" skipped="0"`)) {
		t.Errorf("totals:\n%s", b.Bytes())
	}
}
