package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"conform/vectors"
)

// Kind names a corpus layout.
type Kind string

const (
	// KindJCS is a directory of input/X.json and output/X.json pairs
	// (shared/corpora/jcs/README.md: cyberphone, gowebpki).
	KindJCS Kind = "jcs-pairs"
	// KindES6Numbers is one es6testfile*.txt or es6testfile*.txt.gz file of
	// "ieeehex,expected" lines (shared/corpora/jcs/README.md: es6numbers).
	KindES6Numbers Kind = "es6numbers"
	// KindJSONTestSuite is a JSONTestSuite test_parsing/ directory
	// (shared/corpora/jsontestsuite/SOURCE.md).
	KindJSONTestSuite Kind = "jsontestsuite"
	// KindWycheproof is one Wycheproof EdDSA verify file in a wycheproof/
	// directory (shared/corpora/ed25519/SOURCE.md).
	KindWycheproof Kind = "wycheproof"
	// KindSpeccheck is the cases.json of a speccheck/ directory, the 12
	// cases of "Taming the many EdDSAs" (shared/corpora/ed25519/SOURCE.md).
	KindSpeccheck Kind = "speccheck"
	// KindCCTV is C2SP/CCTV's ed25519vectors.json
	// (shared/corpora/ed25519/SOURCE.md).
	KindCCTV Kind = "cctv"
)

// kindRank orders layouts in Result: layouts with exact expected outputs come
// first, so that deduplication keeps them over ExpectReference cases.
var kindRank = map[Kind]int{
	KindJCS: 0, KindES6Numbers: 1, KindJSONTestSuite: 2,
	KindWycheproof: 3, KindSpeccheck: 4, KindCCTV: 5,
}

// ErrNoLayout is returned, inside an *Error naming the path, when the path
// given to Load holds no known layout at all.
var ErrNoLayout = errors.New("no known corpus layout")

// Error is a failure to load a corpus, located at a file and, for
// line-oriented files, a line. The location is kept as data, apart from the
// cause.
type Error struct {
	// Path is the file or directory at fault.
	Path string
	// Line is the 1-based line number, or 0 when the fault is not on a line.
	Line int
	// Err is the cause.
	Err error
}

// Error returns "path:line: cause", or "path: cause" when Line is 0.
func (e *Error) Error() string {
	if e.Line > 0 {
		return e.Path + ":" + strconv.Itoa(e.Line) + ": " + e.Err.Error()
	}
	return e.Path + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func errorf(path string, line int, format string, args ...any) error {
	return &Error{Path: path, Line: line, Err: fmt.Errorf(format, args...)}
}

// fsError locates a file system error at path, keeping the cause without the
// path a *fs.PathError repeats.
func fsError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return &Error{Path: path, Err: err}
}

// Layout records one layout found by Load.
type Layout struct {
	Kind Kind
	// Path is the layout's directory (KindJCS), test_parsing directory
	// (KindJSONTestSuite) or file (the other kinds).
	Path string
	// Entries is the number of entries read: input files for KindJCS and
	// KindJSONTestSuite, lines for KindES6Numbers, tests for
	// KindWycheproof, cases for KindSpeccheck, vectors for KindCCTV.
	Entries int
	// Cases is the number of this layout's cases kept in Result.Cases.
	Cases int
	// Duplicates is the number of this layout's cases dropped because an
	// earlier case (of this or an earlier layout) had the same ID.
	Duplicates int
}

// Result is what Load found.
type Result struct {
	// Cases are the loaded cases, ordered by layout kind, layout path, file
	// and line, with no two sharing an ID.
	Cases []vectors.Case
	// Layouts are the layouts found, in the order of Cases.
	Layouts []Layout
	// Skipped are the directories under the loaded path that hold no known
	// layout anywhere beneath them, sorted. A directory is listed instead of
	// its subdirectories when none of them holds a layout.
	Skipped []string
	// Duplicates is the total of Layouts[i].Duplicates.
	Duplicates int
}

// found is one layout with its cases, before ordering and deduplication.
type found struct {
	layout Layout
	cases  []vectors.Case
}

// maxDepth bounds the directory walk, so that a symbolic link loop fails
// instead of recursing forever.
const maxDepth = 64

// Load reads the corpus at path into cases. path is either a directory with
// one known layout, a parent directory whose subdirectories (recursively)
// hold known layouts, or a single es6numbers file (.txt or .txt.gz, named
// es6testfile*). Symbolic links are followed. A directory named test_parsing,
// wycheproof or speccheck is a layout when given itself or found as a
// subdirectory; a directory holding ed25519vectors.json is a CCTV layout.
//
// Every case gets ID vectors.CaseID(Contract, Op, Input) and Corpus path,
// exactly as given. Cases with the same ID are deduplicated, keeping the
// first in the order described on Result.Cases; two such cases whose exact
// expectations disagree (both not ExpectReference, with a different Expect
// or Output) are an error.
//
// Load fails with an *Error wrapping ErrNoLayout when path holds no known
// layout at all, and with an *Error naming the file (and the line, for
// es6numbers files) of any malformed entry: an input without its output, an
// output or outhex file without its input, an outhex file that disagrees with
// its output, an unknown file in a layout directory, a layout with no
// entries, a bad es6numbers line or a NaN or infinite double, and for the
// ed25519/1 layouts malformed JSON (located at its line), a missing member,
// bad hex, or a Wycheproof or CCTV flag the flag policy does not know (named
// with its tcId or number). Directories under path that match no layout are
// returned in Result.Skipped, not as an error.
func Load(path string) (Result, error) {
	info, err := os.Stat(path)
	if err != nil {
		return Result{}, fsError(path, err)
	}
	var all []found
	var skipped []string
	if !info.IsDir() {
		if !isES6Name(filepath.Base(path)) {
			return Result{}, &Error{Path: path, Err: fmt.Errorf("%w: a file must be named es6testfile*.txt or es6testfile*.txt.gz", ErrNoLayout)}
		}
		f, err := loadES6(path, path)
		if err != nil {
			return Result{}, err
		}
		all = append(all, f)
	} else {
		w := walker{corpus: path}
		hit, err := w.walk(path, 0)
		if err != nil {
			return Result{}, err
		}
		if !hit {
			return Result{}, &Error{Path: path, Err: ErrNoLayout}
		}
		all, skipped = w.found, w.skipped
	}
	return assemble(all, skipped)
}

