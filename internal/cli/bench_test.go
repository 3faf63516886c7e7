package cli

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/vectors"
)

// BenchmarkRunVectors measures `conform run` over the golden vectors for
// each implementation alone: one pipelined batch of every vector per
// iteration, through the same harness client the run uses. It reports
// cases/s; the harness starts once, outside the timer.
//
//	go test -run '^$' -bench RunVectors ./cli/
func BenchmarkRunVectors(b *testing.B) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		b.Fatal(err)
	}
	var jobs []impl.Job
	for _, c := range vectors.Cases(files) {
		jobs = append(jobs, impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input})
	}
	for _, name := range []string{"go", "ts", "python"} {
		b.Run(name, func(b *testing.B) {
			f := &implFlags{impls: []string{name}, transport: "local", timeout: 10 * time.Second}
			s, err := startImpls(context.Background(), f, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			im := s.impls[len(s.impls)-1]
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, r := range im.RunBatch(context.Background(), jobs) {
					if r.Uncaught {
						b.Fatalf("%s broke: %s", name, r.Message)
					}
				}
			}
			b.ReportMetric(float64(len(jobs)*b.N)/b.Elapsed().Seconds(), "cases/s")
		})
	}
}
