package cli

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/fuzz/campaign"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/fuzz/gocheck"
	"github.com/conform-dev/conform/internal/fuzz/share"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/module"
)

// fuzzTarget is one fuzz target of the module, differential or Go-only,
// with where Go keeps its corpus.
type fuzzTarget struct {
	name string
	pkg  string // import path: <module>/fuzz or <module>/fuzz/gocheck
}

// dir is the package's directory relative to the module root.
func (t fuzzTarget) dir() string { return strings.TrimPrefix(t.pkg, module.Path+"/") }

// allFuzzTargets lists every fuzz target of the module: the differential
// targets, then the Go-only ones.
func allFuzzTargets() []fuzzTarget {
	var out []fuzzTarget
	for _, t := range differential.Targets {
		out = append(out, fuzzTarget{t.Name, module.Package("fuzz")})
	}
	for _, t := range gocheck.Targets {
		out = append(out, fuzzTarget{t.Name, module.Package("fuzz/gocheck")})
	}
	return out
}

func lookupFuzzTarget(name string) (fuzzTarget, bool) {
	for _, t := range allFuzzTargets() {
		if t.name == name {
			return t, true
		}
	}
	return fuzzTarget{}, false
}

// corpusTargets resolves --target names (default: every target).
func corpusTargets(names []string) ([]fuzzTarget, error) {
	names = splitList(names)
	if len(names) == 0 {
		return allFuzzTargets(), nil
	}
	var out []fuzzTarget
	for _, n := range names {
		t, ok := lookupFuzzTarget(n)
		if !ok {
			return nil, usageErr("unknown fuzz target %q (conform fuzz --list; Go-only: %s)", n, strings.Join(gocheckNames(), ", "))
		}
		out = append(out, t)
	}
	return out, nil
}

func gocheckNames() []string {
	var n []string
	for _, t := range gocheck.Targets {
		n = append(n, t.Name)
	}
	return n
}

// goCorpusDirs are where Go keeps target t's corpus: the committed
// testdata/fuzz/<name> of its package, and the engine's cache
// $GOCACHE/fuzz/<package>/<name>.
func goCorpusDirs(mod string, t fuzzTarget) (testdata, cache string, err error) {
	root, err := campaign.FuzzCache(mod) // $GOCACHE/fuzz
	if err != nil {
		return "", "", err
	}
	return filepath.Join(mod, t.dir(), "testdata", "fuzz", t.name), filepath.Join(root, filepath.FromSlash(t.pkg), t.name), nil
}

type corpusOptions struct {
	module    string
	targets   []string
	from      []string
	into      string
	as        string
	libfuzzer []string
	output    string
	force     bool
	format    string
	corpora   string
}

func newCorpusCmd(env *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corpus",
		Short: "Share fuzz corpora: export, import and merge archives; convert Go and libFuzzer corpora",
		Long: `corpus moves the corpora of the fuzz targets (conform fuzz --list, and the
Go-only targets of fuzz/gocheck that ClusterFuzzLite runs) between machines,
CI runs and fuzzing engines.

An archive is one tar.gz: manifest.json (format, and per target its Go
package and entries), then <target>/<sha256> for each Go corpus file
("go test fuzz v1"), named by the SHA-256 of its bytes. Import and merge
deduplicate by content and never overwrite a file: each new file is
written to a temporary name and linked into place.

A libFuzzer corpus is a directory of raw inputs as the targets built by
go-118-fuzz-build read them: a four-byte big-endian length, then the
fuzz function's []byte. Only targets whose fuzz function takes one []byte
convert (all of conform's do).

Like conform fuzz, corpus works on the conform module's source tree (run
it from the repository or give --module). import writes into Go's fuzz
cache, $GOCACHE/fuzz/<package>/<target> (go env GOCACHE), unless --into
testdata.

Bounds, checked while reading, each refused with exit 2 naming it: one
entry (a Go corpus file, a raw libFuzzer input) 4 MiB; an archive or a
directory 100,000 entries; an archive's entries expanded, or a merge's,
256 MiB together. Every entry of an archive must be a whole Go corpus
file (its header and every value line). A file that is not a regular file
(a named pipe) is refused unopened. An output archive (-o) that exists, or
appears while it is written, is never replaced without --force.`,
	}
	cmd.AddCommand(newCorpusExportCmd(env), newCorpusImportCmd(env), newCorpusMergeCmd(env),
		newCorpusConvertCmd(env), newCorpusSeedsCmd(env))
	return cmd
}

