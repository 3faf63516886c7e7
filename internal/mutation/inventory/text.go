package inventory

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/conform-dev/conform/internal/escape"
)

// WriteText writes the inventory as text: per contract, a table of code,
// message, which implementations list it, how many vectors aim at it and
// the Go refusal sites; then every flag, and a summary line.
func (inv Inventory) WriteText(w io.Writer) {
	for _, c := range inv.Contracts {
		fmt.Fprintf(w, "%s\n", escape.Line(c))
		tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
		fmt.Fprint(tw, "  code\tmessage\t")
		for _, im := range inv.Impls {
			fmt.Fprintf(tw, "%s\t", im)
		}
		fmt.Fprint(tw, "vectors\tgo sites\n")
		for _, e := range inv.Entries {
			if e.Contract != c {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%q\t", escape.Line(orDash(e.Code(inv.Impls))), e.Message)
			for _, im := range inv.Impls {
				mark := "-"
				if _, ok := e.Codes[im]; ok {
					mark = "yes"
				}
				fmt.Fprintf(tw, "%s\t", mark)
			}
			vec := fmt.Sprint(e.Vectors)
			if e.Unreachable {
				vec += " (declared unreachable)"
			}
			if e.Grammar > 0 {
				vec += fmt.Sprintf(" (%d grammar)", e.Grammar)
			}
			sites := strings.Join(e.Sites, " ")
			if !inv.SitesKnown {
				sites = "?"
			}
			fmt.Fprintf(tw, "%s\t%s\n", vec, orDash(sites))
		}
		for _, o := range inv.Orphans {
			if o.Contract != c {
				continue
			}
			fmt.Fprintf(tw, "  -\t%q\t", o.Message)
			for range inv.Impls {
				fmt.Fprint(tw, "-\t")
			}
			fmt.Fprintf(tw, "%d\t-\n", len(o.Vectors))
		}
		tw.Flush()
		fmt.Fprintln(w)
	}
	if len(inv.Unconditional) > 0 {
		fmt.Fprintf(w, "Go refusal sites with no enclosing if or tagless case in their function (no condition to mutate): %s\n\n", strings.Join(inv.Unconditional, ", "))
	}
	n := inv.Problems()
	if n == 0 {
		fmt.Fprintf(w, "%d guards in %d contracts across %s: no flags\n", len(inv.Entries), len(inv.Contracts), strings.Join(inv.Impls, ", "))
		return
	}
	fmt.Fprintln(w, "flags:")
	for _, e := range inv.Entries {
		for _, f := range e.Flags {
			fmt.Fprintf(w, "  %s %s %q: %s\n", escape.Line(e.Contract), escape.Line(orDash(e.Code(inv.Impls))), e.Message, escape.Line(f))
		}
	}
	for _, o := range inv.Orphans {
		fmt.Fprintf(w, "  %s %q: %d vectors aim at this message and no implementation has it; first: %s\n", escape.Line(o.Contract), o.Message, len(o.Vectors), escape.Line(o.Vectors[0]))
	}
	for _, f := range inv.Flags {
		fmt.Fprintf(w, "  %s\n", escape.Line(f))
	}
	fmt.Fprintf(w, "\n%d guards in %d contracts across %s: %d flags\n", len(inv.Entries), len(inv.Contracts), strings.Join(inv.Impls, ", "), n)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
