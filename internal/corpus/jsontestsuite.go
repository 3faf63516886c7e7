package corpus

import (
	"path/filepath"

	"github.com/conform-dev/conform/internal/vectors"
)

// jsonTestSuitePrefixes maps a JSONTestSuite file prefix to the expectation
// of its entry: what the suite says of an RFC 8259 parser. The set is
// closed: a file with any other prefix is an error. The strict policy keeps
// ExpectRefusedAny and turns the rest into ExpectReference; the reference
// policy turns all of them into ExpectReference (feed.go).
var jsonTestSuitePrefixes = map[string]vectors.Expect{
	// y_: an RFC 8259 parser must accept. The contracts differ from RFC
	// 8259, so there is no independent expectation: all implementations
	// must agree with the reference.
	"y_": vectors.ExpectReference,
	// n_: an RFC 8259 parser must refuse, and so must every contract fed
	// with the strict policy; the message is still compared against the
	// reference's.
	"n_": vectors.ExpectRefusedAny,
	// i_: implementation-defined.
	"i_": vectors.ExpectReference,
}

// loadJSONTestSuite reads a KindJSONTestSuite test_parsing/ directory of
// nst/JSONTestSuite (shared/corpora/jsontestsuite/SOURCE.md). Every entry
// must be a regular file named y_*.json, n_*.json or i_*.json; each is one
// entry, named "jsontestsuite/<file>", with the file's bytes as input.
func loadJSONTestSuite(dir, corpus string) ([]found, error) {
	names, err := listFiles(dir, ".json")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, errorf(dir, 0, "no y_, n_ or i_ .json files")
	}
	f := found{layout: Layout{Kind: KindJSONTestSuite, Path: dir, Entries: len(names)}}
	for _, name := range names {
		p := filepath.Join(dir, name)
		expect, ok := vectors.Expect(""), len(name) > 2
		if ok {
			expect, ok = jsonTestSuitePrefixes[name[:2]]
		}
		if !ok {
			return nil, errorf(p, 0, "unknown JSONTestSuite prefix: want y_, n_ or i_")
		}
		input, err := readFile(p)
		if err != nil {
			return nil, err
		}
		f.cases = append(f.cases, vectors.Case{
			Name:   "jsontestsuite/" + name,
			Input:  input,
			Expect: expect,
			Source: p,
			Corpus: corpus,
		})
	}
	return []found{f}, nil
}
