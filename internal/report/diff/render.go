package diff

import (
	"fmt"
	"io"
	"strings"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/markdown"
)

// DefaultMax is how many entries of each class the text and markdown
// renderings list by default; the JSON rendering lists every one.
const DefaultMax = 100

// esc shows a string from outside within one line (internal/escape).
func esc(s string) string { return escape.Line(s) }

// summaryLine counts the entries per class: "2 regressions, 1 fixed, ...,
// 30 unchanged".
func summaryLine(r *Result) string {
	var parts []string
	for _, c := range Classes {
		parts = append(parts, fmt.Sprintf("%d %s", r.Counts[c], c.Title()))
	}
	parts = append(parts, fmt.Sprintf("%d unchanged", r.Unchanged))
	return strings.Join(parts, ", ")
}

// sideLine describes one report on one line, unescaped.
func sideLine(s Side) string {
	line := fmt.Sprintf("started %s, conform %s, vectors manifest %s, transport %s, exit code %d",
		s.StartedAt.UTC().Format("2006-01-02 15:04 UTC"), s.ConformVersion, short(s.VectorsSHA256), s.Transport, s.ExitCode)
	if s.Stopped != "" {
		line += "; stopped early (" + s.Stopped + "): the cases it did not reach show as absent"
	}
	return line
}

// implLine describes an implementation change, unescaped.
func implLine(c ImplChange) string {
	switch c.Change {
	case "added":
		return c.Impl + ": added (version " + c.New + ")"
	case "removed":
		return c.Impl + ": removed (was version " + c.Old + ")"
	}
	var fs []string
	for _, f := range c.Fields {
		fs = append(fs, f.Field+" "+quoteEmpty(f.Old)+" -> "+quoteEmpty(f.New))
	}
	return c.Impl + ": " + strings.Join(fs, "; ")
}

func quoteEmpty(s string) string {
	if s == "" {
		return `""`
	}
	return s
}

// knownLine says which ledger entry expects the entry's row, with its
// link, unescaped; "" when none does.
func knownLine(e Entry) string {
	if e.Known == nil {
		return ""
	}
	return "expected by " + e.Known.Entry + " (" + e.Known.Link + ", until " + e.Known.Expires + ")"
}

func outcome(o report.Outcome) string {
	if o == "" {
		return "(absent)"
	}
	return string(o)
}

// outcomes renders the entry's old and new outcomes; a skip that counts
// as failing (a case its implementation announced) says so.
func outcomes(e Entry) (string, string) {
	before, now := outcome(e.Old), outcome(e.New)
	if e.Old == report.Skipped && (e.Class == Fixed || e.Class == StillFailing) {
		before += " (announced)"
	}
	if e.New == report.Skipped && (e.Class == Regression || e.Class == StillFailing) {
		now += " (announced)"
	}
	return before, now
}

// WriteText renders r as text: the two reports, the implementations whose
// announced versions changed, each contract's interop score before and
// after, the counts per class, then the entries of each class (at most
// limit of each, every one when limit < 1), each with its outcomes, source,
// the ledger entry and link that expect it, and its reproducer, and the
// verdict. Every string from the reports is escaped (internal/escape). It
// returns the first write error.
func WriteText(w io.Writer, r *Result, limit int) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "conform diff %s -> %s\n", esc(r.Old.File), esc(r.New.File))
	fmt.Fprintf(b, "  old: %s\n", esc(sideLine(r.Old)))
	fmt.Fprintf(b, "  new: %s\n", esc(sideLine(r.New)))
	if r.Old.VectorsSHA256 != r.New.VectorsSHA256 {
		fmt.Fprintf(b, "  the vector set changed: manifest %s -> %s\n", esc(short(r.Old.VectorsSHA256)), esc(short(r.New.VectorsSHA256)))
	}
	if len(r.Impls) > 0 {
		b.WriteString("\nimplementations:\n")
		for _, c := range r.Impls {
			fmt.Fprintf(b, "  %s\n", esc(implLine(c)))
		}
	}
	if len(r.Interop) > 0 {
		b.WriteString("\ninterop (cases every implementation agrees on), old -> new:\n")
		width := 0
		for _, c := range r.Interop {
			width = max(width, len(esc(c.Contract)))
		}
		for _, c := range r.Interop {
			fmt.Fprintf(b, "  %-*s  %s -> %s%s\n", width, esc(c.Contract), c.Old, c.New, trend(c))
		}
	}
	fmt.Fprintf(b, "\n%s\n", summaryLine(r))
	for _, c := range Classes {
		es := r.Of(c)
		if len(es) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n%s (%d):\n", c.Title(), len(es))
		for i, e := range es {
			if limit > 0 && i == limit {
				fmt.Fprintf(b, "  ... %d more (--max, or --format json for all)\n", len(es)-limit)
				break
			}
			before, now := outcomes(e)
			fmt.Fprintf(b, "  %s %s [%s] on %s: %s -> %s\n", esc(e.Contract), esc(e.Name), esc(e.Case), esc(e.Impl), before, now)
			fmt.Fprintf(b, "    source: %s\n", esc(e.Source))
			if k := knownLine(e); k != "" {
				fmt.Fprintf(b, "    %s\n", esc(k))
			}
			if e.Repro != "" {
				fmt.Fprintf(b, "    repro: %s\n", esc(e.Repro))
			}
		}
	}
	fmt.Fprintf(b, "\n%s\n", verdict(r))
	_, err := io.WriteString(w, b.String())
	return err
}