// walker walks a directory tree collecting layouts and skipped directories.
type walker struct {
	corpus  string
	found   []found
	skipped []string
}

// walk records the layouts at dir and beneath it. It reports whether any was
// found; when none was, the caller decides whether dir is skipped.
func (w *walker) walk(dir string, depth int) (bool, error) {
	if depth > maxDepth {
		return false, errorf(dir, 0, "directory nesting exceeds %d (a symbolic link loop?)", maxDepth)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, fsError(dir, err)
	}
	dirs := map[string]bool{}
	var files []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		fi, err := os.Stat(p)
		if err != nil {
			return false, fsError(p, err)
		}
		if fi.IsDir() {
			dirs[e.Name()] = true
		} else if fi.Mode().IsRegular() {
			files = append(files, e.Name())
		}
	}
	consumed := map[string]bool{}
	hit := false

	// Layout 1: input/ and output/ pairs.
	if dirs["input"] || dirs["output"] {
		if !dirs["input"] || !dirs["output"] {
			return false, errorf(dir, 0, "has one of input/ and output/ without the other")
		}
		f, err := loadJCS(dir, w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, f)
		consumed["input"], consumed["output"], consumed["outhex"] = true, true, true
		hit = true
	}
	// Layout 2: es6testfile*.txt[.gz] files.
	for _, name := range files {
		if !isES6Name(name) {
			continue
		}
		f, err := loadES6(filepath.Join(dir, name), w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, f)
		hit = true
	}
	// Layout 3: JSONTestSuite, given test_parsing/ itself or its parent.
	if depth == 0 && filepath.Base(filepath.Clean(dir)) == "test_parsing" {
		f, err := loadJSONTestSuite(dir, w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, f)
		return true, nil
	}
	if dirs["test_parsing"] {
		f, err := loadJSONTestSuite(filepath.Join(dir, "test_parsing"), w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, f)
		consumed["test_parsing"] = true
		hit = true
	}
	// Layouts 4 and 5: ed25519/1's wycheproof/ and speccheck/, given
	// themselves or their parent.
	if load, ok := ed25519Dirs[filepath.Base(filepath.Clean(dir))]; ok && depth == 0 {
		got, err := load(dir, w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, got...)
		return true, nil
	}
	for _, name := range ed25519DirNames() {
		if !dirs[name] {
			continue
		}
		got, err := ed25519Dirs[name](filepath.Join(dir, name), w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, got...)
		consumed[name] = true
		hit = true
	}
	// Layout 6: CCTV's ed25519vectors.json.
	if slices.Contains(files, cctvFile) {
		f, err := loadCCTV(filepath.Join(dir, cctvFile), w.corpus)
		if err != nil {
			return false, err
		}
		w.found = append(w.found, f)
		hit = true
	}

	// Everything else is walked; subdirectories with nothing beneath them
	// are skipped one by one if this directory or a sibling has a layout,
	// or left to the caller to skip as a whole.
	names := make([]string, 0, len(dirs))
	for name := range dirs {
		if !consumed[name] {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var empty []string
	for _, name := range names {
		p := filepath.Join(dir, name)
		got, err := w.walk(p, depth+1)
		if err != nil {
			return false, err
		}
		if got {
			hit = true
		} else {
			empty = append(empty, p)
		}
	}
	if hit {
		w.skipped = append(w.skipped, empty...)
	}
	return hit, nil
}

// assemble orders the layouts, deduplicates their cases and fills Result.
func assemble(all []found, skipped []string) (Result, error) {
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].layout, all[j].layout
		if kindRank[a.Kind] != kindRank[b.Kind] {
			return kindRank[a.Kind] < kindRank[b.Kind]
		}
		return a.Path < b.Path
	})
	sort.Strings(skipped)
	res := Result{Skipped: skipped}
	total := 0
	for _, f := range all {
		total += len(f.cases)
	}
	res.Cases = make([]vectors.Case, 0, total)
	seen := make(map[string]int, total)
	for _, f := range all {
		l := f.layout
		for _, c := range f.cases {
			if i, ok := seen[c.ID]; ok {
				if err := conflict(res.Cases[i], c); err != nil {
					return Result{}, err
				}
				l.Duplicates++
				continue
			}
			seen[c.ID] = len(res.Cases)
			res.Cases = append(res.Cases, c)
			l.Cases++
		}
		res.Duplicates += l.Duplicates
		res.Layouts = append(res.Layouts, l)
	}
	return res, nil
}

// conflict returns an error when two cases with the same ID carry exact
// expectations that disagree.
func conflict(kept, dup vectors.Case) error {
	if kept.Expect == vectors.ExpectReference || dup.Expect == vectors.ExpectReference {
		return nil
	}
	if kept.Expect == dup.Expect && bytes.Equal(kept.Output, dup.Output) && kept.Message == dup.Message {
		return nil
	}
	return errorf(dup.Source, 0, "case %s (%s %s) contradicts %s: expects %s %q, not %s %q",
		dup.ID, dup.Contract, dup.Op, kept.Source, dup.Expect, dup.Output, kept.Expect, kept.Output)
}
