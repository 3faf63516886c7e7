package differential

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/repro"
)

// Environment variables that configure the fuzz targets. conform fuzz sets
// them for the fuzz processes it starts; go test -fuzz reads them too.
const (
	// EnvImpls lists the implementations compared with the reference,
	// comma-separated: ts, python, or a test double fake:<bug> (see Fakes);
	// none is the reference alone. Default: ts,python.
	EnvImpls = "CONFORM_FUZZ_IMPLS"
	// EnvTransport is local (default) or container.
	EnvTransport = "CONFORM_FUZZ_TRANSPORT"
	// EnvTimeout is the longest silence allowed from a harness (a Go
	// duration); default 10s.
	EnvTimeout = "CONFORM_FUZZ_TIMEOUT"
	// EnvStats names a directory where each fuzz process keeps a file of
	// its counts (see Stats), for conform fuzz's progress line.
	EnvStats = "CONFORM_FUZZ_STATS"
	// EnvSeeds is "all" (default: the golden vectors, the public corpora
	// and structured seeds) or "minimal" (one structured input of no
	// bytes, so that whatever is found is found by the fuzzer).
	EnvSeeds = "CONFORM_FUZZ_SEEDS"
	// EnvFakeExe is the conform-harness binary that serves the fake:<bug>
	// test doubles (conform-harness --fake <bug>); default: the driver's
	// (beside this process's executable, or built from the module with go
	// build; see driver.WithHarness).
	EnvFakeExe = "CONFORM_FUZZ_FAKE_EXE"
	// EnvOutside defines the outside implementations EnvImpls may name
	// (README.md, "Bring your own implementation"): a JSON list of
	// impl.Outside, as conform fuzz read them from --impl NAME=... and
	// the configuration file.
	EnvOutside = "CONFORM_FUZZ_OUTSIDE"
)

// Config says which implementations a fuzz process compares with the
// reference, and how it runs them.
type Config struct {
	// Impls are mirror names (ts, python) or fake:<bug> (driver.Names
	// reads them).
	Impls []string
	// Transport is "local" or "container"; empty means local.
	Transport string
	// Timeout bounds a harness's silence; zero means the driver's default
	// (driver.DefaultTimeout).
	Timeout time.Duration
	// FakeExe is the conform-harness binary that serves the fakes (see
	// EnvFakeExe); empty: the driver finds or builds one.
	FakeExe string
	// Outside defines the outside implementations Impls may name (see
	// EnvOutside).
	Outside []impl.Outside
}

// ConfigFromEnv reads Config from the environment (EnvImpls, EnvTransport,
// EnvTimeout, EnvFakeExe), with the defaults given there. A bad timeout is
// an error naming the variable.
func ConfigFromEnv() (Config, error) {
	c := Config{Impls: []string{"ts", "python"}, Transport: "local", Timeout: 10 * time.Second}
	if v := os.Getenv(EnvImpls); v != "" {
		c.Impls = nil
		for _, n := range strings.Split(v, ",") {
			if n = strings.TrimSpace(n); n != "" && n != "none" {
				c.Impls = append(c.Impls, n)
			}
		}
	}
	if v := os.Getenv(EnvTransport); v != "" {
		c.Transport = v
	}
	if v := os.Getenv(EnvTimeout); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("%s=%q is not a positive duration", EnvTimeout, v)
		}
		c.Timeout = d
	}
	c.FakeExe = os.Getenv(EnvFakeExe)
	if v := os.Getenv(EnvOutside); v != "" {
		if err := json.Unmarshal([]byte(v), &c.Outside); err != nil {
			return c, fmt.Errorf("%s is not a JSON list of outside implementations: %v", EnvOutside, err)
		}
	}
	return c, nil
}

// OutsideEnv is the value of EnvOutside that ConfigFromEnv reads back as
// c.Outside: "" when there are none.
func (c Config) OutsideEnv() string {
	if len(c.Outside) == 0 {
		return ""
	}
	b, err := json.Marshal(c.Outside)
	if err != nil {
		return ""
	}
	return string(b)
}

// Setup is what a reproducer of a disagreement found with c carries: its
// transport, its timeout when it is not the driver's default, and each
// outside implementation of the command line by its --impl value (a
// command with the directory it runs in, repro.Setup.Dirs).
func (c Config) Setup() repro.Setup {
	s := repro.Setup{Transport: c.Transport, OutsideEnv: c.OutsideEnv()}
	if c.Timeout != 0 && c.Timeout != driver.DefaultTimeout {
		s.Timeout = c.Timeout
	}
	for _, x := range c.Outside {
		if x.Spec != "" {
			if s.Outside == nil {
				s.Outside = map[string]string{}
			}
			s.Outside[x.Name] = x.Spec
			if x.Image == "" && x.Dir != "" {
				// Its words may be relative to where conform ran.
				if s.Dirs == nil {
					s.Dirs = map[string]string{}
				}
				s.Dirs[x.Name] = x.Dir
			}
		}
	}
	return s
}

