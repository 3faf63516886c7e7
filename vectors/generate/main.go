// Command generate writes conform's golden vector files and their MANIFEST.
//
// Run it from the repository root:
//
//	go run ./vectors/generate          # write vectors/
//	go run ./vectors/generate -check   # exit 1 if vectors/ differs
//
// Every input and every expectation below is literal data written by hand
// from the contract specs in spec/, never computed by an implementation: the
// vectors exist to check the Go reference and both mirrors, so none of them
// may be their source. The only computation here is the file format itself
// (JSON string escaping, hex, ids, the MANIFEST) and strings.Repeat for the
// few inputs that are too long to spell out (nesting depth, digit counts).
//
// Output is deterministic: files in a fixed order, cases in source order,
// fields in a fixed order. Each file is written to a temporary file and
// renamed into place; the MANIFEST is written last.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/vectors"
)

// vfile is one vector file: one behaviour of one contract.
type vfile struct {
	contract    string // "<name>/<version>", as in the catalogue
	op          string // one of the contract's operations
	dir         string // the contract's name: its vectors directory
	behaviour   string // file stem
	description string // one sentence
	cases       []vcase
}

// vcase is one case as written in this source.
type vcase struct {
	name      string
	input     string   // exact input bytes; written as input_hex when not valid UTF-8
	expand    *expand  // a large input, instead of input
	expect    string   // "ok" or "refused"
	output    string   // exact output bytes, with ok
	message   string   // exact refusal message, with refused
	exception string   // closed vocabulary, refused only
	at        []string // thresholds the expectation sits at, ascending
	note      string
}

// expand is prefix + fill x count + suffix.
type expand struct {
	prefix, fill string
	count        int
	suffix       string
}

func (e *expand) bytes() []byte {
	return []byte(e.prefix + strings.Repeat(e.fill, e.count) + e.suffix)
}

func (c vcase) inputBytes() []byte {
	if c.expand != nil {
		return c.expand.bytes()
	}
	return []byte(c.input)
}

// ok is an accepted case with its exact output bytes.
func ok(name, input, output string) vcase {
	return vcase{name: name, input: input, expect: "ok", output: output}
}

// refused is a refused case with its exact message.
func refused(name, input, message string) vcase {
	return vcase{name: name, input: input, expect: "refused", message: message}
}

// withNote returns c with a one-sentence note.
func (c vcase) withNote(note string) vcase {
	c.note = note
	return c
}

// withAt returns c declared at the thresholds names (rows of its
// contract's Thresholds table, vectors/README.md "at"), sorted.
func (c vcase) withAt(names ...string) vcase {
	c.at = append(append([]string(nil), c.at...), names...)
	slices.Sort(c.at)
	return c
}

// withException returns c with a closed-vocabulary exception tag.
func (c vcase) withException(tag string) vcase {
	c.exception = tag
	return c
}

// rep is strings.Repeat, short for the depth and digit-count inputs.
func rep(s string, n int) string { return strings.Repeat(s, n) }

// source is one contract's part of the generator. The contract's own file,
// vectors/generate/<ident>.go, registers it in its init function, so that
// the generator holds no list of contracts (spec/README.md, "Adding a
// contract").
type source struct {
	// contract is the contract name with its version, as in the catalogue.
	contract string
	// files returns the contract's vector files; a file may also be one of
	// a related contract's (spec/README.md, "Related contracts"), in that
	// contract's directory, when the contract's own data are vectors of it.
	files func() []vfile
	// minCases is the number of cases the contract has now: a change that
	// loses vectors fails TestSources.
	minCases int
	// exceptions are the vectors whose exception tag differs from the one
	// the catalogue gives their message (spec/<name>.md, Refusals), by
	// "<behaviour>.jsonl:<name>", each with its reason beside it.
	exceptions map[string]string
}

// sources are the registered contracts, by contract name.
var sources = map[string]source{}

// register adds a contract's source; a contract registered twice is a
// programming error, found when the generator starts.
func register(s source) {
	if _, dup := sources[s.contract]; dup || s.contract == "" || s.files == nil {
		panic("generate: source " + s.contract + " is registered twice or incomplete")
	}
	sources[s.contract] = s
}

