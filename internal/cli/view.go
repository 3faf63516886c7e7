package cli

import (
	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/report"
)

// viewFlags are the flags of run and report that say what a rendering
// shows of the disagreements beside the matrix (report.View): --show,
// --only and --show-expected.
type viewFlags struct {
	show         int
	only         []string
	showExpected bool
}

// register adds the flags to cmd.
func (v *viewFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.IntVar(&v.show, "show", 0, "detail at most N disagreements after their groups (default: 100 in text, 50 in markdown; 0: none)")
	f.StringArrayVar(&v.only, "only", nil, "group and detail only the disagreements of IMPL with OUTCOME, each side or * (repeatable): ts/wrong-message, */errored, ts/*")
	f.BoolVar(&v.showExpected, "show-expected", false, "unfold the disagreements the divergence ledger expects: show their groups' examples and detail them")
}

// view returns the report.View the flags of cmd say, or a usage error: a
// negative --show, an --only that is not IMPL/OUTCOME of an outcome that
// can be grouped (report.ParseFilter).
func (v *viewFlags) view(cmd *cobra.Command) (report.View, error) {
	out := report.View{ShowExpected: v.showExpected}
	if cmd.Flags().Changed("show") {
		switch {
		case v.show < 0:
			return report.View{}, usageErr("--show must not be negative")
		case v.show == 0:
			out.Show = -1
		default:
			out.Show = v.show
		}
	}
	for _, s := range v.only {
		f, err := report.ParseFilter(s)
		if err != nil {
			return report.View{}, usageErr("--only: %v", err)
		}
		out.Only = append(out.Only, f)
	}
	return out, nil
}

// checkView refuses, as a usage error, an --only of an implementation
// the run of header h does not have (report.CheckFilters).
func checkView(h report.Header, v report.View) error {
	if err := report.CheckFilters(h, v.Only); err != nil {
		return usageErr("%v", err)
	}
	return nil
}
