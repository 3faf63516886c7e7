package corpus

import (
	"github.com/conform-dev/conform/internal/spec"
)

// layout is one corpus layout Load knows: how it is recognised in a
// directory, the policies it supports, and its loader. Which contracts it
// feeds is the catalogue's business (feedsOf).
type layout struct {
	kind Kind
	// policies are the corpus policies (spec/README.md, "Corpora") the
	// layout's entries make sense under.
	policies []string
	// Exactly one of these says how the layout is recognised:
	//   - pair: a directory with input/ and output/ subdirectories (and
	//     optionally outhex/);
	//   - dir: a directory of this name, given itself or found as a
	//     subdirectory (its files' names are too common to recognise);
	//   - file: a file whose name this reports true for, in any directory.
	pair bool
	dir  string
	file func(name string) bool
	// beside names the directories that come with a dir layout in its
	// upstream corpus and hold no entries conform runs: when the layout's
	// directory is found, these beside it are neither walked nor reported
	// skipped.
	beside []string
	// given is true for a file layout Load may be given as a path itself.
	given bool
	// load reads the layout at path (the directory, or the file) into
	// entries: cases without contract, operation and ID (expand).
	load func(path, corpus string) ([]found, error)
}

// layouts are the known layouts, in the order of their cases in
// Result.Cases: layouts with exact expected outputs first, so that
// deduplication keeps their cases over ExpectReference cases of the same
// input.
var layouts = []layout{
	{kind: KindJCS, policies: []string{spec.PolicyExact, spec.PolicyReference}, pair: true, load: one(loadJCS)},
	{kind: KindES6Numbers, policies: []string{spec.PolicyExact, spec.PolicyReference}, file: isES6Name, given: true, load: one(loadES6)},
	// JSONTestSuite's test_transform/ holds valid inputs without an
	// expectation (shared/corpora/jsontestsuite/SOURCE.md): not run.
	{kind: KindJSONTestSuite, policies: []string{spec.PolicyStrict, spec.PolicyReference}, dir: "test_parsing", beside: []string{"test_transform"}, load: loadJSONTestSuite},
	{kind: KindWycheproof, policies: []string{spec.PolicyVerdict, spec.PolicyReference}, dir: "wycheproof", load: loadWycheproof},
	{kind: KindSpeccheck, policies: []string{spec.PolicyVerdict, spec.PolicyReference}, dir: "speccheck", load: loadSpeccheck},
	{kind: KindCCTV, policies: []string{spec.PolicyVerdict, spec.PolicyReference}, file: isCCTVName, load: one(loadCCTV)},
}

// one adapts a loader of one layout to layout.load.
func one(load func(path, corpus string) (found, error)) func(path, corpus string) ([]found, error) {
	return func(path, corpus string) ([]found, error) {
		f, err := load(path, corpus)
		if err != nil {
			return nil, err
		}
		return []found{f}, nil
	}
}

// rank is the position of kind in layouts.
func rank(kind Kind) int {
	for i, l := range layouts {
		if l.kind == kind {
			return i
		}
	}
	return len(layouts)
}

// layoutOf returns the layout of kind.
func layoutOf(kind Kind) layout {
	return layouts[rank(kind)]
}

// Kinds returns every layout Load knows, in the order of their cases.
func Kinds() []Kind {
	out := make([]Kind, len(layouts))
	for i, l := range layouts {
		out[i] = l.kind
	}
	return out
}
