package prim

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

type opFunc = reftest.Op

// row is one table case (reftest.Row): an operation, a JSON value input,
// the guards ignored, and the exact output or the exact refusal, named by
// its line in this file.
type row = reftest.Row

// ok is a row of op whose input is accepted with output want; no one
// refused by a guard.
var ok, no = reftest.OpOK, reftest.OpNo

func runRows(t *testing.T, rows []row) {
	t.Helper()
	reftest.Run(t, rows, nil)
}

// q returns s as a JSON string literal.
func q(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestGuards(t *testing.T) {
	if len(Guards) != 18 {
		t.Fatalf("%d guards", len(Guards))
	}
	seen := map[string]bool{}
	for _, g := range Guards {
		if g.Contract != Contract || seen[g.Message] || seen[g.Code] || !strings.HasPrefix(g.Code, "prim.") {
			t.Errorf("guard %+v", g)
		}
		seen[g.Message], seen[g.Code] = true, true
	}
}

// TestInputAndType: every operation shares the input guard (no accept
// path) and the type guard (no accept path).
func TestInputAndType(t *testing.T) {
	ops := []opFunc{Timestamp, Integer, PositiveInteger, String, SafeDisplay, SortedSet, ToolList, Base64URL, UTF8Length}
	var rows []row
	for _, op := range ops {
		for _, in := range []string{``, `"a`, "\xef\xbb\xbf\"a\"", `{"a":1,"a":1}`, "\"\xff\"", `01`, `[1,]`} {
			rows = append(rows, no(op, in, ErrInput), no(op, in, ErrInput, ErrInput), no(op, in, ErrInput, Guards...))
		}
		rows = append(rows, no(op, `null`, ErrType), no(op, `null`, ErrType, ErrType), no(op, `true`, ErrType, Guards[1:]...))
	}
	runRows(t, rows)
}

func TestTimestamp(t *testing.T) {
	ts := func(s string) string { return q(s) }
	runRows(t, []row{
		ok(Timestamp, ts("1970-01-01T00:00:00.000Z"), "0"),
		ok(Timestamp, ts("1970-01-01T00:00:00.001Z"), "1"),
		ok(Timestamp, ts("1969-12-31T23:59:59.999Z"), "-1"),
		ok(Timestamp, ts("0001-01-01T00:00:00.000Z"), "-62135596800000"),
		ok(Timestamp, ts("9999-12-31T23:59:59.999Z"), "253402300799999"),
		ok(Timestamp, ts("2000-02-29T12:00:00.000Z"), "951825600000"),
		ok(Timestamp, ts("2024-02-29T00:00:00.000Z"), "1709164800000"),
		ok(Timestamp, ` "2024-12-31T23:59:59.999Z" `, "1735689599999"),
		ok(Timestamp, `"2024-12-31T23:59:59.999\u005a"`, "1735689599999"), // escaped Z is the same unit
		// shape
		no(Timestamp, ts("1970-01-01T00:00:00.000"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-01T00:00:00.000Z\n"), ErrTimestampShape),
		no(Timestamp, ts(" 1970-01-01T00:00:00.000Z"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-01T00:00:00.0000Z"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-01T00:00:00Z"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-01t00:00:00.000Z"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-01T00:00:00.000z"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-01 00:00:00.000Z"), ErrTimestampShape),
		no(Timestamp, ts("+01970-01-01T00:00:00.000Z"), ErrTimestampShape),
		no(Timestamp, ts("1970-01-0\uff11T00:00:00.000Z"), ErrTimestampShape),
		no(Timestamp, `"1970-01-0\u0661T00:00:00.000Z"`, ErrTimestampShape),
		no(Timestamp, ts(""), ErrTimestampShape),
		// shape before instant
		no(Timestamp, ts("0000-13-01T00:00:00.000"), ErrTimestampShape),
		// instant: each field at its bound and just past it
		no(Timestamp, ts("0000-01-01T00:00:00.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("2023-00-01T00:00:00.000Z"), ErrTimestampInstant),
		ok(Timestamp, ts("2023-12-01T00:00:00.000Z"), "1701388800000"),
		no(Timestamp, ts("2023-13-01T00:00:00.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("2023-01-00T00:00:00.000Z"), ErrTimestampInstant),
		ok(Timestamp, ts("2023-01-31T00:00:00.000Z"), "1675123200000"),
		no(Timestamp, ts("2023-01-32T00:00:00.000Z"), ErrTimestampInstant),
		ok(Timestamp, ts("2023-04-30T00:00:00.000Z"), "1682812800000"),
		no(Timestamp, ts("2023-04-31T00:00:00.000Z"), ErrTimestampInstant),
		ok(Timestamp, ts("2023-02-28T00:00:00.000Z"), "1677542400000"),
		no(Timestamp, ts("2023-02-29T00:00:00.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("2024-02-30T00:00:00.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("1900-02-29T00:00:00.000Z"), ErrTimestampInstant),
		ok(Timestamp, ts("1600-02-29T00:00:00.000Z"), "-11670998400000"),
		ok(Timestamp, ts("2023-01-01T23:00:00.000Z"), "1672614000000"),
		no(Timestamp, ts("2023-01-01T24:00:00.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("2023-01-01T00:60:00.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("2023-01-01T00:00:60.000Z"), ErrTimestampInstant),
		no(Timestamp, ts("2016-12-31T23:59:60.000Z"), ErrTimestampInstant),
		// Ignored instant: the fields roll over.
		ok(Timestamp, ts("2023-01-32T00:00:00.000Z"), "1675209600000", ErrTimestampInstant), // 2023-02-01
		ok(Timestamp, ts("2023-01-01T24:00:00.000Z"), "1672617600000", ErrTimestampInstant), // 2023-01-02
		ok(Timestamp, ts("2023-13-01T00:00:00.000Z"), "1704067200000", ErrTimestampInstant), // 2024-01-01
		ok(Timestamp, ts("2023-00-01T00:00:00.000Z"), "1669852800000", ErrTimestampInstant), // 2022-12-01
		ok(Timestamp, ts("2023-03-00T00:00:00.000Z"), "1677542400000", ErrTimestampInstant), // 2023-02-28
		ok(Timestamp, ts("0000-01-01T00:00:00.000Z"), "-62167219200000", ErrTimestampInstant),
		ok(Timestamp, ts("2016-12-31T23:59:60.000Z"), "1483228800000", ErrTimestampInstant),
		// Ignored shape: no accept path, the refusal stands.
		no(Timestamp, ts("1970-01-01t00:00:00.001z"), ErrTimestampShape, ErrTimestampShape),
		no(Timestamp, ts("1970-01-01T00:00:00Z"), ErrTimestampShape, ErrTimestampShape),
		no(Timestamp, ts("1970-01-01t24:00:00.000z"), ErrTimestampShape, ErrTimestampShape, ErrTimestampInstant),
		// type
		no(Timestamp, `0`, ErrType),
		no(Timestamp, `["1970-01-01T00:00:00.000Z"]`, ErrType),
	})
}

// TestTimestampProperty checks random instants over 0001-9999 against
// time.Date(...).UnixMilli().
func TestTimestampProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	lo := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	hi := time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC).UnixMilli()
	for i := 0; i < 100000; i++ {
		ms := lo + r.Int64N(hi-lo+1)
		if i < 4 {
			ms = []int64{lo, hi, 0, -1}[i]
		}
		tm := time.UnixMilli(ms).UTC()
		s := tm.Format("2006-01-02T15:04:05.000Z")
		out, err := Timestamp([]byte(q(s)))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		want := time.Date(tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), time.UTC).UnixMilli()
		if string(out) != strconv.FormatInt(want, 10) || want != ms {
			t.Fatalf("%s: got %s; want %d", s, out, want)
		}
	}
}

func TestInteger(t *testing.T) {
	runRows(t, []row{
		ok(Integer, `0`, "0"),
		ok(Integer, `1`, "1"),
		ok(Integer, ` 42 `, "42"),
		ok(Integer, `9007199254740991`, "9007199254740991"),
		no(Integer, `9007199254740992`, ErrIntegerRange),
		no(Integer, `9007199254740993`, ErrIntegerRange),
		no(Integer, `10000000000000000`, ErrIntegerRange),
		no(Integer, `123456789012345678901234567890`, ErrIntegerRange),
		no(Integer, `-0`, ErrIntegerRange),
		no(Integer, `-1`, ErrIntegerRange),
		no(Integer, `1.0`, ErrInteger),
		no(Integer, `1e2`, ErrInteger),
		no(Integer, `1E0`, ErrInteger),
		no(Integer, `0.5`, ErrInteger),
		no(Integer, `1e-2`, ErrInteger),
		no(Integer, `-1.5`, ErrInteger), // rule 1 before rule 2
		no(Integer, `-1.5`, ErrIntegerRange, ErrInteger),
		ok(Integer, `1.0`, "1", ErrInteger),
		ok(Integer, `1e2`, "1", ErrInteger),
		ok(Integer, `25.9E+3`, "25", ErrInteger),
		ok(Integer, `0.5`, "0", ErrInteger),
		ok(Integer, `-0`, "0", ErrIntegerRange),
		ok(Integer, `-17`, "-17", ErrIntegerRange),
		ok(Integer, `9007199254740992`, "9007199254740992", ErrIntegerRange),
		ok(Integer, `-0.5`, "0", ErrInteger, ErrIntegerRange),
		ok(Integer, `-3.5`, "-3", ErrInteger, ErrIntegerRange),
		no(Integer, `"1"`, ErrType),
		no(Integer, `[1]`, ErrType),
		no(Integer, `null`, ErrType),
		ok(PositiveInteger, `1`, "1"),
		ok(PositiveInteger, `9007199254740991`, "9007199254740991"),
		no(PositiveInteger, `0`, ErrIntegerRange),
		no(PositiveInteger, `-0`, ErrIntegerRange),
		no(PositiveInteger, `9007199254740992`, ErrIntegerRange),
		no(PositiveInteger, `1.0`, ErrInteger),
		no(PositiveInteger, `0.9`, ErrInteger),
		no(PositiveInteger, `0.9`, ErrIntegerRange, ErrInteger),
		ok(PositiveInteger, `0`, "0", ErrIntegerRange),
		ok(PositiveInteger, `1.9`, "1", ErrInteger),
		no(PositiveInteger, `false`, ErrType),
	})
}

func TestString(t *testing.T) {
	a256 := strings.Repeat("a", 256)
	smile := "\U0001F600"
	runRows(t, []row{
		ok(String, `""`, ""),
		ok(String, `"abc"`, "abc"),
		ok(String, `"\u00a0\u00e9\u20ac\ufeff\u202e\u2028"`, "\u00a0\u00e9\u20ac\ufeff\u202e\u2028"),
		ok(String, `"\ud83d\ude00"`, smile),
		ok(String, q(smile), smile),
		ok(String, `"\u001f"`, "\x1f", ErrStringControl),
		no(String, `"\u0000"`, ErrStringControl),
		no(String, `"a\u001f"`, ErrStringControl),
		no(String, `"\n"`, ErrStringControl),
		no(String, `"\u007f"`, ErrStringControl),
		no(String, `"\u0085"`, ErrStringControl),
		no(String, `"\u009f"`, ErrStringControl),
		ok(String, `"\u0020\u007e\u00a0"`, " ~\u00a0"),
		no(String, `"\ud800"`, ErrStringSurrogate),
		no(String, `"\udbff"`, ErrStringSurrogate),
		no(String, `"\udc00"`, ErrStringSurrogate),
		no(String, `"\udfff"`, ErrStringSurrogate),
		no(String, `"\ud800a"`, ErrStringSurrogate),
		no(String, `"\ude00\ud83d"`, ErrStringSurrogate),
		no(String, `"\ud83d\ud83d\ude00"`, ErrStringSurrogate),
		ok(String, `"\ud7ff\ue000"`, "\ud7ff\ue000"),
		// The first offending unit wins.
		no(String, `"\ud800\u0000"`, ErrStringSurrogate),
		no(String, `"\u0000\ud800"`, ErrStringControl),
		no(String, q(strings.Repeat("a", 300)+"\x00"), ErrStringControl),
		no(String, `"\u0000\ud800"`, ErrStringSurrogate, ErrStringControl),
		// Length counts scalar values.
		ok(String, q(a256), a256),
		no(String, q(a256+"a"), ErrStringLength),
		ok(String, q(strings.Repeat(smile, 256)), strings.Repeat(smile, 256)),
		no(String, q(strings.Repeat(smile, 257)), ErrStringLength),
		ok(String, q(strings.Repeat("\u00e9", 256)), strings.Repeat("\u00e9", 256)),
		no(String, q(strings.Repeat("\u00e9", 257)), ErrStringLength),
		ok(String, q(a256+"a"), a256+"a", ErrStringLength),
		// Ignored surrogate: generalized UTF-8, one character each.
		ok(String, `"\ud800"`, "\xed\xa0\x80", ErrStringSurrogate),
		ok(String, `"x\udfff\ud800"`, "x\xed\xbf\xbf\xed\xa0\x80", ErrStringSurrogate),
		ok(String, `"`+strings.Repeat(`\ud800`, 256)+`"`, strings.Repeat("\xed\xa0\x80", 256), ErrStringSurrogate),
		no(String, `"`+strings.Repeat(`\ud800`, 257)+`"`, ErrStringLength, ErrStringSurrogate),
		no(String, `1`, ErrType),
	})
}

func TestSafeDisplay(t *testing.T) {
	printable := ""
	for c := 0x20; c <= 0x7e; c++ {
		printable += string(rune(c))
	}
	b, _ := jsonQuote(printable)
	runRows(t, []row{
		ok(SafeDisplay, `"x"`, "x"),
		ok(SafeDisplay, b, printable),
		ok(SafeDisplay, q(strings.Repeat("a", 256)), strings.Repeat("a", 256)),
		no(SafeDisplay, q(strings.Repeat("a", 257)), ErrDisplayLength),
		no(SafeDisplay, `""`, ErrDisplayLength),
		ok(SafeDisplay, `""`, "", ErrDisplayLength),
		no(SafeDisplay, `"\u001f"`, ErrDisplayChar),
		no(SafeDisplay, `"a\u007f"`, ErrDisplayChar),
		no(SafeDisplay, `"\t"`, ErrDisplayChar),
		no(SafeDisplay, `"\u00a0"`, ErrDisplayChar),
		no(SafeDisplay, `"\u202e"`, ErrDisplayChar),
		no(SafeDisplay, `"\u2028"`, ErrDisplayChar),
		no(SafeDisplay, `"\u200b"`, ErrDisplayChar),
		no(SafeDisplay, `"\ufeff"`, ErrDisplayChar),
		no(SafeDisplay, `"\udb40\udc41"`, ErrDisplayChar), // tag character U+E0041
		no(SafeDisplay, `"\ud800"`, ErrDisplayChar),
		no(SafeDisplay, `"\u00e9"`, ErrDisplayChar),
		// character before length
		no(SafeDisplay, q(strings.Repeat("a", 257)+"\u00e9"), ErrDisplayChar),
		ok(SafeDisplay, `"\u00e9\ud800"`, "\u00e9\xed\xa0\x80", ErrDisplayChar),
		ok(SafeDisplay, q(strings.Repeat("\U0001F600", 256)), strings.Repeat("\U0001F600", 256), ErrDisplayChar),
		no(SafeDisplay, q(strings.Repeat("\U0001F600", 257)), ErrDisplayLength, ErrDisplayChar),
		no(SafeDisplay, `["a"]`, ErrType),
	})
}

func jsonQuote(s string) (string, error) {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		if c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	b.WriteByte('"')
	return b.String(), nil
}

func TestSortedSet(t *testing.T) {
	runRows(t, []row{
		ok(SortedSet, `[]`, ""),
		ok(SortedSet, `["a"]`, ""),
		ok(SortedSet, `["", "a", "aa", "ab", "b"]`, ""),
		ok(SortedSet, `["\ue000","\ud83d\ude00"]`, ""),
		no(SortedSet, `["\ud83d\ude00","\ue000"]`, ErrSetOrder),
		ok(SortedSet, `["Z","a"]`, ""),
		no(SortedSet, `["b","a"]`, ErrSetOrder),
		no(SortedSet, `["a",""]`, ErrSetOrder),
		no(SortedSet, `["a","a"]`, ErrSetRepeat),
		no(SortedSet, `["a","\u0061"]`, ErrSetRepeat),
		no(SortedSet, `["a","b","b"]`, ErrSetRepeat),
		no(SortedSet, `["a","c","b"]`, ErrSetOrder),
		// each member passes the string rule before it is compared
		no(SortedSet, `["b","\u0000"]`, ErrStringControl),
		no(SortedSet, `["a","\ud800"]`, ErrStringSurrogate),
		no(SortedSet, `["a",`+q(strings.Repeat("b", 257))+`]`, ErrStringLength),
		no(SortedSet, `["b","a","\u0000"]`, ErrSetOrder),
		// ignored guards: the walk goes on, each member compared with the one before it
		ok(SortedSet, `["c","a","b"]`, "", ErrSetOrder),
		no(SortedSet, `["c","a","a"]`, ErrSetRepeat, ErrSetOrder),
		ok(SortedSet, `["a","a","b"]`, "", ErrSetRepeat),
		ok(SortedSet, `["\ud800","\ud83d\ude00"]`, "", ErrStringSurrogate),                   // U+D800 < U+1F600
		no(SortedSet, `["\ud800","\ud83d\ude00","\udc00"]`, ErrSetOrder, ErrStringSurrogate), // U+DC00 < U+1F600
		ok(SortedSet, `["\ud800","\ud83d\ude00","\udc00"]`, "", ErrSetOrder, ErrStringSurrogate),
		ok(SortedSet, `["\u0000","\u0001"]`, "", ErrStringControl),
		// type: checked over the whole array before any member rule
		no(SortedSet, `["b","a",1]`, ErrType),
		no(SortedSet, `"a"`, ErrType),
		no(SortedSet, `{"a":"a"}`, ErrType),
		no(SortedSet, `[["a"]]`, ErrType),
		no(SortedSet, `[null]`, ErrType, ErrType),
	})
}

func TestToolList(t *testing.T) {
	tool := func(name string, version string) string { return `{"name":` + name + `,"version":` + version + `}` }
	list := func(ts ...string) string { return "[" + strings.Join(ts, ",") + "]" }
	runRows(t, []row{
		ok(ToolList, `[]`, ""),
		ok(ToolList, list(tool(`"a"`, `1`)), ""),
		ok(ToolList, `[{"version":1,"name":"a"}]`, ""),
		ok(ToolList, list(tool(`"a"`, `1`), tool(`"a"`, `2`), tool(`"b"`, `1`)), ""),
		ok(ToolList, list(tool(`"a"`, `9`), tool(`"a"`, `10`)), ""), // as integers
		no(ToolList, list(tool(`"a"`, `10`), tool(`"a"`, `9`)), ErrToolsOrder),
		no(ToolList, list(tool(`"b"`, `1`), tool(`"a"`, `2`)), ErrToolsOrder),
		ok(ToolList, list(tool(`"\ue000"`, `1`), tool(`"\ud83d\ude00"`, `1`)), ""),
		no(ToolList, list(tool(`"\ud83d\ude00"`, `1`), tool(`"\ue000"`, `1`)), ErrToolsOrder),
		no(ToolList, list(tool(`"a"`, `1`), tool(`"a"`, `1`)), ErrToolsRepeat),
		no(ToolList, list(tool(`"a"`, `9007199254740991`), tool(`"a"`, `9007199254740991`)), ErrToolsRepeat),
		ok(ToolList, list(tool(`"a"`, `9007199254740990`), tool(`"a"`, `9007199254740991`)), ""),
		// the name rule, then the version rule, then the order
		no(ToolList, list(tool(`"\u0000"`, `0`)), ErrStringControl),
		no(ToolList, list(tool(`"\ud800"`, `1`)), ErrStringSurrogate),
		no(ToolList, list(tool(q(strings.Repeat("n", 257)), `1`)), ErrStringLength),
		ok(ToolList, list(tool(q(strings.Repeat("n", 256)), `1`)), ""),
		no(ToolList, list(tool(`"a"`, `0`)), ErrIntegerRange),
		no(ToolList, list(tool(`"a"`, `-1`)), ErrIntegerRange),
		no(ToolList, list(tool(`"a"`, `9007199254740992`)), ErrIntegerRange),
		no(ToolList, list(tool(`"a"`, `1.0`)), ErrInteger),
		no(ToolList, list(tool(`"a"`, `1e0`)), ErrInteger),
		no(ToolList, list(tool(`"b"`, `1`), tool(`"a"`, `0`)), ErrIntegerRange),
		no(ToolList, list(tool(`"b"`, `1`), tool(`"a"`, `1`), tool(`"\u0000"`, `1`)), ErrToolsOrder),
		// ignored guards
		no(ToolList, list(tool(`"a"`, `1`), tool(`"a"`, `1.5`)), ErrToolsRepeat, ErrInteger),
		ok(ToolList, list(tool(`"a"`, `1`), tool(`"a"`, `2.5`)), "", ErrInteger),
		ok(ToolList, list(tool(`"a"`, `-2`), tool(`"a"`, `-1`), tool(`"a"`, `0`), tool(`"a"`, `9007199254740992`)), "", ErrIntegerRange),
		no(ToolList, list(tool(`"a"`, `-1`), tool(`"a"`, `-2`)), ErrToolsOrder, ErrIntegerRange),
		no(ToolList, list(tool(`"a"`, `-0`), tool(`"a"`, `0`)), ErrToolsRepeat, ErrIntegerRange),
		ok(ToolList, list(tool(`"b"`, `1`), tool(`"a"`, `1`), tool(`"c"`, `1`)), "", ErrToolsOrder),
		ok(ToolList, list(tool(`"a"`, `1`), tool(`"a"`, `1`)), "", ErrToolsRepeat),
		// type
		no(ToolList, `{}`, ErrType),
		no(ToolList, `[1]`, ErrType),
		no(ToolList, `[{"name":"a"}]`, ErrType),
		no(ToolList, `[{"version":1}]`, ErrType),
		no(ToolList, `[{"name":"a","version":1,"x":0}]`, ErrType),
		no(ToolList, `[{"name":"a","version":"1"}]`, ErrType),
		no(ToolList, `[{"name":1,"version":1}]`, ErrType),
		no(ToolList, `[{"name":null,"version":1}]`, ErrType),
		no(ToolList, list(tool(`"b"`, `1`), tool(`"a"`, `1`), `{}`), ErrType),
	})
}

func TestBase64URL(t *testing.T) {
	a43 := strings.Repeat("A", 43)
	a86 := strings.Repeat("A", 86)
	z32 := string(make([]byte, 32))
	z64 := string(make([]byte, 64))
	runRows(t, []row{
		ok(Base64URL, q(a43), z32),
		ok(Base64URL, q(a86), z64),
		ok(Base64URL, q(a43[:42]+"E"), z32[:31]+"\x01"),
		ok(Base64URL, q(a86[:85]+"Q"), z64[:63]+"\x01"),
		ok(Base64URL, q(strings.Repeat("_", 42)+"8"), strings.Repeat("\xff", 31)+"\xff"),
		ok(Base64URL, q(strings.Repeat("-", 42)+"4"), strings.Repeat("\xfb\xef\xbe", 10)+"\xfb\xee"),
		no(Base64URL, q(a43[:42]), ErrB64Length),
		no(Base64URL, q(a43+"A"), ErrB64Length),
		no(Base64URL, q(a43+"="), ErrB64Length),
		no(Base64URL, q(a86[:85]), ErrB64Length),
		no(Base64URL, q(a86+"A"), ErrB64Length),
		no(Base64URL, q(a86+"=="), ErrB64Length),
		no(Base64URL, q(""), ErrB64Length),
		no(Base64URL, q(a43[:42]+"+"), ErrB64Alphabet),
		no(Base64URL, q("/"+a43[1:]), ErrB64Alphabet),
		no(Base64URL, q(a43[:42]+"="), ErrB64Alphabet),
		no(Base64URL, q(a43[:20]+" "+a43[21:]), ErrB64Alphabet),
		no(Base64URL, q(a43[:20]+"\u00e9"+a43[21:]), ErrB64Alphabet),
		no(Base64URL, `"`+a43[:42]+`\u0041\u0000"`, ErrB64Length),
		// the unused bits: 2 for 43 characters, 4 for 86
		no(Base64URL, q(a43[:42]+"B"), ErrB64Canonical),
		no(Base64URL, q(a43[:42]+"C"), ErrB64Canonical),
		no(Base64URL, q(a43[:42]+"D"), ErrB64Canonical),
		no(Base64URL, q(a86[:85]+"B"), ErrB64Canonical),
		no(Base64URL, q(a86[:85]+"I"), ErrB64Canonical),
		no(Base64URL, q(a86[:85]+"P"), ErrB64Canonical),
		// alphabet before canonical (the bad unit is the last)
		no(Base64URL, q(a43[:41]+"+B"), ErrB64Alphabet),
		// ignored guards
		ok(Base64URL, q(a43[:42]+"H"), z32[:31]+"\x01", ErrB64Canonical),
		ok(Base64URL, q(a86[:85]+"_"), z64[:63]+"\x03", ErrB64Canonical),
		ok(Base64URL, q(a43[:41]+"+A"), z32, ErrB64Alphabet),
		ok(Base64URL, q("AQID"), "\x01\x02\x03", ErrB64Length),
		ok(Base64URL, q("AQI"), "\x01\x02", ErrB64Length),
		ok(Base64URL, q("AQ"), "\x01", ErrB64Length),
		ok(Base64URL, q(""), "", ErrB64Length),
		no(Base64URL, q("AR"), ErrB64Canonical, ErrB64Length),
		no(Base64URL, q("AQIDB"), ErrB64Canonical, ErrB64Length),
		ok(Base64URL, q("AQIDA"), "\x01\x02\x03", ErrB64Length),
		ok(Base64URL, q("AQ=="), "\x01\x00\x00", ErrB64Length, ErrB64Alphabet), // '=' counts as 0
		no(Base64URL, `43`, ErrType),
	})
	// Every 32- and 64-byte string has exactly one accepted spelling: the
	// standard library's RawURLEncoding.
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		b := make([]byte, 32+32*(i%2))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		s := base64.RawURLEncoding.EncodeToString(b)
		out, err := Base64URL([]byte(q(s)))
		if err != nil || !bytes.Equal(out, b) {
			t.Fatalf("%s: %x, %v", s, out, err)
		}
	}
}

func TestUTF8Length(t *testing.T) {
	runRows(t, []row{
		ok(UTF8Length, `""`, "0"),
		ok(UTF8Length, `"a"`, "1"),
		ok(UTF8Length, `"\u0000"`, "1"),
		ok(UTF8Length, `"\u007f"`, "1"),
		ok(UTF8Length, `"\u0080"`, "2"),
		ok(UTF8Length, `"\u00e9"`, "2"),
		ok(UTF8Length, `"\u07ff"`, "2"),
		ok(UTF8Length, `"\u0800"`, "3"),
		ok(UTF8Length, `"\u20ac"`, "3"),
		ok(UTF8Length, `"\uffff"`, "3"),
		ok(UTF8Length, `"\ud800\udc00"`, "4"),
		ok(UTF8Length, q("\U0001F600\u00e9a"), "7"),
		no(UTF8Length, `"\ud800"`, ErrStringSurrogate),
		no(UTF8Length, `"a\udc00"`, ErrStringSurrogate),
		no(UTF8Length, `"\ude00\ud83d"`, ErrStringSurrogate),
		ok(UTF8Length, `"\ud800"`, "3", ErrStringSurrogate),
		ok(UTF8Length, `"\ude00\ud83d\ud83d\ude00"`, "10", ErrStringSurrogate),
		no(UTF8Length, `0`, ErrType),
	})
}
