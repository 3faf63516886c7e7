package jsonwire

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// row is one scan: an input, its grammar, and the tokens it gives as
// "kind@start-end" with "e" for Escaped and "c" for RawControl (the last one
// End or Invalid). line is the row's line
// in this file, so a failure names its row.
type row struct {
	in   string
	g    Grammar
	want string
	line int
}

func scan(in string, g Grammar, want string) row {
	_, _, line, _ := runtime.Caller(1)
	return row{in: in, g: g, want: want, line: line}
}

var kindNames = map[Kind]string{Invalid: "invalid", End: "end", BeginObject: "{", EndObject: "}", BeginArray: "[", EndArray: "]",
	Name: "name", String: "string", Number: "number", True: "true", False: "false", Null: "null", NaN: "nan", Infinity: "inf", NegInfinity: "-inf"}

// tokens scans in to its end and renders every token.
func tokens(in []byte, start int, g Grammar) ([]Token, string) {
	var s Scanner
	s.Reset(in, start, g)
	var ts []Token
	var parts []string
	for {
		t := s.Next()
		ts = append(ts, t)
		p := fmt.Sprintf("%s@%d-%d", kindNames[t.Kind], t.Start, t.End)
		if t.Has(Escaped) {
			p += "e"
		}
		if t.Has(RawControl) {
			p += "c"
		}
		parts = append(parts, p)
		if t.Kind == End || t.Kind == Invalid {
			return ts, strings.Join(parts, " ")
		}
	}
}

func scanRows() []row {
	return []row{
		scan(``, 0, "invalid@0-0"),
		scan(` `, 0, "invalid@1-1"),
		scan(` 1 `, 0, "number@1-2 end@3-3"),
		scan(`"a\"b"`, 0, "string@0-6e end@6-6"),
		scan(`{"a":1,"b":[true,false,null]}`, 0, "{@0-1 name@1-4 number@5-6 name@7-10 [@11-12 true@12-16 false@17-22 null@23-27 ]@27-28 }@28-29 end@29-29"),
		scan("{ \"a\" :\t[ ] ,\n\"b\":{}}", 0, "{@0-1 name@2-5 [@8-9 ]@10-11 name@14-17 {@18-19 }@19-20 }@20-21 end@21-21"),
		// The scanner returns a name or a number before it looks at what
		// follows: the ':' and the delimiter are the next call's.
		scan(`{"a" 1}`, 0, "{@0-1 name@1-4 invalid@5-5"),
		scan(`{"a":1 "b"}`, 0, "{@0-1 name@1-4 number@5-6 invalid@7-7"),
		scan(`[1.]`, 0, "[@0-1 number@1-2 invalid@2-2"),
		scan(`1e`, 0, "number@0-1 invalid@1-1"),
		scan(`-`, 0, "invalid@1-1"),
		scan(`01`, 0, "number@0-1 invalid@1-1"),
		scan(`[1,]`, 0, "[@0-1 number@1-2 invalid@3-3"),
		scan(`{"a":1,}`, 0, "{@0-1 name@1-4 number@5-6 invalid@7-7"),
		scan(`{1:2}`, 0, "{@0-1 invalid@1-1"),
		scan(`[1}`, 0, "[@0-1 number@1-2 invalid@2-2"),
		scan(`tru`, 0, "invalid@3-3"),
		scan(`nul1`, 0, "invalid@3-3"),
		scan(`true1`, 0, "true@0-4 invalid@4-4"),
		scan(`"abc`, 0, "invalid@4-4"),
		scan(`"a\x"`, 0, "invalid@2-2"),
		scan(`"\u12G4"`, 0, "invalid@1-1"),
		scan("\"a\tb\"", 0, "invalid@2-2"),
		scan(`"\ud800\u00e9"`, 0, "string@0-14e end@14-14"),
		scan(`1 2`, 0, "number@0-1 invalid@2-2"),
		scan(`NaN`, 0, "invalid@0-0"),
		scan(`-Infinity`, 0, "invalid@1-1"),
		// Constants: CPython's NaN, Infinity and -Infinity.
		scan(`[NaN,Infinity,-Infinity,-1]`, Constants, "[@0-1 nan@1-4 inf@5-13 -inf@14-23 number@24-26 ]@26-27 end@27-27"),
		scan(`-Inf`, Constants, "invalid@1-1"),
		scan(`Nan`, Constants, "invalid@2-2"),
		// RawControls: a raw control is content, not a defect.
		scan("\"a\tb\x00\"", RawControls, "string@0-6c end@6-6"),
		scan(`["a\n\u0001"]`, RawControls, "[@0-1 string@1-12e ]@12-13 end@13-13"),
		// NumberRuns: any run of 0-9 + - . e E from a '-' or a digit.
		scan(`[-0,01,1.5e+3,1-2,-,1ee]`, NumberRuns, "[@0-1 number@1-3 number@4-6 number@7-13 number@14-17 number@18-19 number@20-23 ]@23-24 end@24-24"),
		scan(`+1`, NumberRuns, "invalid@0-0"),
		scan(`.5`, NumberRuns, "invalid@0-0"),
		scan(`1true`, NumberRuns, "number@0-1 invalid@1-1"),
	}
}

