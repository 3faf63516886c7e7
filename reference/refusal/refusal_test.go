package refusal

import (
	"errors"
	"testing"
)

var errBig = Guard{Contract: "x/1", Code: "x.big", Message: "too big"}

func TestRefuseAndIgnore(t *testing.T) {
	if err := New().Refuse(errBig); err == nil || err.Error() != "too big" {
		t.Fatalf("Refuse = %v", err)
	}
	if err := New(Ignoring("too big")).Refuse(errBig); err != nil {
		t.Fatalf("ignored guard refused: %v", err)
	}
	var nilChecker *Checker
	if err := nilChecker.Refuse(errBig); err == nil {
		t.Fatal("a nil Checker ignored a guard")
	}
}

func TestLocate(t *testing.T) {
	err := Locate(New().Refuse(errBig), At(7, "/a"))
	e, ok := As(err)
	if !ok || e.At != (Location{Offset: 7, HasOffset: true, Pointer: "/a", HasPointer: true}) {
		t.Fatalf("located %+v", e)
	}
	if e.Error() != "too big" {
		t.Errorf("the location changed the message: %q", e.Error())
	}
	if got := AtOffset(3); got != (Location{Offset: 3, HasOffset: true}) {
		t.Errorf("AtOffset %+v", got)
	}
	if got := AtPointer(""); got != (Location{HasPointer: true}) {
		t.Errorf("AtPointer %+v", got)
	}
	other := errors.New("not a refusal")
	if Locate(other, AtOffset(1)) != other || Locate(nil, AtOffset(1)) != nil {
		t.Error("Locate changed an error that is not a refusal")
	}
	if e, _ := As(New().Refuse(errBig)); e.At != (Location{}) {
		t.Errorf("a fresh refusal has a location: %+v", e.At)
	}
}

func TestWithin(t *testing.T) {
	for _, tc := range []struct {
		l    Location
		n    int
		want bool
	}{
		{Location{}, 0, true},
		{AtOffset(0), 0, true},
		{AtOffset(5), 5, true},
		{AtOffset(6), 5, false},
		{AtOffset(-1), 5, false},
		{AtPointer(""), 0, true},
		{AtPointer("/a~0b~1/0"), 0, true},
		{AtPointer("a"), 9, false},
		{AtPointer("/~2"), 9, false},
		{AtPointer("/~"), 9, false},
		{At(2, "/x"), 1, false},
	} {
		if got := tc.l.Within(tc.n); got != tc.want {
			t.Errorf("%+v.Within(%d) = %v", tc.l, tc.n, got)
		}
	}
}

// TestSetMutantRows: the switch activates a row mutant only when the
// declaration registered for its contract applies it; otherwise it is not
// known and nothing is active.
func TestSetMutantRows(t *testing.T) {
	RegisterRows("lamp/1", func(row string) error {
		if row != "lamp.watts/0/RuleDrop" {
			return errors.New("no such row")
		}
		return nil
	})
	defer SetMutant("")
	for _, c := range []struct {
		id    string
		known bool
	}{
		{"lamp/1 lamp.watts/0/RuleDrop", true},
		{"lamp/1 lamp.none/0/RuleDrop", false},
		{"other/1 lamp.watts/0/RuleDrop", false},
	} {
		_, known := SetMutant(c.id)
		active := RowMutant()
		if known != c.known || (active == c.id) != c.known || (!c.known && active != "") {
			t.Errorf("SetMutant(%q): known %v, active %q", c.id, known, active)
		}
	}
}
