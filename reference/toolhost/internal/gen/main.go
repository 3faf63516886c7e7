// Command gen writes the generated files of the toolhost/1 reference
// (package conform/reference/toolhost) from the spec:
//
//   - errors.go, the closed refusal table, from spec/catalogue.json (the
//     Refusals table of spec/toolhost.md): one guard variable per row, in
//     table order;
//   - fields.go, the type pass and the rule pass of every document and
//     nested object (spec/toolhost.md, sections 1.3-1.5 and 1.8), from the
//     field tables of section 2: one function per object, one type function
//     and one rule function per field, and one refusal site per guard, so
//     that every guard is its own site for the mutation audit
//     (mutation/README.md).
//
// Run it from reference/toolhost (go generate) or anywhere in the module:
//
//	go run ./reference/toolhost/internal/gen          # write the files
//	go run ./reference/toolhost/internal/gen -check   # exit 1 if stale
//
// It reads only the spec; the hand-written parts of the package (object
// rules, digests, signatures, relations) are not generated.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/module"
)

func main() {
	check := flag.Bool("check", false, "write nothing; exit 1 if a generated file differs")
	flag.Parse()
	root, err := moduleRoot()
	if err != nil {
		fail(err)
	}
	files, err := Generate(root)
	if err != nil {
		fail(err)
	}
	stale := false
	for _, name := range []string{"errors.go", "fields.go"} {
		path := filepath.Join(root, "reference", "toolhost", name)
		if *check {
			have, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(have, files[name]) {
				fmt.Fprintf(os.Stderr, "gen: %s is stale: run go run ./reference/toolhost/internal/gen\n", path)
				stale = true
			}
			continue
		}
		if err := atomicfile.WriteFile(path, files[name]); err != nil {
			fail(err)
		}
	}
	if stale {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}

// moduleRoot walks up from the working directory to the directory holding
// go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// refusal is one row of the catalogue's refusal table.
type refusal struct {
	Code    string   `json:"code"`
	Message string   `json:"message"`
	Ops     []string `json:"ops"`
}

// Generate returns the generated files, by name, for the module at root.
func Generate(root string) (map[string][]byte, error) {
	refusals, err := readCatalogue(filepath.Join(root, "spec", "catalogue.json"))
	if err != nil {
		return nil, err
	}
	specText, err := os.ReadFile(filepath.Join(root, "spec", "toolhost.md"))
	if err != nil {
		return nil, err
	}
	objs, err := parseObjects(string(specText))
	if err != nil {
		return nil, err
	}
	g := &gen{codes: map[string]bool{}}
	for _, r := range refusals {
		g.codes[r.Code] = true
	}
	errorsGo, err := errorsFile(refusals)
	if err != nil {
		return nil, err
	}
	fieldsGo, err := g.fieldsFile(objs)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{"errors.go": errorsGo, "fields.go": fieldsGo}, nil
}

func readCatalogue(path string) ([]refusal, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cat struct {
		Contracts []struct {
			Contract string    `json:"contract"`
			Refusals []refusal `json:"refusals"`
		} `json:"contracts"`
	}
	if err := json.Unmarshal(data, &cat); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, k := range cat.Contracts {
		if k.Contract == "toolhost/1" {
			return k.Refusals, nil
		}
	}
	return nil, fmt.Errorf("%s: no contract toolhost/1", path)
}

// initialisms are written in capitals in Go names.
var initialisms = map[string]string{"id": "ID", "jcs": "JCS", "b64": "B64", "e1": "E1", "ms": "MS"}

// camel turns "registry_tools_max_argument_bytes" into
// "RegistryToolsMaxArgumentBytes".
func camel(s string) string {
	var b strings.Builder
	for _, part := range strings.Split(s, "_") {
		if part == "" {
			continue
		}
		if up, ok := initialisms[part]; ok {
			b.WriteString(up)
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// guardName is the Go variable of a refusal code: "toolhost.trust_keys_size"
// is ErrTrustKeysSize.
func guardName(code string) string {
	return "Err" + camel(strings.TrimPrefix(code, "toolhost."))
}

func errorsFile(refusals []refusal) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("package toolhost\n\nimport " + strconv.Quote(module.Package("reference/refusal")) + "\n\n")
	b.WriteString("// The closed refusal table of toolhost/1, in the order of spec/toolhost.md\n")
	b.WriteString("// (\"Refusals\"), each a guard of its own: its code, its fixed message (which\n")
	b.WriteString("// names a path and never a value) and the operations that can give it.\n")
	b.WriteString("var (\n")
	seen := map[string]string{}
	for _, r := range refusals {
		name := guardName(r.Code)
		if prev, dup := seen[name]; dup {
			return nil, fmt.Errorf("codes %s and %s both make %s", prev, r.Code, name)
		}
		seen[name] = r.Code
		ops := "operations: " + strings.Join(r.Ops, ", ")
		if len(r.Ops) == allOps {
			ops = "every operation"
		}
		fmt.Fprintf(&b, "\t// %s refuses with %q\n\t// (%s; %s).\n", name, r.Message, r.Code, ops)
		fmt.Fprintf(&b, "\t%s = refusal.Guard{Contract: Contract, Code: %q, Message: %q}\n", name, r.Code, r.Message)
	}
	b.WriteString(")\n\n")
	b.WriteString("// Guards is the closed refusal table of toolhost/1 in table order, shared by\n")
	b.WriteString("// every operation. Callers must not modify it.\n")
	b.WriteString("var Guards = []refusal.Guard{\n")
	for _, r := range refusals {
		fmt.Fprintf(&b, "\t%s,\n", guardName(r.Code))
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// allOps is the number of operations of toolhost/1.
const allOps = 21

const header = "// Code generated by go run ./reference/toolhost/internal/gen; DO NOT EDIT.\n// Source: spec/toolhost.md and spec/catalogue.json.\n\n"

// field is one row of a field table (spec/toolhost.md, section 2).
type field struct {
	path     string // relative to the document: "keys[].key_id"
	name     string // the member name: "key_id"
	jsonType string // the JSON type column: "string", "object or null", ...
	kind     string // the kind column, as written
	children []*field
}

// object is one document (or a nested object's element type).
type object struct {
	doc    string // the document's envelope name: "trust"
	fields []*field
}

var (
	headingRE = regexp.MustCompile("^### 2\\.[0-9]+ `([a-z_]+)`: ")
	memberRE  = regexp.MustCompile("^`([a-z_]+(?:\\[\\])?(?:\\.[a-z_]+)?)`$")
)

// parseObjects reads the field tables of section 2.
func parseObjects(text string) ([]object, error) {
	lines := strings.Split(text, "\n")
	var objs []object
	for i := 0; i < len(lines); i++ {
		m := headingRE.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		o := object{doc: m[1]}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "| member |") {
			j++
		}
		if j >= len(lines) {
			return nil, fmt.Errorf("section 2, %s: no field table", o.doc)
		}
		for j += 2; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			cols := strings.Split(strings.Trim(lines[j], "|"), "|")
			if len(cols) != 4 {
				return nil, fmt.Errorf("section 2, %s: line %d has %d columns", o.doc, j+1, len(cols))
			}
			mm := memberRE.FindStringSubmatch(strings.TrimSpace(cols[0]))
			if mm == nil {
				return nil, fmt.Errorf("section 2, %s: line %d: member %q", o.doc, j+1, cols[0])
			}
			f := &field{path: mm[1], jsonType: strings.TrimSpace(cols[1]), kind: strings.TrimSpace(cols[2])}
			if k := strings.LastIndexByte(f.path, '.'); k >= 0 {
				parent := strings.TrimSuffix(f.path[:k], "[]")
				f.name = f.path[k+1:]
				var p *field
				for _, q := range o.fields {
					if q.path == parent {
						p = q
					}
				}
				if p == nil {
					return nil, fmt.Errorf("section 2, %s: %s has no parent row", o.doc, f.path)
				}
				p.children = append(p.children, f)
			} else {
				f.name = f.path
				o.fields = append(o.fields, f)
			}
		}
		objs = append(objs, o)
		i = j
	}
	if len(objs) != 12 {
		return nil, fmt.Errorf("section 2 has %d documents, want 12", len(objs))
	}
	return objs, nil
}

// gen writes fields.go.
type gen struct {
	b     bytes.Buffer
	codes map[string]bool
	err   error
}

// guard returns the Go name of the guard with code "toolhost.<code>", and
// records an error when the catalogue has no such code.
func (g *gen) guard(code string) string {
	full := "toolhost." + code
	if !g.codes[full] && g.err == nil {
		g.err = fmt.Errorf("the spec's field tables need %s, which the Refusals table lacks", full)
	}
	return guardName(full)
}

func (g *gen) p(format string, args ...any) { fmt.Fprintf(&g.b, format, args...) }

// codePath is a path as a code: "trust" and "keys[].key_id" give
// "trust_keys_key_id".
func codePath(doc, path string) string {
	if path == "" {
		return doc
	}
	return doc + "_" + strings.NewReplacer("[]", "", ".", "_").Replace(path)
}

// msgPath is a path as a message writes it: "trust.keys[].key_id".
func msgPath(doc, path string) string {
	if path == "" {
		return doc
	}
	return doc + "." + path
}

// refuse writes a refusal site: the guard refuses; ignored, the code goes
// on (section 5).
func (g *gen) refuse(cond, code, ret string) {
	name := g.guard(code)
	g.p("\tif %s {\n\t\tif err := c.Refuse(%s); err != nil {\n\t\t\treturn %serr\n\t\t}\n\t}\n", cond, name, ret)
}

// stand writes a refusal site with no accept path: ignored, the refusal
// stands (type guards and the timestamp shape; section 5).
func (g *gen) stand(cond, code, ret string) {
	name := g.guard(code)
	g.p("\tif %s {\n\t\tif err := c.Refuse(%s); err != nil {\n\t\t\treturn %serr\n\t\t}\n\t\treturn %s&refusal.Error{Guard: %s}\n\t}\n", cond, name, ret, ret, name)
}

var (
	intRE   = regexp.MustCompile(`^integer ([0-9]+)\.\.([0-9]+)$`)
	constRE = regexp.MustCompile("^const `([^`]+)`$")
	enumRE  = regexp.MustCompile("^enum: (.+)$")
	setRE   = regexp.MustCompile(`^set of (enum: (.+)|id); ([0-9]+)\.\.([0-9]+) members$`)
	arrRE   = regexp.MustCompile(`^array of objects; ([0-9]+)\.\.([0-9]+) elements$`)
	openRE  = regexp.MustCompile(`^open value: object, depth ([0-9]+), ([0-9]+) canonical bytes(, or ` + "`null`" + `)?$`)
)

// values reads "`a`, `b`" into a Go argument list `"a", "b"`.
func values(s string) (string, error) {
	var out []string
	for _, v := range strings.Split(s, ",") {
		v = strings.TrimSpace(v)
		if len(v) < 3 || v[0] != '`' || v[len(v)-1] != '`' {
			return "", fmt.Errorf("vocabulary item %q", v)
		}
		out = append(out, strconv.Quote(v[1:len(v)-1]))
	}
	return strings.Join(out, ", "), nil
}

// kindType is the Go condition of a wrong JSON type, for the JSON type
// column.
var kindType = map[string]string{
	"string":         "f.Kind != jsonvalue.String",
	"number":         "f.Kind != jsonvalue.Number",
	"boolean":        "!isBool(f)",
	"array":          "f.Kind != jsonvalue.Array",
	"object":         "f.Kind != jsonvalue.Object",
	"string or null": "f.Kind != jsonvalue.String && f.Kind != jsonvalue.Null",
	"object or null": "f.Kind != jsonvalue.Object && f.Kind != jsonvalue.Null",
}

// ordered are the arrays of objects with an order (section 1.5): the
// element comparisons, by path.
var ordered = map[string][2]string{
	"trust_keys":     {"keysRepeat", "keysDescending"},
	"registry_tools": {"toolsRepeat", "toolsDescending"},
}

func (g *gen) fieldsFile(objs []object) ([]byte, error) {
	g.b.WriteString(header)
	g.p("package toolhost\n\nimport (\n")
	for _, dir := range []string{"reference/ed25519", "reference/internal/civil", "reference/internal/jsonvalue", "reference/refusal"} {
		g.p("\t%s\n", strconv.Quote(module.Package(dir)))
	}
	g.p(")\n\n")
	for _, o := range objs {
		g.object(o.doc, "", o.fields)
	}
	if g.err != nil {
		return nil, g.err
	}
	out, err := format.Source(g.b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("fields.go does not format: %w", err)
	}
	return out, nil
}

// object writes the shape function of the object at path (the document
// when path is ""), then its fields' functions.
func (g *gen) object(doc, path string, fields []*field) {
	cp := codePath(doc, path)
	var names []string
	for _, f := range fields {
		names = append(names, strconv.Quote(f.name))
	}
	g.p("// shape%s is section 1.4 steps 1-3 for %s (closed, type pass, rule pass).\n", camel(cp), msgPath(doc, path))
	g.p("func shape%s(c *refusal.Checker, o *jsonvalue.Value) error {\n", camel(cp))
	g.refuse("hasUnknown(o, "+strings.Join(names, ", ")+")", cp+"_unknown", "")
	for _, f := range fields {
		g.p("\tif err := type%s(c, o); err != nil {\n\t\treturn err\n\t}\n", camel(codePath(doc, f.path)))
	}
	for _, f := range fields {
		g.p("\tif err := rules%s(c, get(o, %q)); err != nil {\n\t\treturn err\n\t}\n", camel(codePath(doc, f.path)), f.name)
	}
	g.p("\treturn nil\n}\n\n")
	g.p("// decl%s lists the members of %s, for its declared projection\n// (section 1.6).\n", camel(cp), msgPath(doc, path))
	g.p("var decl%s = decl{members: []string{%s}", camel(cp), strings.Join(names, ", "))
	var nested []string
	for _, f := range fields {
		if len(f.children) > 0 {
			sub := f.path
			if strings.HasPrefix(f.kind, "array") {
				sub += "[]"
			}
			nested = append(nested, fmt.Sprintf("%q: &decl%s", f.name, camel(codePath(doc, sub))))
		}
	}
	if len(nested) > 0 {
		g.p(", nested: map[string]*decl{%s}", strings.Join(nested, ", "))
	}
	g.p("}\n\n")
	for _, f := range fields {
		g.field(doc, f)
	}
}

// field writes the type and rule functions of one field.
func (g *gen) field(doc string, f *field) {
	cp := codePath(doc, f.path)
	cond, ok := kindType[f.jsonType]
	if !ok {
		g.fail("%s: JSON type %q", msgPath(doc, f.path), f.jsonType)
		return
	}
	g.p("// type%s is the type pass of %s: %s.\n", camel(cp), msgPath(doc, f.path), f.jsonType)
	g.p("func type%s(c *refusal.Checker, o *jsonvalue.Value) error {\n", camel(cp))
	g.stand("f := get(o, "+strconv.Quote(f.name)+"); f == nil || "+cond, cp+"_type", "")
	g.p("\treturn nil\n}\n\n")

	kind := f.kind
	nullable := strings.HasSuffix(kind, ", or `null`")
	kind = strings.TrimSuffix(kind, ", or `null`")
	if m := openRE.FindStringSubmatch(f.kind); m != nil {
		g.open(doc, f, m[1], m[2])
		return
	}
	if m := arrRE.FindStringSubmatch(kind); m != nil {
		g.array(doc, f, m[1], m[2])
		return
	}
	if kind == "closed object" {
		g.p("// rules%s is the rule pass of %s: a closed object%s.\n", camel(cp), msgPath(doc, f.path), orNull(nullable))
		g.p("func rules%s(c *refusal.Checker, f *jsonvalue.Value) error {\n", camel(cp))
		if nullable {
			g.p("\tif f.Kind == jsonvalue.Null {\n\t\treturn nil\n\t}\n")
		}
		g.p("\treturn shape%s(c, f)\n}\n\n", camel(cp))
		g.object(doc, f.path, f.children)
		return
	}
	if kind == "public-key" || kind == "base64url-32" || kind == "base64url-64" {
		n := "43"
		if kind == "base64url-64" {
			n = "86"
		}
		g.p("// b64%s is the base64url rules of %s (%s units); it returns the\n// decoded bytes.\n", camel(cp), msgPath(doc, f.path), n)
		g.p("func b64%s(c *refusal.Checker, f *jsonvalue.Value) ([]byte, error) {\n", camel(cp))
		g.refuse("len(f.Units) != "+n, cp+"_b64_length", "nil, ")
		g.refuse("!b64Alphabet(f.Units)", cp+"_b64_alphabet", "nil, ")
		g.refuse("!b64Canonical(f.Units)", cp+"_b64_canonical", "nil, ")
		g.p("\treturn b64Decode(f.Units), nil\n}\n\n")
	}
	g.p("// rules%s is the rule pass of %s: %s.\n", camel(cp), msgPath(doc, f.path), f.kind)
	g.p("func rules%s(c *refusal.Checker, f *jsonvalue.Value) error {\n", camel(cp))
	if nullable {
		g.p("\tif f.Kind == jsonvalue.Null {\n\t\treturn nil\n\t}\n")
	}
	switch m := (struct{ c, i, e, s []string }{constRE.FindStringSubmatch(kind), intRE.FindStringSubmatch(kind), enumRE.FindStringSubmatch(kind), setRE.FindStringSubmatch(kind)}); {
	case m.c != nil:
		g.refuse("!jsonvalue.EqualString(f.Units, "+strconv.Quote(m.c[1])+")", cp+"_const", "")
	case m.i != nil:
		g.refuse("hasFraction(f.Text)", cp+"_integer", "")
		if m.i[1] == "0" {
			g.refuse("!atMost(f.Text, "+m.i[2]+")", cp+"_range", "")
		} else {
			g.refuse("!inRange(f.Text, "+m.i[1]+", "+m.i[2]+")", cp+"_range", "")
		}
	case m.e != nil:
		vals, err := values(m.e[1])
		if err != nil {
			g.fail("%s: %v", msgPath(doc, f.path), err)
		}
		g.refuse("!oneOf(f.Units, "+vals+")", cp+"_vocabulary", "")
	case m.s != nil:
		g.refuse(sizeCond(m.s[3], m.s[4]), cp+"_size", "")
		g.p("\tfor i := range f.Elems {\n\t\te := &f.Elems[i]\n")
		g.stand("e.Kind != jsonvalue.String", cp+"_item_type", "")
		if m.s[1] == "id" {
			g.refuse("!idOK(e.Units)", cp+"_item_grammar", "")
		} else {
			vals, err := values(m.s[2])
			if err != nil {
				g.fail("%s: %v", msgPath(doc, f.path), err)
			}
			g.refuse("!oneOf(e.Units, "+vals+")", cp+"_item_vocabulary", "")
		}
		g.refuse("i > 0 && equalUnits(e.Units, f.Elems[i-1].Units)", cp+"_repeat", "")
		g.refuse("i > 0 && less(e.Units, f.Elems[i-1].Units)", cp+"_order", "")
		g.p("\t}\n")
	default:
		switch kind {
		case "`false`":
			g.refuse("f.Kind != jsonvalue.False", cp+"_const", "")
		case "boolean (any)":
		case "id", "runtime-version", "code", "schema-ref", "digest":
			pred := map[string]string{"id": "idOK", "runtime-version": "runtimeVersionOK", "code": "codeOK", "schema-ref": "schemaRefOK", "digest": "digestOK"}[kind]
			g.refuse("!"+pred+"(f.Units)", cp+"_grammar", "")
		case "device-id":
			g.refuse("!idOK(f.Units)", cp+"_grammar", "")
			g.refuse("!scdevOK(f.Units)", cp+"_namespace", "")
		case "origin":
			g.refuse("!originOK(f.Units)", cp+"_origin", "")
		case "timestamp":
			g.stand("!civil.Shape(f.Units)", cp+"_shape", "")
			g.refuse("!realInstant(f.Units)", cp+"_instant", "")
		case "text":
			g.p("\tfor i := 0; i < len(f.Units); {\n\t\t_, n, lone := jsonvalue.At(f.Units, i)\n")
			g.refuse("jsonvalue.IsControl(f.Units[i])", cp+"_control", "")
			g.refuse("lone", cp+"_surrogate", "")
			g.p("\t\ti += n\n\t}\n")
			g.refuse("!textLengthOK(f.Units)", cp+"_length", "")
		case "display":
			g.refuse("!printable(f.Units)", cp+"_display_char", "")
			g.refuse("!displayLengthOK(f.Units)", cp+"_display_length", "")
		case "base64url-32", "base64url-64":
			g.p("\t_, err := b64%s(c, f)\n\treturn err\n}\n\n", camel(cp))
			return
		case "public-key":
			g.p("\tkey, err := b64%s(c, f)\n\tif err != nil {\n\t\treturn err\n\t}\n", camel(cp))
			g.refuse("len(key) == 32 && !ed25519.CanonicalY(key)", cp+"_key_noncanonical", "")
			g.refuse("len(key) == 32 && ed25519.SmallOrder(key)", cp+"_key_small_order", "")
		default:
			g.fail("%s: kind %q", msgPath(doc, f.path), f.kind)
		}
	}
	g.p("\treturn nil\n}\n\n")
}

// sizeCond is the condition of a size rule LO..HI; with LO 0 there is no
// lower bound to write (a length is never negative), so no mutant of it is
// equivalent.
func sizeCond(lo, hi string) string {
	if lo == "0" {
		return "len(f.Elems) > " + hi
	}
	return "n := len(f.Elems); n < " + lo + " || n > " + hi
}

func orNull(nullable bool) string {
	if nullable {
		return ", or null"
	}
	return ""
}

func (g *gen) fail(format string, args ...any) {
	if g.err == nil {
		g.err = fmt.Errorf(format, args...)
	}
}

// array writes the rule function of an array of objects, and its element
// object.
func (g *gen) array(doc string, f *field, lo, hi string) {
	cp := codePath(doc, f.path)
	g.p("// rules%s is the rule pass of %s: %s (section 1.5).\n", camel(cp), msgPath(doc, f.path), f.kind)
	g.p("func rules%s(c *refusal.Checker, f *jsonvalue.Value) error {\n", camel(cp))
	g.refuse(sizeCond(lo, hi), cp+"_size", "")
	g.p("\tfor i := range f.Elems {\n\t\te := &f.Elems[i]\n")
	g.stand("e.Kind != jsonvalue.Object", cp+"_item_type", "")
	g.p("\t\tif err := shape%s(c, e); err != nil {\n\t\t\treturn err\n\t\t}\n", camel(cp))
	if cmp, ok := ordered[cp]; ok {
		g.refuse("i > 0 && "+cmp[0]+"(&f.Elems[i-1], e)", cp+"_repeat", "")
		g.refuse("i > 0 && "+cmp[1]+"(&f.Elems[i-1], e)", cp+"_order", "")
	}
	g.p("\t}\n\treturn nil\n}\n\n")
	g.object(doc, f.path+"[]", f.children)
}

// open writes the rule function of an open value and its walk (section
// 1.8).
func (g *gen) open(doc string, f *field, depth, bytes string) {
	cp := codePath(doc, f.path)
	g.p("// rules%s is the rule pass of %s: %s (section 1.8).\n", camel(cp), msgPath(doc, f.path), f.kind)
	g.p("func rules%s(c *refusal.Checker, f *jsonvalue.Value) error {\n", camel(cp))
	g.p("\tif f.Kind != jsonvalue.Object {\n\t\treturn nil\n\t}\n")
	g.p("\tif err := walk%s(c, f, 1); err != nil {\n\t\treturn err\n\t}\n", camel(cp))
	g.p("\tcanon, err := jcs(c, f)\n\tif err != nil {\n\t\treturn err\n\t}\n")
	g.refuse("len(canon) > "+bytes, cp+"_bytes", "")
	g.p("\treturn nil\n}\n\n")
	g.p("// walk%s walks %s in document order, v at depth (the value itself is\n// at depth 1), member names before their values.\n", camel(cp), msgPath(doc, f.path))
	g.p("func walk%s(c *refusal.Checker, v *jsonvalue.Value, depth int) error {\n", camel(cp))
	g.refuse("(v.Kind == jsonvalue.Array || v.Kind == jsonvalue.Object) && depth > "+depth, cp+"_depth", "")
	g.refuse("v.Kind == jsonvalue.Number && !safeUnsigned(v.Text)", cp+"_number", "")
	g.refuse("v.Kind == jsonvalue.String && !validString(v.Units)", cp+"_string", "")
	g.p("\tfor i := range v.Elems {\n")
	g.refuse("i >= 32", cp+"_array", "")
	g.p("\t\tif err := walk%s(c, &v.Elems[i], depth+1); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n", camel(cp))
	g.p("\tfor i := range v.Members {\n")
	g.refuse("!validString(v.Members[i].Name)", cp+"_string", "")
	g.p("\t\tif err := walk%s(c, &v.Members[i].Value, depth+1); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n", camel(cp))
	g.p("\treturn nil\n}\n\n")
}
