package rfc8785

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// row is one table case (reftest.Row): an input, the guards it runs with
// ignored, and either the exact output or the exact refusal, named by its
// line in this file.
type row = reftest.Row

// ok is a row whose input is accepted with output want; no one refused by
// a guard.
var ok, no = reftest.OK, reftest.No

func runRows(t *testing.T, rows []row) {
	t.Helper()
	reftest.Run(t, rows, Canonicalize)
}

func TestGuardTable(t *testing.T) {
	// spec/rfc8785.md, "Refusals", verbatim.
	want := []refusal.Guard{
		{Contract: "rfc8785/1", Code: "rfc8785.bom", Message: "input begins with a UTF-8 byte order mark"},
		{Contract: "rfc8785/1", Code: "rfc8785.utf8", Message: "input is not valid UTF-8"},
		{Contract: "rfc8785/1", Code: "rfc8785.syntax", Message: "input is not valid JSON"},
		{Contract: "rfc8785/1", Code: "rfc8785.depth", Message: "nesting exceeds depth 128"},
		{Contract: "rfc8785/1", Code: "rfc8785.duplicate", Message: "duplicate member name"},
		{Contract: "rfc8785/1", Code: "rfc8785.surrogate", Message: "string contains an unpaired surrogate"},
		{Contract: "rfc8785/1", Code: "rfc8785.number_range", Message: "number is outside the IEEE-754 double range"},
	}
	reftest.GuardTable(t, Guards, want)
}

var nest = reftest.Nest

func TestInput(t *testing.T) { runRows(t, inputRows()) }

