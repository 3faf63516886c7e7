package lock

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// Change is one difference between the lock and the current vectors and
// catalogue of a contract version.
type Change struct {
	// What is "case", "refusal" or "op".
	What string
	// Key is the case id, the refusal code or the operation.
	Key string
	// Says is what happened, in words ("expectation changed", "new
	// vector", ...), with where the current one is when it exists.
	Says string
}

func (c Change) String() string { return c.What + " " + c.Key + ": " + c.Says }

// Diff is how one current contract version stands to the lock.
type Diff struct {
	Contract string
	// New is true when the lock has no section for this contract version:
	// a new contract, or a new version of one. All of it is additive.
	New bool
	// Breaking are the changes a new contract version must carry: an
	// expectation changed or a vector removed, a refusal's message or
	// operations changed or a refusal removed, a new refusal an existing
	// operation gives, an operation removed or its input kind changed.
	Breaking []Change
	// Additive are the changes `conform vectors lock` records under the
	// same version: new vectors, new operations, new refusals that only
	// new operations give.
	Additive []Change
}

// Clean reports whether the lock records the contract version exactly.
func (d Diff) Clean() bool { return !d.New && len(d.Breaking) == 0 && len(d.Additive) == 0 }

// Check compares the lock with the catalogue cat and the vector cases
// given, contract by contract, in catalogue order: one Diff per contract
// of cat that is not Clean. Sections of contract versions cat no longer
// has are history, and are not checked.
func Check(locked *Lock, cat spec.Catalogue, cases []vectors.Case) []Diff {
	cur := Compute(cat, cases)
	where := map[string]vectors.Case{}
	for _, c := range cases {
		if c.Corpus == "" {
			where[c.ID] = c
		}
	}
	var out []Diff
	for _, k := range cat.Contracts {
		now := cur.Sections[k.Contract]
		old := locked.Sections[k.Contract]
		d := Diff{Contract: k.Contract}
		if old == nil {
			d.New = true
			out = append(out, d)
			continue
		}
		for _, op := range slices.Sorted(maps.Keys(old.Ops)) {
			switch kind, ok := now.Ops[op]; {
			case !ok:
				d.Breaking = append(d.Breaking, Change{"op", op, "operation removed"})
			case kind != old.Ops[op]:
				d.Breaking = append(d.Breaking, Change{"op", op, fmt.Sprintf("input kind changed from %s to %s", old.Ops[op], kind)})
			}
		}
		for _, op := range slices.Sorted(maps.Keys(now.Ops)) {
			if _, ok := old.Ops[op]; !ok {
				d.Additive = append(d.Additive, Change{"op", op, "new operation"})
			}
		}
		for _, code := range slices.Sorted(maps.Keys(old.Refusals)) {
			switch dg, ok := now.Refusals[code]; {
			case !ok:
				d.Breaking = append(d.Breaking, Change{"refusal", code, "refusal removed (or its code renamed)"})
			case dg != old.Refusals[code]:
				d.Breaking = append(d.Breaking, Change{"refusal", code, "message or operations changed"})
			}
		}
		for _, r := range k.Refusals {
			if _, ok := old.Refusals[r.Code]; ok {
				continue
			}
			var existing []string
			for _, op := range r.Ops {
				if _, ok := old.Ops[op]; ok {
					existing = append(existing, op)
				}
			}
			if len(existing) > 0 {
				d.Breaking = append(d.Breaking, Change{"refusal", r.Code, "new refusal of existing operations " + strings.Join(existing, ", ") + " (it refuses inputs they may have accepted)"})
			} else {
				d.Additive = append(d.Additive, Change{"refusal", r.Code, "new refusal of new operations only"})
			}
		}
		for _, id := range slices.Sorted(maps.Keys(old.Cases)) {
			switch dg, ok := now.Cases[id]; {
			case !ok:
				d.Breaking = append(d.Breaking, Change{"case", id, "vector removed"})
			case dg != old.Cases[id]:
				d.Breaking = append(d.Breaking, Change{"case", id, "expectation changed (" + at(where[id]) + ")"})
			}
		}
		for _, id := range slices.Sorted(maps.Keys(now.Cases)) {
			if _, ok := old.Cases[id]; !ok {
				d.Additive = append(d.Additive, Change{"case", id, "new vector (" + at(where[id]) + ")"})
			}
		}
		if !d.Clean() {
			out = append(out, d)
		}
	}
	return out
}

