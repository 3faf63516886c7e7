package frame

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// row is one table case (reftest.Row): a frame, the guards it runs with
// ignored, and the exact refusal, or acceptance, named by its line in this
// file.
type row = reftest.Row

// ok is a row whose frame is accepted.
func ok(in string, ignore ...refusal.Guard) row {
	return reftest.OK(in, "", ignore...).At(reftest.CallerLine())
}

// no is a row whose frame is refused by g.
var no = reftest.No

// lex is Lex as a reftest.Op: an accepted frame has the empty output.
func lex(in []byte, opts ...refusal.Option) ([]byte, error) {
	if err := Lex(in, opts...); err != nil {
		return nil, err
	}
	return []byte{}, nil
}

func runRows(t *testing.T, rows []row) {
	t.Helper()
	reftest.Run(t, rows, lex)
}

func TestGuardTable(t *testing.T) {
	// spec/frame.md, "Refusals", verbatim.
	want := []refusal.Guard{
		{Contract: "frame/1", Code: "frame.size", Message: "frame exceeds 262144 bytes"},
		{Contract: "frame/1", Code: "frame.bom", Message: "frame begins with a UTF-8 byte order mark"},
		{Contract: "frame/1", Code: "frame.utf8", Message: "frame is not valid UTF-8"},
		{Contract: "frame/1", Code: "frame.syntax", Message: "frame is not valid JSON"},
		{Contract: "frame/1", Code: "frame.not_object", Message: "frame is not a JSON object"},
		{Contract: "frame/1", Code: "frame.depth", Message: "frame nesting exceeds depth 16"},
		{Contract: "frame/1", Code: "frame.duplicate", Message: "frame has a duplicate member name"},
		{Contract: "frame/1", Code: "frame.number", Message: "frame number is not 0 or [1-9][0-9]*"},
		{Contract: "frame/1", Code: "frame.number_range", Message: "frame number exceeds 2^53-1"},
		{Contract: "frame/1", Code: "frame.control", Message: "frame string contains a control character"},
		{Contract: "frame/1", Code: "frame.surrogate", Message: "frame string contains an unpaired surrogate"},
	}
	reftest.GuardTable(t, Guards, want)
}

// sized returns a frame {"a":"<fill>"} of exactly n bytes, its string made
// of the character fill (1 to 4 bytes of UTF-8) and ASCII padding.
func sized(n int, fill string) string {
	const head, tail = `{"a":"`, `"}`
	body := n - len(head) - len(tail)
	s := strings.Repeat(fill, body/len(fill))
	s += strings.Repeat("x", body-len(s))
	return head + s + tail
}

var nest = reftest.Nest

func TestRules(t *testing.T) { runRows(t, ruleRows()) }

