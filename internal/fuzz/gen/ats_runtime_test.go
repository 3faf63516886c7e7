package gen

import (
	"slices"
	"testing"

	"github.com/conform-dev/conform/spec"
)

// TestATSRuntimeCanonicalInstances checks the fifteen canonical instances
// of spec/ats-runtime.md ("Canonical instances"): each digest through
// gowebpki/jcs and each text read back as written (checkInstanceDigests);
// ARFrozen holds them in the spec's order, each case name once per
// validator, the ten validators in the order of the spec's Operations
// table; every artifact is a fixed point of ARSeal (its artifact_id is D
// of the rest); every activation carries the compiled artifact's id.
func TestATSRuntimeCanonicalInstances(t *testing.T) {
	checkInstanceDigests(t, "ats-runtime.md", arInstances, 15)
	if len(ARFrozen) != len(arInstances) {
		t.Fatalf("ARFrozen has %d instances, the spec %d", len(ARFrozen), len(arInstances))
	}
	for k, f := range ARFrozen {
		i := arInstances[k]
		if f.Op != i.Name || f.Name != i.Note || f.Doc.String() != i.Text {
			t.Errorf("ARFrozen[%d] is %s %s, spec/ats-runtime.md:%d %s %s", k, f.Op, f.Name, i.Line, i.Name, i.Note)
		}
		if got, ok := spec.FindInstance(arInstances, f.Op, f.Name); !ok || got.Line != i.Line {
			t.Errorf("spec/ats-runtime.md:%d: %s %s is not the one instance of its validator and case name", i.Line, f.Op, f.Name)
		}
	}
	ops, _ := envelopesOf("ats-runtime/1")
	if len(ops) < len(ARValidators) || !slices.Equal(ops[:len(ARValidators)], ARValidators) {
		t.Errorf("validators %v, the spec's operations %v", ARValidators, ops)
	}
	compiled := ARCanonical("strategy-compile-artifact", "canonical-compiled")
	id := compiled.Value("artifact_id")
	for _, f := range ARFrozen {
		switch f.Op {
		case "strategy-compile-artifact":
			if sealed := ARSeal(f.Doc); sealed.String() != f.Doc.String() {
				t.Errorf("%s: artifact_id %s, ARSeal gives %s", f.Name, f.Doc.Value("artifact_id"), sealed.Value("artifact_id"))
			}
		case "strategy-activation":
			if got := f.Doc.Value("artifact_id"); got != id {
				t.Errorf("%s: artifact_id %s, the compiled artifact's %s", f.Name, got, id)
			}
		}
	}
	if n := len(ARValidators); n != 10 {
		t.Errorf("%d validators, ats-runtime/1 has 10", n)
	}
}
