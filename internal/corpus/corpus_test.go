package corpus

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// corpora is shared/corpora, relative to this package's directory. The tests
// fail, never skip, when it is missing.
const corpora = "../../../shared/corpora"

func corpusPath(t testing.TB, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{corpora}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("corpus missing: %v", err)
	}
	return p
}

// load calls Load, turning a panic into a test failure.
func load(t testing.TB, path string) (res Result, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Load(%q) panicked: %v", path, r)
		}
	}()
	return Load(path)
}

func mustLoad(t testing.TB, path string) Result {
	t.Helper()
	res, err := load(t, path)
	if err != nil {
		t.Fatalf("Load(%q): %v", path, err)
	}
	return res
}

// checkInvariants checks what holds of every Result: IDs are CaseID of the
// case's content and unique, Corpus is the loaded path, and the layout counts
// add up.
func checkInvariants(t *testing.T, path string, res Result) {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range res.Cases {
		if c.ID != vectors.CaseID(c.Contract, c.Op, c.Input) {
			t.Errorf("%s: ID %s is not CaseID", c.Source, c.ID)
		}
		if seen[c.ID] {
			t.Errorf("%s: duplicate ID %s", c.Source, c.ID)
		}
		seen[c.ID] = true
		if c.Corpus != path {
			t.Errorf("%s: Corpus %q, want %q", c.Source, c.Corpus, path)
		}
		if c.Name == "" || c.Source == "" {
			t.Errorf("case %s lacks Name or Source", c.ID)
		}
		if c.Expect == vectors.ExpectOK && c.Output == nil {
			t.Errorf("%s: ok case without output", c.Source)
		}
	}
	cases, dups := 0, 0
	for i, l := range res.Layouts {
		cases += l.Cases
		dups += l.Duplicates
		if i > 0 && rank(l.Kind) < rank(res.Layouts[i-1].Kind) {
			t.Errorf("layout %s (%s) after %s", l.Path, l.Kind, res.Layouts[i-1].Kind)
		}
	}
	if cases != len(res.Cases) || dups != res.Duplicates {
		t.Errorf("layouts sum to %d cases, %d duplicates; result has %d, %d", cases, dups, len(res.Cases), res.Duplicates)
	}
}

// feeds returns what the catalogue feeds with a layout of kind, failing
// when it feeds nothing: the tests of a layout need a contract to load it
// for.
func feeds(t testing.TB, kind Kind) []spec.Feed {
	t.Helper()
	f := catalogue.Feeds(string(kind))
	if len(f) == 0 {
		t.Fatalf("the catalogue feeds no contract with %s", kind)
	}
	return f
}

// policyExpect is the expectation a feed's policy gives an entry whose
// layout expects layout (feed.go, expand).
func policyExpect(policy string, layout vectors.Expect) vectors.Expect {
	switch {
	case policy == spec.PolicyReference, policy == spec.PolicyStrict && layout != vectors.ExpectRefusedAny:
		return vectors.ExpectReference
	}
	return layout
}

// jcsInputs lists the stems in input/ of a JCS pairs directory independently of the loader.
func jcsInputs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "input"))
	if err != nil {
		t.Fatal(err)
	}
	var stems []string
	for _, e := range entries {
		stems = append(stems, strings.TrimSuffix(e.Name(), ".json"))
	}
	if len(stems) == 0 {
		t.Fatalf("%s/input is empty", dir)
	}
	return stems
}