func TestScan(t *testing.T) {
	for _, r := range scanRows() {
		if _, got := tokens([]byte(r.in), 0, r.g); got != r.want {
			t.Errorf("line %d: %q: got %s; want %s", r.line, r.in, got, r.want)
		}
	}
}

func TestNextAfterTheEnd(t *testing.T) {
	for _, in := range []string{`1`, `[`} {
		var s Scanner
		s.Reset([]byte(in), 0, 0)
		first := s.Next()
		for first.Kind != End && first.Kind != Invalid {
			first = s.Next()
		}
		if again := s.Next(); again != first {
			t.Errorf("%q: %+v after %+v", in, again, first)
		}
	}
}

func TestResetStartAndDepth(t *testing.T) {
	in := []byte("\xef\xbb\xbf [[]]")
	if _, got := tokens(in, 3, 0); got != "[@4-5 [@5-6 ]@6-7 ]@7-8 end@8-8" {
		t.Errorf("from 3: %s", got)
	}
	var s Scanner
	s.Reset([]byte(`[{"a":[]}]`), 0, 0)
	var depths []int
	for t := s.Next(); t.Kind != End; t = s.Next() {
		depths = append(depths, s.Depth())
	}
	if fmt.Sprint(depths) != "[1 2 2 3 2 1 0]" {
		t.Errorf("depths %v", depths)
	}
}

func TestNumberParts(t *testing.T) {
	for _, tc := range []struct{ in, intPart, frac, exp string }{
		{"0", "0", "", ""},
		{"-12.50e+3", "-12", ".50", "e+3"},
		{"7E-0", "7", "", "E-0"},
		{"3.14", "3", ".14", ""},
	} {
		var s Scanner
		s.Reset([]byte(tc.in), 0, 0)
		tok := s.Next()
		in := tc.in
		ie, fe := Split([]byte(in[tok.Start:tok.End]))
		if tok.Kind != Number || tok.End != len(in) || in[:ie] != tc.intPart || in[ie:fe] != tc.frac || in[fe:] != tc.exp {
			t.Errorf("%s: %+v, split at %d, %d", tc.in, tok, ie, fe)
		}
		if tok.Has(Fraction) != (tc.frac != "") || tok.Has(Exponent) != (tc.exp != "") || tok.Has(Escaped) {
			t.Errorf("%s: flags %b", tc.in, tok.Flags)
		}
	}
}

