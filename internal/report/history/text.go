package history

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
)

// esc shows a string from outside within one line (internal/escape).
func esc(s string) string { return escape.Line(s) }

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// contractNames returns the contracts of lines, by name, and the
// implementations of lines in the order they first appear.
func contractNames(lines []Line) (contracts []string, impls []string) {
	seenC, seenI := map[string]bool{}, map[string]bool{}
	for _, l := range lines {
		for _, c := range l.Contracts {
			if !seenC[c.Contract] {
				seenC[c.Contract] = true
				contracts = append(contracts, c.Contract)
			}
		}
		for _, im := range l.Impls {
			if !seenI[im.Impl] {
				seenI[im.Impl] = true
				impls = append(impls, im.Impl)
			}
		}
	}
	slices.Sort(contracts)
	return contracts, impls
}

// contractOf returns the line's entry of contract c, if it has one.
func contractOf(l Line, c string) (Contract, bool) {
	for _, k := range l.Contracts {
		if k.Contract == c {
			return k, true
		}
	}
	return Contract{}, false
}

// countsOf returns the contract entry's counts of implementation impl, if
// it took part (announced the contract).
func countsOf(k Contract, impl string) (Counts, bool) {
	for _, c := range k.Impls {
		if c.Impl == impl && c.Announced {
			return c, true
		}
	}
	return Counts{}, false
}

// versionChanges describes the implementations of l against the line
// before it (prev nil for the first): every one, "go 0.1.0", on the
// first line; after, only those added ("+team 2.0"), removed ("-team")
// or whose version changed ("ts 1.0 -> 1.1"). Unescaped.
func versionChanges(prev *Line, l Line) string {
	var parts []string
	if prev == nil {
		for _, im := range l.Impls {
			parts = append(parts, im.Impl+" "+im.Version)
		}
		return strings.Join(parts, ", ")
	}
	before := map[string]string{}
	for _, im := range prev.Impls {
		before[im.Impl] = im.Version
	}
	now := map[string]bool{}
	for _, im := range l.Impls {
		now[im.Impl] = true
		v, had := before[im.Impl]
		switch {
		case !had:
			parts = append(parts, "+"+im.Impl+" "+im.Version)
		case v != im.Version:
			parts = append(parts, im.Impl+" "+v+" -> "+im.Version)
		}
	}
	for _, im := range prev.Impls {
		if !now[im.Impl] {
			parts = append(parts, "-"+im.Impl)
		}
	}
	if len(parts) == 0 {
		return "(same)"
	}
	return strings.Join(parts, ", ")
}

// WriteText renders the history lines of the file named name as text:
// a table of the runs (date, commit, conform version, vector manifest,
// exit code, implementation versions as they changed), then per contract
// a table of its interop score and each implementation's agreement run by
// run ("-" where the implementation did not take part). Every string from
// the file is escaped. It returns the first write error.
func WriteText(w io.Writer, name string, lines []Line) error {
	b := &strings.Builder{}
	if len(lines) == 0 {
		fmt.Fprintf(b, "history %s: no run yet\n", esc(name))
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(b, "history %s: %d runs, %s to %s\n\n", esc(name), len(lines), esc(lines[0].Date), esc(lines[len(lines)-1].Date))
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  date\tcommit\tconform\tvectors\texit\timplementations")
	for i, l := range lines {
		var prev *Line
		vectors := short(l.VectorsSHA256)
		if i > 0 {
			prev = &lines[i-1]
			if l.VectorsSHA256 == prev.VectorsSHA256 {
				vectors = "(same)"
			}
		}
		exit := fmt.Sprint(l.ExitCode)
		if l.Stopped != "" {
			exit += " (stopped: " + l.Stopped + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", esc(l.Date), esc(short(l.Commit)), esc(l.ConformVersion), esc(vectors), esc(exit), esc(versionChanges(prev, l)))
	}
	tw.Flush()
	contracts, impls := contractNames(lines)
	for _, c := range contracts {
		fmt.Fprintf(b, "\n%s: interop (cases every implementation agrees on) and each implementation's agreement\n", esc(c))
		var cols []string
		for _, im := range impls {
			for _, l := range lines {
				k, ok := contractOf(l, c)
				if _, took := countsOf(k, im); ok && took {
					cols = append(cols, im)
					break
				}
			}
		}
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprint(tw, "  date\tcommit\tinterop")
		for _, im := range cols {
			fmt.Fprintf(tw, "\t%s", esc(im))
		}
		fmt.Fprintln(tw)
		for _, l := range lines {
			k, ok := contractOf(l, c)
			if !ok {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s", esc(l.Date), esc(short(l.Commit)), k.Interop)
			for _, im := range cols {
				cell := "-"
				if counts, took := countsOf(k, im); took {
					cell = counts.Agreement().String()
				}
				fmt.Fprintf(tw, "\t%s", cell)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Latest returns the last line's score of contract c, and whether the
// last line has the contract.
func Latest(lines []Line, c string) (report.InteropScore, bool) {
	if len(lines) == 0 {
		return report.InteropScore{}, false
	}
	k, ok := contractOf(lines[len(lines)-1], c)
	return k.Interop, ok
}