func inputRows() []row {
	return []row{
		// Rule 1: BOM.
		no("\xEF\xBB\xBF1", ErrBOM),
		no("\xEF\xBB\xBF", ErrBOM),
		ok("\xEF\xBB\xBF 1 ", "1", ErrBOM),
		no("\xEF\xBB", ErrUTF8),
		no("1\xEF\xBB\xBF", ErrSyntax), // a BOM elsewhere is U+FEFF: not whitespace
		// Rule 2: UTF-8 (RFC 3629).
		no("\"\xff\"", ErrUTF8),
		no("\"\xc0\xaf\"", ErrUTF8),                 // overlong
		no("\"\xed\xa0\x80\"", ErrUTF8),             // CESU-8 surrogate
		no("\"\xed\xa0\xbd\xed\xb8\x80\"", ErrUTF8), // CESU-8 pair
		no("\"\xf4\x90\x80\x80\"", ErrUTF8),         // above U+10FFFF
		no("\"\xe2\x82\"", ErrUTF8),                 // truncated
		ok("\"\xf4\x8f\xbf\xbf\"", "\"\xf4\x8f\xbf\xbf\""),
		// Rule 3: grammar.
		no("", ErrSyntax),
		no(" \t\r\n", ErrSyntax),
		no("1 2", ErrSyntax),
		no("[1]]", ErrSyntax),
		no("\"a\x00\"", ErrSyntax),
		no("\"a\x1f\"", ErrSyntax),
		no("\"a\nb\"", ErrSyntax),
		no(`"\x"`, ErrSyntax),
		no(`"\'"`, ErrSyntax),
		no(`"\U0041"`, ErrSyntax),
		no(`"\u004"`, ErrSyntax),
		no(`"\u004g"`, ErrSyntax),
		no(`"abc`, ErrSyntax),
		no(`"abc\"`, ErrSyntax),
		no(`NaN`, ErrSyntax),
		no(`Infinity`, ErrSyntax),
		no(`-Infinity`, ErrSyntax),
		no(`01`, ErrSyntax),
		no(`-01`, ErrSyntax),
		no(`+1`, ErrSyntax),
		no(`.5`, ErrSyntax),
		no(`1.`, ErrSyntax),
		no(`1.e5`, ErrSyntax),
		no(`1e`, ErrSyntax),
		no(`1e+`, ErrSyntax),
		no(`-`, ErrSyntax),
		no(`[1,]`, ErrSyntax),
		no(`{"a":1,}`, ErrSyntax),
		no(`[,]`, ErrSyntax),
		no(`{,}`, ErrSyntax),
		no(`{"a" 1}`, ErrSyntax),
		no(`{"a":}`, ErrSyntax),
		no(`{1:1}`, ErrSyntax),
		no(`{'a':1}`, ErrSyntax),
		no(`[1]/**/`, ErrSyntax),
		no(`tru`, ErrSyntax),
		no(`truex`, ErrSyntax),
		no(`nulll`, ErrSyntax),
		no("\f1", ErrSyntax),
		no("\u00a01", ErrSyntax),
		no("[", ErrSyntax),
		no("{", ErrSyntax),
		no(`{"a"`, ErrSyntax),
		ok(`"\u004A\u004a"`, `"JJ"`),
		// Rule 4: depth 128 accepted, 129 refused, arrays and objects.
		ok(nest("[", "]", 128, ""), nest("[", "]", 128, "")),
		no(nest("[", "]", 129, ""), ErrDepth),
		ok(nest(`{"a":`, "}", 127, "{}"), nest(`{"a":`, "}", 127, "{}")),
		no(nest(`{"a":`, "}", 128, "{}"), ErrDepth),
		ok(nest("[", "]", 128, "1"), nest("[", "]", 128, "1")),
		no(nest("[", "]", 128, "[1]"), ErrDepth),
		// Rule 5: surrogates.
		ok(`"\ud83d\ude00"`, "\"\U0001F600\""),
		ok(`"\uD83D\uDE00"`, "\"\U0001F600\""),
		no(`"\ud800"`, ErrSurrogate),
		no(`"\udc00"`, ErrSurrogate),
		no(`"\udc00\ud800"`, ErrSurrogate),
		no(`"\ud800\u0041"`, ErrSurrogate),
		no(`"\ud800\ud800"`, ErrSurrogate),
		no(`"\ud800 \udc00"`, ErrSurrogate),
		no("\"\\ud83d\U0001F600\"", ErrSurrogate),
		no(`{"\ud800":1}`, ErrSurrogate),
		ok(`"\ud7ff\ue000"`, "\"\ud7ff\ue000\""),
		ok(`"\udbff\udc00"`, "\"\U0010FC00\""),
		no(`"\udbff"`, ErrSurrogate),
		no(`"\udfff"`, ErrSurrogate),
		no(`"\ud800\udbff"`, ErrSurrogate),
		no(`"\ud800\ue000"`, ErrSurrogate),
		no(`"\ud7ff\udc00"`, ErrSurrogate),
		// Rule 6: duplicates, compared after unescaping.
		no(`{"a":1,"a":2}`, ErrDuplicate),
		no(`{"a":1,"\u0061":2}`, ErrDuplicate),
		no(`{"\ud83d\ude00":1,"`+"\U0001F600"+`":2}`, ErrDuplicate),
		no(`{"a":{"b":1,"b":2}}`, ErrDuplicate),
		ok(`{"a":{"a":1},"b":{"a":1}}`, `{"a":{"a":1},"b":{"a":1}}`),
		ok(`{"a":1,"A":2}`, `{"A":2,"a":1}`),
		ok(`[{"a":1},{"a":2}]`, `[{"a":1},{"a":2}]`),
		// Rule 7: range.
		no(`1e400`, ErrNumberRange),
		no(`-1e400`, ErrNumberRange),
		no(`1.7976931348623159e308`, ErrNumberRange),
		no("1"+strings.Repeat("0", 399), ErrNumberRange),
		no("-1"+strings.Repeat("0", 399), ErrNumberRange),
		ok(`1.7976931348623158e308`, `1.7976931348623157e+308`),
		ok("1"+strings.Repeat("0", 308), "1e+308"),
		ok(`1e-400`, `0`),
		ok(`-1e-400`, `0`),
	}
}

func TestNumbers(t *testing.T) { runRows(t, numbersRows()) }