func ruleRows() []row {
	return []row{
		// Rule 1: size counts bytes; 262144 accepted, 262145 refused.
		ok(sized(MaxBytes, "x")),
		no(sized(MaxBytes+1, "x"), ErrSize),
		ok(sized(MaxBytes, "é")),
		no(sized(MaxBytes+1, "é"), ErrSize),
		ok(sized(MaxBytes, "\U0001F600")),
		no(sized(MaxBytes+1, "\U0001F600"), ErrSize),
		ok(sized(MaxBytes, "€")),
		// Rule 2: BOM.
		no("\xEF\xBB\xBF{}", ErrBOM),
		no("\xEF\xBB", ErrUTF8),
		// Rule 3: UTF-8.
		no("{\"a\":\"\xff\"}", ErrUTF8),
		no("{\"a\":\"\xed\xa0\x80\"}", ErrUTF8),
		no("{\"a\":\"\xc0\xaf\"}", ErrUTF8),
		no("{\"a\":\"\xe2\x82\"}", ErrUTF8),
		// Rule 4: a frame is an object.
		ok(`{}`),
		ok(" \t\r\n{} \t\r\n"),
		no(`[]`, ErrNotObject),
		no(`1`, ErrNotObject),
		no(`"a"`, ErrNotObject),
		no(`  true`, ErrNotObject),
		no(`x`, ErrNotObject),
		no(``, ErrSyntax),
		no(" \n", ErrSyntax),
		// Rule 5: grammar.
		no(`{`, ErrSyntax),
		no(`{}{}`, ErrSyntax),
		no(`{} x`, ErrSyntax),
		no(`{"a":1,}`, ErrSyntax),
		no(`{"a" 1}`, ErrSyntax),
		no(`{"a":1 "b":2}`, ErrSyntax),
		no(`{"a":}`, ErrSyntax),
		no(`{a:1}`, ErrSyntax),
		no(`{"a":NaN}`, ErrSyntax),
		no(`{"a":true1}`, ErrSyntax),
		no(`{"a":tru}`, ErrSyntax),
		no(`{"a":+1}`, ErrSyntax),
		no(`{"a":.5}`, ErrSyntax),
		no(`{"a":"\x"}`, ErrSyntax),
		no(`{"a":"\u12"}`, ErrSyntax),
		no(`{"a":"abc}`, ErrSyntax),
		no(`{"a":[1,]}`, ErrSyntax),
		no("\f{}", ErrNotObject),
		ok(`{"a":[true,false,null,{},[],"",0,{"b":[1]}]}`),
		// Rule 6: depth 16 accepted, 17 refused.
		ok(nest(`{"a":`, "}", 15, "{}")),
		no(nest(`{"a":`, "}", 16, "{}"), ErrDepth),
		ok(`{"a":` + nest("[", "]", 15, "") + `}`),
		no(`{"a":`+nest("[", "]", 16, "")+`}`, ErrDepth),
		// Rule 7: duplicates after unescaping, at any depth.
		no(`{"a":1,"a":2}`, ErrDuplicate),
		no(`{"a":1,"\u0061":2}`, ErrDuplicate),
		no(`{"\ud83d\ude00":1,"`+"\U0001F600"+`":2}`, ErrDuplicate),
		no(`{"x":[{"a":1,"b":2,"a":3}]}`, ErrDuplicate),
		ok(`{"a":{"a":1},"b":{"a":1}}`),
		ok(`{"a":1,"A":2,"a ":3}`),
		// Rule 8: numbers.
		ok(`{"a":0}`),
		ok(`{"a":1}`),
		ok(`{"a":[0,10,9007199254740991]}`),
		no(`{"a":9007199254740992}`, ErrNumberRange),
		no(`{"a":10000000000000000}`, ErrNumberRange),
		no(`{"a":99999999999999999999}`, ErrNumberRange),
		no(`{"a":-0}`, ErrNumber),
		no(`{"a":01}`, ErrNumber),
		no(`{"a":00}`, ErrNumber),
		no(`{"a":1.0}`, ErrNumber),
		no(`{"a":1e2}`, ErrNumber),
		no(`{"a":1E2}`, ErrNumber),
		no(`{"a":-1}`, ErrNumber),
		no(`{"a":1.}`, ErrNumber),
		no(`{"a":-}`, ErrNumber),
		no(`{"a":1-}`, ErrNumber),
		no(`{"a":1+1}`, ErrNumber),
		no(`{"a":-Infinity}`, ErrNumber),
		no(`{"a":09007199254740992}`, ErrNumber),
		// Rule 9: controls, raw or escaped, U+0000-U+001F and U+007F-U+009F.
		no("{\"a\":\"\x00\"}", ErrControl),
		no("{\"a\":\"\n\"}", ErrControl),
		no(`{"a":"\n"}`, ErrControl),
		no(`{"a":"\u000a"}`, ErrControl),
		no(`{"a":"\t"}`, ErrControl),
		no(`{"a":"\b\f\r"}`, ErrControl),
		no("{\"a\":\"\x7f\"}", ErrControl),
		no(`{"a":"\u007F"}`, ErrControl),
		no("{\"a\":\"\u0080\"}", ErrControl),
		no("{\"a\":\"\u009f\"}", ErrControl),
		no(`{"a":"\u0085"}`, ErrControl),
		no("{\"\x01\":1}", ErrControl),
		ok("{\"a\":\"\u00a0\u00e9\u2028\ufeff\uffff\"}"),
		ok(`{"a":"\"\\\/ ~"}`),
		// Rule 9 at the edges of the control ranges.
		no(`{"a":"\u001f"}`, ErrControl),
		no("{\"a\":\"\x1f\"}", ErrControl),
		ok(`{"a":"\u0020\u007e\u00a0"}`),
		no(`{"a":"\u007f"}`, ErrControl),
		no(`{"a":"\u009F"}`, ErrControl),
		no("{\"a\":\"\u0080\"}", ErrControl),
		ok("{\"a\":\"\u00a0\"}"),
		// Rule 9: unpaired surrogates.
		ok(`{"a":"\ud83d\ude00"}`),
		ok(`{"a":"\uD83D\uDE00"}`),
		ok("{\"a\":\"\U0001F600\"}"),
		no(`{"a":"\ud800"}`, ErrSurrogate),
		no(`{"a":"\udc00"}`, ErrSurrogate),
		no(`{"a":"\udc00\ud800"}`, ErrSurrogate),
		no(`{"a":"\ud800x"}`, ErrSurrogate),
		no(`{"a":"\ud800\ud800\udc00"}`, ErrSurrogate),
		no("{\"a\":\"\\ud83d\U0001F600\"}", ErrSurrogate),
		no("{\"a\":\"\U0001F600\\ude00\"}", ErrSurrogate),
		no(`{"\udfff":1}`, ErrSurrogate),
		// Rule 9 at the edges of the surrogate ranges.
		ok(`{"a":"\ud7ff\ue000"}`),
		ok(`{"a":"\ud800\udc00\udbff\udfff"}`),
		no(`{"a":"\udbff"}`, ErrSurrogate),
		no(`{"a":"\ud800\udbff"}`, ErrSurrogate),
		no(`{"a":"\ud800\ue000"}`, ErrSurrogate),
		no(`{"a":"\ud7ff\udc00"}`, ErrSurrogate),
		no(`{"a":"x\udfff"}`, ErrSurrogate),
	}
}

