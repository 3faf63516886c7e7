package vectors

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/conform-dev/conform/internal/spec"
)

// TestMain adds the test contracts the format tests below use to the
// contract table: demo/1 (lex), other/1 (encode) and multi/1 (timestamp,
// integer). None is in the catalogue, so no vector on disk can name them.
func TestMain(m *testing.M) {
	contracts = append(contracts,
		contract{name: "demo/1", ops: []string{"lex"}, dir: "demo", thresholds: map[string]bool{"limit.depth": true, "limit.width": true}},
		contract{name: "other/1", ops: []string{"encode"}, dir: "other"},
		contract{name: "multi/1", ops: []string{"timestamp", "integer"}, dir: "multi"},
	)
	os.Exit(m.Run())
}

func loadEmbedded(t *testing.T) []File {
	t.Helper()
	files, err := Load(Embedded())
	if err != nil {
		t.Fatalf("Load(Embedded()): %v", err)
	}
	return files
}

// TestEmbedded checks the compiled-in set against the catalogue: every
// contract, and every operation of it, has vectors; every vector names a
// contract of the catalogue; every case is named by its file.
func TestEmbedded(t *testing.T) {
	cat := spec.MustLoad()
	files := loadEmbedded(t)
	count := map[[2]string]int{}
	for _, f := range files {
		if len(f.Cases) == 0 {
			t.Errorf("%s: no cases", f.Path)
		}
		for _, c := range f.Cases {
			count[[2]string{c.Contract, c.Op}]++
			if !strings.HasPrefix(c.Source, "vectors/"+f.Path+":") {
				t.Errorf("%s: Source %q", c.Name, c.Source)
			}
			if _, ok := cat.Contract(c.Contract); !ok {
				t.Errorf("%s: contract %s is not in the catalogue", c.Source, c.Contract)
			}
		}
	}
	sum := 0
	for _, k := range cat.Contracts {
		for _, o := range k.Operations {
			n := count[[2]string{k.Contract, o.Op}]
			if n == 0 {
				t.Errorf("%s %s has no vectors", k.Contract, o.Op)
			}
			sum += n
		}
	}
	if n := len(Cases(files)); n != sum {
		t.Errorf("Cases: %d, the catalogue's operations have %d", n, sum)
	}
}