// verdict is the last line: whether the diff fails, and why.
func verdict(r *Result) string {
	if n := r.Regressions(); n > 0 {
		return fmt.Sprintf("%d regressions; exit code 1", n)
	}
	return "no regression; exit code 0"
}

// trend marks a score that went down or up.
func trend(c InteropChange) string {
	o, n := c.Old, c.New
	switch {
	case o.Cases == 0 || n.Cases == 0:
		return ""
	case n.Share() < o.Share():
		return "  (down)"
	case n.Share() > o.Share():
		return "  (up)"
	}
	return ""
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// WriteMarkdown renders r as GitHub-flavoured markdown, for a job summary
// or a pull request comment: the verdict as the heading, the reports, the
// implementations that changed, a table of interop scores, and a table
// per class (at most limit rows each, every one when limit < 1) with each
// row's outcomes, the ledger entry and link that expect it, and its
// reproducer. Strings from the reports go through markdown.Text (table
// cells, running text). It returns the first write error.
func WriteMarkdown(w io.Writer, r *Result, limit int) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "## conform diff: %s\n\n", verdict(r))
	fmt.Fprintf(b, "- %s\n", markdown.Text("old: "+r.Old.File+": "+sideLine(r.Old)))
	fmt.Fprintf(b, "- %s\n", markdown.Text("new: "+r.New.File+": "+sideLine(r.New)))
	for _, c := range r.Impls {
		fmt.Fprintf(b, "- %s\n", markdown.Text("implementation "+implLine(c)))
	}
	b.WriteString("\n")
	if len(r.Interop) > 0 {
		b.WriteString("| contract | interop before | interop now |\n| --- | ---: | ---: |\n")
		for _, c := range r.Interop {
			now := c.New.String()
			if t := strings.TrimSpace(trend(c)); t != "" {
				now = "**" + now + "** " + t
			}
			fmt.Fprintf(b, "| %s | %s | %s |\n", markdown.Text(c.Contract), c.Old, now)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "%s.\n\n", summaryLine(r))
	for _, c := range Classes {
		es := r.Of(c)
		if len(es) == 0 {
			continue
		}
		fmt.Fprintf(b, "### %s (%d)\n\n", markdown.Text(c.Title()), len(es))
		b.WriteString("| contract | case | impl | before | now | ledger | reproduce |\n| --- | --- | --- | --- | --- | --- | --- |\n")
		for i, e := range es {
			if limit > 0 && i == limit {
				fmt.Fprintf(b, "\n%d more: `conform diff --format json` lists every one.\n", len(es)-limit)
				break
			}
			repro := ""
			if e.Repro != "" {
				repro = markdown.Text(e.Repro)
			}
			before, now := outcomes(e)
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s |\n", markdown.Text(e.Contract), markdown.Text(e.Name+" ["+e.Case+"]"),
				markdown.Text(e.Impl), before, now, markdown.Text(knownLine(e)), repro)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON renders r as one JSON object (Result's members, indented),
// every entry listed. The text is passed through internal/escape, which
// writes a hidden character (a bidirectional control, say) as the JSON
// escape \uXXXX: the same JSON, nothing hidden. It returns the first
// write error.
func WriteJSON(w io.Writer, r *Result) error {
	out := *r
	if out.Entries == nil {
		out.Entries = []Entry{}
	}
	if out.Impls == nil {
		out.Impls = []ImplChange{}
	}
	return escape.WriteJSON(w, out)
}
