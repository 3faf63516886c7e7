// Package shape is the one interpreter of the shapes declarations
// (spec/<name>/shapes.json; format: package spec/shapes): it validates
// a JSON value as one of a contract's closed objects, refusing through the
// contract's guards, in the order the declaration states (the closed check,
// the type pass, the rule pass; or member by member). Every contract whose
// objects are declared uses it; what a named check means is the
// contract's own Go (Checks), and cross-object checks and gates stay
// hand-written in the contract's package.
//
// Each rule is a guard: ignored (refusal.Ignoring), a rule lets its value
// pass and validation goes on, except a type rule or a rule marked
// "stands", whose refusal is given anyway (no accept path). A row mutant
// (mutation/README.md, "Row mutants") is applied when the process starts
// with shapes.MutantEnv set to "<contract> <row id>", or, in a schemata
// build, while refusal.RowMutant names it (the audit's mutant switch).
package shape

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
	"sync"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// A Check is one named check of a contract (a Rule with rule "check").
// Exactly one of its functions is set.
type Check struct {
	// Holds reports whether v, of the member's type and not null, passes
	// rule r; a check with one code.
	Holds func(v *jsonvalue.Value, r *shapes.Rule) bool
	// Run checks v against rule r, calling refuse(i) for a defect of
	// r.Codes[i] and returning its error when that is not nil (refuse
	// returns nil when the guard is ignored, and Run goes on); a check
	// with several codes, in the check's own order.
	Run func(c *refusal.Checker, v *jsonvalue.Value, r *shapes.Rule, refuse func(i int) error) error
	// Args is how many arguments the check reads from a rule (r.Args;
	// -1: one or more); Codes how many codes a Run check gives (r.Codes,
	// in its order); Bounds which bounds it reads: "" none, "max" the max,
	// "both" the min and the max, each from 0 to 2^63-1. New holds every
	// rule that names the check to them, so that a declaration can never
	// make a check read what is not there.
	Args   int
	Codes  int
	Bounds string
}

// A Pair is a named comparison of two successive elements (a Rule with
// rule "after"): it reports a defect of cur after prev.
type Pair func(prev, cur *jsonvalue.Value) bool

// Set is one contract's declaration ready to validate with.
type Set struct {
	decl    *shapes.Decl
	mutant  *shapes.Row
	guards  map[string]refusal.Guard
	checks  map[string]Check
	pairs   map[string]Pair
	objects map[string]*shapes.Object
	// fixed marks a Set made for one row mutant of the switch: it is
	// what it validates with, whatever the switch says.
	fixed bool
	// variants caches, by row id, the Set of each row mutant the switch
	// has applied (variant).
	variants sync.Map
}

// Load reads the declaration of contract ("<name>/<version>") from the
// spec package, checks that every code it gives is one of guards and that
// every check and pair it names is in checks or pairs, and applies the row
// mutant shapes.MutantEnv names for contract, if any. It fails naming the
// declaration's defect.
func Load(contract string, guards []refusal.Guard, checks map[string]Check, pairs map[string]Pair) (*Set, error) {
	name, _, _ := strings.Cut(contract, "/")
	data, ok := spec.Shapes(name)
	if !ok {
		return nil, fmt.Errorf("%s has no spec/%s/shapes.json", contract, name)
	}
	codes := map[string]bool{}
	for _, g := range guards {
		codes[g.Code] = true
	}
	d, err := shapes.Parse("spec/"+name+"/shapes.json", data, codes)
	if err != nil {
		return nil, err
	}
	if d.Contract != contract {
		return nil, fmt.Errorf("spec/%s/shapes.json declares %s, not %s", name, d.Contract, contract)
	}
	var row *shapes.Row
	if env, ok := os.LookupEnv(shapes.MutantEnv); ok {
		if c, id, _ := strings.Cut(env, " "); c == contract {
			m, r, err := d.Mutate(id)
			if err != nil {
				// A row the declaration lacks mutates nothing; a panic at
				// package initialisation would take the whole program
				// down for a mistyped variable.
				fmt.Fprintf(os.Stderr, "conform: %s: %v; no row mutant is active\n", shapes.MutantEnv, err)
			} else {
				d, row = m, &r
			}
		}
	}
	s, err := New(d, guards, checks, pairs, row)
	if err == nil {
		refusal.RegisterRows(contract, func(id string) error { _, err := s.variant(id); return err })
	}
	return s, err
}

