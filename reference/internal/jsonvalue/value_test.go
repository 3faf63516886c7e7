package jsonvalue

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

func TestParseAccepts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // AppendJSON of the parsed value
	}{
		{`null`, `null`},
		{" \t\r\n true \t\r\n", `true`},
		{`false`, `false`},
		{`-0`, `-0`},
		{`1.50e+10`, `1.50e+10`},
		{`1E-2`, `1E-2`},
		{`123456789012345678901234567890`, `123456789012345678901234567890`},
		{`""`, `""`},
		{`"a\"\\\/\b\f\n\r\t"`, `"a\u0022\u005c/\u0008\u000c\u000a\u000d\u0009"`},
		{`"\ud800"`, `"\ud800"`},
		{`"\udc00\ud800"`, `"\udc00\ud800"`},
		{`"\uD83D\uDE00"`, `"\ud83d\ude00"`},
		{"\"\U0001F600\"", `"\ud83d\ude00"`},
		{"\"\u00e9\u20ac\"", `"\u00e9\u20ac"`},
		{"\"\ufeff\"", `"\ufeff"`},
		{`[]`, `[]`},
		{`{}`, `{}`},
		{`[1, [2, {"a" : [ ]}], "x"]`, `[1,[2,{"a":[]}],"x"]`},
		{`{"b":1,"a":2}`, `{"b":1,"a":2}`},
		{`{"a":1,"A":2,"\u00e9":3,"e\u0301":4}`, `{"a":1,"A":2,"\u00e9":3,"e\u0301":4}`},
		{strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth), strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)},
	} {
		v, err := Parse([]byte(tc.in))
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got := string(AppendJSON(nil, &v)); got != tc.want {
			t.Errorf("Parse(%q) = %s; want %s", tc.in, got, tc.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	big := `{`
	for i := 0; i < 40; i++ {
		big += fmt.Sprintf(`"k%d":%d,`, i, i)
	}
	for _, in := range []string{
		``, ` `, `nul`, `tru`, `True`, `NaN`, `Infinity`, `-Infinity`, `01`, `-01`, `1.`, `.5`, `+1`, `-`, `1e`, `1e+`, `0x1`,
		`[1,]`, `[,1]`, `[1 2]`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `{'a':1}`, `{"a":1`, `[`, `"abc`, `1 2`, `{} {}`,
		"\"a\x00\"", "\"\x1f\"", "\"\t\"", `"\x41"`, `"\u12"`, `"\u12G4"`, `"\U0041"`, `/* c */ 1`, `1 // c`,
		"\xef\xbb\xbf1", "\xef\xbb\xbf\"a\"", "\"\xff\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"", "\"\xe2\x82\"",
		"\xed\xa0\x80\xed\xb0\x80",
		`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"\ud800":1,"\uD800":2}`, `[{"x":{"y":1,"y":1}}]`,
		big + `"k7":0}`,
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
		strings.Repeat(`{"a":`, MaxDepth) + `[]` + strings.Repeat("}", MaxDepth),
		"\u00a01", "\v1", "\f1",
	} {
		if _, err := Parse([]byte(in)); !errors.Is(err, ErrInvalid) {
			t.Errorf("Parse(%q) = %v; want ErrInvalid", in, err)
		}
	}
	// The same shapes one level shallower are accepted.
	if _, err := Parse([]byte(strings.Repeat(`{"a":`, MaxDepth-1) + `[]` + strings.Repeat("}", MaxDepth-1))); err != nil {
		t.Errorf("depth %d: %v", MaxDepth, err)
	}
	if _, err := Parse([]byte(big + `"k40":0}`)); err != nil {
		t.Errorf("large object: %v", err)
	}
}

func units(s string) []uint16 {
	v, err := Parse([]byte(s))
	if err != nil || v.Kind != String {
		panic(s)
	}
	return v.Units
}

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{`""`, `""`, 0},
		{`""`, `"a"`, -1},
		{`"a"`, `"ab"`, -1},
		{`"b"`, `"ab"`, +1},
		{`"\ue000"`, `"\ud83d\ude00"`, -1}, // U+E000 < U+1F600, though D83D < E000
		{`"\uffff"`, `"\ud800\udc00"`, -1},
		{`"\ud800"`, `"\ud800\udc00"`, -1}, // lone U+D800 < U+10000
		{`"\udc00"`, `"\ud7ff"`, +1},
		{`"\ud83d\ude00"`, `"\ud83d\ude00"`, 0},
	} {
		if got := Compare(units(tc.a), units(tc.b)); got != tc.want {
			t.Errorf("Compare(%s, %s) = %d; want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Compare(units(tc.b), units(tc.a)); got != -tc.want {
			t.Errorf("Compare(%s, %s) = %d; want %d", tc.b, tc.a, got, -tc.want)
		}
	}
}

func TestUTF8(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		cps  int
	}{
		{`""`, "", 0},
		{`"a\u00e9\u20ac\ud83d\ude00"`, "a\u00e9\u20ac\U0001F600", 4},
		{`"\ud800"`, "\xed\xa0\x80", 1},
		{`"\udfff\ud800x"`, "\xed\xbf\xbf\xed\xa0\x80x", 3},
		{`"\u0000\u007f\u0080\u07ff\u0800\uffff"`, "\x00\x7f\u0080\u07ff\u0800\uffff", 6},
	} {
		u := units(tc.in)
		if got := string(AppendUTF8(nil, u)); got != tc.want {
			t.Errorf("AppendUTF8(%s) = %q; want %q", tc.in, got, tc.want)
		}
		if got := UTF8Len(u); got != len(tc.want) {
			t.Errorf("UTF8Len(%s) = %d; want %d", tc.in, got, len(tc.want))
		}
		if got := CodePoints(u); got != tc.cps {
			t.Errorf("CodePoints(%s) = %d; want %d", tc.in, got, tc.cps)
		}
	}
	if got := FromString("a\U0001F600"); !Equal(got, []uint16{'a', 0xD83D, 0xDE00}) {
		t.Errorf("FromString = %x", got)
	}
}

