package singlecause

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/conform-dev/conform/internal/escape"
)

// row is one guard across implementations.
type row struct {
	contract, code, message string
	per                     map[string]*Guard
}

// rows joins the results' guards by (contract, message), in first-seen
// order over results in order.
func rows(results []Result) []*row {
	var out []*row
	at := map[[2]string]*row{}
	for ri := range results {
		r := &results[ri]
		for gi := range r.Guards {
			g := &r.Guards[gi]
			k := [2]string{g.Contract, g.Message}
			x := at[k]
			if x == nil {
				x = &row{contract: g.Contract, message: g.Message, per: map[string]*Guard{}}
				at[k] = x
				out = append(out, x)
			}
			if x.code == "" {
				x.code = g.Code
			}
			x.per[r.Impl] = g
		}
	}
	return out
}

// WriteText writes the audit of results as text: a matrix of guard x
// implementation verdicts with the number of vectors aimed at each guard,
// then why each guard got its verdict (one line when every implementation
// has the same reasons, else one per implementation), then every baseline
// disagreement and protocol break.
func WriteText(w io.Writer, results []Result) {
	rs := rows(results)
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "contract\tcode\t")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t", r.Impl)
	}
	fmt.Fprint(tw, "vectors\t\n")
	for _, x := range rs {
		code := x.code
		if code == "" {
			code = "(no code)"
		}
		fmt.Fprintf(tw, "%s\t%s\t", escape.Line(x.contract), escape.Line(code))
		aimed := 0
		for _, r := range results {
			g := x.per[r.Impl]
			if g == nil {
				fmt.Fprint(tw, "-\t")
				continue
			}
			aimed = g.Aimed
			fmt.Fprintf(tw, "%s\t", g.Status)
		}
		fmt.Fprintf(tw, "%d\t\n", aimed)
	}
	tw.Flush()

	fmt.Fprintln(w)
	fmt.Fprintln(w, "why:")
	for _, x := range rs {
		fmt.Fprintf(w, "  %s %s %q\n", escape.Line(x.contract), escape.Line(orDash(x.code)), x.message)
		same := true
		var first *Guard
		for _, r := range results {
			g := x.per[r.Impl]
			if g == nil {
				same = false
				continue
			}
			if first == nil {
				first = g
			} else if g.Status != first.Status || strings.Join(g.Reasons, "\n") != strings.Join(first.Reasons, "\n") {
				same = false
			}
		}
		if same && first != nil && len(results) > 1 {
			for _, reason := range first.Reasons {
				fmt.Fprintf(w, "    all %s: %s\n", first.Status, escape.Line(reason))
			}
			continue
		}
		for _, r := range results {
			g := x.per[r.Impl]
			if g == nil {
				fmt.Fprintf(w, "    %s: not in its table and no vector names it\n", r.Impl)
				continue
			}
			for _, reason := range g.Reasons {
				fmt.Fprintf(w, "    %s %s: %s\n", r.Impl, g.Status, escape.Line(reason))
			}
		}
	}

	writeThresholds(w, results)

	for _, r := range results {
		if len(r.Baseline) > 0 {
			fmt.Fprintf(w, "\n%s disagrees with %d vectors with nothing ignored (run conform run); first: %s: want %s, got %s\n",
				r.Impl, len(r.Baseline), escape.Line(fmt.Sprint(r.Baseline[0].Vector)), escape.Line(fmt.Sprint(r.Baseline[0].Before)), escape.Line(fmt.Sprint(r.Baseline[0].After)))
		}
		if r.Broke != "" {
			fmt.Fprintf(w, "\n%s broke; its audit is incomplete: %s\n", r.Impl, escape.Line(r.Broke))
		}
	}
	fmt.Fprintln(w)
	for _, r := range results {
		n := r.Counts()
		thresholds := ""
		if len(r.Thresholds) > 0 {
			t := r.ThresholdCounts()
			thresholds = fmt.Sprintf("; %d thresholds: %d flipped, %d exception, %d broken", len(r.Thresholds), t[Flipped], t[Exception], t[Broken])
		}
		fmt.Fprintf(w, "%s: %d guards: %d flipped, %d exception, %d broken%s; %d %s, %d vector runs, in %.2fs\n",
			r.Impl, len(r.Guards), n[Flipped], n[Exception], n[Broken], thresholds, r.Runs, plural(r.Runs, "batch"), r.Vectors, r.Duration.Seconds())
	}
}

// writeThresholds writes, when any result has thresholds, one line per
// threshold and implementation: its verdict and why.
func writeThresholds(w io.Writer, results []Result) {
	header := false
	for _, r := range results {
		for _, t := range r.Thresholds {
			if !header {
				fmt.Fprintln(w)
				fmt.Fprintln(w, "thresholds:")
				header = true
			}
			for _, reason := range t.Reasons {
				fmt.Fprintf(w, "  %s %s=%d %s %s: %s\n", escape.Line(t.Contract), escape.Line(t.Name), t.Value, r.Impl, t.Status, escape.Line(reason))
			}
		}
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	if strings.HasSuffix(s, "ch") {
		return s + "es"
	}
	return s + "s"
}