func newCorpusExportCmd(env *Env) *cobra.Command {
	o := &corpusOptions{}
	cmd := &cobra.Command{
		Use:   "export -o corpus.tar.gz",
		Short: "Write the targets' corpora (Go's cache, testdata, libFuzzer directories) into one archive",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if o.output == "" {
				return usageErr("export needs -o FILE")
			}
			if err := atomicfile.CheckWritable(o.output, o.force); err != nil {
				return usageErr("-o: %v", err)
			}
			mod, err := campaign.ModuleRoot(o.module)
			if err != nil {
				return usageErr("%v", err)
			}
			ts, err := corpusTargets(o.targets)
			if err != nil {
				return err
			}
			a := share.NewArchive()
			for _, t := range ts {
				testdata, cache, err := goCorpusDirs(mod, t)
				if err != nil {
					return usageErr("%v", err)
				}
				for _, from := range splitList(o.from) {
					dir := map[string]string{"cache": cache, "testdata": testdata}[from]
					if dir == "" {
						return usageErr("--from %q: want cache or testdata", from)
					}
					n, err := a.AddDir(t.name, t.pkg, dir)
					if err != nil {
						return usageErr("%v", err)
					}
					fmt.Fprintf(env.Stderr, "conform corpus: %s: %d entries from %s\n", t.name, n, dir)
				}
			}
			for _, spec := range o.libfuzzer {
				name, dir, ok := strings.Cut(spec, "=")
				t, known := lookupFuzzTarget(name)
				if !ok || !known {
					return usageErr("--libfuzzer %q: want TARGET=DIR with a known target", spec)
				}
				c, err := a.AddLibFuzzerDir(t.name, t.pkg, dir)
				if err != nil {
					return usageErr("%v", err)
				}
				fmt.Fprintf(env.Stderr, "conform corpus: %s: libFuzzer %s: %d new, %d already in, %d unreadable by the target\n", t.name, dir, c.Written, c.Present, c.Skipped)
			}
			return writeArchive(env, a, o.output, o.force)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "", "the archive to write")
	f.BoolVar(&o.force, "force", false, "replace an existing output file")
	f.StringVar(&o.module, "module", "", "the conform module's directory (default: found from the working directory)")
	f.StringSliceVar(&o.targets, "target", nil, "export these targets (default: all)")
	f.StringSliceVar(&o.from, "from", []string{"cache", "testdata"}, "Go corpora to read: cache ($GOCACHE/fuzz/...), testdata (committed findings)")
	f.StringArrayVar(&o.libfuzzer, "libfuzzer", nil, "also read a libFuzzer corpus directory: TARGET=DIR (repeatable)")
	return cmd
}

// writeArchive publishes a at path (atomicfile.Write: never replacing a
// file there, or appeared meanwhile, unless force) and prints its summary
// on stdout.
func writeArchive(env *Env, a *share.Archive, path string, force bool) error {
	var buf bytes.Buffer
	if err := a.Write(&buf); err != nil {
		return err
	}
	if err := atomicfile.Write(path, buf.Bytes(), force); err != nil {
		return usageErr("-o: %v", err)
	}
	m := a.Manifest()
	names := make([]string, 0, len(m.Targets))
	for n := range m.Targets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(env.Stdout, "%-22s %-22s %d entries\n", n, m.Targets[n].Package, len(m.Targets[n].Entries))
	}
	fmt.Fprintf(env.Stdout, "%s: %d entries, %d bytes\n", path, a.Len(), buf.Len())
	return nil
}

// readArchiveFile reads the archive at path, a regular file (a named pipe
// is refused unopened), within the bounds of share.ReadArchive.
func readArchiveFile(path string) (*share.Archive, error) {
	f, err := infile.Open(path)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	defer f.Close()
	a, err := share.ReadArchive(f)
	if err != nil {
		return nil, usageErr("%s: %v", path, err)
	}
	return a, nil
}