func TestJCSPairs(t *testing.T) {
	for _, set := range []string{"cyberphone", "gowebpki"} {
		t.Run(set, func(t *testing.T) {
			dir := corpusPath(t, "jcs", set)
			res := mustLoad(t, dir)
			checkInvariants(t, dir, res)
			stems := jcsInputs(t, dir)
			if len(res.Layouts) != 1 || res.Layouts[0].Kind != KindJCS || res.Layouts[0].Entries != len(stems) {
				t.Fatalf("layouts %+v, want one %s with %d entries", res.Layouts, KindJCS, len(stems))
			}
			fs := feeds(t, KindJCS)
			if len(res.Cases) != len(stems)*len(fs) {
				t.Fatalf("%d cases, want %d", len(res.Cases), len(stems)*len(fs))
			}
			for i, c := range res.Cases {
				stem, f := stems[i/len(fs)], fs[i%len(fs)]
				in, _ := os.ReadFile(filepath.Join(dir, "input", stem+".json"))
				out, _ := os.ReadFile(filepath.Join(dir, "output", stem+".json"))
				if c.Name != set+"/"+stem || c.Contract != f.Contract || c.Op != f.Op || c.Expect != policyExpect(f.Policy, vectors.ExpectOK) {
					t.Errorf("case %d: %s %s %s %s", i, c.Name, c.Contract, c.Op, c.Expect)
				}
				if !bytes.Equal(c.Input, in) || (f.Policy == spec.PolicyExact && !bytes.Equal(c.Output, out)) {
					t.Errorf("%s: input or output bytes differ from the files", c.Name)
				}
				if c.Source != filepath.Join(dir, "input", stem+".json") {
					t.Errorf("%s: Source %q", c.Name, c.Source)
				}
			}
		})
	}
}

