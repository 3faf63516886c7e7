package fuzz

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/reference"
)

// BenchmarkThroughput measures, side by side on the same cases, for each
// target: the reference alone (in-process Go); each mirror's intrinsic
// speed (bench/inprocess.mjs and bench/inprocess.py run the mirror's
// functions over the case list in one process, no protocol: the physical
// limit of a differential run); and the differential check as the fuzz
// targets run it (Differ.Check, one batch per fuzz input, the reference and
// both mirrors), with one worker and with two, or with the worker counts
// CONFORM_BENCH_WORKERS lists. As under conform fuzz, each worker is its
// own process (this test binary, see benchWorker) with GOMAXPROCS=1 and
// its own harnesses. The cases are the structured cases of 300 fixed fuzz
// inputs per target.
//
//	go test -run '^$' -bench Throughput -benchtime 1x ./fuzz/
//	CONFORM_BENCH_TARGETS=FuzzJCS,FuzzFrame CONFORM_BENCH_WORKERS=1,2,4 go test -run '^$' -bench Throughput -benchtime 1x ./fuzz/
//
// CONFORM_BENCH_SMOKE=1 makes it a smoke test, what ci/test.sh runs so
// that it cannot rot unseen: every target (or those of
// CONFORM_BENCH_TARGETS), the cases of benchSmokeInputs fuzz inputs each,
// every measurement (the in-process scripts, one worker) once over them,
// in seconds (see benchPlanOf).
//
// This machine's speed drifts by a third over seconds, so the
// measurements are interleaved: every measuring process is started and
// loaded first; the batches are cut into one chunk per round; in round r
// each measurement in turn runs chunk r, whole, over and over until the
// window has passed. So every measurement runs the same cases, under
// nearly the same conditions, and a rate is the sum of its rounds. Each
// differential measurement also reports the share of the machine's CPUs
// its own processes used (the workers and their harnesses, see cpuUse):
// near 100% means more workers cannot help.
//
// The ceiling (ceil Nw) is what the machine can give a differential run of
// N workers with no protocol at all: N concurrent copies each of the
// reference loop (this binary, GOMAXPROCS=1, refCopy), bench/inprocess.mjs
// and bench/inprocess.py, all started on the same chunk in the same round,
// each running it as many times as the slowest single implementation got
// through in that round's window; its rate is the cases all three finished
// over the wall-clock time until the last copy was done. Nw/ceil is the
// differential rate over the ceiling, the median of the rounds' ratios. The
// last column is the lowest and highest of those ratios, for the most
// workers: the spread of the rounds. It prints one table.
func BenchmarkThroughput(b *testing.B) {
	p, err := benchPlanOf(os.Getenv)
	if err != nil {
		b.Fatal(err)
	}
	smoke := ""
	merge, err := benchMerge(os.Getenv(envBenchMerge))
	if err != nil {
		b.Fatal(err)
	}
	if merge > 1 {
		if p.readme != "" {
			b.Fatalf("%s=%d with CONFORM_BENCH_README: the table is a fuzz worker's rate, one input per check", envBenchMerge, merge)
		}
		smoke = fmt.Sprintf("; %d fuzz inputs per check, %s", merge, envBenchMerge)
	}
	if p.readme != "" {
		// Checked before anything is measured: a measurement takes minutes.
		if p.readme, err = readmeAt(p.readme); err != nil {
			b.Fatal(err)
		}
	}
	dirs, err := preparedMirrors()
	if err != nil {
		b.Fatal(err)
	}
	workers := p.workers
	var rows []string
	for _, name := range p.targets {
		row, err := benchTarget(name, dirs, b.TempDir(), p)
		if err != nil {
			b.Fatal(err)
		}
		rows = append(rows, row)
	}
	most := workers[len(workers)-1]
	if p.smoke {
		smoke += "; a smoke test, CONFORM_BENCH_SMOKE: these rates measure nothing"
	}
	fmt.Printf("\ncases/s on the same cases (structured cases of %d fuzz inputs per target; %d interleaved rounds of at least %s; %d CPUs%s)\n", p.inputs, p.rounds, p.window, runtime.NumCPU(), smoke)
	header := fmt.Sprintf("%-16s %6s %10s %10s %10s", "target", "cases", "reference", "ts", "python")
	for _, w := range workers {
		header += fmt.Sprintf(" %10s", fmt.Sprintf("diff %dw", w))
	}
	for _, w := range workers {
		header += fmt.Sprintf(" %10s", fmt.Sprintf("ceil %dw", w))
	}
	for _, w := range workers {
		header += fmt.Sprintf(" %*s", ratioWidth(workers), fmt.Sprintf("%dw/slow", w))
	}
	for _, w := range workers {
		header += fmt.Sprintf(" %*s", ratioWidth(workers)+1, fmt.Sprintf("%dw/ceil", w))
	}
	for _, w := range workers {
		header += fmt.Sprintf(" %*s", ratioWidth(workers), fmt.Sprintf("cpu %dw", w))
	}
	fmt.Printf("%s   %dw/ceil by round\n", header, most)
	for _, r := range rows {
		fmt.Println(r)
	}
	if path := p.readme; path != "" {
		if err := writeThroughput(path, append(strings.Fields(header), fmt.Sprintf("%dw/ceil by round", most)), rows); err != nil {
			b.Fatal(err)
		}
	}
}

// benchPlan is what one run of BenchmarkThroughput measures.
type benchPlan struct {
	targets []string      // the targets, in table order
	workers []int         // the worker counts of the differential measurements
	inputs  int           // the fuzz inputs per target whose cases are run
	rounds  int           // the chunks the batches are cut into, one per round
	window  time.Duration // how long each measurement runs its chunk, at least once
	readme  string        // the markdown file to write the table into, or ""
	smoke   bool          // CONFORM_BENCH_SMOKE: run everything once, measure nothing
}

