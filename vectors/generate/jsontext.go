package main

// The JSON text cases whose output is the same under RFC 8785 (sections
// 3.2.2.2 and 3.2.3) and under json.dumps with ensure_ascii=True and
// sort_keys=True: literal data, written from those two rules. A contract's
// generator puts them in its own files, beside the cases where the rules
// differ.

// c0EscapeCases are the output escapes of U+0000-U+001F: the two-character
// escape where JSON has one (\b \t \n \f \r) and lowercase \u00xx
// otherwise; upper-case hex input written in lowercase; the two-character
// escapes as input; the quote and the backslash, escaped or not.
func c0EscapeCases() []vcase {
	return []vcase{
		ok("c0.00", `"\u0000"`, `"\u0000"`),
		ok("c0.01", `"\u0001"`, `"\u0001"`),
		ok("c0.02", `"\u0002"`, `"\u0002"`),
		ok("c0.03", `"\u0003"`, `"\u0003"`),
		ok("c0.04", `"\u0004"`, `"\u0004"`),
		ok("c0.05", `"\u0005"`, `"\u0005"`),
		ok("c0.06", `"\u0006"`, `"\u0006"`),
		ok("c0.07", `"\u0007"`, `"\u0007"`),
		ok("c0.08", `"\u0008"`, `"\b"`),
		ok("c0.09", `"\u0009"`, `"\t"`),
		ok("c0.0a", `"\u000a"`, `"\n"`),
		ok("c0.0b", `"\u000b"`, `"\u000b"`),
		ok("c0.0c", `"\u000c"`, `"\f"`),
		ok("c0.0d", `"\u000d"`, `"\r"`),
		ok("c0.0e", `"\u000e"`, `"\u000e"`),
		ok("c0.0f", `"\u000f"`, `"\u000f"`),
		ok("c0.10", `"\u0010"`, `"\u0010"`),
		ok("c0.11", `"\u0011"`, `"\u0011"`),
		ok("c0.12", `"\u0012"`, `"\u0012"`),
		ok("c0.13", `"\u0013"`, `"\u0013"`),
		ok("c0.14", `"\u0014"`, `"\u0014"`),
		ok("c0.15", `"\u0015"`, `"\u0015"`),
		ok("c0.16", `"\u0016"`, `"\u0016"`),
		ok("c0.17", `"\u0017"`, `"\u0017"`),
		ok("c0.18", `"\u0018"`, `"\u0018"`),
		ok("c0.19", `"\u0019"`, `"\u0019"`),
		ok("c0.1a", `"\u001a"`, `"\u001a"`),
		ok("c0.1b", `"\u001b"`, `"\u001b"`),
		ok("c0.1c", `"\u001c"`, `"\u001c"`),
		ok("c0.1d", `"\u001d"`, `"\u001d"`),
		ok("c0.1e", `"\u001e"`, `"\u001e"`),
		ok("c0.1f", `"\u001f"`, `"\u001f"`),
		ok("c0.upper-hex-input", `"\u001F\u000B"`, `"\u001f\u000b"`),
		ok("short.b", `"\b"`, `"\b"`),
		ok("short.f", `"\f"`, `"\f"`),
		ok("short.n", `"\n"`, `"\n"`),
		ok("short.r", `"\r"`, `"\r"`),
		ok("short.t", `"\t"`, `"\t"`),
		ok("quote", `"\""`, `"\""`),
		ok("quote.hex", `"\u0022"`, `"\""`),
		ok("backslash", `"\\"`, `"\\"`),
		ok("backslash.hex", `"\u005C"`, `"\\"`),
	}
}

// asciiSortCases are member orders where code point order (json.dumps) and
// UTF-16 code unit order (RFC 8785) agree: ASCII names, a prefix first, an
// empty name first, a name compared unescaped, U+0000 after a prefix.
func asciiSortCases() []vcase {
	return []vcase{
		ok("two", `{"b":1,"a":2}`, `{"a":2,"b":1}`),
		ok("prefix-first", `{"aa":1,"a":2}`, `{"a":2,"aa":1}`),
		ok("upper-before-lower", `{"B":1,"a":2,"A":3}`, `{"A":3,"B":1,"a":2}`),
		ok("empty-name-first", `{"a":1,"":2}`, `{"":2,"a":1}`),
		ok("by-unescaped-name", `{"\u0062":1,"a":2}`, `{"a":2,"b":1}`),
		ok("nul-after-prefix", `{"a\u0000":1,"a":2}`, `{"a":2,"a\u0000":1}`),
	}
}
