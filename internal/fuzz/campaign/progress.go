package campaign

import (
	"regexp"
	"strconv"
	"strings"
)

// Progress follows the output of Go's fuzzing engine for one target.
type Progress struct {
	// Elapsed is the engine's own elapsed time, as it prints it ("12s").
	Elapsed string
	// Execs and ExecsPerSec are the engine's counts of fuzz inputs run.
	Execs       int64
	ExecsPerSec int64
	// Corpus is the size of the corpus the engine holds.
	Corpus int
	// Baseline is "done/total" while the engine runs its seed and cached
	// corpus ("gathering baseline coverage", or "testing seed corpus"
	// without coverage instrumentation), and "" after.
	Baseline string
	// Minimizing: the engine is minimizing a failing input.
	Minimizing bool
	// Failures counts the failures the engine reported.
	Failures int
	// Failing is the failing input the engine wrote,
	// "testdata/fuzz/<target>/<name>", once written.
	Failing string
	// Seed is the seed corpus entry that failed: "seed#N" for the N-th
	// f.Add seed, or the file name of a corpus entry.
	Seed string
}

var (
	progressRE = regexp.MustCompile(`^fuzz: elapsed: (\S+), execs: (\d+) \((\d+)/sec\)(?:, new interesting: \d+ \(total: (\d+)\))?`)
	// The engine says "minimizing N-byte failing input file" once, when
	// it finds the failure, then "elapsed: X, minimizing" every 3 s.
	minimizeRE = regexp.MustCompile(`^fuzz: (?:elapsed: (\S+), minimizing|minimizing \d+-byte failing input file)$`)
	baselineRE = regexp.MustCompile(`^fuzz: elapsed: (\S+), (?:gathering baseline coverage|testing seed corpus): (\d+)/(\d+) completed`)
	failingRE  = regexp.MustCompile(`Failing input written to (testdata/fuzz/\S+)`)
	seedFailRE = regexp.MustCompile(`failure while testing seed corpus entry: [^/\s]+/(\S+)`)
)

// Line takes one line of the engine's output and reports whether it was a
// progress line (execs, minimizing, or the baseline), as opposed to any
// other line, which it reads for a failure (Failing, Seed, Failures).
func (p *Progress) Line(s string) bool {
	s = strings.TrimSpace(s)
	if m := progressRE.FindStringSubmatch(s); m != nil {
		p.Elapsed = m[1]
		p.Execs, _ = strconv.ParseInt(m[2], 10, 64)
		p.ExecsPerSec, _ = strconv.ParseInt(m[3], 10, 64)
		if m[4] != "" {
			p.Corpus, _ = strconv.Atoi(m[4])
		}
		p.Baseline = ""
		p.Minimizing = false
		return true
	}
	if m := minimizeRE.FindStringSubmatch(s); m != nil {
		if m[1] != "" {
			p.Elapsed = m[1]
		}
		p.Minimizing = true
		return true
	}
	if m := baselineRE.FindStringSubmatch(s); m != nil {
		p.Elapsed = m[1]
		p.Baseline = m[2] + "/" + m[3]
		p.Corpus, _ = strconv.Atoi(m[3])
		return true
	}
	if m := failingRE.FindStringSubmatch(s); m != nil {
		p.Failing = m[1]
		p.Failures++
		return false
	}
	if m := seedFailRE.FindStringSubmatch(s); m != nil && p.Seed == "" {
		p.Seed = m[1]
		p.Failures++
		return false
	}
	return false
}
