package vectors

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

//go:embed MANIFEST rfc8785 pyjson-ascii frame prim ticker v8date ed25519 digest findings
var embedded embed.FS

// Embedded returns the vectors compiled into conform.
func Embedded() fs.FS { return embedded }

// FindingsDir is the directory, inside the vectors directory, of the
// differential fuzzing findings: vector files of the same format, one per
// contract and operation (findings/<contract-dir>/<behaviour>.jsonl),
// written by conform fuzz with the Go reference's answer as the
// expectation, listed in MANIFEST like every vector file and kept by the
// generator (README.md, "Findings").
const FindingsDir = "findings"

// Finding reports whether the case comes from a findings file. Findings
// are not golden vectors: they are not single-cause, so the checks that
// rest on that (the exception policy, the single-cause audit) skip them.
func (c Case) Finding() bool {
	return strings.HasPrefix(c.File, FindingsDir+"/")
}

// FormatVersion is the only vector file format this package reads
// (README.md, "conform_vectors").
const FormatVersion = 1

// ManifestPath is the MANIFEST's path inside a vectors file system.
const ManifestPath = "MANIFEST"

// maxInput bounds an input_expand's expanded size, so that a malformed file
// cannot make Load allocate without limit. The largest real vector is 262145
// bytes.
const maxInput = 16 << 20

// maxManifest and maxFile bound the MANIFEST's and a vector file's size, so
// that a wrong file given as a vector set is refused before it is read
// (a 59 MB MANIFEST once took 485 MB of memory to refuse line by line).
// The real MANIFEST lists 58 files in 5 KB; the largest vector file is
// 74 KB, and maxFile leaves room for a maxInput case written in hex.
const (
	maxManifest = 1 << 20
	maxFile     = 64 << 20
)

// ReadFile reads the file at path in the vector set fsys (the MANIFEST or
// a vector file) as Load and Verify do: a file over the bounds (1 MiB for
// the MANIFEST, 64 MiB for a vector file) or one that is not a regular
// file is refused, without being read or opened.
func ReadFile(fsys fs.FS, path string) ([]byte, error) {
	if path == ManifestPath {
		return readBounded(fsys, path, maxManifest)
	}
	return readBounded(fsys, path, maxFile)
}

// readBounded reads the file at path in fsys, refusing one of more than
// max bytes without reading it whole, and anything but a regular file
// (symbolic links followed) without opening it: opening a FIFO would wait
// for a writer, and no signal ends that wait.
func readBounded(fsys fs.FS, path string, max int64) ([]byte, error) {
	st, err := fs.Stat(fsys, path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", st.Mode().Type())
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%d bytes, more than the %d a vector set allows", st.Size(), max)
	}
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size a file system reports can be wrong (a pipe, /proc): read
	// one byte past the bound to be sure.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("more than %d bytes, the most a vector set allows", max)
	}
	return data, nil
}

// maxProblems bounds how many problems one Load error lists.
const maxProblems = 100

// Header is a vector file's first line.
type Header struct {
	Version                              int
	Contract, Op, Behaviour, Description string
}

// File is one parsed vector file.
type File struct {
	// Path is relative to the vectors directory: "frame/depth.jsonl".
	Path   string
	Header Header
	Cases  []Case
}

// contract is one known contract: its name with version, its operations and
// its vectors directory (the name without the version).
type contract struct {
	name string
	ops  []string
	dir  string
}

// contracts is the closed table of contracts vectors may name, with their
// operations (spec/README.md).
var contracts = []contract{
	{"rfc8785/1", []string{"canonicalize"}, "rfc8785"},
	{"pyjson-ascii/1", []string{"encode"}, "pyjson-ascii"},
	{"frame/1", []string{"lex"}, "frame"},
	{"prim/1", []string{"timestamp", "integer", "positive-integer", "string", "safe-display",
		"sorted-set", "tool-list", "base64url", "utf8-length"}, "prim"},
	{"ticker/1", []string{"symbol", "equity-ticker", "masked-label-v1", "closed-masked-label"}, "ticker"},
	{"v8date/1", []string{"parse"}, "v8date"},
	{"ed25519/1", []string{"verify"}, "ed25519"},
	{"digest/1", []string{"digest", "signing-input", "schema-digest", "arguments-digest"}, "digest"},
}