// benchSmokeInputs is how many fuzz inputs' cases (64 each) a target runs
// under CONFORM_BENCH_SMOKE.
const benchSmokeInputs = 2

// benchPlanOf reads the benchmark's variables through getenv:
// CONFORM_BENCH_TARGETS (targets separated by commas; default every
// target), CONFORM_BENCH_WORKERS (benchWorkers), CONFORM_BENCH_README (the
// file to write the table into) and CONFORM_BENCH_SMOKE ("1": the smoke
// test: benchSmokeInputs inputs per target, one round of 1 ms, in which
// every measurement still runs its chunk once, and one worker unless
// CONFORM_BENCH_WORKERS says otherwise; it writes no README).
func benchPlanOf(getenv func(string) string) (benchPlan, error) {
	p := benchPlan{inputs: benchInputs, rounds: 5, window: 750 * time.Millisecond, readme: getenv("CONFORM_BENCH_README")}
	switch v := getenv("CONFORM_BENCH_SMOKE"); v {
	case "", "0":
	case "1":
		p.smoke, p.inputs, p.rounds, p.window = true, benchSmokeInputs, 1, time.Millisecond
		if p.readme != "" {
			return benchPlan{}, fmt.Errorf("CONFORM_BENCH_README=%s with CONFORM_BENCH_SMOKE=1: a smoke test measures nothing to write", p.readme)
		}
	default:
		return benchPlan{}, fmt.Errorf("CONFORM_BENCH_SMOKE=%q: want 1 (a smoke test) or 0", v)
	}
	workers := getenv("CONFORM_BENCH_WORKERS")
	if workers == "" && p.smoke {
		workers = "1"
	}
	var err error
	if p.workers, err = benchWorkers(workers); err != nil {
		return benchPlan{}, err
	}
	if list := getenv("CONFORM_BENCH_TARGETS"); list != "" {
		for _, name := range strings.Split(list, ",") {
			if _, ok := differential.Lookup(name); !ok {
				return benchPlan{}, fmt.Errorf("CONFORM_BENCH_TARGETS=%q: no target %q (conform fuzz --list)", list, name)
			}
			p.targets = append(p.targets, name)
		}
	} else {
		for _, t := range differential.Targets {
			p.targets = append(p.targets, t.Name)
		}
	}
	return p, nil
}

// readmeAt resolves CONFORM_BENCH_README: a relative path is taken from
// the module's directory (the nearest directory above the working
// directory, the package's under go test, that holds go.mod), so that
// fuzz/README.md names the same file from wherever go test was run. It
// returns the path when the file holds the throughput block exactly once
// (spec.ThroughputBegin, spec.ThroughputEnd), and an error naming it
// otherwise.
func readmeAt(path string) (string, error) {
	if !filepath.IsAbs(path) {
		dir, err := os.Getwd()
		if err != nil {
			return "", err
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				break
			}
			up := filepath.Dir(dir)
			if up == dir {
				return "", fmt.Errorf("CONFORM_BENCH_README=%s: no go.mod above the working directory to take it from", path)
			}
			dir = up
		}
		path = filepath.Join(dir, path)
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("CONFORM_BENCH_README: %v", err)
	}
	if _, err := spec.RenderBlock(path, doc, spec.ThroughputBegin, spec.ThroughputEnd, ""); err != nil {
		return "", fmt.Errorf("CONFORM_BENCH_README: %v", err)
	}
	return path, nil
}

// preparedMirrors prepares (builds, when needed) both mirrors in conform's
// cache and returns the directory each runs in, by name.
func preparedMirrors() (map[string]string, error) {
	cache, err := mirrors.CacheDir()
	if err != nil {
		return nil, err
	}
	dirs := map[string]string{}
	for _, m := range []string{"ts", "python"} {
		mm, _ := mirrors.Lookup(m)
		cmd, err := mm.Prepare(context.Background(), cache, io.Discard)
		if err != nil {
			return nil, err
		}
		dirs[m] = cmd.Dir
	}
	return dirs, nil
}

// writeThroughput writes the table of one measurement into the throughput
// block of the markdown file at path (spec.ThroughputBegin and
// spec.ThroughputEnd): a header of the columns given, then each row, whose
// cells are its text row's fields.
func writeThroughput(path string, columns, rows []string) error {
	// The header's fields split "diff 1w", "ceil 1w" and "cpu 1w" apart: join them.
	var head []string
	for i := 0; i < len(columns); i++ {
		if (columns[i] == "diff" || columns[i] == "cpu" || columns[i] == "ceil") && i+1 < len(columns) {
			head = append(head, columns[i]+" "+columns[i+1])
			i++
			continue
		}
		head = append(head, columns[i])
	}
	var b strings.Builder
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	b.WriteString(strings.Repeat(" --- |", len(head)) + "\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(strings.Fields(r), " | ") + " |\n")
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := spec.RenderBlock(path, doc, spec.ThroughputBegin, spec.ThroughputEnd, b.String())
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, out)
}

// ratioWidth is the width of the ratio and CPU columns: their labels
// ("12w/slow") and values ("100%").
func ratioWidth(workers []int) int {
	return max(len(fmt.Sprintf("%dw/slow", workers[len(workers)-1])), 6)
}

// benchWorkers parses CONFORM_BENCH_WORKERS: worker counts separated by
// commas, each 1 to 64, in increasing order; "" is 1,2.
func benchWorkers(list string) ([]int, error) {
	if list == "" {
		return []int{1, 2}, nil
	}
	var out []int
	for _, f := range strings.Split(list, ",") {
		w, err := strconv.Atoi(f)
		if err != nil || w < 1 || w > 64 || (len(out) > 0 && w <= out[len(out)-1]) {
			return nil, fmt.Errorf("CONFORM_BENCH_WORKERS=%q: want increasing worker counts from 1 to 64, such as 1,2,4", list)
		}
		out = append(out, w)
	}
	return out, nil
}

