package register

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

func TestAddAndAll(t *testing.T) {
	saved := registry.ops
	defer func() { registry.ops = saved }()
	registry.ops = nil
	run := func([]byte, ...refusal.Option) ([]byte, error) { return []byte{}, nil }
	g := []refusal.Guard{{Contract: "b/1", Code: "b.x", Message: "x"}}
	Add(Operation{Contract: "b/1", Op: "two", Guards: g, Run: run}, Operation{Contract: "b/1", Op: "one", Guards: g, Run: run})
	Add(Operation{Contract: "a/1", Op: "z", Guards: g, Run: run})
	var got []string
	for _, o := range All() {
		got = append(got, o.Contract+" "+o.Op)
	}
	// Contracts sorted by name; a contract's operations as registered.
	if strings.Join(got, ",") != "a/1 z,b/1 two,b/1 one" {
		t.Errorf("All() = %v", got)
	}
	for _, bad := range []Operation{
		{Contract: "b/1", Op: "two", Guards: g, Run: run}, // twice
		{Contract: "c/1", Op: "x", Guards: g},             // no Run
		{Contract: "c/1", Op: "x", Run: run},              // no guards
		{Op: "x", Guards: g, Run: run},                    // no contract
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Add(%s %s) did not panic", bad.Contract, bad.Op)
				}
			}()
			Add(bad)
		}()
	}
}
