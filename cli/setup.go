package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"conform/corpus"
	"conform/fuzz"
	"conform/mirrors"
	"conform/mirrors/harness"
	"conform/mirrors/transport"
	"conform/report"
	"conform/runner"
	"conform/vectors"
)

// implFlags are the options every command that drives implementations has.
type implFlags struct {
	impls       []string
	transport   string
	timeout     time.Duration
	maxRestarts int
}

func (f *implFlags) register(cmd *cobra.Command, defaultImpls []string) {
	help := "implementations to run: go, ts, python (the Go reference always runs: it is the expectation of corpus cases)"
	if defaultImpls == nil {
		help = "the implementation to ask: go, ts or python (or fake:<bug>, a fuzz test double)"
	}
	cmd.Flags().StringSliceVar(&f.impls, "impl", defaultImpls, help)
	cmd.Flags().StringVar(&f.transport, "transport", "local", "how mirrors run: local (processes on PATH) or container (hermetic containers from the images conform images build makes)")
	cmd.Flags().DurationVar(&f.timeout, "timeout", 10*time.Second, "longest silence allowed from a harness that owes an answer")
	cmd.Flags().IntVar(&f.maxRestarts, "max-restarts", 3, "restarts of a broken harness before it is quarantined")
}

func (f *implFlags) transportImpl(ctx context.Context) (transport.Transport, error) {
	switch f.transport {
	case "local":
		return transport.Local{}, nil
	case "container":
		return containerTransport(ctx)
	}
	return nil, usageErr("unknown --transport %q (local or container)", f.transport)
}

// started holds the implementations of one command and closes them.
type started struct {
	impls []runner.Impl
	meta  []report.ImplMeta
	close []func()
}

// Close closes in reverse order of start, as defers would: the harnesses,
// then the transport they ran through.
func (s *started) Close() {
	for i := len(s.close) - 1; i >= 0; i-- {
		s.close[i]()
	}
}

// startImpls prepares and starts the requested implementations, the Go
// reference first. A missing runtime is a usage error; a harness that does
// not start or refuses the handshake is a broken implementation.
func startImpls(ctx context.Context, f *implFlags, progress io.Writer) (*started, error) {
	if f.timeout <= 0 {
		return nil, usageErr("--timeout must be positive, not %s", f.timeout)
	}
	if f.maxRestarts < 0 {
		return nil, usageErr("--max-restarts must not be negative")
	}
	// harness.Options reads 0 as its default and a negative number as none.
	restarts := f.maxRestarts
	if restarts == 0 {
		restarts = -1
	}
	names := []string{"go"}
	for _, n := range f.impls {
		for _, n := range strings.Split(n, ",") {
			n = strings.TrimSpace(n)
			if n == "" || slices.Contains(names, n) {
				continue
			}
			// The fuzz test doubles are served by this binary (cmd/conform
			// checks fuzz.FakeRequested), so that the reproducer a
			// disagreement with one prints runs.
			_, fake, err := fuzz.FakeCommand(n, "")
			if err != nil {
				return nil, usageErr("%v", err)
			}
			if _, ok := mirrors.Lookup(n); !ok && !fake {
				return nil, usageErr("unknown implementation %q (known: go, ts, python)", n)
			}
			names = append(names, n)
		}
	}
	t, err := f.transportImpl(ctx)
	if err != nil {
		return nil, err
	}
	ref := &runner.Reference{Version: Version}
	s := &started{impls: []runner.Impl{ref}}
	ct, inContainers := t.(*transport.Container)
	if inContainers {
		s.close = append(s.close, func() { _ = ct.Close() })
	}
	s.meta = append(s.meta, report.ImplMeta{Impl: "go", Implementation: ref.Implementation(), Transport: "in-process"})
	cache, err := mirrors.CacheDir()
	if err != nil {
		return nil, usageErr("%v", err)
	}
	for _, name := range names[1:] {
		m, _ := mirrors.Lookup(name)
		meta := report.ImplMeta{Impl: name, Transport: t.Name()}
		var cmd transport.Command
		if strings.HasPrefix(name, "fake:") {
			exe, err := os.Executable()
			if err == nil && inContainers {
				err = usageErr("the fakes run only with the local transport")
			}
			if err == nil {
				cmd, _, err = fuzz.FakeCommand(name, exe)
			}
			if err != nil {
				s.Close()
				return nil, err
			}
		} else if inContainers {
			cmd, err = containerMirror(ctx, ct, m, &meta)
		} else {
			cmd, err = m.Prepare(ctx, cache, progress)
		}
		if err != nil {
			s.Close()
			var missing *mirrors.MissingRuntimeError
			var already *exitError
			switch {
			case errors.As(err, &already):
				return nil, err
			case errors.As(err, &missing):
				return nil, usageErr("%v", err)
			}
			return nil, brokenErr(err)
		}
		c := harness.New(name, t, cmd, harness.Options{Timeout: f.timeout, MaxRestarts: restarts})
		im, err := c.Start(ctx)
		if err != nil {
			s.Close()
			return nil, brokenErr(err)
		}
		s.impls = append(s.impls, c)
		s.close = append(s.close, c.Close)
		meta.Implementation, meta.Command = im, append([]string{cmd.Path}, cmd.Args...)
		s.meta = append(s.meta, meta)
	}
	return s, nil
}

