package cli

import (
	"context"
	"io"
	"testing"
	"time"

	"conform/mirrors"
	"conform/mirrors/harness"
	"conform/mirrors/transport"
	"conform/vectors"
)

// BenchmarkTransports measures each mirror's cases/s through the local and
// the container transport: one pipelined batch of every vector per
// iteration, through the harness client that conform run uses, started by
// the same startImpls. The harness starts once, outside the timer.
//
//	go test -run '^$' -bench Transports -benchtime 20x ./cli/
func BenchmarkTransports(b *testing.B) {
	containerImages(b)
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		b.Fatal(err)
	}
	var jobs []harness.Job
	for _, c := range vectors.Cases(files) {
		jobs = append(jobs, harness.Job{Contract: c.Contract, Op: c.Op, Input: c.Input})
	}
	for _, name := range []string{"ts", "python"} {
		for _, tr := range []string{"local", "container"} {
			b.Run(name+"/"+tr, func(b *testing.B) {
				f := &implFlags{impls: []string{name}, transport: tr}
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
				b.ReportMetric(float64(b.N*len(jobs))/b.Elapsed().Seconds(), "cases/s")
			})
		}
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
