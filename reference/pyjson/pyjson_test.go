package pyjson

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
	reftest.Run(t, rows, Encode)
}

func TestGuardTable(t *testing.T) {
	// spec/pyjson-ascii.md, "Refusals", verbatim.
	want := []refusal.Guard{
		{Contract: "pyjson-ascii/1", Code: "pyjson.bom", Message: "input begins with a UTF-8 byte order mark"},
		{Contract: "pyjson-ascii/1", Code: "pyjson.utf8", Message: "input is not valid UTF-8"},
		{Contract: "pyjson-ascii/1", Code: "pyjson.depth", Message: "nesting exceeds depth 128"},
		{Contract: "pyjson-ascii/1", Code: "pyjson.syntax", Message: "input is not valid JSON"},
		{Contract: "pyjson-ascii/1", Code: "pyjson.int_digits", Message: "integer literal exceeds 4300 digits"},
	}
	reftest.GuardTable(t, Guards, want)
}

var nest = reftest.Nest

func TestInput(t *testing.T) { runRows(t, inputRows()) }

func inputRows() []row {
	d4300 := "1" + strings.Repeat("0", 4299)
	d4301 := d4300 + "0"
	return []row{
		// Rule 1: BOM.
		no("\xEF\xBB\xBF1", ErrBOM),
		ok("\xEF\xBB\xBF 1", "1", ErrBOM),
		no("\xEF\xBB", ErrUTF8),
		// Rule 2: UTF-8.
		no("\"\xff\"", ErrUTF8),
		no("\"\xed\xa0\x80\"", ErrUTF8),
		no("\"\xc0\xaf\"", ErrUTF8),
		no("\"\xf4\x90\x80\x80\"", ErrUTF8),
		// Rule 3: depth pre-scan, 128 accepted, 129 refused.
		ok(nest("[", "]", 128, ""), nest("[", "]", 128, "")),
		no(nest("[", "]", 129, ""), ErrDepth),
		ok(nest(`{"a":`, "}", 127, "{}"), nest(`{"a":`, "}", 127, "{}")),
		no(nest(`{"a":`, "}", 128, "{}"), ErrDepth),
		ok(`["`+strings.Repeat("[", 200)+`"]`, `["`+strings.Repeat("[", 200)+`"]`),
		ok(`["\"`+strings.Repeat("[", 200)+`"]`, `["\"`+strings.Repeat("[", 200)+`"]`),
		no(strings.Repeat("]", 10)+strings.Repeat("[", 129), ErrDepth),
		// Rule 4: grammar.
		no("", ErrSyntax),
		no(" ", ErrSyntax),
		no("1 2", ErrSyntax),
		no("\f1", ErrSyntax),
		no("\u00a01", ErrSyntax),
		no(" \ufeff1", ErrSyntax),
		no(`-NaN`, ErrSyntax),
		no(`+Infinity`, ErrSyntax),
		no(`infinity`, ErrSyntax),
		no(`nan`, ErrSyntax),
		no(`-Inf`, ErrSyntax),
		no(`01`, ErrSyntax),
		no(`1.`, ErrSyntax),
		no(`.5`, ErrSyntax),
		no(`+1`, ErrSyntax),
		no(`1e`, ErrSyntax),
		no(`[1,]`, ErrSyntax),
		no(`{"a":1,}`, ErrSyntax),
		no(`{"a" 1}`, ErrSyntax),
		no(`{a:1}`, ErrSyntax),
		no("\"\x00\"", ErrSyntax),
		no("\"\x1f\"", ErrSyntax),
		no(`"\x"`, ErrSyntax),
		no(`"\u12"`, ErrSyntax),
		no(`"\ud800\uzzzz"`, ErrSyntax),
		no(`"abc`, ErrSyntax),
		no("[\"\u0661\"]x", ErrSyntax),
		no(`١`, ErrSyntax),
		ok("\"\x7f\u2028\"", `"\u007f\u2028"`),
		// Rule 5: integer digits, 4300 accepted, 4301 refused.
		ok(d4300, d4300),
		ok("-"+d4300, "-"+d4300),
		no(d4301, ErrIntDigits),
		no("-"+d4301, ErrIntDigits),
		ok(d4301+".0", "Infinity"),
		ok(d4301+"e0", "Infinity"),
		ok(d4300[:300]+".5", "1e+299"),
	}
}

