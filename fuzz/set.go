package fuzz

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"conform/mirrors"
	"conform/mirrors/harness"
	"conform/mirrors/transport"
	"conform/runner"
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
	// EnvFakeExe is the program that serves the fake:<bug> test doubles
	// (a binary whose TestMain calls ServeFake); default: this process's
	// own executable.
	EnvFakeExe = "CONFORM_FUZZ_FAKE_EXE"
)

// Config says which implementations a fuzz process compares with the
// reference, and how it runs them.
type Config struct {
	// Impls are mirror names (ts, python) or fake:<bug>.
	Impls []string
	// Transport is "local" or "container".
	Transport string
	// Timeout bounds a harness's silence.
	Timeout time.Duration
	// FakeExe serves the fakes (see EnvFakeExe).
	FakeExe string
}

// ConfigFromEnv reads Config from the environment (EnvImpls, EnvTransport,
// EnvTimeout, EnvFakeExe), with the defaults given there.
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
	if c.FakeExe == "" {
		exe, err := os.Executable()
		if err != nil {
			return c, err
		}
		c.FakeExe = exe
	}
	return c, nil
}

// Set is one process's implementations: the reference and the started
// mirrors, as a Differ.
type Set struct {
	Differ
	closers []func()
}

// Close ends every harness the set started, then its transport.
func (s *Set) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// Start prepares (building the TypeScript mirror on first use, telling
// progress) and starts every implementation of c. A failed start returns
// an error naming the implementation, after closing what was started.
func Start(ctx context.Context, c Config, progress io.Writer) (*Set, error) {
	s := &Set{Differ: Differ{Reference: &runner.Reference{Version: "fuzz"}}}
	var t transport.Transport = transport.Local{}
	switch c.Transport {
	case "local", "":
	case "container":
		ct, err := transport.NewContainer(ctx, transport.ContainerOptions{})
		if err != nil {
			return nil, err
		}
		t = ct
		s.closers = append(s.closers, func() { _ = ct.Close() })
	default:
		return nil, fmt.Errorf("unknown transport %q (local or container)", c.Transport)
	}
	cache, err := mirrors.CacheDir()
	if err != nil {
		return nil, err
	}
	for _, name := range c.Impls {
		cmd, fake, err := FakeCommand(name, c.FakeExe)
		switch {
		case err != nil:
			s.Close()
			return nil, err
		case fake:
			if c.Transport == "container" {
				s.Close()
				return nil, errors.New("the fakes run only with the local transport")
			}
		default:
			m, ok := mirrors.Lookup(name)
			if !ok {
				s.Close()
				return nil, fmt.Errorf("unknown implementation %q (known: ts, python, fake:<bug>)", name)
			}
			if c.Transport == "container" {
				cmd, err = m.ContainerCommand()
			} else {
				cmd, err = m.Prepare(ctx, cache, progress)
			}
			if err != nil {
				s.Close()
				return nil, err
			}
		}
		h := harness.New(name, t, cmd, harness.Options{Timeout: c.Timeout})
		if _, err := h.Start(ctx); err != nil {
			s.Close()
			return nil, err
		}
		s.Mirrors = append(s.Mirrors, h)
		s.closers = append(s.closers, h.Close)
	}
	return s, nil
}

// Declared checks that every mirror of the set declared each operation of
// the target in its handshake, so that a target never passes by skipping.
func (s *Set) Declared(t Target) error {
	for _, m := range s.Mirrors {
		im := m.Implementation()
		for _, op := range t.Ops {
			if !im.Supports(t.Contract, op) {
				return fmt.Errorf("%s does not implement %s %s (its handshake does not declare it)", m.Name(), t.Contract, op)
			}
		}
	}
	return nil
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
		if process.err == nil {
			startStats()
		}
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