func at(c vectors.Case) string {
	return fmt.Sprintf("%s, %s", c.Source, c.Name)
}

// Command is the command that records the lock, as the messages name it.
const Command = "go run ./cmd/conform vectors lock"

// BreakingError is the gate's refusal: contract versions changed in ways
// only a new version may carry.
type BreakingError struct {
	// Diffs are the contract versions with breaking changes.
	Diffs []Diff
	// Lock names the lock file.
	Lock string
	// Command is the command that writes the lock, as the error names it;
	// empty means Command.
	Command string
}

// MaxNamed bounds the changes an error names per contract.
const MaxNamed = 20

func (e *BreakingError) Error() string {
	var b strings.Builder
	for i, d := range e.Diffs {
		if i > 0 {
			b.WriteString("; ")
		}
		name, _, _ := strings.Cut(d.Contract, "/")
		fmt.Fprintf(&b, "%s: %s changed without a new contract version: ", e.Lock, d.Contract)
		for j, c := range d.Breaking {
			if j == MaxNamed {
				fmt.Fprintf(&b, "and %d more; ", len(d.Breaking)-MaxNamed)
				break
			}
			b.WriteString(c.String() + "; ")
		}
		cmd := e.Command
		if cmd == "" {
			cmd = Command
		}
		fmt.Fprintf(&b, "a change to a contract's vectors or refusal table is a new version: raise the version on the title line of spec/%s.md, regenerate (go run ./spec/generate, go run ./vectors/generate), then %s writes the lock under the new version (spec/README.md, \"Versions\")", name, cmd)
	}
	return b.String()
}

// Gate checks the lock against the catalogue and the cases: a
// *BreakingError when a contract version changed in a breaking way, and
// otherwise the contract versions whose additive changes the lock does not
// record yet (which `conform vectors lock` records).
func Gate(locked *Lock, name string, cat spec.Catalogue, cases []vectors.Case) (additive []Diff, err error) {
	var breaking []Diff
	for _, d := range Check(locked, cat, cases) {
		if len(d.Breaking) > 0 {
			breaking = append(breaking, d)
		} else {
			additive = append(additive, d)
		}
	}
	if len(breaking) > 0 {
		return additive, &BreakingError{Diffs: breaking, Lock: name}
	}
	return additive, nil
}

// Summary says in one line what a diff without breaking changes adds.
func (d Diff) Summary() string {
	if d.New {
		return d.Contract + ": a contract version the lock does not have"
	}
	n := map[string]int{}
	for _, c := range d.Additive {
		n[c.What]++
	}
	var parts []string
	for _, w := range []struct{ what, name string }{{"case", "vector"}, {"op", "operation"}, {"refusal", "refusal"}} {
		switch n[w.what] {
		case 0:
		case 1:
			parts = append(parts, "1 new "+w.name)
		default:
			parts = append(parts, fmt.Sprintf("%d new %ss", n[w.what], w.name))
		}
	}
	return d.Contract + ": " + strings.Join(parts, ", ")
}

// Update returns the lock that records the catalogue and the cases: the
// sections of every current contract version recomputed, the others kept
// as they were. It refuses (a *BreakingError, naming name) when a change
// is breaking: the gate lets no such change into a lock.
func Update(locked *Lock, name string, cat spec.Catalogue, cases []vectors.Case) (*Lock, []Diff, error) {
	additive, err := Gate(locked, name, cat, cases)
	if err != nil {
		return nil, nil, err
	}
	next := &Lock{Sections: map[string]*Section{}}
	for c, s := range locked.Sections {
		next.Sections[c] = s
	}
	for c, s := range Compute(cat, cases).Sections {
		next.Sections[c] = s
	}
	return next, additive, nil
}