func TestPlain(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{{"0", true}, {"7", true}, {"9007199254740993", true}, {"", false}, {"-0", false}, {"01", false}, {"1.0", false}, {"1e2", false}, {"-1", false}, {"1-", false}} {
		if got := Plain([]byte(tc.in)); got != tc.want {
			t.Errorf("Plain(%q) = %v", tc.in, got)
		}
	}
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		content string
		utf8    string // AppendUnquoted
		lone    int    // LoneSurrogate
		units   []uint16
	}{
		{`abc`, "abc", -1, []uint16{'a', 'b', 'c'}},
		{`a\"\\\/\b\f\n\r\tz`, "a\"\\/\b\f\n\r\tz", -1, []uint16{'a', '"', '\\', '/', 8, 12, 10, 13, 9, 'z'}},
		{`\u00e9\u20AC`, "\u00e9\u20ac", -1, []uint16{0xe9, 0x20ac}},
		{`\ud83d\ude00`, "\U0001F600", -1, []uint16{0xd83d, 0xde00}},
		{"\U0001F600", "\U0001F600", -1, []uint16{0xd83d, 0xde00}},
		{`x\ud800`, "x\xed\xa0\x80", 1, []uint16{'x', 0xd800}},
		{`\ude00\ud83d`, "\xed\xb8\x80\xed\xa0\xbd", 0, []uint16{0xde00, 0xd83d}},
		{`\ud83d\u0041`, "\xed\xa0\xbdA", 0, []uint16{0xd83d, 'A'}},
		{`\u0000`, "\x00", -1, []uint16{0}},
	} {
		got, lone := AppendUnquoted(nil, []byte(tc.content))
		if string(got) != tc.utf8 || lone != (tc.lone >= 0) {
			t.Errorf("AppendUnquoted(%s) = %q, %v; want %q", tc.content, got, lone, tc.utf8)
		}
		if got := LoneSurrogate([]byte(tc.content)); got != tc.lone {
			t.Errorf("LoneSurrogate(%s) = %d; want %d", tc.content, got, tc.lone)
		}
		if got := AppendUnits(nil, []byte(tc.content)); fmt.Sprint(got) != fmt.Sprint(tc.units) {
			t.Errorf("AppendUnits(%s) = %x; want %x", tc.content, got, tc.units)
		}
		// DecodeGeneralized reads back what AppendUnquoted wrote, as the
		// same units.
		var back []uint16
		for i := 0; i < len(got); {
			r, n := DecodeGeneralized(got[i:])
			if IsSurrogate(r) {
				back = append(back, uint16(r))
			} else {
				back = AppendUTF16(back, r)
			}
			i += n
		}
		if fmt.Sprint(back) != fmt.Sprint(tc.units) {
			t.Errorf("DecodeGeneralized(%q) = %x; want %x", got, back, tc.units)
		}
	}
}

func TestUnitOffset(t *testing.T) {
	content := []byte(`a\n` + "\U0001F600" + `\u0041` + "\u00e9")
	// units: a, \n, D83D, DE00, A, e9 at bytes 0, 1, 3, 3, 7, 13
	for k, want := range []int{0, 1, 3, 3, 7, 13, 15, 15} {
		if got := UnitOffset(content, k); got != want {
			t.Errorf("UnitOffset(%d) = %d; want %d", k, got, want)
		}
	}
}

func TestHex4(t *testing.T) {
	for _, tc := range []struct {
		in   string
		i    int
		want rune
		ok   bool
	}{{"00e9", 0, 0xe9, true}, {"xFfFf", 1, 0xffff, true}, {"12G4", 0, 0, false}, {"123", 0, 0, false}, {"1234", 1, 0, false}, {"1234", -1, 0, false}} {
		got, ok := Hex4([]byte(tc.in), tc.i)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Hex4(%q, %d) = %x, %v", tc.in, tc.i, got, ok)
		}
	}
}

func TestInvalidUTF8AndBOM(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{{"", -1}, {"abc\u00e9\U0001F600", -1}, {"ab\xff", 2}, {"a\xed\xa0\x80", 1}, {"\xc0\xaf", 0}, {"\u00e9\xe2\x82", 2}, {"\xf4\x90\x80\x80", 0}} {
		if got := InvalidUTF8([]byte(tc.in)); got != tc.want {
			t.Errorf("InvalidUTF8(%q) = %d; want %d", tc.in, got, tc.want)
		}
	}
	if !HasBOM([]byte("\xef\xbb\xbf1")) || HasBOM([]byte("\xef\xbb")) || HasBOM([]byte("1")) {
		t.Error("HasBOM")
	}
}

func TestPointer(t *testing.T) {
	// Each input stops at its last character with Invalid; the pointer is
	// of the value being read there.
	for _, tc := range []struct{ in, want string }{
		{`x`, ``},
		{`[1,2,x`, `/2`},
		{`{"a":x`, `/a`},
		{`{"a":[0,{"b~/c":x`, `/a/1/b~0~1c`},
		{`{"\u00e9\ud800":x`, "/\u00e9\ufffd"},
		{`[[],[x`, `/1/0`},
		{`{"a":1,"b":{}, x`, `/b`},
		{`[{"a":1},x`, `/1`},
		{`[[[`, `/0/0/0`},
	} {
		var s Scanner
		s.Reset([]byte(tc.in), 0, 0)
		for tok := s.Next(); tok.Kind != Invalid; tok = s.Next() {
			if tok.Kind == End {
				t.Fatalf("%s: no defect", tc.in)
			}
		}
		if got := s.Pointer(); string(got) != tc.want {
			t.Errorf("%s: pointer %q; want %q", tc.in, got, tc.want)
		}
	}
	if p := Pointer("").Index(3).Name("a/b~").NameUnits([]uint16{'x', 0xdc00}); p != "/3/a~1b~0/x\ufffd" {
		t.Errorf("built %q", p)
	}
}