// TestEmbeddedDirs checks the directories compiled in: one per catalogue
// contract, named as ContractDirs says, and the findings directory.
func TestEmbeddedDirs(t *testing.T) {
	entries, err := fs.ReadDir(Embedded(), ".")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != FindingsDir {
			dirs = append(dirs, e.Name())
		}
	}
	var want []string
	for _, k := range spec.MustLoad().Contracts {
		want = append(want, k.Name)
	}
	// The catalogue sorts by versioned name ("x-y/1" before "x/1"), the
	// directory listing by name ("x" before "x-y").
	sorted := append([]string(nil), want...)
	sort.Strings(sorted)
	if strings.Join(dirs, " ") != strings.Join(sorted, " ") {
		t.Errorf("embedded directories %v; the catalogue's contracts %v", dirs, want)
	}
	// TestMain adds the test contracts after the catalogue's.
	if got := ContractDirs(); len(got) < len(want) || strings.Join(got[:len(want)], " ") != strings.Join(want, " ") {
		t.Errorf("ContractDirs() = %v; the catalogue's contracts %v", got, want)
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

// TestRefusalCoverage checks the refused vectors against the catalogue's
// refusal tables: every message is in its contract's table, given by an
// operation the table allows, and every refusal of every table has a
// vector.
func TestRefusalCoverage(t *testing.T) {
	cat := spec.MustLoad()
	seen := map[string]map[string]int{}
	for _, c := range Cases(loadEmbedded(t)) {
		k, ok := cat.Contract(c.Contract)
		if !ok {
			t.Errorf("%s: contract %s is not in the catalogue", c.Source, c.Contract)
			continue
		}
		if c.Expect != ExpectRefused {
			continue
		}
		r, ok := k.Refusal(c.Message)
		if !ok {
			t.Errorf("%s: message %q is not in %s's refusal table", c.Source, c.Message, c.Contract)
			continue
		}
		if !contains(r.Ops, c.Op) {
			t.Errorf("%s: operation %s cannot refuse with %q (only %s)", c.Source, c.Op, c.Message, strings.Join(r.Ops, ", "))
		}
		if seen[c.Contract] == nil {
			seen[c.Contract] = map[string]int{}
		}
		seen[c.Contract][c.Message]++
	}
	for _, k := range cat.Contracts {
		for _, r := range k.Refusals {
			switch n := seen[k.Contract][r.Message]; {
			case r.Exception == Unreachable && n > 0:
				t.Errorf("%s: %d vectors refuse with %q (%s), which the spec declares unreachable", k.Contract, n, r.Message, r.Code)
			case r.Exception != Unreachable && n == 0:
				t.Errorf("%s: no vector refuses with %q (%s)", k.Contract, r.Message, r.Code)
			}
		}
	}
}

// TestUnreachableIsNoVectorTag checks that no vector carries the
// unreachable tag: it is declared per refusal, in the catalogue, never per
// vector (README.md, "Exception vocabulary").
func TestUnreachableIsNoVectorTag(t *testing.T) {
	for _, c := range Cases(loadEmbedded(t)) {
		if c.Exception == Unreachable {
			t.Errorf("%s %s: a vector tagged %s", c.Source, c.Name, Unreachable)
		}
	}
}

// firstFiles returns, for each contract directory of the compiled-in set,
// the first vector file the MANIFEST lists there.
func firstFiles(f *testing.F) []string {
	files, err := Load(Embedded())
	if err != nil {
		f.Fatal(err)
	}
	seen := map[string]bool{}
	var paths []string
	for _, file := range files {
		if dir := path.Dir(file.Path); !seen[dir] {
			seen[dir] = true
			paths = append(paths, file.Path)
		}
	}
	return paths
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
	goodHeader  = `{"conform_vectors":1,"contract":"demo/1","op":"lex","behaviour":"objects","description":"Objects."}`
	otherHeader = `{"conform_vectors":1,"contract":"demo/1","op":"lex","behaviour":"syntax","description":"Syntax."}`
)

// line returns a case line of the test contract demo/1 for input (ASCII, no quotes or
// backslashes), with rest spliced in before the closing brace.
func line(name, input, rest string) string {
	return `{"id":"` + CaseID("demo/1", "lex", []byte(input)) + `","name":"` + name +
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
		"demo/objects.jsonl": goodHeader + "\n" + okLine("a", "{}") + "\n" +
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
	if c.Source != "vectors/demo/objects.jsonl:3" || c.Message != "frame is not a JSON object" ||
		string(c.Input) != "[]" || c.Note != "n" || c.Contract != "demo/1" || c.Op != "lex" {
		t.Errorf("case %+v", c)
	}
	if h := files[0].Header; h != (Header{1, "demo/1", "lex", "objects", "Objects."}) {
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
	finding := `{"conform_vectors":1,"contract":"demo/1","op":"lex","behaviour":"fuzz-lex","description":"Found."}` + "\n" + okLine("f", "[]") + "\n"
	m := vfs(map[string]string{"demo/objects.jsonl": good, FindingsDir + "/demo/fuzz-lex.jsonl": finding})
	files, err := LoadNamed(m, "/tmp/my vectors")
	if err != nil {
		t.Fatal(err)
	}
	cases := Cases(files)
	if len(cases) != 2 {
		t.Fatalf("cases %+v", cases)
	}
	for _, c := range cases {
		want, wantFinding := "/tmp/my vectors/demo/objects.jsonl:2", false
		if c.Name == "f" {
			want, wantFinding = "/tmp/my vectors/findings/demo/fuzz-lex.jsonl:2", true
		}
		if c.Source != want || c.Finding() != wantFinding {
			t.Errorf("case %s: source %q, finding %v; want %q, %v", c.Name, c.Source, c.Finding(), want, wantFinding)
		}
	}
	m["demo/objects.jsonl"] = &fstest.MapFile{Data: []byte(good + okLine("b", "[]") + "\n")}
	_, problems, err := VerifyNamed(m, "mine")
	if err != nil || len(problems) != 1 || !strings.HasPrefix(problems[0], "mine/MANIFEST:1: demo/objects.jsonl has sha256") {
		t.Errorf("VerifyNamed: %q %v", problems, err)
	}
	if _, err := LoadNamed(fstest.MapFS{}, "mine"); err == nil || !strings.HasPrefix(err.Error(), "mine/MANIFEST: ") {
		t.Errorf("LoadNamed without MANIFEST: %v", err)
	}
	m["demo/syntax.jsonl"] = &fstest.MapFile{Data: []byte(good)}
	if _, err := LoadNamed(m, "mine"); err == nil || !strings.Contains(err.Error(), "mine/demo/syntax.jsonl:1: file is not listed in MANIFEST") {
		t.Errorf("LoadNamed with an unlisted file: %v", err)
	}
}

// TestOversizedFilesAreRefusedUnread checks the size bounds of the
// MANIFEST and of a vector file, both by the size the file system reports
// and, when it reports none, by what is read.
func TestOversizedFilesAreRefusedUnread(t *testing.T) {
	good := goodHeader + "\n" + okLine("a", "{}") + "\n"
	big := vfs(map[string]string{"demo/objects.jsonl": good})
	big["MANIFEST"].Data = append(big["MANIFEST"].Data, bytes.Repeat([]byte("#"), maxManifest)...)
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "vectors/MANIFEST: ") || !strings.Contains(err.Error(), "the bound on a vector set's MANIFEST") {
		t.Errorf("Load, MANIFEST over the bound: %v", err)
	}
	if _, _, err := Verify(sizeless{big}); err == nil || !strings.Contains(err.Error(), "more than 1048576 bytes (1 MiB), the bound on a vector set's MANIFEST") {
		t.Errorf("Verify, MANIFEST over the bound, size unknown: %v", err)
	}
	huge := vfs(map[string]string{"demo/objects.jsonl": good})
	huge["demo/objects.jsonl"].Data = append([]byte(good), bytes.Repeat([]byte("\n"), maxFile)...)
	if _, problems, _ := Verify(sizeless{huge}); len(problems) != 1 || !strings.Contains(problems[0], "listed file demo/objects.jsonl cannot be read: more than 67108864 bytes (64 MiB), the bound on a vector file") {
		t.Errorf("Verify, vector file over the bound: %q", problems)
	}
}

// TestSetBoundsAreCheckedWhileReading checks the bounds on a whole set:
// the listed files together (maxSet) and the expanded inputs of its cases
// together (maxInputs), each refused at the file or line that passes it,
// before the rest is read or expanded.
func TestSetBoundsAreCheckedWhileReading(t *testing.T) {
	// Files over maxSet together, each under maxFile: the file that
	// passes the bound is refused by its name.
	pad := strings.Repeat("#", 60<<20)
	files := map[string]string{}
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		files["demo/"+n+".jsonl"] = pad
	}
	m := vfs(files)
	_, problems, _ := Verify(m)
	found := false
	for _, p := range problems {
		found = found || strings.Contains(p, "listed file demo/e.jsonl cannot be read: more than 268435456 bytes (256 MiB), the bound on the vector files of a set together")
	}
	if !found {
		t.Errorf("Verify, files over the set bound: %q", problems)
	}
	// Cases whose expanded inputs pass maxInputs: a few hundred bytes of
	// file, refused at the line that passes the bound, without expanding
	// the lines after it.
	var b strings.Builder
	b.WriteString(goodHeader + "\n")
	for i := range 20 {
		n := 16<<20 - i
		fmt.Fprintf(&b, `{"id":"%s","name":"big-%d","input_expand":{"prefix":"","fill":"a","count":%d,"suffix":""},"expect":"ok","output":""}`+"\n",
			CaseID("demo/1", "lex", bytes.Repeat([]byte("a"), n)), i, n)
	}
	_, err := Load(vfs(map[string]string{"demo/objects.jsonl": b.String()}))
	if err == nil || !strings.Contains(err.Error(), "demo/objects.jsonl:18: the inputs of the set's cases come to more than 268435456 bytes (256 MiB), the bound on the inputs of a vector set's cases together") {
		t.Errorf("Load, inputs over the bound: %.300v", err)
	}
}

