package ticker

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

type opFunc = reftest.Op

// row is one table case (reftest.Row): an operation, a JSON value input,
// the guards ignored, and the exact output or the exact refusal, named by
// its line in this file.
type row = reftest.Row

// ok is a row of op whose input is accepted with output want; no one
// refused by a guard.
var ok, no = reftest.OpOK, reftest.OpNo

// pass is a row whose string s, written as a JSON string, is accepted with
// its own UTF-8 bytes as output.
func pass(op opFunc, s string, ignore ...refusal.Guard) row {
	return reftest.OpOK(op, q(s), s, ignore...).At(reftest.CallerLine())
}

// q returns s as a JSON string literal.
func q(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func runRows(t *testing.T, rows []row) {
	t.Helper()
	reftest.Run(t, rows, nil)
}

func TestGuards(t *testing.T) {
	if len(Guards) != 10 {
		t.Fatalf("%d guards", len(Guards))
	}
	seen := map[string]bool{}
	for _, g := range Guards {
		if g.Contract != Contract || seen[g.Message] || seen[g.Code] || !strings.HasPrefix(g.Code, "ticker.") {
			t.Errorf("guard %+v", g)
		}
		seen[g.Message], seen[g.Code] = true, true
	}
}

func TestInputAndType(t *testing.T) {
	var rows []row
	for _, op := range []opFunc{Symbol, EquityTicker, MaskedLabelV1, ClosedMaskedLabel} {
		for _, in := range []string{``, `"SPY`, "\xef\xbb\xbf\"SPY\"", "\"\xc0\xaf\"", `{"a":1,"a":2}`} {
			rows = append(rows, no(op, in, ErrInput), no(op, in, ErrInput, Guards...))
		}
		for _, in := range []string{`1`, `null`, `["SPY"]`, `{"s":"SPY"}`} {
			rows = append(rows, no(op, in, ErrType), no(op, in, ErrType, Guards[1:]...))
		}
	}
	runRows(t, rows)
}

// frozen are the seven strings the /1 symbol rule accepts and the /2
// equity rule refuses (seed 001, section 5).
var frozen = []string{"HTTPS://X", "A:B", "X/Y", "ABCDEFG", "BRK.BBBBB", "A^B", "1ABC"}

func TestSymbol(t *testing.T) {
	rows := []row{
		pass(Symbol, "A"),
		pass(Symbol, "0"),
		pass(Symbol, "SPY"),
		pass(Symbol, "A.^:=_/-"),
		pass(Symbol, "Z"+strings.Repeat("9", 39)),
		no(Symbol, q("Z"+strings.Repeat("9", 40)), ErrSymbol),
		no(Symbol, q(""), ErrSymbol),
		no(Symbol, q("a"), ErrSymbol),
		no(Symbol, q("SPy"), ErrSymbol),
		no(Symbol, q(".A"), ErrSymbol),
		no(Symbol, q("-A"), ErrSymbol),
		no(Symbol, q("SPY\n"), ErrSymbol),
		no(Symbol, q("\nSPY"), ErrSymbol),
		no(Symbol, q("SP Y"), ErrSymbol),
		no(Symbol, q("A+B"), ErrSymbol),
		no(Symbol, q("A@B"), ErrSymbol),
		no(Symbol, q("\uff33PY"), ErrSymbol),  // fullwidth S
		no(Symbol, q("SP\u0423"), ErrSymbol),  // Cyrillic U
		no(Symbol, q("\u0661ABC"), ErrSymbol), // Arabic-Indic one
		no(Symbol, `"A\ud800"`, ErrSymbol),
		ok(Symbol, `"a\ud800"`, "a\xed\xa0\x80", ErrSymbol),
		pass(Symbol, "spy\n", ErrSymbol),
	}
	for _, s := range frozen {
		rows = append(rows, pass(Symbol, s))
	}
	runRows(t, rows)
}

func TestEquityTicker(t *testing.T) {
	rows := []row{
		pass(EquityTicker, "SPY"),
		pass(EquityTicker, "BRK.B"),
		pass(EquityTicker, "BRK-B"),
		pass(EquityTicker, "A"),
		pass(EquityTicker, "ABCDEF"),
		pass(EquityTicker, "ABCDEF.ABCD"),
		pass(EquityTicker, "A-Z"),
		no(EquityTicker, q("ABCDEF.ABCDE"), ErrEquity),
		no(EquityTicker, q(""), ErrEquity),
		no(EquityTicker, q("spy"), ErrEquity),
		no(EquityTicker, q("SPY\n"), ErrEquity),
		no(EquityTicker, q("\uff33\uff30\uff39"), ErrEquity),
		no(EquityTicker, q("A."), ErrEquity),
		no(EquityTicker, q("A-"), ErrEquity),
		no(EquityTicker, q(".A"), ErrEquity),
		no(EquityTicker, q("A.B.C"), ErrEquity),
		no(EquityTicker, q("A.B-C"), ErrEquity),
		no(EquityTicker, q("A_B"), ErrEquity),
		no(EquityTicker, q("A.1"), ErrEquity),
		no(EquityTicker, q("SPY1"), ErrEquity),
		no(EquityTicker, q(" SPY"), ErrEquity),
		no(EquityTicker, `"SPY\u0000"`, ErrEquity),
		pass(EquityTicker, "spy", ErrEquity),
	}
	for _, s := range frozen {
		rows = append(rows, no(EquityTicker, q(s), ErrEquity), pass(EquityTicker, s, ErrEquity))
	}
	runRows(t, rows)
}

func TestMaskedLabelV1(t *testing.T) {
	smile := "\U0001F600"
	runRows(t, []row{
		pass(MaskedLabelV1, "Checking ****1234"),
		pass(MaskedLabelV1, "1234"),
		pass(MaskedLabelV1, "1234a1234"),
		pass(MaskedLabelV1, "12 345"),
		pass(MaskedLabelV1, "x"),
		pass(MaskedLabelV1, strings.Repeat("x", 64)),
		pass(MaskedLabelV1, strings.Repeat(smile, 32)),
		no(MaskedLabelV1, q(strings.Repeat(smile, 32)+"x"), ErrLabelLength),
		no(MaskedLabelV1, q(strings.Repeat("x", 65)), ErrLabelLength),
		no(MaskedLabelV1, q(""), ErrLabelLength),
		no(MaskedLabelV1, q("12345"), ErrLabelDigitsV1),
		no(MaskedLabelV1, q("Acct 0012345678"), ErrLabelDigitsV1),
		no(MaskedLabelV1, `"\u0000"`, ErrLabelControl),
		no(MaskedLabelV1, `"a\u001f"`, ErrLabelControl),
		no(MaskedLabelV1, `"a\u007f"`, ErrLabelControl),
		no(MaskedLabelV1, `"a\u0085"`, ErrLabelControl),
		no(MaskedLabelV1, `"a\u009f"`, ErrLabelControl),
		pass(MaskedLabelV1, "a\u00a0"),
		no(MaskedLabelV1, `"\ud800"`, ErrLabelSurrogate),
		no(MaskedLabelV1, `"a\udc00b"`, ErrLabelSurrogate),
		// the frozen weakness
		pass(MaskedLabelV1, "\uff11\uff12\uff13\uff14\uff15\uff16"),
		pass(MaskedLabelV1, "\u0661\u0662\u0663\u0664\u0665\u0666"),
		pass(MaskedLabelV1, "\u0421hecking"),
		pass(MaskedLabelV1, "\u202eKCEHC"),
		pass(MaskedLabelV1, "12\u200b345"),
		pass(MaskedLabelV1, "\ufeff1234"),
		pass(MaskedLabelV1, "1234\uff151234"),
		// length before the scan; the first hit of the scan wins
		no(MaskedLabelV1, `"`+strings.Repeat(`\u0000`, 65)+`"`, ErrLabelLength),
		no(MaskedLabelV1, `"12345\u0000"`, ErrLabelDigitsV1),
		no(MaskedLabelV1, `"\u000012345"`, ErrLabelControl),
		no(MaskedLabelV1, `"\ud800\u0000"`, ErrLabelSurrogate),
		no(MaskedLabelV1, `"1234\u00005678"`, ErrLabelControl),
		// ignored: the scan goes on past the unit
		pass(MaskedLabelV1, "123456", ErrLabelDigitsV1),
		ok(MaskedLabelV1, `"\u000012345"`, "\x0012345", ErrLabelControl, ErrLabelDigitsV1),
		no(MaskedLabelV1, `"\u000012345"`, ErrLabelDigitsV1, ErrLabelControl),
		no(MaskedLabelV1, `"\ud800x12345"`, ErrLabelDigitsV1, ErrLabelSurrogate),
		ok(MaskedLabelV1, `"\ud800"`, "\xed\xa0\x80", ErrLabelSurrogate),
		pass(MaskedLabelV1, "", ErrLabelLength),
		no(MaskedLabelV1, q(strings.Repeat("1", 65)), ErrLabelDigitsV1, ErrLabelLength),
	})
}

func TestClosedMaskedLabel(t *testing.T) {
	runRows(t, []row{
		pass(ClosedMaskedLabel, "Checking \u2022\u2022\u2022\u20221234"),
		pass(ClosedMaskedLabel, "Joint (#*._-) \u2026 9999"),
		pass(ClosedMaskedLabel, "azAZ09"),
		pass(ClosedMaskedLabel, "1234a1234"),
		pass(ClosedMaskedLabel, strings.Repeat("\u2026", 64)),
		no(ClosedMaskedLabel, q(strings.Repeat("\u2026", 65)), ErrLabelLength),
		no(ClosedMaskedLabel, q(""), ErrLabelLength),
		no(ClosedMaskedLabel, q("12345"), ErrLabelDigits),
		no(ClosedMaskedLabel, q("x 00001"), ErrLabelDigits),
		no(ClosedMaskedLabel, q("12 345\n"), ErrLabelChar),
		no(ClosedMaskedLabel, q("\uff11\uff12\uff13\uff14\uff15"), ErrLabelChar),
		no(ClosedMaskedLabel, q("\u0661"), ErrLabelChar),
		no(ClosedMaskedLabel, q("\u0421hecking"), ErrLabelChar),
		no(ClosedMaskedLabel, q("a\u202e"), ErrLabelChar),
		no(ClosedMaskedLabel, q("a\u200b"), ErrLabelChar),
		no(ClosedMaskedLabel, q("\ufeffa"), ErrLabelChar),
		no(ClosedMaskedLabel, q("\u00e9"), ErrLabelChar),
		no(ClosedMaskedLabel, q("\U0001F600"), ErrLabelChar),
		no(ClosedMaskedLabel, `"\ud800"`, ErrLabelChar),
		no(ClosedMaskedLabel, q("a/b"), ErrLabelChar),
		no(ClosedMaskedLabel, q("a\tb"), ErrLabelChar),
		no(ClosedMaskedLabel, q("a\u2023"), ErrLabelChar),
		no(ClosedMaskedLabel, q("a\u2025"), ErrLabelChar),
		// first hit wins
		no(ClosedMaskedLabel, q("12345/"), ErrLabelDigits),
		no(ClosedMaskedLabel, q("/12345"), ErrLabelChar),
		no(ClosedMaskedLabel, q(strings.Repeat("/", 65)), ErrLabelLength),
		// ignored: the scan goes on; a unit outside the set is not a digit
		pass(ClosedMaskedLabel, "1234\uff155678", ErrLabelChar),
		no(ClosedMaskedLabel, q("/12345"), ErrLabelDigits, ErrLabelChar),
		pass(ClosedMaskedLabel, "123456789", ErrLabelDigits),
		pass(ClosedMaskedLabel, "", ErrLabelLength),
	})
}