// hasOp reports whether op is one of c's operations.
func (c contract) hasOp(op string) bool {
	for _, o := range c.ops {
		if o == op {
			return true
		}
	}
	return false
}

func contractNamed(name string) (contract, bool) {
	for _, c := range contracts {
		if c.name == name {
			return c, true
		}
	}
	return contract{}, false
}

func contractDir(dir string) bool {
	for _, c := range contracts {
		if c.dir == dir {
			return true
		}
	}
	return false
}

// exceptions is the closed exception vocabulary (README.md).
var exceptions = map[string]bool{
	"grammar":        true,
	"type-guard":     true,
	"no-accept-path": true,
	"unencodable":    true,
	"shadowed":       true,
}

var (
	nameRE     = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	idRE       = regexp.MustCompile(`^[0-9a-f]{16}$`)
	manifestRE = regexp.MustCompile(`^([0-9a-f]{64})  ([^ ]+)$`)
	intRE      = regexp.MustCompile(`^(0|[1-9][0-9]{0,8})$`)
)

// problems collects "where: what" lines, up to limit when limit > 0, for
// the vectors directory named root.
type problems struct {
	root    string
	limit   int
	list    []string
	dropped int
}

func (p *problems) count() int { return len(p.list) + p.dropped }

func (p *problems) add(where string, format string, args ...any) {
	if p.limit > 0 && len(p.list) >= p.limit {
		p.dropped++
		return
	}
	p.list = append(p.list, where+": "+fmt.Sprintf(format, args...))
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	msg := strings.Join(p.list, "\n")
	if p.dropped > 0 {
		msg += fmt.Sprintf("\n(%d more problems)", p.dropped)
	}
	return errors.New(msg)
}

// where names line of the file at path inside the vectors directory.
func (p *problems) where(path string, line int) string {
	return fmt.Sprintf("%s/%s:%d", p.root, path, line)
}

// lineProblem is a byte-level defect of one line.
type lineProblem struct {
	line int
	msg  string
}

// splitLines splits data into LF-terminated lines and reports every
// byte-level defect: a CR, a non-ASCII byte, a missing final LF.
func splitLines(data []byte) ([]string, []lineProblem) {
	if len(data) == 0 {
		return nil, nil
	}
	var lp []lineProblem
	text := string(data)
	final := strings.HasSuffix(text, "\n")
	text = strings.TrimSuffix(text, "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if j := strings.IndexByte(l, '\r'); j >= 0 {
			lp = append(lp, lineProblem{i + 1, "carriage return (line ends must be LF only)"})
		}
		for j := 0; j < len(l); j++ {
			if l[j] >= 0x80 {
				lp = append(lp, lineProblem{i + 1, fmt.Sprintf("non-ASCII byte 0x%02x at column %d", l[j], j+1)})
				break
			}
		}
	}
	if !final {
		lp = append(lp, lineProblem{len(lines), "no final LF"})
	}
	return lines, lp
}

// manifestEntry is one MANIFEST line.
type manifestEntry struct {
	sum  string
	path string
	line int
}

// parseManifest parses a MANIFEST: "<64 lowercase hex>  <dir>/<stem>.jsonl"
// per line, strictly sorted by path.
func parseManifest(data []byte, p *problems) []manifestEntry {
	lines, lp := splitLines(data)
	for _, q := range lp {
		p.add(p.where(ManifestPath, q.line), "%s", q.msg)
	}
	var entries []manifestEntry
	prev := ""
	for i, l := range lines {
		at := p.where(ManifestPath, i+1)
		m := manifestRE.FindStringSubmatch(l)
		if m == nil {
			p.add(at, "not a line of the form <64 lowercase hex>  <path>")
			continue
		}
		path := m[2]
		// A finding lies one directory deeper: findings/<contract-dir>/.
		dir, file, found := strings.Cut(strings.TrimPrefix(path, FindingsDir+"/"), "/")
		stem, isJSONL := strings.CutSuffix(file, ".jsonl")
		switch {
		case !found || !fs.ValidPath(path) || strings.Contains(file, "/") || !isJSONL || !nameRE.MatchString(stem):
			p.add(at, "path %q is not <contract-dir>/<behaviour>.jsonl", path)
			continue
		case !contractDir(dir):
			p.add(at, "path %q is not in a known contract directory", path)
			continue
		case path <= prev:
			p.add(at, "path %q is out of order or repeated (MANIFEST is sorted by path)", path)
			continue
		}
		prev = path
		entries = append(entries, manifestEntry{sum: m[1], path: path, line: i + 1})
	}
	return entries
}

