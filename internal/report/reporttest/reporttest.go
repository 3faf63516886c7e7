// Package reporttest builds reports for the renderers' tests: a run whose
// every string from outside conform is hostile (markup, control
// characters, bidirectional overrides, invalid UTF-8, "</script>", "]]>"),
// with a row of every kind a renderer shows differently.
package reporttest

import (
	"bytes"
	"time"

	"github.com/conform-dev/conform/internal/report"
)

// Hostile strings, each something a renderer must show as text and never
// let act.
const (
	// Script closes a script element and opens another that sets
	// window.pwned.
	Script = `</script><script>window.pwned=1</script>`
	// Markup is an element that runs script when it is parsed as HTML.
	Markup = `<img src=x onerror="window.pwned=2">`
	// CDATA ends a CDATA section.
	CDATA = `]]>`
	// Bidi reverses the text after it (U+202E) and isolates (U+2066).
	Bidi = "\u202eevil\u202c \u2066iso\u2069"
	// Controls are C0 controls, an ANSI escape, DEL and a C1 control.
	Controls = "nul\x00 bel\x07 esc\x1b[31m del\x7f c1\u0085"
	// Invalid is bytes that are not UTF-8.
	Invalid = "bad\xff\xfeutf8\xed\xa0\x80"
	// Markdown is markdown syntax: a table pipe, emphasis, a link, a code
	// fence and an HTML comment.
	Markdown = "a | b *em* [link](javascript:alert(1)) ``` <!-- x --> \\"
)

// All is every hostile string, joined.
const All = Script + Markup + CDATA + Bidi + Controls + Invalid + Markdown

// Contract is the made-up contract of the hostile report's cases.
const Contract = "x<b>/1"

// Report returns a whole report of two cases on three implementations:
// one whose name, input, outputs and messages are hostile (agreeing on
// go, a wrong output on ts with a reproducer, a wrong message on the
// harness named python, an outside implementation whose command is
// hostile), and one that agrees on go, is nondeterministic on
// ts and is expected by a ledger entry on python; a third case is skipped
// by python and errored by ts with a trace. The harnesses' handshake names
// are hostile too. The footer's counts match the rows, so it reads back
// (report.Scan) from JSONL.
func Report() report.Report {
	started := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	h := report.Header{
		Format: report.FormatVersion, ConformVersion: "0.1.0", Protocol: 1, StartedAt: started,
		VectorsSHA256: "ab", Transport: "local", Contracts: []string{Contract},
		Impls: []report.ImplMeta{
			{Impl: "go", Name: "reference " + Markup, Transport: "in-process"},
			{Impl: "ts", Name: "ts " + Script + Bidi, Transport: "local"},
			{Impl: "python", Name: "py " + Controls + Invalid, Transport: "local", Outside: "conform.toml:3", Command: []string{"team-py", Markup}},
		},
		Cases: 3,
	}
	hostile := []byte(All)
	one := func(impl string, o report.Outcome) report.Row {
		return report.Row{Case: "0123456789abcdef", Name: "hostile." + Script + CDATA, Contract: Contract, Op: "op" + Markup,
			Source: "vectors/x/" + Markdown + ".jsonl:2", Impl: impl, Outcome: o, ExpectedBy: "vector",
			Expected: report.Answer{Outcome: "ok", Output: hostile}}
	}
	var rows []report.Row
	r := one("go", report.Agree)
	r.Got = report.Answer{Outcome: "ok", Output: hostile}
	rows = append(rows, r)
	r = one("ts", report.WrongOutput)
	r.Got = report.Answer{Outcome: "ok", Output: []byte(Bidi + Script)}
	r.Input = hostile
	r.Repro = "conform repro 0123456789abcdef --impl ts"
	rows = append(rows, r)
	r = one("python", report.RefusedShouldAccept)
	r.Got = report.Answer{Outcome: "refused", Message: "refused " + All}
	r.Input = hostile
	r.Repro = "conform repro 0123456789abcdef --impl python"
	rows = append(rows, r)

	two := func(impl string, o report.Outcome) report.Row {
		return report.Row{Case: "fedcba9876543210", Name: "second", Contract: Contract, Op: "op" + Markup,
			Source: "vectors/x/plain.jsonl:3", Impl: impl, Outcome: o, ExpectedBy: "vector",
			Expected: report.Answer{Outcome: "refused", Message: "m"}}
	}
	r = two("go", report.Agree)
	r.Got = report.Answer{Outcome: "refused", Message: "m"}
	rows = append(rows, r)
	r = two("ts", report.Nondeterministic)
	r.Got = report.Answer{Outcome: "ok", Output: []byte("first")}
	r.Reruns = []report.Answer{{Outcome: "refused", Message: "m"}, {Outcome: "ok", Output: []byte(Script)}}
	r.Input = []byte("two")
	r.Repro = "conform repro fedcba9876543210 --impl ts"
	rows = append(rows, r)
	r = two("python", report.WrongMessage)
	r.Got = report.Answer{Outcome: "refused", Message: "other " + Markup}
	r.Input = []byte("two")
	r.Known = &report.Known{Entry: "ledger/divergences.toml:4", Link: "https://example.org/b?q=" + Markup, Expires: "2030-12-31"}
	rows = append(rows, r)

	three := func(impl string, o report.Outcome) report.Row {
		return report.Row{Case: "00000000000000ff", Name: "third", Contract: Contract, Op: "op" + Markup,
			Source: "/corpora/" + Script, Corpus: "/corpora", Impl: impl, Outcome: o, ExpectedBy: "reference",
			Expected: report.Answer{Outcome: "ok", Output: []byte("3")}}
	}
	r = three("go", report.Agree)
	r.Got = report.Answer{Outcome: "ok", Output: []byte("3")}
	rows = append(rows, r)
	r = three("ts", report.Errored)
	r.Got = report.Answer{Outcome: "errored", Message: "crash " + Controls, Trace: "at f (" + Script + ")\n" + Invalid}
	r.Input = []byte{0xff, 0x00, '<'}
	r.Repro = "conform repro 00000000000000ff --impl ts --corpus /corpora"
	rows = append(rows, r)
	r = three("python", report.Skipped)
	r.Got = report.Answer{Outcome: "skipped", Reason: "not declared " + Markup}
	rows = append(rows, r)

	f := report.Footer{FinishedAt: started.Add(90 * time.Second), Counts: map[string]map[report.Outcome]int{},
		Restarts: map[string]int{"ts": 1}, Breaks: map[string][]string{"ts": {"wrote " + Script + Invalid}}}
	for _, r := range rows {
		if f.Counts[r.Impl] == nil {
			f.Counts[r.Impl] = map[report.Outcome]int{}
		}
		f.Counts[r.Impl][r.Outcome]++
		if r.Outcome.Disagrees() {
			f.Disagreements++
		}
	}
	f.Ledger = &report.LedgerSummary{File: "ledger/divergences.toml", Expected: 1, Unexpected: 3,
		Stale: []string{"ledger/divergences.toml:9: case " + Script + " on ts matched no case of a run of every contract"}}
	f.ExitCode = report.ExitBroken
	return report.Report{Header: h, Rows: rows, Footer: f}
}

// JSONL returns rep as the JSONL stream conform writes (report.Writer).
func JSONL(rep report.Report) []byte {
	var b bytes.Buffer
	w := report.NewWriter(&b)
	w.Header(rep.Header)
	for _, r := range rep.Rows {
		w.Row(r)
	}
	w.Footer(rep.Footer)
	if err := w.Err(); err != nil {
		panic(err)
	}
	return b.Bytes()
}
