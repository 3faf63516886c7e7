package main

// ticker/1: spec/ticker.md, one file per operation. The frozen-weakness
// strings of seed 001 sections 2 and 5 are accepted by the /1 rules
// (symbol, masked-label-v1) and refused by the /2 rules (equity-ticker,
// closed-masked-label), each with the same input in both files.

func init() {
	register(source{
		contract: "ticker/1",
		files:    tickerFiles,
		minCases: 206,
	})
}

const (
	tkInput          = "input is not valid JSON"
	tkType           = "value is not a string"
	tkSymbol         = "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"
	tkEquity         = "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"
	tkLabelLength    = "masked label is not 1 to 64 UTF-16 units"
	tkLabelControl   = "masked label contains a control character"
	tkLabelSurrogate = "masked label contains an unpaired surrogate"
	tkLabelDigitsV1  = "masked label has five or more consecutive digits"
	tkLabelChar      = "masked label has a character outside the closed set"
	tkLabelDigits    = "masked label has more than four consecutive digits"
)

// Frozen-weakness tickers (seed 001 section 5): symbol() accepts them,
// equityTicker() refuses them.
var frozenTickers = []struct{ name, value string }{
	{"https-url", "HTTPS://X"},
	{"colon", "A:B"},
	{"slash", "X/Y"},
	{"seven-letters", "ABCDEFG"},
	{"five-letter-suffix", "BRK.BBBBB"},
	{"caret", "A^B"},
	{"leading-digit", "1ABC"},
}

// Frozen-weakness labels (seed 001 sections 2 and 5): masked-label-v1
// accepts them, closed-masked-label refuses them. Digits here are ASCII
// digits only, so none of these has an ASCII digit run.
var frozenLabels = []struct{ name, input, value, note string }{
	{"fullwidth-digit-run", "\"Acct \uff11\uff12\uff13\uff14\uff15\uff16\"", "Acct \uff11\uff12\uff13\uff14\uff15\uff16",
		"Six fullwidth digits U+FF11-U+FF16."},
	{"arabic-indic-digits", `"Acct \u0661\u0662\u0663\u0664\u0665\u0666"`, "Acct \u0661\u0662\u0663\u0664\u0665\u0666",
		"Six Arabic-Indic digits U+0661-U+0666."},
	{"cyrillic-confusable", "\"\u0421hecking ****1234\"", "\u0421hecking ****1234",
		"U+0421 CYRILLIC CAPITAL LETTER ES looks like C."},
	{"rtl-override", `"Checking \u202e4321"`, "Checking \u202e4321",
		"U+202E RIGHT-TO-LEFT OVERRIDE makes the card read 1234."},
	{"zero-width-space", "\"Checking\u200b ****1234\"", "Checking\u200b ****1234",
		"U+200B ZERO WIDTH SPACE."},
	{"bom-character", `"\ufeffChecking ****1234"`, "\ufeffChecking ****1234",
		"U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark)."},
}

func tkBad(name, input string) vcase {
	return refused(name, input, tkInput).withException("grammar")
}

func tkWrongType(name, input string) vcase {
	return refused(name, input, tkType).withException("type-guard")
}

func tk(op, description string, cases ...vcase) vfile {
	return vfile{contract: "ticker/1", op: op, dir: "ticker",
		behaviour: op, description: description, cases: cases}
}

// commonTypeAndInput are the type and input refusals every ticker operation
// shares.
func commonTypeAndInput() []vcase {
	return []vcase{
		tkWrongType("number", `1`),
		tkWrongType("null", `null`),
		tkWrongType("true", `true`),
		tkWrongType("array", `["SPY"]`),
		tkWrongType("object", `{"symbol":"SPY"}`),
		tkBad("unquoted", `SPY`),
		tkBad("single-quoted", `'SPY'`),
		tkBad("unterminated", `"SPY`),
		tkBad("bom", "\ufeff\"SPY\""),
		tkBad("invalid-utf8", "\"SP\xffY\""),
	}
}