// allFiles is every vector file, contracts in name order, each contract's
// files in its own order.
func allFiles() []vfile {
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	var files []vfile
	for _, n := range names {
		files = append(files, sources[n].files()...)
	}
	return files
}

// render returns every output file's bytes by path relative to vectors/,
// MANIFEST included.
func render(files []vfile) (map[string][]byte, error) {
	out := make(map[string][]byte)
	ids := make(map[string]string)
	var paths []string
	for _, f := range files {
		path := f.dir + "/" + f.behaviour + ".jsonl"
		if _, dup := out[path]; dup {
			return nil, fmt.Errorf("%s: generated twice", path)
		}
		b, err := renderFile(f, path, ids)
		if err != nil {
			return nil, err
		}
		out[path] = b
		paths = append(paths, path)
	}
	sort.Strings(paths)
	var m bytes.Buffer
	for _, p := range paths {
		sum := sha256.Sum256(out[p])
		fmt.Fprintf(&m, "%s  %s\n", hex.EncodeToString(sum[:]), p)
	}
	out["MANIFEST"] = m.Bytes()
	return out, nil
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

func renderFile(f vfile, path string, ids map[string]string) ([]byte, error) {
	if len(f.cases) == 0 {
		return nil, fmt.Errorf("%s: no cases", path)
	}
	var b bytes.Buffer
	b.WriteString(`{"conform_vectors":1,"contract":` + jsonString(f.contract) +
		`,"op":` + jsonString(f.op) +
		`,"behaviour":` + jsonString(f.behaviour) +
		`,"description":` + jsonString(f.description) + "}\n")
	names := make(map[string]bool)
	for i, c := range f.cases {
		where := fmt.Sprintf("%s case %d (%s)", path, i+1, c.name)
		if !nameRE.MatchString(c.name) {
			return nil, fmt.Errorf("%s: bad name", where)
		}
		if names[c.name] {
			return nil, fmt.Errorf("%s: duplicate name", where)
		}
		names[c.name] = true
		in := c.inputBytes()
		id := vectors.CaseID(f.contract, f.op, in)
		if prev, dup := ids[id]; dup {
			return nil, fmt.Errorf("%s: same input as %s", where, prev)
		}
		ids[id] = where
		b.WriteString(`{"id":"` + id + `","name":` + jsonString(c.name))
		switch {
		case c.expand != nil:
			if c.input != "" {
				return nil, fmt.Errorf("%s: both input and expand", where)
			}
			e := c.expand
			b.WriteString(`,"input_expand":{"prefix":` + jsonString(e.prefix) +
				`,"fill":` + jsonString(e.fill) +
				`,"count":` + strconv.Itoa(e.count) +
				`,"suffix":` + jsonString(e.suffix) + `}`)
		case utf8.ValidString(c.input):
			b.WriteString(`,"input":` + jsonString(c.input))
		default:
			b.WriteString(`,"input_hex":"` + hex.EncodeToString([]byte(c.input)) + `"`)
		}
		switch c.expect {
		case "ok":
			if c.message != "" || c.exception != "" {
				return nil, fmt.Errorf("%s: ok case with message or exception", where)
			}
			b.WriteString(`,"expect":"ok"`)
			if utf8.ValidString(c.output) {
				b.WriteString(`,"output":` + jsonString(c.output))
			} else {
				b.WriteString(`,"output_hex":"` + hex.EncodeToString([]byte(c.output)) + `"`)
			}
		case "refused":
			if c.message == "" || c.output != "" {
				return nil, fmt.Errorf("%s: refused case needs a message and no output", where)
			}
			b.WriteString(`,"expect":"refused","message":` + jsonString(c.message))
			if c.exception != "" {
				b.WriteString(`,"exception":` + jsonString(c.exception))
			}
		default:
			return nil, fmt.Errorf("%s: expect %q", where, c.expect)
		}
		if len(c.at) > 0 {
			b.WriteString(`,"at":[`)
			for i, t := range c.at {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(jsonString(t))
			}
			b.WriteByte(']')
		}
		if c.note != "" {
			b.WriteString(`,"note":` + jsonString(c.note))
		}
		b.WriteString("}\n")
	}
	return b.Bytes(), nil
}

// jsonString is vectors.QuoteASCII for the generator's literal data, which
// must be valid UTF-8: anything else is a bug in a case table.
func jsonString(s string) string {
	if !utf8.ValidString(s) {
		panic(fmt.Sprintf("jsonString: invalid UTF-8 %q", s))
	}
	return vectors.QuoteASCII(s)
}

// selfCheck loads the rendered files with the runner's loader and verifier,
// so a file the runner would refuse is never written.
func selfCheck(out map[string][]byte) error {
	m := fstest.MapFS{}
	for p, b := range out {
		m[p] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
	_, problems, err := vectors.Verify(m)
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("verify: %s", strings.Join(problems, "; "))
	}
	_, err = vectors.Load(m)
	return err
}

// writeAtomic writes b to path atomically (atomicfile.WriteFile), making
// its directory first.
func writeAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, b)
}