// TestCyberphoneOutputs pins the expected bytes of the cyberphone cases
// against outhex/, decoded here, and one literal.
func TestCyberphoneOutputs(t *testing.T) {
	dir := corpusPath(t, "jcs", "cyberphone")
	res := mustLoad(t, dir)
	byName := map[string]vectors.Case{}
	for _, c := range res.Cases {
		byName[c.Name] = c
	}
	for _, stem := range jcsInputs(t, dir) {
		h, err := os.ReadFile(filepath.Join(dir, "outhex", stem+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := hex.DecodeString(strings.NewReplacer(" ", "", "\n", "").Replace(string(h)))
		if err != nil {
			t.Fatal(err)
		}
		if got := byName["cyberphone/"+stem].Output; !bytes.Equal(got, want) {
			t.Errorf("cyberphone/%s: output %q, want %q", stem, got, want)
		}
	}
	want := `[56,{"1":[],"10":null,"d":true}]`
	if got := string(byName["cyberphone/arrays"].Output); got != want {
		t.Errorf("cyberphone/arrays: output %q, want %q", got, want)
	}
}

// es6Line is one line of an es6numbers file, read independently.
type es6Line struct{ hex, expected string }

func readES6(t testing.TB, path string) []es6Line {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	var lines []es6Line
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		h, e, _ := strings.Cut(l, ",")
		lines = append(lines, es6Line{h, e})
	}
	return lines
}

func checkES6(t *testing.T, path string, res Result) {
	t.Helper()
	lines := readES6(t, path)
	distinct := map[string]bool{}
	for _, l := range lines {
		distinct[l.hex] = true
	}
	if len(res.Layouts) != 1 {
		t.Fatalf("layouts %+v, want one", res.Layouts)
	}
	l := res.Layouts[0]
	if l.Kind != KindES6Numbers || l.Entries != len(lines) || l.Cases+l.Duplicates != len(lines) || l.Cases != len(distinct) {
		t.Fatalf("layout %+v, want %d lines of which %d distinct", l, len(lines), len(distinct))
	}
	policy := map[[2]string]string{}
	for _, f := range feeds(t, KindES6Numbers) {
		policy[[2]string{f.Contract, f.Op}] = f.Policy
	}
	if len(policy) != 1 {
		t.Fatalf("the es6numbers checks count one case per line; the catalogue feeds %d operations", len(policy))
	}
	base := filepath.Base(path)
	for _, c := range res.Cases {
		if _, fed := policy[[2]string{c.Contract, c.Op}]; !fed {
			t.Fatalf("%s: %s %s is not fed es6numbers", c.Name, c.Contract, c.Op)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(c.Name, "es6numbers/"+base+":"))
		if err != nil || n < 1 || n > len(lines) {
			t.Fatalf("bad name %q", c.Name)
		}
		if c.Source != path+":"+strconv.Itoa(n) {
			t.Fatalf("%s: Source %q", c.Name, c.Source)
		}
		line := lines[n-1]
		bits, err := strconv.ParseUint(line.hex, 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		x, err := strconv.ParseFloat(string(c.Input), 64)
		if err != nil || math.Float64bits(x) != bits {
			t.Fatalf("%s: input %q parses to %x (%v), want %s", c.Name, c.Input, math.Float64bits(x), err, line.hex)
		}
		if string(c.Output) != line.expected {
			t.Fatalf("%s: output %q, want %q", c.Name, c.Output, line.expected)
		}
		// Canonical output never has an upper-case exponent.
		if bytes.Equal(c.Input, c.Output) || !bytes.Contains(c.Input, []byte("E")) || bytes.Contains(c.Output, []byte("E")) {
			t.Fatalf("%s: input %q, output %q: want a non-canonical input", c.Name, c.Input, c.Output)
		}
		if c.Expect != policyExpect(policy[[2]string{c.Contract, c.Op}], vectors.ExpectOK) {
			t.Fatalf("%s: %s %s %s", c.Name, c.Contract, c.Op, c.Expect)
		}
	}
}

func TestES6Numbers10k(t *testing.T) {
	path := corpusPath(t, "jcs", "es6numbers", "es6testfile_10k.txt")
	res := mustLoad(t, path)
	checkInvariants(t, path, res)
	checkES6(t, path, res)
	// 10,000 lines, 10,000 cases before deduplication; the file repeats six
	// bit patterns (lines 32/167, 68/165, 112/130, 139/140, 141/142,
	// 146/169), each giving the same input.
	if l := res.Layouts[0]; l.Entries != 10000 || l.Cases+l.Duplicates != 10000 {
		t.Errorf("layout %+v, want 10000 lines", l)
	}
	// -0 (line 2) must be written 0, and its input must keep the sign.
	for _, c := range res.Cases {
		if c.Name == "es6numbers/es6testfile_10k.txt:2" {
			if string(c.Output) != "0" || !strings.HasPrefix(string(c.Input), "-0") {
				t.Errorf("-0: input %q output %q", c.Input, c.Output)
			}
			return
		}
	}
	t.Error("no case for line 2 (-0)")
}

func TestES6Numbers100k(t *testing.T) {
	path := corpusPath(t, "jcs", "es6numbers", "es6testfile_100k.txt.gz")
	res := mustLoad(t, path)
	checkInvariants(t, path, res)
	checkES6(t, path, res)
}

func TestJSONTestSuite(t *testing.T) {
	parent := corpusPath(t, "jsontestsuite")
	dir := corpusPath(t, "jsontestsuite", "test_parsing")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]vectors.Expect{}
	contents := map[string]bool{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		contents[string(b)] = true
		switch e.Name()[:2] {
		case "n_":
			want["jsontestsuite/"+e.Name()] = vectors.ExpectRefusedAny
		case "y_", "i_":
			want["jsontestsuite/"+e.Name()] = vectors.ExpectReference
		default:
			t.Fatalf("unexpected file %s", e.Name())
		}
	}
	for _, path := range []string{dir, parent} {
		res := mustLoad(t, path)
		checkInvariants(t, path, res)
		if len(res.Layouts) != 1 || res.Layouts[0].Kind != KindJSONTestSuite || res.Layouts[0].Entries != len(entries) {
			t.Fatalf("%s: layouts %+v", path, res.Layouts)
		}
		fs := feeds(t, KindJSONTestSuite)
		if len(res.Cases) != len(fs)*len(contents) || res.Duplicates != len(fs)*(len(entries)-len(contents)) {
			t.Errorf("%s: %d cases, %d duplicates; want %d, %d", path, len(res.Cases), res.Duplicates, len(fs)*len(contents), len(fs)*(len(entries)-len(contents)))
		}
		policy := map[string]string{}
		for _, f := range fs {
			policy[f.Contract+" "+f.Op] = f.Policy
		}
		ops := map[string]map[string]bool{}
		for _, c := range res.Cases {
			p, fed := policy[c.Contract+" "+c.Op]
			if !fed {
				t.Errorf("%s: %s %s is not fed JSONTestSuite", c.Name, c.Contract, c.Op)
			}
			// n_ binds only the contracts fed with the strict policy.
			if w := policyExpect(p, want[c.Name]); c.Expect != w {
				t.Errorf("%s %s: expect %s, want %s", c.Name, c.Contract, c.Expect, w)
			}
			if ops[c.Name] == nil {
				ops[c.Name] = map[string]bool{}
			}
			ops[c.Name][c.Contract+" "+c.Op] = true
		}
		for name, o := range ops {
			if len(o) != len(policy) {
				t.Errorf("%s: ops %v, want every one of %v", name, o, policy)
			}
		}
		// test_transform/, beside test_parsing/, is the suite's own
		// directory of inputs without expectations: known, not read, and
		// not reported skipped.
		if path == parent && len(res.Skipped) != 0 {
			t.Errorf("skipped %v, want none", res.Skipped)
		}
	}
}

// parentLayouts are the layouts of shared/corpora besides the JCS,
// es6numbers and JSONTestSuite ones, each with its number of entries; a
// contract's own corpus tests add theirs.
var parentLayouts []func(t *testing.T, root string) map[Layout]int

// TestParent loads shared/corpora whole: every layout is found (those of
// parentLayouts too), only jsontestsuite/test_transform is skipped, and the
// result is deterministic.
func TestParent(t *testing.T) {
	root := corpusPath(t)
	res := mustLoad(t, root)
	checkInvariants(t, root, res)

	type key struct {
		kind Kind
		path string
	}
	want := map[key]int{}
	for _, set := range []string{"cyberphone", "gowebpki"} {
		want[key{KindJCS, filepath.Join(root, "jcs", set)}] = len(jcsInputs(t, filepath.Join(root, "jcs", set)))
	}
	es6 := filepath.Join(root, "jcs", "es6numbers")
	entries, err := os.ReadDir(es6)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		p := filepath.Join(es6, e.Name())
		want[key{KindES6Numbers, p}] = len(readES6(t, p))
	}
	tp := filepath.Join(root, "jsontestsuite", "test_parsing")
	entries, err = os.ReadDir(tp)
	if err != nil {
		t.Fatal(err)
	}
	want[key{KindJSONTestSuite, tp}] = len(entries)
	for _, more := range parentLayouts {
		for l, entries := range more(t, root) {
			want[key{l.Kind, l.Path}] = entries
		}
	}

	got := map[key]int{}
	for _, l := range res.Layouts {
		got[key{l.Kind, l.Path}] = l.Entries
		t.Logf("%-13s %-55s entries %6d cases %6d duplicates %5d", l.Kind, l.Path, l.Entries, l.Cases, l.Duplicates)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("layouts %v, want %v", got, want)
	}
	if len(res.Skipped) != 0 {
		t.Errorf("skipped %v, want none (test_transform is known)", res.Skipped)
	}
	// The es6 files sort 100k before 10k, and the 10k file is its prefix.
	for _, l := range res.Layouts {
		if strings.HasSuffix(l.Path, "es6testfile_10k.txt") && l.Cases != 0 {
			t.Errorf("%s: %d cases survive deduplication against the 100k file", l.Path, l.Cases)
		}
	}
	// gowebpki's true/false/null inputs equal JSONTestSuite's
	// y_structure_lonely_*: for an operation both feed, the exact JCS
	// expectation is the one kept.
	exact := map[[2]string]bool{}
	for _, f := range feeds(t, KindJCS) {
		if f.Policy == spec.PolicyExact {
			exact[[2]string{f.Contract, f.Op}] = true
		}
	}
	n := 0
	for _, c := range res.Cases {
		if exact[[2]string{c.Contract, c.Op}] && string(c.Input) == "true" {
			n++
			if c.Expect != vectors.ExpectOK {
				t.Errorf("%s %s \"true\" kept from %s with %s", c.Contract, c.Op, c.Source, c.Expect)
			}
		}
	}
	if len(exact) > 0 && n == 0 {
		t.Error("no case for gowebpki's input true")
	}

	again := mustLoad(t, root)
	if !reflect.DeepEqual(res, again) {
		t.Error("two loads differ")
	}
}