// unlisted reports every .jsonl file in fsys that the MANIFEST does not list.
func unlisted(fsys fs.FS, listed map[string]bool, p *problems) {
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			p.add(p.root+"/"+path, "%v", err)
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(path, ".jsonl") && !listed[path] {
			p.add(p.where(path, 1), "file is not listed in MANIFEST")
		}
		return nil
	})
	if err != nil {
		p.add(p.root, "%v", err)
	}
}

// Load is LoadNamed(fsys, "vectors"): the name of the compiled-in set.
func Load(fsys fs.FS) ([]File, error) { return LoadNamed(fsys, "vectors") }

// LoadNamed parses every file listed in fsys's MANIFEST (and fails on any
// .jsonl not listed) into Files. root names fsys in every Case.Source
// ("<root>/<path>:<line>") and error: "vectors" for the compiled-in set,
// the directory's path for a set on disk. Errors name file:line and the
// problem; unknown fields, missing required fields, bad hex, wrong id,
// duplicate ids across files, duplicate names within a file, a file with
// zero cases, a header contract/op that is not a known contract are all
// errors. LoadNamed does not check the MANIFEST's hashes: VerifyNamed does.
func LoadNamed(fsys fs.FS, root string) ([]File, error) {
	p := problems{root: root, limit: maxProblems}
	mdata, err := ReadFile(fsys, ManifestPath)
	if err != nil {
		return nil, fmt.Errorf("%s/%s: %w", root, ManifestPath, err)
	}
	entries := parseManifest(mdata, &p)
	if len(entries) == 0 {
		p.add(p.where(ManifestPath, 1), "lists no vector files")
	}
	listed := make(map[string]bool)
	ids := make(map[string]string)
	var files []File
	for _, e := range entries {
		listed[e.path] = true
		data, err := ReadFile(fsys, e.path)
		if err != nil {
			p.add(p.where(ManifestPath, e.line), "listed file %s cannot be read: %v", e.path, err)
			continue
		}
		f, ok := parseFile(e.path, data, &p)
		if !ok {
			continue
		}
		for _, c := range f.Cases {
			if prev, dup := ids[c.ID]; dup {
				p.add(c.Source, "id %s repeats %s", c.ID, prev)
				continue
			}
			ids[c.ID] = c.Source
		}
		files = append(files, f)
	}
	unlisted(fsys, listed, &p)
	if err := p.err(); err != nil {
		return nil, err
	}
	return files, nil
}

// Cases flattens files.
func Cases(files []File) []Case {
	var all []Case
	for _, f := range files {
		all = append(all, f.Cases...)
	}
	return all
}

// Verify is VerifyNamed(fsys, "vectors"): the name of the compiled-in set.
func Verify(fsys fs.FS) (manifestSHA256 string, problemList []string, err error) {
	return VerifyNamed(fsys, "vectors")
}

// VerifyNamed checks MANIFEST against the files: every listed file exists
// with that sha256, no unlisted .jsonl, pure ASCII, LF only, final LF. It
// returns the sha256 of the MANIFEST file itself (the "vectors manifest
// hash" reports carry) and every problem found, each naming
// "<root>/<path>:<line>" (root as for LoadNamed). err is set only when the
// MANIFEST cannot be read.
func VerifyNamed(fsys fs.FS, root string) (manifestSHA256 string, problemList []string, err error) {
	mdata, err := ReadFile(fsys, ManifestPath)
	if err != nil {
		return "", nil, fmt.Errorf("%s/%s: %w", root, ManifestPath, err)
	}
	sum := sha256.Sum256(mdata)
	p := problems{root: root} // no limit: VerifyNamed lists every problem
	entries := parseManifest(mdata, &p)
	if len(entries) == 0 {
		p.add(p.where(ManifestPath, 1), "lists no vector files")
	}
	listed := make(map[string]bool)
	for _, e := range entries {
		listed[e.path] = true
		data, err := ReadFile(fsys, e.path)
		if err != nil {
			p.add(p.where(ManifestPath, e.line), "listed file %s cannot be read: %v", e.path, err)
			continue
		}
		got := sha256.Sum256(data)
		if h := hex.EncodeToString(got[:]); h != e.sum {
			p.add(p.where(ManifestPath, e.line), "%s has sha256 %s, MANIFEST says %s", e.path, h, e.sum)
		}
		if len(data) == 0 {
			p.add(p.where(e.path, 1), "empty file")
		}
		_, lp := splitLines(data)
		for _, q := range lp {
			p.add(p.where(e.path, q.line), "%s", q.msg)
		}
	}
	unlisted(fsys, listed, &p)
	return hex.EncodeToString(sum[:]), p.list, nil
}

