package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/vectors"
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
)

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

// Error returns "path:line: cause", or "path: cause" when Line is 0, the
// path escaped (internal/escape) as a name from outside.
func (e *Error) Error() string {
	if e.Line > 0 {
		return escape.Line(e.Path) + ":" + strconv.Itoa(e.Line) + ": " + e.Err.Error()
	}
	return escape.Line(e.Path) + ": " + e.Err.Error()
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
// es6testfile*). Symbolic links are followed. A layout recognised by its
// directory's name (layouts.go) is a layout when given itself or found as a
// subdirectory; one recognised by a file's name is found in any directory.
//
// Each entry becomes one case per (contract, operation) the catalogue feeds
// with its layout (feed.go). Every case gets ID vectors.CaseID(Contract,
// Op, Input) and Corpus path, exactly as given. Cases with the same ID are deduplicated, keeping the
// first in the order described on Result.Cases; two such cases whose exact
// expectations disagree (both not ExpectReference, with a different Expect
// or Output) are an error.
//
// Load fails with an *Error wrapping ErrNoLayout when path holds no known
// layout at all, and with an *Error naming the file (and the line, for
// es6numbers files) of any malformed entry: an input without its output, an
// output or outhex file without its input, an outhex file that disagrees with
// its output, an unknown file in a layout directory, a layout with no
// entries, a bad es6numbers line or a NaN or infinite double, what a
// contract's own layout refuses (corpus/<ident>.go: malformed JSON located
// at its line, a missing member, bad hex, a flag its policy does not know),
// and a catalogue that feeds a layout under a policy the layout does not
// support. Directories under path that match no layout are
// returned in Result.Skipped, not as an error.
//
// Everything is read through internal/infile: a file that is not a
// regular file (a named pipe, a device), given or found, is refused
// without being opened, and each read is bounded (read.go): MaxFile bytes
// per file (and per expanded .gz stream), MaxLines lines per es6numbers
// file, MaxDirEntries names per directory and MaxCases cases in all, each
// checked as it is read and refused with an *Error naming the file and the
// bound.
func Load(path string) (Result, error) {
	info, err := os.Stat(path)
	if err != nil {
		return Result{}, fsError(path, err)
	}
	var all []found
	var skipped []string
	if !info.IsDir() {
		var l *layout
		for i := range layouts {
			if layouts[i].given && layouts[i].file(filepath.Base(path)) {
				l = &layouts[i]
			}
		}
		if l == nil {
			return Result{}, &Error{Path: path, Err: fmt.Errorf("%w: a file must be named es6testfile*.txt or es6testfile*.txt.gz", ErrNoLayout)}
		}
		got, err := loadLayout(*l, path, path)
		if err != nil {
			return Result{}, err
		}
		if err := bounded(path, got, 0); err != nil {
			return Result{}, err
		}
		all = append(all, got...)
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

// loadLayout loads the layout l at path and expands its entries into the
// cases of the contracts the catalogue feeds with it.
func loadLayout(l layout, path, corpus string) ([]found, error) {
	feeds, err := feedsOf(l, path)
	if err != nil {
		return nil, err
	}
	got, err := l.load(path, corpus)
	if err != nil {
		return nil, err
	}
	for i := range got {
		if got[i].cases, err = expand(got[i].cases, feeds); err != nil {
			return nil, err
		}
	}
	return got, nil
}

// walker walks a directory tree collecting layouts and skipped directories.
type walker struct {
	corpus  string
	found   []found
	skipped []string
	cases   int
}

// add keeps the layouts got, found at path, unless they take the cases
// of this load past MaxCases.
func (w *walker) add(path string, got []found) error {
	if err := bounded(path, got, w.cases); err != nil {
		return err
	}
	for _, f := range got {
		w.cases += len(f.cases)
	}
	w.found = append(w.found, got...)
	return nil
}

// bounded fails, naming path, when the cases of got and the before cases
// already loaded come to more than MaxCases.
func bounded(path string, got []found, before int) error {
	n := before
	for _, f := range got {
		n += len(f.cases)
	}
	if n > MaxCases {
		return &Error{Path: path, Err: &infile.TooLargeError{Bound: CasesBound, Unit: "cases"}}
	}
	return nil
}

// walk records the layouts at dir and beneath it. It reports whether any was
// found; when none was, the caller decides whether dir is skipped.
func (w *walker) walk(dir string, depth int) (bool, error) {
	if depth > maxDepth {
		return false, errorf(dir, 0, "directory nesting exceeds %d (a symbolic link loop?)", maxDepth)
	}
	entries, err := infile.ReadDir(dir, dirBound)
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
		} else {
			// A named pipe or a device with a layout's file name is
			// refused, never opened nor passed over unseen.
			for _, l := range layouts {
				if l.file != nil && l.file(e.Name()) {
					return false, fsError(p, &infile.NotRegularError{Mode: fi.Mode()})
				}
			}
		}
	}
	consumed := map[string]bool{}
	hit := false
	// Each layout in the order of layouts: a pair of subdirectories, files
	// of its name, or a directory of its name (given itself, which ends
	// the walk here, or as a subdirectory).
	for _, l := range layouts {
		var at []string
		switch {
		case l.pair:
			if !dirs["input"] && !dirs["output"] {
				continue
			}
			if !dirs["input"] || !dirs["output"] {
				return false, errorf(dir, 0, "has one of input/ and output/ without the other")
			}
			at = []string{dir}
			consumed["input"], consumed["output"], consumed["outhex"] = true, true, true
		case l.file != nil:
			for _, name := range files {
				if l.file(name) {
					at = append(at, filepath.Join(dir, name))
				}
			}
		case depth == 0 && filepath.Base(filepath.Clean(dir)) == l.dir:
			got, err := loadLayout(l, dir, w.corpus)
			if err != nil {
				return false, err
			}
			if err := w.add(dir, got); err != nil {
				return false, err
			}
			return true, nil
		case dirs[l.dir]:
			at = []string{filepath.Join(dir, l.dir)}
			consumed[l.dir] = true
			for _, b := range l.beside {
				consumed[b] = true
			}
		}
		for _, p := range at {
			got, err := loadLayout(l, p, w.corpus)
			if err != nil {
				return false, err
			}
			if err := w.add(p, got); err != nil {
				return false, err
			}
			hit = true
		}
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
		if rank(a.Kind) != rank(b.Kind) {
			return rank(a.Kind) < rank(b.Kind)
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
