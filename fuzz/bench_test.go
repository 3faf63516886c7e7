package fuzz

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"conform/mirrors"
	"conform/mirrors/harness"
	"conform/reference"
)

// BenchmarkThroughput measures, side by side on the same cases, for each
// target: the reference alone (in-process Go); each mirror's intrinsic
// speed (bench/inprocess.mjs and bench/inprocess.py run the mirror's
// functions over the case list in one process, no protocol: the physical
// limit of a differential run); and the differential check as the fuzz
// targets run it (Differ.Check, one pipelined batch per fuzz input, the
// reference and both mirrors), with one worker and with two (two sets of
// harnesses, as go test -fuzz runs two worker processes on two cores). The
// cases are the structured cases of 300 fixed fuzz inputs per target.
//
//	go test -run '^$' -bench Throughput -benchtime 1x ./fuzz/
//	CONFORM_BENCH_TARGETS=FuzzJCS,FuzzTicker go test -run '^$' -bench Throughput -benchtime 1x ./fuzz/
//
// It prints one table; each measurement runs for about 3 s.
func BenchmarkThroughput(b *testing.B) {
	names := strings.Split(os.Getenv("CONFORM_BENCH_TARGETS"), ",")
	if names[0] == "" {
		names = nil
		for _, t := range Targets {
			names = append(names, t.Name)
		}
	}
	cache, err := mirrors.CacheDir()
	if err != nil {
		b.Fatal(err)
	}
	dirs := map[string]string{}
	for _, m := range []string{"ts", "python"} {
		mm, _ := mirrors.Lookup(m)
		cmd, err := mm.Prepare(context.Background(), cache, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		dirs[m] = cmd.Dir
	}
	sets := make([]*Set, 2)
	for i := range sets {
		if sets[i], err = Start(context.Background(), Config{Impls: []string{"ts", "python"}, Transport: "local", Timeout: 30 * time.Second}, io.Discard); err != nil {
			b.Fatal(err)
		}
		defer sets[i].Close()
	}
	const window = 3 * time.Second
	var rows []string
	for _, name := range names {
		t, ok := Lookup(name)
		if !ok {
			b.Fatalf("no target %s", name)
		}
		var batches [][]harness.Job
		n := 0
		for i := range 300 {
			jobs := Jobs(t, StructuredSeed(name+"/bench", i, 512))
			batches = append(batches, jobs)
			n += len(jobs)
		}
		ref := measure(window, func() int {
			k := 0
			for _, jobs := range batches {
				for _, j := range jobs {
					op, _ := reference.Lookup(j.Contract, j.Op)
					_, _ = op.Run(j.Input)
					k++
				}
			}
			return k
		})
		file := filepath.Join(b.TempDir(), "cases.jsonl")
		if err := writeCases(file, batches); err != nil {
			b.Fatal(err)
		}
		ts, err := inProcess(dirs["ts"], "node", "inprocess.mjs", file, window)
		if err != nil {
			b.Fatal(err)
		}
		py, err := inProcess(dirs["python"], "python3", "inprocess.py", file, window)
		if err != nil {
			b.Fatal(err)
		}
		diff := func(workers int) float64 {
			return measure(window, func() int {
				var wg sync.WaitGroup
				counts := make([]int, workers)
				for w := range workers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for i := w; i < len(batches); i += workers {
							if ds := sets[w].Check(context.Background(), batches[i]); len(ds) > 0 {
								panic(fmt.Sprintf("a disagreement while benchmarking (run the fuzz target):\n%s", ds[0]))
							}
							counts[w] += len(batches[i])
						}
					}()
				}
				wg.Wait()
				k := 0
				for _, c := range counts {
					k += c
				}
				return k
			})
		}
		d1, d2 := diff(1), diff(2)
		slowest := min(ts, py)
		rows = append(rows, fmt.Sprintf("%-16s %6d %10.0f %10.0f %10.0f %10.0f %10.0f %6.0f%% %6.0f%%",
			name, n, ref, ts, py, d1, d2, 100*d1/slowest, 100*d2/slowest))
	}
	fmt.Printf("\ncases/s on the same cases (structured cases of 300 fuzz inputs per target)\n")
	fmt.Printf("%-16s %6s %10s %10s %10s %10s %10s %7s %7s\n", "target", "cases", "reference", "ts", "python", "diff 1w", "diff 2w", "1w/slow", "2w/slow")
	for _, r := range rows {
		fmt.Println(r)
	}
}

// measure runs f (which returns the cases it ran) until window has passed
// and returns cases per second.
func measure(window time.Duration, f func() int) float64 {
	start := time.Now()
	n := 0
	for time.Since(start) < window {
		n += f()
	}
	return float64(n) / time.Since(start).Seconds()
}

func writeCases(path string, batches [][]harness.Job) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for _, jobs := range batches {
		for _, j := range jobs {
			if err := enc.Encode(map[string]string{"contract": j.Contract, "op": j.Op, "input": base64.StdEncoding.EncodeToString(j.Input)}); err != nil {
				f.Close()
				return err
			}
		}
	}
	return f.Close()
}

// inProcess runs bench/<script> in the prepared mirror directory dir and
// returns its cases per second.
func inProcess(dir, interpreter, script, cases string, window time.Duration) (float64, error) {
	src, err := filepath.Abs(filepath.Join("bench", script))
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(interpreter, src, cases, fmt.Sprint(window.Seconds()))
	cmd.Dir = dir
	if script == "inprocess.mjs" {
		// An ES module outside dir resolves dist/ from the working
		// directory (it imports absolute paths).
		cmd.Args[1] = src
	}
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		return 0, fmt.Errorf("%s %s: %v\n%s", interpreter, script, err, msg)
	}
	var r struct {
		Cases   int
		Seconds float64
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return 0, fmt.Errorf("%s: %q: %v", script, out, err)
	}
	return float64(r.Cases) / r.Seconds, nil
}
