// Package corpus reads third-party test corpora into vectors.Case values, so
// the runner can feed them to every implementation next to the golden
// vectors.
//
// Load recognises the layouts of the table layouts (layouts.go); anything
// else is either skipped (a directory under a parent that matches none) or
// an error (a path that holds no layout at all, or a layout with a
// malformed entry). A glob that matches nothing is an error, never an empty
// pass. Each layout reads its entries: an input with the layout's own
// expectation (an exact output, a must-refuse, or none).
//
// Which contract operations a layout feeds, and under which policy, is not
// written here: it is the catalogue's (the "Corpora" table of each
// spec/<name>.md, spec/README.md "Corpora"). Each entry becomes one case per
// (contract, operation) the catalogue feeds with its layout, the policy
// mapping the layout's expectation (feed.go). A layout that only one
// contract's entries make sense for (the input is that contract's JSON
// value input, the verdicts are its policy) lives in that contract's own
// files, corpus/<ident>*.go.
//
// The layouts, in the order of their cases:
//
//  1. JCS pairs, KindJCS: a directory with input/ and output/ (and
//     optionally outhex/) subdirectories, as in the cyberphone and gowebpki
//     test data described in shared/corpora/jcs/README.md. Each input/X.json
//     is an entry expecting exactly output/X.json.
//  2. ES6 numbers, KindES6Numbers: es6testfile*.txt or es6testfile*.txt.gz
//     files of "ieeehex,expected" lines, the first lines of cyberphone's
//     es6testfile100m (shared/corpora/jcs/README.md). Each line is an entry
//     whose input is a non-canonical spelling of the double, expecting
//     exactly its ECMAScript form.
//  3. JSONTestSuite, KindJSONTestSuite: a test_parsing/ directory of y_, n_
//     and i_ files from github.com/nst/JSONTestSuite
//     (shared/corpora/jsontestsuite/SOURCE.md). Each file is an entry; n_
//     files must be refused under the strict policy. The suite's
//     test_transform/ beside it (valid inputs without an expectation) is
//     known and not read: it is neither walked nor reported skipped.
//  4. to 6. KindWycheproof, KindSpeccheck and KindCCTV, the layouts of one
//     contract's own corpora (corpus/<ident>.go says which and how).
//
// Cases are ordered by layout (in the order above, so that cases with an
// exact expected output come before ExpectReference cases with the same
// input), then layout path, then file, then line, then the catalogue's
// order of the operations a layout feeds, and deduplicated by ID keeping
// the first.
package corpus