func numbersRows() []row {
	return []row{
		ok(`0`, `0`),
		ok(`-0`, `0`),
		ok(`-0.0`, `0`),
		ok(`-0e5`, `0`),
		ok(`0e-5`, `0`),
		ok(`1.0`, `1`),
		ok(`1e0`, `1`),
		ok(`100`, `100`),
		ok(`-100`, `-100`),
		ok(`1E2`, `100`),
		ok(`1e+2`, `100`),
		ok(`0.1`, `0.1`),
		ok(`-1.5E-3`, `-0.0015`),
		ok(`1e21`, `1e+21`),
		ok(`1e20`, `100000000000000000000`),
		ok(`999999999999999999999`, `1e+21`),
		ok(`123456789012345678901`, `123456789012345680000`),
		ok(`1e-7`, `1e-7`),
		ok(`1e-6`, `0.000001`),
		ok(`0.000001`, `0.000001`),
		ok(`0.0000001`, `1e-7`),
		ok(`0.00000123`, `0.00000123`),
		ok(`0.000000123`, `1.23e-7`),
		ok(`123e-20`, `1.23e-18`),
		ok(`1.5e300`, `1.5e+300`),
		ok(`-1.5e300`, `-1.5e+300`),
		ok(`5e-324`, `5e-324`),
		ok(`-5e-324`, `-5e-324`),
		ok(`2.4703282292062327e-324`, `0`),
		ok(`2.4703282292062328e-324`, `5e-324`),
		ok(`1.7976931348623157e308`, `1.7976931348623157e+308`),
		ok(`9007199254740991`, `9007199254740991`),
		ok(`9007199254740992`, `9007199254740992`),
		ok(`9007199254740993`, `9007199254740992`),
		ok(`9007199254740995`, `9007199254740996`),
		ok(`-9007199254740993`, `-9007199254740992`),
		ok(`999999999999999`, `999999999999999`),
		ok(`-999999999999999`, `-999999999999999`),
		ok(`1000000000000000`, `1000000000000000`),
		ok(`4.35`, `4.35`),
		ok(`0.1e1`, `1`),
		ok(`12.34e-2`, `0.1234`),
		ok(`333333333.33333329`, `333333333.3333333`),
		ok(`1.0000000000000001`, `1`),
		ok(`0.30000000000000004`, `0.30000000000000004`),
		ok(`100000000000000000000000000000000000000000e-20`, `1e+21`),
		no(`1e+1000000000000000000000`, ErrNumberRange),
		ok(`1e-1000000000000000000000`, `0`),
		ok(`0e+1000000000000000000000`, `0`),
		ok("0."+strings.Repeat("0", 300)+"1", "1e-301"),
		ok("0."+strings.Repeat("0", 1000)+"1", "0"),
		ok("1"+strings.Repeat("0", 1000)+"e-1000", "1"),
	}
}

func TestStrings(t *testing.T) { runRows(t, stringsRows()) }

func stringsRows() []row {
	var rows []row
	// Every C0 control, escaped: \b \t \n \f \r by name, the rest \u00xx
	// in lowercase hex.
	named := map[byte]string{'\b': `\b`, '\t': `\t`, '\n': `\n`, '\f': `\f`, '\r': `\r`}
	for c := byte(0); c < 0x20; c++ {
		want, isNamed := named[c]
		if !isNamed {
			want = fmt.Sprintf(`\u%04x`, c)
		}
		rows = append(rows, ok(fmt.Sprintf(`"\u%04X"`, c), `"`+want+`"`))
	}
	rows = append(rows,
		ok(`"\b\f\n\r\t"`, `"\b\f\n\r\t"`),
		ok(`"\"\\\/"`, `"\"\\/"`),
		ok(`"/"`, `"/"`),
		ok(`"\u007f"`, "\"\x7f\""),
		ok("\"\x7f\"", "\"\x7f\""),
		ok(`"\u0080\u00e9"`, "\"\u0080\u00e9\""),
		ok(`"\u2028\u2029"`, "\"\u2028\u2029\""),
		ok(`"\ufeff"`, "\"\ufeff\""),
		ok(`"\uffff"`, "\"\uffff\""),
		ok(`"<>&'"`, `"<>&'"`),
		ok(`"\u003c"`, `"<"`),
		ok("\"\U0001F600\"", "\"\U0001F600\""),
		ok(`"\ud83d\ude00"`, "\"\U0001F600\""),
		ok(`"\udbff\udfff"`, "\"\U0010FFFF\""),
		ok(`""`, `""`),
		ok(` "a b" `, `"a b"`),
		ok(`"\u0000"`, `"\u0000"`),
	)
	return rows
}