// TestPrecedence pins which guard wins on frames with two defects
// (spec/frame.md, "Precedence").
func TestPrecedence(t *testing.T) { runRows(t, precedenceRows()) }

func precedenceRows() []row {
	big := sized(MaxBytes+1, "x")
	return []row{
		no("\xEF\xBB\xBF"+big, ErrSize),
		no(big[:100]+"\xff"+big[101:], ErrSize),
		no("\xEF\xBB\xBF\xff", ErrBOM),
		no("[\xff]", ErrUTF8),
		no("{\"a\":01,\"b\":\"\xff\"}", ErrUTF8),
		no(`[1.0]`, ErrNotObject),
		no(` ]`, ErrNotObject),
		no(`{"a":01,"a":1}`, ErrNumber),
		no(`{"a":1,"a":01}`, ErrDuplicate),
		no(`{"a":1.0 "b"}`, ErrNumber),
		no(`{"a":99999999999999999 "b"}`, ErrNumberRange),
		no(`{"a":1 , "b" 1.0}`, ErrSyntax),
		no(`{"a\u0001":1,"a\u0001":2}`, ErrControl),
		no(`{"a":"\u0001\ud800"}`, ErrControl),
		no(`{"a":"\ud800\u0001"}`, ErrSurrogate),
		no("{\"a\":\"\\ud800\x01\"}", ErrSurrogate),
		no(`{"a":"\udc00\u0001"}`, ErrSurrogate),
		no(`{"a":"\u0001\x"}`, ErrSyntax),
		no("{\"a\":\"\x01", ErrSyntax),
		no(`{"\ud800":1,"\ud800":1}`, ErrSurrogate),
		no(`{"a":1,"a" 1}`, ErrDuplicate),
		no(`{"a":1,"a":`+nest("[", "]", 20, "")+`}`, ErrDuplicate),
		no(`{"a":`+nest("[", "]", 20, "1.0")+`}`, ErrDepth),
		no(`{"b":1.0,"a":`+nest("[", "]", 20, "")+`}`, ErrNumber),
		no(`{"a":"\u0001",`, ErrControl),
	}
}

