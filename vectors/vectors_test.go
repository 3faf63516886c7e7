package vectors

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
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
}

// exceptionPolicy says, for each contract's messages, which exception tag a
// refused vector must carry (README.md "Exception vocabulary"). Every spec
// says its grammar guard "has no accept path and is never ignored", so
// grammar vectors are tagged "grammar". Every other guard has an Ignored:
// rule (or, for frame duplicates, the default "continue as if the condition
// were false") under which a single-cause vector is accepted, so those
// vectors carry no tag.
var exceptionPolicy = map[string]map[string]string{
	"rfc8785/1":      {"input is not valid JSON": "grammar"},
	"pyjson-ascii/1": {"input is not valid JSON": "grammar"},
	"frame/1":        {"frame is not valid JSON": "grammar"},
}

// caseFloors are the per-contract case counts that exist now; a change that
// loses vectors fails TestEmbedded.
var caseFloors = map[string]int{
	"rfc8785/1":      312,
	"pyjson-ascii/1": 309,
	"frame/1":        212,
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
	if n := len(Cases(files)); n != count["rfc8785/1"]+count["pyjson-ascii/1"]+count["frame/1"] {
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
	for _, c := range Cases(loadEmbedded(t)) {
		if c.Expect != ExpectRefused {
			continue
		}
		if want := exceptionPolicy[c.Contract][c.Message]; c.Exception != want {
			t.Errorf("%s: %q has exception %q, want %q", c.Source, c.Message, c.Exception, want)
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
		for _, path := range []string{"frame/objects.jsonl", "rfc8785/numbers.jsonl", "pyjson-ascii/sort.jsonl"} {
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
