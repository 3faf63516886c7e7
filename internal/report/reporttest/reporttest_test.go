package reporttest

import (
	"bytes"
	"testing"

	"github.com/conform-dev/conform/internal/report"
)

// The hostile report is a valid report: it reads back from its JSONL.
func TestReportReadsBack(t *testing.T) {
	rep, err := report.Read(bytes.NewReader(JSONL(Report())), "hostile.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 9 || rep.Rows[1].Got.Output == nil || rep.Footer.Ledger == nil {
		t.Errorf("read back %d rows", len(rep.Rows))
	}
}
