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
// python, whose link is https://example.org/b?q= and markup. (The badge
// shows no row; conform diff has its own test.)
func TestLedgerLinkBesideExpectedRows(t *testing.T) {
	rep := reporttest.Report()
	const linkStart = "https://example.org/b?q="

	var b bytes.Buffer
	report.RenderText(&b, report.Summarize(rep))
	text := b.String()
	block := text[strings.Index(text, "second [fedcba9876543210] python"):]
	block = block[:strings.Index(block, "\n\n")+1]
	if !strings.Contains(block, "  expected: ledger/divergences.toml:4 ("+linkStart) {
		t.Errorf("text: the expected row's block lacks its link:\n%s", block)
	}

	b.Reset()
	if err := markdown.Write(&b, rep, nil); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	i := strings.Index(md, "fedcba9876543210] on python")
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
	// its script shows beside the row (html's browser test clicks it).
	if !strings.Contains(b.String(), `"known":"ledger/divergences.toml:4 (`+linkStart) {
		t.Errorf("html: the page's data lacks the expected row's link")
	}
}