// parseFile parses one vector file, adding its problems to p. ok is false
// when the file has any problem.
func parseFile(path string, data []byte, p *problems) (File, bool) {
	before := p.count()
	f := File{Path: path}
	lines, lp := splitLines(data)
	if len(lines) == 0 {
		p.add(p.where(path, 1), "empty file: no header")
		return f, false
	}
	bad := make(map[int]bool)
	for _, q := range lp {
		p.add(p.where(path, q.line), "%s", q.msg)
		bad[q.line] = true
	}
	if bad[1] {
		return f, false
	}
	h, err := parseHeader(path, lines[0])
	if err != nil {
		p.add(p.where(path, 1), "header: %v", err)
		return f, false
	}
	f.Header = h
	if len(lines) < 2 {
		p.add(p.where(path, 1), "no cases: a vector file must hold at least one")
		return f, false
	}
	names := make(map[string]int)
	for i := 1; i < len(lines); i++ {
		line := i + 1
		if bad[line] {
			continue
		}
		c, err := parseCase(h, lines[i])
		if err != nil {
			p.add(p.where(path, line), "%v", err)
			continue
		}
		c.File, c.Line = path, line
		c.Source = p.where(path, line)
		if prev, dup := names[c.Name]; dup {
			p.add(c.Source, "name %q repeats line %d", c.Name, prev)
			continue
		}
		names[c.Name] = line
		f.Cases = append(f.Cases, c)
	}
	return f, p.count() == before
}

// object is one JSON object line: its raw member values by name.
type object map[string]json.RawMessage

// parseObject parses line as exactly one JSON object, refusing duplicate
// member names and any member not in known.
func parseObject(line string, known map[string]bool) (object, error) {
	if line == "" {
		return nil, errors.New("empty line")
	}
	if line[0] != '{' || line[len(line)-1] != '}' || !json.Valid([]byte(line)) {
		return nil, errors.New("not one JSON object")
	}
	dec := json.NewDecoder(strings.NewReader(line))
	if _, err := dec.Token(); err != nil { // '{'
		return nil, err
	}
	obj := make(object)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		if !known[key] {
			return nil, fmt.Errorf("unknown field %q", key)
		}
		if _, dup := obj[key]; dup {
			return nil, fmt.Errorf("field %q appears twice", key)
		}
		obj[key] = raw
	}
	return obj, nil
}

// str returns member key as a string; present is false when it is absent.
func (o object) str(key string) (s string, present bool, err error) {
	raw, ok := o[key]
	if !ok {
		return "", false, nil
	}
	s, err = decodeString(raw)
	if err != nil {
		return "", true, fmt.Errorf("field %q: %v", key, err)
	}
	return s, true, nil
}

// need returns member key as a string, which must be present.
func (o object) need(key string) (string, error) {
	s, present, err := o.str(key)
	if err != nil {
		return "", err
	}
	if !present {
		return "", fmt.Errorf("missing field %q", key)
	}
	return s, nil
}

// integer returns member key as a non-negative integer below 10^9.
func (o object) integer(key string) (int, error) {
	raw, ok := o[key]
	if !ok {
		return 0, fmt.Errorf("missing field %q", key)
	}
	if !intRE.Match(raw) {
		return 0, fmt.Errorf("field %q: not a non-negative integer below 10^9", key)
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, fmt.Errorf("field %q: %v", key, err)
	}
	return n, nil
}

