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
	"github.com/spf13/pflag"

	"github.com/conform-dev/conform/internal/config"
	"github.com/conform-dev/conform/internal/corpus"
	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/repro"
	"github.com/conform-dev/conform/internal/vectors"
)

// implFlags are the options every command that drives implementations has.
type implFlags struct {
	impls       []string
	config      string
	transport   string
	timeout     time.Duration
	maxRestarts int
	images      []string
	// compare is --compare: how the outside implementations are compared
	// that do not say it themselves (a configuration file's compare).
	compare string
	// defaults are the implementations run when --impl is not given (nil
	// for eval, which needs one); flags is where --impl was registered.
	defaults []string
	flags    *pflag.FlagSet
	// What resolve made of --impl and the configuration file: the names
	// to start (outside ones included), every outside implementation
	// defined, and the file read (nil when none).
	names   []string
	outside []impl.Outside
	file    *config.File
}

func (f *implFlags) register(cmd *cobra.Command, defaultImpls []string) {
	help := "implementations to run: go, ts, python (the Go reference always runs: it is the expectation of corpus cases), a name the configuration file defines, or an outside implementation NAME=COMMAND ARGS... (a local process, in this directory) or NAME=image:REF [-- ARGS...] (a container; ARGS replace the image's CMD); repeatable, names also comma-separated"
	if defaultImpls == nil {
		help = "the implementation to ask: go, ts or python (or fake:<bug>, a fuzz test double), a name the configuration file defines, or NAME=COMMAND ARGS... or NAME=image:REF [-- ARGS...]"
	}
	f.defaults, f.flags = defaultImpls, cmd.Flags()
	cmd.Flags().StringArrayVar(&f.impls, "impl", defaultImpls, help)
	cmd.Flags().StringVar(&f.config, "config", "", "the configuration file of outside implementations (default: conform.toml or conform.yaml in the working directory, if there)")
	cmd.Flags().StringVar(&f.transport, "transport", "local", "how mirrors run: local (processes on PATH) or container (hermetic containers from the images conform images build makes)")
	cmd.Flags().DurationVar(&f.timeout, "timeout", driver.DefaultTimeout, "longest silence allowed from a harness that owes an answer: to the handshake (its runtime's start-up included), to a case, to a whole batch")
	cmd.Flags().IntVar(&f.maxRestarts, "max-restarts", driver.DefaultMaxRestarts, "restarts of a broken harness before it is quarantined")
	cmd.Flags().StringVar(&f.compare, "compare", "exact", "how the refusals of outside implementations are compared with the expectation (those of the configuration file that set compare keep theirs): exact (the message of the contract's refusal table), or verdict (any refusal is the right verdict; another message is counted as other-message, not as a disagreement)")
	cmd.Flags().StringArrayVar(&f.images, "image", nil, "with --transport container, run a mirror's harness in this image instead of the one built from conform's sources: MIRROR=REF, REF a tag or an image ID (repeatable; what a repro line of a container run carries)")
}

// resolve reads the configuration file (--config, or conform.toml or
// conform.yaml in the working directory) and --impl into f.names,
// f.outside and f.file. Without --impl, the defaults run and, after them,
// every implementation the file defines. A bad file or --impl value is a
// usage error naming where.
func (f *implFlags) resolve() error {
	path := f.config
	if path == "" {
		p, err := config.Find(".")
		if err != nil {
			return usageErr("%v", err)
		}
		path = p
	}
	f.names, f.outside, f.file = nil, nil, nil
	if path != "" {
		file, err := config.Load(path)
		if err != nil {
			return usageErr("%v", err)
		}
		f.file, f.outside = file, append(f.outside, file.Impls...)
	}
	values := f.impls
	if f.flags != nil && !f.flags.Changed("impl") && f.defaults != nil {
		values = append(slices.Clone(f.defaults), f.file.Names()...)
	}
	for _, v := range values {
		if !config.IsSpec(v) {
			f.names = append(f.names, strings.Split(v, ",")...)
			continue
		}
		x, err := config.ParseImpl(v)
		if err != nil {
			return usageErr("%v", err)
		}
		f.outside = append(f.outside, x)
		f.names = append(f.names, x.Name)
	}
	switch f.compare {
	case "", "exact":
	case "verdict":
		for i := range f.outside {
			if f.outside[i].Compare == "" {
				f.outside[i].Compare = f.compare
			}
		}
	default:
		return usageErr("--compare %q: want exact or verdict (a message map is set in the configuration file: compare = \"map\" and messages)", f.compare)
	}
	return nil
}

