package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/html"
	"github.com/conform-dev/conform/internal/report/junit"
	"github.com/conform-dev/conform/internal/report/markdown"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// Every rendering that shows rows shows the link of the ledger entry
// that expects a row beside that row: the hostile report's second case on
// python, whose link is https://example.org/b?q= and markup. Folded (the
// default), the row's group line carries it; unfolded (--show-expected),
// the row's own block too. (The badge shows no row; conform diff has its
// own test.)
func TestLedgerLinkBesideExpectedRows(t *testing.T) {
	rep := reporttest.Report()
	const linkStart = "https://example.org/b?q="

	var b bytes.Buffer
	report.RenderText(&b, report.Summarize(rep))
	text := b.String()
	if !strings.Contains(text, "  expected: ledger/divergences.toml:4 ("+linkStart) || strings.Contains(text, "second [fedcba9876543210] python") {
		t.Errorf("text: the folded group of the expected row lacks its link, or the row is detailed:\n%s", text)
	}
	b.Reset()
	report.RenderText(&b, report.SummarizeView(rep, report.View{ShowExpected: true}))
	text = b.String()
	i := strings.Index(text, "second [fedcba9876543210] python")
	if i < 0 {
		t.Fatalf("text: --show-expected does not detail the expected row:\n%s", text)
	}
	block := text[i:]
	block = block[:strings.Index(block, "\n\n")+1]
	if !strings.Contains(block, "  expected: ledger/divergences.toml:4 ("+linkStart) {
		t.Errorf("text: the expected row's block lacks its link:\n%s", block)
	}

	b.Reset()
	if err := markdown.Write(&b, rep, nil); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	i = strings.Index(md, "python wrong\\-message, expected refused")
	if i < 0 {
		t.Fatalf("markdown: no folded line of the expected row's group:\n%s", md)
	}
	if line := md[i : i+strings.Index(md[i:], "\n")]; !strings.Contains(line, "expected by ledger/divergences\\.toml\\:4 \\(https\\://example\\.org/b?q=") {
		t.Errorf("markdown: the folded group of the expected row lacks its link: %s", line)
	}
	b.Reset()
	if err := markdown.WriteView(&b, rep, nil, report.View{ShowExpected: true}); err != nil {
		t.Fatal(err)
	}
	md = b.String()
	i = strings.Index(md, "fedcba9876543210] on python")
	if i < 0 {
		t.Fatalf("markdown: no summary line of the expected row:\n%s", md)
	}
	line := md[i : i+strings.Index(md[i:], "\n")]
	if !strings.Contains(line, "expected by ledger/divergences.toml:4 ("+linkStart) {
		t.Errorf("markdown: the expected row's summary lacks its link: %s", line)
	}

	b.Reset()
	if err := junit.Write(&b, rep); err != nil {
		t.Fatal(err)
	}
	// The row is a skipped testcase whose message names its entry and link.
	if !strings.Contains(b.String(), `<testcase name="second [fedcba9876543210]"`) ||
		!strings.Contains(b.String(), `<skipped message="expected wrong-message (divergence ledger ledger/divergences.toml:4, `+linkStart) {
		t.Errorf("junit: the expected row's testcase does not carry its link:\n%s", b.String())
	}

	b.Reset()
	if err := html.Write(&b, rep, html.Options{}); err != nil {
		t.Fatal(err)
	}
	// The page's data holds the row's ledger entry, link included, which
	// its script shows beside the row and its group (html's browser test
	// clicks them): once in the cases, once in the groups.
	if n := strings.Count(b.String(), `"known":"ledger/divergences.toml:4 (`+linkStart); n != 2 {
		t.Errorf("html: the page's data holds the expected row's link %d times, want 2", n)
	}
}
