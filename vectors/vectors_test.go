package vectors

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf8"
)

// refusalTables are the closed refusal tables, copied by hand from the
// "Refusals" section of each spec file. A message here with no vector, or a
// vector with a message not here, fails TestRefusalCoverage.
var refusalTables = map[string][]string{
	// spec/rfc8785.md
	"rfc8785/1": {
		"input begins with a UTF-8 byte order mark",
		"input is not valid UTF-8",
		"input is not valid JSON",
		"nesting exceeds depth 128",
		"duplicate member name",
		"string contains an unpaired surrogate",
		"number is outside the IEEE-754 double range",
	},
	// spec/pyjson-ascii.md
	"pyjson-ascii/1": {
		"input begins with a UTF-8 byte order mark",
		"input is not valid UTF-8",
		"nesting exceeds depth 128",
		"input is not valid JSON",
		"integer literal exceeds 4300 digits",
	},
	// spec/frame.md
	"frame/1": {
		"frame exceeds 262144 bytes",
		"frame begins with a UTF-8 byte order mark",
		"frame is not valid UTF-8",
		"frame is not valid JSON",
		"frame is not a JSON object",
		"frame nesting exceeds depth 16",
		"frame has a duplicate member name",
		"frame number is not 0 or [1-9][0-9]*",
		"frame number exceeds 2^53-1",
		"frame string contains a control character",
		"frame string contains an unpaired surrogate",
	},
	// spec/prim.md
	"prim/1": {
		"input is not valid JSON",
		"value has the wrong JSON type",
		"timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ",
		"timestamp is not a real instant",
		"number is not an integer",
		"integer is out of range",
		"string contains a control character",
		"string contains an unpaired surrogate",
		"string exceeds 256 Unicode scalar values",
		"display text has a character outside U+0020-U+007E",
		"display text is not 1 to 256 characters",
		"set is not strictly ascending by code point",
		"set has a repeated member",
		"tools are not strictly ascending by (name, version)",
		"tools have a repeated (name, version)",
		"base64url is not 43 or 86 characters",
		"base64url has a character outside A-Z a-z 0-9 - _",
		"base64url is not canonical",
	},
	// spec/ticker.md
	"ticker/1": {
		"input is not valid JSON",
		"value is not a string",
		"symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$",
		"equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$",
		"masked label is not 1 to 64 UTF-16 units",
		"masked label contains a control character",
		"masked label contains an unpaired surrogate",
		"masked label has five or more consecutive digits",
		"masked label has a character outside the closed set",
		"masked label has more than four consecutive digits",
	},
	// spec/v8date.md
	"v8date/1": {
		"input is not valid JSON",
		"value is not a string",
		"timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ",
		"timestamp is not a real instant",
		"timestamp is not a real calendar date",
	},
	// spec/ed25519.md
	"ed25519/1": {
		"input is not valid JSON",
		"input is not {key, sig, msg} in lowercase hex",
		"public key is not 32 bytes",
		"signature is not 64 bytes",
		"public key encoding is not canonical",
		"public key has small order",
		"public key is not a point on the curve",
		"signature R has small order",
		"signature S is not below the group order",
		"signature does not verify",
	},
	// spec/digest.md
	"digest/1": {
		"input is not valid JSON",
		"input has the wrong shape",
		"schema id is not 1 to 128 characters from U+0021-U+007E",
		"value cannot be canonicalized",
		"argument number is not an unsigned safe integer",
		"argument string is not a valid string",
		"argument array has more than 32 elements",
		"arguments nest deeper than 8",
		"arguments exceed 65536 canonical bytes",
	},
}

// refusalOps says which operations may give each message, where a spec's
// table has an "operations" column (spec/prim.md, spec/ticker.md,
// spec/digest.md). A contract or message not listed here is not limited.
var refusalOps = map[string]map[string][]string{
	"prim/1": {
		"timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ":           {"timestamp"},
		"timestamp is not a real instant":                     {"timestamp"},
		"number is not an integer":                            {"integer", "positive-integer", "tool-list"},
		"integer is out of range":                             {"integer", "positive-integer", "tool-list"},
		"string contains a control character":                 {"string", "sorted-set", "tool-list"},
		"string contains an unpaired surrogate":               {"string", "sorted-set", "tool-list", "utf8-length"},
		"string exceeds 256 Unicode scalar values":            {"string", "sorted-set", "tool-list"},
		"display text has a character outside U+0020-U+007E":  {"safe-display"},
		"display text is not 1 to 256 characters":             {"safe-display"},
		"set is not strictly ascending by code point":         {"sorted-set"},
		"set has a repeated member":                           {"sorted-set"},
		"tools are not strictly ascending by (name, version)": {"tool-list"},
		"tools have a repeated (name, version)":               {"tool-list"},
		"base64url is not 43 or 86 characters":                {"base64url"},
		"base64url has a character outside A-Z a-z 0-9 - _":   {"base64url"},
		"base64url is not canonical":                          {"base64url"},
	},
	"ticker/1": {
		"symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$":        {"symbol"},
		"equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$": {"equity-ticker"},
		"masked label is not 1 to 64 UTF-16 units":                     {"masked-label-v1", "closed-masked-label"},
		"masked label contains a control character":                    {"masked-label-v1"},
		"masked label contains an unpaired surrogate":                  {"masked-label-v1"},
		"masked label has five or more consecutive digits":             {"masked-label-v1"},
		"masked label has a character outside the closed set":          {"closed-masked-label"},
		"masked label has more than four consecutive digits":           {"closed-masked-label"},
	},
	"digest/1": {
		"schema id is not 1 to 128 characters from U+0021-U+007E": {"digest", "signing-input"},
		"argument number is not an unsigned safe integer":         {"arguments-digest"},
		"argument string is not a valid string":                   {"arguments-digest"},
		"argument array has more than 32 elements":                {"arguments-digest"},
		"arguments nest deeper than 8":                            {"arguments-digest"},
		"arguments exceed 65536 canonical bytes":                  {"arguments-digest"},
	},
}