func TestObjects(t *testing.T) { runRows(t, objectsRows()) }

func objectsRows() []row {
	return []row{
		ok(` { "b" : 1 , "a" : [ 2 , { } , [ ] ] } `, `{"a":[2,{},[]],"b":1}`),
		ok(`[3,1,2]`, `[3,1,2]`),
		ok(`{"z":{"y":1,"x":2},"a":null}`, `{"a":null,"z":{"x":2,"y":1}}`),
		// UTF-16 order, not code point order (RFC 8785 section 3.2.3).
		ok(`{"\ud800\udc00":1,"\ue000":2}`, "{\"\U00010000\":1,\"\ue000\":2}"),
		ok(`{"\ue000":2,"\ud800\udc00":1}`, "{\"\U00010000\":1,\"\ue000\":2}"),
		ok("{\"\uffff\":1,\"\U0001F600\":2,\"\ud7ff\":3}", "{\"\ud7ff\":3,\"\U0001F600\":2,\"\uffff\":1}"),
		ok(`{"b":1,"a\u0000":2,"a":3,"":4}`, `{"":4,"a":3,"a\u0000":2,"b":1}`),
		ok(`{"\u20ac":1,"\r":2,"1":3,"\u00e9":4,"\u0080":5,"\ud83d\ude00":6,"\ufb33":7}`,
			"{\"\\r\":2,\"1\":3,\"\u0080\":5,\"\u00e9\":4,\"\u20ac\":1,\"\U0001F600\":6,\"\ufb33\":7}"),
		ok(`{"aa":1,"a":2,"ab":3,"b":4}`, `{"a":2,"aa":1,"ab":3,"b":4}`),
		ok(`{"\"":1,"\\":2,"!":3}`, `{"!":3,"\"":1,"\\":2}`),
		ok(`[true,false,null]`, `[true,false,null]`),
	}
}

// TestPrecedence pins which guard wins on inputs with two defects
// (spec/rfc8785.md, "Precedence").
func TestPrecedence(t *testing.T) { runRows(t, precedenceRows()) }

func precedenceRows() []row {
	return []row{
		no("\xEF\xBB\xBF\xff", ErrBOM),
		no("\xEF\xBB\xBF[1,]", ErrBOM),
		no("[1,]\xff", ErrUTF8),
		no("[\"\\ud800\",\xff]", ErrUTF8),
		no("[1 2"+strings.Repeat("[", 200), ErrSyntax),
		no(strings.Repeat("[", 129)+"x", ErrDepth),
		no(strings.Repeat("[", 129)+`"\ud800"`, ErrDepth),
		no(`["\ud800\x"]`, ErrSyntax),
		no(`["\ud800" x]`, ErrSurrogate),
		no(`["\ud800", 1e400]`, ErrSurrogate),
		no(`[1e400, "\ud800"]`, ErrNumberRange),
		no(`1e400x`, ErrNumberRange),
		no(`[1e400 1]`, ErrNumberRange),
		no(`[1e400,]`, ErrNumberRange),
		no("1"+strings.Repeat("0", 400)+".", ErrNumberRange),
		no("1"+strings.Repeat("0", 400)+"e", ErrNumberRange),
		no(`[1.e400]`, ErrSyntax),
		no(`{"\ud800":1,"\ud800":2}`, ErrSurrogate),
		no(`{"a":1,"a" 2}`, ErrDuplicate),
		no(`{"a":1,"a":1e400}`, ErrDuplicate),
		no(`{"a":1e400,"a":1}`, ErrNumberRange),
		no(`{"a":1,"a":`+strings.Repeat("[", 200), ErrDuplicate),
		no(`{"a":`+strings.Repeat("[", 200)+`1,"a":1}`, ErrDepth),
		no(`{"a":1,"a`, ErrSyntax),
		no(`{"a":1,"a\x":1}`, ErrSyntax),
		no(`{"a":1,"\u0061\ud800":1}`, ErrSurrogate),
	}
}

