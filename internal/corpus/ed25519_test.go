package corpus

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/vectors"
)

// ed25519Entry is one corpus entry, read by the tests independently of the
// loader, with the verdict spec/ed25519.md gives it from the file's own
// data (the result, the flags), or none for speccheck.
type ed25519Entry struct {
	name          string
	key, sig, msg []byte
	expect        vectors.Expect
}

// input is the JSON value input the loader must build for e.
func (e ed25519Entry) input() string {
	return fmt.Sprintf(`{"key":"%x","sig":"%x","msg":"%x"}`, e.key, e.sig, e.msg)
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// readWycheproof reads a Wycheproof EdDSA file of either schema.
func readWycheproof(t testing.TB, path string) []ed25519Entry {
	t.Helper()
	var file struct {
		NumberOfTests int `json:"numberOfTests"`
		TestGroups    []struct {
			PublicKey, Key struct{ PK string }
			Tests          []struct {
				TCID             int `json:"tcId"`
				Msg, Sig, Result string
			}
		}
	}
	readJSON(t, path, &file)
	var out []ed25519Entry
	for _, g := range file.TestGroups {
		pk := g.PublicKey.PK + g.Key.PK
		for _, tc := range g.Tests {
			e := ed25519Entry{
				name: "wycheproof/" + filepath.Base(path) + "#" + strconv.Itoa(tc.TCID),
				key:  mustHex(t, pk), sig: mustHex(t, tc.Sig), msg: mustHex(t, tc.Msg),
			}
			switch tc.Result {
			case "valid":
				e.expect = vectors.ExpectOK
			case "invalid":
				e.expect = vectors.ExpectRefusedAny
			default:
				t.Fatalf("%s: result %q", e.name, tc.Result)
			}
			out = append(out, e)
		}
	}
	if len(out) != file.NumberOfTests {
		t.Fatalf("%s: %d tests, numberOfTests %d", path, len(out), file.NumberOfTests)
	}
	return out
}

// readCCTV reads ed25519vectors.json; a vector is refused when it has one
// of the five flags spec/ed25519.md lists.
func readCCTV(t testing.TB, path string) []ed25519Entry {
	t.Helper()
	var vs []struct {
		Number        int
		Key, Sig, Msg string
		Flags         []string
	}
	readJSON(t, path, &vs)
	var out []ed25519Entry
	for _, v := range vs {
		e := ed25519Entry{
			name: "cctv/" + strconv.Itoa(v.Number),
			key:  mustHex(t, v.Key), sig: mustHex(t, v.Sig), msg: []byte(v.Msg),
			expect: vectors.ExpectOK,
		}
		for _, f := range v.Flags {
			switch f {
			case "low_order_A", "non_canonical_A", "low_order_R", "non_canonical_R", "low_order_residue":
				e.expect = vectors.ExpectRefusedAny
			}
		}
		out = append(out, e)
	}
	return out
}

// readSpeccheck reads cases.json, without verdicts.
func readSpeccheck(t testing.TB, path string) []ed25519Entry {
	t.Helper()
	var cs []struct {
		Message string `json:"message"`
		PubKey  string `json:"pub_key"`
		Sig     string `json:"signature"`
	}
	readJSON(t, path, &cs)
	var out []ed25519Entry
	for i, c := range cs {
		out = append(out, ed25519Entry{
			name: "speccheck/" + strconv.Itoa(i),
			key:  mustHex(t, c.PubKey), sig: mustHex(t, c.Sig), msg: mustHex(t, c.Message),
		})
	}
	return out
}

// checkEd25519 checks the cases of one layout against the entries read
// independently: same names in order (dropped duplicates aside), the exact
// input, the verdict, Source, empty output on acceptance. It returns the
// number of accepted and refused cases kept, and of distinct inputs among
// the entries.
func checkEd25519(t *testing.T, l Layout, cases []vectors.Case, entries []ed25519Entry, source func(ed25519Entry) string) (ok, refused, distinct int) {
	t.Helper()
	inputs := map[string]bool{}
	for _, e := range entries {
		inputs[e.input()] = true
	}
	if l.Entries != len(entries) || l.Cases+l.Duplicates != len(entries) {
		t.Errorf("layout %+v, want %d entries", l, len(entries))
	}
	if len(cases) != l.Cases {
		t.Fatalf("%d cases, layout says %d", len(cases), l.Cases)
	}
	i := 0
	for _, e := range entries {
		if i == len(cases) || cases[i].Name != e.name {
			continue // a duplicate of an earlier entry
		}
		c := cases[i]
		i++
		if string(c.Input) != e.input() {
			t.Errorf("%s: input %s, want %s", e.name, c.Input, e.input())
		}
		if c.Contract != "ed25519/1" || c.Op != "verify" || c.Source != source(e) {
			t.Errorf("%s: %s %s from %s", e.name, c.Contract, c.Op, c.Source)
		}
		if e.expect != "" && c.Expect != e.expect {
			t.Errorf("%s: expect %s, want %s", e.name, c.Expect, e.expect)
		}
		switch c.Expect {
		case vectors.ExpectOK:
			ok++
			if c.Output == nil || len(c.Output) != 0 {
				t.Errorf("%s: output %q, want empty", e.name, c.Output)
			}
		case vectors.ExpectRefusedAny:
			refused++
		default:
			t.Errorf("%s: expect %s", e.name, c.Expect)
		}
	}
	if i != len(cases) {
		t.Errorf("case %s not matched to an entry in order", cases[i].Name)
	}
	return ok, refused, len(inputs)
}

func casesOf(res Result, l Layout) []vectors.Case {
	start := 0
	for _, m := range res.Layouts {
		if m == l {
			return res.Cases[start : start+l.Cases]
		}
		start += m.Cases
	}
	return nil
}

func TestWycheproof(t *testing.T) {
	dir := corpusPath(t, "ed25519", "wycheproof")
	v1Path := filepath.Join(dir, "ed25519_test.json")
	legacyPath := filepath.Join(dir, "eddsa_test_legacy.json")
	v1, legacy := readWycheproof(t, v1Path), readWycheproof(t, legacyPath)

	// SOURCE.md: the legacy file is a strict subset of the v1 file, with the
	// same results (its tcIds are numbered differently from 84 on).
	inV1 := map[string]vectors.Expect{}
	for _, e := range v1 {
		inV1[e.input()] = e.expect
	}
	for _, e := range legacy {
		if got, ok := inV1[e.input()]; !ok || got != e.expect {
			t.Errorf("%s: in v1 %v, result %s there, %s here", e.name, ok, got, e.expect)
		}
	}
	if len(legacy) >= len(v1) {
		t.Errorf("legacy %d tests, v1 %d: not a strict subset", len(legacy), len(v1))
	}

	res := mustLoad(t, dir)
	checkInvariants(t, dir, res)
	if len(res.Layouts) != 2 || res.Layouts[0].Path != v1Path || res.Layouts[1].Path != legacyPath {
		t.Fatalf("layouts %+v", res.Layouts)
	}
	src := func(e ed25519Entry) string {
		file, id, _ := strings.Cut(strings.TrimPrefix(e.name, "wycheproof/"), "#")
		return filepath.Join(dir, file) + "#" + id
	}
	ok, refused, distinct := checkEd25519(t, res.Layouts[0], casesOf(res, res.Layouts[0]), v1, src)
	if res.Layouts[0].Cases != distinct {
		t.Errorf("v1: %d cases, want %d distinct tests", res.Layouts[0].Cases, distinct)
	}
	// v1 repeats three inputs under other tcIds (117/119, 118/120, 123/124),
	// and every legacy test is a v1 test.
	if ok != 85 || refused != 63 || res.Layouts[0].Duplicates != 3 {
		t.Errorf("v1: %d ok, %d refused, %d duplicates; want 85, 63, 3", ok, refused, res.Layouts[0].Duplicates)
	}
	checkEd25519(t, res.Layouts[1], casesOf(res, res.Layouts[1]), legacy, src)
	if l := res.Layouts[1]; l.Cases != 0 || l.Duplicates != len(legacy) {
		t.Errorf("legacy layout %+v: want every test a duplicate of v1", l)
	}
}

func TestSpeccheck(t *testing.T) {
	dir := corpusPath(t, "ed25519", "speccheck")
	path := filepath.Join(dir, "cases.json")
	entries := readSpeccheck(t, path)
	// Under the strict policy only case 3 (mixed-order A and R, the
	// cofactorless equation holds) is accepted; TestEd25519Oracle derives
	// every verdict from the bytes.
	for i := range entries {
		entries[i].expect = vectors.ExpectRefusedAny
		if i == 3 {
			entries[i].expect = vectors.ExpectOK
		}
	}
	res := mustLoad(t, dir)
	checkInvariants(t, dir, res)
	if len(res.Layouts) != 1 || res.Layouts[0].Kind != KindSpeccheck || res.Layouts[0].Path != path {
		t.Fatalf("layouts %+v", res.Layouts)
	}
	ok, refused, distinct := checkEd25519(t, res.Layouts[0], res.Cases, entries, func(e ed25519Entry) string {
		return path + "#" + strings.TrimPrefix(e.name, "speccheck/")
	})
	if ok != 1 || refused != 11 || distinct != 12 {
		t.Errorf("%d ok, %d refused, %d distinct; want 1, 11, 12", ok, refused, distinct)
	}
	for _, c := range res.Cases {
		if c.Note == "" {
			t.Errorf("%s: no reason", c.Name)
		}
	}
}

func TestCCTV(t *testing.T) {
	dir := corpusPath(t, "ed25519", "cctv")
	path := filepath.Join(dir, "ed25519vectors.json")
	entries := readCCTV(t, path)
	if len(entries) != 914 {
		t.Errorf("%d vectors, SOURCE.md says 914", len(entries))
	}
	res := mustLoad(t, dir)
	checkInvariants(t, dir, res)
	if len(res.Layouts) != 1 || res.Layouts[0].Kind != KindCCTV || res.Layouts[0].Path != path {
		t.Fatalf("layouts %+v", res.Layouts)
	}
	ok, refused, distinct := checkEd25519(t, res.Layouts[0], res.Cases, entries, func(e ed25519Entry) string {
		return path + "#" + strings.TrimPrefix(e.name, "cctv/")
	})
	if res.Layouts[0].Cases != distinct {
		t.Errorf("%d cases, want %d distinct vectors", res.Layouts[0].Cases, distinct)
	}
	// Six vectors repeat an earlier one, adding only reencoded_k (33/35,
	// 120/123, 165/166, 252/254, 288/289, 338/339); all are refused.
	if ok != 43 || refused != 865 || res.Layouts[0].Duplicates != 6 {
		t.Errorf("%d ok, %d refused, %d duplicates; want 43, 865, 6", ok, refused, res.Layouts[0].Duplicates)
	}
}

// TestEd25519Oracle checks every ed25519/1 verdict the loader gives against
// spec/ed25519.md computed without any implementation of it: the libsodium
// blocklist (from the corpus's JSON, sign bit masked), y < p, S < L, and
// crypto/ed25519.Verify, which is rules 5 and 8 (cofactorless, R compared
// byte for byte, k over the key bytes given) plus S < L, but accepts
// non-canonical and small-order keys. Every accepted case of every layout
// has a key and R outside the blocklist and S < L; every refused case fails
// one of the checks.
func TestEd25519Oracle(t *testing.T) {
	root := corpusPath(t, "ed25519")
	var bl struct{ Entries []struct{ Hex string } }
	readJSON(t, filepath.Join(root, "libsodium_blocklist.json"), &bl)
	if len(bl.Entries) != 7 {
		t.Fatalf("%d blocklist entries, want 7", len(bl.Entries))
	}
	masked := func(b []byte) string {
		m := bytes.Clone(b)
		m[31] &= 0x7f
		return string(m)
	}
	blocked := map[string]bool{}
	for _, e := range bl.Entries {
		blocked[masked(mustHex(t, e.Hex))] = true
	}
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	L, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	le := func(b []byte) *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}

	res := mustLoad(t, root)
	checkInvariants(t, root, res)
	kinds := map[Kind]int{}
	for _, l := range res.Layouts {
		kinds[l.Kind] += l.Cases
	}
	if kinds[KindWycheproof] == 0 || kinds[KindSpeccheck] != 12 || kinds[KindCCTV] == 0 || len(kinds) != 3 {
		t.Fatalf("layouts %+v", res.Layouts)
	}
	for _, c := range res.Cases {
		var in struct{ Key, Sig, Msg string }
		if err := json.Unmarshal(c.Input, &in); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		key, sig, msg := mustHex(t, in.Key), mustHex(t, in.Sig), mustHex(t, in.Msg)
		var why string
		switch {
		case len(key) != 32:
			why = "key length"
		case len(sig) != 64:
			why = "sig length"
		case le(key).SetBit(le(key), 255, 0).Cmp(p) >= 0:
			why = "key not canonical"
		case blocked[masked(key)]:
			why = "key in the blocklist"
		case blocked[masked(sig[:32])]:
			why = "R in the blocklist"
		case le(sig[32:]).Cmp(L) >= 0:
			why = "S >= L"
		case !ed25519.Verify(key, msg, sig):
			why = "crypto/ed25519 refuses"
		}
		if c.Expect == vectors.ExpectOK {
			if len(key) == 32 && blocked[masked(key)] || len(sig) == 64 && le(sig[32:]).Cmp(L) >= 0 {
				t.Errorf("%s: accepted with a blocklisted key or S >= L", c.Name)
			}
			if why != "" {
				t.Errorf("%s: accepted, but %s", c.Name, why)
			}
		} else if why == "" {
			t.Errorf("%s: %s, but passes every check", c.Name, c.Expect)
		}
	}
}