func TestNumbers(t *testing.T) { runRows(t, numbersRows()) }

func numbersRows() []row {
	return []row{
		ok(`0`, `0`),
		ok(`-0`, `0`),
		ok(`-0.0`, `-0.0`),
		ok(`0.0`, `0.0`),
		ok(`-0e0`, `-0.0`),
		ok(`1.0`, `1.0`),
		ok(`1e0`, `1.0`),
		ok(`100`, `100`),
		ok(`-100`, `-100`),
		ok(`1E2`, `100.0`),
		ok(`1e5`, `100000.0`),
		ok(`1e15`, `1000000000000000.0`),
		ok(`1e16`, `1e+16`),
		ok(`1.5e16`, `1.5e+16`),
		ok(`1234567890123456.7`, `1234567890123456.8`),
		ok(`0.0001`, `0.0001`),
		ok(`0.00001`, `1e-05`),
		ok(`1e-4`, `0.0001`),
		ok(`1e-5`, `1e-05`),
		ok(`2.5`, `2.5`),
		ok(`0.1`, `0.1`),
		ok(`1e21`, `1e+21`),
		ok(`1e-7`, `1e-07`),
		ok(`0.000001`, `1e-06`),
		ok(`123e-20`, `1.23e-18`),
		ok(`1.5e300`, `1.5e+300`),
		ok(`1e100`, `1e+100`),
		ok(`5e-324`, `5e-324`),
		ok(`-5e-324`, `-5e-324`),
		ok(`1.7976931348623157e308`, `1.7976931348623157e+308`),
		ok(`1e400`, `Infinity`),
		ok(`-1e400`, `-Infinity`),
		ok(`1e-400`, `0.0`),
		ok(`-1e-400`, `-0.0`),
		ok(`9007199254740991`, `9007199254740991`),
		ok(`9007199254740992`, `9007199254740992`),
		ok(`9007199254740993`, `9007199254740993`),
		ok(`9007199254740993.0`, `9007199254740992.0`),
		ok(`123456789012345678901234567890`, `123456789012345678901234567890`),
		ok(`-123456789012345678901234567890`, `-123456789012345678901234567890`),
		ok(`NaN`, `NaN`),
		ok(`Infinity`, `Infinity`),
		ok(`-Infinity`, `-Infinity`),
		ok(`[NaN,Infinity,-Infinity,-0,0.5]`, `[NaN,Infinity,-Infinity,0,0.5]`),
	}
}

func TestStrings(t *testing.T) { runRows(t, stringsRows()) }

func stringsRows() []row {
	var rows []row
	named := map[byte]string{'\b': `\b`, '\t': `\t`, '\n': `\n`, '\f': `\f`, '\r': `\r`}
	for c := byte(0); c < 0x20; c++ {
		want, isNamed := named[c]
		if !isNamed {
			want = fmt.Sprintf(`\u%04x`, c)
		}
		rows = append(rows, ok(fmt.Sprintf(`"\u%04X"`, c), `"`+want+`"`))
	}
	rows = append(rows,
		ok(`"\"\\\/"`, `"\"\\/"`),
		ok(`"/"`, `"/"`),
		ok(`" ~"`, `" ~"`),
		ok("\"\x7f\"", `"\u007f"`),
		ok("\"\u00e9\"", `"\u00e9"`),
		ok(`"\u00C9"`, `"\u00c9"`),
		ok("\"\u2028\u2029\"", `"\u2028\u2029"`),
		ok("\"\ufeff\uffff\"", `"\ufeff\uffff"`),
		ok("\"\U0001F600\"", `"\ud83d\ude00"`),
		ok(`"\uD83D\uDE00"`, `"\ud83d\ude00"`),
		ok("\"\U0010FFFF\"", `"\udbff\udfff"`),
		ok(`"\ud800"`, `"\ud800"`),
		ok(`"\udc00"`, `"\udc00"`),
		ok(`"\udc00\ud800"`, `"\udc00\ud800"`),
		ok(`"\ud800\u0041"`, `"\ud800A"`),
		ok(`"\ud800\ud800\udc00"`, `"\ud800\ud800\udc00"`),
		ok(`"<>&'"`, `"<>&'"`),
	)
	return rows
}

func TestObjects(t *testing.T) { runRows(t, objectsRows()) }

