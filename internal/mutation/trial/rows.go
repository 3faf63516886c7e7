package trial

import (
	"context"
	"os"
	"time"

	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/spec/shapes"
)

// RowMutant is one row mutant of one contract's declaration of shapes.
type RowMutant struct {
	Contract string     `json:"contract"`
	Row      shapes.Row `json:"row"`
}

// RowOutcome is the verdict on one row mutant: Killed naming the first
// vector of its contract it failed, Timeout, Survived, RuntimeError when
// the harness did not start (the row did not apply), or Ignored when it
// survived and a declaration says why it is equivalent.
type RowOutcome struct {
	RowMutant
	Status   Status   `json:"status"`
	KilledBy *Failure `json:"killed_by,omitempty"`
	Killers  int      `json:"killers"`
	Detail   string   `json:"detail,omitempty"`
	// Equivalent is the reason a declaration gives, for a row declared
	// equivalent.
	Equivalent string        `json:"equivalent,omitempty"`
	Run        time.Duration `json:"run_ns"`
}

// Rows builds the unmutated main package once and tries every row mutant
// with it, Jobs at a time: one harness process per row, started with
// shapes.MutantEnv naming the row, so that the reference's interpreter
// runs the mutated declaration; the vectors run are those of cases whose
// contract is the row's. It returns the outcomes in the order of rows, or
// an error when the harness does not build.
func Rows(ctx context.Context, opts Options, rows []RowMutant, cases []vectors.Case) ([]RowOutcome, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "conform-rows-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin, err := Build(ctx, opts, nil, nil, dir)
	if err != nil {
		return nil, err
	}
	byContract := map[string][]vectors.Case{}
	for _, c := range cases {
		byContract[c.Contract] = append(byContract[c.Contract], c)
	}
	out := make([]RowOutcome, len(rows))
	parallel(ctx, opts.jobs(), len(rows), opts.Progress, func(_, i int) {
		out[i] = tryRow(ctx, opts, bin, rows[i], byContract[rows[i].Contract])
	})
	return out, ctx.Err()
}

// tryRow runs cases through bin with the row mutant r active.
func tryRow(ctx context.Context, opts Options, bin string, r RowMutant, cases []vectors.Case) RowOutcome {
	o := RowOutcome{RowMutant: r}
	cmd := transport.Command{Path: bin, Env: append(os.Environ(), shapes.MutantEnv+"="+r.Contract+" "+r.Row.ID)}
	t0 := time.Now()
	fails, firstTimeout, err := checkWith(ctx, opts, cmd, cases)
	o.Run = time.Since(t0)
	o.Status, o.KilledBy, o.Killers, o.Detail = verdict(fails, firstTimeout, err)
	return o
}

// DeclareRows marks each survivor that equivalents (row id to reason, per
// contract) names Ignored, with the reason; it returns the declarations
// that name no row mutant of outs, as "contract row".
func DeclareRows(outs []RowOutcome, equivalents map[string]map[string]string) (unmatched []string) {
	hit := map[[2]string]bool{}
	for i := range outs {
		reason, ok := equivalents[outs[i].Contract][outs[i].Row.ID]
		if !ok {
			continue
		}
		hit[[2]string{outs[i].Contract, outs[i].Row.ID}] = true
		outs[i].Equivalent = reason
		if outs[i].Undetected() {
			outs[i].Status = Ignored
		}
	}
	for c, rows := range equivalents {
		for id := range rows {
			if !hit[[2]string{c, id}] {
				unmatched = append(unmatched, c+" "+id)
			}
		}
	}
	return unmatched
}
