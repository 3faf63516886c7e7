package agentbrowseratsorder

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/spec/shapes"
)

// boundedKinds are the rules a string a caller sends may have (seed 001,
// section 4, invariant 1: "every string a caller can send is a bounded
// identifier, digest, equity ticker, timestamp or enum member"): the
// schema tag, an enum member, or one of these named checks, each with a
// fixed largest length.
var boundedKinds = map[string]bool{"ref": true, "name": true, "version": true, "digest": true, "equity-ticker": true, "site-id": true, "timestamp": true}

// TestEveryCallStringIsBounded walks every string leaf of the call, of the
// objects it holds and of every operation's parameters (the declaration,
// as the reference runs it), and fails naming each string whose rule is
// not a bounded kind: no selector, coordinate, URL, script or free text.
func TestEveryCallStringIsBounded(t *testing.T) {
	walkStrings(t, "call", "params-", boundedKinds)
}

// TestEveryResultStringIsBounded is the same walk of the result and every
// operation's data (seed 001, section 4, invariant 5: no page content; the
// only other site-derived strings are a bare https origin and a masked
// label from a closed set).
func TestEveryResultStringIsBounded(t *testing.T) {
	kinds := map[string]bool{"origin": true, "masked-label": true}
	for k := range boundedKinds {
		kinds[k] = true
	}
	walkStrings(t, "result", "data-", kinds)
}

// walkStrings walks root, the objects it holds and every object named
// prefix+operation, failing for each string member whose one rule is not
// the schema tag, an enum or one of kinds.
func walkStrings(t *testing.T, root, prefix string, kinds map[string]bool) {
	t.Helper()
	d := declared.Decl()
	seen := map[string]bool{}
	var walk func(object, path string)
	walk = func(object, path string) {
		if seen[object] {
			return
		}
		seen[object] = true
		o := d.Object(object)
		if o == nil {
			t.Fatalf("no declared object %s", object)
		}
		for _, m := range o.Members {
			at := path + m.Name
			for _, r := range m.Rules {
				switch {
				case r.Rule == shapes.RuleObject:
					walk(r.Object, at+".")
				case r.Rule == shapes.RuleEach:
					for _, e := range r.Rules {
						if e.Rule == shapes.RuleObject {
							walk(e.Object, at+"[].")
						}
					}
				}
			}
			if m.Type != "string" && m.Type != "any" {
				continue
			}
			if m.Type == "any" || len(m.Rules) != 1 {
				t.Errorf("%s: a string member without exactly one rule", at)
				continue
			}
			r := m.Rules[0]
			if r.Rule != shapes.RuleConst && r.Rule != shapes.RuleEnum && !(r.Rule == shapes.RuleCheck && kinds[r.Check]) {
				t.Errorf("%s: rule %s %s is not a bounded kind", at, r.Rule, r.Check)
			}
		}
	}
	walk(root, "")
	n := 0
	for _, o := range d.Objects {
		if strings.HasPrefix(o.Name, prefix) {
			walk(o.Name, o.Name+".")
			n++
		}
	}
	if n != 10 {
		t.Fatalf("%d %s objects, want one per operation (10)", n, prefix)
	}
	if len(seen) < 13 {
		t.Fatalf("walked %d objects; the walk is broken", len(seen))
	}
}