// benchTarget measures one target (see BenchmarkThroughput) with each
// worker count in workers and returns its table row. Every process it
// starts is ended before it returns.
func benchTarget(name string, dirs map[string]string, tmp string, p benchPlan) (string, error) {
	workers, rounds, window := p.workers, p.rounds, p.window
	t, ok := differential.Lookup(name)
	if !ok {
		return "", fmt.Errorf("no target %s", name)
	}
	batches := benchBatches(t, p.inputs)
	n := 0
	for _, jobs := range batches {
		n += len(jobs)
	}
	file := filepath.Join(tmp, "cases.jsonl")
	if err := writeCases(file, batches); err != nil {
		return "", err
	}
	// all[0] and all[1] are the mirrors in-process, then one measurement
	// per worker count.
	var all []meters
	defer func() {
		for _, ms := range all {
			ms.close()
		}
	}()
	starts := []func() (meters, error){
		func() (meters, error) {
			return inProcess(dirs["ts"], "node", "inprocess.mjs", file, len(batches), rounds, window)
		},
		func() (meters, error) {
			return inProcess(dirs["python"], "python3", "inprocess.py", file, len(batches), rounds, window)
		},
	}
	for _, w := range workers {
		starts = append(starts, func() (meters, error) { return differentialRate(name, w, p.inputs, rounds, window) })
	}
	for _, start := range starts {
		ms, err := start()
		if err != nil {
			return "", err
		}
		all = append(all, ms)
	}
	ceilings := make([]*ceiling, len(workers))
	for i, w := range workers {
		c, err := startCeiling(name, w, dirs, file, len(batches), p)
		if err != nil {
			return "", err
		}
		ceilings[i] = c
		all = append(all, c.copies) // closed with the others
	}
	ceilTotal := make([]tally, len(workers))
	ofCeiling := make([][]float64, len(workers))
	ref := tally{}
	total := make([]tally, len(all))
	use := make([]cpuUse, len(all))
	for round := range rounds {
		mine := chunk(batches, round, rounds, 0, 1)
		ref.add(measure(window, func() int {
			k := 0
			for _, jobs := range mine {
				for _, j := range jobs {
					op, _ := reference.Lookup(j.Contract, j.Op)
					_, _ = op.Run(j.Input)
					k++
				}
			}
			return k
		}))
		r := make([]tally, 2+len(workers))
		for i, ms := range all[:2+len(workers)] {
			u, err := cpuOf(ms.pids(), func() error {
				var err error
				r[i], err = ms.round(round)
				return err
			})
			if err != nil {
				return "", err
			}
			use[i].add(u)
			total[i].add(r[i])
		}
		// The ceiling's copies run the chunk as many times as the slowest
		// single implementation got through in this round's window.
		perPass := 0
		for _, jobs := range mine {
			perPass += len(jobs)
		}
		slow := min(ref.rate(), r[0].rate(), r[1].rate())
		passes := max(1, int(math.Round(slow*window.Seconds()/float64(max(perPass, 1)))))
		for i, c := range ceilings {
			t, err := c.round(round, passes)
			if err != nil {
				return "", err
			}
			ceilTotal[i].add(t)
			ofCeiling[i] = append(ofCeiling[i], r[2+i].rate()/t.rate())
		}
	}
	slowest := min(total[0].rate(), total[1].rate())
	row := fmt.Sprintf("%-16s %6d %10.0f %10.0f %10.0f", name, n, ref.rate(), total[0].rate(), total[1].rate())
	for _, d := range total[2 : 2+len(workers)] {
		row += fmt.Sprintf(" %10.0f", d.rate())
	}
	for _, c := range ceilTotal {
		row += fmt.Sprintf(" %10.0f", c.rate())
	}
	for _, d := range total[2 : 2+len(workers)] {
		row += fmt.Sprintf(" %*s", ratioWidth(workers), fmt.Sprintf("%.0f%%", 100*d.rate()/slowest))
	}
	for _, xs := range ofCeiling {
		row += fmt.Sprintf(" %*s", ratioWidth(workers)+1, fmt.Sprintf("%.0f%%", 100*median(xs)))
	}
	for _, u := range use[2 : 2+len(workers)] {
		row += fmt.Sprintf(" %*s", ratioWidth(workers), u.share())
	}
	last := ofCeiling[len(ofCeiling)-1]
	return row + fmt.Sprintf("   %3.0f-%.0f%%", 100*slices.Min(last), 100*slices.Max(last)), nil
}

// benchBatches are the benchmark's batches of target t: the cases of
// inputs fixed structured fuzz inputs, one batch (up to 64 cases) each.
func benchBatches(t differential.Target, inputs int) [][]impl.Job {
	var batches [][]impl.Job
	for i := range inputs {
		batches = append(batches, differential.Jobs(t, differential.StructuredSeed(t.Name+"/bench", i, 512)))
	}
	return batches
}

// cpuUse is the CPU time some processes used over a wall-clock span.
type cpuUse struct {
	ticks   uint64  // utime+stime, in clock ticks
	seconds float64 // the span
	unknown bool    // /proc could not tell
}

func (c *cpuUse) add(d cpuUse) {
	c.ticks += d.ticks
	c.seconds += d.seconds
	c.unknown = c.unknown || d.unknown
}

// share is the CPU time as a share of all the machine's CPUs over the
// span, as "97%"; "-" when unknown. /proc counts in USER_HZ, which is 100
// on Linux whatever the kernel's own tick rate.
func (c cpuUse) share() string {
	if c.unknown || c.seconds <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(c.ticks)/100/c.seconds/float64(runtime.NumCPU()))
}

