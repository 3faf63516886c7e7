package gen

// Declared defects: the structured fuzz mutations a shape declaration
// (spec/shapes) makes of a document by itself, for any contract. Each
// draws one place of the document from the declaration (a member of a
// closed object, nested ones included, or an element of an array member)
// and drops it, adds a member beside it, gives it a value of another JSON
// type, or gives it a value at or past one of its rules: a pinned value
// changed, an enum's other members, an array's size at and past its
// bounds, its elements repeated, reordered or of another type, a number at
// and past its bounds or in another spelling. A rule that is a named check
// takes its values from the contract's own pool (checkPool), which is all
// a contract writes for its members.

import (
	"math/big"
	"strings"
	"unicode/utf16"

	"github.com/conform-dev/conform/spec/shapes"
)

// checkPool draws a value for a member whose rule r is a named check
// (shapes.RuleCheck), at or past the check, or a valid other value (which
// a relation then meets); cur is the member's current value (it may be
// nil or of another type). It returns nil for a check it has no values
// for, and the declared defects then give a value of another type.
type checkPool func(s *Source, r shapes.Rule, cur *tv) *tv

// place is one value of a document with its declaration: a member of a
// closed object, or an element of an array member.
type place struct {
	parent *tv
	index  int // the member's index in parent, or the element's
	elem   bool
	// name is the member's name (an element's: its array member's).
	name string
	// typ and rules are the member's declared type and rules (an
	// element's: those of the array's each rule).
	typ   string
	rules []shapes.Rule
}

func (p place) value() *tv {
	if p.elem {
		return p.parent.elems[p.index]
	}
	return p.parent.vals[p.index]
}

func (p place) set(v *tv) {
	if p.elem {
		p.parent.elems[p.index] = v
		return
	}
	p.parent.vals[p.index] = v
}

// places lists the places of v, an instance of object o of d, and of its
// nested closed objects and arrays, in document order. A member o does
// not declare is left out, and an open value is not entered (no rule
// nests an object in it).
func places(d *shapes.Decl, o *shapes.Object, v *tv, out []place) []place {
	if o == nil || v == nil || v.k != 'o' {
		return out
	}
	for i, k := range v.keys {
		m := o.Member(string(utf16.Decode(k)))
		if m == nil {
			continue
		}
		out = append(out, place{parent: v, index: i, name: m.Name, typ: m.Type, rules: m.Rules})
		out = within(d, m.Name, m.Rules, v.vals[i], out)
	}
	return out
}

// within adds the places inside v, a value under rules: a nested object's
// members, an array's elements and theirs.
func within(d *shapes.Decl, name string, rules []shapes.Rule, v *tv, out []place) []place {
	for _, r := range rules {
		switch r.Rule {
		case shapes.RuleObject:
			out = places(d, d.Object(r.Object), v, out)
		case shapes.RuleEach:
			if v.k != 'a' {
				continue
			}
			for i, e := range v.elems {
				out = append(out, place{parent: v, index: i, elem: true, name: name, typ: r.Type, rules: r.Rules})
				out = within(d, name, r.Rules, e, out)
			}
		}
	}
	return out
}

// pickPlace draws a place of ps: a member name first, each name present
// equally likely, then one of the places it occurs, so that a member of a
// closed object is as likely as any other, however many elements an
// array beside it has. ps must not be empty.
func pickPlace(s *Source, ps []place) place {
	var names []string
	seen := map[string]bool{}
	for _, p := range ps {
		if !seen[p.name] {
			seen[p.name] = true
			names = append(names, p.name)
		}
	}
	name := Pick(s, names)
	var at []place
	for _, p := range ps {
		if p.name == name {
			at = append(at, p)
		}
	}
	return Pick(s, at)
}

// declaredDefect applies one defect the declaration makes to v, an
// instance of object o of d, and returns the name of the member it
// changed ("" when it added one to v or to a nested object): with weights
// 18 a value at or past one of a member's rules (an element's, for an
// element), 5 a member dropped (an element, for an element), 2 a member
// added, 4 a value of another JSON type. pool gives the values of the
// named checks. v not an object, or without a declared member, is left
// as it is.
func declaredDefect(s *Source, d *shapes.Decl, o *shapes.Object, v *tv, pool checkPool) string {
	ps := places(d, o, v, nil)
	if len(ps) == 0 {
		return ""
	}
	switch k := s.Intn(29); {
	case k < 18:
		p := pickPlace(s, ps)
		p.set(ruleValue(s, d, p, pool))
		return p.name
	case k < 23:
		p := pickPlace(s, ps)
		if p.elem {
			p.parent.elems = append(p.parent.elems[:p.index:p.index], p.parent.elems[p.index+1:]...)
		} else {
			p.parent.keys = append(p.parent.keys[:p.index:p.index], p.parent.keys[p.index+1:]...)
			p.parent.vals = append(p.parent.vals[:p.index:p.index], p.parent.vals[p.index+1:]...)
		}
		return p.name
	case k < 25:
		objs := []*tv{v}
		for _, p := range ps {
			if pv := p.value(); pv.k == 'o' && closed(p.rules) {
				objs = append(objs, pv)
			}
		}
		Pick(s, objs).put(Pick(s, alienNames(d)), wrongKind(s))
		return ""
	default:
		p := pickPlace(s, ps)
		p.set(wrongKind(s))
		return p.name
	}
}