// imageMap parses --image MIRROR=REF flags.
func (f *implFlags) imageMap() (map[string]string, error) {
	if len(f.images) == 0 {
		return nil, nil
	}
	m := map[string]string{}
	for _, s := range f.images {
		name, ref, ok := strings.Cut(s, "=")
		if !ok || name == "" || ref == "" {
			return nil, usageErr("--image %q: want MIRROR=REF", s)
		}
		if _, dup := m[name]; dup {
			return nil, usageErr("--image names %s twice", name)
		}
		m[name] = ref
	}
	return m, nil
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
// a bad configuration file or --impl value, a missing runtime, program or
// image, an outside implementation that does not answer its handshake is a
// usage error; a mirror that does not start or refuses the handshake is a
// broken implementation.
func startImpls(ctx context.Context, f *implFlags, progress io.Writer) (*started, error) {
	if f.timeout <= 0 {
		return nil, usageErr("--timeout must be positive, not %s", f.timeout)
	}
	if f.maxRestarts < 0 {
		return nil, usageErr("--max-restarts must not be negative")
	}
	if err := f.resolve(); err != nil {
		return nil, err
	}
	opts := []driver.Option{driver.WithOutside(f.outside...)}
	names := driver.Names(f.names)
	if err := driver.Validate(names, opts...); err != nil {
		return nil, usageErr("%v", err)
	}
	if f.transport != driver.Local && f.transport != driver.Container {
		return nil, usageErr("unknown --transport %q (local or container)", f.transport)
	}
	images, err := f.imageMap()
	if err != nil {
		return nil, err
	}
	ds, err := driver.Start(ctx, names, append(opts, driver.WithTransport(f.transport), driver.WithTimeout(f.timeout),
		driver.WithMaxRestarts(f.maxRestarts), driver.WithProgress(progress), driver.WithVersion(Version), driver.WithImages(images))...)
	if err != nil {
		ds.Close()
		if driver.IsConfig(err) {
			return nil, usageErr("%v", err)
		}
		return nil, brokenErr(err)
	}
	s := &started{impls: ds.Impls, set: ds}
	for _, st := range ds.Started {
		m := report.ImplMeta{
			Impl: st.Name, Name: st.Info.Name, Language: st.Info.Language, LanguageVersion: st.Info.LanguageVersion,
			Runtime: st.Info.Runtime, RuntimeVersion: st.Info.RuntimeVersion, Version: st.Info.Version,
			Contracts: st.Info.Contracts, Transport: st.Transport, Command: st.Command,
			Image: st.Image, ImageID: st.ImageID, BaseImage: st.BaseImage, BaseImageID: st.BaseImageID,
		}
		if st.Outside != nil {
			m.Outside = st.Outside.Origin
			if st.Outside.Spec != "" {
				m.Outside = "--impl"
			}
			m.Compare, m.Messages = st.Outside.Compare, st.Outside.Messages
		}
		s.meta = append(s.meta, m)
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
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, "", usageErr("--vectors %s: no such directory", dir)
	case err != nil:
		return nil, "", usageErr("--vectors %v", err)
	case !st.IsDir():
		return nil, "", usageErr("--vectors %s: not a directory (a %s)", dir, infile.TypeName(st.Mode()))
	}
	return infile.Dir(dir), filepath.Clean(dir), nil
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
	loaded := 0
	for _, dir := range corpora {
		res, err := corpus.Load(dir)
		if err != nil {
			return nil, usageErr("corpus: %v", err)
		}
		// Each load is bounded; so are the corpora of a run together.
		if loaded += len(res.Cases); loaded > corpus.MaxCases {
			return nil, usageErr("corpus: %s: %v", dir, &infile.TooLargeError{Bound: corpus.CasesBound, Unit: "cases"})
		}
		for _, s := range res.Skipped {
			fmt.Fprintf(notices, "conform: corpus %s: no known layout in %s, skipped\n", escape.Line(dir), escape.Line(s))
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
			fmt.Fprintf(notices, "conform: corpus %s: %d of its cases were already loaded (same contract, operation and input) and run once\n", escape.Line(dir), repeated)
		}
		set.corpora = append(set.corpora, meta)
	}
	return set, nil
}

// filterContracts keeps the cases of the named contracts; it refuses a
// name that is no contract (listing the known ones), and a contract no
// case has.
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
	for _, c := range contracts {
		if have[c] {
			continue
		}
		if !slices.Contains(contractNames(), c) {
			return nil, usageErr("unknown contract %q (known: %s)", c, strings.Join(contractNames(), ", "))
		}
		return nil, usageErr("no cases for contract %q", c)
	}
	return out, nil
}