// exceptionPolicy says, for each contract's messages, which exception tag a
// refused vector must carry (README.md "Exception vocabulary"). Every spec
// says its grammar guard "has no accept path and is never ignored", so
// grammar vectors are tagged "grammar". Every other guard has an Ignored:
// rule (or, for frame duplicates, the default "continue as if the condition
// were false") under which a single-cause vector is accepted, so those
// vectors carry no tag, except where noted below and in exceptionOverrides.
var exceptionPolicy = map[string]map[string]string{
	"rfc8785/1":      {"input is not valid JSON": "grammar"},
	"pyjson-ascii/1": {"input is not valid JSON": "grammar"},
	"frame/1":        {"frame is not valid JSON": "grammar"},
	// spec/README.md, "JSON value inputs": .input is grammar, .type is
	// type-guard, for all five contracts below.
	"prim/1": {
		"input is not valid JSON":       "grammar",
		"value has the wrong JSON type": "type-guard",
		// The shape is the timestamp's grammar: a string not of the shape
		// has no fields to read, and the spec gives it no Ignored rule.
		"timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ": "grammar",
	},
	"ticker/1": {
		"input is not valid JSON": "grammar",
		"value is not a string":   "type-guard",
	},
	"v8date/1": {
		"input is not valid JSON":                   "grammar",
		"value is not a string":                     "type-guard",
		"timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ": "grammar",
	},
	"ed25519/1": {
		"input is not valid JSON":                       "grammar",
		"input is not {key, sig, msg} in lowercase hex": "type-guard",
		// No 32-byte key or 64-byte signature to verify with: a later
		// rule refuses.
		"public key is not 32 bytes": "shadowed",
		"signature is not 64 bytes":  "shadowed",
		// y in [p, p+18]: p and p+1 are blocklisted, the rest reduce to
		// points nobody can sign for (or no point at all).
		"public key encoding is not canonical": "shadowed",
		// spec/ed25519.md: "its vectors carry the exception tag shadowed".
		"public key is not a point on the curve": "shadowed",
	},
	"digest/1": {
		"input is not valid JSON":   "grammar",
		"input has the wrong shape": "type-guard",
	},
}

// exceptionOverrides are the vectors whose tag differs from their message's
// policy above, by "<path>:<name>", each with the reason.
var exceptionOverrides = map[string]string{
	// With the length guard ignored, the alphabet guard refuses '=' or the
	// emoji.
	"prim/base64url.jsonl:length.astral-43-code-points": "shadowed",
	"prim/base64url.jsonl:padded.44":                    "shadowed",
	"prim/base64url.jsonl:padded.88":                    "shadowed",
	// With v8date.instant ignored, day 32 is past every month's length:
	// v8date.calendar refuses it.
	"v8date/parse.jsonl:day32":     "shadowed",
	"v8date/parse.jsonl:apr.day32": "shadowed",
	// x = 0 with the sign bit set does not decode; the review's forgery
	// also has a small-order R.
	"ed25519/verify-key.jsonl:small-order.identity.sign":  "shadowed",
	"ed25519/verify-key.jsonl:small-order.order2.sign":    "shadowed",
	"ed25519/verify-key.jsonl:small-order.review-forgery": "shadowed",
	// Only R = identity can satisfy the cofactorless equation under a
	// full-order key; every other blocklisted R then fails rule 8.
	"ed25519/verify-sig.jsonl:r-small-order.y0":              "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.y0.sign":         "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.identity.sign":   "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.order8a":         "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.order8a.sign":    "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.order8b":         "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.order8b.sign":    "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.order2":          "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.order2.sign":     "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.y-p":             "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.y-p.sign":        "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.y-p-plus-1":      "shadowed",
	"ed25519/verify-sig.jsonl:r-small-order.y-p-plus-1.sign": "shadowed",
	// S = L, L+1, 2^256-1 are no signature's S under the test key: rule 8
	// refuses them.
	"ed25519/verify-sig.jsonl:s-equals-l":        "shadowed",
	"ed25519/verify-sig.jsonl:s-equals-l-plus-1": "shadowed",
	"ed25519/verify-sig.jsonl:s-max":             "shadowed",
	// With the argument guard ignored the walk goes on and JCS refuses
	// (spec/digest.md for the lone surrogate).
	"digest/arguments-digest.jsonl:number.1e400":          "shadowed",
	"digest/arguments-digest.jsonl:string.lone-surrogate": "shadowed",
	"digest/arguments-digest.jsonl:name.lone-surrogate":   "shadowed",
}