// closed reports whether rules validate their value as a closed object.
func closed(rules []shapes.Rule) bool {
	for _, r := range rules {
		if r.Rule == shapes.RuleObject {
			return true
		}
	}
	return false
}

// alienNames are the names a member added takes: "x", and every member
// name of d (another object's is unknown where it is added; its own
// object's replaces the member's value).
func alienNames(d *shapes.Decl) []string {
	out := []string{"x"}
	for _, o := range d.Objects {
		for _, m := range o.Members {
			out = append(out, m.Name)
		}
	}
	return out
}

// ruleValue draws a value for place p at or past one of its rules, or a
// valid other value: a boolean's other value when it has no rule.
func ruleValue(s *Source, d *shapes.Decl, p place, pool checkPool) *tv {
	cur := p.value()
	if len(p.rules) == 0 {
		if p.typ == "boolean" {
			return tL(Pick(s, []string{"true", "false"}))
		}
		return wrongKind(s)
	}
	r := Pick(s, p.rules)
	switch r.Rule {
	case shapes.RuleConst:
		return tS(Pick(s, []string{r.Value + "x", "", "x", strings.ToUpper(r.Value), Pick(s, constsOf(d)), r.Value}))
	case shapes.RuleFalse:
		return tL(Pick(s, []string{"true", "false"}))
	case shapes.RuleEnum:
		if s.Chance(4) {
			return tS(Pick(s, []string{"x", "", strings.ToUpper(r.Values[0])}))
		}
		return tS(Pick(s, r.Values))
	case shapes.RuleSize, shapes.RuleEach:
		return arrayValue(s, d, cur, p.rules, pool)
	case shapes.RuleAfter:
		if p.elem {
			return neighbour(s, p)
		}
	case shapes.RuleObject:
		o := cur.clone()
		if o.k != 'o' {
			return wrongKind(s)
		}
		// A member of its own of another type, or one it does not have.
		names := []string{"x"}
		for _, m := range d.Object(r.Object).Members {
			names = append(names, m.Name)
		}
		o.put(Pick(s, names), wrongKind(s))
		return o
	case shapes.RuleCheck:
		if p.typ == "number" {
			return numberValue(s, r, cur)
		}
		if v := pool(s, r, cur); v != nil {
			return v
		}
	}
	return wrongKind(s)
}

// constsOf are the pinned values of d: another object's is a valid
// spelling in the wrong place.
func constsOf(d *shapes.Decl) []string {
	out := []string{"x"}
	var walk func(rules []shapes.Rule)
	walk = func(rules []shapes.Rule) {
		for _, r := range rules {
			if r.Rule == shapes.RuleConst {
				out = append(out, r.Value)
			}
			walk(r.Rules)
		}
	}
	for _, o := range d.Objects {
		for _, m := range o.Members {
			walk(m.Rules)
		}
	}
	return out
}

// neighbour gives element p the value of the element beside it (a repeat)
// or swaps the two (a descent), for a pairwise rule; it returns the value
// p then holds.
func neighbour(s *Source, p place) *tv {
	a, i := p.parent, p.index
	j := i - 1
	if i == 0 {
		j = 1
	}
	if j >= len(a.elems) {
		return a.elems[i].clone()
	}
	if s.Chance(2) {
		return a.elems[j].clone()
	}
	a.elems[j] = a.elems[i]
	return a.elems[j].clone()
}