// FuzzScan checks the scanner against encoding/json on valid UTF-8: with
// the RFC 8259 grammar it reaches End exactly when json.Valid holds; every
// token lies within the input, after the one before it; a number token
// parses as JSON alone; a string token's units are what encoding/json
// decodes, where the string holds no surrogate escape; the decoders and
// Pointer never panic, whatever the bytes. Seeded from the table and every
// JSONTestSuite parsing file.
func FuzzScan(f *testing.F) {
	for _, r := range scanRows() {
		f.Add([]byte(r.in))
	}
	files, _ := filepath.Glob("../../../../shared/corpora/jsontestsuite/test_parsing/*")
	if len(files) == 0 {
		f.Fatal("corpus jsontestsuite/test_parsing: no files")
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, g := range []Grammar{0, Constants, RawControls | NumberRuns} {
			ts, _ := tokens(in, 0, g)
			var sc Scanner
			sc.Reset(in, 0, g)
			for t := sc.Next(); t.Kind != End && t.Kind != Invalid; t = sc.Next() {
			}
			if p := sc.Pointer(); p != "" && p[0] != '/' {
				t.Fatalf("%q: pointer %q", in, p)
			}
			last := ts[len(ts)-1]
			if g == 0 && utf8.Valid(in) && (last.Kind == End) != json.Valid(in) {
				t.Fatalf("%q: scanner ends with %v; json.Valid %v", in, kindNames[last.Kind], json.Valid(in))
			}
			prev := 0
			for _, tok := range ts {
				if tok.Start < prev || tok.End < tok.Start || tok.End > len(in) {
					t.Fatalf("%q: token %+v after offset %d", in, tok, prev)
				}
				prev = tok.End
				switch tok.Kind {
				case Number:
					if g&NumberRuns == 0 && !json.Valid(in[tok.Start:tok.End]) {
						t.Fatalf("%q: number %q", in, in[tok.Start:tok.End])
					}
				case String, Name:
					// Whatever the bytes, the decoders never panic.
					content := Content(in, tok)
					units := AppendUnits(nil, content)
					AppendUnquoted(nil, content)
					LoneSurrogate(content)
					UnitOffset(content, len(units)/2)
					raw := in[tok.Start:tok.End]
					var s string
					if g&RawControls != 0 || !utf8.Valid(raw) || strings.Contains(strings.ToLower(string(raw)), `\ud`) {
						continue
					}
					if err := json.Unmarshal(raw, &s); err != nil {
						t.Fatalf("%q: string %q: %v", in, raw, err)
					}
					if got := AppendUnits(nil, Content(in, tok)); fmt.Sprint(got) != fmt.Sprint(utf16.Encode([]rune(s))) {
						t.Fatalf("%q: units %x; encoding/json %q", raw, got, s)
					}
				}
			}
		}
	})
}

func TestEscapes(t *testing.T) {
	var out []byte
	for c := 0; c < 256; c++ {
		b, ok := AppendShortEscape(nil, byte(c))
		want := map[byte]string{'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}[byte(c)]
		if string(b) != want || ok != (want != "") {
			t.Errorf("AppendShortEscape(%#x) = %q, %v", c, b, ok)
		}
	}
	out = AppendUnitEscape(out, 0x1f)
	out = AppendUnitEscape(out, 0xDBFF)
	if string(out) != `\u001f\udbff` {
		t.Errorf("AppendUnitEscape: %s", out)
	}
}

func TestShortestDecimal(t *testing.T) {
	for _, tc := range []struct {
		f      float64
		neg    bool
		digits string
		decpt  int
	}{
		{1, false, "1", 1},
		{-0.5, true, "5", 0},
		{123.456, false, "123456", 3},
		{1e21, false, "1", 22},
		{5e-324, false, "5", -323},
		{0.30000000000000004, false, "30000000000000004", 0},
		{-1.7976931348623157e308, true, "17976931348623157", 309},
	} {
		neg, d, decpt := ShortestDecimal([]byte("x"), tc.f)
		if neg != tc.neg || string(d) != tc.digits || decpt != tc.decpt {
			t.Errorf("ShortestDecimal(%v) = %v %s %d", tc.f, neg, d, decpt)
		}
	}
}