// reproSetup is what a repro line of a run carries (repro.Setup): conform
// as invoked, the transport, each mirror's image ID under the container
// transport, each outside implementation of the command line (an image by
// its ID and arguments, a command with the directory it ran in), the
// vector directory, and the flags that change an answer or the exit code
// when they are not the defaults.
func reproSetup(f *implFlags, vectorsDir string, allowSkips bool, s *started) repro.Setup {
	rs := repro.Setup{Invocation: repro.Invocation(), Transport: f.transport, Vectors: vectorsDir, AllowSkips: allowSkips}
	if f.compare == "verdict" {
		rs.Compare = f.compare
	}
	if f.timeout != driver.DefaultTimeout {
		rs.Timeout = f.timeout
	}
	if f.maxRestarts != driver.DefaultMaxRestarts {
		n := f.maxRestarts
		rs.MaxRestarts = &n
	}
	for _, x := range f.outside {
		if x.Spec == "" {
			continue
		}
		if rs.Outside == nil {
			rs.Outside = map[string]string{}
		}
		rs.Outside[x.Name] = x.Spec
		if x.Image == "" && x.Dir != "" {
			// Its words may be relative to where conform ran: the line
			// goes there first.
			if rs.Dirs == nil {
				rs.Dirs = map[string]string{}
			}
			rs.Dirs[x.Name] = x.Dir
		}
		for _, m := range s.meta {
			if m.Impl == x.Name && x.Image != "" && m.ImageID != "" {
				// By image ID, which no later build re-points, with the
				// arguments that replace its CMD.
				rs.Outside[x.Name] = config.ImageSpec(x.Name, m.ImageID, x.Args)
			}
		}
	}
	if f.file != nil {
		rs.Config, rs.ConfigNames = f.file.Path, f.file.Names()
	}
	for _, m := range s.meta {
		if m.Outside != "" {
			// An outside implementation's line names it by what defined
			// it (its --impl value or the file), not by --image.
			continue
		}
		if m.ImageID != "" {
			if rs.Images == nil {
				rs.Images = map[string]string{}
			}
			rs.Images[m.Impl] = m.ImageID
		}
	}
	return rs
}

// reproFor returns the function that writes the one command rerunning a
// case on an implementation (repro.Setup.Case): with --vectors and --corpus
// given as absolute paths, so that the line works from any directory.
func reproFor(rs repro.Setup) func(c vectors.Case, impl string) string {
	return func(c vectors.Case, impl string) string {
		return rs.Case(c.ID, impl, c.Corpus)
	}
}
