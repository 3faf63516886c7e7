package vectors

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
)

// Vector file parsing: the header line and each case line (README.md,
// "Lines").

// FormatVersion is the only vector file format this package reads
// (README.md, "conform_vectors").
const FormatVersion = 1

// maxInput bounds an input_expand's expanded size, so that a malformed file
// cannot make Load allocate without limit. The largest real vectors are
// a contract's 32 MiB ceiling traces, a byte past the ceiling after a
// request line of about a hundred bytes; the bound leaves room for them and
// stays under what one protocol line carries in base64 (64 MiB,
// mirrors/PROTOCOL.md).
const maxInput = 48 << 20

// maxInputs bounds the inputs of a vector set's cases together, expanded
// (README.md, "Bounds"): the real set's come to 4 MB.
const maxInputs = 256 << 20

var inputsBound = infile.Bound{Max: maxInputs, What: "the inputs of a vector set's cases together"}

// Header is a vector file's first line.
type Header struct {
	Version                              int
	Contract, Op, Behaviour, Description string
}

// File is one parsed vector file.
type File struct {
	// Path is relative to the vectors directory: "<dir>/<behaviour>.jsonl",
	// where <dir> is the contract's name without its version.
	Path   string
	Header Header
	Cases  []Case
}

// Unreachable is the exception tag a contract's Refusals table gives a
// refusal that no vector can aim at (README.md, "Exception vocabulary"):
// the single-cause audit and the guard inventory treat its guard as
// declared unreachable and require that ignoring it changes nothing.
const Unreachable = "unreachable"

// exceptions is the closed exception vocabulary (README.md).
var exceptions = map[string]bool{
	"grammar":        true,
	"type-guard":     true,
	"no-accept-path": true,
	"unencodable":    true,
	"shadowed":       true,
	"unreachable":    true,
	"wrong-length":   true,
	"pigeonhole":     true,
	"resource-bound": true,
}

var (
	nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	idRE   = regexp.MustCompile(`^[0-9a-f]{16}$`)
)

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
		if p.inputs > maxInputs {
			// Past the bound on the set's inputs: nothing more is
			// expanded.
			return f, false
		}
		c, err := parseCase(h, lines[i])
		if err != nil {
			p.add(p.where(path, line), "%v", err)
			continue
		}
		if p.inputs += int64(len(c.Input)); p.inputs > maxInputs {
			p.add(p.where(path, line), "the inputs of the set's cases come to %v", &infile.TooLargeError{Bound: inputsBound})
			return f, false
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
	"exception": true, "at": true, "note": true,
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
	if c.At, err = o.names("at"); err != nil {
		return c, err
	}
	if k, known := contractNamed(c.Contract); known {
		for _, t := range c.At {
			if !k.thresholds[t] {
				return c, fmt.Errorf("at: %q is not a threshold of %s (its spec's Thresholds table)", t, c.Contract)
			}
		}
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
