package main

// prim/1: spec/prim.md, one file per operation. Inputs are JSON value inputs
// (spec/README.md, "JSON value inputs") written as JSON text; every expected
// output and message is literal data from the spec. Epoch milliseconds are
// written out by hand (checked against Node's Date.UTC and CPython's
// datetime while writing, and by TestTimestampOutputs against Go's time
// package), never computed here.

func init() {
	register(source{
		contract: "prim/1",
		files:    primFiles,
		minCases: 381,
		exceptions: map[string]string{
			// With the length guard ignored, the alphabet guard refuses '='
			// or the emoji.
			"base64url.jsonl:length.astral-43-code-points": "shadowed",
			"base64url.jsonl:padded.44":                    "shadowed",
			"base64url.jsonl:padded.88":                    "shadowed",
		},
	})
}

const (
	primInput         = "input is not valid JSON"
	primType          = "value has the wrong JSON type"
	primTSShape       = "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"
	primTSInstant     = "timestamp is not a real instant"
	primInteger       = "number is not an integer"
	primIntegerRange  = "integer is out of range"
	primControl       = "string contains a control character"
	primSurrogate     = "string contains an unpaired surrogate"
	primLength        = "string exceeds 256 Unicode scalar values"
	primDisplayChar   = "display text has a character outside U+0020-U+007E"
	primDisplayLength = "display text is not 1 to 256 characters"
	primSetOrder      = "set is not strictly ascending by code point"
	primSetRepeat     = "set has a repeated member"
	primToolsOrder    = "tools are not strictly ascending by (name, version)"
	primToolsRepeat   = "tools have a repeated (name, version)"
	primB64Length     = "base64url is not 43 or 86 characters"
	primB64Alphabet   = "base64url has a character outside A-Z a-z 0-9 - _"
	primB64Canonical  = "base64url is not canonical"
)

// str is a JSON string literal of s written raw: s must hold no '"', '\'
// or U+0000-U+001F (those are spelled as escapes by hand where needed).
func str(s string) string { return `"` + s + `"` }

// primBad is a prim.input refusal: the input itself is not a JSON value, so
// the guard has no accept path (spec/README.md, "JSON value inputs").
func primBad(name, input string) vcase {
	return refused(name, input, primInput).withException("grammar")
}

// primWrongType is a prim.type refusal: there is no value of the expected
// type to accept.
func primWrongType(name, input string) vcase {
	return refused(name, input, primType).withException("type-guard")
}

// tsShape is a prim.timestamp_shape refusal. The spec gives the shape guard
// no Ignored rule: it is the timestamp's grammar, and a string not of the
// shape has no fields to read, so the guard has no accept path.
func tsShape(name, input string) vcase {
	return refused(name, input, primTSShape).withException("grammar")
}

func prim(op, description string, cases ...vcase) vfile {
	return primFile(op, op, description, cases...)
}

// primFile is one of several files of an operation: behaviour is
// <op>-<aspect>.
func primFile(op, behaviour, description string, cases ...vcase) vfile {
	return vfile{contract: "prim/1", op: op, dir: "prim",
		behaviour: behaviour, description: description, cases: cases}
}