// caseFloors are the per-contract case counts that exist now; a change that
// loses vectors fails TestEmbedded.
var caseFloors = map[string]int{
	"rfc8785/1":      312,
	"pyjson-ascii/1": 309,
	"frame/1":        212,
	"prim/1":         381,
	"ticker/1":       206,
	"v8date/1":       76,
	"ed25519/1":      108,
	"digest/1":       190,
}

func loadEmbedded(t *testing.T) []File {
	t.Helper()
	files, err := Load(Embedded())
	if err != nil {
		t.Fatalf("Load(Embedded()): %v", err)
	}
	return files
}

func TestEmbedded(t *testing.T) {
	files := loadEmbedded(t)
	if len(files) == 0 {
		t.Fatal("no vector files")
	}
	count := map[string]int{}
	for _, f := range files {
		if len(f.Cases) == 0 {
			t.Errorf("%s: no cases", f.Path)
		}
		for _, c := range f.Cases {
			count[c.Contract]++
			if !strings.HasPrefix(c.Source, "vectors/"+f.Path+":") {
				t.Errorf("%s: Source %q", c.Name, c.Source)
			}
		}
	}
	for contract, floor := range caseFloors {
		if count[contract] < floor {
			t.Errorf("%s: %d cases, want at least %d", contract, count[contract], floor)
		}
	}
	for contract := range count {
		if _, ok := caseFloors[contract]; !ok {
			t.Errorf("cases for contract %s, which has no floor", contract)
		}
	}
	sum := 0
	for _, n := range count {
		sum += n
	}
	if n := len(Cases(files)); n != sum {
		t.Errorf("Cases: %d", n)
	}
}