// decodeString decodes a JSON string strictly: escapes are those of RFC 8259,
// a surrogate escape must be half of a pair, and the result is valid UTF-8.
// (encoding/json would silently replace a lone surrogate with U+FFFD.)
func decodeString(raw []byte) (string, error) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", errors.New("not a string")
	}
	s := raw[1 : len(raw)-1]
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c < 0x20:
			return "", errors.New("not a valid JSON string")
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return "", errors.New("not a valid JSON string")
		}
		switch e := s[i+1]; e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := hex4(s, i+2)
			if !ok {
				return "", errors.New("bad \\u escape")
			}
			i += 6
			switch {
			case r >= 0xdc00 && r <= 0xdfff:
				return "", errors.New("lone low surrogate escape: the bytes are not valid UTF-8, so use the _hex form")
			case r >= 0xd800 && r <= 0xdbff:
				lo, ok := rune(0), i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u'
				if ok {
					lo, ok = hex4(s, i+2)
				}
				if !ok || lo < 0xdc00 || lo > 0xdfff {
					return "", errors.New("lone high surrogate escape: the bytes are not valid UTF-8, so use the _hex form")
				}
				i += 6
				r = 0x10000 + (r-0xd800)<<10 + (lo - 0xdc00)
			}
			b.WriteRune(r)
			continue
		default:
			return "", fmt.Errorf("bad escape \\%c", e)
		}
		i += 2
	}
	if !utf8.ValidString(b.String()) {
		return "", errors.New("not valid UTF-8")
	}
	return b.String(), nil
}

