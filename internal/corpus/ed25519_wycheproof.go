package corpus

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/conform-dev/conform/internal/vectors"
)

// wycheproofSchemas maps each Wycheproof schema the loader reads to the
// member of a test group that holds the public key. Any other schema stops
// the load: its fields may mean something else.
var wycheproofSchemas = map[string]string{
	// testvectors_v1/ed25519_test.json, C2SP/wycheproof @dac1dd4.
	"eddsa_verify_schema_v1.json": "publicKey",
	// testvectors/eddsa_test.json, C2SP/wycheproof @6991f83 (the legacy
	// layout, shipped as eddsa_test_legacy.json).
	"eddsa_verify_schema.json": "key",
}

// wycheproofResults maps a test's result to its expectation when no flag
// refuses it. The set is closed: any other result stops the load.
var wycheproofResults = map[string]vectors.Expect{
	"valid":   vectors.ExpectOK,
	"invalid": vectors.ExpectRefusedAny,
	// acceptable: Wycheproof allows either verdict, so the file gives no
	// independent expectation; every implementation must still give the
	// reference's answer, as for JSONTestSuite's i_ files. Neither pinned
	// file has such a test (Wycheproof's EdDSA files mark every edge case
	// valid or invalid); one in a later file still passes the flag policy
	// first, so a refusing flag would make it ExpectRefusedAny.
	"acceptable": vectors.ExpectReference,
}

// wycheproofFlags is the flag policy for Wycheproof EdDSA verify tests: the
// flags of both pinned files, each mapped to whether it makes ed25519/1
// refuse whatever the test's result. None does (spec/ed25519.md): the valid
// tests use canonical keys and R of full order with S < L, and every flag
// on an invalid test names a defect that rules 2 to 8 of spec/ed25519.md
// refuse already. TestEd25519Oracle checks each verdict against
// crypto/ed25519 and the blocklist.
var wycheproofFlags = flagPolicy{
	// Valid: an ordinary valid signature (tcId 1-9, 71-79), canonical and
	// of full order: accepted.
	"Valid": false,
	// Ktv: a known valid signature (RFC 8032 draft tests, "random test
	// failure" regressions from other libraries, S just under L, overflow
	// in signing). Nothing in its encoding is an edge case: accepted.
	"Ktv": false,
	// TinkOverflow: valid signatures that overflowed Tink's arithmetic; an
	// arithmetic bug, not an encoding edge case: accepted.
	"TinkOverflow": false,
	// InvalidKtv: a known invalid signature (S just above L): refused by
	// rule 7 (S range), as its result says.
	"InvalidKtv": false,
	// InvalidSignature: R and S set to edge values (0, 1, L, p, small-order
	// R): refused by rule 6 (R small order), 7 (S range) or 8 (equation).
	"InvalidSignature": false,
	// InvalidEncoding: R with a flipped bit, R = 0, or y = 1 with the sign
	// of x set: refused by rule 6, or by rule 8, which compares R's bytes
	// exactly.
	"InvalidEncoding": false,
	// SignatureMalleability: S replaced by S + nL, S + 2^253..2^255 or S + p:
	// refused by rule 7 (S range).
	"SignatureMalleability": false,
	// TruncatedSignature, SignatureWithGarbage, CompressedSignature: a
	// signature of 0 to 63 or 65 to 96 bytes: refused by rule 2 (length).
	"TruncatedSignature":   false,
	"SignatureWithGarbage": false,
	"CompressedSignature":  false,
}

// wycheproofFile is the part of a Wycheproof EdDSA verify file the loader
// reads; the groups and tests are decoded one by one, so that an error
// names the test.
type wycheproofFile struct {
	Algorithm     string            `json:"algorithm"`
	Schema        string            `json:"schema"`
	NumberOfTests int               `json:"numberOfTests"`
	TestGroups    []json.RawMessage `json:"testGroups"`
}

// wycheproofGroup is one test group; its key is in PublicKey (schema v1) or
// Key (legacy), per wycheproofSchemas.
type wycheproofGroup struct {
	Type      string            `json:"type"`
	PublicKey json.RawMessage   `json:"publicKey"`
	Key       json.RawMessage   `json:"key"`
	Tests     []json.RawMessage `json:"tests"`
}

type wycheproofKey struct {
	Curve   string `json:"curve"`
	KeySize int    `json:"keySize"`
	PK      string `json:"pk"`
}

type wycheproofTest struct {
	TCID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Msg     string   `json:"msg"`
	Sig     string   `json:"sig"`
	Result  string   `json:"result"`
	Flags   []string `json:"flags"`
}

