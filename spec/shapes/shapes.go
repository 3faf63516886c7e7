// Package shapes is public: the declaration format of a contract's closed
// objects (spec/README.md, "Shapes"), the one machine-readable statement of
// each object's members, in order, with their JSON type, nullability and
// rules, each rule tied to the refusal code it gives. It lives in
// spec/<name>/shapes.json, and the Go reference's interpreter
// (reference/internal/shape), the vector generator and the fuzz generator
// read it; the mirrors never do (they are written from the spec's prose).
//
// This package parses and checks a declaration, and makes its row mutants
// (mutation/README.md, "Row mutants"). It knows nothing of what a named
// check means; the interpreter does. It is public, beside the catalogue it
// describes: it promises the format (Decl and its members, Parse, Encode,
// Rows, Mutate); the Go reference, itself public, reads its declarations
// through it. It depends on nothing of conform.
package shapes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// Format is the version of the declaration format, the value of the
// top-level member "conform_shapes".
const Format = 1

// The procedures (Decl.Order): in which order an object's guards run.
const (
	// Passes is the closed check, then the type pass over every member in
	// table order, then the rule pass over every member in table order
	// (the procedure of a contract that validates a document in passes).
	Passes = "passes"
	// Fields is the closed check, then for each member in table order its
	// presence, its type and its rules (the procedure of a contract whose
	// fields are checked one by one).
	Fields = "fields"
)

// The JSON types a member or an element may have (Member.Type).
var jsonTypes = map[string]bool{"string": true, "number": true, "boolean": true, "array": true, "object": true, "any": true}

// The rule kinds (Rule.Rule).
const (
	// RuleConst: the string's units equal Value.
	RuleConst = "const"
	// RuleFalse: the value is the literal false.
	RuleFalse = "false"
	// RuleEnum: the string's units equal one of Values.
	RuleEnum = "enum"
	// RuleSize: the array has Min to Max elements.
	RuleSize = "size"
	// RuleEach: every element, in order, has type Type (TypeCode, standing)
	// and passes Rules.
	RuleEach = "each"
	// RuleAfter: inside Each, from the second element on, the named pairwise
	// Check of the previous and the current element holds (it reports a
	// defect: a repeat, a descent).
	RuleAfter = "after"
	// RuleObject: the value is validated as the closed object Object.
	RuleObject = "object"
	// RuleCheck: the contract's named check Check, with Args and bounds
	// Min..Max, refusing with Code or one of Codes.
	RuleCheck = "check"
)

// Decl is one contract's declaration.
type Decl struct {
	Format   int    `json:"conform_shapes"`
	Contract string `json:"contract"`
	// Order is Passes or Fields.
	Order string `json:"order"`
	// Fields are member definitions shared by several objects, by key; an
	// object's member {"use": key} stands for Fields[key].
	Fields  map[string]*Member `json:"fields,omitempty"`
	Objects []*Object          `json:"objects"`
}

// Object is one closed object.
type Object struct {
	// Name is how code and other rules name it: "trust", "trust.keys[]".
	Name string `json:"name"`
	// Unknown is the code of a member whose name is not in Members.
	Unknown string `json:"unknown"`
	// Type, when set, is the code of a value that is not an object
	// (standing: it has no accept path).
	Type string `json:"type,omitempty"`
	// Missing, when set, is the code of an absent member, checked before
	// its type; without it an absent member fails its type.
	Missing string    `json:"missing,omitempty"`
	Members []*Member `json:"members"`
}

// Member is one member of an object.
type Member struct {
	// Use names a shared definition (Decl.Fields); nothing else is set.
	Use  string `json:"use,omitempty"`
	Name string `json:"name,omitempty"`
	// Type is a JSON type; Nullable lets null pass the type and every rule.
	Type     string `json:"type,omitempty"`
	Nullable bool   `json:"nullable,omitempty"`
	// Optional lets the member be absent: an absent optional member passes
	// its presence, its type and every rule (every member is required
	// otherwise).
	Optional bool `json:"optional,omitempty"`
	// TypeCode refuses a member absent or not of Type. It stands: ignored,
	// the refusal is still given.
	TypeCode string `json:"type_code,omitempty"`
	Rules    []Rule `json:"rules,omitempty"`
	// Kind and Note are the spec table's prose for the member.
	Kind string `json:"kind,omitempty"`
	Note string `json:"note,omitempty"`
}