// write creates the files of a fixture tree under a temporary directory. A
// name ending in "/" is an empty directory; a name ending in ".gz" is
// gzip-compressed.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gz") {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write([]byte(content))
			zw.Close()
			content = b.String()
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestMalformed(t *testing.T) {
	const good = "0,0\n1,5e-324\n"
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
		{"bad hex", map[string]string{"es6testfile_a.txt": good + "xyz,1\n"}, "es6testfile_a.txt", "es6testfile_a.txt", 3, "bad hex"},
		{"upper hex", map[string]string{"es6testfile_a.txt": "3FF0000000000000,1\n"}, "", "es6testfile_a.txt", 1, "bad hex"},
		{"long hex", map[string]string{"es6testfile_a.txt": "13ff0000000000000,1\n"}, "", "es6testfile_a.txt", 1, "bad hex"},
		{"leading zero", map[string]string{"es6testfile_a.txt": "01,5e-324\n"}, "", "es6testfile_a.txt", 1, "leading zero"},
		{"missing comma", map[string]string{"es6testfile_a.txt": good + "3ff0000000000000 1\n"}, "", "es6testfile_a.txt", 3, "missing comma"},
		{"empty line", map[string]string{"es6testfile_a.txt": "0,0\n\n1,5e-324\n"}, "", "es6testfile_a.txt", 2, "missing comma"},
		{"crlf", map[string]string{"es6testfile_a.txt": "0,0\r\n"}, "", "es6testfile_a.txt", 1, "not a JSON number"},
		{"nan", map[string]string{"es6testfile_a.txt": good + "7ff8000000000000,NaN\n"}, "", "es6testfile_a.txt", 3, "no JSON form"},
		{"infinity", map[string]string{"es6testfile_a.txt": "fff0000000000000,-Infinity\n"}, "", "es6testfile_a.txt", 1, "no JSON form"},
		{"wrong expected", map[string]string{"es6testfile_a.txt": "3ff0000000000000,2\n"}, "", "es6testfile_a.txt", 1, "does not denote"},
		{"hex float expected", map[string]string{"es6testfile_a.txt": "3ff0000000000000,0x1p0\n"}, "", "es6testfile_a.txt", 1, "not a JSON number"},
		{"negative zero expected", map[string]string{"es6testfile_a.txt": "8000000000000000,-0\n"}, "", "es6testfile_a.txt", 1, "writes 0"},
		{"missing final LF", map[string]string{"es6testfile_a.txt": good + "3ff0000000000000,1"}, "", "es6testfile_a.txt", 3, "lacks its LF"},
		{"empty es6 file", map[string]string{"es6testfile_a.txt": ""}, "", "es6testfile_a.txt", 0, "no lines"},
		{"bad gz line", map[string]string{"es6testfile_a.txt.gz": good + "zz,1\n"}, "", "es6testfile_a.txt.gz", 3, "bad hex"},
		{"es6 name with wrong suffix", map[string]string{"es6testfile_a.txt.gz.x": ""}, "", "", 0, "no known corpus layout"},
		{"input without output", map[string]string{
			"set/input/a.json": "1", "set/output/a.json": "1", "set/input/b.json": "2",
		}, "", "set/input/b.json", 0, "input without output"},
		{"output without input", map[string]string{
			"set/input/a.json": "1", "set/output/a.json": "1", "set/output/b.json": "2",
		}, "", "set/output/b.json", 0, "output without input"},
		{"outhex disagrees", map[string]string{
			"set/input/a.json": "1", "set/output/a.json": "1", "set/outhex/a.txt": "32",
		}, "", "set/outhex/a.txt", 0, "disagrees"},
		{"stray file in input", map[string]string{
			"set/input/a.json": "1", "set/output/a.json": "1", "set/input/README": "",
		}, "", "set/input/README", 0, "unexpected entry"},
		{"input dir without output dir", map[string]string{"set/input/a.json": "1"}, "", "set", 0, "without the other"},
		{"empty input dir", map[string]string{"set/input/": "", "set/output/": ""}, "", "set/input", 0, "no .json input files"},
		{"empty test_parsing", map[string]string{"test_parsing/": ""}, "", "test_parsing", 0, "no y_, n_ or i_"},
		{"unknown prefix", map[string]string{
			"test_parsing/y_a.json": "1", "test_parsing/x_b.json": "1",
		}, "", "test_parsing/x_b.json", 0, "unknown JSONTestSuite prefix"},
		{"test_parsing given", map[string]string{
			"test_parsing/n_a.json": "1", "test_parsing/q_b.json": "1",
		}, "test_parsing", "test_parsing/q_b.json", 0, "unknown JSONTestSuite prefix"},
		{"contradicting outputs", map[string]string{
			"a/input/x.json": "1.0", "a/output/x.json": "1",
			"b/input/y.json": "1.0", "b/output/y.json": "1.0",
		}, "", "b/input/y.json", 0, "contradicts"},
		{"contradicting expectations", map[string]string{
			"a/input/x.json": "[1,]", "a/output/x.json": "[1]",
			"test_parsing/n_x.json": "[1,]",
		}, "", "test_parsing/n_x.json", 0, "contradicts"},
		{"only unknown dirs", map[string]string{"x/y/z.json": "1", "w/readme": ""}, "", "", 0, "no known corpus layout"},
		{"unknown file", map[string]string{"cases.txt": "0,0\n"}, "cases.txt", "cases.txt", 0, "no known corpus layout"},
		{"missing path", map[string]string{}, "nope", "nope", 0, ""},
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

func TestCorruptGzip(t *testing.T) {
	root := write(t, map[string]string{})
	for name, content := range map[string]string{
		"es6testfile_a.txt.gz": "not gzip at all",
		"es6testfile_b.txt.gz": "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff\x33\xd0\x31\xd0", // truncated stream
	} {
		p := filepath.Join(root, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := load(t, p)
		var e *Error
		if !errors.As(err, &e) || e.Path != p {
			t.Errorf("%s: error %v, want one naming the file", name, err)
		}
	}
}

func TestEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := load(t, dir)
	if !errors.Is(err, ErrNoLayout) {
		t.Fatalf("error %v, want ErrNoLayout", err)
	}
	if !strings.HasPrefix(err.Error(), dir+": ") {
		t.Errorf("error %q does not name %s", err, dir)
	}
}

// TestSkipped checks that a directory without layouts under a parent is
// listed once, not as its subdirectories, while a sibling of a layout is
// listed itself.
func TestSkipped(t *testing.T) {
	root := write(t, map[string]string{
		"a/set/input/x.json": "1", "a/set/output/x.json": "1", "a/other/readme": "",
		"b/c/d/readme": "", "b/e/readme": "",
		"f/es6testfile_1.txt": "0,0\n",
	})
	res := mustLoad(t, root)
	checkInvariants(t, root, res)
	want := []string{filepath.Join(root, "a", "other"), filepath.Join(root, "b")}
	if !reflect.DeepEqual(res.Skipped, want) {
		t.Errorf("skipped %v, want %v", res.Skipped, want)
	}
	if len(res.Cases) != 2 || res.Cases[0].Name != "set/x" || res.Cases[1].Name != "es6numbers/es6testfile_1.txt:1" {
		t.Errorf("cases %+v", res.Cases)
	}
}

// TestDuplicatesKeepFirst checks that identical inputs are reported, not
// loaded twice, and that the first in order is kept.
func TestDuplicatesKeepFirst(t *testing.T) {
	root := write(t, map[string]string{
		"es6testfile_a.txt": "3ff0000000000000,1\n0,0\n3ff0000000000000,1\n",
		"es6testfile_b.txt": "0,0\n",
	})
	res := mustLoad(t, root)
	checkInvariants(t, root, res)
	if len(res.Cases) != 2 || res.Duplicates != 2 {
		t.Fatalf("%d cases, %d duplicates; want 2, 2", len(res.Cases), res.Duplicates)
	}
	if res.Cases[0].Name != "es6numbers/es6testfile_a.txt:1" || res.Cases[1].Name != "es6numbers/es6testfile_a.txt:2" {
		t.Errorf("kept %s, %s", res.Cases[0].Name, res.Cases[1].Name)
	}
	if res.Layouts[1].Cases != 0 || res.Layouts[1].Duplicates != 1 {
		t.Errorf("layout b %+v", res.Layouts[1])
	}
}

func TestIsJSONNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"0": true, "-0": true, "1": true, "5e-324": true, "1e+21": true, "-1.5E3": true, "0.001": true,
		"": false, "-": false, "01": false, "1.": false, ".5": false, "+1": false, "1e": false, "1e+": false,
		"NaN": false, "Infinity": false, "0x1p0": false, "1_0": false, " 1": false,
	} {
		if got := isJSONNumber(s); got != want {
			t.Errorf("isJSONNumber(%q) = %v", s, got)
		}
	}
}

