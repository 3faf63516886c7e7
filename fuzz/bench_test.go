package fuzz

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
// targets run it (Differ.Check, one batch per fuzz input, the reference and
// both mirrors), with one worker and with two. As under conform fuzz, each
// worker is its own process (this test binary, see benchWorker) with
// GOMAXPROCS=1 and its own harnesses. The cases are the structured cases
// of 300 fixed fuzz inputs per target.
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
			rate, err := differential(name, workers, window)
			if err != nil {
				b.Fatal(err)
			}
			return rate
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

// envBenchWorker makes this test binary a benchmark worker (benchWorker):
// "<target>/<worker>/<workers>/<window>".
const envBenchWorker = "CONFORM_BENCH_WORKER"

// differential runs workers worker processes on target's benchmark
// batches, each a fuzz worker as conform fuzz starts it (GOMAXPROCS=1, its
// own reference and harnesses), starts them together once all are ready,
// and returns their summed cases per second over window.
func differential(target string, workers int, window time.Duration) (float64, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	type worker struct {
		cmd *exec.Cmd
		in  io.WriteCloser
		out *bufio.Reader
	}
	var ws []worker
	defer func() {
		for _, w := range ws {
			_ = w.in.Close()
			_ = w.cmd.Wait()
		}
	}()
	for k := range workers {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1",
			fmt.Sprintf("%s=%s/%d/%d/%s", envBenchWorker, target, k, workers, window))
		cmd.Stderr = os.Stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			return 0, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return 0, err
		}
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		w := worker{cmd, in, bufio.NewReader(out)}
		ws = append(ws, w)
		if line, err := w.out.ReadString('\n'); err != nil || line != "ready\n" {
			return 0, fmt.Errorf("benchmark worker %d: %q %v", k, line, err)
		}
	}
	for _, w := range ws {
		if _, err := io.WriteString(w.in, "go\n"); err != nil {
			return 0, err
		}
	}
	total := 0.0
	for k, w := range ws {
		var r struct {
			Cases   int
			Seconds float64
		}
		line, err := w.out.ReadString('\n')
		if err != nil {
			return 0, fmt.Errorf("benchmark worker %d: %v", k, err)
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Seconds <= 0 {
			return 0, fmt.Errorf("benchmark worker %d: %q", k, line)
		}
		total += float64(r.Cases) / r.Seconds
	}
	return total, nil
}

// benchWorker is one benchmark worker process (envBenchWorker): it starts
// the reference and both mirrors, says "ready", waits for "go" on in, runs
// Check on its share of the target's benchmark batches (every workers-th,
// from its own index) for the window, and writes its count as one JSON
// line. It returns the process's exit status.
func benchWorker(spec string, in io.Reader, out io.Writer) int {
	var target string
	var k, workers int
	var window time.Duration
	parts := strings.Split(spec, "/")
	if len(parts) == 4 {
		target = parts[0]
		fmt.Sscan(parts[1], &k)
		fmt.Sscan(parts[2], &workers)
		window, _ = time.ParseDuration(parts[3])
	}
	t, ok := Lookup(target)
	if !ok || workers < 1 || k < 0 || k >= workers || window <= 0 {
		fmt.Fprintf(os.Stderr, "bad %s=%q\n", envBenchWorker, spec)
		return 2
	}
	var batches [][]harness.Job
	for i := k; i < 300; i += workers {
		batches = append(batches, Jobs(t, StructuredSeed(target+"/bench", i, 512)))
	}
	set, err := Start(context.Background(), Config{Impls: []string{"ts", "python"}, Transport: "local", Timeout: 30 * time.Second}, io.Discard)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer set.Close()
	fmt.Fprintln(out, "ready")
	if line, err := bufio.NewReader(in).ReadString('\n'); err != nil || line != "go\n" {
		return 1
	}
	n := 0
	start := time.Now()
	for time.Since(start) < window {
		for _, jobs := range batches {
			if ds := set.Check(context.Background(), jobs); len(ds) > 0 {
				fmt.Fprintf(os.Stderr, "a disagreement while benchmarking (run the fuzz target):\n%s\n", ds[0])
				return 1
			}
			n += len(jobs)
		}
	}
	fmt.Fprintf(out, "{\"cases\":%d,\"seconds\":%f}\n", n, time.Since(start).Seconds())
	return 0
}
