// Package markdown renders a conform report (the JSONL stream, package
// report) as GitHub-flavoured markdown for a CI job summary
// ($GITHUB_STEP_SUMMARY): who ran, the matrix of contract x
// implementation counts and each contract's interop score, what changed since a previous report, the
// disagreements with their diffs and reproducers, and the divergence
// ledger's verdict.
//
// Every string from outside conform goes through package display, then
// markdown escaping (Text) in running text and table cells, or a code
// fence longer than any backtick run inside it (Fence) for diffs and
// reproducers, so that a name or message can neither format the summary
// nor inject HTML into it.
package markdown

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
)

// MaxShown bounds the disagreements and changes detailed: a job summary
// holds at most 1 MiB. The JSONL, JUnit and HTML reports hold them all.
const MaxShown = 50

// Write renders rep on w as WriteView does with the default view
// (report.View{}): every disagreement grouped, the ledger's expected ones
// folded, at most MaxShown detailed.
func Write(w io.Writer, rep report.Report, prev *report.Report) error {
	return WriteView(w, rep, prev, report.View{})
}

// WriteView renders rep on w; prev, when not nil, is an earlier report of
// the same suite, and the summary says what changed since (Changes). The
// disagreements are grouped by implementation, outcome, expectation and
// source, and the first v.Limit(MaxShown) of them detailed, as view v
// says (report.View: --only, --show, --show-expected). It returns the
// first write error.
func WriteView(w io.Writer, rep report.Report, prev *report.Report, v report.View) error {
	b := &strings.Builder{}
	h, f := rep.Header, rep.Footer
	agree, total := report.Agreement(rep)
	fmt.Fprintf(b, "## conform: %d of %d cases agree on every implementation\n\n", agree, total)
	fmt.Fprintf(b, "%s\n\n", Text(fmt.Sprintf("conform %s, protocol %d, transport %s, vectors manifest %s, started %s, exit code %d.",
		h.ConformVersion, h.Protocol, h.Transport, short(h.VectorsSHA256), h.StartedAt.UTC().Format("2006-01-02 15:04 UTC"), f.ExitCode)))
	for _, m := range h.Impls {
		line := fmt.Sprintf("%s: %s %s (%s %s, %s %s, %s)", m.Impl, m.Name, m.Version, m.Language, m.LanguageVersion, m.Runtime, m.RuntimeVersion, m.Transport)
		if m.Image != "" {
			line += fmt.Sprintf(", image %s (base %s)", m.Image, m.BaseImage)
		}
		if p := m.Provenance(); p != "" {
			line += "; " + p
		}
		fmt.Fprintf(b, "- %s\n", Text(line))
	}
	for _, c := range h.Corpora {
		fmt.Fprintf(b, "- %s\n", Text(fmt.Sprintf("corpus %s: %d cases (%s)", c.Path, c.Cases, strings.Join(c.Layouts, ", "))))
	}
	b.WriteString("\n")
	matrix(b, rep)
	if rep.Omitted != nil {
		fmt.Fprintf(b, "%s\n\n", Text(fmt.Sprintf("The report leaves out its %d agreeing rows (run --omit-agreeing): the matrix counts them.", rep.Omitted.Total())))
	}
	if prev != nil {
		changes(b, Changes(*prev, rep), *prev, rep)
	}
	groups(b, rep, v)
	disagreements(b, rep, v)
	footer(b, f)
	_, err := io.WriteString(w, b.String())
	return err
}

