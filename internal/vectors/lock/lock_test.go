package lock

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// current is the checked-in catalogue and the compiled-in vectors.
func current(t *testing.T) (spec.Catalogue, []vectors.Case) {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	return spec.MustLoad(), vectors.Cases(files)
}

// cloneCatalogue copies cat deep enough to change one contract's tables.
func cloneCatalogue(cat spec.Catalogue) spec.Catalogue {
	out := cat
	out.Contracts = slices.Clone(cat.Contracts)
	for i := range out.Contracts {
		out.Contracts[i].Operations = slices.Clone(cat.Contracts[i].Operations)
		out.Contracts[i].Refusals = slices.Clone(cat.Contracts[i].Refusals)
	}
	return out
}

// firstOK is the index of the first accepted vector of contract k.
func firstOK(t *testing.T, cases []vectors.Case, contract string) int {
	t.Helper()
	for i, c := range cases {
		if c.Contract == contract && c.Expect == vectors.ExpectOK {
			return i
		}
	}
	t.Fatalf("%s has no accepted vector", contract)
	return -1
}

// The lock file round-trips, and a hand edit, a reordering or a line of
// no known kind is refused with its line.
func TestBytesAndParse(t *testing.T) {
	cat, cases := current(t)
	l := Compute(cat, cases)
	b := l.Bytes()
	back, err := Parse(b, "LOCK")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Bytes(), b) || len(back.Sections) != len(cat.Contracts) {
		t.Fatal("the lock does not round-trip")
	}
	lines := strings.Split(string(b), "\n")
	caseAt := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "case ") })
	edited := slices.Clone(lines)
	edited[caseAt] = edited[caseAt][:len(edited[caseAt])-1] + "0"
	if edited[caseAt] == lines[caseAt] {
		edited[caseAt] = edited[caseAt][:len(edited[caseAt])-1] + "1"
	}
	swapped := slices.Clone(lines)
	swapped[caseAt], swapped[caseAt+1] = swapped[caseAt+1], swapped[caseAt]
	for _, tc := range []struct{ name, in, want string }{
		{"hand edit", strings.Join(edited, "\n"), "does not match its digest: the lock was edited by hand"},
		{"reordered", strings.Join(swapped, "\n"), "are not in the order conform vectors lock writes"},
		{"unknown line", strings.Replace(string(b), "\ncase ", "\nvector ", 1), `not a lock line: "vector `},
		{"no header", strings.SplitN(string(b), "\n", 2)[1], "LOCK:1: not a conform vectors LOCK"},
		{"entry first", lines[0] + "\ncase 0123456789abcdef 0123456789abcdef0123456789abcdef\n", "LOCK:2: \"case 0123456789abcdef"},
		{"empty", "", "LOCK: empty"},
	} {
		if _, err := Parse([]byte(tc.in), "LOCK"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// The checked-in lock records the checked-in catalogue and the
// compiled-in vectors exactly: the gate is closed on this tree.
func TestCheckedInLockIsCurrent(t *testing.T) {
	cat, cases := current(t)
	b, err := vectors.ReadLock(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	l, err := Parse(b, "vectors/LOCK")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Check(l, cat, cases) {
		t.Errorf("%s is not recorded as it is: new %v, breaking %v, additive %d (run %s)", d.Contract, d.New, d.Breaking, len(d.Additive), Command)
	}
}

// A silent change is refused: an accepted vector's expected output
// changed, under the same contract version, names the contract, the case
// and the command; Update writes nothing.
func TestSilentChangeRefused(t *testing.T) {
	cat, cases := current(t)
	l := Compute(cat, cases)
	contract := cat.Contracts[0].Contract
	changed := slices.Clone(cases)
	i := firstOK(t, changed, contract)
	changed[i].Output = append(slices.Clone(changed[i].Output), 'x')
	_, err := Gate(l, "vectors/LOCK", cat, changed)
	var be *BreakingError
	if !errors.As(err, &be) || len(be.Diffs) != 1 || be.Diffs[0].Contract != contract {
		t.Fatalf("gate: %v", err)
	}
	msg := err.Error()
	name, _, _ := strings.Cut(contract, "/")
	for _, want := range []string{"vectors/LOCK: " + contract + " changed without a new contract version",
		"case " + changed[i].ID + ": expectation changed (" + changed[i].Source, "spec/" + name + ".md", Command} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, msg)
		}
	}
	if next, _, err := Update(l, "vectors/LOCK", cat, changed); err == nil || next != nil {
		t.Error("Update recorded a silent change")
	}
}