func newCorpusImportCmd(env *Env) *cobra.Command {
	o := &corpusOptions{}
	cmd := &cobra.Command{
		Use:   "import corpus.tar.gz",
		Short: "Add an archive's entries to the Go corpora (or to a libFuzzer directory), never overwriting",
		Long: `import adds every entry of the archive, by default into Go's fuzz cache
($GOCACHE/fuzz/<package>/<target>, which conform fuzz and go test -fuzz
read), or with --into testdata into the packages' testdata/fuzz/ (what
go test replays: for findings only). With --libfuzzer DIR and one
--target, the target's entries go into that libFuzzer corpus directory,
converted. An entry whose content is already there is skipped; nothing
is overwritten. An archive target this conform does not know is an error.

Targets that read the same input format share corpora (internal/fuzz/cases): the
Go-only targets of a contract read its differential target's format, so
--target FuzzJCSOracle --as FuzzJCS imports what ClusterFuzzLite found for
the jsontext oracle into the differential target's corpus, and back.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			a, err := readArchiveFile(args[0])
			if err != nil {
				return err
			}
			mod, err := campaign.ModuleRoot(o.module)
			if err != nil {
				return usageErr("%v", err)
			}
			names := splitList(o.targets)
			if len(names) == 0 {
				names = a.Targets()
			}
			for _, n := range names {
				if _, ok := a.Packages[n]; !ok {
					return usageErr("%s has no target %s (it has %s)", args[0], n, strings.Join(a.Targets(), ", "))
				}
			}
			if len(o.libfuzzer) > 0 {
				if len(names) != 1 || len(o.libfuzzer) != 1 {
					return usageErr("--libfuzzer DIR takes exactly one --target")
				}
				c, err := share.ImportLibFuzzer(a, names[0], o.libfuzzer[0])
				if err != nil {
					return usageErr("%v", err)
				}
				fmt.Fprintf(env.Stdout, "%s -> %s: %s\n", names[0], o.libfuzzer[0], c)
				return nil
			}
			if o.as != "" && len(names) != 1 {
				return usageErr("--as TARGET takes exactly one --target")
			}
			// Every target is checked, and every destination for clashes,
			// before anything is written: an import is taken whole or not
			// at all.
			type step struct{ src, as, dst string }
			var plan []step
			for _, n := range names {
				dstName := n
				if o.as != "" {
					dstName = o.as
					if err := sameFormat(n, dstName); err != nil {
						return err
					}
				}
				t, ok := lookupFuzzTarget(dstName)
				if !ok && o.as != "" {
					return usageErr("unknown fuzz target %q", dstName)
				}
				if !ok {
					return usageErr("%s: the archive has target %s, which this conform does not know (import the others with --target)", args[0], n)
				}
				if o.as == "" && a.Packages[n] != "" && a.Packages[n] != t.pkg {
					return usageErr("%s: the archive puts %s in package %s; here it is in %s", args[0], n, a.Packages[n], t.pkg)
				}
				testdata, cache, err := goCorpusDirs(mod, t)
				if err != nil {
					return usageErr("%v", err)
				}
				dst := map[string]string{"cache": cache, "testdata": testdata}[o.into]
				if dst == "" {
					return usageErr("--into %q: want cache or testdata", o.into)
				}
				if err := share.CheckImportGo(a, n, dst); err != nil {
					return usageErr("%s: %v", args[0], err)
				}
				plan = append(plan, step{n, dstName, dst})
			}
			for _, p := range plan {
				c, err := share.ImportGo(a, p.src, p.dst)
				if err != nil {
					return usageErr("%s: %v", args[0], err)
				}
				fmt.Fprintf(env.Stdout, "%s -> %s (%s): %s\n", p.src, p.dst, p.as, c)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.module, "module", "", "the conform module's directory (default: found from the working directory)")
	f.StringSliceVar(&o.targets, "target", nil, "import only these targets")
	f.StringVar(&o.into, "into", "cache", "where Go corpus entries go: cache or testdata")
	f.StringVar(&o.as, "as", "", "import the one --target's entries into this target's corpus instead (a target of the same input format)")
	f.StringArrayVar(&o.libfuzzer, "libfuzzer", nil, "write the one --target's entries into this libFuzzer corpus directory instead")
	return cmd
}

func newCorpusMergeCmd(env *Env) *cobra.Command {
	o := &corpusOptions{}
	cmd := &cobra.Command{
		Use:   "merge -o merged.tar.gz a.tar.gz b.tar.gz...",
		Short: "Merge archives into one, deduplicated",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if o.output == "" {
				return usageErr("merge needs -o FILE")
			}
			if err := atomicfile.CheckWritable(o.output, o.force); err != nil {
				return usageErr("-o: %v", err)
			}
			all := share.NewArchive()
			for _, p := range args {
				a, err := readArchiveFile(p)
				if err != nil {
					return err
				}
				n, err := all.Merge(a)
				if err != nil {
					return usageErr("%s: %v", p, err)
				}
				fmt.Fprintf(env.Stderr, "conform corpus: %s: %d entries, %d new\n", p, a.Len(), n)
			}
			return writeArchive(env, all, o.output, o.force)
		},
	}
	cmd.Flags().StringVarP(&o.output, "output", "o", "", "the archive to write")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace an existing output file")
	return cmd
}

func newCorpusConvertCmd(env *Env) *cobra.Command {
	var to string
	cmd := &cobra.Command{
		Use:   "convert --to libfuzzer|go SRC DST",
		Short: "Convert a corpus directory between Go's format and libFuzzer's (go-118-fuzz-build) raw inputs",
		Long: `convert --to libfuzzer reads the Go corpus files of SRC (one []byte each) and
writes the raw inputs that make a go-118-fuzz-build target call its fuzz
function with the same bytes into DST, named by SHA-1 as libFuzzer does.
convert --to go does the reverse, naming files as Go does; raw inputs the
target never passes on (under five bytes) are counted and skipped. Files
already in DST are kept; nothing is overwritten.`,
		Args: cobra.ExactArgs(2),
		RunE: func(_ *cobra.Command, args []string) error {
			var c share.Counts
			var err error
			switch to {
			case "libfuzzer":
				c, err = share.GoToLibFuzzer(args[0], args[1])
			case "go":
				c, err = share.LibFuzzerToGo(args[0], args[1])
			default:
				return usageErr("--to must be libfuzzer or go")
			}
			if err != nil {
				return usageErr("%v", err)
			}
			fmt.Fprintf(env.Stdout, "%s -> %s: %s\n", args[0], args[1], c)
			return nil
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "the destination format: libfuzzer or go")
	return cmd
}

func newCorpusSeedsCmd(env *Env) *cobra.Command {
	o := &corpusOptions{}
	cmd := &cobra.Command{
		Use:   "seeds --target T --format go|libfuzzer DIR",
		Short: "Write a target's seed corpus (what its f.Add calls add) into a directory",
		Long: `seeds writes the seeds a target adds with f.Add (the golden vectors, the
public corpora, its structured seeds) as files: Go corpus files, or raw
libFuzzer inputs (for ClusterFuzzLite's <target>_seed_corpus.zip, since a
libFuzzer build ignores f.Add). Files already in DIR are kept.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			names := splitList(o.targets)
			if len(names) != 1 {
				return usageErr("seeds takes exactly one --target")
			}
			corpora := o.corpora
			switch corpora {
			case "none":
				corpora = ""
			case "":
				mod, err := campaign.ModuleRoot(o.module)
				if err != nil {
					return usageErr("%v (or give --corpora DIR, or --corpora none)", err)
				}
				corpora = filepath.Join(filepath.Dir(mod), "shared", "corpora")
			}
			var seeds [][]byte
			var err error
			if t, ok := differential.Lookup(names[0]); ok {
				seeds, err = differential.Seeds(t, corpora)
			} else if _, ok := gocheck.Lookup(names[0]); ok {
				seeds, err = gocheck.Seeds(names[0], corpora)
			} else {
				return usageErr("unknown fuzz target %q", names[0])
			}
			if err != nil {
				return usageErr("%v", err)
			}
			d, err := share.OpenDir(args[0])
			if err != nil {
				return usageErr("%v", err)
			}
			var c share.Counts
			for _, s := range seeds {
				var name string
				var b []byte
				switch o.format {
				case "go":
					b = share.EncodeGo(s)
					name = share.GoName(b)
				case "libfuzzer":
					if b, err = share.EncodeLibFuzzer(s); err != nil {
						c.Skipped++
						continue
					}
					name = share.LibFuzzerName(b)
				default:
					return usageErr("--format must be go or libfuzzer")
				}
				wrote, err := d.Put(name, b)
				if err != nil {
					return usageErr("%v", err)
				}
				if wrote {
					c.Written++
				} else {
					c.Present++
				}
			}
			fmt.Fprintf(env.Stdout, "%s seeds -> %s: %s\n", names[0], args[0], c)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.targets, "target", nil, "the target")
	f.StringVar(&o.format, "format", "go", "go or libfuzzer")
	f.StringVar(&o.module, "module", "", "the conform module's directory (default: found from the working directory)")
	f.StringVar(&o.corpora, "corpora", "", "the public corpora (default: shared/corpora beside the module; none: the vectors and structured seeds only)")
	return cmd
}

// inputFormat is the input format (a internal/fuzz/cases target name) a fuzz
// target reads.
func inputFormat(name string) (string, bool) {
	if _, ok := differential.Lookup(name); ok {
		return name, true
	}
	if t, ok := gocheck.Lookup(name); ok {
		return t.Input, true
	}
	return "", false
}

// sameFormat checks that two targets read the same input format, so that
// one's corpus means the same to the other.
func sameFormat(a, b string) error {
	fa, ok := inputFormat(a)
	if !ok {
		return usageErr("unknown fuzz target %q", a)
	}
	fb, ok := inputFormat(b)
	if !ok {
		return usageErr("unknown fuzz target %q", b)
	}
	if fa != fb {
		return usageErr("%s reads %s's input format and %s reads %s's: their corpora do not mix", a, fa, b, fb)
	}
	return nil
}