// TestSpecialFilesAreRefusedUnopened checks that a vector set whose
// MANIFEST or vector file is not a regular file is refused without opening
// it: opening a FIFO blocks until something writes to it, and no signal
// ends that wait.
func TestSpecialFilesAreRefusedUnopened(t *testing.T) {
	good := goodHeader + "\n" + okLine("a", "{}") + "\n"
	m := vfs(map[string]string{"demo/objects.jsonl": good})
	m["demo/objects.jsonl"].Mode = fs.ModeNamedPipe
	if _, problems, _ := Verify(m); len(problems) != 1 || !strings.Contains(problems[0], "listed file demo/objects.jsonl cannot be read: not a regular file (named pipe)") {
		t.Errorf("Verify, a vector file that is a pipe: %q", problems)
	}
	m = vfs(map[string]string{"demo/objects.jsonl": good})
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
	const obj = "demo/objects.jsonl"
	one := func(lines ...string) map[string]string {
		return map[string]string{obj: strings.Join(lines, "\n") + "\n"}
	}
	withHex := func(name, hexInput string) string {
		b, _ := hex.DecodeString(hexInput)
		return `{"id":"` + CaseID("demo/1", "lex", b) + `","name":"` + name +
			`","input_hex":"` + hexInput + `","expect":"ok","output":""}`
	}
	tests := []struct {
		name  string
		fsys  fstest.MapFS
		where string // file:line the error must name
		what  string // part of the problem text
	}{
		{"unknown case field", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","colour":"red"`))),
			"vectors/demo/objects.jsonl:2", `unknown field "colour"`},
		{"unknown header field", vfs(one(strings.TrimSuffix(goodHeader, "}")+`,"x":1}`, okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:1", `unknown field "x"`},
		{"missing case field", vfs(one(goodHeader, line("a", "{}", `,"output":""`))),
			"vectors/demo/objects.jsonl:2", `missing field "expect"`},
		{"missing header field", vfs(one(`{"conform_vectors":1,"contract":"demo/1","op":"lex","behaviour":"objects"}`, okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:1", `missing field "description"`},
		{"missing output", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok"`))),
			"vectors/demo/objects.jsonl:2", `needs "output"`},
		{"missing message", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused"`))),
			"vectors/demo/objects.jsonl:2", `needs "message"`},
		{"missing input", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "exactly one of"},
		{"two inputs", vfs(one(goodHeader, line("a", "{}", `,"input_hex":"ff","expect":"ok","output":""`))),
			"vectors/demo/objects.jsonl:2", "exactly one of"},
		{"wrong id", vfs(one(goodHeader, okLine("a", "{}"),
			`{"id":"0000000000000000","name":"b","input":"[]","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:3", "does not match the input"},
		{"id not hex", vfs(one(goodHeader, `{"id":"XYZ","name":"b","input":"[]","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "not 16 lowercase hex"},
		{"crlf", vfs(one(goodHeader, okLine("a", "{}")+"\r", okLine("b", "[]"))),
			"vectors/demo/objects.jsonl:2", "carriage return"},
		{"non-ascii byte", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","note":"caf`+"\u00e9"+`"`))),
			"vectors/demo/objects.jsonl:2", "non-ASCII byte 0xc3"},
		{"no final lf", vfs(map[string]string{obj: goodHeader + "\n" + okLine("a", "{}")}),
			"vectors/demo/objects.jsonl:2", "no final LF"},
		{"blank line", vfs(one(goodHeader, "", okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:2", "empty line"},
		{"unlisted file", func() fstest.MapFS {
			m := vfs(one(goodHeader, okLine("a", "{}")))
			m["demo/extra.jsonl"] = &fstest.MapFile{Data: []byte(otherHeader + "\n" + okLine("b", "[]") + "\n")}
			return m
		}(), "vectors/demo/extra.jsonl:1", "not listed in MANIFEST"},
		{"zero cases", vfs(one(goodHeader)),
			"vectors/demo/objects.jsonl:1", "no cases"},
		{"empty file", vfs(map[string]string{obj: ""}),
			"vectors/demo/objects.jsonl:1", "empty file"},
		{"bad hex", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","input_hex":"zz","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "bad hex"},
		{"odd hex", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","input_hex":"fff","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "bad hex"},
		{"upper hex", vfs(one(goodHeader, `{"id":"0000000000000000","name":"a","input_hex":"FF","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "lowercase"},
		{"hex of valid utf-8", vfs(one(goodHeader, withHex("a", "7b7d"))),
			"vectors/demo/objects.jsonl:2", "valid UTF-8"},
		{"bad output hex", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output_hex":"0g"`))),
			"vectors/demo/objects.jsonl:2", "bad hex"},
		{"duplicate id across files", vfs(map[string]string{
			obj:                 goodHeader + "\n" + okLine("a", "{}") + "\n",
			"demo/syntax.jsonl": otherHeader + "\n" + okLine("b", "{}") + "\n",
		}), "vectors/demo/syntax.jsonl:2", "repeats vectors/demo/objects.jsonl:2"},
		{"duplicate name", vfs(one(goodHeader, okLine("a", "{}"), okLine("a", "[]"))),
			"vectors/demo/objects.jsonl:3", `name "a" repeats line 2`},
		{"bad name", vfs(one(goodHeader, okLine("A", "{}"))),
			"vectors/demo/objects.jsonl:2", "does not match"},
		{"duplicate field", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","output":""`))),
			"vectors/demo/objects.jsonl:2", "appears twice"},
		{"not an object", vfs(one(goodHeader, `["a"]`)),
			"vectors/demo/objects.jsonl:2", "not one JSON object"},
		{"invalid json", vfs(one(goodHeader, `{"id":}`)),
			"vectors/demo/objects.jsonl:2", "not one JSON object"},
		{"wrong type", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":1`))),
			"vectors/demo/objects.jsonl:2", "not a string"},
		{"unknown contract", vfs(one(strings.Replace(goodHeader, "demo/1", "demo/2", 1), okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:1", `unknown contract "demo/2"`},
		{"wrong op", vfs(one(strings.Replace(goodHeader, `"lex"`, `"encode"`, 1), okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:1", `no operation "encode"`},
		{"behaviour not the stem", vfs(one(strings.Replace(goodHeader, `"objects"`, `"syntax"`, 1), okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:1", "belongs in demo/syntax.jsonl"},
		{"contract in the wrong directory", vfs(map[string]string{
			"other/objects.jsonl": goodHeader + "\n" + okLine("a", "{}") + "\n",
		}), "vectors/other/objects.jsonl:1", "belongs in demo/objects.jsonl"},
		{"format version", vfs(one(strings.Replace(goodHeader, `"conform_vectors":1`, `"conform_vectors":2`, 1), okLine("a", "{}"))),
			"vectors/demo/objects.jsonl:1", "conform_vectors is 2"},
		{"corpus expect", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused-any"`))),
			"vectors/demo/objects.jsonl:2", "for corpora"},
		{"unknown expect", vfs(one(goodHeader, line("a", "{}", `,"expect":"maybe"`))),
			"vectors/demo/objects.jsonl:2", `unknown expect "maybe"`},
		{"exception on ok", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","exception":"grammar"`))),
			"vectors/demo/objects.jsonl:2", "takes no"},
		{"output on refused", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused","message":"m","output":""`))),
			"vectors/demo/objects.jsonl:2", "takes no"},
		{"at not an array", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","at":"limit.depth"`))),
			"vectors/demo/objects.jsonl:2", "not a non-empty array"},
		{"at empty", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","at":[]`))),
			"vectors/demo/objects.jsonl:2", "not a non-empty array"},
		{"at out of order", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","at":["limit.width","limit.depth"]`))),
			"vectors/demo/objects.jsonl:2", "ascending order"},
		{"at repeated", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","at":["limit.depth","limit.depth"]`))),
			"vectors/demo/objects.jsonl:2", "ascending order"},
		{"at unknown threshold", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"","at":["limit.size"]`))),
			"vectors/demo/objects.jsonl:2", `"limit.size" is not a threshold of demo/1`},
		{"exception outside vocabulary", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused","message":"m","exception":"flaky"`))),
			"vectors/demo/objects.jsonl:2", "closed vocabulary"},
		{"non-ascii message", vfs(one(goodHeader, line("a", "{}", `,"expect":"refused","message":"\u00e9"`))),
			"vectors/demo/objects.jsonl:2", "printable ASCII"},
		{"lone surrogate escape in input", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input":"\ud800","expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "lone high surrogate"},
		{"lone low surrogate escape in output", vfs(one(goodHeader, line("a", "{}", `,"expect":"ok","output":"\udc00"`))),
			"vectors/demo/objects.jsonl:2", "lone low surrogate"},
		{"expand too large", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input_expand":{"prefix":"","fill":"xx","count":999999999,"suffix":""},"expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "expands past"},
		{"expand unknown field", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input_expand":{"prefix":"","fill":"x","count":1,"suffix":"","x":1},"expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", `unknown field "x"`},
		{"expand negative count", vfs(one(goodHeader,
			`{"id":"0000000000000000","name":"a","input_expand":{"prefix":"","fill":"x","count":-1,"suffix":""},"expect":"ok","output":""}`)),
			"vectors/demo/objects.jsonl:2", "non-negative integer"},
		{"listed file missing", vfs(map[string]string{
			obj:        goodHeader + "\n" + okLine("a", "{}") + "\n",
			"MANIFEST": strings.Repeat("0", 64) + "  demo/gone.jsonl\n",
		}), "vectors/MANIFEST:1", "cannot be read"},
		{"manifest unsorted", vfs(map[string]string{
			"MANIFEST": strings.Repeat("0", 64) + "  demo/b.jsonl\n" + strings.Repeat("0", 64) + "  demo/a.jsonl\n",
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
			m := vfs(map[string]string{"demo/objects.jsonl": good})
			m["demo/objects.jsonl"] = &fstest.MapFile{Data: []byte(good + okLine("b", "[]") + "\n")}
			return m
		}(), "vectors/MANIFEST:1: demo/objects.jsonl has sha256"},
		{"unlisted", func() fstest.MapFS {
			m := vfs(map[string]string{"demo/objects.jsonl": good})
			m["demo/syntax.jsonl"] = &fstest.MapFile{Data: []byte(good)}
			return m
		}(), "vectors/demo/syntax.jsonl:1: file is not listed in MANIFEST"},
		{"crlf", vfs(map[string]string{"demo/objects.jsonl": strings.ReplaceAll(good, "\n", "\r\n")}),
			"vectors/demo/objects.jsonl:2: carriage return"},
		{"non-ascii", vfs(map[string]string{"demo/objects.jsonl": good + "\u00e9\n"}),
			"vectors/demo/objects.jsonl:3: non-ASCII byte 0xc3"},
		{"no final lf", vfs(map[string]string{"demo/objects.jsonl": strings.TrimSuffix(good, "\n")}),
			"vectors/demo/objects.jsonl:2: no final LF"},
		{"missing file", vfs(map[string]string{"MANIFEST": strings.Repeat("0", 64) + "  demo/gone.jsonl\n"}),
			"vectors/MANIFEST:1: listed file demo/gone.jsonl cannot be read"},
		{"manifest crlf", func() fstest.MapFS {
			m := vfs(map[string]string{"demo/objects.jsonl": good})
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
	_, err := Load(vfs(map[string]string{"demo/objects.jsonl": b.String()}))
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
	// One vector file of each contract: each seed is tried at every path,
	// so that the seeds of each contract load whole at theirs.
	paths := firstFiles(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, path := range paths {
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
	multiLine := func(op, name, input, rest string) string {
		return `{"id":"` + CaseID("multi/1", op, []byte(input)) + `","name":"` + name +
			`","input":"` + input + `"` + rest + `}`
	}
	header := func(op, behaviour string) string {
		return `{"conform_vectors":1,"contract":"multi/1","op":"` + op + `","behaviour":"` + behaviour + `","description":"D."}`
	}
	m := vfs(map[string]string{
		"multi/integer.jsonl":         header("integer", "integer") + "\n" + multiLine("integer", "a", "1", `,"expect":"ok","output":"1"`) + "\n",
		"multi/timestamp-shape.jsonl": header("timestamp", "timestamp-shape") + "\n" + multiLine("timestamp", "a", "1", `,"expect":"refused","message":"value has the wrong JSON type","exception":"type-guard"`) + "\n",
	})
	files, err := Load(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Cases[0].Op != "integer" || files[1].Cases[0].Op != "timestamp" {
		t.Errorf("files %+v", files)
	}
	bad := vfs(map[string]string{
		"multi/lex.jsonl": header("lex", "lex") + "\n" + multiLine("lex", "a", "1", `,"expect":"ok","output":"1"`) + "\n",
	})
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), `vectors/multi/lex.jsonl:1: header: contract multi/1 has no operation "lex" (it has "timestamp", "integer"`) {
		t.Errorf("Load: %v", err)
	}
}

// TestDeclaredUnreachable checks that DeclaredUnreachable follows the
// catalogue's exception column, and only it.
func TestDeclaredUnreachable(t *testing.T) {
	cat := spec.MustLoad()
	n := 0
	for _, k := range cat.Contracts {
		for _, r := range k.Refusals {
			if got := DeclaredUnreachable(k.Contract, r.Message); got != (r.Exception == Unreachable) {
				t.Errorf("%s %q (%s, exception %q): DeclaredUnreachable %v", k.Contract, r.Message, r.Code, r.Exception, got)
			}
			if r.Exception == Unreachable {
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no refusal of the catalogue is declared unreachable: nothing here is tested")
	}
	if DeclaredUnreachable("no-such/1", "x") {
		t.Error("an unknown contract declares an unreachable refusal")
	}
}
