// Package runner runs cases through implementations and classifies every
// answer against the case's expectation: the main job of `conform run`.
// Data flows one way: cases in, report events out through a Sink.
package runner

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
)

// Sink receives the report events of a run, in order.
type Sink interface {
	Header(report.Header)
	Row(report.Row)
	Footer(report.Footer)
}

// Options shape a run.
type Options struct {
	// FailFast stops after the first chunk with a disagreement.
	FailFast bool
	// MaxDisagreements stops the run once this many rows disagree (0: no
	// bound).
	MaxDisagreements int
	// Chunk is how many cases are pipelined to every implementation at a
	// time; zero means 1000.
	Chunk int
	// Repro builds the reproducer command for a row; nil leaves it empty.
	Repro func(c vectors.Case, impl string) string
	// Progress, when set, is told after each chunk how many cases are done.
	Progress func(done, total int)
	// Rerun reruns every disagreeing answer this many times on its
	// implementation (rerun.go); a case answered differently by a rerun is
	// Nondeterministic. Zero reruns nothing.
	Rerun int
}

// Run sends every case to every implementation and streams the header, one
// row per case and implementation, and the footer to sink. impls[0] must be
// the Go reference: it answers cases whose expectation is the reference's.
// header is completed with the case count. Run returns the footer, whose
// ExitCode is set from the rows and the implementations' health
// (report.ExitCodeOf): a skip of a case its implementation announced in
// its handshake is counted (Footer.AnnouncedSkips) and fails the run
// unless header.AllowSkips.
func Run(ctx context.Context, cases []vectors.Case, impls []impl.Impl, header report.Header, opts Options, sink Sink) report.Footer {
	header.Cases = len(cases)
	sink.Header(header)
	chunk := opts.Chunk
	if chunk <= 0 {
		chunk = 1000
	}
	foot := report.Footer{Counts: map[string]map[report.Outcome]int{}, Restarts: map[string]int{}}
	cmps := map[string]Comparison{}
	for _, im := range impls {
		foot.Counts[im.Name()] = map[report.Outcome]int{}
		cmps[im.Name()] = ComparisonOf(header, im.Name())
	}
chunks:
	for start := 0; start < len(cases); start += chunk {
		end := min(start+chunk, len(cases))
		part := cases[start:end]
		results := runChunk(ctx, part, impls)
		again := rerunDisagreements(ctx, part, impls, results, opts.Rerun)
		if ctx.Err() != nil {
			// Answers to an interrupted chunk are not answers; none of
			// them is reported.
			foot.Stopped = "interrupted"
			break
		}
		for i, c := range part {
			ref := results[0][i]
			for k, im := range impls {
				row := classify(c, im.Name(), ref, results[k][i], cmps[im.Name()])
				if again != nil {
					row = settle(row, again[k][i])
				}
				if row.Outcome.Disagrees() {
					row.Input = c.Input
					if opts.Repro != nil {
						row.Repro = opts.Repro(c, im.Name())
					}
					foot.Disagreements++
				}
				if report.Announced(header, row) {
					foot.AnnouncedSkips++
				}
				foot.Counts[im.Name()][row.Outcome]++
				sink.Row(row)
			}
			// The bounds are checked after each case, so a run stops on
			// the case that reaches them, whatever the chunk size.
			if foot.Disagreements > 0 && opts.FailFast {
				foot.Stopped = "fail-fast"
				break chunks
			}
			if opts.MaxDisagreements > 0 && foot.Disagreements >= opts.MaxDisagreements {
				foot.Stopped = fmt.Sprintf("max-disagreements %d", opts.MaxDisagreements)
				break chunks
			}
		}
		if opts.Progress != nil {
			opts.Progress(end, len(cases))
		}
	}
	for _, im := range impls {
		if h, ok := im.(impl.Health); ok {
			h.Close()
			foot.Restarts[im.Name()] = h.Restarts()
			if b := h.Breaks(); len(b) > 0 {
				if foot.Breaks == nil {
					foot.Breaks = map[string][]string{}
				}
				foot.Breaks[im.Name()] = b
			}
			if h.Quarantined() {
				foot.Quarantined = append(foot.Quarantined, im.Name())
			}
		}
	}
	sort.Strings(foot.Quarantined)
	foot.ExitCode = report.ExitCodeOf(header, foot, foot.Disagreements, foot.AnnouncedSkips)
	foot.FinishedAt = time.Now().UTC()
	sink.Footer(foot)
	return foot
}

// runChunk runs part through every implementation, the mirrors
// concurrently, and returns results[impl][case].
func runChunk(ctx context.Context, part []vectors.Case, impls []impl.Impl) [][]impl.Result {
	results := make([][]impl.Result, len(impls))
	var wg sync.WaitGroup
	for k, im := range impls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[k] = runSupported(ctx, im, part)
		}()
	}
	wg.Wait()
	return results
}

// runSupported answers the cases the implementation declared and marks the
// rest skipped without asking it.
func runSupported(ctx context.Context, im impl.Impl, part []vectors.Case) []impl.Result {
	out := make([]impl.Result, len(part))
	decl := im.Implementation()
	var jobs []impl.Job
	var at []int
	for i, c := range part {
		if !decl.Supports(c.Contract, c.Op) {
			out[i] = impl.Result{Outcome: impl.Skipped, Reason: "not declared in the handshake"}
			continue
		}
		jobs = append(jobs, impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input})
		at = append(at, i)
	}
	if len(jobs) > 0 {
		for j, r := range im.RunBatch(ctx, jobs) {
			out[at[j]] = r
		}
	}
	return out
}
