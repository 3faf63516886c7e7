package trial

import (
	"context"
	"sync"
)

// parallel calls work(w, i) for every i in [0, n), on jobs workers at
// once; w, in [0, jobs), names the worker, for state a worker keeps
// between items (a harness process). The items are handed out in order
// until ctx is done; an item not handed out is never worked. After each
// item, progress (if not nil) is told how many have finished of n, one
// call at a time. parallel returns when every worker has.
//
// It is the one worker pool of the trials: Run, Rows and Schemata.
func parallel(ctx context.Context, jobs, n int, progress func(finished, total int), work func(w, i int)) {
	next := make(chan int)
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				work(w, i)
				if progress == nil {
					continue
				}
				mu.Lock()
				finished++
				progress(finished, n)
				mu.Unlock()
			}
		}()
	}
feed:
	for i := 0; i < n && ctx.Err() == nil; i++ {
		// The check above first: select picks at random among ready
		// cases, and a waiting worker would otherwise still get items.
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
}