// treeTicks returns the CPU time (utime+stime, in clock ticks) used so far
// by the processes roots and all their live descendants (a benchmark
// worker's harnesses), read from /proc/<pid>/stat; ok is false when /proc
// cannot be read or a root is gone. Other processes on the machine are not
// counted.
func treeTicks(roots []int) (ticks uint64, ok bool) {
	procs, ok := procTable()
	if !ok {
		return 0, false
	}
	in := map[int]bool{}
	for _, r := range roots {
		if _, live := procs[r]; !live {
			return 0, false
		}
		in[r] = true
	}
	for grew := true; grew; {
		grew = false
		for pid, p := range procs {
			if !in[pid] && in[p.ppid] {
				in[pid], grew = true, true
			}
		}
	}
	for pid := range in {
		ticks += procs[pid].ticks
	}
	return ticks, true
}

// proc is one process's line of /proc/<pid>/stat.
type proc struct {
	comm  string // the command name
	ppid  int
	ticks uint64 // utime+stime, in clock ticks
}

// procTable reads every process's /proc/<pid>/stat; ok is false when /proc
// cannot be read.
func procTable() (map[int]proc, bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, false
	}
	procs := map[int]proc{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // ended since the directory was read
		}
		// The command name, in parentheses, may hold spaces and
		// parentheses: the fields are counted from the last ')', field 3
		// (state) first.
		i := strings.LastIndexByte(string(b), ')')
		j := strings.IndexByte(string(b), '(')
		if i < 0 || j < 0 || j > i {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 {
			continue
		}
		ppid, err1 := strconv.Atoi(f[1])
		utime, err2 := strconv.ParseUint(f[11], 10, 64)
		stime, err3 := strconv.ParseUint(f[12], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		procs[pid] = proc{string(b[j+1 : i]), ppid, utime + stime}
	}
	return procs, true
}

// childTicks returns the CPU time (in clock ticks) used so far by the
// live children of the process pid, summed by command name ("node",
// "python3"); nil when /proc cannot be read.
func childTicks(pid int) map[string]uint64 {
	procs, ok := procTable()
	if !ok {
		return nil
	}
	out := map[string]uint64{}
	for _, p := range procs {
		if p.ppid == pid {
			out[p.comm] += p.ticks
		}
	}
	return out
}

// cpuOf runs f and returns the CPU time the processes roots and their
// descendants used meanwhile. A process that ends during f takes its
// time with it: then the use is unknown.
func cpuOf(roots []int, f func() error) (cpuUse, error) {
	before, ok1 := treeTicks(roots)
	start := time.Now()
	err := f()
	seconds := time.Since(start).Seconds()
	after, ok2 := treeTicks(roots)
	if !ok1 || !ok2 || after < before {
		return cpuUse{seconds: seconds, unknown: true}, err
	}
	return cpuUse{ticks: after - before, seconds: seconds}, err
}

// benchInputs is how many fuzz inputs' cases BenchmarkThroughput runs.
const benchInputs = 300

// tally is work done in one or more measurement windows: cases run and
// the seconds they took.
type tally struct {
	cases   int
	seconds float64
}

func (t *tally) add(u tally) { t.cases += u.cases; t.seconds += u.seconds }

// rate is cases per second.
func (t tally) rate() float64 { return float64(t.cases) / t.seconds }

// chunk returns worker k's share (every workers-th batch) of chunk r of
// batches cut into n chunks.
func chunk(batches [][]impl.Job, r, n, k, workers int) [][]impl.Job {
	var out [][]impl.Job
	for i := r * len(batches) / n; i < (r+1)*len(batches)/n; i++ {
		if i%workers == k {
			out = append(out, batches[i])
		}
	}
	return out
}

// measure runs f (which returns the cases it ran) until window has
// passed, at least once.
func measure(window time.Duration, f func() int) tally {
	start := time.Now()
	n := f()
	for time.Since(start) < window {
		n += f()
	}
	return tally{n, time.Since(start).Seconds()}
}

// writeCases writes the cases for the in-process scripts, one JSON line
// each, with the index of their batch.
func writeCases(path string, batches [][]impl.Job) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for i, jobs := range batches {
		for _, j := range jobs {
			if err := enc.Encode(map[string]any{"batch": i, "contract": j.Contract, "op": j.Op, "input": base64.StdEncoding.EncodeToString(j.Input)}); err != nil {
				f.Close()
				return err
			}
		}
	}
	return f.Close()
}

// meter is one measuring process: it writes "ready" once loaded, then
// answers each "go R" line on its stdin by running chunk R of its cases
// for one window and writing one {"cases","seconds"} line.
type meter struct {
	name string
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
}

// meters are the processes of one measurement, run together: a round's
// rate is the sum of theirs.
type meters []*meter

// startMeter starts cmd and waits for its "ready".
func startMeter(name string, cmd *exec.Cmd) (*meter, error) {
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	m := &meter{name, cmd, in, bufio.NewReader(out)}
	if line, err := m.out.ReadString('\n'); err != nil || line != "ready\n" {
		m.close()
		return nil, fmt.Errorf("%s: %q %v", name, line, err)
	}
	return m, nil
}

func (m *meter) close() {
	_ = m.in.Close()
	_ = m.cmd.Wait()
}

