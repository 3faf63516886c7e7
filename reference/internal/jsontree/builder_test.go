package jsontree

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// val is a test value: a scalar's text, or a container's range.
type val struct {
	text   string
	kind   byte // 's' scalar, 'a' array, 'o' object
	lo, hi int
}

var testFormat = Format[[]byte, val]{
	Value: func(out []byte, v val) ([]byte, Span) {
		if v.kind == 's' {
			return append(out, v.text...), Span{}
		}
		return out, Span{Container: true, Object: v.kind == 'o', Lo: v.lo, Hi: v.hi}
	},
	Name: func(out []byte, n []byte) []byte { return append(append(append(out, '"'), n...), '"') },
}

func newBuilder() *Builder[[]byte, val] {
	return &Builder[[]byte, val]{Text: BytesText}
}

func sortByName(ms []Member[[]byte, val]) {
	slices.SortFunc(ms, func(a, b Member[[]byte, val]) int { return bytes.Compare(a.Name, b.Name) })
}

// name names a member as a parser does on a repeated name: the last value wins.
func name(b *Builder[[]byte, val], n string) bool {
	f := b.Find([]byte(n))
	b.Member([]byte(n), f)
	return f.Dup
}

func TestBuildAndEmit(t *testing.T) {
	b := newBuilder()
	// {"b":[1,{}],"a":2,"b":3} with the last "b" kept, sorted by name.
	b.OpenObject()
	if name(b, "b") {
		t.Fatal("first b found as repeated")
	}
	b.OpenArray()
	if b.Depth() != 2 {
		t.Fatalf("depth %d, want 2", b.Depth())
	}
	b.Attach(val{text: "1", kind: 's'})
	b.OpenObject()
	lo, hi := b.CloseObject(sortByName)
	b.Attach(val{kind: 'o', lo: lo, hi: hi})
	lo, hi = b.CloseArray()
	b.Attach(val{kind: 'a', lo: lo, hi: hi})
	name(b, "a")
	b.Attach(val{text: "2", kind: 's'})
	if !name(b, "b") {
		t.Fatal("repeated b not found")
	}
	b.Attach(val{text: "3", kind: 's'})
	lo, hi = b.CloseObject(sortByName)
	root := val{kind: 'o', lo: lo, hi: hi}
	if !b.Attach(root) {
		t.Fatal("the outermost value is not the root")
	}
	if got, want := string(b.Emit(nil, root, &testFormat)), `{"a":2,"b":3}`; got != want {
		t.Fatalf("Emit = %s, want %s", got, want)
	}
	// The array stays in the arena though no member holds it any more.
	if got, want := string(b.Emit(nil, val{kind: 'a', lo: 0, hi: 2}, &testFormat)), `[1,{}]`; got != want {
		t.Fatalf("Emit = %s, want %s", got, want)
	}
}

// TestLargeObjectIndex checks Find past SmallObject members, where the name
// index answers, including names added after the index was built.
func TestLargeObjectIndex(t *testing.T) {
	b := newBuilder()
	b.OpenObject()
	const n = 3 * SmallObject
	for i := range n {
		if name(b, fmt.Sprintf("k%02d", i)) {
			t.Fatalf("k%02d found before it was added", i)
		}
		b.Attach(val{text: fmt.Sprint(i), kind: 's'})
	}
	for i := range n {
		if !name(b, fmt.Sprintf("k%02d", i)) {
			t.Fatalf("k%02d not found", i)
		}
		b.Attach(val{text: fmt.Sprint(-i), kind: 's'})
	}
	lo, hi := b.CloseObject(sortByName)
	if hi-lo != n {
		t.Fatalf("%d members, want %d", hi-lo, n)
	}
	for i, m := range b.Membs[lo:hi] {
		if m.Val.text != fmt.Sprint(-i) {
			t.Fatalf("member %s = %s, want the last value %d", m.Name, m.Val.text, -i)
		}
	}
	b.Reset()
	if b.Depth() != 0 || len(b.Membs) != 0 || len(b.indexes) != 0 {
		t.Fatal("Reset left state behind")
	}
}

func TestEmitScalarRoot(t *testing.T) {
	b := newBuilder()
	if got := string(b.Emit([]byte("x"), val{text: "null", kind: 's'}, &testFormat)); got != "xnull" {
		t.Fatalf("Emit = %q, want %q", got, "xnull")
	}
}