func hex4(s []byte, at int) (rune, bool) {
	if at+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range s[at : at+4] {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

// decodeHex decodes a lowercase hex field that must not be valid UTF-8 (a
// valid UTF-8 value has exactly one spelling: the plain string field).
func decodeHex(key, s string) ([]byte, error) {
	if strings.ToLower(s) != s {
		return nil, fmt.Errorf("field %q: hex must be lowercase", key)
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("field %q: bad hex: %v", key, err)
	}
	if utf8.Valid(b) {
		return nil, fmt.Errorf("field %q: the bytes are valid UTF-8, so use %q", key, strings.TrimSuffix(key, "_hex"))
	}
	return b, nil
}

var headerFields = map[string]bool{
	"conform_vectors": true, "contract": true, "op": true, "behaviour": true, "description": true,
}

func parseHeader(path, line string) (Header, error) {
	var h Header
	o, err := parseObject(line, headerFields)
	if err != nil {
		return h, err
	}
	if h.Version, err = o.integer("conform_vectors"); err != nil {
		return h, err
	}
	if h.Version != FormatVersion {
		return h, fmt.Errorf("conform_vectors is %d; this reader knows only %d", h.Version, FormatVersion)
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{"contract", &h.Contract}, {"op", &h.Op}, {"behaviour", &h.Behaviour}, {"description", &h.Description}} {
		if *f.dst, err = o.need(f.key); err != nil {
			return h, err
		}
	}
	c, ok := contractNamed(h.Contract)
	if !ok {
		return h, fmt.Errorf("unknown contract %q", h.Contract)
	}
	if !c.hasOp(h.Op) {
		return h, fmt.Errorf("contract %s has no operation %q (it has %s)", c.name, h.Op, quoteList(c.ops))
	}
	if want := c.dir + "/" + h.Behaviour + ".jsonl"; path != want && path != FindingsDir+"/"+want {
		return h, fmt.Errorf("contract %s, behaviour %q belongs in %s", c.name, h.Behaviour, want)
	}
	if strings.TrimSpace(h.Description) == "" {
		return h, errors.New("empty description")
	}
	return h, nil
}

var caseFields = map[string]bool{
	"id": true, "name": true, "input": true, "input_hex": true, "input_expand": true,
	"expect": true, "output": true, "output_hex": true, "message": true,
	"exception": true, "note": true,
}

var expandFields = map[string]bool{"prefix": true, "fill": true, "count": true, "suffix": true}

func parseCase(h Header, line string) (Case, error) {
	c := Case{Contract: h.Contract, Op: h.Op}
	o, err := parseObject(line, caseFields)
	if err != nil {
		return c, err
	}
	if c.ID, err = o.need("id"); err != nil {
		return c, err
	}
	if c.Name, err = o.need("name"); err != nil {
		return c, err
	}
	if !nameRE.MatchString(c.Name) {
		return c, fmt.Errorf("name %q does not match [a-z0-9][a-z0-9._-]*", c.Name)
	}
	if c.Input, err = parseInput(o); err != nil {
		return c, err
	}
	if !idRE.MatchString(c.ID) {
		return c, fmt.Errorf("id %q is not 16 lowercase hex", c.ID)
	}
	if want := CaseID(c.Contract, c.Op, c.Input); c.ID != want {
		return c, fmt.Errorf("id %s does not match the input (want %s)", c.ID, want)
	}
	expect, err := o.need("expect")
	if err != nil {
		return c, err
	}
	c.Expect = Expect(expect)
	output, hasOut, err := o.str("output")
	if err != nil {
		return c, err
	}
	outputHex, hasOutHex, err := o.str("output_hex")
	if err != nil {
		return c, err
	}
	message, hasMessage, err := o.str("message")
	if err != nil {
		return c, err
	}
	exception, hasException, err := o.str("exception")
	if err != nil {
		return c, err
	}
	switch c.Expect {
	case ExpectOK:
		switch {
		case hasOut && hasOutHex:
			return c, errors.New(`expect "ok" needs exactly one of "output" and "output_hex", not both`)
		case hasOut:
			c.Output = []byte(output)
		case hasOutHex:
			if c.Output, err = decodeHex("output_hex", outputHex); err != nil {
				return c, err
			}
		default:
			return c, errors.New(`expect "ok" needs "output" or "output_hex"`)
		}
		if hasMessage || hasException {
			return c, errors.New(`expect "ok" takes no "message" or "exception"`)
		}
	case ExpectRefused:
		if !hasMessage {
			return c, errors.New(`expect "refused" needs "message"`)
		}
		if hasOut || hasOutHex {
			return c, errors.New(`expect "refused" takes no "output" or "output_hex"`)
		}
		if message == "" || !printableASCII(message) {
			return c, errors.New(`"message" must be non-empty printable ASCII`)
		}
		c.Message = message
		if hasException {
			if !exceptions[exception] {
				return c, fmt.Errorf("exception %q is not in the closed vocabulary", exception)
			}
			c.Exception = exception
		}
	case ExpectRefusedAny, ExpectReference:
		return c, fmt.Errorf("expect %q is for corpora, not golden vectors", expect)
	default:
		return c, fmt.Errorf("unknown expect %q", expect)
	}
	if c.Note, _, err = o.str("note"); err != nil {
		return c, err
	}
	return c, nil
}

// parseInput reads exactly one of input, input_hex and input_expand.
func parseInput(o object) ([]byte, error) {
	n := 0
	for _, k := range []string{"input", "input_hex", "input_expand"} {
		if _, ok := o[k]; ok {
			n++
		}
	}
	if n != 1 {
		return nil, errors.New(`need exactly one of "input", "input_hex" and "input_expand"`)
	}
	if s, ok, err := o.str("input"); ok || err != nil {
		return []byte(s), err
	}
	if s, ok, err := o.str("input_hex"); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return decodeHex("input_hex", s)
	}
	e, err := parseObject(string(o["input_expand"]), expandFields)
	if err != nil {
		return nil, fmt.Errorf("field \"input_expand\": %v", err)
	}
	var parts [3]string
	for i, k := range []string{"prefix", "fill", "suffix"} {
		if parts[i], err = e.need(k); err != nil {
			return nil, fmt.Errorf("field \"input_expand\": %v", err)
		}
	}
	count, err := e.integer("count")
	if err != nil {
		return nil, fmt.Errorf("field \"input_expand\": %v", err)
	}
	prefix, fill, suffix := parts[0], parts[1], parts[2]
	if fill == "" {
		return nil, errors.New(`field "input_expand": empty "fill"`)
	}
	if count > maxInput || int64(len(prefix))+int64(len(fill))*int64(count)+int64(len(suffix)) > maxInput {
		return nil, fmt.Errorf(`field "input_expand": expands past %d bytes`, maxInput)
	}
	var b bytes.Buffer
	b.Grow(len(prefix) + len(fill)*count + len(suffix))
	b.WriteString(prefix)
	for range count {
		b.WriteString(fill)
	}
	b.WriteString(suffix)
	return b.Bytes(), nil
}

// quoteList renders ops as "a", "b", "c".
func quoteList(ops []string) string {
	q := make([]string, len(ops))
	for i, o := range ops {
		q[i] = strconv.Quote(o)
	}
	return strings.Join(q, ", ")
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