// round starts chunk r on every process together and returns their
// summed cases over their mean seconds.
func (ms meters) round(r int) (tally, error) {
	for _, m := range ms {
		if _, err := fmt.Fprintf(m.in, "go %d\n", r); err != nil {
			return tally{}, fmt.Errorf("%s: %v", m.name, err)
		}
	}
	var t tally
	for _, m := range ms {
		var r struct {
			Cases   int
			Seconds float64
			Errored int
		}
		line, err := m.out.ReadString('\n')
		if err != nil {
			return tally{}, fmt.Errorf("%s: %v", m.name, err)
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Seconds <= 0 {
			return tally{}, fmt.Errorf("%s: %q", m.name, line)
		}
		// The differential agrees with the reference on these cases, which
		// never crash it: a crash in-process is a broken script (an
		// operation mapped to the wrong function), not work measured.
		if r.Errored > 0 {
			return tally{}, fmt.Errorf("%s: %d cases errored in-process: %q", m.name, r.Errored, line)
		}
		t.cases += r.Cases
		t.seconds += r.Seconds / float64(len(ms))
	}
	return t, nil
}

// pids are the processes' ids.
func (ms meters) pids() []int {
	var out []int
	for _, m := range ms {
		out = append(out, m.cmd.Process.Pid)
	}
	return out
}

func (ms meters) close() {
	for _, m := range ms {
		m.close()
	}
}

// inProcess starts bench/<script> in the prepared mirror directory dir on
// the case file cases, of batches batches cut into rounds chunks.
func inProcess(dir, interpreter, script, cases string, batches, rounds int, window time.Duration) (meters, error) {
	src, err := filepath.Abs(filepath.Join("bench", script))
	if err != nil {
		return nil, err
	}
	// The scripts run in dir and load the mirror from there (dist/ or
	// conform_mirror/).
	cmd := exec.Command(interpreter, src, cases, fmt.Sprint(batches), fmt.Sprint(rounds), fmt.Sprint(window.Seconds()))
	cmd.Dir = dir
	m, err := startMeter(script, cmd)
	if err != nil {
		return nil, err
	}
	return meters{m}, nil
}

// envBenchWorker makes this test binary a benchmark worker (benchWorker):
// "<target>/<worker>/<workers>/<rounds>/<window>/<inputs>".
const envBenchWorker = "CONFORM_BENCH_WORKER"

// differentialRate starts workers worker processes on target's benchmark
// batches (the cases of inputs fuzz inputs), each a fuzz worker as conform
// fuzz starts it (GOMAXPROCS=1, its own reference and harnesses).
func differentialRate(target string, workers, inputs, rounds int, window time.Duration) (meters, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var ms meters
	for k := range workers {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1",
			fmt.Sprintf("%s=%s/%d/%d/%d/%s/%d", envBenchWorker, target, k, workers, rounds, window, inputs))
		if os.Getenv("GOGC") == "" {
			cmd.Env = append(cmd.Env, "GOGC=400") // as conform fuzz starts its workers
		}
		m, err := startMeter(fmt.Sprintf("benchmark worker %d/%d", k, workers), cmd)
		if err != nil {
			ms.close()
			return nil, err
		}
		ms = append(ms, m)
	}
	return ms, nil
}

// benchWorker is one benchmark worker process (envBenchWorker): it starts
// the reference and both mirrors and says "ready"; then, for each "go R"
// line on in, it runs Check on its share (chunk) of chunk R of the
// target's benchmark batches, over and over for the window (at least
// once), and writes its count as one JSON line. It returns the process's
// exit status.
func benchWorker(spec string, in io.Reader, out io.Writer) int {
	var target string
	var k, workers, rounds, inputs int
	var window time.Duration
	parts := strings.Split(spec, "/")
	refOnly := len(parts) == 7 && parts[6] == benchRefOnly
	if refOnly {
		parts = parts[:6]
	}
	if len(parts) == 6 {
		target = parts[0]
		fmt.Sscan(parts[1], &k)
		fmt.Sscan(parts[2], &workers)
		fmt.Sscan(parts[3], &rounds)
		window, _ = time.ParseDuration(parts[4])
		fmt.Sscan(parts[5], &inputs)
	}
	t, ok := differential.Lookup(target)
	if !ok || workers < 1 || k < 0 || k >= workers || rounds < 1 || window <= 0 || inputs < 1 {
		fmt.Fprintf(os.Stderr, "bad %s=%q\n", envBenchWorker, spec)
		return 2
	}
	batches := benchBatches(t, inputs)
	merge, err := benchMerge(os.Getenv(envBenchMerge))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if refOnly {
		return refCopy(batches, rounds, in, out)
	}
	set, err := differential.Start(context.Background(), differential.Config{Impls: []string{"ts", "python"}, Transport: "local", Timeout: 30 * time.Second}, io.Discard)
	defer set.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Fprintln(out, "ready")
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		r, _, ok := goLine(lines.Text(), rounds)
		if !ok {
			fmt.Fprintf(os.Stderr, "benchmark worker: %q on stdin\n", lines.Text())
			return 2
		}
		mine := merged(chunk(batches, r, rounds, k, workers), merge)
		n := 0
		start := time.Now()
		for first := true; first || time.Since(start) < window; first = false {
			for _, jobs := range mine {
				if ds := set.Check(context.Background(), jobs); len(ds) > 0 {
					fmt.Fprintf(os.Stderr, "a disagreement while benchmarking (run the fuzz target):\n%s\n", ds[0])
					return 1
				}
				n += len(jobs)
			}
		}
		fmt.Fprintf(out, "{\"cases\":%d,\"seconds\":%f}\n", n, time.Since(start).Seconds())
	}
	return 0
}

// envBenchMerge is how many fuzz inputs' batches a benchmark worker
// checks in one Differ.Check (benchMerge): 1, as a fuzz worker does, by
// default. More measures what checking many inputs' cases at once would
// give (fuzz/README.md, "Asynchronous large batches"); the harness client
// still sends them as batch requests of at most 64 cases, pipelined.
const envBenchMerge = "CONFORM_BENCH_MERGE"

// benchMerge parses envBenchMerge: "" is 1, else 1 to 1024.
func benchMerge(v string) (int, error) {
	if v == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1024 || v != strconv.Itoa(n) {
		return 0, fmt.Errorf("%s=%q: want a count of fuzz inputs from 1 to 1024", envBenchMerge, v)
	}
	return n, nil
}

// merged joins every k consecutive batches into one.
func merged(batches [][]impl.Job, k int) [][]impl.Job {
	if k <= 1 {
		return batches
	}
	var out [][]impl.Job
	for i, jobs := range batches {
		if i%k == 0 {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], jobs...)
	}
	return out
}

