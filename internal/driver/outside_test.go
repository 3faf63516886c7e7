package driver

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/spec"
)

// The names an outside implementation may not take, and the checks of its
// definition: each a *ConfigError that names where it was given.
func TestCheckOutside(t *testing.T) {
	for _, n := range []string{"go", "ts", "python", "fake:flaky", "fake:anything"} {
		if !impl.IsBuiltin(n) {
			t.Errorf("%s is not built-in", n)
		}
	}
	if impl.IsBuiltin("team") {
		t.Error("team is built-in")
	}
	known := spec.MustLoad().Contracts[0].Contract
	two := 2
	neg := -1
	ok := Outside{Name: "team", Command: []string{"x"}, Origin: "f:1", Contracts: []string{known}, MaxRestarts: &two}
	if err := Validate([]string{"team"}, WithOutside(ok)); err != nil {
		t.Fatal(err)
	}
	withArgs := Outside{Name: "team", Image: "i", Args: []string{"--variant", "fast"}, Origin: "f:1"}
	if err := Validate([]string{"team"}, WithOutside(withArgs)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		list []Outside
		want string
	}{
		{[]Outside{{Name: "ts", Command: []string{"x"}, Origin: "f:1"}}, "f:1: implementation name \"ts\" shadows a built-in"},
		{[]Outside{{Name: "Team", Command: []string{"x"}, Origin: "f:1"}}, "is not of the form"},
		{[]Outside{ok, {Name: "team", Command: []string{"y"}, Origin: "f:9"}}, "f:9: implementation \"team\" is already named at f:1"},
		{[]Outside{{Name: "a", Origin: "f:2"}}, "f:2: implementation \"a\" has no command"},
		{[]Outside{{Name: "a", Command: []string{"x"}, Image: "i", Origin: "f:2"}}, "both a command and an image"},
		{[]Outside{{Name: "a", Command: []string{"x"}, MaxRestarts: &neg, Origin: "f:2"}}, "must not be negative"},
		{[]Outside{{Name: "a", Command: []string{"x"}, Args: []string{"y"}, Origin: "f:2"}}, "f:2: implementation \"a\" has args but no image"},
		{[]Outside{{Name: "a", Image: "i", Args: []string{}, Origin: "f:2"}}, "f:2: implementation \"a\" has an empty args list"},
		{[]Outside{{Name: "a", Command: []string{"x"}, Contracts: []string{known + "0"}, Origin: "f:2"}}, "which conform does not know"},
	} {
		err := Validate(nil, WithOutside(c.list...))
		if !IsConfig(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want a configuration error saying %q", c.list, err, c.want)
		}
	}
	// A name that is neither built-in nor defined is unknown.
	if err := Validate([]string{"team"}); !IsConfig(err) {
		t.Errorf("an undefined name: %v", err)
	}
}

// A handshake may announce only contracts and operations of the
// catalogue, and must announce every contract claimed.
func TestCheckAnnounced(t *testing.T) {
	k := spec.MustLoad().Contracts[0]
	op := k.OpNames()[0]
	good := impl.Info{Contracts: map[string][]string{k.Contract: {op}}}
	if err := CheckAnnounced("x", good, []string{k.Contract}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		info    impl.Info
		claimed []string
		want    string
	}{
		{impl.Info{Contracts: map[string][]string{k.Name + "/999": {op}}}, nil, "x announces contract \"" + k.Name + "/999\""},
		{impl.Info{Contracts: map[string][]string{k.Contract: {"no-such-op"}}}, nil, "announces operation \"no-such-op\""},
		{impl.Info{}, []string{k.Contract}, "x claims contract " + k.Contract + ", but its handshake does not announce it (it announces: none)"},
	} {
		err := CheckAnnounced("x", c.info, c.claimed)
		if !IsConfig(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.info, err, c.want)
		}
	}
}
