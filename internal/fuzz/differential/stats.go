package differential

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/conform-dev/conform/internal/infile"
)

// counts are this process's totals: fuzz inputs run and cases compared.
var counts struct {
	execs, cases atomic.Int64
}

// Count records one fuzz input that expanded to cases cases.
func Count(cases int) {
	counts.execs.Add(1)
	counts.cases.Add(int64(cases))
}

// Stats are the totals of one or more fuzz processes.
type Stats struct {
	Execs, Cases int64
}

// startStats starts writing this process's counts to EnvStats/<pid> once a
// second, when EnvStats is set.
func startStats() {
	dir := os.Getenv(EnvStats)
	if dir == "" {
		return
	}
	go func() {
		for range time.Tick(time.Second) {
			flushStats()
		}
	}()
}

// flushStats writes this process's counts to EnvStats/<pid>, atomically.
func flushStats() {
	dir := os.Getenv(EnvStats)
	if dir == "" || counts.execs.Load() == 0 {
		return
	}
	path := filepath.Join(dir, strconv.Itoa(os.Getpid()))
	tmp := fmt.Sprintf("%s.tmp", path)
	line := fmt.Sprintf("%d %d\n", counts.execs.Load(), counts.cases.Load())
	if os.WriteFile(tmp, []byte(line), 0o644) == nil {
		_ = os.Rename(tmp, path)
	}
}

// ReadStats sums the counts every fuzz process wrote under dir.
func ReadStats(dir string) Stats {
	var s Stats
	entries, _ := infile.ReadDir(dir, infile.Bound{Max: 100_000, What: "the stats files of one fuzz run"})
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			continue
		}
		b, err := infile.ReadFile(filepath.Join(dir, e.Name()), infile.Bound{Max: 1 << 10, What: "one stats file"})
		if err != nil {
			continue
		}
		var x, c int64
		if _, err := fmt.Sscanf(string(b), "%d %d", &x, &c); err == nil {
			s.Execs += x
			s.Cases += c
		}
	}
	return s
}
