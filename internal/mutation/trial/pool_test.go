package trial

import (
	"context"
	"sync"
	"testing"
)

// TestParallel: every item is worked once, by a worker index in range, and
// progress counts up to n one call at a time.
func TestParallel(t *testing.T) {
	const jobs, n = 3, 50
	var mu sync.Mutex
	worked := make([]int, n)
	var seen []int
	parallel(context.Background(), jobs, n, func(finished, total int) {
		if total != n {
			t.Errorf("progress total %d, want %d", total, n)
		}
		seen = append(seen, finished)
	}, func(w, i int) {
		if w < 0 || w >= jobs {
			t.Errorf("worker %d out of [0, %d)", w, jobs)
		}
		mu.Lock()
		worked[i]++
		mu.Unlock()
	})
	for i, k := range worked {
		if k != 1 {
			t.Errorf("item %d worked %d times", i, k)
		}
	}
	for i, f := range seen {
		if f != i+1 {
			t.Fatalf("progress %v: call %d said %d", seen, i, f)
		}
	}
	if len(seen) != n {
		t.Errorf("progress called %d times, want %d", len(seen), n)
	}
}

// TestParallelStopsOnCancel: once ctx is done, no further item is handed
// out.
func TestParallelStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	count := 0
	parallel(ctx, 1, 100, nil, func(_, i int) {
		mu.Lock()
		count++
		mu.Unlock()
		if i == 4 {
			cancel()
		}
	})
	// The worker was busy with item 4 when ctx was cancelled; at most the
	// item already waiting in the hand-over follows it.
	if count < 5 || count > 6 {
		t.Errorf("%d items worked after cancel at the fifth; want 5 or 6", count)
	}
}
