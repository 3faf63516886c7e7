package cli

import (
	"context"
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
	"conform/driver"
	"conform/impl"
	"conform/report"
	"conform/repro"
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

// started holds the implementations of one command, the Go reference
// first, with their report header entries, and closes them.
type started struct {
	impls []impl.Impl
	meta  []report.ImplMeta
	set   *driver.Set
}

// Close closes the harnesses, then the transport they ran through.
func (s *started) Close() { s.set.Close() }

// startImpls checks the flags and starts the requested implementations,
// the Go reference first, through the driver. A bad flag, an unknown name,
// a missing runtime or image is a usage error; a harness that does not
// start or refuses the handshake is a broken implementation.
func startImpls(ctx context.Context, f *implFlags, progress io.Writer) (*started, error) {
	if f.timeout <= 0 {
		return nil, usageErr("--timeout must be positive, not %s", f.timeout)
	}
	if f.maxRestarts < 0 {
		return nil, usageErr("--max-restarts must not be negative")
	}
	names := driver.Names(f.impls)
	for _, n := range names {
		if err := driver.Check(n); err != nil {
			return nil, usageErr("%v", err)
		}
	}
	if f.transport != driver.Local && f.transport != driver.Container {
		return nil, usageErr("unknown --transport %q (local or container)", f.transport)
	}
	ds, err := driver.Start(ctx, names, driver.WithTransport(f.transport), driver.WithTimeout(f.timeout),
		driver.WithMaxRestarts(f.maxRestarts), driver.WithProgress(progress), driver.WithVersion(Version))
	if err != nil {
		ds.Close()
		if driver.IsConfig(err) {
			return nil, usageErr("%v", err)
		}
		return nil, brokenErr(err)
	}
	s := &started{impls: ds.Impls, set: ds}
	for _, st := range ds.Started {
		s.meta = append(s.meta, report.ImplMeta{
			Impl: st.Name, Name: st.Info.Name, Language: st.Info.Language, LanguageVersion: st.Info.LanguageVersion,
			Runtime: st.Info.Runtime, RuntimeVersion: st.Info.RuntimeVersion, Version: st.Info.Version,
			Contracts: st.Info.Contracts, Transport: st.Transport, Command: st.Command,
			Image: st.Image, ImageID: st.ImageID, BaseImage: st.BaseImage, BaseImageID: st.BaseImageID,
		})
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

// reproFor returns the function that writes the one command rerunning a
// case on an implementation (repro.Case): with --vectors and --corpus
// given as absolute paths, so that the line works from any directory.
func reproFor(vectorsDir string) func(c vectors.Case, impl string) string {
	return func(c vectors.Case, impl string) string {
		return repro.Case(repro.Invocation(), c.ID, impl, vectorsDir, c.Corpus)
	}
}