func BenchmarkLoad100k(b *testing.B) {
	path := corpusPath(b, "jcs", "es6numbers", "es6testfile_100k.txt.gz")
	for b.Loop() {
		res, err := Load(path)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Cases) == 0 {
			b.Fatal("no cases")
		}
	}
}

// TestCatalogueFeeds checks the catalogue's Corpora tables against the
// layouts: each row names a known layout and a policy it supports.
func TestCatalogueFeeds(t *testing.T) {
	known := map[Kind]layout{}
	for _, l := range layouts {
		known[l.kind] = l
	}
	for _, name := range catalogue.Layouts() {
		l, ok := known[Kind(name)]
		if !ok {
			t.Errorf("the catalogue names the layout %q; corpus knows %v", name, Kinds())
			continue
		}
		if _, err := feedsOf(l, name); err != nil {
			t.Error(err)
		}
	}
}

// TestUnsupportedPolicy checks that a catalogue feeding a layout with a
// policy it does not support stops the load, naming the layout.
func TestUnsupportedPolicy(t *testing.T) {
	saved := catalogue
	defer func() { catalogue = saved }()
	k := spec.Contract{Contract: "demo/1", Name: "demo", Version: 1,
		Operations: []spec.Operation{{Op: "run", Input: spec.InputBytes}},
		Corpora:    []spec.Corpus{{Layout: string(KindJSONTestSuite), Op: "run", Policy: spec.PolicyExact}}}
	catalogue = spec.Catalogue{Format: spec.FormatVersion, Contracts: []spec.Contract{k}}
	dir := corpusPath(t, "jsontestsuite", "test_parsing")
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "demo/1 run with the exact policy") {
		t.Errorf("Load: %v", err)
	}
}