// wycheproofFixture is a v1 Wycheproof file with one group holding tests,
// each a JSON object text.
func wycheproofFixture(tests ...string) string {
	return `{
  "algorithm": "EDDSA",
  "schema": "eddsa_verify_schema_v1.json",
  "numberOfTests": ` + strconv.Itoa(len(tests)) + `,
  "testGroups": [
    {
      "type": "EddsaVerify",
      "publicKey": {"type": "EDDSAPublicKey", "curve": "edwards25519", "keySize": 255, "pk": "` + strings.Repeat("ab", 32) + `"},
      "tests": [
        ` + strings.Join(tests, ",\n        ") + `
      ]
    }
  ]
}
`
}

func wpTest(id int, result, flags string) string {
	return `{"tcId": ` + strconv.Itoa(id) + `, "comment": "", "flags": [` + flags + `], "msg": "00", "sig": "` + strings.Repeat("cd", 64) + `", "result": "` + result + `"}`
}

func cctvFixture(vectors ...string) string {
	return "[\n\t" + strings.Join(vectors, ",\n\t") + "\n]\n"
}

func cctvVec(n int, flags string) string {
	return `{"number": ` + strconv.Itoa(n) + `, "key": "` + strings.Repeat("ab", 32) + `", "sig": "` + strings.Repeat("cd", 64) + `", "msg": "ed25519vectors", "flags": ` + flags + `}`
}

