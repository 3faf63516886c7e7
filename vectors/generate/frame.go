package main

// frame/1 lex: spec/frame.md. An accepted frame's output is empty; messages
// are the spec's table. Every refused frame other than a not-an-object or size
// vector is an object with exactly one defect.

func init() {
	register(source{
		contract: "frame/1",
		files:    frameFiles,
		minCases: 212,
	})
}

const (
	frSize      = "frame exceeds 262144 bytes"
	frBOM       = "frame begins with a UTF-8 byte order mark"
	frUTF8      = "frame is not valid UTF-8"
	frSyntax    = "frame is not valid JSON"
	frNotObject = "frame is not a JSON object"
	frDepth     = "frame nesting exceeds depth 16"
	frDuplicate = "frame has a duplicate member name"
	frNumber    = "frame number is not 0 or [1-9][0-9]*"
	frRange     = "frame number exceeds 2^53-1"
	frControl   = "frame string contains a control character"
	frSurrogate = "frame string contains an unpaired surrogate"
)

// accept is an accepted frame: the output is empty.
func accept(name, input string) vcase { return ok(name, input, "") }

// frBad is a frame/1 grammar refusal: the grammar guard is never ignored.
func frBad(name, input string) vcase {
	return refused(name, input, frSyntax).withException("grammar")
}

// big is a frame written as prefix + fill x count + suffix.
func big(name, prefix, fill string, count int, suffix string, message string) vcase {
	c := vcase{name: name, expand: &expand{prefix: prefix, fill: fill, count: count, suffix: suffix}}
	if message == "" {
		c.expect = "ok"
	} else {
		c.expect = "refused"
		c.message = message
	}
	return c
}

func fr(behaviour, description string, cases ...vcase) vfile {
	return vfile{contract: "frame/1", op: "lex", dir: "frame",
		behaviour: behaviour, description: description, cases: cases}
}

