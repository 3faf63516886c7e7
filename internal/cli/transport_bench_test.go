package cli

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/internal/vectors"
)

// BenchmarkTransports measures each mirror's cases/s through the local and
// the container transport: every vector in one pipelined batch, through the
// harness client that conform run uses, started by the same startImpls.
// Each iteration runs the batch once through each transport, one after the
// other, so that both see the same load on a shared machine; the harnesses
// start once, outside the timer. It reports both rates and the container's
// as a percentage of the local one.
//
//	go test -run '^$' -bench Transports -benchtime 20x ./cli/
func BenchmarkTransports(b *testing.B) {
	containerImages(b)
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		b.Fatal(err)
	}
	var jobs []impl.Job
	for _, c := range vectors.Cases(files) {
		jobs = append(jobs, impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input})
	}
	for _, name := range []string{"ts", "python"} {
		b.Run(name, func(b *testing.B) {
			transports := []string{"local", "container"}
			impls := make([]impl.Impl, len(transports))
			for i, tr := range transports {
				f := &implFlags{impls: []string{name}, transport: tr, timeout: 10 * time.Second}
				s, err := startImpls(context.Background(), f, io.Discard)
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				impls[i] = s.impls[len(s.impls)-1]
			}
			spent := make([]time.Duration, len(transports))
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				for i, im := range impls {
					start := time.Now()
					for _, r := range im.RunBatch(context.Background(), jobs) {
						if r.Uncaught {
							b.Fatalf("%s over %s broke: %s", name, transports[i], r.Message)
						}
					}
					spent[i] += time.Since(start)
				}
			}
			rate := func(i int) float64 { return float64(b.N*len(jobs)) / spent[i].Seconds() }
			b.ReportMetric(rate(0), "local-cases/s")
			b.ReportMetric(rate(1), "container-cases/s")
			b.ReportMetric(100*rate(1)/rate(0), "container/local-%")
		})
	}
}

// BenchmarkContainerStart measures how long a harness takes to be ready in
// a container whose image is built: create, attach, start and the
// handshake. Closing it (stdin closed, the container exits and is removed)
// is outside the timer.
//
//	go test -run '^$' -bench ContainerStart -benchtime 20x ./cli/
func BenchmarkContainerStart(b *testing.B) {
	containerImages(b)
	ct, err := transport.NewContainer(context.Background(), transport.ContainerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer ct.Close()
	for _, name := range []string{"ts", "python"} {
		b.Run(name, func(b *testing.B) {
			m, _ := mirrors.Lookup(name)
			cmd, err := m.ContainerCommand()
			if err != nil {
				b.Fatal(err)
			}
			var total time.Duration
			for i := 0; i < b.N; i++ {
				c := harness.New(name, ct, cmd, harness.Options{})
				start := time.Now()
				if _, err := c.Start(context.Background()); err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
				b.StopTimer()
				c.Close()
				b.StartTimer()
			}
			b.ReportMetric(total.Seconds()*1000/float64(b.N), "ms/start")
		})
	}
}