// New returns the Set of the parsed declaration d (package
// spec/shapes), refusing with guards, with the active row mutant row
// (nil for none) already applied to d. It fails when d gives a code that
// guards lack, or names a check or pair that checks or pairs lack.
func New(d *shapes.Decl, guards []refusal.Guard, checks map[string]Check, pairs map[string]Pair, row *shapes.Row) (*Set, error) {
	s := &Set{decl: d, mutant: row, guards: map[string]refusal.Guard{}, checks: checks, pairs: pairs, objects: map[string]*shapes.Object{}}
	for _, g := range guards {
		s.guards[g.Code] = g
	}
	for _, code := range d.Codes() {
		if _, ok := s.guards[code]; !ok {
			return nil, fmt.Errorf("%s: no guard has code %s", d.Contract, code)
		}
	}
	for _, o := range d.Objects {
		s.objects[o.Name] = o
		for _, m := range o.Members {
			if err := s.prepare(o.Name+"."+m.Name, m.Rules); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// MustLoad is Load for a package's init: the declarations are embedded and
// tested, so an error is a broken build and panics.
func MustLoad(contract string, guards []refusal.Guard, checks map[string]Check, pairs map[string]Pair) *Set {
	s, err := Load(contract, guards, checks, pairs)
	if err != nil {
		panic(err)
	}
	return s
}

// prepare checks that the checks and pairs rules name exist.
func (s *Set) prepare(where string, rules []shapes.Rule) error {
	for i := range rules {
		r := &rules[i]
		switch r.Rule {
		case shapes.RuleCheck:
			ck, ok := s.checks[r.Check]
			if !ok || (ck.Holds == nil) == (ck.Run == nil) {
				return fmt.Errorf("%s: check %q is not one of the contract's", where, r.Check)
			}
			if err := ck.fits(r); err != nil {
				return fmt.Errorf("%s: check %q: %v", where, r.Check, err)
			}
		case shapes.RuleAfter:
			if s.pairs[r.Check] == nil {
				return fmt.Errorf("%s: pair %q is not one of the contract's", where, r.Check)
			}
		}
		if err := s.prepare(where+"[]", r.Rules); err != nil {
			return err
		}
	}
	return nil
}

// Decl returns the declaration (with the active row mutant applied).
// Callers must not modify it.
func (s *Set) Decl() *shapes.Decl { return s.current().decl }

// Mutant returns the active row mutant, or nil.
func (s *Set) Mutant() *shapes.Row { return s.current().mutant }

// current is the Set to validate with: s, or, while the mutant switch
// (refusal.RowMutant) names a row of this contract, the Set of that row
// mutant, made once. A row the declaration lacks mutates nothing.
func (s *Set) current() *Set {
	if s.fixed {
		return s
	}
	r := refusal.RowMutant()
	if r == "" {
		return s
	}
	contract, id, _ := strings.Cut(r, " ")
	if contract != s.decl.Contract {
		return s
	}
	if v, err := s.variant(id); err == nil {
		return v
	}
	// The switch activates only a row that applies (refusal.SetMutant);
	// this is a Set not loaded through Load.
	return s
}

// variant returns the Set of s's declaration with row mutant id applied,
// made once: an error when the declaration lacks the row or the mutated
// declaration does not build (New). Only a Set is kept: the ids that fail
// are whatever a caller of the switch sends, and are not remembered.
func (s *Set) variant(id string) (*Set, error) {
	if v, ok := s.variants.Load(id); ok {
		return v.(*Set), nil
	}
	d, row, err := s.decl.Mutate(id)
	if err != nil {
		return nil, err
	}
	guards := make([]refusal.Guard, 0, len(s.guards))
	for _, g := range s.guards {
		guards = append(guards, g)
	}
	m, err := New(d, guards, s.checks, s.pairs, &row)
	if err != nil {
		return nil, err
	}
	m.fixed = true
	s.variants.Store(id, m)
	return m, nil
}

// reach tells the mutant switch that object was validated, so that a row
// mutant is tried only on the vectors that reach its object.
func (s *Set) reach(object string) {
	if refusal.Schemata() {
		refusal.ReachRow(s.decl.Contract + " " + object)
	}
}

// Validate validates v as the object named object: its own type when the
// object declares one, the closed check, then its members in the
// declaration's order. It returns nil, or the first refusal (a
// *refusal.Error of one of the contract's guards); an unknown object name
// is an error, never a panic.
func (s *Set) Validate(c *refusal.Checker, object string, v *jsonvalue.Value) error {
	s = s.current()
	s.reach(object)
	o := s.objects[object]
	if o == nil {
		return fmt.Errorf("%s declares no object %q", s.decl.Contract, object)
	}
	if o.Type != "" && v.Kind != jsonvalue.Object {
		return s.refuse(c, o.Type, true)
	}
	if o.Unknown != "" && hasUnknown(v, o) {
		if err := s.refuse(c, o.Unknown, false); err != nil {
			return err
		}
	}
	if s.decl.Order == shapes.Passes {
		for _, m := range o.Members {
			if err := s.typeOf(c, m, get(v, m.Name)); err != nil {
				return err
			}
		}
		for _, m := range o.Members {
			if err := s.rules(c, m, get(v, m.Name)); err != nil {
				return err
			}
		}
		return nil
	}
	for _, m := range o.Members {
		f := get(v, m.Name)
		if f == nil && m.Optional {
			continue
		}
		if f == nil && o.Missing != "" {
			if err := s.refuse(c, o.Missing, false); err != nil {
				return err
			}
		}
		if err := s.typeOf(c, m, f); err != nil {
			return err
		}
		if err := s.rules(c, m, f); err != nil {
			return err
		}
	}
	return nil
}

// Type runs the type rule of member of object on the object o.
func (s *Set) Type(c *refusal.Checker, object, member string, o *jsonvalue.Value) error {
	s = s.current()
	s.reach(object)
	m, err := s.member(object, member)
	if err != nil {
		return err
	}
	return s.typeOf(c, m, get(o, member))
}

// Rule runs rule i of member of object on the member's value f (of the
// member's type).
func (s *Set) Rule(c *refusal.Checker, object, member string, i int, f *jsonvalue.Value) error {
	s = s.current()
	s.reach(object)
	m, err := s.member(object, member)
	if err != nil {
		return err
	}
	if i < 0 || i >= len(m.Rules) {
		return fmt.Errorf("%s.%s has no rule %d", object, member, i)
	}
	return s.rule(c, &m.Rules[i], f)
}

func (s *Set) member(object, member string) (*shapes.Member, error) {
	if o := s.objects[object]; o != nil {
		if m := o.Member(member); m != nil {
			return m, nil
		}
	}
	return nil, fmt.Errorf("%s declares no member %s.%s", s.decl.Contract, object, member)
}

// typeOf is the type rule of m on its value f (nil when absent): absent
// (unless m is optional) or of another type refuses with m's type code,
// which stands.
func (s *Set) typeOf(c *refusal.Checker, m *shapes.Member, f *jsonvalue.Value) error {
	if f == nil && m.Optional {
		return nil
	}
	if f == nil || !(typed(f, m.Type) || m.Nullable && f.Kind == jsonvalue.Null) {
		return s.refuse(c, m.TypeCode, true)
	}
	return nil
}

// rules runs m's rules on f in order; null passes them where m allows it,
// and so does an absent optional member.
func (s *Set) rules(c *refusal.Checker, m *shapes.Member, f *jsonvalue.Value) error {
	if f == nil && m.Optional || m.Nullable && f.Kind == jsonvalue.Null {
		return nil
	}
	for i := range m.Rules {
		if err := s.rule(c, &m.Rules[i], f); err != nil {
			return err
		}
	}
	return nil
}

// rule runs one rule on f.
func (s *Set) rule(c *refusal.Checker, r *shapes.Rule, f *jsonvalue.Value) error {
	switch r.Rule {
	case shapes.RuleConst:
		if !jsonvalue.EqualString(f.Units, r.Value) {
			return s.refuse(c, r.Code, r.Stands)
		}
	case shapes.RuleFalse:
		pinned := jsonvalue.False
		if r.Flipped {
			pinned = jsonvalue.True
		}
		if f.Kind != pinned {
			return s.refuse(c, r.Code, r.Stands)
		}
	case shapes.RuleEnum:
		if !oneOf(f.Units, r.Values) {
			return s.refuse(c, r.Code, r.Stands)
		}
	case shapes.RuleSize:
		lo, hi := r.Bounds()
		if n := big.NewInt(int64(len(f.Elems))); n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
			return s.refuse(c, r.Code, r.Stands)
		}
	case shapes.RuleEach:
		return s.each(c, r, f)
	case shapes.RuleObject:
		return s.Validate(c, r.Object, f)
	case shapes.RuleCheck:
		ck := s.checks[r.Check]
		if ck.Holds != nil {
			if !ck.Holds(f, r) {
				return s.refuse(c, r.Code, r.Stands)
			}
			return nil
		}
		return ck.Run(c, f, r, func(i int) error {
			if r.Codes[i] == r.Loosened {
				return nil
			}
			return s.refuse(c, r.Codes[i], r.Stands)
		})
	}
	return nil
}

// each runs an each rule: every element in order has the element type
// (standing) and passes the element rules, an after rule comparing it with
// the element before.
func (s *Set) each(c *refusal.Checker, r *shapes.Rule, f *jsonvalue.Value) error {
	for i := range f.Elems {
		e := &f.Elems[i]
		if !typed(e, r.Type) {
			return s.refuse(c, r.TypeCode, true)
		}
		for j := range r.Rules {
			sub := &r.Rules[j]
			if sub.Rule != shapes.RuleAfter {
				if err := s.rule(c, sub, e); err != nil {
					return err
				}
				continue
			}
			if i > 0 && s.pairs[sub.Check](&f.Elems[i-1], e) {
				if err := s.refuse(c, sub.Code, sub.Stands); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// refuse gives the guard of code through c. Ignored, it returns nil and
// the value goes on, unless stands: then the refusal is given anyway.
func (s *Set) refuse(c *refusal.Checker, code string, stands bool) error {
	g := s.guards[code]
	if err := c.Refuse(g); err != nil { // conform:rows — the declaration's rows are this site's guards
		return err
	}
	if stands {
		return &refusal.Error{Guard: g}
	}
	return nil
}

// typed reports whether v has the JSON type t ("any" is every value).
func typed(v *jsonvalue.Value, t string) bool {
	switch t {
	case "string":
		return v.Kind == jsonvalue.String
	case "number":
		return v.Kind == jsonvalue.Number
	case "boolean":
		return v.Kind == jsonvalue.True || v.Kind == jsonvalue.False
	case "array":
		return v.Kind == jsonvalue.Array
	case "object":
		return v.Kind == jsonvalue.Object
	}
	return t == "any"
}

// get returns member name of object o, or nil when o has none (or is not
// an object).
func get(o *jsonvalue.Value, name string) *jsonvalue.Value {
	f, ok := o.Get(name)
	if !ok {
		return nil
	}
	return f
}

// hasUnknown reports whether v has a member that o does not declare.
func hasUnknown(v *jsonvalue.Value, o *shapes.Object) bool {
	for i := range v.Members {
		known := false
		for _, m := range o.Members {
			if jsonvalue.EqualString(v.Members[i].Name, m.Name) {
				known = true
				break
			}
		}
		if !known {
			return true
		}
	}
	return false
}

func oneOf(u []uint16, values []string) bool {
	for _, v := range values {
		if jsonvalue.EqualString(u, v) {
			return true
		}
	}
	return false
}

// maxBound is the largest bound a check reads: what an int64 holds.
var maxBound = new(big.Int).SetUint64(1<<63 - 1)

// fits reports how rule r does not give check ck what it reads.
func (ck Check) fits(r *shapes.Rule) error {
	switch {
	case ck.Args >= 0 && len(r.Args) != ck.Args || ck.Args < 0 && len(r.Args) == 0:
		return fmt.Errorf("%d arguments, want %d", len(r.Args), ck.Args)
	case ck.Holds != nil && (r.Code == "" || len(r.Codes) > 0):
		return errors.New("it gives one code")
	case ck.Run != nil && len(r.Codes) != ck.Codes:
		return fmt.Errorf("%d codes, want %d", len(r.Codes), ck.Codes)
	}
	lo, hi := r.Bounds()
	wantLo, wantHi := ck.Bounds == "both", ck.Bounds == "both" || ck.Bounds == "max"
	if (lo != nil) != wantLo || (hi != nil) != wantHi {
		return fmt.Errorf("bounds %q..%q, want %s", r.Min, r.Max, map[string]string{"": "none", "max": "a max", "both": "a min and a max"}[ck.Bounds])
	}
	for _, b := range []*big.Int{lo, hi} {
		if b != nil && (b.Sign() < 0 || b.Cmp(maxBound) > 0) {
			return fmt.Errorf("bound %v is outside 0..2^63-1", b)
		}
	}
	return nil
}
