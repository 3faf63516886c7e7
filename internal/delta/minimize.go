package delta

import (
	"bytes"
	"context"
	"slices"
	"time"

	"github.com/conform-dev/conform/internal/impl"
)

// Minimize shrinks the input of each finding of res while it stays in its
// class (ddmin over bytes: chunks removed, halves first, down to single
// bytes, each round's candidates asked of both sides in batches), the
// widened findings first, then the narrowed, the refused-both and the
// accepted-both, until budget has passed or ctx ends: findings it did not
// reach keep their input. A minimized finding keeps its input as found in
// Original, and its answers are those to the new input. It returns how
// many findings it minimized to a shorter input.
func Minimize(ctx context.Context, c Config, res *Result, budget time.Duration) int {
	deadline := time.Now().Add(budget)
	order := make([]int, len(res.Findings))
	for i := range order {
		order[i] = i
	}
	rank := map[Class]int{}
	for i, k := range Classes {
		rank[k] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank[res.Findings[a].Class] - rank[res.Findings[b].Class] })
	shrunk := 0
	for _, i := range order {
		if time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		f := &res.Findings[i]
		in, old, now := minimizeOne(ctx, c, f.Class, f.Input, deadline)
		if len(in) < len(f.Input) {
			f.Original, f.Input, f.Old, f.New = f.Input, in, old, now
			shrunk++
		}
	}
	return shrunk
}

// minimizeOne returns the shortest input ddmin reaches from in that both
// sides still answer in class, with those answers; in itself (and zero
// answers) when nothing shorter is.
func minimizeOne(ctx context.Context, c Config, class Class, in []byte, deadline time.Time) ([]byte, impl.Result, impl.Result) {
	cur := in
	var curOld, curNew impl.Result
	n := 2
	for len(cur) > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		n = min(n, len(cur))
		size := (len(cur) + n - 1) / n
		var cands [][]byte
		for start := 0; start < len(cur); start += size {
			cand := append(bytes.Clone(cur[:start]), cur[min(start+size, len(cur)):]...)
			cands = append(cands, cand)
		}
		olds, news := c.run(ctx, cands)
		if ctx.Err() != nil {
			break
		}
		found := -1
		for k := range cands {
			if got, ok := classify(olds[k], news[k]); ok && got == class {
				found = k
				break
			}
		}
		switch {
		case found >= 0:
			cur, curOld, curNew = cands[found], olds[found], news[found]
			n = max(n-1, 2)
		case size == 1:
			return cur, curOld, curNew
		default:
			n = min(2*n, len(cur))
		}
	}
	return cur, curOld, curNew
}