// loadWithin runs Load in a goroutine and fails the test if it has not
// returned within 10 s: a load that opened a named pipe would wait for a
// writer for ever.
func loadWithin(t *testing.T, path string) (Result, error) {
	t.Helper()
	type res struct {
		r   Result
		err error
	}
	done := make(chan res, 1)
	go func() { r, err := Load(path); done <- res{r, err} }()
	select {
	case r := <-done:
		return r.r, r.err
	case <-time.After(2 * time.Minute):
		// A hang, not a speed limit: a loaded machine may take seconds.
		t.Fatalf("Load(%s) did not return: it waits on a named pipe", path)
		return Result{}, nil
	}
}

// A named pipe reached by any path (given itself, inside a layout's
// directory, through a symbolic link, with a layout's file name in a
// parent) is refused without being opened, naming it.
func TestNamedPipesAreRefusedUnopened(t *testing.T) {
	dir := t.TempDir()
	fifo := func(p string) string {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	given := fifo(filepath.Join(dir, "given", "es6testfile_x.txt"))
	jcs := filepath.Join(dir, "jcs")
	write(filepath.Join(jcs, "input", "a.json"), "{}")
	write(filepath.Join(jcs, "output", "a.json"), "{}")
	fifo(filepath.Join(jcs, "output", "b.json"))
	write(filepath.Join(jcs, "input", "b.json"), "[]")
	suite := filepath.Join(dir, "suite", "test_parsing")
	write(filepath.Join(suite, "y_a.json"), "[]")
	if err := os.Symlink(fifo(filepath.Join(dir, "elsewhere", "pipe")), filepath.Join(suite, "n_b.json")); err != nil {
		t.Fatal(err)
	}
	parent := filepath.Join(dir, "parent")
	write(filepath.Join(parent, "es6testfile_ok.txt"), "4000000000000000,2\n")
	fifo(filepath.Join(parent, "es6testfile_pipe.txt"))
	for path, want := range map[string]string{
		given:  given + ": open: not a regular file (named pipe)",
		jcs:    filepath.Join(jcs, "output", "b.json") + ": not a regular file (named pipe)",
		suite:  filepath.Join(suite, "n_b.json") + ": not a regular file (named pipe)",
		parent: filepath.Join(parent, "es6testfile_pipe.txt") + ": not a regular file (named pipe)",
	} {
		_, err := loadWithin(t, path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%s): %v, want %q", path, err, want)
		}
	}
}