// Every other breaking change is refused too: a refused vector's message,
// a vector removed, a refusal's message, a refusal removed, a new refusal
// of an existing operation, an operation removed.
func TestBreakingChanges(t *testing.T) {
	cat, cases := current(t)
	l := Compute(cat, cases)
	k := cat.Contracts[0]
	for _, tc := range []struct {
		name string
		edit func(*spec.Catalogue, *[]vectors.Case)
		want string
	}{
		{"refusal message of a vector", func(_ *spec.Catalogue, cs *[]vectors.Case) {
			for i, c := range *cs {
				if c.Contract == k.Contract && c.Expect == vectors.ExpectRefused {
					(*cs)[i].Message += "!"
					return
				}
			}
		}, ": expectation changed"},
		{"vector removed", func(_ *spec.Catalogue, cs *[]vectors.Case) {
			i := slices.IndexFunc(*cs, func(c vectors.Case) bool { return c.Contract == k.Contract })
			*cs = slices.Delete(*cs, i, i+1)
		}, ": vector removed"},
		{"refusal message", func(c *spec.Catalogue, _ *[]vectors.Case) {
			c.Contracts[0].Refusals[0].Message += "!"
		}, "refusal " + k.Refusals[0].Code + ": message or operations changed"},
		{"refusal removed", func(c *spec.Catalogue, _ *[]vectors.Case) {
			c.Contracts[0].Refusals = c.Contracts[0].Refusals[1:]
		}, "refusal " + k.Refusals[0].Code + ": refusal removed"},
		{"new refusal of an existing operation", func(c *spec.Catalogue, _ *[]vectors.Case) {
			c.Contracts[0].Refusals = append(c.Contracts[0].Refusals, spec.Refusal{Code: k.CodePrefix() + ".new", Message: "new", Ops: []string{k.Operations[0].Op}})
		}, "new refusal of existing operations " + k.Operations[0].Op},
		{"operation removed", func(c *spec.Catalogue, _ *[]vectors.Case) {
			c.Contracts[0].Operations = c.Contracts[0].Operations[1:]
		}, "op " + k.Operations[0].Op + ": operation removed"},
	} {
		c2, cs2 := cloneCatalogue(cat), slices.Clone(cases)
		tc.edit(&c2, &cs2)
		_, err := Gate(l, "LOCK", c2, cs2)
		var be *BreakingError
		if !errors.As(err, &be) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// An additive change is accepted without a new version: a new vector, a
// new operation with a new refusal only it gives; Update records it, and
// the lock is then current; the sections of the other contracts stay as
// they were.
func TestAdditiveChangeAccepted(t *testing.T) {
	cat, cases := current(t)
	l := Compute(cat, cases)
	k := cat.Contracts[0]
	c2 := cloneCatalogue(cat)
	c2.Contracts[0].Operations = append(c2.Contracts[0].Operations, spec.Operation{Op: "zz-new", Input: spec.InputBytes})
	c2.Contracts[0].Refusals = append(c2.Contracts[0].Refusals, spec.Refusal{Code: k.CodePrefix() + ".zz", Message: "zz refused", Ops: []string{"zz-new"}})
	added := vectors.Case{ID: vectors.CaseID(k.Contract, "zz-new", []byte("in")), Name: "zz", Contract: k.Contract, Op: "zz-new",
		Input: []byte("in"), Expect: vectors.ExpectRefused, Message: "zz refused", Source: "vectors/x/zz.jsonl:2"}
	cs2 := append(slices.Clone(cases), added)
	additive, err := Gate(l, "LOCK", c2, cs2)
	if err != nil {
		t.Fatal(err)
	}
	if len(additive) != 1 || additive[0].Contract != k.Contract || additive[0].Summary() != k.Contract+": 1 new vector, 1 new operation, 1 new refusal" {
		t.Fatalf("additive %+v", additive)
	}
	next, _, err := Update(l, "LOCK", c2, cs2)
	if err != nil {
		t.Fatal(err)
	}
	if d := Check(next, c2, cs2); len(d) != 0 {
		t.Errorf("after Update: %+v", d)
	}
	for _, other := range cat.Contracts[1:] {
		if !bytes.Equal([]byte(strings.Join(next.Sections[other.Contract].lines(), "\n")), []byte(strings.Join(l.Sections[other.Contract].lines(), "\n"))) {
			t.Errorf("%s changed", other.Contract)
		}
	}
	// The same vectors, the new operation's refusal now changed: that is
	// breaking against the updated lock.
	c3 := cloneCatalogue(c2)
	c3.Contracts[0].Refusals[len(c3.Contracts[0].Refusals)-1].Message = "zz refused, reworded"
	if _, err := Gate(next, "LOCK", c3, cs2); err == nil {
		t.Error("a change to the just-recorded refusal passed")
	}
}

// A bumped version is accepted: the same change that is refused under
// the old version (an expected output changed) passes when the contract
// is raised to a new version, its vectors with it (new ids, as ids digest
// the contract); Update records the new version beside the old one, which
// stays as history.
func TestBumpedVersionAccepted(t *testing.T) {
	cat, cases := current(t)
	l := Compute(cat, cases)
	k := cat.Contracts[0]
	bumped := k.Name + "/" + "9999"
	c2 := cloneCatalogue(cat)
	c2.Contracts[0].Contract, c2.Contracts[0].Version = bumped, 9999
	var cs2 []vectors.Case
	changedAt := firstOK(t, cases, k.Contract)
	for i, c := range cases {
		if c.Contract == k.Contract {
			c.Contract = bumped
			c.ID = vectors.CaseID(bumped, c.Op, c.Input)
			if i == changedAt {
				c.Output = append(slices.Clone(c.Output), 'x')
			}
		}
		cs2 = append(cs2, c)
	}
	additive, err := Gate(l, "LOCK", c2, cs2)
	if err != nil {
		t.Fatalf("a bumped version refused: %v", err)
	}
	if len(additive) != 1 || !additive[0].New || additive[0].Contract != bumped {
		t.Fatalf("additive %+v", additive)
	}
	next, _, err := Update(l, "LOCK", c2, cs2)
	if err != nil {
		t.Fatal(err)
	}
	if next.Sections[k.Contract] == nil || next.Sections[bumped] == nil {
		t.Fatalf("sections %v", slices.Collect(func(yield func(string) bool) {
			for c := range next.Sections {
				yield(c)
			}
		}))
	}
	if d := Check(next, c2, cs2); len(d) != 0 {
		t.Errorf("after Update: %+v", d)
	}
	back, err := Parse(next.Bytes(), "LOCK")
	if err != nil || len(back.Sections) != len(cat.Contracts)+1 {
		t.Errorf("the lock with history: %v", err)
	}
}