// benchRefOnly, as a seventh part of envBenchWorker, makes the worker a
// copy of the reference loop for the ceiling (refCopy): no harness, the
// whole chunk.
const benchRefOnly = "ref"

// goLine reads a round line: "go R" (run for the window) or "go R N" (run
// the chunk exactly N times, N >= 1; passes 0 for the first form), R below
// rounds.
func goLine(line string, rounds int) (r, passes int, ok bool) {
	f := strings.Fields(line)
	if len(f) < 2 || len(f) > 3 || f[0] != "go" {
		return 0, 0, false
	}
	r, err := strconv.Atoi(f[1])
	if err != nil || r < 0 || r >= rounds || f[1] != strconv.Itoa(r) {
		return 0, 0, false
	}
	if len(f) == 3 {
		if passes, err = strconv.Atoi(f[2]); err != nil || passes < 1 || f[2] != strconv.Itoa(passes) {
			return 0, 0, false
		}
	}
	return r, passes, true
}

// refCopy is one copy of the reference loop of the ceiling: for each "go R
// N" line on in, it runs the whole chunk R of batches through the
// in-process reference N times and writes its count and seconds as one
// JSON line. It returns the process's exit status.
func refCopy(batches [][]impl.Job, rounds int, in io.Reader, out io.Writer) int {
	fmt.Fprintln(out, "ready")
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		r, passes, ok := goLine(lines.Text(), rounds)
		if !ok || passes == 0 {
			fmt.Fprintf(os.Stderr, "reference copy: %q on stdin (want go R N)\n", lines.Text())
			return 2
		}
		mine := chunk(batches, r, rounds, 0, 1)
		n := 0
		start := time.Now()
		for range passes {
			for _, jobs := range mine {
				for _, j := range jobs {
					op, _ := reference.Lookup(j.Contract, j.Op)
					_, _ = op.Run(j.Input)
					n++
				}
			}
		}
		fmt.Fprintf(out, "{\"cases\":%d,\"seconds\":%f}\n", n, time.Since(start).Seconds())
	}
	return 0
}

// ceiling is the no-protocol ceiling of one worker count: that many
// concurrent copies of the reference loop and of each mirror's in-process
// script, all on the same chunk.
type ceiling struct {
	copies meters
}

// startCeiling starts workers copies of each of the three: the reference
// loop (this binary as a refCopy worker, GOMAXPROCS=1 as a fuzz worker
// runs it) and the in-process scripts in the prepared mirror directories.
func startCeiling(target string, workers int, dirs map[string]string, cases string, batches int, p benchPlan) (*ceiling, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	c := &ceiling{}
	for k := range workers {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1",
			fmt.Sprintf("%s=%s/0/1/%d/%s/%d/%s", envBenchWorker, target, p.rounds, p.window, p.inputs, benchRefOnly))
		m, err := startMeter(fmt.Sprintf("reference copy %d/%d", k, workers), cmd)
		if err != nil {
			c.copies.close()
			return nil, err
		}
		c.copies = append(c.copies, m)
		for _, s := range []struct{ dir, interpreter, script string }{{dirs["ts"], "node", "inprocess.mjs"}, {dirs["python"], "python3", "inprocess.py"}} {
			ms, err := inProcess(s.dir, s.interpreter, s.script, cases, batches, p.rounds, p.window)
			if err != nil {
				c.copies.close()
				return nil, err
			}
			c.copies = append(c.copies, ms...)
		}
	}
	return c, nil
}

// round runs chunk r passes times in every copy at once and returns the
// cases the three implementations together finished (each copy's cases,
// which every implementation's copies run alike) over the wall-clock time
// until the last copy finished.
func (c *ceiling) round(r, passes int) (tally, error) {
	start := time.Now()
	for _, m := range c.copies {
		if _, err := fmt.Fprintf(m.in, "go %d %d\n", r, passes); err != nil {
			return tally{}, fmt.Errorf("%s: %v", m.name, err)
		}
	}
	cases := 0
	for i, m := range c.copies {
		var got struct{ Cases, Errored int }
		line, err := m.out.ReadString('\n')
		if err != nil {
			return tally{}, fmt.Errorf("%s: %v", m.name, err)
		}
		if err := json.Unmarshal([]byte(line), &got); err != nil || got.Errored > 0 {
			return tally{}, fmt.Errorf("%s: %q", m.name, line)
		}
		if i%3 == 0 {
			cases += got.Cases // one implementation's copies count the cases
		}
	}
	return tally{cases, time.Since(start).Seconds()}, nil
}

// median is the middle of xs (the mean of the two middle values for an
// even count); 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// TestBenchWorkers pins what CONFORM_BENCH_WORKERS accepts: a mistyped
// list fails the benchmark before it starts anything.
func TestBenchWorkers(t *testing.T) {
	for list, want := range map[string]string{
		"":      "[1 2]",
		"1,2,4": "[1 2 4]",
		"3":     "[3]",
		"2,1":   "error",
		"1,1":   "error",
		"0,2":   "error",
		"65":    "error",
		"1,,2":  "error",
		"two":   "error",
		" 1":    "error",
	} {
		got, err := benchWorkers(list)
		switch {
		case want == "error" && err == nil:
			t.Errorf("benchWorkers(%q) = %v, want an error", list, got)
		case want != "error" && (err != nil || fmt.Sprint(got) != want):
			t.Errorf("benchWorkers(%q) = %v, %v; want %s", list, got, err, want)
		}
	}
}

