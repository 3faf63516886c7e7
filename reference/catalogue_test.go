package reference_test

import (
	"testing"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/reference"
)

// TestRegistryIsTheCatalogue checks the registry against
// spec/catalogue.json, for every contract: the registered operations are
// the catalogue's, in its order, and each operation's guards are exactly
// its contract's refusal table (codes, messages, order, and the contract
// each guard names). A catalogue contract nobody registers, and a
// registered contract the catalogue lacks, fail.
func TestRegistryIsTheCatalogue(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	ops := reference.Operations()
	var want [][2]string
	for _, k := range cat.Contracts {
		for _, o := range k.Operations {
			want = append(want, [2]string{k.Contract, o.Op})
		}
	}
	registered := map[string]bool{}
	for i, o := range ops {
		registered[o.Contract] = true
		k, ok := cat.Contract(o.Contract)
		if !ok {
			t.Errorf("%s %s is registered; the catalogue has no contract %s", o.Contract, o.Op, o.Contract)
			continue
		}
		if i < len(want) && (o.Contract != want[i][0] || o.Op != want[i][1]) {
			t.Errorf("operation %d is %s %s; the catalogue's is %s %s", i, o.Contract, o.Op, want[i][0], want[i][1])
		}
		if len(o.Guards) != len(k.Refusals) {
			t.Errorf("%s %s: %d guards; %s has %d refusals", o.Contract, o.Op, len(o.Guards), k.Spec, len(k.Refusals))
			continue
		}
		for j, g := range o.Guards {
			r := k.Refusals[j]
			if g.Code != r.Code || g.Message != r.Message || g.Contract != o.Contract {
				t.Errorf("%s %s: guard %d is %s %s %q; %s has %s %q", o.Contract, o.Op, j, g.Contract, g.Code, g.Message, k.Spec, r.Code, r.Message)
			}
		}
		if got, found := reference.Lookup(o.Contract, o.Op); !found || got.Contract != o.Contract || got.Op != o.Op || got.Run == nil {
			t.Errorf("Lookup(%s, %s) = %s %s, %v", o.Contract, o.Op, got.Contract, got.Op, found)
		}
	}
	if len(ops) != len(want) {
		t.Errorf("%d operations are registered; the catalogue has %d", len(ops), len(want))
	}
	for _, k := range cat.Contracts {
		if !registered[k.Contract] {
			t.Errorf("%s (%s) is not registered: add its package to reference/contracts.go", k.Contract, k.Spec)
		}
	}
	k := cat.Contracts[0]
	if _, found := reference.Lookup(k.Contract, "no-such-op"); found {
		t.Errorf("Lookup found %s no-such-op", k.Contract)
	}
	if _, found := reference.Lookup(k.Name+"/999", k.Operations[0].Op); found {
		t.Errorf("Lookup found %s/999", k.Name)
	}
}