func objectsRows() []row {
	return []row{
		ok(` { "b" : 1 , "a" : [ 2 , { } , [ ] ] } `, `{"a":[2,{},[]],"b":1}`),
		// Code point order, not UTF-16 order: the opposite of rfc8785/1.
		ok(`{"\ud800\udc00":1,"\ue000":2}`, `{"\ue000":2,"\ud800\udc00":1}`),
		ok(`{"\ud83d\ude00":1,"\ue000":2}`, `{"\ue000":2,"\ud83d\ude00":1}`),
		// Lone surrogates sort by their own code point.
		ok(`{"\ue000":1,"\udc00":2,"\ud7ff":3,"\ud800":4}`, `{"\ud7ff":3,"\ud800":4,"\udc00":2,"\ue000":1}`),
		ok(`{"b":1,"a\u0000":2,"a":3,"":4}`, `{"":4,"a":3,"a\u0000":2,"b":1}`),
		ok(`{"a":1,"A":2,"_":3,"0":4}`, `{"0":4,"A":2,"_":3,"a":1}`),
		// The last duplicate wins.
		ok(`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`),
		ok(`{"a":1,"\u0061":[2]}`, `{"a":[2]}`),
		ok(`{"\ud800":1,"\ud800":2}`, `{"\ud800":2}`),
		ok(`[{"b":1,"a":2},{"a":3}]`, `[{"a":2,"b":1},{"a":3}]`),
	}
}

// TestPrecedence pins which guard wins on inputs with two defects
// (spec/pyjson-ascii.md, "Precedence").
func TestPrecedence(t *testing.T) { runRows(t, precedenceRows()) }

func precedenceRows() []row {
	d4301 := "1" + strings.Repeat("0", 4300)
	return []row{
		no("\xEF\xBB\xBF\xff", ErrBOM),
		no("[1,]\xff", ErrUTF8),
		no("\xff"+nest("[", "]", 129, ""), ErrUTF8),
		no("[1,]"+nest("[", "]", 129, ""), ErrDepth),
		no("["+d4301+","+nest("[", "]", 129, "")+"]", ErrDepth),
		no("["+d4301+",]", ErrIntDigits),
		no("["+d4301+" 1]", ErrIntDigits),
		no(d4301+".", ErrIntDigits),
		no("[1 2,"+d4301+"]", ErrSyntax),
		no(`["\x",`+d4301+`]`, ErrSyntax),
	}
}

// TestIgnored checks each guard's "Ignored:" note.
func TestIgnored(t *testing.T) { runRows(t, ignoredRows()) }

func ignoredRows() []row {
	d4301 := "1" + strings.Repeat("0", 4300)
	return []row{
		ok("\xEF\xBB\xBF[1]", "[1]", ErrBOM),
		no("\xEF\xBB\xBF\xEF\xBB\xBF[1]", ErrSyntax, ErrBOM),
		ok("\"\xff\"", `"\ufffd"`, ErrUTF8),
		ok("\"\xe2\x82\"", `"\ufffd"`, ErrUTF8),
		ok("\"\xed\xa0\x80\"", `"\ufffd\ufffd\ufffd"`, ErrUTF8),
		ok("\"\xf0\x9f\x98\x80\xf0\x9f\x98\"", `"\ud83d\ude00\ufffd"`, ErrUTF8),
		ok(nest("[", "]", 129, ""), nest("[", "]", 129, ""), ErrDepth),
		ok(d4301, d4301, ErrIntDigits),
		ok("-"+d4301, "-"+d4301, ErrIntDigits),
		no(`[1,]`, ErrSyntax, ErrSyntax),
	}
}

// TestDeep runs nesting far past the bound with the pre-scan ignored: the
// parse is iterative, so it neither recurses nor crashes.
func TestDeep(t *testing.T) {
	const n = 1000000
	for _, tc := range []struct{ open, close, inner string }{
		{"[", "]", ""},
		{`{"a":`, "}", "1"},
	} {
		in := []byte(nest(tc.open, tc.close, n, tc.inner))
		out, err := Encode(in, refusal.Ignoring(ErrDepth.Message))
		if err != nil {
			t.Fatalf("%s x %d: %v", tc.open, n, err)
		}
		if !bytes.Equal(out, in) {
			t.Fatalf("%s x %d: output differs", tc.open, n)
		}
	}
}