// speccheckFixture returns the real cases.json and cases.txt.
func speccheckFixture(t *testing.T) (jsonText, txt string) {
	t.Helper()
	dir := corpusPath(t, "ed25519", "speccheck")
	j, err := os.ReadFile(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	x, err := os.ReadFile(filepath.Join(dir, "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(j), string(x)
}

func TestEd25519Malformed(t *testing.T) {
	good := wpTest(1, "valid", `"Valid"`)
	specJSON, specTxt := speccheckFixture(t)
	var specCases []json.RawMessage
	if err := json.Unmarshal([]byte(specJSON), &specCases); err != nil {
		t.Fatal(err)
	}
	swapped := append([]json.RawMessage{specCases[1], specCases[0]}, specCases[2:]...)
	swappedJSON, _ := json.Marshal(swapped)

	tests := []struct {
		name  string
		files map[string]string
		path  string // relative to the fixture root; "" is the root
		// where is the file (relative to the root) and line the error must
		// name; substr is part of the cause.
		where  string
		line   int
		substr string
	}{
		{"unknown wycheproof flag", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(good, wpTest(7, "invalid", `"Valid", "NewFlag"`)),
		}, "", "wycheproof/a_test.json", 0, `tcId 7: unknown flag "NewFlag"`},
		{"unknown wycheproof flag, dir given", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(wpTest(3, "valid", `"Ktv2"`)),
		}, "wycheproof", "wycheproof/a_test.json", 0, `tcId 3: unknown flag "Ktv2"`},
		{"wycheproof syntax error", map[string]string{
			"x/wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), `"EddsaVerify",`, `"EddsaVerify"`, 1),
		}, "", "x/wycheproof/a_test.json", 8, "invalid character"},
		{"wycheproof truncated", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(good)[:100],
		}, "", "wycheproof/a_test.json", 5, "unexpected end of JSON input"},
		{"wycheproof type error", map[string]string{
			"wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), `"numberOfTests": 1`, `"numberOfTests": "1"`, 1),
		}, "", "wycheproof/a_test.json", 4, "cannot unmarshal"},
		{"wycheproof missing sig", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(good, `{"tcId": 2, "flags": [], "msg": "", "result": "valid"}`),
		}, "", "wycheproof/a_test.json", 0, `testGroups[0]: tests[1]: missing member "sig"`},
		{"wycheproof null msg", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(`{"tcId": 2, "flags": [], "msg": null, "sig": "", "result": "valid"}`),
		}, "", "wycheproof/a_test.json", 0, `member "msg" is null`},
		{"wycheproof missing flags", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(`{"tcId": 2, "msg": "", "sig": "", "result": "valid"}`),
		}, "", "wycheproof/a_test.json", 0, `missing member "flags"`},
		{"wycheproof missing key", map[string]string{
			"wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), `"publicKey"`, `"key"`, 1),
		}, "", "wycheproof/a_test.json", 0, `testGroups[0]: missing member "publicKey"`},
		{"wycheproof missing schema", map[string]string{
			"wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), `"schema"`, `"Schema_"`, 1),
		}, "", "wycheproof/a_test.json", 0, `missing member "schema"`},
		{"wycheproof unknown schema", map[string]string{
			"wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), "eddsa_verify_schema_v1", "ecdsa_verify_schema_v1", 1),
		}, "", "wycheproof/a_test.json", 0, "unknown Wycheproof schema"},
		{"wycheproof ed448", map[string]string{
			"wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), `"edwards25519", "keySize": 255`, `"edwards448", "keySize": 448`, 1),
		}, "", "wycheproof/a_test.json", 0, "want edwards25519"},
		{"wycheproof unknown result", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(wpTest(4, "maybe", "")),
		}, "", "wycheproof/a_test.json", 0, `tcId 4: unknown result "maybe"`},
		{"wycheproof bad hex", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(`{"tcId": 5, "flags": [], "msg": "0", "sig": "", "result": "valid"}`),
		}, "", "wycheproof/a_test.json", 0, "tcId 5: msg is not hex"},
		{"wycheproof repeated tcId", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(good, strings.Replace(good, `"msg": "00"`, `"msg": "01"`, 1)),
		}, "", "wycheproof/a_test.json", 0, "tcId 1: repeats its tcId"},
		{"wycheproof numberOfTests", map[string]string{
			"wycheproof/a_test.json": strings.Replace(wycheproofFixture(good), `"numberOfTests": 1`, `"numberOfTests": 2`, 1),
		}, "", "wycheproof/a_test.json", 0, "numberOfTests is 2"},
		{"wycheproof stray file", map[string]string{
			"wycheproof/a_test.json": wycheproofFixture(good), "wycheproof/README.md": "",
		}, "", "wycheproof/README.md", 0, "unexpected entry"},
		{"wycheproof empty", map[string]string{"wycheproof/": ""}, "", "wycheproof", 0, "no Wycheproof .json files"},
		{"unknown cctv flag", map[string]string{
			"cctv/ed25519vectors.json": cctvFixture(cctvVec(0, "null"), cctvVec(1, `["low_order_A", "high_order_A"]`)),
		}, "", "cctv/ed25519vectors.json", 0, `number 1: unknown flag "high_order_A"`},
		{"cctv syntax error", map[string]string{
			"ed25519vectors.json": cctvFixture(cctvVec(0, "null"), cctvVec(1, "[")),
		}, "", "ed25519vectors.json", 3, "invalid character"},
		{"cctv missing flags", map[string]string{
			"ed25519vectors.json": cctvFixture(strings.Replace(cctvVec(0, "null"), `, "flags": null`, "", 1)),
		}, "", "ed25519vectors.json", 0, `vector [0]: missing member "flags"`},
		{"cctv missing key", map[string]string{
			"ed25519vectors.json": cctvFixture(cctvVec(0, "[]"), strings.Replace(cctvVec(1, "[]"), `"key"`, `"pk"`, 1)),
		}, "", "ed25519vectors.json", 0, `vector [1]: missing member "key"`},
		{"cctv unknown member", map[string]string{
			"ed25519vectors.json": cctvFixture(strings.Replace(cctvVec(0, "[]"), `"msg"`, `"valid": true, "msg"`, 1)),
		}, "", "ed25519vectors.json", 0, `unknown field "valid"`},
		{"cctv not ascii", map[string]string{
			"ed25519vectors.json": cctvFixture(strings.Replace(cctvVec(8, "[]"), "ed25519vectors", `ed25519vectors \u00e9`, 1)),
		}, "", "ed25519vectors.json", 0, "number 8: msg is not ASCII"},
		{"cctv repeated number", map[string]string{
			"ed25519vectors.json": cctvFixture(cctvVec(2, "[]"), cctvVec(2, `["low_order_A"]`)),
		}, "", "ed25519vectors.json", 0, "number 2: is negative or repeated"},
		{"cctv empty", map[string]string{"ed25519vectors.json": "[]"}, "", "ed25519vectors.json", 0, "no vectors"},
		{"speccheck count", map[string]string{
			"speccheck/cases.json": "[" + string(specCases[0]) + "]",
		}, "", "speccheck/cases.json", 0, "1 cases, want the 12"},
		{"speccheck reordered", map[string]string{
			"speccheck/cases.json": string(swappedJSON),
		}, "", "speccheck/cases.json", 0, "case 0: has id 9d9cd415295d5397, but the verdict table was written for 8914a9642e155e57"},
		{"speccheck missing member", map[string]string{
			"speccheck/cases.json": strings.Replace(specJSON, `"message"`, `"msg"`, 1),
		}, "", "speccheck/cases.json", 0, `case 0: missing member "message"`},
		{"speccheck syntax error", map[string]string{
			"speccheck/cases.json": specJSON[:len(specJSON)-1],
		}, "", "speccheck/cases.json", 1, "unexpected end of JSON input"},
		{"speccheck text disagrees", map[string]string{
			"speccheck/cases.json": specJSON,
			"speccheck/cases.txt":  strings.Replace(specTxt, "pbk=c7176a70", "pbk=c7176a71", 1),
		}, "", "speccheck/cases.txt", 3, "disagrees with case 0"},
		{"speccheck text count", map[string]string{
			"speccheck/cases.json": specJSON,
			"speccheck/cases.txt":  "11" + strings.TrimPrefix(specTxt, "12"),
		}, "", "speccheck/cases.txt", 1, `count "11"`},
		{"speccheck without cases.json", map[string]string{"speccheck/cases.txt": specTxt}, "speccheck", "speccheck/cases.json", 0, "no such file"},
		{"speccheck stray file", map[string]string{
			"speccheck/cases.json": specJSON, "speccheck/notes.md": "",
		}, "", "speccheck/notes.md", 0, "unexpected entry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := write(t, tt.files)
			path := filepath.Join(root, tt.path)
			res, err := load(t, path)
			if err == nil {
				t.Fatalf("Load(%s) = %d cases, no error", tt.path, len(res.Cases))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			where := filepath.Join(root, tt.where)
			if e.Path != where || e.Line != tt.line {
				t.Errorf("error at %s:%d, want %s:%d (%v)", e.Path, e.Line, where, tt.line, err)
			}
			prefix := where + ": "
			if tt.line > 0 {
				prefix = where + ":" + strconv.Itoa(tt.line) + ": "
			}
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.substr) {
				t.Errorf("error %q, want prefix %q and %q", err, prefix, tt.substr)
			}
		})
	}
}

