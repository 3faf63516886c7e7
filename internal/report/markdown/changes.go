package markdown

import (
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/report"
)

// Change is one case and implementation whose outcome differs between two
// reports.
type Change struct {
	Case, Name, Contract, Impl string
	// Before and Now are the outcomes in the earlier and the later report;
	// empty when the case was not in that report.
	Before, Now report.Outcome
}

// Kind names the change: "new disagreement" (it agreed, was skipped or
// was absent, and now disagrees), "fixed" (it disagreed and now agrees),
// "changed" (from one disagreement to another), "new case", "removed
// case", or "other" (agreement and skip swapped).
func (c Change) Kind() string {
	switch {
	case c.Before == "":
		if c.Now.Disagrees() {
			return "new disagreement"
		}
		return "new case"
	case c.Now == "":
		return "removed case"
	case !c.Before.Disagrees() && c.Now.Disagrees():
		return "new disagreement"
	case c.Before.Disagrees() && c.Now == report.Agree:
		return "fixed"
	case c.Before.Disagrees() && c.Now.Disagrees():
		return "changed"
	}
	return "other"
}

// Changes lists every (case, implementation) whose outcome differs between
// prev and now, in now's row order, then the rows only prev had. A row
// that a report without its agreeing rows (report.Report.Omitted) does
// not hold is taken to have agreed: such a report cannot tell an
// agreeing case from one it did not run.
func Changes(prev, now report.Report) []Change {
	type key struct{ c, impl string }
	before := map[key]report.Row{}
	for _, r := range prev.Rows {
		before[key{r.Case, r.Impl}] = r
	}
	var out []Change
	seen := map[key]bool{}
	for _, r := range now.Rows {
		k := key{r.Case, r.Impl}
		seen[k] = true
		b, had := before[k]
		if !had && prev.Omitted != nil {
			b.Outcome, had = report.Agree, true
		}
		if had && b.Outcome == r.Outcome {
			continue
		}
		out = append(out, Change{Case: r.Case, Name: r.Name, Contract: r.Contract, Impl: r.Impl, Before: b.Outcome, Now: r.Outcome})
	}
	for _, r := range prev.Rows {
		if k := (key{r.Case, r.Impl}); !seen[k] {
			c := Change{Case: r.Case, Name: r.Name, Contract: r.Contract, Impl: r.Impl, Before: r.Outcome}
			if now.Omitted != nil {
				if r.Outcome == report.Agree {
					continue
				}
				c.Now = report.Agree
			}
			out = append(out, c)
		}
	}
	return out
}

// changes writes the section on what changed since prev: a count per kind
// and a table of the changes (at most MaxShown), new disagreements first;
// it says when either report left out its agreeing rows (Changes).
func changes(b *strings.Builder, cs []Change, prev, now report.Report) {
	fmt.Fprintf(b, "### Since the previous report\n\n%s\n\n", Text(fmt.Sprintf("The previous report started %s (conform %s, vectors manifest %s).",
		prev.Header.StartedAt.UTC().Format("2006-01-02 15:04 UTC"), prev.Header.ConformVersion, short(prev.Header.VectorsSHA256))))
	if prev.Omitted != nil || now.Omitted != nil {
		fmt.Fprintf(b, "%s\n\n", Text("A report here leaves out its agreeing rows (run --omit-agreeing): a case it does not hold is taken to have agreed, so a case added or removed shows as agreeing."))
	}
	if len(cs) == 0 {
		b.WriteString("No outcome changed.\n\n")
		return
	}
	kinds := []string{"new disagreement", "fixed", "changed", "new case", "removed case", "other"}
	counts := map[string]int{}
	for _, c := range cs {
		counts[c.Kind()]++
	}
	var parts []string
	for _, k := range kinds {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	fmt.Fprintf(b, "%s.\n\n", strings.Join(parts, ", "))
	b.WriteString("| change | contract | case | impl | before | now |\n| --- | --- | --- | --- | --- | --- |\n")
	shown := 0
	for _, k := range kinds {
		if k == "new case" || k == "removed case" {
			continue // counted above; a new vector set is not news case by case
		}
		for _, c := range cs {
			if c.Kind() != k {
				continue
			}
			if shown == MaxShown {
				break
			}
			shown++
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", k, Text(c.Contract), Text(c.Name+" ["+c.Case+"]"), Text(c.Impl), orNone(c.Before), orNone(c.Now))
		}
	}
	b.WriteString("\n")
}

func orNone(o report.Outcome) string {
	if o == "" {
		return "(absent)"
	}
	return string(o)
}