// loadWycheproof reads a wycheproof/ directory of Wycheproof EdDSA verify
// files (shared/corpora/ed25519/SOURCE.md), one KindWycheproof layout per
// file. Every entry must be a .json file of a schema in wycheproofSchemas,
// for the curve edwards25519. Each test becomes one ed25519/1 verify case
// named "wycheproof/<file>#<tcId>", with Source "<path>#<tcId>": its result
// gives the expectation (wycheproofResults) unless a flag refuses
// (wycheproofFlags). A test with an unknown flag or result, a missing
// member, bad hex or a repeated tcId stops the load, as does a numberOfTests
// that disagrees with the tests.
func loadWycheproof(dir, corpus string) ([]found, error) {
	names, err := listFiles(dir, ".json")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, errorf(dir, 0, "no Wycheproof .json files")
	}
	var all []found
	for _, name := range names {
		f, err := loadWycheproofFile(filepath.Join(dir, name), corpus)
		if err != nil {
			return nil, err
		}
		all = append(all, f)
	}
	return all, nil
}

func loadWycheproofFile(path, corpus string) (found, error) {
	data, err := readFile(path)
	if err != nil {
		return found{}, err
	}
	var file wycheproofFile
	if err := decodeFile(path, data, &file, false, "algorithm", "schema", "numberOfTests", "testGroups"); err != nil {
		return found{}, err
	}
	keyMember, ok := wycheproofSchemas[file.Schema]
	if !ok {
		return found{}, errorf(path, 0, "unknown Wycheproof schema %q: want an EdDSA verify schema", file.Schema)
	}
	if file.Algorithm != "EDDSA" {
		return found{}, errorf(path, 0, "algorithm %q, want EDDSA", file.Algorithm)
	}
	base := filepath.Base(path)
	f := found{layout: Layout{Kind: KindWycheproof, Path: path}}
	tcIDs := map[int]bool{}
	for i, rawGroup := range file.TestGroups {
		at := func(format string, args ...any) error {
			return errorf(path, 0, "testGroups[%d]: %s", i, fmt.Sprintf(format, args...))
		}
		var g wycheproofGroup
		if err := decodeObject(rawGroup, &g, false, "type", keyMember, "tests"); err != nil {
			return found{}, at("%v", err)
		}
		if g.Type != "EddsaVerify" {
			return found{}, at("type %q, want EddsaVerify", g.Type)
		}
		rawKey := g.PublicKey
		if keyMember == "key" {
			rawKey = g.Key
		}
		var k wycheproofKey
		if err := decodeObject(rawKey, &k, false, "curve", "keySize", "pk"); err != nil {
			return found{}, at("%s: %v", keyMember, err)
		}
		if k.Curve != "edwards25519" || k.KeySize != 255 {
			return found{}, at("%s is curve %q of size %d, want edwards25519 of size 255", keyMember, k.Curve, k.KeySize)
		}
		key, err := decodeHex(keyMember+".pk", k.PK)
		if err != nil {
			return found{}, at("%v", err)
		}
		for j, rawTest := range g.Tests {
			var t wycheproofTest
			if err := decodeObject(rawTest, &t, false, "tcId", "msg", "sig", "result", "flags"); err != nil {
				return found{}, at("tests[%d]: %v", j, err)
			}
			c, err := wycheproofCase(key, t)
			if err == nil && tcIDs[t.TCID] {
				err = fmt.Errorf("repeats its tcId")
			}
			if err != nil {
				return found{}, errorf(path, 0, "tcId %d: %v", t.TCID, err)
			}
			tcIDs[t.TCID] = true
			id := strconv.Itoa(t.TCID)
			c.Name = "wycheproof/" + base + "#" + id
			c.Source = path + "#" + id
			c.Corpus = corpus
			f.cases = append(f.cases, c)
		}
	}
	if len(f.cases) != file.NumberOfTests {
		return found{}, errorf(path, 0, "numberOfTests is %d, but the groups hold %d tests", file.NumberOfTests, len(f.cases))
	}
	if len(f.cases) == 0 {
		return found{}, errorf(path, 0, "no tests")
	}
	f.layout.Entries = len(f.cases)
	return f, nil
}

// wycheproofCase returns the case of one test under the group's key,
// without Name, Source and Corpus.
func wycheproofCase(key []byte, t wycheproofTest) (vectors.Case, error) {
	expect, ok := wycheproofResults[t.Result]
	if !ok {
		return vectors.Case{}, fmt.Errorf("unknown result %q: want valid, invalid or acceptable", t.Result)
	}
	refuse, err := wycheproofFlags.refuses(t.Flags)
	if err != nil {
		return vectors.Case{}, err
	}
	if refuse {
		expect = vectors.ExpectRefusedAny
	}
	sig, err := decodeHex("sig", t.Sig)
	if err != nil {
		return vectors.Case{}, err
	}
	msg, err := decodeHex("msg", t.Msg)
	if err != nil {
		return vectors.Case{}, err
	}
	c := verifyEntry(key, sig, msg, expect)
	c.Note = t.Result + ", " + joinFlags(t.Flags)
	if t.Comment != "" {
		c.Note += ": " + t.Comment
	}
	return c, nil
}
