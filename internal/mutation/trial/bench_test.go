package trial

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/mutation/mutant"
)

// BenchmarkMutants times the source-mutation audit of the Go reference
// both ways in one run: the schemata build (Schemata, every mutant of
// every contract at once), then the per-build method (Run, contract by
// contract), two jobs each. It prints, per contract, the mutants, the
// schemata's time spent on them (their run times, summed; the build and
// the pass with no mutant are shared, and printed apart) and the
// per-build method's wall time, and fails when the two give different
// verdicts on a mutant both tried.
//
//	go test -run '^$' -bench Mutants -benchtime 1x -timeout 3h ./internal/mutation/trial/
//
// CONFORM_BENCH_PER_BUILD=N tries at most N mutants per contract the
// per-build way (0, the default: all; the whole audit takes tens of
// minutes that way); the table then says how many, and extrapolates.
// CONFORM_BENCH_SMOKE=1 (CI) takes the contract with the fewest mutants,
// and at most three of them per build.
func BenchmarkMutants(b *testing.B) {
	ctx := context.Background()
	root, set, cases := theReference(b)
	byContract, contracts := perContract(set.Mutants)
	limit := 0
	if s := os.Getenv("CONFORM_BENCH_PER_BUILD"); s != "" {
		var err error
		if limit, err = strconv.Atoi(s); err != nil || limit < 0 {
			b.Fatalf("CONFORM_BENCH_PER_BUILD=%q: want a number of mutants", s)
		}
	}
	if os.Getenv("CONFORM_BENCH_SMOKE") != "" {
		sort.SliceStable(contracts, func(i, j int) bool { return len(byContract[contracts[i]]) < len(byContract[contracts[j]]) })
		contracts, limit = contracts[:1], 3
	}
	var all []mutant.Mutant
	for _, c := range contracts {
		all = append(all, byContract[c]...)
	}
	opts := Options{Root: root, Main: "./cmd/conform-harness", Jobs: 2}
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		sr, err := Schemata(ctx, opts, set.Sources, all, nil, cases)
		if err != nil {
			b.Fatal(err)
		}
		schemata := time.Since(t0)
		verdict := map[string]Outcome{}
		spent := map[string]time.Duration{}
		for _, o := range sr.Outcomes {
			verdict[o.Mutant.ID] = o
			spent[o.Mutant.Site.Contract] += o.Run + o.Build
		}
		var table strings.Builder
		fmt.Fprintf(&table, "| contract | mutants | schemata, their runs (s) | per build, tried | per build (s) | per build, all (s) |\n| --- | --- | --- | --- | --- | --- |\n")
		var perBuild, perBuildAll time.Duration
		pbOpts := opts
		pbOpts.Timeout = 10 * time.Second
		for _, c := range contracts {
			ms := byContract[c]
			tried := ms
			if limit > 0 && len(tried) > limit {
				tried = tried[:limit]
			}
			t := time.Now()
			outs := Run(ctx, pbOpts, set.Sources, tried, cases)
			took := time.Since(t)
			whole := took * time.Duration(len(ms)) / time.Duration(len(tried))
			perBuild += took
			perBuildAll += whole
			for _, o := range outs {
				s := verdict[o.Mutant.ID]
				if !same(o.Status, s.Status, o.KilledBy, s.KilledBy) {
					b.Errorf("%s %s: per build %s by %v, schemata %s by %v", o.Mutant.ID, o.Mutant.Site, o.Status, o.KilledBy, s.Status, s.KilledBy)
				}
			}
			est := fmt.Sprintf("%.1f", whole.Seconds())
			if len(tried) < len(ms) {
				est += " (extrapolated)"
			}
			fmt.Fprintf(&table, "| %s | %d | %.1f | %d | %.1f | %s |\n", c, len(ms), spent[c].Seconds(), len(tried), took.Seconds(), est)
		}
		// Printed, not logged: the test framework cuts a benchmark's log
		// to its first lines.
		fmt.Printf("schemata: %s in all for %d mutants (schemata %s, builds %s, pass with no mutant %s); %d vector runs of %d; per build: %s for the mutants tried, %s for all\n%s",
			schemata.Round(time.Millisecond), len(all), sr.Prepare.Round(time.Millisecond), sr.Build.Round(time.Millisecond), sr.Reach.Round(time.Millisecond),
			sr.VectorRuns, sr.AllRuns, perBuild.Round(time.Millisecond), perBuildAll.Round(time.Millisecond), table.String())
		b.ReportMetric(schemata.Seconds(), "schemata-s")
		b.ReportMetric(perBuildAll.Seconds(), "per-build-s")
		if sr.AllRuns > 0 {
			b.ReportMetric(100*float64(sr.AllRuns-sr.VectorRuns)/float64(sr.AllRuns), "%runs-saved")
		}
	}
}