// matrix writes the contract x implementation table: the cases, then a
// column per outcome that any row has (agree always), then the expected
// disagreements when a ledger judged the run, then the contract's interop
// score (report.Interop) on its first row.
func matrix(b *strings.Builder, rep report.Report) {
	type key struct{ contract, impl string }
	counts := map[key]map[report.Outcome]int{}
	known := map[key]int{}
	present := map[report.Outcome]bool{report.Agree: true}
	var keys []key
	for _, r := range rep.Rows {
		k := key{r.Contract, r.Impl}
		if counts[k] == nil {
			counts[k] = map[report.Outcome]int{}
			keys = append(keys, k)
		}
		counts[k][r.Outcome]++
		present[r.Outcome] = true
		if r.Known != nil {
			known[k]++
		}
	}
	// The rows a report without its agreeing rows left out.
	if rep.Omitted != nil {
		for _, c := range sortedKeys(rep.Omitted.Contracts) {
			for _, impl := range sortedKeys(rep.Omitted.Contracts[c].Rows) {
				k := key{c, impl}
				if counts[k] == nil {
					counts[k] = map[report.Outcome]int{}
					keys = append(keys, k)
				}
				counts[k][report.Agree] += rep.Omitted.Contracts[c].Rows[impl]
			}
		}
	}
	implOrder := map[string]int{}
	for i, m := range rep.Header.Impls {
		implOrder[m.Impl] = i
	}
	sort.SliceStable(keys, func(i, j int) bool {
		if keys[i].contract != keys[j].contract {
			return keys[i].contract < keys[j].contract
		}
		return implOrder[keys[i].impl] < implOrder[keys[j].impl]
	})
	var cols []report.Outcome
	for _, o := range report.Outcomes {
		if present[o] {
			cols = append(cols, o)
		}
	}
	b.WriteString("| contract | impl | cases |")
	for _, o := range cols {
		fmt.Fprintf(b, " %s |", o)
	}
	ledger := rep.Footer.Ledger != nil
	if ledger {
		b.WriteString(" expected by the ledger |")
	}
	b.WriteString(" interop |")
	b.WriteString("\n| --- | --- | ---: |")
	for range cols {
		b.WriteString(" ---: |")
	}
	if ledger {
		b.WriteString(" ---: |")
	}
	b.WriteString(" ---: |")
	b.WriteString("\n")
	scores := report.InteropOf(rep)
	for i, k := range keys {
		total := 0
		for _, n := range counts[k] {
			total += n
		}
		fmt.Fprintf(b, "| %s | %s | %d |", Text(k.contract), Text(k.impl), total)
		for _, o := range cols {
			n := counts[k][o]
			if n > 0 && o.Disagrees() {
				fmt.Fprintf(b, " **%d** |", n)
			} else {
				fmt.Fprintf(b, " %d |", n)
			}
		}
		if ledger {
			fmt.Fprintf(b, " %d |", known[k])
		}
		if i == 0 || keys[i-1].contract != k.contract {
			fmt.Fprintf(b, " %s |", scores[k.contract])
		} else {
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// groups writes the disagreements view v selects grouped by
// implementation, outcome, expectation and source (report.Grouper): a
// table of the groups no ledger entry expects, each with its count and
// its first examples, then those the ledger expects, folded in a details
// block, one line a group, unless v.ShowExpected puts them in the table.
func groups(b *strings.Builder, rep report.Report, v report.View) {
	g := report.GroupsOf(rep, v)
	only := v.OnlyString()
	if g.Total == 0 && only == "" {
		return
	}
	all := g.Groups()
	b.WriteString("### Disagreements by implementation, outcome, expectation and source\n\n")
	what := fmt.Sprintf("%s in %s", count(g.Total, "disagreement"), count(len(all), "group"))
	if only != "" {
		what += fmt.Sprintf(" (--only %s; %d disagreements in all)", only, rep.Footer.Disagreements)
	}
	fmt.Fprintf(b, "%s.\n\n", Text(what))
	var table, folded []report.Group
	for _, gr := range all {
		if gr.Entry != "" && !v.ShowExpected {
			folded = append(folded, gr)
		} else {
			table = append(table, gr)
		}
	}
	if len(table) > 0 {
		b.WriteString("| impl | outcome | expected | source | rows | examples |\n| --- | --- | --- | --- | ---: | --- |\n")
		for _, gr := range table {
			var ex []string
			for _, r := range gr.Examples {
				ex = append(ex, Text(escape.Clip(fmt.Sprintf("%s [%s]%s: got %s", r.Name, r.Case, report.ExampleWhere(gr.GroupKey, r), report.AnswerLine(r.Got)), 200)))
			}
			examples := strings.Join(ex, "; ")
			if gr.Known != nil {
				examples = Text(knownText(gr.Known)) + "; " + examples
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %s |\n", Text(gr.Impl), Text(string(gr.Outcome)), Text(gr.ExpectedLabel()),
				Text(gr.SourceLabel()), gr.Rows, examples)
		}
		b.WriteString("\n")
	}
	if len(folded) > 0 {
		rows := 0
		for _, gr := range folded {
			rows += gr.Rows
		}
		fmt.Fprintf(b, "<details><summary>%s</summary>\n\n", HTML(fmt.Sprintf("%s in %s the divergence ledger expects (folded; --show-expected unfolds)", count(rows, "disagreement"), count(len(folded), "group"))))
		for _, gr := range folded {
			fmt.Fprintf(b, "- %s\n", Text(fmt.Sprintf("%s %s, expected %s, from %s: %s, %s", gr.Impl, gr.Outcome, gr.ExpectedLabel(), gr.SourceLabel(), count(gr.Rows, "row"), knownText(gr.Known))))
		}
		b.WriteString("\n</details>\n\n")
	}
	if g.Overflow > 0 {
		fmt.Fprintf(b, "%s\n\n", Text(fmt.Sprintf("%d more disagreements in groups beyond the first %d.", g.Overflow, report.MaxGroups)))
	}
}

// count says n things: "1 row", "2 rows".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// knownText names a ledger entry: "expected by ENTRY (LINK, until DATE)".
func knownText(k *report.Known) string {
	if k == nil {
		return ""
	}
	return "expected by " + k.Entry + " (" + k.Link + ", until " + k.Expires + ")"
}

// disagreements writes the disagreements view v details (report.View:
// those it selects, the ledger's expected ones only when unfolded), the
// unexpected first, at most v.Limit(MaxShown), each with its diff and
// reproducer in a collapsed block.
func disagreements(b *strings.Builder, rep report.Report, v report.View) {
	var rows []report.Row
	for _, r := range rep.Rows {
		if v.Details(r) {
			rows = append(rows, r)
		}
	}
	limit := v.Limit(MaxShown)
	if len(rows) == 0 || limit == 0 {
		return
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Unexpected() && !rows[j].Unexpected() })
	fmt.Fprintf(b, "### Disagreements (%d)\n\n", len(rows))
	for i, r := range rows {
		if i == limit {
			fmt.Fprintf(b, "%d more in the JSONL, JUnit and HTML reports (--show N details N).\n\n", len(rows)-limit)
			break
		}
		status := "unexpected"
		if r.Known != nil {
			status = knownText(r.Known)
		}
		fmt.Fprintf(b, "<details><summary>%s</summary>\n\n", HTML(fmt.Sprintf("%s %s %s [%s] on %s: %s, %s", r.Contract, r.Op, r.Name, r.Case, r.Impl, r.Outcome, status)))
		var d strings.Builder
		fmt.Fprintf(&d, "source: %s\n", r.Source)
		if r.Input != nil {
			fmt.Fprintf(&d, "input: %s\n", escape.Clip(fmt.Sprintf("%q", r.Input), 1000))
		}
		fmt.Fprintf(&d, "expected by %s; diff (-expected +got):\n%s", r.ExpectedBy, report.Diff(r))
		for k, a := range r.Reruns {
			fmt.Fprintf(&d, "rerun %d: %s\n", k+1, report.AnswerLine(a))
		}
		if r.Got.Trace != "" {
			fmt.Fprintf(&d, "trace: %s\n", escape.Clip(r.Got.Trace, 1000))
		}
		b.WriteString(Fence("diff", d.String()))
		if r.Repro != "" {
			b.WriteString("Reproduce:\n\n")
			b.WriteString(Fence("sh", r.Repro))
		}
		b.WriteString("</details>\n\n")
	}
}

// footer writes the protocol breaks, the ledger's verdict and why the run
// stopped early.
func footer(b *strings.Builder, f report.Footer) {
	var lines []string
	for _, im := range sortedKeys(f.Breaks) {
		for _, x := range f.Breaks[im] {
			lines = append(lines, "protocol break of "+im+": "+x)
		}
	}
	if len(f.Quarantined) > 0 {
		lines = append(lines, "quarantined: "+strings.Join(f.Quarantined, ", "))
	}
	if l := f.Ledger; l != nil {
		lines = append(lines, fmt.Sprintf("divergence ledger %s: %d expected, %d unexpected disagreements", l.File, l.Expected, l.Unexpected))
		for _, e := range l.Expired {
			lines = append(lines, "expired ledger entry: "+e)
		}
		for _, e := range l.Stale {
			lines = append(lines, "stale ledger entry: "+e)
		}
	}
	if f.Stopped != "" {
		lines = append(lines, "stopped early: "+f.Stopped)
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("### Run\n\n")
	for _, l := range lines {
		fmt.Fprintf(b, "- %s\n", Text(l))
	}
	b.WriteString("\n")
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
