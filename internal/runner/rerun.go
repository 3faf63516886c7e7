package runner

import (
	"bytes"
	"context"
	"sync"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
)

// reruns holds, per implementation index and case index of a chunk, the
// answers of the reruns of a disagreeing case.
type reruns map[int]map[int][]impl.Result

// rerunDisagreements reruns every disagreeing answer of a chunk n times on
// the implementation that gave it (flake separation, Options.Rerun): one
// pipelined batch of the chunk's disagreements per implementation and
// round, the implementations concurrently. results[k][i] is implementation
// k's first answer to part[i], results[0] the reference's. It returns nil
// when n is not positive or nothing disagrees.
func rerunDisagreements(ctx context.Context, part []vectors.Case, impls []impl.Impl, results [][]impl.Result, n int) reruns {
	if n <= 0 {
		return nil
	}
	out := reruns{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for k, im := range impls {
		var at []int
		var jobs []impl.Job
		for i, c := range part {
			if Verdict(c, results[0][i], results[k][i]).Disagrees() {
				at = append(at, i)
				jobs = append(jobs, impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input})
			}
		}
		if len(jobs) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := map[int][]impl.Result{}
			for range n {
				for j, r := range im.RunBatch(ctx, jobs) {
					got[at[j]] = append(got[at[j]], r)
				}
			}
			mu.Lock()
			out[k] = got
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(out) == 0 {
		return nil
	}
	return out
}

// settle turns a disagreeing row whose reruns answered differently from
// its first answer into a Nondeterministic one, recording every rerun's
// answer; a row whose reruns all answered the same keeps its outcome: its
// disagreement is deterministic.
func settle(row report.Row, again []impl.Result) report.Row {
	differs := false
	for _, r := range again {
		if r.Outcome != row.Got.Outcome || !bytes.Equal(r.Output, row.Got.Output) || r.Message != row.Got.Message {
			differs = true
		}
	}
	if !differs {
		return row
	}
	row.Outcome = report.Nondeterministic
	for _, r := range again {
		row.Reruns = append(row.Reruns, report.Answer{Outcome: r.Outcome, Output: r.Output, Message: r.Message, Trace: r.Trace, Reason: r.Reason})
	}
	return row
}