// TestEd25519Fixtures checks what the real files do not show: an
// acceptable result, a refusing CCTV flag next to a neutral one, null
// flags, upper-case hex, the legacy schema, and each layout directory
// given itself.
func TestEd25519Fixtures(t *testing.T) {
	legacy := `{"algorithm": "EDDSA", "schema": "eddsa_verify_schema.json", "numberOfTests": 1, "testGroups": [
  {"type": "EddsaVerify", "key": {"curve": "edwards25519", "keySize": 255, "pk": "` + strings.Repeat("AB", 32) + `", "sk": ""}, "tests": [
    {"tcId": 1, "comment": "", "msg": "FF", "sig": "", "result": "invalid", "flags": ["SignatureMalleability"]}]}]}`
	specJSON, _ := speccheckFixture(t)
	root := write(t, map[string]string{
		"wycheproof/a_test.json":   wycheproofFixture(wpTest(1, "acceptable", `"Ktv"`), strings.Replace(wpTest(2, "valid", ""), `"msg": "00"`, `"msg": ""`, 1)),
		"wycheproof/b_legacy.json": legacy,
		"speccheck/cases.json":     specJSON,
		"c/ed25519vectors.json": cctvFixture(
			cctvVec(0, "null"),
			strings.Replace(cctvVec(1, `["low_order_component_A", "reencoded_k", "low_order_component_R"]`), `"msg": "ed25519vectors"`, `"msg": "x"`, 1),
			strings.Replace(cctvVec(2, `["low_order_component_A", "low_order_residue"]`), `"msg": "ed25519vectors"`, `"msg": "y"`, 1)),
		"other/readme": "",
	})
	res := mustLoad(t, root)
	checkInvariants(t, root, res)
	if want := []string{filepath.Join(root, "other")}; len(res.Skipped) != 1 || res.Skipped[0] != want[0] {
		t.Errorf("skipped %v, want %v", res.Skipped, want)
	}
	got := map[string]vectors.Expect{}
	inputs := map[string]string{}
	for _, c := range res.Cases {
		got[c.Name] = c.Expect
		inputs[c.Name] = string(c.Input)
	}
	want := map[string]vectors.Expect{
		"wycheproof/a_test.json#1":   vectors.ExpectReference,
		"wycheproof/a_test.json#2":   vectors.ExpectOK,
		"wycheproof/b_legacy.json#1": vectors.ExpectRefusedAny,
		"cctv/0":                     vectors.ExpectOK,
		"cctv/1":                     vectors.ExpectOK,
		"cctv/2":                     vectors.ExpectRefusedAny,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: expect %q, want %s", name, got[name], w)
		}
	}
	if in, want := inputs["wycheproof/b_legacy.json#1"], `{"key":"`+strings.Repeat("ab", 32)+`","sig":"","msg":"ff"}`; in != want {
		t.Errorf("legacy input %s, want %s", in, want)
	}
	if in, want := inputs["cctv/1"], `{"key":"`+strings.Repeat("ab", 32)+`","sig":"`+strings.Repeat("cd", 64)+`","msg":"78"}`; in != want {
		t.Errorf("cctv input %s, want %s", in, want)
	}
	kinds := []Kind{}
	for _, l := range res.Layouts {
		kinds = append(kinds, l.Kind)
	}
	if fmt.Sprint(kinds) != "[wycheproof wycheproof speccheck cctv]" {
		t.Errorf("layout kinds %v", kinds)
	}

	// Each layout directory given itself.
	for dir, kind := range map[string]Kind{"wycheproof": KindWycheproof, "speccheck": KindSpeccheck, "c": KindCCTV} {
		p := filepath.Join(root, dir)
		res := mustLoad(t, p)
		checkInvariants(t, p, res)
		if len(res.Layouts) == 0 || res.Layouts[0].Kind != kind || len(res.Skipped) != 0 {
			t.Errorf("%s: layouts %+v, skipped %v", dir, res.Layouts, res.Skipped)
		}
	}
}

// init adds this contract's layouts of shared/corpora to TestParent.
func init() {
	parentLayouts = append(parentLayouts, func(t *testing.T, root string) map[Layout]int {
		want := map[Layout]int{}
		for _, name := range []string{"ed25519_test.json", "eddsa_test_legacy.json"} {
			p := filepath.Join(root, "ed25519", "wycheproof", name)
			want[Layout{Kind: KindWycheproof, Path: p}] = len(readWycheproof(t, p))
		}
		sc := filepath.Join(root, "ed25519", "speccheck", "cases.json")
		want[Layout{Kind: KindSpeccheck, Path: sc}] = len(readSpeccheck(t, sc))
		cctv := filepath.Join(root, "ed25519", "cctv", "ed25519vectors.json")
		want[Layout{Kind: KindCCTV, Path: cctv}] = len(readCCTV(t, cctv))
		return want
	})
}