// TestIgnored checks each guard's "Ignored:" note: a frame the guard
// refuses is accepted, and a later defect is still found.
func TestIgnored(t *testing.T) { runRows(t, ignoredRows()) }

func ignoredRows() []row {
	return []row{
		ok(sized(MaxBytes+1, "x"), ErrSize),
		ok(sized(4*MaxBytes, "é"), ErrSize),
		ok("\xEF\xBB\xBF{}", ErrBOM),
		no("\xEF\xBB\xBF\xEF\xBB\xBF{}", ErrNotObject, ErrBOM),
		ok("{\"a\":\"\xff\"}", ErrUTF8),
		ok("{\"\xff\":1,\"\xfe\xfe\":2}", ErrUTF8),
		no("{\"\xff\":1,\"\xef\xbf\xbd\":2}", ErrDuplicate, ErrUTF8),
		no("\xff{}", ErrNotObject, ErrUTF8),
		ok(`[1]`, ErrNotObject),
		ok(`"a"`, ErrNotObject),
		ok(`0`, ErrNotObject),
		no(`1.5`, ErrNumber, ErrNotObject),
		no(`"\u0001"`, ErrControl, ErrNotObject),
		no(`[1,]`, ErrSyntax, ErrNotObject),
		ok(`{"a":`+nest("[", "]", 100, "")+`}`, ErrDepth),
		ok(`{"a":1,"a":2}`, ErrDuplicate),
		no(`{"a":1,"a":2,"b":01}`, ErrNumber, ErrDuplicate),
		ok(`{"a":-1,"b":1.5e+3,"c":-,"d":01}`, ErrNumber),
		ok(`{"a":09007199254740992}`, ErrNumber),
		no(`{"a":-1,"b":9007199254740992}`, ErrNumberRange, ErrNumber),
		ok(`{"a":9007199254740992}`, ErrNumberRange),
		no(`{"a":9007199254740992,"b":01}`, ErrNumber, ErrNumberRange),
		ok(`{"a":"\u0001\n\u007f"}`, ErrControl),
		no(`{"a":"\u0001\ud800"}`, ErrSurrogate, ErrControl),
		ok(`{"a":"\ud800\udc00\udc00\ud800"}`, ErrSurrogate),
		no(`{"a":"\ud800\u0001"}`, ErrControl, ErrSurrogate),
		no(`{"\ud800":1,"\ud800":2}`, ErrDuplicate, ErrSurrogate),
		ok(`{"\ud800":1,"\ud800\udc00":2,"\udc00":3}`, ErrSurrogate),
		// The grammar guard has no accept path.
		no(`{"a":1,}`, ErrSyntax, ErrSyntax),
		no(``, ErrSyntax, ErrSyntax),
	}
}

// TestDeep runs nesting far past the bound with ErrDepth and ErrSize
// ignored: the lexer is iterative, so it neither recurses nor crashes.
func TestDeep(t *testing.T) {
	const n = 1000000
	for _, in := range []string{
		nest("[", "]", n, ""),
		nest(`{"a":`, "}", n, "{}"),
	} {
		if err := Lex([]byte(in), refusal.Ignoring(ErrDepth.Message, ErrSize.Message, ErrNotObject.Message)); err != nil {
			t.Fatalf("%.10s x %d: %v", in, n, err)
		}
	}
}