// TestCPUOfCountsTheTreeOnly checks the CPU column's accounting: a busy
// grandchild counts for its root, a busy process outside the tree does not.
func TestCPUOfCountsTheTreeOnly(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc: the CPU column shows -")
	}
	start := func(script string) *exec.Cmd {
		cmd := exec.Command("sh", "-c", script)
		// Its own process group, so that the cleanup ends the grandchild
		// too.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			_ = cmd.Wait()
		})
		return cmd
	}
	// sh forks the loop as a child of its own: a grandchild of this test.
	busy := start("yes > /dev/null; exit 0")
	idle := start("sleep 30; exit 0")
	// The busy tree gets 5 s: on a loaded machine (the test suite runs
	// packages in parallel) its share of a CPU is far below one, but not
	// below 2%.
	long := func() error { time.Sleep(5 * time.Second); return nil }
	u, err := cpuOf([]int{busy.Process.Pid}, long)
	if err != nil || u.unknown || u.ticks < 10 {
		t.Errorf("busy tree: %+v %v, want at least 10 ticks (2%% of a CPU) in 5 s", u, err)
	}
	wait := func() error { time.Sleep(time.Second); return nil }
	u, err = cpuOf([]int{idle.Process.Pid}, wait)
	if err != nil || u.unknown || u.ticks > 5 {
		t.Errorf("idle tree beside a busy process: %+v %v, want about 0 ticks", u, err)
	}
	if _, ok := treeTicks([]int{-1}); ok {
		t.Error("treeTicks of a process that does not exist: ok")
	}
}

// TestBenchPlan pins what the benchmark's variables choose: the full
// measurement by default, the smoke test with CONFORM_BENCH_SMOKE=1 (every
// target, each measurement once over a few inputs, one worker), and a
// mistake refused before anything starts.
func TestBenchPlan(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	var all []string
	for _, tg := range differential.Targets {
		all = append(all, tg.Name)
	}
	for _, c := range []struct {
		env  []string
		want string // fmt of the plan's fields, or "error"
	}{
		{nil, fmt.Sprintf("%v [1 2] %d 5 750ms  false", all, benchInputs)},
		{[]string{"CONFORM_BENCH_SMOKE", "1"}, fmt.Sprintf("%v [1] %d 1 1ms  true", all, benchSmokeInputs)},
		{[]string{"CONFORM_BENCH_SMOKE", "1", "CONFORM_BENCH_WORKERS", "1,2"}, fmt.Sprintf("%v [1 2] %d 1 1ms  true", all, benchSmokeInputs)},
		{[]string{"CONFORM_BENCH_SMOKE", "1", "CONFORM_BENCH_TARGETS", "FuzzJCS,FuzzFrame"}, fmt.Sprintf("[FuzzJCS FuzzFrame] [1] %d 1 1ms  true", benchSmokeInputs)},
		{[]string{"CONFORM_BENCH_README", "x.md", "CONFORM_BENCH_WORKERS", "1,2,4"}, fmt.Sprintf("%v [1 2 4] %d 5 750ms x.md false", all, benchInputs)},
		{[]string{"CONFORM_BENCH_SMOKE", "1", "CONFORM_BENCH_README", "x.md"}, "error"},
		{[]string{"CONFORM_BENCH_SMOKE", "yes"}, "error"},
		{[]string{"CONFORM_BENCH_TARGETS", "FuzzJCS,FuzzNone"}, "error"},
		{[]string{"CONFORM_BENCH_WORKERS", "2,1"}, "error"},
	} {
		p, err := benchPlanOf(env(c.env...))
		got := fmt.Sprintf("%v %v %d %d %s %s %v", p.targets, p.workers, p.inputs, p.rounds, p.window, p.readme, p.smoke)
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%v: %s (%v), want %s", c.env, got, err, c.want)
		}
	}
}

// Both in-process scripts (bench/) find every operation of every contract
// of the catalogue where the harnesses do, in what each harness registers
// with its kit, and run it as the harness would: an accepted and a refused
// golden vector of each operation (each one that has one), each case alone
// in a round, is answered ok or refused as the vector expects, never
// errored.
func TestInProcessScriptsRunEveryOperation(t *testing.T) {
	dirs, err := preparedMirrors()
	if err != nil {
		t.Fatal(err)
	}
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		contract, op string
		expect       vectors.Expect
	}
	picked := map[key]bool{}
	var cases []vectors.Case
	for _, c := range vectors.Cases(files) {
		k := key{c.Contract, c.Op, c.Expect}
		if (c.Expect == vectors.ExpectOK || c.Expect == vectors.ExpectRefused) && !picked[k] && len(c.Input) <= 1<<16 {
			picked[k] = true
			cases = append(cases, c)
		}
	}
	var batches [][]impl.Job
	for _, k := range spec.MustLoad().Contracts {
		for _, op := range k.Operations {
			if !picked[key{k.Contract, op.Op, vectors.ExpectOK}] && !picked[key{k.Contract, op.Op, vectors.ExpectRefused}] {
				t.Errorf("%s %s: no golden vector to run", k.Contract, op.Op)
			}
		}
	}
	for _, c := range cases {
		batches = append(batches, []impl.Job{{Contract: c.Contract, Op: c.Op, Input: c.Input}})
	}
	file := filepath.Join(t.TempDir(), "cases.jsonl")
	if err := writeCases(file, batches); err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct{ mirror, interpreter, script string }{
		{"ts", "node", "inprocess.mjs"},
		{"python", "python3", "inprocess.py"},
	} {
		src, err := filepath.Abs(filepath.Join("bench", s.script))
		if err != nil {
			t.Fatal(err)
		}
		// One round per case, each run once (a window of 0 s).
		cmd := exec.Command(s.interpreter, src, file, fmt.Sprint(len(batches)), fmt.Sprint(len(batches)), "0")
		cmd.Dir = dirs[s.mirror]
		m, err := startMeter(s.script, cmd)
		if err != nil {
			t.Error(err)
			continue
		}
		for r, c := range cases {
			if _, err := fmt.Fprintf(m.in, "go %d\n", r); err != nil {
				t.Fatalf("%s: %v", s.script, err)
			}
			line, err := m.out.ReadString('\n')
			if err != nil {
				t.Fatalf("%s: %v", s.script, err)
			}
			var got struct{ Cases, OK, Refused, Errored int }
			if err := json.Unmarshal([]byte(line), &got); err != nil {
				t.Fatalf("%s: %q: %v", s.script, line, err)
			}
			want := struct{ Cases, OK, Refused, Errored int }{Cases: 1, OK: 1}
			if c.Expect == vectors.ExpectRefused {
				want.OK, want.Refused = 0, 1
			}
			if got != want {
				t.Errorf("%s: %s %s, vector %s (%s): %+v, want %+v", s.script, c.Contract, c.Op, c.ID, c.Expect, got, want)
			}
		}
		m.close()
	}
}