// contractDirs are the directories the generator owns.
func contractDirs(files []vfile) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, f := range files {
		if !seen[f.dir] {
			seen[f.dir] = true
			dirs = append(dirs, f.dir)
		}
	}
	return dirs
}

// stale lists the .jsonl files under root's contract directories that the
// generator no longer writes.
func stale(root string, files []vfile, out map[string][]byte) ([]string, error) {
	var old []string
	for _, d := range contractDirs(files) {
		entries, err := os.ReadDir(filepath.Join(root, d))
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return nil, err
		}
		for _, e := range entries {
			p := d + "/" + e.Name()
			if strings.HasSuffix(p, ".jsonl") && out[p] == nil {
				old = append(old, p)
			}
		}
	}
	return old, nil
}

func run(root string, check bool) error {
	files := allFiles()
	out, err := render(files)
	if err != nil {
		return err
	}
	kept, err := keepFindings(root, out)
	if err != nil {
		return err
	}
	if err := selfCheck(out); err != nil {
		return err
	}
	paths := make([]string, 0, len(out))
	for p := range out {
		if p != "MANIFEST" {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	old, err := stale(root, files, out)
	if err != nil {
		return err
	}
	if check {
		var diffs []string
		for _, p := range append(paths, "MANIFEST") {
			have, err := os.ReadFile(filepath.Join(root, p))
			if err != nil || !bytes.Equal(have, out[p]) {
				diffs = append(diffs, p)
			}
		}
		diffs = append(diffs, old...)
		if len(diffs) > 0 {
			return fmt.Errorf("vectors differ from the generator: %s", strings.Join(diffs, ", "))
		}
		return nil
	}
	for _, p := range paths {
		if kept[p] {
			continue
		}
		if err := writeAtomic(filepath.Join(root, filepath.FromSlash(p)), out[p]); err != nil {
			return err
		}
	}
	for _, p := range old {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(p))); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return writeAtomic(filepath.Join(root, "MANIFEST"), out["MANIFEST"])
}

func main() {
	dir := flag.String("dir", "vectors", "the vectors directory to write")
	check := flag.Bool("check", false, "write nothing; exit 1 if the directory differs from what would be written")
	flag.Parse()
	if err := run(*dir, *check); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

// keepFindings adds the findings files under root (vectors.FindingsDir,
// written by conform fuzz, never by this generator) to out as they are, and
// rewrites out's MANIFEST to list them too. It returns their paths: the
// generator neither rewrites nor deletes them.
func keepFindings(root string, out map[string][]byte) (map[string]bool, error) {
	found, err := filepath.Glob(filepath.Join(root, vectors.FindingsDir, "*", "*.jsonl"))
	if err != nil {
		return nil, err
	}
	kept := map[string]bool{}
	for _, f := range found {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(root, f)
		if err != nil {
			return nil, err
		}
		p := filepath.ToSlash(rel)
		out[p] = b
		kept[p] = true
	}
	var paths []string
	for p := range out {
		if p != "MANIFEST" {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var m bytes.Buffer
	for _, p := range paths {
		sum := sha256.Sum256(out[p])
		fmt.Fprintf(&m, "%s  %s\n", hex.EncodeToString(sum[:]), p)
	}
	out["MANIFEST"] = m.Bytes()
	return kept, nil
}