func TestEmbeddedVerify(t *testing.T) {
	sum, problems, err := Verify(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	m, err := fs.ReadFile(Embedded(), "MANIFEST")
	if err != nil {
		t.Fatal(err)
	}
	want := sha256.Sum256(m)
	if sum != hex.EncodeToString(want[:]) {
		t.Errorf("manifest hash %s, want %s", sum, hex.EncodeToString(want[:]))
	}
}

func TestRefusalCoverage(t *testing.T) {
	files := loadEmbedded(t)
	seen := map[string]map[string]int{}
	for _, c := range Cases(files) {
		table, ok := refusalTables[c.Contract]
		if !ok {
			t.Errorf("%s: contract %s has no refusal table", c.Source, c.Contract)
			continue
		}
		if c.Expect != ExpectRefused {
			continue
		}
		if !contains(table, c.Message) {
			t.Errorf("%s: message %q is not in %s's refusal table", c.Source, c.Message, c.Contract)
		}
		if ops, limited := refusalOps[c.Contract][c.Message]; limited && !contains(ops, c.Op) {
			t.Errorf("%s: operation %s cannot refuse with %q (only %s)", c.Source, c.Op, c.Message, strings.Join(ops, ", "))
		}
		if seen[c.Contract] == nil {
			seen[c.Contract] = map[string]int{}
		}
		seen[c.Contract][c.Message]++
	}
	for contract, table := range refusalTables {
		for _, m := range table {
			if seen[contract][m] == 0 {
				t.Errorf("%s: no vector refuses with %q", contract, m)
			}
		}
	}
}

func TestExceptionPolicy(t *testing.T) {
	used := map[string]bool{}
	for _, f := range loadEmbedded(t) {
		for _, c := range f.Cases {
			if c.Finding() {
				// A fuzz finding expects whatever the reference answered;
				// it is not aimed at one guard, so it carries no tag.
				continue
			}
			key := f.Path + ":" + c.Name
			want, override := exceptionOverrides[key]
			if override {
				used[key] = true
				if c.Expect != ExpectRefused {
					t.Errorf("%s: %s has an exception override but is not refused", c.Source, c.Name)
				}
			} else {
				want = exceptionPolicy[c.Contract][c.Message]
			}
			if c.Expect != ExpectRefused {
				continue
			}
			if c.Exception != want {
				t.Errorf("%s: %s %q has exception %q, want %q", c.Source, c.Name, c.Message, c.Exception, want)
			}
		}
	}
	for key := range exceptionOverrides {
		if !used[key] {
			t.Errorf("exception override %s names no vector", key)
		}
	}
}

// TestSizeBounds checks that frame/size.jsonl pins the 262144-byte bound at
// the bound and one byte past it, with multibyte fills whose character count
// is far below the byte count.
func TestSizeBounds(t *testing.T) {
	var at, past, multibyteAt, multibytePast int
	for _, c := range Cases(loadEmbedded(t)) {
		if !strings.HasPrefix(c.Source, "vectors/frame/size.jsonl:") {
			continue
		}
		chars := utf8.RuneCount(c.Input)
		switch len(c.Input) {
		case 262144:
			if c.Expect != ExpectOK {
				t.Errorf("%s: %d bytes, expect %s", c.Source, len(c.Input), c.Expect)
			}
			at++
			if chars < 200000 {
				multibyteAt++
			}
		case 262145:
			if c.Expect != ExpectRefused || c.Message != "frame exceeds 262144 bytes" {
				t.Errorf("%s: %d bytes, expect %s %q", c.Source, len(c.Input), c.Expect, c.Message)
			}
			past++
			if chars < 200000 {
				multibytePast++
			}
		default:
			t.Errorf("%s: %d bytes, neither at the bound nor one past it", c.Source, len(c.Input))
		}
	}
	if at == 0 || past == 0 || multibyteAt < 3 || multibytePast < 3 {
		t.Errorf("size vectors: %d at, %d past, %d/%d multibyte", at, past, multibyteAt, multibytePast)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Building malformed vector sets.

const (
	goodHeader  = `{"conform_vectors":1,"contract":"frame/1","op":"lex","behaviour":"objects","description":"Objects."}`
	otherHeader = `{"conform_vectors":1,"contract":"frame/1","op":"lex","behaviour":"syntax","description":"Syntax."}`
)

// line returns a frame/1 case line for input (ASCII, no quotes or
// backslashes), with rest spliced in before the closing brace.
func line(name, input, rest string) string {
	return `{"id":"` + CaseID("frame/1", "lex", []byte(input)) + `","name":"` + name +
		`","input":"` + input + `"` + rest + `}`
}

func okLine(name, input string) string { return line(name, input, `,"expect":"ok","output":""`) }

// manifest returns a MANIFEST listing paths with their true hashes.
func manifest(m fstest.MapFS, paths ...string) string {
	sort.Strings(paths)
	var b strings.Builder
	for _, p := range paths {
		sum := sha256.Sum256(m[p].Data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), p)
	}
	return b.String()
}

// vfs builds a vectors file system from files (path -> content) with a
// MANIFEST listing every .jsonl among them.
func vfs(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	var paths []string
	for p, s := range files {
		m[p] = &fstest.MapFile{Data: []byte(s)}
		if strings.HasSuffix(p, ".jsonl") {
			paths = append(paths, p)
		}
	}
	if _, ok := files["MANIFEST"]; !ok {
		m["MANIFEST"] = &fstest.MapFile{Data: []byte(manifest(m, paths...))}
	}
	return m
}

func TestLoadGood(t *testing.T) {
	m := vfs(map[string]string{
		"frame/objects.jsonl": goodHeader + "\n" + okLine("a", "{}") + "\n" +
			line("b", "[]", `,"expect":"refused","message":"frame is not a JSON object","note":"n"`) + "\n",
	})
	files, err := Load(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || len(files[0].Cases) != 2 {
		t.Fatalf("files %+v", files)
	}
	c := files[0].Cases[1]
	if c.Source != "vectors/frame/objects.jsonl:3" || c.Message != "frame is not a JSON object" ||
		string(c.Input) != "[]" || c.Note != "n" || c.Contract != "frame/1" || c.Op != "lex" {
		t.Errorf("case %+v", c)
	}
	if h := files[0].Header; h != (Header{1, "frame/1", "lex", "objects", "Objects."}) {
		t.Errorf("header %+v", h)
	}
	if _, problems, err := Verify(m); err != nil || len(problems) > 0 {
		t.Errorf("Verify: %v %v", problems, err)
	}
}

// TestLoadNamed checks that a vector set on disk is named by its directory
// in case sources and in every problem, and that a finding stays a finding
// whatever the set is called.
func TestLoadNamed(t *testing.T) {
	good := goodHeader + "\n" + okLine("a", "{}") + "\n"
	finding := `{"conform_vectors":1,"contract":"frame/1","op":"lex","behaviour":"fuzz-lex","description":"Found."}` + "\n" + okLine("f", "[]") + "\n"
	m := vfs(map[string]string{"frame/objects.jsonl": good, FindingsDir + "/frame/fuzz-lex.jsonl": finding})
	files, err := LoadNamed(m, "/tmp/my vectors")
	if err != nil {
		t.Fatal(err)
	}
	cases := Cases(files)
	if len(cases) != 2 {
		t.Fatalf("cases %+v", cases)
	}
	for _, c := range cases {
		want, wantFinding := "/tmp/my vectors/frame/objects.jsonl:2", false
		if c.Name == "f" {
			want, wantFinding = "/tmp/my vectors/findings/frame/fuzz-lex.jsonl:2", true
		}
		if c.Source != want || c.Finding() != wantFinding {
			t.Errorf("case %s: source %q, finding %v; want %q, %v", c.Name, c.Source, c.Finding(), want, wantFinding)
		}
	}
	m["frame/objects.jsonl"] = &fstest.MapFile{Data: []byte(good + okLine("b", "[]") + "\n")}
	_, problems, err := VerifyNamed(m, "mine")
	if err != nil || len(problems) != 1 || !strings.HasPrefix(problems[0], "mine/MANIFEST:2: frame/objects.jsonl has sha256") {
		t.Errorf("VerifyNamed: %q %v", problems, err)
	}
	if _, err := LoadNamed(fstest.MapFS{}, "mine"); err == nil || !strings.HasPrefix(err.Error(), "mine/MANIFEST: ") {
		t.Errorf("LoadNamed without MANIFEST: %v", err)
	}
	m["frame/syntax.jsonl"] = &fstest.MapFile{Data: []byte(good)}
	if _, err := LoadNamed(m, "mine"); err == nil || !strings.Contains(err.Error(), "mine/frame/syntax.jsonl:1: file is not listed in MANIFEST") {
		t.Errorf("LoadNamed with an unlisted file: %v", err)
	}
}

// TestOversizedFilesAreRefusedUnread checks the size bounds of the
// MANIFEST and of a vector file, both by the size the file system reports
// and, when it reports none, by what is read.
func TestOversizedFilesAreRefusedUnread(t *testing.T) {
	good := goodHeader + "\n" + okLine("a", "{}") + "\n"
	big := vfs(map[string]string{"frame/objects.jsonl": good})
	big["MANIFEST"].Data = append(big["MANIFEST"].Data, bytes.Repeat([]byte("#"), maxManifest)...)
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "vectors/MANIFEST: ") || !strings.Contains(err.Error(), "a vector set allows") {
		t.Errorf("Load, MANIFEST over the bound: %v", err)
	}
	if _, _, err := Verify(sizeless{big}); err == nil || !strings.Contains(err.Error(), "more than 1048576 bytes, the most a vector set allows") {
		t.Errorf("Verify, MANIFEST over the bound, size unknown: %v", err)
	}
	huge := vfs(map[string]string{"frame/objects.jsonl": good})
	huge["frame/objects.jsonl"].Data = append([]byte(good), bytes.Repeat([]byte("\n"), maxFile)...)
	if _, problems, _ := Verify(sizeless{huge}); len(problems) != 1 || !strings.Contains(problems[0], "listed file frame/objects.jsonl cannot be read: more than 67108864 bytes") {
		t.Errorf("Verify, vector file over the bound: %q", problems)
	}
}

// TestSpecialFilesAreRefusedUnopened checks that a vector set whose
// MANIFEST or vector file is not a regular file is refused without opening
// it: opening a FIFO blocks until something writes to it, and no signal
// ends that wait.
func TestSpecialFilesAreRefusedUnopened(t *testing.T) {
	good := goodHeader + "\n" + okLine("a", "{}") + "\n"
	m := vfs(map[string]string{"frame/objects.jsonl": good})
	m["frame/objects.jsonl"].Mode = fs.ModeNamedPipe
	if _, problems, _ := Verify(m); len(problems) != 1 || !strings.Contains(problems[0], "listed file frame/objects.jsonl cannot be read: not a regular file (p---------)") {
		t.Errorf("Verify, a vector file that is a pipe: %q", problems)
	}
	m = vfs(map[string]string{"frame/objects.jsonl": good})
	m["MANIFEST"].Mode = fs.ModeDir
	if _, err := Load(m); err == nil || !strings.Contains(err.Error(), "vectors/MANIFEST: not a regular file") {
		t.Errorf("Load, a MANIFEST that is a directory: %v", err)
	}
	// A real FIFO on disk: without the check, Verify never returns.
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "MANIFEST"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, _, err := VerifyNamed(os.DirFS(dir), dir); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), dir+"/MANIFEST: not a regular file") {
			t.Errorf("VerifyNamed, a MANIFEST that is a FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		// Unblock the stuck open, so that the test binary can end.
		if f, err := os.OpenFile(filepath.Join(dir, "MANIFEST"), os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("VerifyNamed opened a FIFO MANIFEST and waited for a writer")
	}
}

// sizeless is a file system whose regular files report no size, as a
// pipe would.
type sizeless struct{ fs.FS }

func (s sizeless) Open(name string) (fs.File, error) {
	f, err := s.FS.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return f, nil
	}
	return sizelessFile{f}, nil
}

type sizelessFile struct{ fs.File }

func (f sizelessFile) Stat() (fs.FileInfo, error) {
	st, err := f.File.Stat()
	if err != nil {
		return nil, err
	}
	return zeroSize{st}, nil
}

type zeroSize struct{ fs.FileInfo }

func (zeroSize) Size() int64 { return 0 }

func TestLoadRefusesMalformed(t *testing.T) {
	const obj = "frame/objects.jsonl"
	one := func(lines ...string) map[string]string {
		return map[string]string{obj: strings.Join(lines, "\n") + "\n"}
	}
	withHex := func(name, hexInput string) string {
		b, _ := hex.DecodeString(hexInput)
		return `{"id":"` + CaseID("frame/1", "lex", b) + `","name":"` + name +
			`","input_hex":"` + hexInput + `","expect":"ok","output":""}`
	}
	tests := []struct {
		name  string
		fsys  fstest.MapFS
		where string // file:line the error must name
		what  string // part of the problem text
	}{
		{"unknown case field", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","colour":"red"`))),
			"vectors/frame/objects.jsonl:2", `unknown field "colour"`},
		{"unknown header field", vfs(one(strings.TrimSuffix(goodHeader, "}")+`,"x":1}`, okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:1", `unknown field "x"`},
		{"missing case field", vfs(one(goodHeader, line("a", "{}", `,"output":""`))),
			"vectors/frame/objects.jsonl:2", `missing field "expect"`},
		{"missing header field", vfs(one(`{"conform_vectors":1,"contract":"frame/1","op":"lex","behaviour":"objects"}`, okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:1", `missing field "description"`},
		{"missing output", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok"`))),
			"vectors/frame/objects.jsonl:2", `needs "output"`},
		{"missing message", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused"`))),
			"vectors/frame/objects.jsonl:2", `needs "message"`},
		{"missing input", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "exactly one of"},
		{"two inputs", vfs(one(goodHeader, line("a", "{}", `,"input_hex":"ff","expect":"ok","output":""`))),
			"vectors/frame/objects.jsonl:2", "exactly one of"},
		{"wrong id", vfs(one(goodHeader, okLine("a", "{}"),
			`{"id":"0000000000000000","name":"b","input":"[]","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:3", "does not match the input"},
		{"id not hex", vfs(one(goodHeader, `{"id":"XYZ","name":"b","input":"[]","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "not 16 lowercase hex"},
		{"crlf", vfs(one(goodHeader, okLine("a", "{}")+"\r", okLine("b", "[]"))),
			"vectors/frame/objects.jsonl:2", "carriage return"},
		{"non-ascii byte", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","note":"caf`+"\u00e9"+`"`))),
			"vectors/frame/objects.jsonl:2", "non-ASCII byte 0xc3"},
		{"no final lf", vfs(map[string]string{obj: goodHeader + "\n" + okLine("a", "{}")}),
			"vectors/frame/objects.jsonl:2", "no final LF"},
		{"blank line", vfs(one(goodHeader, "", okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:2", "empty line"},
		{"unlisted file", func() fstest.MapFS {
			m := vfs(one(goodHeader, okLine("a", "{}")))
			m["frame/extra.jsonl"] = &fstest.MapFile{Data: []byte(otherHeader + "\n" + okLine("b", "[]") + "\n")}
			return m
		}(), "vectors/frame/extra.jsonl:1", "not listed in MANIFEST"},
		{"zero cases", vfs(one(goodHeader)),
			"vectors/frame/objects.jsonl:1", "no cases"},
		{"empty file", vfs(map[string]string{obj: ""}),
			"vectors/frame/objects.jsonl:1", "empty file"},
		{"bad hex", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","input_hex":"zz","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "bad hex"},
		{"odd hex", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","input_hex":"fff","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "bad hex"},
		{"upper hex", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","input_hex":"FF","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "lowercase"},
		{"hex of valid utf-8", vfs(one(goodHeader, withHex("a", "7b7d"))),
			"vectors/frame/objects.jsonl:2", "valid UTF-8"},
		{"bad output hex", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output_hex":"0g"`))),
			"vectors/frame/objects.jsonl:2", "bad hex"},
		{"duplicate id across files", vfs(map[string]string{
			obj:                  goodHeader + "\n" + okLine("a", "{}") + "\n",
			"frame/syntax.jsonl": otherHeader + "\n" + okLine("b", "{}") + "\n",
		}), "vectors/frame/syntax.jsonl:2", "repeats vectors/frame/objects.jsonl:2"},
		{"duplicate name", vfs(one(goodHeader, okLine("a", "{}"), okLine("a", "[]"))),
			"vectors/frame/objects.jsonl:3", `name "a" repeats line 2`},
		{"bad name", vfs(one(goodHeader, okLine("A", "{}"))),
			"vectors/frame/objects.jsonl:2", "does not match"},
		{"duplicate field", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","output":""`))),
			"vectors/frame/objects.jsonl:2", "appears twice"},
		{"not an object", vfs(one(goodHeader, `["a"]`)),
			"vectors/frame/objects.jsonl:2", "not one JSON object"},
		{"invalid json", vfs(one(goodHeader, `{"id":}`)),
			"vectors/frame/objects.jsonl:2", "not one JSON object"},
		{"wrong type", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":1`))),
			"vectors/frame/objects.jsonl:2", "not a string"},
		{"unknown contract", vfs(one(strings.Replace(goodHeader, "frame/1", "frame/2", 1), okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:1", `unknown contract "frame/2"`},
		{"wrong op", vfs(one(strings.Replace(goodHeader, `"lex"`, `"encode"`, 1), okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:1", `no operation "encode"`},
		{"behaviour not the stem", vfs(one(strings.Replace(goodHeader, `"objects"`, `"syntax"`, 1), okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:1", "belongs in frame/syntax.jsonl"},
		{"contract in the wrong directory", vfs(map[string]string{
			"rfc8785/objects.jsonl": goodHeader + "\n" + okLine("a", "{}") + "\n",
		}), "vectors/rfc8785/objects.jsonl:1", "belongs in frame/objects.jsonl"},
		{"format version", vfs(one(strings.Replace(goodHeader, `"conform_vectors":1`, `"conform_vectors":2`, 1), okLine("a", "{}"))),
			"vectors/frame/objects.jsonl:1", "conform_vectors is 2"},
		{"corpus expect", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused-any"`))),
			"vectors/frame/objects.jsonl:2", "for corpora"},
		{"unknown expect", vfs(one(goodHeader, line("a", "{}", `,"expect":"maybe"`))),
			"vectors/frame/objects.jsonl:2", `unknown expect "maybe"`},
		{"exception on ok", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","exception":"grammar"`))),
			"vectors/frame/objects.jsonl:2", "takes no"},
		{"output on refused", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused","message":"m","output":""`))),
			"vectors/frame/objects.jsonl:2", "takes no"},
		{"exception outside vocabulary", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused","message":"m","exception":"flaky"`))),
			"vectors/frame/objects.jsonl:2", "closed vocabulary"},
		{"non-ascii message", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused","message":"\u00e9"`))),
			"vectors/frame/objects.jsonl:2", "printable ASCII"},
		{"lone surrogate escape in input", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input":"\ud800","expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "lone high surrogate"},
		{"lone low surrogate escape in output", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"\udc00"`))),
			"vectors/frame/objects.jsonl:2", "lone low surrogate"},
		{"expand too large", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input_expand":{"prefix":"","fill":"xx","count":999999999,"suffix":""},"expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "expands past"},
		{"expand unknown field", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input_expand":{"prefix":"","fill":"x","count":1,"suffix":"","x":1},"expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", `unknown field "x"`},
		{"expand negative count", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input_expand":{"prefix":"","fill":"x","count":-1,"suffix":""},"expect":"ok","output":""}`)),
			"vectors/frame/objects.jsonl:2", "non-negative integer"},
		{"listed file missing", vfs(map[string]string{
			obj:        goodHeader + "\n" + okLine("a", "{}") + "\n",
			"MANIFEST": strings.Repeat("0", 64) + "  frame/gone.jsonl\n",
		}), "vectors/MANIFEST:1", "cannot be read"},
		{"manifest unsorted", vfs(map[string]string{
			"MANIFEST": strings.Repeat("0", 64) + "  frame/b.jsonl\n" + strings.Repeat("0", 64) + "  frame/a.jsonl\n",
		}), "vectors/MANIFEST:2", "out of order"},
		{"manifest bad line", vfs(map[string]string{"MANIFEST": "not a manifest line\n"}),
			"vectors/MANIFEST:1", "not a line of the form"},
		{"manifest unknown directory", vfs(map[string]string{"MANIFEST": strings.Repeat("0", 64) + "  json/a.jsonl\n"}),
			"vectors/MANIFEST:1", "not in a known contract directory"},
		{"manifest empty", vfs(map[string]string{"MANIFEST": ""}),
			"vectors/MANIFEST:1", "lists no vector files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := Load(tt.fsys)
			if err == nil {
				t.Fatalf("Load accepted it: %d files", len(files))
			}
			if files != nil {
				t.Errorf("Load returned files with an error")
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.where+": ") || !strings.Contains(msg, tt.what) {
				t.Errorf("error does not name %s with %q:\n%s", tt.where, tt.what, msg)
			}
		})
	}
}

func TestLoadNoManifest(t *testing.T) {
	if _, err := Load(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "vectors/MANIFEST") {
		t.Errorf("Load without MANIFEST: %v", err)
	}
	if _, _, err := Verify(fstest.MapFS{}); err == nil {
		t.Error("Verify without MANIFEST succeeded")
	}
}

func TestVerifyProblems(t *testing.T) {
	good := goodHeader + "\n" + okLine("a", "{}") + "\n"
	tests := []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"hash mismatch", func() fstest.MapFS {
			m := vfs(map[string]string{"frame/objects.jsonl": good})
			m["frame/objects.jsonl"] = &fstest.MapFile{Data: []byte(good + okLine("b", "[]") + "\n")}
			return m
		}(), "vectors/MANIFEST:1: frame/objects.jsonl has sha256"},
		{"unlisted", func() fstest.MapFS {
			m := vfs(map[string]string{"frame/objects.jsonl": good})
			m["frame/syntax.jsonl"] = &fstest.MapFile{Data: []byte(good)}
			return m
		}(), "vectors/frame/syntax.jsonl:1: file is not listed in MANIFEST"},
		{"crlf", vfs(map[string]string{"frame/objects.jsonl": strings.ReplaceAll(good, "\n", "\r\n")}),
			"vectors/frame/objects.jsonl:2: carriage return"},
		{"non-ascii", vfs(map[string]string{"frame/objects.jsonl": good + "\u00e9\n"}),
			"vectors/frame/objects.jsonl:3: non-ASCII byte 0xc3"},
		{"no final lf", vfs(map[string]string{"frame/objects.jsonl": strings.TrimSuffix(good, "\n")}),
			"vectors/frame/objects.jsonl:2: no final LF"},
		{"missing file", vfs(map[string]string{"MANIFEST": strings.Repeat("0", 64) + "  frame/gone.jsonl\n"}),
			"vectors/MANIFEST:1: listed file frame/gone.jsonl cannot be read"},
		{"manifest crlf", func() fstest.MapFS {
			m := vfs(map[string]string{"frame/objects.jsonl": good})
			m["MANIFEST"].Data = bytes.ReplaceAll(m["MANIFEST"].Data, []byte("\n"), []byte("\r\n"))
			return m
		}(), "vectors/MANIFEST:1: carriage return"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum, problems, err := Verify(tt.fsys)
			if err != nil {
				t.Fatal(err)
			}
			if len(sum) != 64 {
				t.Errorf("manifest hash %q", sum)
			}
			found := false
			for _, p := range problems {
				found = found || strings.HasPrefix(p, tt.want)
			}
			if !found {
				t.Errorf("no problem starting %q in %q", tt.want, problems)
			}
		})
	}
}

// TestLoadErrorIsBounded checks that a file with very many bad lines gives a
// bounded error.
func TestLoadErrorIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(goodHeader + "\n")
	for i := range 1000 {
		b.WriteString(`{"bad":` + strconv.Itoa(i) + "}\n")
	}
	_, err := Load(vfs(map[string]string{"frame/objects.jsonl": b.String()}))
	if err == nil {
		t.Fatal("accepted")
	}
	if n := strings.Count(err.Error(), "\n"); n > maxProblems+1 {
		t.Errorf("error has %d lines", n+1)
	}
	if !strings.Contains(err.Error(), "more problems") {
		t.Error("error does not say problems were left out")
	}
}

// FuzzLoad checks that Load and Verify never panic, seeded with every
// embedded vector file.
func FuzzLoad(f *testing.F) {
	err := fs.WalkDir(Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Embedded(), p)
		if err != nil {
			return err
		}
		if len(b) > 1<<16 {
			b = b[:1<<16]
		}
		f.Add(b)
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, path := range []string{"frame/objects.jsonl", "rfc8785/numbers.jsonl", "pyjson-ascii/sort.jsonl", "prim/string.jsonl", "digest/digest.jsonl"} {
			m := fstest.MapFS{path: &fstest.MapFile{Data: data}}
			m["MANIFEST"] = &fstest.MapFile{Data: []byte(manifest(m, path))}
			files, err := Load(m)
			if err == nil && len(files) != 1 {
				t.Fatalf("Load: %d files without error", len(files))
			}
			Verify(m)
		}
		Load(fstest.MapFS{"MANIFEST": &fstest.MapFile{Data: data}})
		Verify(fstest.MapFS{"MANIFEST": &fstest.MapFile{Data: data}})
	})
}

// TestLoadMultiOpContract checks a contract with several operations: each
// of its operations loads, in any file of its directory, and an operation
// of another contract is refused.
func TestLoadMultiOpContract(t *testing.T) {
	primLine := func(op, name, input, rest string) string {
		return `{"id":"` + CaseID("prim/1", op, []byte(input)) + `","name":"` + name +
			`","input":"` + input + `"` + rest + `}`
	}
	header := func(op, behaviour string) string {
		return `{"conform_vectors":1,"contract":"prim/1","op":"` + op + `","behaviour":"` + behaviour + `","description":"D."}`
	}
	m := vfs(map[string]string{
		"prim/integer.jsonl":         header("integer", "integer") + "\n" + primLine("integer", "a", "1", `,"expect":"ok","output":"1"`) + "\n",
		"prim/timestamp-shape.jsonl": header("timestamp", "timestamp-shape") + "\n" + primLine("timestamp", "a", "1", `,"expect":"refused","message":"value has the wrong JSON type","exception":"type-guard"`) + "\n",
	})
	files, err := Load(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Cases[0].Op != "integer" || files[1].Cases[0].Op != "timestamp" {
		t.Errorf("files %+v", files)
	}
	bad := vfs(map[string]string{
		"prim/lex.jsonl": header("lex", "lex") + "\n" + primLine("lex", "a", "1", `,"expect":"ok","output":"1"`) + "\n",
	})
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), `vectors/prim/lex.jsonl:1: header: contract prim/1 has no operation "lex" (it has "timestamp", "integer"`) {
		t.Errorf("Load: %v", err)
	}
}