func frameFiles() []vfile {
	return []vfile{
		fr("objects", "A frame is one JSON object with optional JSON whitespace around it; any other first byte is refused.",
			accept("empty", `{}`),
			accept("one-member", `{"k":"v"}`),
			accept("spaced", ` {"a":"b"} `),
			accept("all-whitespace", "\t\r\n{}\n"),
			accept("empty-values", `{"a":"","b":[],"c":{}}`),
			accept("every-kind", `{"a":"x","b":[true,false,null,0,{"c":"d"}],"e":{"f":1}}`),
			refused("array.empty", `[]`, frNotObject),
			refused("array.of-object", `[{"a":1}]`, frNotObject),
			refused("array.spaced", ` []`, frNotObject),
			refused("number.one", `1`, frNotObject),
			refused("number.zero", `0`, frNotObject),
			refused("string", `"s"`, frNotObject),
			refused("string.of-braces", `"{}"`, frNotObject),
			refused("true", `true`, frNotObject),
			refused("false", `false`, frNotObject),
			refused("null", "\nnull", frNotObject),
		),
		fr("size", "The 262144-byte bound counts bytes, never characters or UTF-16 units: each fill is pinned at the bound and one byte past it.",
			big("ascii.262144", `{"a":"`, "x", 262136, `"}`, ""),
			big("ascii.262145", `{"a":"`, "x", 262137, `"}`, frSize),
			big("2-byte.262144", `{"a":"`, "\u00e9", 131068, `"}`, "").
				withNote("131076 characters."),
			big("2-byte.262145", `{"ab":"`, "\u00e9", 131068, `"}`, frSize).
				withNote("131077 characters, far below 262144."),
			big("3-byte.262144", `{"abc":"`, "\u20ac", 87378, `"}`, ""),
			big("3-byte.262145", `{"abcd":"`, "\u20ac", 87378, `"}`, frSize).
				withNote("87389 characters."),
			big("4-byte.262144", `{"a":"`, "\U0001f600", 65534, `"}`, ""),
			big("4-byte.262145", `{"ab":"`, "\U0001f600", 65534, `"}`, frSize).
				withNote("65543 characters, 131077 UTF-16 units."),
			big("escaped.262144", `{"abc":"`, `\u00e9`, 43689, `"}`, ""),
			big("escaped.262145", `{"abcd":"`, `\u00e9`, 43689, `"}`, frSize).
				withNote("The bound is on the frame's bytes, not on the decoded string."),
			big("whitespace.262144", `{}`, " ", 262142, "", ""),
			big("whitespace.262145", `{}`, " ", 262143, "", frSize),
			big("numbers.262144", `{"ab":[`, "0,", 131067, `0]}`, ""),
			big("numbers.262145", `{"abc":[`, "0,", 131067, `0]}`, frSize),
		),
		fr("bom", "A leading UTF-8 byte order mark is refused by its own rule, which runs first.",
			refused("empty-object", "\ufeff{}", frBOM),
			refused("object", "\ufeff{\"a\":1}", frBOM),
			refused("then-whitespace", "\ufeff {}", frBOM),
			accept("in-value", "{\"a\":\"\ufeff\"}"),
			accept("in-name", "{\"\ufeff\":1}"),
			frBad("trailing", "{}\ufeff"),
		),
		fr("utf8", "The whole frame must be valid UTF-8 (RFC 3629); each invalid sequence sits inside a string.",
			accept("max-2-byte", "{\"a\":\"\u07ff\"}"),
			accept("min-3-byte", "{\"a\":\"\u0800\"}"),
			accept("below-surrogates", "{\"a\":\"\ud7ff\"}"),
			accept("above-surrogates", "{\"a\":\"\ue000\"}"),
			accept("max-3-byte", "{\"a\":\"\uffff\"}"),
			accept("min-4-byte", "{\"a\":\"\U00010000\"}"),
			accept("max-4-byte", "{\"a\":\"\U0010ffff\"}"),
			refused("overlong.2-byte-slash", "{\"a\":\"\xc0\xaf\"}", frUTF8),
			refused("overlong.2-byte-c1", "{\"a\":\"\xc1\xbf\"}", frUTF8),
			refused("overlong.3-byte", "{\"a\":\"\xe0\x80\xaf\"}", frUTF8),
			refused("overlong.3-byte-max", "{\"a\":\"\xe0\x9f\xbf\"}", frUTF8),
			refused("overlong.4-byte", "{\"a\":\"\xf0\x80\x80\xaf\"}", frUTF8),
			refused("overlong.4-byte-max", "{\"a\":\"\xf0\x8f\xbf\xbf\"}", frUTF8),
			refused("truncated.2-byte", "{\"a\":\"\xc3\"}", frUTF8),
			refused("truncated.3-byte", "{\"a\":\"\xe2\x82\"}", frUTF8),
			refused("truncated.4-byte", "{\"a\":\"\xf0\x9f\x98\"}", frUTF8),
			refused("lead-then-ascii", "{\"a\":\"\xc2A\"}", frUTF8),
			refused("cesu8.high", "{\"a\":\"\xed\xa0\x80\"}", frUTF8),
			refused("cesu8.low", "{\"a\":\"\xed\xbf\xbf\"}", frUTF8),
			refused("cesu8.pair", "{\"a\":\"\xed\xa0\xbd\xed\xb8\x80\"}", frUTF8),
			refused("above-max.f4-90", "{\"a\":\"\xf4\x90\x80\x80\"}", frUTF8),
			refused("above-max.f5", "{\"a\":\"\xf5\x80\x80\x80\"}", frUTF8),
			refused("above-max.f7", "{\"a\":\"\xf7\xbf\xbf\xbf\"}", frUTF8),
			refused("five-byte", "{\"a\":\"\xf8\x88\x80\x80\x80\"}", frUTF8),
			refused("byte.fe", "{\"a\":\"\xfe\"}", frUTF8),
			refused("byte.ff", "{\"a\":\"\xff\"}", frUTF8),
			refused("bare-continuation.80", "{\"a\":\"\x80\"}", frUTF8),
			refused("bare-continuation.bf-inside", "{\"a\":\"a\xbfb\"}", frUTF8),
			refused("in-name", "{\"\xff\":1}", frUTF8),
		),
		fr("depth", "Nesting up to depth 16 is accepted; the container opened at depth 17 is refused.",
			accept("objects.16", rep(`{"a":`, 16)+"0"+rep("}", 16)),
			accept("arrays.16", `{"a":`+rep("[", 15)+rep("]", 15)+"}"),
			accept("arrays.16-siblings", `{"a":`+rep("[", 14)+"[],[]"+rep("]", 14)+"}"),
			accept("brackets-in-string", `{"a":"`+rep("[", 20)+rep("{", 20)+`"}`),
			refused("objects.17", rep(`{"a":`, 17)+"0"+rep("}", 17), frDepth),
			refused("arrays.17", `{"a":`+rep("[", 16)+rep("]", 16)+"}", frDepth),
			refused("object-at-17", `{"a":`+rep("[", 15)+"{}"+rep("]", 15)+"}", frDepth),
			refused("arrays.17-after-sibling", `{"a":`+rep("[", 15)+rep("]", 15)+`,"b":`+rep("[", 16)+rep("]", 16)+"}", frDepth).
				withNote("Member a reaches depth 16; member b reaches 17."),
		),
		fr("duplicates", "Duplicate member names, compared after unescaping, are refused at any depth.",
			refused("simple", `{"a":1,"a":2}`, frDuplicate),
			refused("same-value", `{"a":1,"a":1}`, frDuplicate),
			refused("not-adjacent", `{"a":1,"b":2,"a":3}`, frDuplicate),
			refused("empty-name", `{"":1,"":2}`, frDuplicate),
			refused("escaped-ascii", `{"a":1,"\u0061":2}`, frDuplicate),
			refused("escaped-solidus", `{"\/":1,"/":2}`, frDuplicate),
			refused("escaped-2-byte", "{\"\u00e9\":1,\"\\u00e9\":2}", frDuplicate),
			refused("escaped-astral", "{\"\\ud83d\\ude00\":1,\"\U0001f600\":2}", frDuplicate),
			refused("hex-case", `{"\u00e9":1,"\u00E9":2}`, frDuplicate),
			refused("nested", `{"x":{"a":1,"a":2}}`, frDuplicate),
			refused("in-array", `{"x":[{"a":1,"a":2}]}`, frDuplicate),
			accept("across-objects", `{"x":[{"a":1},{"a":2}]}`),
			accept("parent-and-child", `{"a":{"a":1}}`),
			accept("case-differs", `{"a":1,"A":2}`),
			accept("not-normalized", `{"\u00e9":1,"e\u0301":2}`),
		),
		fr("numbers", "A number token is exactly 0 or [1-9][0-9]* and at most 2^53-1; the token is the longest run of 0-9 + - . e E.",
			accept("zero", `{"a":0}`),
			accept("one", `{"a":1}`),
			accept("ten", `{"a":10}`),
			accept("max", `{"a":9007199254740991}`),
			accept("in-array", `{"a":[0,1,9007199254740991]}`),
			accept("two-members", `{"a":1,"b":22}`),
			refused("minus-zero", `{"a":-0}`, frNumber),
			refused("leading-zero", `{"a":01}`, frNumber),
			refused("double-zero", `{"a":00}`, frNumber),
			refused("fraction", `{"a":1.0}`, frNumber),
			refused("fraction.half", `{"a":0.5}`, frNumber),
			refused("exponent", `{"a":1e2}`, frNumber),
			refused("exponent.upper", `{"a":1E2}`, frNumber),
			refused("exponent.plus", `{"a":1e+2}`, frNumber),
			refused("exponent.zero", `{"a":0e0}`, frNumber),
			refused("negative", `{"a":-1}`, frNumber),
			refused("negative.fraction", `{"a":-0.0}`, frNumber),
			refused("trailing-point", `{"a":1.}`, frNumber),
			refused("lone-minus", `{"a":-}`, frNumber),
			refused("empty-exponent", `{"a":1e}`, frNumber),
			refused("one-token", `{"a":1-1}`, frNumber).
				withNote("The token is the whole run 1-1, which is not 0 or [1-9][0-9]*."),
			refused("negative-beyond-range", `{"a":-9007199254740992}`, frNumber).
				withNote("The spelling is checked before the range, and a negative spelling has no range."),
			refused("negative.in-array", `{"a":[1,-1]}`, frNumber),
			refused("range.2pow53", `{"a":9007199254740992}`, frRange),
			refused("range.2pow53-plus-1", `{"a":9007199254740993}`, frRange),
			refused("range.17-digits", `{"a":10000000000000000}`, frRange),
			refused("range.20-digits", `{"a":99999999999999999999}`, frRange),
			refused("range.400-digits", `{"a":1`+rep("0", 399)+"}", frRange),
			refused("range.in-array", `{"a":[0,9007199254740992]}`, frRange),
			refused("range.nested", `{"b":{"a":18446744073709551616}}`, frRange),
			frBad("plus", `{"a":+1}`).
				withNote("A number token starts only at - or a digit, so + is not a value."),
			frBad("leading-point", `{"a":.5}`),
		),
		fr("controls", "A control unit (U+0000-U+001F, U+007F-U+009F), raw or escaped, is refused in names and values alike.",
			refused("raw.nul", "{\"a\":\"\x00\"}", frControl),
			refused("raw.soh", "{\"a\":\"\x01\"}", frControl),
			refused("raw.tab", "{\"a\":\"\t\"}", frControl),
			refused("raw.lf", "{\"a\":\"\n\"}", frControl),
			refused("raw.cr", "{\"a\":\"\r\"}", frControl),
			refused("raw.unit-separator", "{\"a\":\"\x1f\"}", frControl),
			refused("raw.delete", "{\"a\":\"\x7f\"}", frControl),
			refused("raw.c1-first", "{\"a\":\"\u0080\"}", frControl),
			refused("raw.c1-next-line", "{\"a\":\"\u0085\"}", frControl),
			refused("raw.c1-last", "{\"a\":\"\u009f\"}", frControl),
			refused("raw.inside-text", "{\"a\":\"abc\ndef\"}", frControl),
			refused("escaped.nul", `{"a":"\u0000"}`, frControl),
			refused("escaped.soh", `{"a":"\u0001"}`, frControl),
			refused("escaped.b", `{"a":"\b"}`, frControl),
			refused("escaped.t", `{"a":"\t"}`, frControl),
			refused("escaped.n", `{"a":"\n"}`, frControl),
			refused("escaped.f", `{"a":"\f"}`, frControl),
			refused("escaped.r", `{"a":"\r"}`, frControl),
			refused("escaped.lf-hex", `{"a":"\u000a"}`, frControl),
			refused("escaped.lf-hex-upper", `{"a":"\u000A"}`, frControl),
			refused("escaped.unit-separator", `{"a":"\u001f"}`, frControl),
			refused("escaped.unit-separator-upper", `{"a":"\u001F"}`, frControl),
			refused("escaped.delete", `{"a":"\u007f"}`, frControl),
			refused("escaped.delete-upper", `{"a":"\u007F"}`, frControl),
			refused("escaped.c1-first", `{"a":"\u0080"}`, frControl),
			refused("escaped.c1-next-line", `{"a":"\u0085"}`, frControl),
			refused("escaped.c1-last", `{"a":"\u009f"}`, frControl),
			refused("escaped.inside-text", `{"a":"abc\ndef"}`, frControl),
			refused("name.raw-lf", "{\"\n\":1}", frControl),
			refused("name.escaped-n", `{"\n":1}`, frControl),
			refused("name.escaped-delete", `{"\u007f":1}`, frControl),
			refused("name.raw-c1", "{\"\u0085\":1}", frControl),
			refused("in-array", `{"a":["x","\u0007"]}`, frControl),
			accept("space", `{"a":"\u0020 "}`),
			accept("tilde", `{"a":"\u007e~"}`),
			accept("no-break-space", "{\"a\":\"\\u00a0\u00a0\"}"),
			accept("line-separator", "{\"a\":\"\\u2028\u2028\"}"),
			accept("zero-width-space", `{"a":"\u200b"}`),
			accept("two-character-escapes", `{"a":"\/\"\\"}`),
		),
		fr("surrogates", "A high surrogate unit not directly followed by a low one, or a low unit not directly after a high one, is refused; raw astral characters are two units.",
			accept("pair.min", `{"a":"\ud800\udc00"}`),
			accept("pair.max", `{"a":"\udbff\udfff"}`),
			accept("pair.upper-hex", `{"a":"\uD83D\uDE00"}`),
			accept("pair.twice", `{"a":"\ud83d\ude00\ud83d\ude00"}`),
			accept("pair.in-name", `{"\ud83d\ude00":1}`),
			accept("raw-astral", "{\"a\":\"\U0001f600\"}"),
			refused("lone-high", `{"a":"\ud800"}`, frSurrogate),
			refused("lone-high.last", `{"a":"\udbff"}`, frSurrogate),
			refused("lone-low", `{"a":"\udc00"}`, frSurrogate),
			refused("lone-low.after-text", `{"a":"x\udfff"}`, frSurrogate),
			refused("reversed", `{"a":"\udc00\ud800"}`, frSurrogate),
			refused("high-high", `{"a":"\ud800\ud800"}`, frSurrogate),
			refused("high-high-low", `{"a":"\ud800\ud800\udc00"}`, frSurrogate),
			refused("high-then-letter", `{"a":"\ud800x"}`, frSurrogate),
			refused("high-then-bmp-escape", `{"a":"\ud800\u0041"}`, frSurrogate),
			refused("high-then-escaped-backslash", `{"a":"\ud800\\udc00"}`, frSurrogate),
			refused("high-then-raw-astral", "{\"a\":\"\\ud83d\U0001f600\"}", frSurrogate).
				withNote("The raw astral character is a high then a low unit, so the escaped high meets a high."),
			refused("raw-astral-then-low", "{\"a\":\"\U0001f600\\ude00\"}", frSurrogate),
			refused("split-across-strings", `{"a":["\ud800","\udc00"]}`, frSurrogate),
			refused("in-name", `{"\ud800":1}`, frSurrogate),
			// The surrogate ranges' edges as escapes, so the content rule
			// reads them (found by conform mutate: bound-shift mutants of
			// the surrogate guard survived without these).
			accept("escaped.below-high", `{"a":"\ud7ff"}`),
			accept("escaped.above-low", `{"a":"\ue000"}`),
			refused("high-then-high-max", `{"a":"\ud800\udbff"}`, frSurrogate),
			refused("high-then-above-low", `{"a":"\ud800\ue000"}`, frSurrogate),
		),
		fr("syntax", "RFC 8259 grammar around and inside the object, where no more specific rule applies.",
			frBad("empty-input", ``),
			frBad("only-whitespace", " \t\r\n"),
			frBad("unclosed", `{`),
			frBad("unclosed.after-member", `{"a":1`),
			frBad("trailing.brace", `{"a":1}}`),
			frBad("trailing.word", `{"a":1} x`),
			frBad("trailing.object", `{}{}`),
			frBad("trailing.form-feed", "{}\f"),
			frBad("trailing.no-break-space", "{}\u00a0"),
			frBad("missing-colon", `{"a" 1}`),
			frBad("missing-comma", `{"a":1 "b":2}`),
			frBad("trailing-comma", `{"a":1,}`),
			frBad("lone-comma", `{,}`),
			frBad("name-only", `{"a"}`),
			frBad("name-only.after-member", `{"a":1,"b"}`),
			frBad("unquoted-name", `{a:1}`),
			frBad("single-quoted-name", `{'a':1}`),
			frBad("single-quoted-value", `{"a":'b'}`),
			frBad("number-name", `{1:2}`),
			frBad("nan", `{"a":NaN}`),
			frBad("infinity", `{"a":Infinity}`),
			frBad("literal.trailing-digit", `{"a":true1}`),
			frBad("literal.truncated", `{"a":tru}`),
			frBad("literal.capitalized", `{"a":True}`),
			frBad("escape.x", `{"a":"\x41"}`),
			frBad("escape.upper-u", `{"a":"\U0041"}`),
			frBad("escape.non-hex", `{"a":"\u00g0"}`),
			frBad("escape.short-hex", `{"a":"\u12"}`),
			frBad("unterminated-string", `{"a":"abc}`),
			frBad("array.trailing-comma", `{"a":[1,]}`),
			frBad("array.unclosed", `{"a":[}`),
			frBad("array.stray-close", `{"a":]}`),
			frBad("comment", `{"a":/*c*/1}`),
		),
	}
}