// TestGoLineAndMedian pins the round lines the measuring processes read
// ("go R" for the window, "go R N" for N passes) and the median of the
// rounds' ratios.
func TestGoLineAndMedian(t *testing.T) {
	for line, want := range map[string][3]int{
		"go 0": {0, 0, 1}, "go 4": {4, 0, 1}, "go 2 3": {2, 3, 1},
		"go 5": {0, 0, 0}, "go -1": {0, 0, 0}, "go 1 0": {0, 0, 0}, "go 1 x": {0, 0, 0},
		"go 01": {0, 0, 0}, "go 1 2 3": {0, 0, 0}, "run 1": {0, 0, 0}, "": {0, 0, 0},
	} {
		r, passes, ok := goLine(line, 5)
		if got := [3]int{r, passes, map[bool]int{true: 1}[ok]}; got != want {
			t.Errorf("goLine(%q) = %v, want %v", line, got, want)
		}
	}
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
}

// BenchmarkCheck is one differential worker in this process, so that
// go test -cpuprofile profiles what a fuzz worker spends besides its
// harnesses: Differ.Check, the reference in-process and both mirrors as
// harness processes, over the benchmark batches of one target (the first
// of CONFORM_BENCH_TARGETS, the first of the table when unset), b.N passes over all of
// them. It reports cases/s; a disagreement fails it. Under
// CONFORM_BENCH_SMOKE=1 it runs the cases of benchSmokeInputs inputs.
//
//	GOMAXPROCS=1 go test -run '^$' -bench Check -benchtime 5x -cpuprofile /tmp/worker.pprof ./fuzz/
//	go tool pprof -top fuzz.test /tmp/worker.pprof
func BenchmarkCheck(b *testing.B) {
	p, err := benchPlanOf(os.Getenv)
	if err != nil {
		b.Fatal(err)
	}
	t, _ := differential.Lookup(p.targets[0])
	merge, err := benchMerge(os.Getenv(envBenchMerge))
	if err != nil {
		b.Fatal(err)
	}
	batches := merged(benchBatches(t, p.inputs), merge)
	set, err := differential.Start(context.Background(), differential.Config{Impls: []string{"ts", "python"}, Transport: "local", Timeout: 30 * time.Second}, io.Discard)
	defer set.Close()
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	harnesses := childTicks(os.Getpid())
	b.ResetTimer()
	for range b.N {
		for _, jobs := range batches {
			if ds := set.Check(context.Background(), jobs); len(ds) > 0 {
				b.Fatalf("a disagreement while benchmarking (run the fuzz target):\n%s", ds[0])
			}
			n += len(jobs)
		}
	}
	b.StopTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "cases/s")
	cpu := func(r syscall.Rusage) float64 {
		return float64(r.Utime.Nano()+r.Stime.Nano()) / 1e3
	}
	b.ReportMetric((cpu(after)-cpu(before))/float64(n), "go-µs/case")
	// The harnesses' CPU from /proc, in ticks of 10 ms: run enough cases
	// (-benchtime) for it to mean something.
	for comm, ticks := range childTicks(os.Getpid()) {
		b.ReportMetric(float64(ticks-harnesses[comm])*1e4/float64(n), comm+"-µs/case")
	}
}

// TestReadmeAt checks where CONFORM_BENCH_README writes: a relative path
// from the module's directory (go test runs in fuzz/), and a file without
// the throughput block refused before anything is measured.
func TestReadmeAt(t *testing.T) {
	got, err := readmeAt("fuzz/README.md")
	if want, _ := filepath.Abs("README.md"); err != nil || got != want {
		t.Errorf("readmeAt(fuzz/README.md) = %q, %v; want %q", got, err, want)
	}
	if got, err := readmeAt("fuzz/no-such-file.md"); err == nil {
		t.Errorf("readmeAt of a missing file = %q, want an error", got)
	}
	if got, err := readmeAt("README.md"); err == nil {
		t.Errorf("readmeAt of the top README.md (no throughput block) = %q, want an error", got)
	}
}

// TestBenchMerge pins CONFORM_BENCH_MERGE: the counts it accepts, and
// that merging keeps every case, in order, k inputs' batches to a check.
func TestBenchMerge(t *testing.T) {
	for v, want := range map[string]int{"": 1, "1": 1, "16": 16, "1024": 1024, "0": 0, "1025": 0, "01": 0, "x": 0, " 2": 0} {
		got, err := benchMerge(v)
		if (want == 0) != (err != nil) || (err == nil && got != want) {
			t.Errorf("benchMerge(%q) = %d, %v; want %d (0: an error)", v, got, err, want)
		}
	}
	job := func(i int) impl.Job { return impl.Job{Op: strconv.Itoa(i)} }
	batches := [][]impl.Job{{job(0), job(1)}, {job(2)}, {job(3), job(4)}, {job(5)}, {job(6)}}
	got := fmt.Sprint(merged(batches, 2))
	if want := fmt.Sprint([][]impl.Job{{job(0), job(1), job(2)}, {job(3), job(4), job(5)}, {job(6)}}); got != want {
		t.Errorf("merged(_, 2) = %s, want %s", got, want)
	}
	if got := fmt.Sprint(merged(batches, 1)); got != fmt.Sprint(batches) {
		t.Errorf("merged(_, 1) = %s, want the batches as they are", got)
	}
}