// caseSet is the loaded vectors and corpora of one command.
type caseSet struct {
	cases         []vectors.Case
	vectorsSHA256 string
	corpora       []report.CorpusMeta
}

// vectorsFS is the vector set a command uses: the one compiled into conform,
// named "vectors", or the directory dir when it is not empty, named by its
// path (the root its files and cases are named under, see
// vectors.LoadNamed).
func vectorsFS(dir string) (fsys fs.FS, root string, err error) {
	if dir == "" {
		return vectors.Embedded(), "vectors", nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, "", usageErr("--vectors %s: not a directory", dir)
	}
	return os.DirFS(dir), filepath.Clean(dir), nil
}

// loadCases loads the vectors (the embedded set, or vectorsDir),
// verifying their manifest, and each corpus. A broken vector file or corpus
// is a usage error naming it.
func loadCases(vectorsDir string, corpora []string, notices io.Writer) (*caseSet, error) {
	fsys, root, err := vectorsFS(vectorsDir)
	if err != nil {
		return nil, err
	}
	sum, problems, err := vectors.VerifyNamed(fsys, root)
	if err != nil {
		return nil, usageErr("vectors: %v", err)
	}
	if len(problems) > 0 {
		shown := problems
		if len(shown) > 3 {
			shown = append(shown[:3:3], fmt.Sprintf("and %d more", len(problems)-3))
		}
		return nil, usageErr("vectors fail verification: %s (conform vectors verify lists every problem)", strings.Join(shown, "; "))
	}
	files, err := vectors.LoadNamed(fsys, root)
	if err != nil {
		return nil, usageErr("vectors: %v", err)
	}
	set := &caseSet{cases: vectors.Cases(files), vectorsSHA256: sum}
	seen := map[string]bool{}
	for _, c := range set.cases {
		seen[c.ID] = true
	}
	for _, dir := range corpora {
		res, err := corpus.Load(dir)
		if err != nil {
			return nil, usageErr("corpus: %v", err)
		}
		for _, s := range res.Skipped {
			fmt.Fprintf(notices, "conform: corpus %s: no known layout in %s, skipped\n", dir, s)
		}
		meta := report.CorpusMeta{Path: dir}
		for _, l := range res.Layouts {
			if !slices.Contains(meta.Layouts, string(l.Kind)) {
				meta.Layouts = append(meta.Layouts, string(l.Kind))
			}
		}
		repeated := 0
		for _, c := range res.Cases {
			// A corpus entry identical to a vector, or to an entry of an
			// earlier corpus, is one case: ids are content-derived.
			if seen[c.ID] {
				repeated++
				continue
			}
			seen[c.ID] = true
			set.cases = append(set.cases, c)
			meta.Cases++
		}
		if repeated > 0 {
			fmt.Fprintf(notices, "conform: corpus %s: %d of its cases were already loaded (same contract, operation and input) and run once\n", dir, repeated)
		}
		set.corpora = append(set.corpora, meta)
	}
	return set, nil
}

// filterContracts keeps the cases of the named contracts; it refuses a
// name no case has.
func filterContracts(cases []vectors.Case, contracts []string) ([]vectors.Case, error) {
	if len(contracts) == 0 {
		return cases, nil
	}
	want := map[string]bool{}
	for _, c := range contracts {
		want[c] = true
	}
	var out []vectors.Case
	have := map[string]bool{}
	for _, c := range cases {
		have[c.Contract] = true
		if want[c.Contract] {
			out = append(out, c)
		}
	}
	for c := range want {
		if !have[c] {
			return nil, usageErr("no cases for contract %q", c)
		}
	}
	return out, nil
}

// invocation is how the user ran conform, for reproducer lines:
// "go run ./cmd/conform" under go run, the absolute path of a binary run by
// path, or the name of one found on PATH.
func invocation() string {
	exe := os.Args[0]
	switch {
	case strings.Contains(exe, "go-build"):
		return "go run ./cmd/conform"
	case strings.ContainsRune(exe, '/'):
		if abs, err := filepath.Abs(exe); err == nil {
			return shellQuote(abs)
		}
	}
	return filepath.Base(exe)
}

// reproFor returns the function that writes the one command rerunning a
// case on an implementation: with --vectors and --corpus given as absolute
// paths, so that the line works from any directory.
func reproFor(vectorsDir string) func(c vectors.Case, impl string) string {
	return func(c vectors.Case, impl string) string {
		s := fmt.Sprintf("%s repro %s --impl %s", invocation(), c.ID, impl)
		if vectorsDir != "" && c.Corpus == "" {
			s += " --vectors " + shellQuote(absPath(vectorsDir))
		}
		if c.Corpus != "" {
			s += " --corpus " + shellQuote(absPath(c.Corpus))
		}
		return s
	}
}

func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

func shellQuote(s string) string {
	if strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