func primFiles() []vfile {
	return []vfile{
		prim("timestamp", "Rule 6: a real Gregorian instant in years 0001-9999, no leap second, output as epoch milliseconds.",
			// Anchors.
			ok("epoch", `"1970-01-01T00:00:00.000Z"`, "0"),
			ok("epoch.plus-1ms", `"1970-01-01T00:00:00.001Z"`, "1"),
			ok("epoch.minus-1ms", `"1969-12-31T23:59:59.999Z"`, "-1"),
			ok("y2k", `"2000-01-01T00:00:00.000Z"`, "946684800000"),
			ok("year.0001.first", `"0001-01-01T00:00:00.000Z"`, "-62135596800000").
				withNote("The spec's own example: the first instant of year 0001."),
			ok("year.0001.last", `"0001-12-31T23:59:59.999Z"`, "-62104060800001"),
			ok("year.9999.first", `"9999-01-01T00:00:00.000Z"`, "253370764800000"),
			ok("year.9999.last", `"9999-12-31T23:59:59.999Z"`, "253402300799999"),
			ok("int32.max-seconds", `"2038-01-19T03:14:07.000Z"`, "2147483647000"),
			ok("int32.max-seconds-plus-1", `"2038-01-19T03:14:08.000Z"`, "2147483648000"),
			ok("gregorian-switch-gap", `"1582-10-10T00:00:00.000Z"`, "-12219724800000").
				withNote("Proleptic Gregorian: a day the Julian-to-Gregorian switch skipped is still an instant."),
			ok("milliseconds", `"2024-10-15T09:30:45.123Z"`, "1728984645123"),
			ok("whitespace-around", " \t\n\"2024-01-01T00:00:00.000Z\"\r\n", "1704067200000"),
			ok("escaped-digit", `"197\u0030-01-01T00:00:00.000Z"`, "0").
				withNote("A JSON escape of an ASCII digit is that digit once the value is read."),
			ok("escaped-z", `"1970-01-01T00:00:00.000\u005a"`, "0"),
			// February.
			ok("feb29.2000", `"2000-02-29T00:00:00.000Z"`, "951782400000").
				withNote("2000 is divisible by 400: a leap year."),
			ok("feb29.2024", `"2024-02-29T12:00:00.000Z"`, "1709208000000"),
			ok("feb29.2024.last", `"2024-02-29T23:59:59.999Z"`, "1709251199999"),
			ok("feb29.1600", `"1600-02-29T00:00:00.000Z"`, "-11670998400000"),
			ok("feb29.0400", `"0400-02-29T00:00:00.000Z"`, "-49539340800000"),
			ok("feb29.0004", `"0004-02-29T00:00:00.000Z"`, "-62035891200000"),
			ok("feb28.1900", `"1900-02-28T00:00:00.000Z"`, "-2203977600000"),
			ok("feb28.2023.last", `"2023-02-28T23:59:59.999Z"`, "1677628799999"),
			ok("feb28.2100", `"2100-02-28T00:00:00.000Z"`, "4107456000000"),
			ok("feb28.0001", `"0001-02-28T00:00:00.000Z"`, "-62130585600000"),
			ok("mar01.0001", `"0001-03-01T00:00:00.000Z"`, "-62130499200000"),
			ok("mar01.1900", `"1900-03-01T00:00:00.000Z"`, "-2203891200000"),
			ok("mar01.2024", `"2024-03-01T00:00:00.000Z"`, "1709251200000"),
			refused("feb29.1900", `"1900-02-29T00:00:00.000Z"`, primTSInstant).
				withNote("1900 is divisible by 100 and not by 400: not a leap year."),
			refused("feb29.2023", `"2023-02-29T00:00:00.000Z"`, primTSInstant),
			refused("feb29.2100", `"2100-02-29T00:00:00.000Z"`, primTSInstant),
			refused("feb29.0001", `"0001-02-29T00:00:00.000Z"`, primTSInstant),
			refused("feb30.2024", `"2024-02-30T00:00:00.000Z"`, primTSInstant),
			// Month lengths.
			ok("jan31", `"2024-01-31T00:00:00.000Z"`, "1706659200000"),
			ok("mar31", `"2024-03-31T00:00:00.000Z"`, "1711843200000"),
			ok("apr30.last", `"2024-04-30T23:59:59.999Z"`, "1714521599999"),
			ok("may31", `"2024-05-31T00:00:00.000Z"`, "1717113600000"),
			ok("jun30", `"2024-06-30T00:00:00.000Z"`, "1719705600000"),
			ok("jul31", `"2024-07-31T00:00:00.000Z"`, "1722384000000"),
			ok("aug31", `"2024-08-31T00:00:00.000Z"`, "1725062400000"),
			ok("sep30", `"2024-09-30T00:00:00.000Z"`, "1727654400000"),
			ok("oct31", `"2024-10-31T00:00:00.000Z"`, "1730332800000"),
			ok("nov30", `"2024-11-30T00:00:00.000Z"`, "1732924800000"),
			ok("dec31", `"2024-12-31T00:00:00.000Z"`, "1735603200000"),
			ok("dec31.last", `"2024-12-31T23:59:59.999Z"`, "1735689599999"),
			refused("apr31", `"2024-04-31T00:00:00.000Z"`, primTSInstant),
			refused("jun31", `"2024-06-31T00:00:00.000Z"`, primTSInstant),
			refused("sep31", `"2024-09-31T00:00:00.000Z"`, primTSInstant),
			refused("nov31", `"2024-11-31T00:00:00.000Z"`, primTSInstant),
			refused("jan32", `"2024-01-32T00:00:00.000Z"`, primTSInstant),
			refused("day00", `"2024-01-00T00:00:00.000Z"`, primTSInstant),
			refused("day99", `"2024-01-99T00:00:00.000Z"`, primTSInstant),
			// Year and month bounds.
			refused("year.0000", `"0000-01-01T00:00:00.000Z"`, primTSInstant).
				withNote("Year 0000 is valid for V8 (v8date/1) but outside this rule's years 0001-9999."),
			refused("year.0000.last", `"0000-12-31T23:59:59.999Z"`, primTSInstant),
			refused("month00", `"2024-00-01T00:00:00.000Z"`, primTSInstant),
			refused("month13", `"2024-13-01T00:00:00.000Z"`, primTSInstant),
			ok("month12", `"2024-12-01T00:00:00.000Z"`, "1733011200000"),
			ok("month01", `"2024-01-01T00:00:00.000Z"`, "1704067200000"),
			// Time of day.
			ok("hour23.last", `"2024-01-01T23:59:59.999Z"`, "1704153599999"),
			refused("hour24", `"2024-01-01T24:00:00.000Z"`, primTSInstant).
				withNote("Hours are 00-23: 24:00 is refused even though V8 rolls it over."),
			refused("hour25", `"2024-01-01T25:00:00.000Z"`, primTSInstant),
			refused("minute60", `"2024-01-01T23:60:00.000Z"`, primTSInstant),
			ok("minute59", `"2016-12-31T23:59:59.999Z"`, "1483228799999"),
			refused("second60.leap", `"2016-12-31T23:59:60.000Z"`, primTSInstant).
				withNote("A real leap second, but the rule has no leap seconds."),
			refused("second99", `"2024-01-01T00:00:99.000Z"`, primTSInstant),
			primWrongType("number", `0`),
			primWrongType("null", `null`),
			primWrongType("array", `["2024-02-29T12:00:00.000Z"]`),
			primWrongType("object", `{"t":"2024-02-29T12:00:00.000Z"}`),
			primBad("unterminated", `"2024-02-29T12:00:00.000Z`),
			primBad("bom", "\ufeff\"2024-02-29T12:00:00.000Z\""),
			primBad("raw-lf-in-string", "\"2024-02-29T12:00:00.000Z\n\""),
			primBad("single-quoted", `'2024-02-29T12:00:00.000Z'`),
			primBad("trailing-data", `"2024-02-29T12:00:00.000Z" 1`),
			primBad("invalid-utf8", "\"2024-02-29T12:00:00.000\xffZ\""),
			primBad("empty-input", ``),
			ok("escaped-year-digit", `"\u0032024-01-01T00:00:00.000Z"`, "1704067200000").
				withNote("The value is unescaped before the shape check: \\u0032 is the digit 2 (spec/prim.md, timestamp)."),
		),
		primFile("timestamp", "timestamp-shape", "Rule 6, step 1: exactly 24 units YYYY-MM-DDTHH:MM:SS.mmmZ of ASCII digits, nothing before or after.",
			tsShape("trailing-lf", `"2024-02-29T12:00:00.000Z\n"`),
			tsShape("leading-space", `" 2024-02-29T12:00:00.000Z"`),
			tsShape("trailing-space", `"2024-02-29T12:00:00.000Z "`),
			tsShape("lowercase-t", `"2024-02-29t12:00:00.000Z"`),
			tsShape("lowercase-z", `"2024-02-29T12:00:00.000z"`),
			tsShape("no-milliseconds", `"2024-02-29T12:00:00Z"`),
			tsShape("two-digit-milliseconds", `"2024-02-29T12:00:00.00Z"`),
			tsShape("four-digit-milliseconds", `"2024-02-29T12:00:00.0000Z"`),
			tsShape("no-z", `"2024-02-29T12:00:00.000"`),
			tsShape("offset", `"2024-02-29T12:00:00.000+00:00"`),
			tsShape("space-separator", `"2024-02-29 12:00:00.000Z"`),
			tsShape("comma-fraction", `"2024-02-29T12:00:00,000Z"`),
			tsShape("date-only", `"2024-02-29"`),
			tsShape("extended-year", `"+002024-02-29T12:00:00.000Z"`),
			tsShape("five-digit-year", `"10000-01-01T00:00:00.000Z"`),
			tsShape("negative-year", `"-0001-01-01T00:00:00.000Z"`),
			tsShape("one-digit-month", `"2024-2-29T12:00:00.000Z"`),
			tsShape("empty", `""`),
			tsShape("fullwidth-digit", "\"\uff12024-02-29T12:00:00.000Z\"").
				withNote("24 units, but U+FF12 is not an ASCII digit."),
			tsShape("fullwidth-all", "\"\uff12\uff10\uff12\uff14-\uff10\uff12-\uff12\uff19T\uff11\uff12:\uff10\uff10:\uff10\uff10.\uff10\uff10\uff10Z\""),
			tsShape("arabic-indic-digit", "\"202\u0664-02-29T12:00:00.000Z\""),
			tsShape("astral-digit", "\"2024-02-29T12:00:00.00\U0001d7ceZ\"").
				withNote("U+1D7CE MATHEMATICAL BOLD DIGIT ZERO: 24 code points but 25 units."),
			tsShape("lone-surrogate", `"2024-02-29T12:00:00.00\ud800Z"`),
			tsShape("nul", `"2024-02-29T12:00:00.000Z\u0000"`),
		),
		prim("integer", "Rule 7: an integer literal with no fraction, exponent or sign, at most 2^53-1, output in decimal.",
			ok("zero", `0`, "0"),
			ok("one", `1`, "1"),
			ok("forty-two", `42`, "42"),
			ok("2pow53-minus-1", `9007199254740991`, "9007199254740991"),
			ok("whitespace-around", " \n7\t ", "7"),
			ok("2pow32", `4294967296`, "4294967296"),
			refused("2pow53", `9007199254740992`, primIntegerRange),
			refused("2pow53-plus-1", `9007199254740993`, primIntegerRange).
				withNote("The nearest double is 2^53: the comparison is on the digits."),
			refused("sixteen-nines", `9999999999999999`, primIntegerRange),
			refused("2pow64", `18446744073709551616`, primIntegerRange),
			refused("400-digits", "1"+rep("0", 399), primIntegerRange).
				withNote("A valid JSON number: the value input keeps its literal text, never a double."),
			refused("minus-one", `-1`, primIntegerRange),
			refused("minus-zero", `-0`, primIntegerRange),
			refused("minus-2pow53-minus-1", `-9007199254740991`, primIntegerRange),
			refused("fraction.1.0", `1.0`, primInteger).
				withNote("JavaScript's JSON.parse gives the integer 1; the rule is on the literal."),
			refused("fraction.0.5", `0.5`, primInteger),
			refused("fraction.4.0", `4.0`, primInteger),
			refused("fraction.2pow53-minus-1", `9007199254740991.0`, primInteger),
			refused("exponent.1e2", `1e2`, primInteger),
			refused("exponent.1e0-upper", `1E0`, primInteger),
			refused("exponent.1e-0", `1e-0`, primInteger),
			refused("exponent.0e0", `0e0`, primInteger),
			refused("exponent.1e400", `1e400`, primInteger),
			primWrongType("string", `"1"`),
			primWrongType("true", `true`),
			primWrongType("null", `null`),
			primWrongType("array", `[1]`),
			primWrongType("object", `{"n":1}`),
			primBad("leading-zero", `00`),
			primBad("leading-zero.01", `01`),
			primBad("plus", `+1`),
			primBad("leading-point", `.5`),
			primBad("trailing-point", `1.`),
			primBad("minus-space", `- 1`),
			primBad("nan", `NaN`),
			primBad("infinity", `Infinity`),
			primBad("hex", `0x10`),
			primBad("two-numbers", `1 2`),
			primBad("empty-input", ``),
		),
		prim("positive-integer", "Rule 7 for session_generation and sequence: an integer literal from 1 to 2^53-1.",
			ok("one", `1`, "1"),
			ok("two", `2`, "2"),
			ok("ten", `10`, "10"),
			ok("2pow53-minus-1", `9007199254740991`, "9007199254740991"),
			refused("zero", `0`, primIntegerRange),
			refused("minus-zero", `-0`, primIntegerRange),
			refused("minus-one", `-1`, primIntegerRange),
			refused("2pow53", `9007199254740992`, primIntegerRange),
			refused("2pow53-plus-1", `9007199254740993`, primIntegerRange),
			refused("fraction.1.0", `1.0`, primInteger),
			refused("fraction.2.5", `2.5`, primInteger),
			refused("exponent.1e2", `1e2`, primInteger),
			refused("exponent.1e0-upper", `1E0`, primInteger),
			primWrongType("string", `"1"`),
			primWrongType("false", `false`),
			primWrongType("null", `null`),
			primWrongType("array", `[1]`),
			primBad("leading-zero", `01`),
			primBad("plus", `+1`),
		),
		prim("string", "Rule 8: no Cc control, no unpaired surrogate, at most 256 Unicode scalar values; output the UTF-8 bytes.",
			ok("empty", `""`, ""),
			ok("ascii", `"abc"`, "abc"),
			ok("ascii.256", str(rep("a", 256)), rep("a", 256)),
			ok("2-byte.256", str(rep("\u00e9", 256)), rep("\u00e9", 256)),
			ok("2-byte.256.escaped", str(rep(`\u00e9`, 256)), rep("\u00e9", 256)),
			ok("3-byte.256", str(rep("\u20ac", 256)), rep("\u20ac", 256)),
			ok("astral.256", str(rep("\U0001f600", 256)), rep("\U0001f600", 256)).
				withNote("256 scalar values, 512 UTF-16 units: the bound counts code points."),
			ok("astral.256.escaped", str(rep(`\ud83d\ude00`, 256)), rep("\U0001f600", 256)),
			ok("astral.200", str(rep("\U0001f600", 200)), rep("\U0001f600", 200)),
			ok("mixed.256", str(rep("a\u00e9\u20ac\U0001f600", 64)), rep("a\u00e9\u20ac\U0001f600", 64)),
			ok("no-break-space", `"\u00a0"`, "\u00a0").
				withNote("U+00A0 is the first code point after the C1 controls."),
			ok("space", `" "`, " "),
			ok("tilde", `"~"`, "~"),
			ok("soft-hyphen", `"\u00ad"`, "\u00ad"),
			ok("line-separator", `"\u2028"`, "\u2028"),
			ok("rtl-override", `"\u202e"`, "\u202e"),
			ok("bom-character", `"\ufeff"`, "\ufeff"),
			ok("noncharacter-ffff", `"\uffff"`, "\uffff"),
			ok("max-code-point", `"\udbff\udfff"`, "\U0010ffff"),
			ok("escaped-quote-backslash", `"\"\\\/"`, `"\/`),
			ok("whitespace-around", " \"x\" ", "x"),
			refused("control.u0000", `"\u0000"`, primControl),
			refused("control.u001f", `"\u001f"`, primControl),
			refused("control.tab", `"a\tb"`, primControl),
			refused("control.lf", `"\n"`, primControl),
			refused("control.u007f", `"\u007f"`, primControl),
			refused("control.u007f.raw", "\"a\x7fb\"", primControl),
			refused("control.u0080", `"\u0080"`, primControl),
			refused("control.u0085.raw", "\"\u0085\"", primControl),
			refused("control.u009f", `"\u009f"`, primControl),
			refused("control.at-256", str(rep("a", 255)+`\u0001`), primControl),
			refused("surrogate.lone-high", `"\ud800"`, primSurrogate),
			refused("surrogate.lone-high.last", `"\udbff"`, primSurrogate),
			refused("surrogate.lone-low", `"\udc00"`, primSurrogate),
			refused("surrogate.lone-low.last", `"\udfff"`, primSurrogate),
			refused("surrogate.reversed", `"\udc00\ud800"`, primSurrogate),
			refused("surrogate.high-high-low", `"\ud800\ud800\udc00"`, primSurrogate),
			refused("surrogate.high-then-letter", `"a\ud83db"`, primSurrogate),
			refused("surrogate.high-then-raw-astral", "\"\\ud83d\U0001f600\"", primSurrogate),
			refused("surrogate.raw-astral-then-low", "\"\U0001f600\\ude00\"", primSurrogate),
			refused("length.ascii.257", str(rep("a", 257)), primLength),
			refused("length.2-byte.257", str(rep("\u00e9", 257)), primLength),
			refused("length.3-byte.257", str(rep("\u20ac", 257)), primLength),
			refused("length.astral.257", str(rep("\U0001f600", 257)), primLength).
				withNote("257 scalar values, 514 UTF-16 units."),
			refused("length.astral-256-plus-ascii", str(rep("\U0001f600", 256)+"a"), primLength),
			refused("length.escaped.257", str(rep(`\u0041`, 257)), primLength),
			primWrongType("number", `1`),
			primWrongType("null", `null`),
			primWrongType("array", `["a"]`),
			primWrongType("object", `{}`),
			primBad("raw-control", "\"a\x01b\""),
			primBad("bad-escape", `"\x41"`),
			primBad("invalid-utf8", "\"\xc3\""),
			primBad("cesu8-surrogate", "\"\xed\xa0\x80\""),
		),
		prim("safe-display", "aether.safe-display/1: 1 to 256 characters, each U+0020-U+007E.",
			ok("one", `"a"`, "a"),
			ok("space", `" "`, " "),
			ok("tilde", `"~"`, "~"),
			ok("sentence", `"Order refused: insufficient buying power."`, "Order refused: insufficient buying power."),
			ok("all-printable", str(`!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`+"`"+`abcdefghijklmnopqrstuvwxyz{|}~`),
				"!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"),
			ok("length.256", str(rep("x", 256)), rep("x", 256)),
			ok("escaped-ascii", `"\u0041"`, "A"),
			refused("length.0", `""`, primDisplayLength),
			refused("length.257", str(rep("x", 257)), primDisplayLength),
			refused("delete", `"a\u007fb"`, primDisplayChar),
			refused("rtl-override", `"Approve \u202eBUY"`, primDisplayChar),
			refused("line-separator", `"a\u2028b"`, primDisplayChar),
			refused("paragraph-separator", `"a\u2029b"`, primDisplayChar),
			refused("zero-width-space", `"a\u200bb"`, primDisplayChar),
			refused("bom-character", `"\ufeffa"`, primDisplayChar),
			refused("tab", `"a\tb"`, primDisplayChar),
			refused("lf", `"a\n"`, primDisplayChar),
			refused("nul", `"\u0000"`, primDisplayChar),
			refused("unit-separator", `"\u001f"`, primDisplayChar),
			refused("c1.u0085", `"\u0085"`, primDisplayChar),
			refused("no-break-space", `"a\u00a0b"`, primDisplayChar),
			refused("latin-e-acute", "\"caf\u00e9\"", primDisplayChar),
			refused("fullwidth-a", `"\uff21"`, primDisplayChar),
			refused("tag-character", `"a\udb40\udc41"`, primDisplayChar).
				withNote("U+E0041 TAG LATIN CAPITAL LETTER A, an invisible tag character."),
			refused("emoji", "\"\U0001f600\"", primDisplayChar),
			refused("lone-surrogate", `"\ud800"`, primDisplayChar),
			primWrongType("number", `1`),
			primWrongType("null", `null`),
			primWrongType("array", `["a"]`),
			primBad("unterminated", `"a`),
			primBad("raw-tab", "\"a\tb\""),
		),
		prim("sorted-set", "Rule 9: an array of strings, each passing rule 8, strictly ascending by code point, never reordered.",
			ok("empty", `[]`, ""),
			ok("one", `["a"]`, ""),
			ok("two", `["a","b"]`, ""),
			ok("prefix-first", `["a","ab"]`, ""),
			ok("empty-member-first", `["","a"]`, ""),
			ok("upper-before-lower", `["B","a"]`, ""),
			ok("ab-before-b", `["ab","b"]`, ""),
			ok("code-point-trap", `["\ue000","\ud83d\ude00"]`, "").
				withNote("U+E000 < U+1F600 by code point, though UTF-16 order (E000 > D83D) says descending."),
			ok("code-point-trap.raw", "[\"\ufb33\",\"\U0001f600\"]", ""),
			ok("bmp-then-astral", "[\"\u00e9\",\"\uffff\",\"\U00010000\",\"\U0010ffff\"]", ""),
			ok("identifiers", `["ats_status","local_status"]`, ""),
			ok("whitespace", " [ \"a\" ,\n\"b\" ] ", ""),
			ok("member.256", `["`+rep("a", 256)+`"]`, ""),
			refused("order.two", `["b","a"]`, primSetOrder),
			refused("order.prefix-after", `["ab","a"]`, primSetOrder),
			refused("order.lower-before-upper", `["a","B"]`, primSetOrder),
			refused("order.utf16-order", `["\ud83d\ude00","\ue000"]`, primSetOrder).
				withNote("Ascending by UTF-16 units, descending by code point."),
			refused("order.third", `["a","c","b"]`, primSetOrder),
			refused("order.empty-member-last", `["a",""]`, primSetOrder),
			refused("repeat.two", `["a","a"]`, primSetRepeat),
			refused("repeat.empty", `["",""]`, primSetRepeat),
			refused("repeat.escaped", "[\"\u00e9\",\"\\u00e9\"]", primSetRepeat).
				withNote("Equal once unescaped."),
			refused("repeat.astral-escaped", "[\"\U0001f600\",\"\\ud83d\\ude00\"]", primSetRepeat),
			refused("repeat.third", `["a","b","b"]`, primSetRepeat),
			refused("member.control", `["a\u0001"]`, primControl),
			refused("member.c1", `["a","b\u0080"]`, primControl),
			refused("member.lone-surrogate", `["\ud800"]`, primSurrogate),
			refused("member.lone-low-second", `["a","b\udc00"]`, primSurrogate),
			refused("member.257", `["`+rep("a", 257)+`"]`, primLength),
			primWrongType("number-member", `[1]`),
			primWrongType("null-member", `[null]`),
			primWrongType("array-member", `[["a"]]`),
			primWrongType("string", `"a"`),
			primWrongType("object", `{"a":"b"}`),
			primWrongType("null", `null`),
			primBad("trailing-comma", `["a",]`),
			primBad("depth-129", rep("[", 129)+rep("]", 129)),
		),
		prim("tool-list", "Rule 9: tools {name, version} strictly ascending by (name, version), versions compared as integers.",
			ok("empty", `[]`, ""),
			ok("one", `[{"name":"ats.status","version":1}]`, ""),
			ok("members-any-order", `[{"version":1,"name":"a"}]`, ""),
			ok("version.9-before-10", `[{"name":"a","version":9},{"name":"a","version":10}]`, "").
				withNote("As integers 9 < 10; as strings \"10\" < \"9\"."),
			ok("version.same-name", `[{"name":"a","version":1},{"name":"a","version":2}]`, ""),
			ok("name-first", `[{"name":"a","version":2},{"name":"b","version":1}]`, ""),
			ok("name.code-point-trap", `[{"name":"\ue000","version":1},{"name":"\ud83d\ude00","version":1}]`, ""),
			ok("version.2pow53-minus-1", `[{"name":"a","version":9007199254740991}]`, ""),
			ok("name.empty", `[{"name":"","version":1}]`, ""),
			refused("order.10-before-9", `[{"name":"a","version":10},{"name":"a","version":9}]`, primToolsOrder),
			refused("order.version", `[{"name":"a","version":2},{"name":"a","version":1}]`, primToolsOrder),
			refused("order.name", `[{"name":"b","version":1},{"name":"a","version":2}]`, primToolsOrder),
			refused("order.utf16-order", `[{"name":"\ud83d\ude00","version":1},{"name":"\ue000","version":1}]`, primToolsOrder),
			refused("repeat", `[{"name":"a","version":1},{"name":"a","version":1}]`, primToolsRepeat),
			refused("repeat.escaped-name", `[{"name":"a","version":3},{"name":"\u0061","version":3}]`, primToolsRepeat),
			refused("version.zero", `[{"name":"a","version":0}]`, primIntegerRange),
			refused("version.minus-one", `[{"name":"a","version":-1}]`, primIntegerRange),
			refused("version.2pow53", `[{"name":"a","version":9007199254740992}]`, primIntegerRange),
			refused("version.fraction", `[{"name":"a","version":1.0}]`, primInteger),
			refused("version.exponent", `[{"name":"a","version":1e2}]`, primInteger),
			refused("name.control", `[{"name":"a\u0000","version":1}]`, primControl),
			refused("name.lone-surrogate", `[{"name":"\udfff","version":1}]`, primSurrogate),
			refused("name.257", `[{"name":"`+rep("n", 257)+`","version":1}]`, primLength),
			primWrongType("missing-version", `[{"name":"a"}]`),
			primWrongType("missing-name", `[{"version":1}]`),
			primWrongType("extra-member", `[{"name":"a","version":1,"x":1}]`),
			primWrongType("name-number", `[{"name":1,"version":1}]`),
			primWrongType("version-string", `[{"name":"a","version":"1"}]`),
			primWrongType("tool-array", `[["a",1]]`),
			primWrongType("tool-null", `[null]`),
			primWrongType("object", `{"name":"a","version":1}`),
			primBad("duplicate-member", `[{"name":"a","name":"b","version":1}]`),
			primBad("duplicate-member.escaped", `[{"name":"a","version":1,"\u0076ersion":2}]`),
		),
		prim("base64url", "Rule 10: unpadded base64url of 32 or 64 bytes, 43 or 86 characters, canonical; output the decoded bytes.",
			ok("43.zeros", str(rep("A", 43)), rep("\x00", 32)),
			ok("43.ones", str(rep("_", 42)+"8"), rep("\xff", 32)),
			ok("43.dash-underscore", `"-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s"`, rep("\xfb", 32)),
			ok("43.last-byte", str(rep("A", 42)+"8"), rep("\x00", 31)+"\x0f"),
			ok("43.rfc8032-key", `"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"`,
				"\xd7\x5a\x98\x01\x82\xb1\x0a\xb7\xd5\x4b\xfe\xd3\xc9\x64\x07\x3a\x0e\xe1\x72\xf3\xda\xa6\x23\x25\xaf\x02\x1a\x68\xf7\x07\x51\x1a").
				withNote("RFC 8032 section 7.1 test 1 public key."),
			ok("86.zeros", str(rep("A", 86)), rep("\x00", 64)),
			ok("86.ones", str(rep("_", 85)+"w"), rep("\xff", 64)),
			ok("86.rfc8032-signature", `"5VZDAMNgrHKQhuLMgG6CioSHfx645dl02HPgZSJJAVVfuIIVkKM7rMYeOXAc-bRr0lv18FlbviRlUUFDjnoQCw"`,
				"\xe5\x56\x43\x00\xc3\x60\xac\x72\x90\x86\xe2\xcc\x80\x6e\x82\x8a\x84\x87\x7f\x1e\xb8\xe5\xd9\x74\xd8\x73\xe0\x65\x22\x49\x01\x55"+
					"\x5f\xb8\x82\x15\x90\xa3\x3b\xac\xc6\x1e\x39\x70\x1c\xf9\xb4\x6b\xd2\x5b\xf5\xf0\x59\x5b\xbe\x24\x65\x51\x41\x43\x8e\x7a\x10\x0b").
				withNote("RFC 8032 section 7.1 test 1 signature."),
			refused("length.0", `""`, primB64Length),
			refused("length.1", `"A"`, primB64Length),
			refused("length.42", str(rep("A", 42)), primB64Length),
			refused("length.44", str(rep("A", 44)), primB64Length),
			refused("length.85", str(rep("A", 85)), primB64Length),
			refused("length.87", str(rep("A", 87)), primB64Length),
			refused("length.64", str(rep("A", 64)), primB64Length),
			refused("length.astral-43-code-points", str(rep("A", 42)+"\U0001f600"), primB64Length).withException("shadowed").
				withNote("43 code points but 44 UTF-16 units; with the guard ignored the alphabet rule refuses the emoji."),
			refused("padded.44", `"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo="`, primB64Length).withException("shadowed").
				withNote("Padding makes 44 characters; with the guard ignored the alphabet rule refuses the '='."),
			refused("padded.88", `"5VZDAMNgrHKQhuLMgG6CioSHfx645dl02HPgZSJJAVVfuIIVkKM7rMYeOXAc-bRr0lv18FlbviRlUUFDjnoQCw=="`, primB64Length).withException("shadowed"),
			refused("alphabet.plus", `"+_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s"`, primB64Alphabet).
				withNote("Standard base64's '+' for '-'."),
			refused("alphabet.slash", `"-/v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s"`, primB64Alphabet),
			refused("alphabet.equals-last", str(rep("A", 42)+"="), primB64Alphabet),
			refused("alphabet.space", str(rep("A", 21)+" "+rep("A", 21)), primB64Alphabet),
			refused("alphabet.lf", str(rep("A", 42)+`\n`), primB64Alphabet),
			refused("alphabet.period", str(rep("A", 42)+"."), primB64Alphabet),
			refused("alphabet.e-acute", str(rep("A", 42)+"\u00e9"), primB64Alphabet),
			refused("alphabet.fullwidth-a", str("\uff21"+rep("A", 85)), primB64Alphabet),
			refused("alphabet.astral", str(rep("A", 41)+"\U0001f600"), primB64Alphabet).
				withNote("43 UTF-16 units (42 code points): the length is right, the emoji is outside the alphabet."),
			refused("canonical.43.last-b", str(rep("A", 42)+"B"), primB64Canonical),
			refused("canonical.43.last-c", str(rep("A", 42)+"C"), primB64Canonical),
			refused("canonical.43.last-9", str(rep("_", 42)+"9"), primB64Canonical),
			refused("canonical.43.rfc8032-key", `"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURp"`, primB64Canonical).
				withNote("The RFC key's spelling with the last character's unused bits set to 01."),
			refused("canonical.86.last-b", str(rep("A", 85)+"B"), primB64Canonical),
			refused("canonical.86.last-i", str(rep("A", 85)+"I"), primB64Canonical).
				withNote("'I' has its low 2 bits clear (canonical for 43 characters) but not its low 4."),
			refused("canonical.86.last-x", str(rep("_", 85)+"x"), primB64Canonical),
			refused("canonical.86.rfc8032-signature", `"5VZDAMNgrHKQhuLMgG6CioSHfx645dl02HPgZSJJAVVfuIIVkKM7rMYeOXAc-bRr0lv18FlbviRlUUFDjnoQCx"`, primB64Canonical),
			primWrongType("number", `1`),
			primWrongType("null", `null`),
			primWrongType("array", `["`+rep("A", 43)+`"]`),
			primBad("unterminated", `"`+rep("A", 43)),
		),
		prim("utf8-length", "Review decision 6: the number of bytes of the string's UTF-8 encoding; a lone surrogate has none.",
			ok("empty", `""`, "0"),
			ok("ascii", `"a"`, "1"),
			ok("nul", `"\u0000"`, "1"),
			ok("delete", `"\u007f"`, "1"),
			ok("c1.first", `"\u0080"`, "2"),
			ok("2-byte", "\"\u00e9\"", "2"),
			ok("2-byte.max", `"\u07ff"`, "2"),
			ok("3-byte.min", `"\u0800"`, "3"),
			ok("3-byte", "\"\u20ac\"", "3"),
			ok("3-byte.below-surrogates", `"\ud7ff"`, "3"),
			ok("3-byte.above-surrogates", `"\ue000"`, "3"),
			ok("3-byte.max", `"\uffff"`, "3"),
			ok("4-byte.min", `"\ud800\udc00"`, "4"),
			ok("4-byte", "\"\U0001f600\"", "4"),
			ok("4-byte.max", `"\udbff\udfff"`, "4"),
			ok("mixed", "\"a\u00e9\u20ac\U0001f600\"", "10"),
			ok("escaped", `"a\u00e9\u20ac\ud83d\ude00"`, "10"),
			ok("escapes-count-decoded", `"\n\"\\"`, "3"),
			ok("ascii.1000", str(rep("a", 1000)), "1000").
				withNote("No string length bound applies here."),
			ok("astral.1000", str(rep("\U0001f600", 1000)), "4000").
				withNote("1000 characters, 2000 UTF-16 units, 4000 bytes."),
			refused("lone-high", `"\ud800"`, primSurrogate),
			refused("lone-low", `"\udfff"`, primSurrogate),
			refused("lone-high-after-ascii", `"ab\udbff"`, primSurrogate),
			refused("reversed", `"\udc00\ud800"`, primSurrogate),
			primWrongType("number", `1`),
			primWrongType("null", `null`),
			primWrongType("array", `[""]`),
			primBad("invalid-utf8", "\"\xe2\x82\""),
			primBad("unterminated", `"abc`),
		),
	}
}
