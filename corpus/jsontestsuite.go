package corpus

import (
	"os"
	"path/filepath"

	"conform/vectors"
)

// jsonTestSuiteOps are the operations every JSONTestSuite file is run
// through, in the order its cases appear in Result.Cases.
// strictGrammar is true for the contracts whose grammar is at least as
// strict as RFC 8259, so that every n_ file must be refused. pyjson-ascii/1
// is pinned to CPython's json.loads instead, which accepts NaN, Infinity
// and -Infinity (spec/pyjson-ascii.md): its n_ files defer to the reference
// like its y_ and i_ files.
var jsonTestSuiteOps = [...]struct {
	contract, op  string
	strictGrammar bool
}{
	{"frame/1", "lex", true},
	{contractJCS, opCanonicalize, true},
	{"pyjson-ascii/1", "encode", false},
}

// jsonTestSuitePrefixes maps a JSONTestSuite file prefix to the expectation
// of its cases. The set is closed: a file with any other prefix is an error.
var jsonTestSuitePrefixes = map[string]vectors.Expect{
	// y_: an RFC 8259 parser must accept. The contracts differ from RFC
	// 8259 (frame/1 is stricter, pyjson-ascii/1 accepts NaN), so there is no
	// independent expectation: all implementations must agree with the
	// reference.
	"y_": vectors.ExpectReference,
	// n_: an RFC 8259 parser must refuse, and so must every contract whose
	// grammar is strict; the message is still compared against the
	// reference's.
	"n_": vectors.ExpectRefusedAny,
	// i_: implementation-defined.
	"i_": vectors.ExpectReference,
}

// loadJSONTestSuite reads a KindJSONTestSuite test_parsing/ directory of
// nst/JSONTestSuite (shared/corpora/jsontestsuite/SOURCE.md). Every entry
// must be a regular file named y_*.json, n_*.json or i_*.json; each becomes
// one case per operation in jsonTestSuiteOps, named "jsontestsuite/<file>",
// with the file's bytes as input.
func loadJSONTestSuite(dir, corpus string) (found, error) {
	names, err := listFiles(dir, ".json")
	if err != nil {
		return found{}, err
	}
	if len(names) == 0 {
		return found{}, errorf(dir, 0, "no y_, n_ or i_ .json files")
	}
	f := found{layout: Layout{Kind: KindJSONTestSuite, Path: dir, Entries: len(names)}}
	for _, name := range names {
		p := filepath.Join(dir, name)
		expect, ok := vectors.Expect(""), len(name) > 2
		if ok {
			expect, ok = jsonTestSuitePrefixes[name[:2]]
		}
		if !ok {
			return found{}, errorf(p, 0, "unknown JSONTestSuite prefix: want y_, n_ or i_")
		}
		input, err := os.ReadFile(p)
		if err != nil {
			return found{}, fsError(p, err)
		}
		for _, o := range jsonTestSuiteOps {
			expect := expect
			if expect == vectors.ExpectRefusedAny && !o.strictGrammar {
				expect = vectors.ExpectReference
			}
			f.cases = append(f.cases, vectors.Case{
				ID:       vectors.CaseID(o.contract, o.op, input),
				Name:     "jsontestsuite/" + name,
				Contract: o.contract,
				Op:       o.op,
				Input:    input,
				Expect:   expect,
				Source:   p,
				Corpus:   corpus,
			})
		}
	}
	return f, nil
}