// gzipped returns data compressed.
func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A .gz es6numbers file cut short is reported as a truncated stream at the
// line where it ends, not as a last line without its LF; a damaged one as
// damaged.
func TestTruncatedGzipIsReportedTruncated(t *testing.T) {
	var text strings.Builder
	for i := 1; i <= 2000; i++ {
		fmt.Fprintf(&text, "%x,%d\n", math.Float64bits(float64(i)), i)
	}
	whole := gzipped(t, []byte(text.String()))
	dir := t.TempDir()
	cut := filepath.Join(dir, "es6testfile_cut.txt.gz")
	if err := os.WriteFile(cut, whole[:len(whole)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := loadWithin(t, cut)
	if err == nil || !strings.Contains(err.Error(), "the compressed stream is truncated") || strings.Contains(err.Error(), "LF") {
		t.Errorf("a truncated .gz: %v", err)
	}
	bad := append([]byte(nil), whole...)
	bad[len(bad)-6] ^= 0xff // the CRC-32 of the trailer
	damaged := filepath.Join(dir, "es6testfile_bad.txt.gz")
	if err := os.WriteFile(damaged, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadWithin(t, damaged); err == nil || !strings.Contains(err.Error(), "the compressed stream is damaged") {
		t.Errorf("a damaged .gz: %v", err)
	}
	ok := filepath.Join(dir, "es6testfile_ok.txt.gz")
	if err := os.WriteFile(ok, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err := loadWithin(t, ok); err != nil || len(res.Cases) == 0 {
		t.Errorf("the whole .gz: %v", err)
	}
}

// The bounds of a corpus are checked while it is read and named when
// passed: the lines of an es6numbers file (a small .gz of 500,001 lines),
// one line (a .gz that expands to one line of 64 MiB of zeros), and the
// names in a directory.
func TestCorpusBounds(t *testing.T) {
	dir := t.TempDir()
	line := fmt.Sprintf("%x,%d\n", math.Float64bits(2), 2)
	many := filepath.Join(dir, "es6testfile_many.txt.gz")
	if err := os.WriteFile(many, gzipped(t, []byte(strings.Repeat(line, MaxLines+1))), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadWithin(t, many); err == nil || !strings.Contains(err.Error(), fmt.Sprintf(":%d: more than 500000 lines, the bound on the lines of one es6numbers file", MaxLines+1)) {
		t.Errorf("lines over the bound: %v", err)
	}
	bomb := filepath.Join(dir, "es6testfile_bomb.txt.gz")
	if err := os.WriteFile(bomb, gzipped(t, make([]byte, 64<<20)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadWithin(t, bomb); err == nil || !strings.Contains(err.Error(), "the bound on one es6numbers line") {
		t.Errorf("a line over the bound: %v", err)
	}
	// The directory bound, lowered to 10 for the test (100,001 files
	// would take longer to make than the check does to run).
	defer func(b infile.Bound) { dirBound = b }(dirBound)
	dirBound.Max = 10
	wide := filepath.Join(dir, "wide", "test_parsing")
	if err := os.MkdirAll(wide, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 11 {
		if err := os.WriteFile(filepath.Join(wide, fmt.Sprintf("y_%d.json", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := loadWithin(t, wide); err == nil || !strings.Contains(err.Error(), "more than 10 entries, the bound on the names in one corpus directory") {
		t.Errorf("a directory over the bound: %v", err)
	}
}