func tickerFiles() []vfile {
	symbol := []vcase{
		ok("spy", `"SPY"`, "SPY"),
		ok("brk-dot-b", `"BRK.B"`, "BRK.B"),
		ok("brk-dash-b", `"BRK-B"`, "BRK-B"),
	}
	for _, w := range frozenTickers {
		symbol = append(symbol, ok("frozen."+w.name, str(w.value), w.value).
			withNote("Frozen weakness: the /1 symbol rule accepts it."))
	}
	symbol = append(symbol,
		ok("one-letter", `"A"`, "A"),
		ok("one-digit", `"0"`, "0"),
		ok("length.40", str(rep("A", 40)), rep("A", 40)),
		ok("every-punctuation", `"9.^:=_/-"`, "9.^:=_/-"),
		ok("trailing-punctuation", `"A/"`, "A/"),
		ok("escaped", `"\u0053PY"`, "SPY"),
		ok("whitespace-around", " \"SPY\"\n", "SPY"),
		refused("empty", `""`, tkSymbol),
		refused("length.41", str(rep("A", 41)), tkSymbol),
		refused("lowercase", `"spy"`, tkSymbol),
		refused("mixed-case", `"Spy"`, tkSymbol),
		refused("lowercase-url", `"https://x"`, tkSymbol),
		refused("trailing-lf", `"SPY\n"`, tkSymbol).
			withNote("Python's re lets $ match before a final LF: the whole string must match."),
		refused("leading-space", `" SPY"`, tkSymbol),
		refused("trailing-space", `"SPY "`, tkSymbol),
		refused("inner-space", `"A B"`, tkSymbol),
		refused("leading-period", `".SPY"`, tkSymbol),
		refused("leading-dash", `"-A"`, tkSymbol),
		refused("leading-caret", `"^GSPC"`, tkSymbol),
		refused("plus", `"A+B"`, tkSymbol),
		refused("at", `"A@B"`, tkSymbol),
		refused("nul", `"SPY\u0000"`, tkSymbol),
		refused("fullwidth", "\"\uff33\uff30\uff39\"", tkSymbol),
		refused("fullwidth-digit", "\"\uff11ABC\"", tkSymbol),
		refused("cyrillic-es", "\"\u0421PY\"", tkSymbol),
		refused("e-acute", "\"\u00c9\"", tkSymbol),
		refused("zero-width-space", `"SPY\u200b"`, tkSymbol),
		refused("astral", "\"A\U0001f600\"", tkSymbol),
		refused("lone-surrogate", `"A\ud800"`, tkSymbol),
	)
	symbol = append(symbol, commonTypeAndInput()...)
	symbol = append(symbol, ok("escaped-last-letter", `"SP\u0059"`, "SPY").
		withNote("The value is unescaped before the pattern applies (spec/ticker.md)."))

	equity := []vcase{
		ok("spy", `"SPY"`, "SPY"),
		ok("brk-dot-b", `"BRK.B"`, "BRK.B"),
		ok("brk-dash-b", `"BRK-B"`, "BRK-B"),
		ok("one-letter", `"A"`, "A"),
		ok("length.6", `"ABCDEF"`, "ABCDEF"),
		ok("suffix.1", `"A.B"`, "A.B"),
		ok("suffix.4", `"A-BCDE"`, "A-BCDE"),
		ok("longest", `"ABCDEF.ABCD"`, "ABCDEF.ABCD"),
		ok("longest.dash", `"ABCDEF-ABCD"`, "ABCDEF-ABCD"),
		ok("escaped", `"BRK\u002eB"`, "BRK.B"),
	}
	for _, w := range frozenTickers {
		equity = append(equity, refused("frozen."+w.name, str(w.value), tkEquity).
			withNote("Frozen weakness of the /1 symbol rule, refused by the /2 rule."))
	}
	equity = append(equity,
		refused("suffix.5", `"A.BCDEF"`, tkEquity),
		refused("prefix.7-with-suffix", `"ABCDEFG.A"`, tkEquity),
		refused("lowercase", `"spy"`, tkEquity),
		refused("lowercase-suffix", `"BRK.b"`, tkEquity),
		refused("trailing-lf", `"SPY\n"`, tkEquity).
			withNote("Python's re lets $ match before a final LF: the whole string must match."),
		refused("suffix-trailing-lf", `"BRK.B\n"`, tkEquity),
		refused("fullwidth", "\"\uff33\uff30\uff39\"", tkEquity),
		refused("fullwidth-one", "\"\uff21\"", tkEquity),
		refused("cyrillic-a", "\"\u0410\"", tkEquity),
		refused("empty", `""`, tkEquity),
		refused("empty-suffix", `"BRK."`, tkEquity),
		refused("no-prefix", `".B"`, tkEquity),
		refused("two-suffixes", `"BRK.B.C"`, tkEquity),
		refused("double-period", `"BRK..B"`, tkEquity),
		refused("underscore", `"BRK_B"`, tkEquity),
		refused("slash-suffix", `"BRK/B"`, tkEquity),
		refused("digit", `"A1"`, tkEquity),
		refused("digit-suffix", `"BRK-1"`, tkEquity),
		refused("leading-space", `" SPY"`, tkEquity),
		refused("trailing-space", `"SPY "`, tkEquity),
		refused("astral", "\"SPY\U0001f600\"", tkEquity),
		refused("lone-surrogate", `"SPY\udc00"`, tkEquity),
	)
	equity = append(equity, commonTypeAndInput()...)
	equity = append(equity, ok("escaped-last-letter", `"SP\u0059"`, "SPY").
		withNote("The value is unescaped before the pattern applies (spec/ticker.md)."))

	v1 := []vcase{
		ok("typical", `"Checking ****1234"`, "Checking ****1234"),
		ok("one-char", `"a"`, "a"),
		ok("digits.4", `"1234"`, "1234"),
		ok("digits.4-4", `"1234 5678"`, "1234 5678"),
		ok("spec-example", `"12 345"`, "12 345").
			withNote("The spec's example: no run of five."),
		ok("length.64", str(rep("a", 64)), rep("a", 64)),
		ok("length.64.astral", str(rep("a", 62)+"\U0001f600"), rep("a", 62)+"\U0001f600").
			withNote("63 code points, 64 UTF-16 units: an astral character counts 2."),
		ok("length.64.all-astral", str(rep("\U0001f600", 32)), rep("\U0001f600", 32)),
		ok("bullets", "\"\u2022\u2022\u2022\u2022 1234\"", "\u2022\u2022\u2022\u2022 1234"),
		ok("ellipsis", "\"Savings\u2026 1234\"", "Savings\u2026 1234"),
		ok("no-break-space", `"a\u00a0b"`, "a\u00a0b"),
		ok("fullwidth-splits-run", `"1234\uff105678"`, "1234\uff105678"),
		ok("zero-width-space-splits-run", `"12\u200b345"`, "12\u200b345").
			withNote("Frozen weakness: a zero-width space hides a run of five digits."),
		ok("punctuation", `"A/B:C@D"`, "A/B:C@D"),
	}
	for _, w := range frozenLabels {
		v1 = append(v1, ok("frozen."+w.name, w.input, w.value).
			withNote("Frozen weakness, accepted by the /1 rule: "+w.note))
	}
	v1 = append(v1,
		refused("length.0", `""`, tkLabelLength),
		refused("length.65", str(rep("a", 65)), tkLabelLength),
		refused("length.65.astral", str(rep("a", 63)+"\U0001f600"), tkLabelLength).
			withNote("64 code points (Python's len) but 65 UTF-16 units (JavaScript's .length)."),
		refused("length.65.all-astral-plus-one", str(rep("\U0001f600", 32)+"a"), tkLabelLength),
		refused("control.nul", `"\u0000"`, tkLabelControl),
		refused("control.unit-separator", `"a\u001fb"`, tkLabelControl),
		refused("control.tab", `"Checking\t1234"`, tkLabelControl),
		refused("control.trailing-lf", `"1234\n"`, tkLabelControl),
		refused("control.delete", `"a\u007f"`, tkLabelControl),
		refused("control.c1-first", `"\u0080a"`, tkLabelControl),
		refused("control.next-line", "\"a\u0085\"", tkLabelControl),
		refused("control.c1-last", `"\u009f"`, tkLabelControl),
		refused("surrogate.lone-high", `"\ud800"`, tkLabelSurrogate),
		refused("surrogate.lone-low", `"ab\udc00"`, tkLabelSurrogate),
		refused("surrogate.high-then-letter", `"\udbffa"`, tkLabelSurrogate),
		refused("digits.5", `"12345"`, tkLabelDigitsV1),
		refused("digits.5.in-text", `"Acct 12345"`, tkLabelDigitsV1),
		refused("digits.9", `"Checking 123456789"`, tkLabelDigitsV1),
		refused("digits.5.after-4", `"1234 x 98765"`, tkLabelDigitsV1),
		refused("digits.5.escaped", `"\u0031\u0032\u0033\u0034\u0035"`, tkLabelDigitsV1),
	)
	v1 = append(v1, commonTypeAndInput()...)

	closed := []vcase{
		ok("typical", `"Checking ****1234"`, "Checking ****1234"),
		ok("one-char", `"a"`, "a"),
		ok("space", `" "`, " "),
		ok("digits.4", `"1234"`, "1234"),
		ok("digits.4-4", `"1234 5678"`, "1234 5678"),
		ok("spec-example", `"12 345"`, "12 345"),
		ok("bullets", "\"\u2022\u2022\u2022\u2022 1234\"", "\u2022\u2022\u2022\u2022 1234"),
		ok("bullet-splits-run", `"1234\u20225678"`, "1234\u20225678"),
		ok("ellipsis", "\"Savings\u2026 1234\"", "Savings\u2026 1234"),
		ok("every-punctuation", `"Joint (#2) a_b-c.d *"`, "Joint (#2) a_b-c.d *"),
		ok("upper-and-digits", `"ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123 4567 89"`, "ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123 4567 89"),
		ok("lower", `"abcdefghijklmnopqrstuvwxyz"`, "abcdefghijklmnopqrstuvwxyz"),
		ok("length.64", str(rep("a", 64)), rep("a", 64)),
		ok("length.64.bullets", str(rep("\u2022", 64)), rep("\u2022", 64)),
		ok("escaped-bullet", `"\u2022\u2022 12"`, "\u2022\u2022 12"),
	}
	for _, w := range frozenLabels {
		closed = append(closed, refused("frozen."+w.name, w.input, tkLabelChar).
			withNote("Frozen weakness of the /1 rule, refused by the /2 rule: "+w.note))
	}
	closed = append(closed,
		refused("length.0", `""`, tkLabelLength),
		refused("length.65", str(rep("a", 65)), tkLabelLength),
		refused("length.65.bullets", str(rep("\u2022", 65)), tkLabelLength),
		refused("char.e-acute", "\"Caf\u00e9\"", tkLabelChar),
		refused("char.astral", "\"a\U0001f600\"", tkLabelChar),
		refused("char.tab", `"a\tb"`, tkLabelChar),
		refused("char.nul", `"\u0000"`, tkLabelChar),
		refused("char.delete", `"a\u007f"`, tkLabelChar),
		refused("char.lf", `"1234\n"`, tkLabelChar),
		refused("char.slash", `"A/B"`, tkLabelChar),
		refused("char.colon", `"A:B"`, tkLabelChar),
		refused("char.plus", `"A+B"`, tkLabelChar),
		refused("char.at", `"a@b"`, tkLabelChar),
		refused("char.comma", `"a,b"`, tkLabelChar),
		refused("char.apostrophe", `"O'Neil"`, tkLabelChar),
		refused("char.dollar", `"$100"`, tkLabelChar),
		refused("char.no-break-space", `"a\u00a0b"`, tkLabelChar),
		refused("char.middle-dot", `"a\u00b7b"`, tkLabelChar),
		refused("char.triangular-bullet", `"\u2023"`, tkLabelChar).
			withNote("U+2023, next to the allowed U+2022."),
		refused("char.two-dot-leader", `"\u2025"`, tkLabelChar).
			withNote("U+2025, next to the allowed U+2026."),
		refused("char.line-separator", `"a\u2028b"`, tkLabelChar),
		refused("char.fullwidth-a", "\"\uff21\"", tkLabelChar),
		refused("char.lone-surrogate", `"a\ud800"`, tkLabelChar),
		refused("digits.5", `"12345"`, tkLabelDigits),
		refused("digits.5.in-text", `"Acct 12345"`, tkLabelDigits),
		refused("digits.6", `"123456"`, tkLabelDigits),
		refused("digits.5.after-4", `"1234 x 98765"`, tkLabelDigits),
	)
	closed = append(closed, commonTypeAndInput()...)

	return []vfile{
		tk("symbol", "The frozen /1 symbol() rule: ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$, whole string, ASCII classes.", symbol...),
		tk("equity-ticker", "The /2 equityTicker() rule: ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$, whole string, ASCII classes.", equity...),
		tk("masked-label-v1", "The frozen /1 masked label: 1 to 64 UTF-16 units, no control, no unpaired surrogate, no run of five ASCII digits.", v1...),
		tk("closed-masked-label", "The /2 closedMaskedLabel(): 1 to 64 UTF-16 units from the closed set, at most four consecutive digits.", closed...),
	}
}
