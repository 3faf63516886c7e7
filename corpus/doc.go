// Package corpus reads third-party test corpora into vectors.Case values, so
// the runner can feed them to every implementation next to the golden
// vectors.
//
// Load recognises six layouts; anything else is either skipped (a
// directory under a parent that matches none) or an error (a path that holds
// no layout at all, or a layout with a malformed entry). A glob that matches
// nothing is an error, never an empty pass.
//
//  1. JCS pairs, KindJCS: a directory with input/ and output/ (and optionally
//     outhex/) subdirectories, as in the cyberphone and gowebpki test data
//     described in shared/corpora/jcs/README.md. Each input/X.json becomes one
//     rfc8785/1 canonicalize case expecting exactly output/X.json.
//  2. ES6 numbers, KindES6Numbers: es6testfile*.txt or es6testfile*.txt.gz
//     files of "ieeehex,expected" lines, the first lines of cyberphone's
//     es6testfile100m (shared/corpora/jcs/README.md). Each line becomes one
//     rfc8785/1 canonicalize case whose input is a non-canonical spelling of
//     the double.
//  3. JSONTestSuite, KindJSONTestSuite: a test_parsing/ directory of y_, n_
//     and i_ files from github.com/nst/JSONTestSuite
//     (shared/corpora/jsontestsuite/SOURCE.md). Each file becomes one case for
//     each of frame/1 lex, rfc8785/1 canonicalize and pyjson-ascii/1 encode.
//
// The other three are the ed25519/1 corpora of
// shared/corpora/ed25519/SOURCE.md. Each entry becomes one ed25519/1 verify
// case whose input is the JSON value input
// {"key":"<hex>","sig":"<hex>","msg":"<hex>"} (members in this order,
// lowercase hex, no whitespace) and whose expectation is the verdict of
// spec/ed25519.md, "Corpora and their verdicts under this policy": ExpectOK
// with empty output, or ExpectRefusedAny.
//
//  4. Wycheproof, KindWycheproof: a wycheproof/ directory of EdDSA verify
//     files, schema eddsa_verify_schema_v1 or the legacy
//     eddsa_verify_schema; one layout per file. The result gives the verdict
//     (acceptable defers to the reference); the flag policy wycheproofFlags
//     knows every flag, and an unknown flag stops the load.
//  5. speccheck, KindSpeccheck: a speccheck/ directory's cases.json, the 12
//     cases of "Taming the many EdDSAs"; the table speccheckVerdicts gives
//     each verdict with its reason.
//  6. CCTV, KindCCTV: an ed25519vectors.json file in any directory; the flag
//     policy cctvFlags decides, and an unknown flag stops the load.
//
// Cases are ordered by layout kind (in the order above, so that cases with an
// exact expected output come before ExpectReference cases with the same
// input), then layout path, then file, then line, and deduplicated by ID
// keeping the first.
package corpus