// ReplayEnv names the environment variables a replay line
// (repro.Setup.FuzzReplay) sets.
var ReplayEnv = repro.FuzzEnv{Impls: EnvImpls, Transport: EnvTransport, Timeout: EnvTimeout, Outside: EnvOutside}

// ImplsEnv is the value of EnvImpls that ConfigFromEnv reads back as
// c.Impls: the names joined by commas, or "none" for the reference alone.
func (c Config) ImplsEnv() string {
	if len(c.Impls) == 0 {
		return "none"
	}
	return strings.Join(c.Impls, ",")
}

// Set is one process's implementations: the reference and the started
// mirrors, as a Differ, started by the driver (package driver).
type Set struct {
	Differ
	started *driver.Set
	// outside names the outside implementations among the mirrors.
	outside map[string]bool
}

// Close ends every harness the set started, then its transport. It may be
// called on a nil set, and on the set of a failed Start.
func (s *Set) Close() {
	if s != nil {
		s.started.Close()
	}
}

// Start starts every implementation of c through driver.Start (preparing
// the mirrors, building the TypeScript mirror on first use and telling
// progress), with the reference reporting version "fuzz". Like
// driver.Start it returns the set even when it fails, holding what it
// started, and the caller closes it; the error is the driver's (a
// *driver.ConfigError for a configuration problem).
func Start(ctx context.Context, c Config, progress io.Writer) (*Set, error) {
	opts := []driver.Option{driver.WithHarness(c.FakeExe), driver.WithProgress(progress), driver.WithVersion("fuzz"), driver.WithOutside(c.Outside...)}
	// A zero Transport or Timeout is the driver's default.
	if c.Transport != "" {
		opts = append(opts, driver.WithTransport(c.Transport))
	}
	if c.Timeout != 0 {
		opts = append(opts, driver.WithTimeout(c.Timeout))
	}
	ds, err := driver.Start(ctx, c.Impls, opts...)
	s := &Set{started: ds}
	for _, st := range ds.Started {
		if st.Outside != nil {
			if s.outside == nil {
				s.outside = map[string]bool{}
			}
			s.outside[st.Name] = true
		}
	}
	if len(ds.Impls) > 0 {
		s.Differ = Differ{Reference: ds.Impls[0], Mirrors: ds.Impls[1:], Setup: c.Setup()}
	}
	return s, err
}

// Declared checks that every mirror of the set declared each operation of
// the target in its handshake, so that a target never passes by skipping.
// An outside implementation answers only what it announces: one that does
// not announce every operation of the target is no error here; For keeps
// it for the operations it announces (the Differ sends it no other).
func (s *Set) Declared(t Target) error {
	for _, m := range s.Mirrors {
		if !s.outside[m.Name()] && !declares(m, t) {
			return fmt.Errorf("%s does not implement %s %s (its handshake does not declare it)", m.Name(), t.Contract, missing(m, t))
		}
	}
	return nil
}

// For returns the Differ of target t: the set's, without the outside
// implementations that announce none of t's operations. One that
// announces some is compared on those (Differ.Check).
func (s *Set) For(t Target) *Differ {
	d := s.Differ
	d.Mirrors = nil
	for _, m := range s.Mirrors {
		if !s.outside[m.Name()] || announcesAny(m, t) {
			d.Mirrors = append(d.Mirrors, m)
		}
	}
	return &d
}

// announcesAny reports whether m's handshake announced an operation of t.
func announcesAny(m impl.Impl, t Target) bool {
	im := m.Implementation()
	for _, op := range t.Ops {
		if im.Supports(t.Contract, op) {
			return true
		}
	}
	return false
}

// declares reports whether m's handshake announced every operation of t.
func declares(m impl.Impl, t Target) bool {
	return missing(m, t) == ""
}

// missing is the first operation of t that m's handshake does not
// announce, or "".
func missing(m impl.Impl, t Target) string {
	im := m.Implementation()
	for _, op := range t.Ops {
		if !im.Supports(t.Contract, op) {
			return op
		}
	}
	return ""
}

// process holds the set of this process, started once by Process.
var process struct {
	once sync.Once
	set  *Set
	err  error
}

// Process returns this process's set, starting it on the first call from
// the environment (ConfigFromEnv). Every fuzz worker process starts its own
// set; CloseProcess ends it.
func Process() (*Set, error) {
	process.once.Do(func() {
		c, err := ConfigFromEnv()
		if err != nil {
			process.err = err
			return
		}
		process.set, process.err = Start(context.Background(), c, os.Stderr)
		if process.err != nil {
			process.set.Close()
			process.set = nil
			return
		}
		startStats()
	})
	return process.set, process.err
}

// CloseProcess closes the set Process started, if any, and writes the
// final counts.
func CloseProcess() {
	if process.set != nil {
		process.set.Close()
	}
	flushStats()
}
