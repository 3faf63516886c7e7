package shapes

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// The row mutators (mutation/README.md, "Row mutants"): each changes one
// row of a declaration, so that the audit proves the vectors notice the
// rule.
const (
	// RuleDrop removes one rule of a member (or an element), or an
	// object's closed check.
	RuleDrop = "RuleDrop"
	// BoundWiden moves one bound of a size or bounded check outward by
	// one: Max+1, or Min-1 when Min is above zero (nothing below zero is
	// a count or a natural number, so that mutant would be equivalent).
	BoundWiden = "BoundWiden"
	// PatternLoosen lets one clause of a check with several codes pass
	// (the check's other clauses still run).
	PatternLoosen = "PatternLoosen"
	// PinnedFlip changes a pinned value: a const gets one more unit, a
	// pinned false becomes a pinned true.
	PinnedFlip = "PinnedFlip"
)

// RowMutators lists the row mutators in the order Rows makes a rule's
// mutants.
var RowMutators = []string{RuleDrop, BoundWiden, PatternLoosen, PinnedFlip}

// MutantEnv names the environment variable that activates one row mutant
// of one contract's declaration in the Go reference, for the whole
// process: "<contract> <row id>", e.g. "lamp/1 lamp.watts/0/BoundWiden/max".
// The mutation audit sets it on the reference's harness; nothing else
// should.
const MutantEnv = "CONFORM_ROW_MUTANT"

// Row is one row mutant.
type Row struct {
	// ID names the mutant, stable while the declaration's rows keep their
	// places: "<object>.<member>/<rule path>/<mutator>[/<detail>]", the
	// rule path being rule indexes joined by "." ("trust.keys/1.0/RuleDrop"
	// is the first rule of each element of trust.keys); an object's
	// closed check is "<object>/closed/RuleDrop".
	ID      string `json:"id"`
	Mutator string `json:"mutator"`
	// Code is the first code of the row: the guard it attacks.
	Code string `json:"code"`
	// Detail says what changed, in words.
	Detail string `json:"detail"`
}

// Rows returns every row mutant of d, in declaration order.
func (d *Decl) Rows() []Row {
	var out []Row
	for _, o := range d.Objects {
		out = append(out, Row{ID: o.Name + "/closed/" + RuleDrop, Mutator: RuleDrop, Code: o.Unknown, Detail: "the closed check is dropped"})
		for _, m := range o.Members {
			rowsOf(o.Name+"."+m.Name, "", m.Rules, &out)
		}
	}
	return out
}

func rowsOf(where, path string, rules []Rule, out *[]Row) {
	for i, r := range rules {
		p := path + strconv.Itoa(i)
		id := where + "/" + p + "/"
		code := ""
		if cs := r.AllCodes(); len(cs) > 0 {
			code = cs[0]
		}
		*out = append(*out, Row{ID: id + RuleDrop, Mutator: RuleDrop, Code: code, Detail: "rule " + describe(r) + " is dropped"})
		if r.Max != "" {
			*out = append(*out, Row{ID: id + BoundWiden + "/max", Mutator: BoundWiden, Code: code, Detail: "max " + r.Max + " becomes " + shift(r.Max, 1)})
		}
		if r.Min != "" && strings.TrimLeft(r.Min, "0") != "" && !strings.HasPrefix(r.Min, "-") {
			*out = append(*out, Row{ID: id + BoundWiden + "/min", Mutator: BoundWiden, Code: code, Detail: "min " + r.Min + " becomes " + shift(r.Min, -1)})
		}
		if r.Rule == RuleCheck && len(r.Codes) > 1 {
			for _, c := range r.Codes {
				*out = append(*out, Row{ID: id + PatternLoosen + "/" + c, Mutator: PatternLoosen, Code: c, Detail: "clause " + c + " of check " + r.Check + " passes"})
			}
		}
		if r.Rule == RuleConst || r.Rule == RuleFalse {
			*out = append(*out, Row{ID: id + PinnedFlip, Mutator: PinnedFlip, Code: code, Detail: "the pinned value of rule " + describe(r) + pinned(r) + " is flipped"})
		}
		if r.Rule == RuleEach {
			rowsOf(where, p+".", r.Rules, out)
		}
	}
}

// pinned is a const rule's value, quoted after a space, or "".
func pinned(r Rule) string {
	if r.Rule == RuleConst {
		return " " + strconv.Quote(r.Value)
	}
	return ""
}

func describe(r Rule) string {
	if r.Check != "" {
		return r.Rule + " " + r.Check
	}
	return r.Rule
}

// shift adds d to the decimal s.
func shift(s string, d int64) string {
	z, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return s
	}
	return z.Add(z, big.NewInt(d)).String()
}

// RowSite splits a row mutant's id (Row.ID: "<object>.<member>/<rule
// path>/<mutator>[/<detail>]", or "<object>/closed/RuleDrop") into the
// object it changes, the member ("" for the closed check), the rule path
// ("closed" for the closed check), the mutator and its detail. An
// object's name may hold dots ("trust.keys[]"); a member's never does, so
// the member is what follows the last one.
func RowSite(id string) (object, member, path, mutator, detail string) {
	where, rest, _ := strings.Cut(id, "/")
	path, rest, _ = strings.Cut(rest, "/")
	mutator, detail, _ = strings.Cut(rest, "/")
	object = where
	if k := strings.LastIndexByte(where, '.'); k >= 0 && path != "closed" {
		object, member = where[:k], where[k+1:]
	}
	return object, member, path, mutator, detail
}

// Mutate returns a copy of d with the row mutant id applied, and the row;
// d is not changed. An id that is not one of d.Rows() is an error.
func (d *Decl) Mutate(id string) (*Decl, Row, error) {
	var row Row
	found := false
	for _, r := range d.Rows() {
		if r.ID == id {
			row, found = r, true
			break
		}
	}
	if !found {
		return nil, Row{}, fmt.Errorf("%s has no row mutant %q", d.Contract, id)
	}
	c, err := d.clone()
	if err != nil {
		return nil, Row{}, err
	}
	object, member, path, op, detail := RowSite(id)
	broken := fmt.Errorf("%s: row mutant %q does not fit the declaration", d.Contract, id)
	if path == "closed" {
		o := c.Object(object)
		if o == nil {
			return nil, Row{}, broken
		}
		o.Unknown = ""
		return c, row, nil
	}
	o := c.Object(object)
	if member == "" || o == nil || o.Member(member) == nil {
		return nil, Row{}, broken
	}
	rules := &o.Member(member).Rules
	idx := strings.Split(path, ".")
	for n, s := range idx {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= len(*rules) {
			return nil, Row{}, broken
		}
		if n < len(idx)-1 {
			rules = &(*rules)[i].Rules
			continue
		}
		r := &(*rules)[i]
		switch op {
		case RuleDrop:
			*rules = append((*rules)[:i:i], (*rules)[i+1:]...)
		case BoundWiden:
			if detail == "max" {
				r.Max = shift(r.Max, 1)
			} else {
				r.Min = shift(r.Min, -1)
			}
		case PatternLoosen:
			r.Loosened = detail
		case PinnedFlip:
			if r.Rule == RuleFalse {
				r.Flipped = true
			} else {
				r.Value += "x"
			}
		}
	}
	return c, row, nil
}

// clone is a deep copy of d. A shared field resolved into several objects
// becomes one copy per object, so that a row mutant of one object's member
// changes that object alone (each object's vectors must notice its rows).
func (d *Decl) clone() (*Decl, error) {
	data, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	var c Decl
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	return &c, nil
}