// TestIgnored checks each guard's "Ignored:" note: an input the guard
// refuses is accepted, with the output the spec gives.
func TestIgnored(t *testing.T) { runRows(t, ignoredRows()) }

func ignoredRows() []row {
	deep := nest("[", "]", 129, "")
	return []row{
		ok("\xEF\xBB\xBF[1]", "[1]", ErrBOM),
		no("\xEF\xBB\xBF\xEF\xBB\xBF[1]", ErrSyntax, ErrBOM),
		ok("\"\xff\"", "\"\uFFFD\"", ErrUTF8),
		ok("\"\xe2\x82\"", "\"\uFFFD\"", ErrUTF8),
		ok("\"\xed\xa0\x80\"", "\"\uFFFD\uFFFD\uFFFD\"", ErrUTF8),
		ok("[\"\xf0\x9f\x98\",\"\xc0\"]", "[\"\uFFFD\",\"\uFFFD\"]", ErrUTF8),
		no("\xff", ErrSyntax, ErrUTF8),
		ok(deep, deep, ErrDepth),
		ok(nest(`{"a":`, "}", 200, "{}"), nest(`{"a":`, "}", 200, "{}"), ErrDepth),
		ok(`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`, ErrDuplicate),
		ok(`{"a":1,"a":[2],"a":{"c":3}}`, `{"a":{"c":3}}`, ErrDuplicate),
		ok(`{"b":0,"a":1,"\u0061":2}`, `{"a":2,"b":0}`, ErrDuplicate),
		ok(`"\ud800"`, "\"\xed\xa0\x80\"", ErrSurrogate),
		ok(`"\udfff\ud800x"`, "\"\xed\xbf\xbf\xed\xa0\x80x\"", ErrSurrogate),
		ok(`{"\uffff":3,"\ud800\udc00":2,"\ud800":1}`, "{\"\xed\xa0\x80\":1,\"\xf0\x90\x80\x80\":2,\"\xef\xbf\xbf\":3}", ErrSurrogate),
		ok(`{"\ud800x":1,"\ud800\udc00":2}`, "{\"\xed\xa0\x80x\":1,\"\xf0\x90\x80\x80\":2}", ErrSurrogate),
		ok(`{"\ud800":1,"\ud800":2}`, "{\"\xed\xa0\x80\":2}", ErrSurrogate, ErrDuplicate),
		no(`{"\ud800":1,"\ud800":2}`, ErrDuplicate, ErrSurrogate),
		ok(`[1e400,-1e400,1]`, `[Infinity,-Infinity,1]`, ErrNumberRange),
		ok("-1"+strings.Repeat("0", 400), `-Infinity`, ErrNumberRange),
		// The grammar guard has no accept path.
		no(`[1,]`, ErrSyntax, ErrSyntax),
		no(``, ErrSyntax, ErrSyntax),
	}
}

// TestDeep runs nesting far past the bound with ErrDepth ignored: the parse
// is iterative, so it neither recurses nor crashes.
func TestDeep(t *testing.T) {
	const n = 1000000
	for _, tc := range []struct{ open, close, inner string }{
		{"[", "]", ""},
		{`{"a":`, "}", "1"},
		{`{"b":0,"a":`, "}", "1"},
		{`[0,`, "]", "1"},
	} {
		in := []byte(nest(tc.open, tc.close, n, tc.inner))
		out, err := Canonicalize(in, refusal.Ignoring(ErrDepth.Message))
		if err != nil {
			t.Fatalf("%s x %d: %v", tc.open, n, err)
		}
		if tc.open == `{"b":0,"a":` {
			// Sorting moves "a" first at every level.
			in = []byte(nest(`{"a":`, `,"b":0}`, n, tc.inner))
		}
		if !bytes.Equal(out, in) {
			t.Fatalf("%s x %d: output differs", tc.open, n)
		}
		if _, err := Canonicalize(in); err == nil || err.Error() != ErrDepth.Message {
			t.Fatalf("%s x %d without ignore: %v", tc.open, n, err)
		}
	}
}