// arrayValue draws an array at or past its rules from cur: a size at and
// past each bound (the last element repeated to grow it, or an element
// drawn from the each rule), empty, two elements swapped or repeated, an
// element of another type, an element object with another member, or an
// element at or past its own rules.
func arrayValue(s *Source, d *shapes.Decl, cur *tv, rules []shapes.Rule, pool checkPool) *tv {
	a := cur.clone()
	if a.k != 'a' {
		return wrongKind(s)
	}
	var each *shapes.Rule
	var sizes []int
	for i, r := range rules {
		switch r.Rule {
		case shapes.RuleSize:
			lo, hi := r.Bounds()
			if lo != nil && lo.Sign() > 0 {
				sizes = append(sizes, int(lo.Int64())-1)
			}
			if hi != nil && hi.IsInt64() && hi.Int64() < 1024 {
				sizes = append(sizes, int(hi.Int64()), int(hi.Int64())+1)
			}
		case shapes.RuleEach:
			each = &rules[i]
		}
	}
	switch k := s.Intn(7); {
	case k == 0 && len(sizes) > 0:
		n := Pick(s, sizes)
		if len(a.elems) > n {
			a.elems = a.elems[:n]
		}
		for len(a.elems) < n {
			a.elems = append(a.elems, grown(s, d, a, each, pool))
		}
	case k == 1:
		a.elems = nil
	case k == 2 && len(a.elems) > 1:
		i := s.Intn(len(a.elems) - 1)
		a.elems[i], a.elems[i+1] = a.elems[i+1], a.elems[i]
	case k == 3 && len(a.elems) > 0:
		i := s.Intn(len(a.elems))
		a.elems = append(a.elems[:i+1], append([]*tv{a.elems[i].clone()}, a.elems[i+1:]...)...)
	case k == 4:
		a.elems = append(a.elems, wrongKind(s))
	case k == 5 && len(a.elems) > 0 && each != nil:
		e := place{parent: a, index: s.Intn(len(a.elems)), elem: true, typ: each.Type, rules: each.Rules}
		e.set(ruleValue(s, d, e, pool))
	default:
		if len(a.elems) > 0 && a.elems[0].k == 'o' {
			a.elems[0].put(Pick(s, alienNames(d)), wrongKind(s))
		} else {
			a.elems = append(a.elems, grown(s, d, a, each, pool))
		}
	}
	return a
}

// grown is an element to add to array a: a copy of its last element, or,
// for an array of strings under an each rule, one drawn from the
// element's rules (an enum's member, or a check's value).
func grown(s *Source, d *shapes.Decl, a *tv, each *shapes.Rule, pool checkPool) *tv {
	if each != nil && each.Type == "string" && s.Chance(2) {
		e := place{parent: tA(tS("")), elem: true, typ: each.Type, rules: each.Rules}
		return ruleValue(s, d, e, pool)
	}
	if len(a.elems) > 0 {
		return a.elems[len(a.elems)-1].clone()
	}
	return tS("x")
}

// numberValue draws a number at or past a check's bounds (each bound, and
// one past it) or in a spelling a strict integer rule refuses: a
// fraction, an exponent, minus zero, 2^53, a literal past the doubles.
func numberValue(s *Source, r shapes.Rule, cur *tv) *tv {
	pool := []string{"0", "1", "2", "-1", "-0", "1.5", "1e2", "4E0", "9007199254740991", "9007199254740992", "1e400",
		"123456789012345678901234567890"}
	if cur != nil && cur.k == 'n' {
		pool = append(pool, cur.text+".0", cur.text+"e0")
	}
	lo, hi := r.Bounds()
	if lo != nil {
		pool = append(pool, lo.String(), new(big.Int).Sub(lo, big.NewInt(1)).String())
	}
	if hi != nil {
		pool = append(pool, hi.String(), new(big.Int).Add(hi, big.NewInt(1)).String())
	}
	return tN(Pick(s, pool))
}

// wrongKind draws a value of any JSON type.
func wrongKind(s *Source) *tv {
	switch s.Intn(6) {
	case 0:
		return tI(1)
	case 1:
		return tS("1")
	case 2:
		return tL(Pick(s, []string{"true", "false", "null"}))
	case 3:
		return tA()
	case 4:
		return &tv{k: 'o'}
	}
	return tN("1.5")
}

// memberValue draws a value for member name of object o of d at or past
// one of its rules, from cur (its current value, nil when absent), as the
// declared defects do; a name o does not declare gets a value of another
// type.
func memberValue(s *Source, d *shapes.Decl, o *shapes.Object, name string, cur *tv, pool checkPool) *tv {
	m := o.Member(name)
	if m == nil {
		return wrongKind(s)
	}
	if cur == nil {
		cur = tL("null")
	}
	p := place{parent: tA(cur.clone()), elem: true, name: name, typ: m.Type, rules: m.Rules}
	return ruleValue(s, d, p, pool)
}

// declaredMembers are the member names of each object of d, in table
// order, by the object's name without the "[]" of an array's element
// ("lamp.bulbs" for "lamp.bulbs[]").
func declaredMembers(d *shapes.Decl) map[string][]string {
	out := map[string][]string{}
	for _, o := range d.Objects {
		name := strings.TrimSuffix(o.Name, "[]")
		for _, m := range o.Members {
			out[name] = append(out[name], m.Name)
		}
	}
	return out
}

// membersChecked are the members of each top-level object of d (one whose
// name has no ".") that have a rule naming check, in table order, by the
// object's name.
func membersChecked(d *shapes.Decl, check string) map[string][]string {
	out := map[string][]string{}
	for _, o := range d.Objects {
		if strings.Contains(o.Name, ".") {
			continue
		}
		for _, m := range o.Members {
			for _, r := range m.Rules {
				if r.Check == check {
					out[o.Name] = append(out[o.Name], m.Name)
					break
				}
			}
		}
	}
	return out
}