func TestGet(t *testing.T) {
	v, err := Parse([]byte(`{"key":"a","sig":"b","msg":"c"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !v.HasExactly("msg", "key", "sig") || v.HasExactly("key", "sig") || v.HasExactly("key", "sig", "msg", "x") || v.HasExactly("key", "sig", "x") {
		t.Error("HasExactly")
	}
	if s, ok := v.Get("sig"); !ok || !EqualString(s.Units, "b") {
		t.Error("Get sig")
	}
	if _, ok := v.Get("Sig"); ok {
		t.Error("Get Sig")
	}
	a := Value{Kind: Array}
	if _, ok := a.Get("x"); ok || a.HasExactly() {
		t.Error("array Get")
	}
}

// TestParseLocation checks where Parse says the input stopped being one
// JSON value, and the offsets of the values it reads.
func TestParseLocation(t *testing.T) {
	for _, tc := range []struct {
		in      string
		offset  int
		pointer string
	}{
		{"\xef\xbb\xbf1", 0, ""},
		{"[\"a\xff\"]", 3, ""},
		{``, 0, ""},
		{`[1,]`, 3, "/1"},
		{`{"a":[true,nul]}`, 14, "/a/1"},
		{`{"a":1,"a":2}`, 7, "/a"},
		{`[0] x`, 4, ""},
		{strings.Repeat("[", MaxDepth+1), MaxDepth, strings.Repeat("/0", MaxDepth)},
	} {
		_, err := Parse([]byte(tc.in))
		var e *Error
		if !errors.As(err, &e) || e.Offset != tc.offset || e.Pointer != tc.pointer {
			t.Errorf("Parse(%.40q) = %+v; want offset %d, pointer %q", tc.in, err, tc.offset, tc.pointer)
		}
		if got := Where(err); got != refusal.At(tc.offset, tc.pointer) {
			t.Errorf("Where(%.40q) = %+v", tc.in, got)
		}
	}
	if Where(errors.New("x")) != (refusal.Location{}) {
		t.Error("Where of another error")
	}
	v, err := Parse([]byte(` {"a": [1, "x"], "b":null}`))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := v.Get("a")
	b, _ := v.Get("b")
	if v.Offset != 1 || a.Offset != 7 || a.Elems[0].Offset != 8 || a.Elems[1].Offset != 11 || b.Offset != 21 {
		t.Errorf("offsets %d %d %d %d %d", v.Offset, a.Offset, a.Elems[0].Offset, a.Elems[1].Offset, b.Offset)
	}
	if got := a.Elems[1].At(Root.Name("a").Index(1)); got != refusal.At(11, "/a/1") {
		t.Errorf("At = %+v", got)
	}
}