// Rule is one rule of a member, in rule order.
type Rule struct {
	Rule string `json:"rule"`
	// Check names the contract's check (Check) or pairwise comparison
	// (After); Args are its arguments.
	Check string   `json:"check,omitempty"`
	Args  []string `json:"args,omitempty"`
	// Value is a Const's pinned string; Values an Enum's members.
	Value  string   `json:"value,omitempty"`
	Values []string `json:"values,omitempty"`
	// Min and Max are decimal bounds (Size, and Check when bounded).
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`
	// Type and TypeCode are an element's, and Rules its rules (Each).
	Type     string `json:"type,omitempty"`
	TypeCode string `json:"type_code,omitempty"`
	Rules    []Rule `json:"rules,omitempty"`
	// Object names the closed object the value is validated as (Object).
	Object string `json:"object,omitempty"`
	// Code is the refusal the rule gives; Codes, for a check that gives
	// several, in the check's own order.
	Code  string   `json:"code,omitempty"`
	Codes []string `json:"codes,omitempty"`
	// Stands marks a rule whose refusal stands when its guard is ignored.
	Stands bool `json:"stands,omitempty"`

	// Loosened and Flipped are set by a row mutant only (Decl.Mutate):
	// the code of a check's clause that passes, and a pinned false that
	// pins true.
	Loosened string `json:"-"`
	Flipped  bool   `json:"-"`
}

// Bounds returns Min and Max as exact integers, nil where absent (Parse
// has checked that they are decimals).
func (r *Rule) Bounds() (lo, hi *big.Int) {
	if r.Min != "" {
		lo, _ = new(big.Int).SetString(r.Min, 10)
	}
	if r.Max != "" {
		hi, _ = new(big.Int).SetString(r.Max, 10)
	}
	return lo, hi
}

// AllCodes returns the rule's codes: Code, then Codes, then TypeCode.
func (r Rule) AllCodes() []string {
	var out []string
	if r.Code != "" {
		out = append(out, r.Code)
	}
	out = append(out, r.Codes...)
	if r.TypeCode != "" {
		out = append(out, r.TypeCode)
	}
	return out
}

// Parse reads a declaration from data (the file name names it in errors),
// resolves every {"use": key} member and checks it: the format, the
// order, that every object is named once, that every Object rule names a
// declared object, and that every rule is well formed. codes, when not
// nil, is the contract's refusal table: every code the declaration gives
// must be in it. It never panics.
func Parse(name string, data []byte, codes map[string]bool) (*Decl, error) {
	if err := strict(name, data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var d Decl
	if err := dec.Decode(&d); err != nil {
		return nil, decodeErr(name, data, err)
	}
	if d.Format != Format {
		return nil, fmt.Errorf("%s: conform_shapes is %d, want %d", name, d.Format, Format)
	}
	if d.Order != Passes && d.Order != Fields {
		return nil, fmt.Errorf("%s: order %q is neither %q nor %q", name, d.Order, Passes, Fields)
	}
	objects := map[string]bool{}
	for _, o := range d.Objects {
		if o == nil || o.Name == "" || objects[o.Name] {
			return nil, fmt.Errorf("%s: an object is unnamed or named twice", name)
		}
		if strings.ContainsAny(o.Name, "/ ") || strings.HasSuffix(o.Name, ".") || strings.HasPrefix(o.Name, ".") {
			return nil, fmt.Errorf("%s: object %q: a name holds no '/' or space and neither starts nor ends with '.' (row ids are built from it)", name, o.Name)
		}
		objects[o.Name] = true
	}
	for k, f := range d.Fields {
		if f == nil || f.Use != "" {
			return nil, fmt.Errorf("%s: field %q is null or a use", name, k)
		}
	}
	p := &checker{file: name, decl: &d, objects: objects, codes: codes}
	for _, o := range d.Objects {
		p.code(o.Name, o.Unknown, true)
		p.code(o.Name, o.Type, false)
		p.code(o.Name, o.Missing, false)
		seen := map[string]bool{}
		for i, m := range o.Members {
			if m == nil {
				return nil, fmt.Errorf("%s: %s: member %d is null", name, o.Name, i)
			}
			if m.Use != "" {
				def, ok := d.Fields[m.Use]
				if !ok || m.Name != "" || m.Type != "" || m.TypeCode != "" || len(m.Rules) > 0 || m.Optional || m.Nullable {
					return nil, fmt.Errorf("%s: %s: member %d uses %q, which is not a lone use of a declared field", name, o.Name, i, m.Use)
				}
				o.Members[i] = def
				m = def
			}
			if m.Name == "" || seen[m.Name] {
				return nil, fmt.Errorf("%s: %s: member %d is unnamed or named twice", name, o.Name, i)
			}
			seen[m.Name] = true
			p.member(o.Name+"."+m.Name, m)
		}
	}
	for k, f := range d.Fields {
		p.member("fields."+k, f) // used or not, a definition is checked
	}
	if p.err == nil {
		p.cycles()
	}
	if p.err != nil {
		return nil, p.err
	}
	return &d, nil
}

// checker collects the first defect of a declaration.
type checker struct {
	file    string
	decl    *Decl
	objects map[string]bool
	codes   map[string]bool
	err     error
}

func (p *checker) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(p.file+": "+format, args...)
	}
}

func (p *checker) code(where, code string, required bool) {
	switch {
	case code == "" && required:
		p.fail("%s: a code is missing", where)
	case code != "" && p.codes != nil && !p.codes[code]:
		p.fail("%s: code %s is not in the contract's refusal table", where, code)
	}
}

// member checks one member: its name (row ids are built from it), its
// type, its type code, its prose (one table cell each) and its rules.
func (p *checker) member(where string, m *Member) {
	if strings.ContainsAny(m.Name, "./[] ") {
		p.fail("%s: a member name holds no '.', '/', '[', ']' or space (row ids are built from it)", where)
	}
	if !jsonTypes[m.Type] {
		p.fail("%s: type %q", where, m.Type)
	}
	for _, prose := range []string{m.Kind, m.Note} {
		if strings.ContainsAny(prose, "|\n\r") {
			p.fail("%s: kind and note are one table cell each: no '|' and no line break", where)
		}
	}
	p.code(where, m.TypeCode, true)
	p.rules(where, m.Type, m.Rules, false)
}

// fits lists, per rule kind, the JSON types of the value it applies to
// ("" for any) and the fields it may set besides rule.
var fits = map[string]struct {
	types  string
	fields string
}{
	RuleConst:  {"string", "value code stands"},
	RuleFalse:  {"boolean", "code stands"},
	RuleEnum:   {"string", "values code stands"},
	RuleSize:   {"array", "min max code stands"},
	RuleEach:   {"array", "type type_code rules"},
	RuleAfter:  {"", "check code stands"},
	RuleObject: {"object", "object"},
	RuleCheck:  {"", "check args min max code codes stands"},
}

// rules checks rules of a value of JSON type typ.
func (p *checker) rules(where, typ string, rules []Rule, inEach bool) {
	for _, r := range rules {
		fit, ok := fits[r.Rule]
		if !ok {
			p.fail("%s: rule %q", where, r.Rule)
			continue
		}
		if fit.types != "" && typ != fit.types && typ != "any" {
			p.fail("%s: a %s rule applies to %s, not to %s", where, r.Rule, fit.types, typ)
		}
		for field, set := range map[string]bool{"value": r.Value != "", "values": len(r.Values) > 0, "min": r.Min != "", "max": r.Max != "",
			"type": r.Type != "", "type_code": r.TypeCode != "", "rules": len(r.Rules) > 0, "object": r.Object != "", "check": r.Check != "",
			"args": len(r.Args) > 0, "code": r.Code != "", "codes": len(r.Codes) > 0, "stands": r.Stands} {
			if set && !strings.Contains(" "+fit.fields+" ", " "+field+" ") {
				p.fail("%s: a %s rule has no %s", where, r.Rule, field)
			}
		}
		if (r.Min != "" && !decimal(r.Min)) || (r.Max != "" && !decimal(r.Max)) {
			p.fail("%s: bounds %q..%q are not decimals without leading zeros", where, r.Min, r.Max)
		} else if lo, hi := r.Bounds(); lo != nil && hi != nil && lo.Cmp(hi) > 0 {
			p.fail("%s: min %s is above max %s", where, r.Min, r.Max)
		}
		if r.Code != "" && len(r.Codes) > 0 {
			p.fail("%s: a rule gives code or codes, not both", where)
		}
		dup := map[string]bool{}
		for _, v := range append(append([]string(nil), r.Values...), r.Codes...) {
			if dup[v] {
				p.fail("%s: %q is listed twice", where, v)
			}
			dup[v] = true
		}
		switch r.Rule {
		case RuleEnum:
			if len(r.Values) == 0 {
				p.fail("%s: an enum without values", where)
			}
		case RuleSize:
			if lo, _ := r.Bounds(); lo == nil || r.Max == "" || lo.Sign() < 0 {
				p.fail("%s: size bounds %q..%q", where, r.Min, r.Max)
			}
		case RuleCheck, RuleAfter:
			if r.Check == "" {
				p.fail("%s: a %s rule without a check", where, r.Rule)
			}
		case RuleEach:
			if !jsonTypes[r.Type] {
				p.fail("%s: element type %q", where, r.Type)
			}
			p.code(where+"[]", r.TypeCode, true)
			p.rules(where+"[]", r.Type, r.Rules, true)
		case RuleObject:
			if !p.objects[r.Object] {
				p.fail("%s: object %q is not declared", where, r.Object)
			}
		}
		if r.Rule == RuleAfter && !inEach {
			p.fail("%s: an after rule outside each", where)
		}
		if r.Rule != RuleEach && r.Rule != RuleObject && len(r.AllCodes()) == 0 {
			p.fail("%s: a %s rule without a code", where, r.Rule)
		}
		for _, c := range r.AllCodes() {
			p.code(where, c, false)
		}
	}
}

// cycles fails when an object contains itself through object rules: the
// declaration of a closed object is finite, and so are its table and its
// validation.
func (p *checker) cycles() {
	state := map[string]int{} // 1 on the path, 2 done
	var visit func(name string, path []string)
	visit = func(name string, path []string) {
		switch state[name] {
		case 1:
			p.fail("object %s contains itself: %s", name, strings.Join(append(path, name), " > "))
			return
		case 2:
			return
		}
		state[name] = 1
		o := p.decl.Object(name)
		var walk func(rs []Rule)
		walk = func(rs []Rule) {
			for _, r := range rs {
				if r.Rule == RuleObject {
					visit(r.Object, append(path, name))
				}
				walk(r.Rules)
			}
		}
		for _, m := range o.Members {
			walk(m.Rules)
		}
		state[name] = 2
	}
	for _, o := range p.decl.Objects {
		visit(o.Name, nil)
	}
}

// decimal reports whether s is a decimal integer as it is written once:
// an optional '-', then 0 or digits without a leading zero ("-0" is not).
func decimal(s string) bool {
	d := strings.TrimPrefix(s, "-")
	if d == "" || d == "0" && d != s || len(d) > 1 && d[0] == '0' || len(d) > 30 {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// Object returns the object named name, or nil.
func (d *Decl) Object(name string) *Object {
	for _, o := range d.Objects {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Member returns the member named name, or nil.
func (o *Object) Member(name string) *Member {
	for _, m := range o.Members {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// Codes returns every code the declaration gives, each once, in
// declaration order.
func (d *Decl) Codes() []string {
	var out []string
	seen := map[string]bool{}
	add := func(cs ...string) {
		for _, c := range cs {
			if c != "" && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	var walk func([]Rule)
	walk = func(rs []Rule) {
		for _, r := range rs {
			add(r.AllCodes()...)
			walk(r.Rules)
		}
	}
	for _, o := range d.Objects {
		add(o.Unknown, o.Type, o.Missing)
		for _, m := range o.Members {
			add(m.TypeCode)
			walk(m.Rules)
		}
	}
	return out
}

// Encode returns d in its one written form: the top-level members, then
// each shared field and each object's members one to a line, so that a
// review reads a declaration row by row and a refusal code's line is its
// row's. The "use" members of the objects are written back as uses.
func (d *Decl) Encode() ([]byte, error) {
	var b bytes.Buffer
	line := func(prefix string, v any, last bool) error {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.WriteString(prefix)
		b.Write(data)
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
		return nil
	}
	fmt.Fprintf(&b, "{\n  \"conform_shapes\": %d,\n  \"contract\": %q,\n  \"order\": %q,\n", d.Format, d.Contract, d.Order)
	if len(d.Fields) > 0 {
		b.WriteString("  \"fields\": {\n")
		keys := make([]string, 0, len(d.Fields))
		for k := range d.Fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for i, k := range keys {
			name, _ := json.Marshal(k)
			if err := line("    "+string(name)+": ", d.Fields[k], i == len(keys)-1); err != nil {
				return nil, err
			}
		}
		b.WriteString("  },\n")
	}
	b.WriteString("  \"objects\": [\n")
	for i, o := range d.Objects {
		head, err := json.Marshal(struct {
			Name    string `json:"name"`
			Unknown string `json:"unknown"`
			Type    string `json:"type,omitempty"`
			Missing string `json:"missing,omitempty"`
		}{o.Name, o.Unknown, o.Type, o.Missing})
		if err != nil {
			return nil, err
		}
		b.Write([]byte("    "))
		b.Write(head[:len(head)-1])
		b.WriteString(", \"members\": [\n")
		for j, m := range o.Members {
			v := any(m)
			for k, def := range d.Fields {
				if def == m {
					v = Member{Use: k}
				}
			}
			if err := line("      ", v, j == len(o.Members)-1); err != nil {
				return nil, err
			}
		}
		b.WriteString("    ]}")
		if i < len(d.Objects)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ]\n}\n")
	return b.Bytes(), nil
}
