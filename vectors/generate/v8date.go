package main

// v8date/1 parse: spec/v8date.md. Every expectation below was checked
// against Node's own Date.parse (the oracle) while writing: an accepted
// value is Date.parse's number with new Date(n).toISOString() equal to the
// input; v8date.instant is Date.parse returning NaN; v8date.calendar is
// Date.parse returning a number whose toISOString differs from the input.

func init() {
	register(source{
		contract: "v8date/1",
		files:    v8dateFiles,
		minCases: 76,
		exceptions: map[string]string{
			// With v8date.instant ignored, day 32 is past every month's
			// length: v8date.calendar refuses it (spec/v8date.md, Rules).
			"parse.jsonl:day32":     "shadowed",
			"parse.jsonl:apr.day32": "shadowed",
		},
	})
}

const (
	v8Input    = "input is not valid JSON"
	v8Type     = "value is not a string"
	v8Shape    = "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"
	v8Instant  = "timestamp is not a real instant"
	v8Calendar = "timestamp is not a real calendar date"
)

// v8ShapeBad is a v8date.shape refusal. As for prim/1 timestamps, the shape
// is the grammar the rest of the rules read fields from, and the spec gives
// it no Ignored rule: it has no accept path.
func v8ShapeBad(name, input string) vcase {
	return refused(name, input, v8Shape).withException("grammar")
}

func v8(behaviour, description string, cases ...vcase) vfile {
	return vfile{contract: "v8date/1", op: "parse", dir: "v8date",
		behaviour: behaviour, description: description, cases: cases}
}

func v8dateFiles() []vfile {
	return []vfile{
		v8("parse", "V8 Date.parse emulated on YYYY-MM-DDTHH:MM:SS.mmmZ strings: year 0000 valid, NaN cases are not real instants, rollovers are not real calendar dates.",
			ok("epoch", `"1970-01-01T00:00:00.000Z"`, "0"),
			ok("epoch.minus-1ms", `"1969-12-31T23:59:59.999Z"`, "-1"),
			ok("y2k", `"2000-01-01T00:00:00.000Z"`, "946684800000"),
			ok("year.0000.first", `"0000-01-01T00:00:00.000Z"`, "-62167219200000").
				withNote("Year 0000 is valid for V8 (prim/1 timestamps refuse it)."),
			ok("year.0000.feb29", `"0000-02-29T00:00:00.000Z"`, "-62162121600000").
				withNote("Year 0000 is divisible by 400: a leap year."),
			ok("year.0000.mar01", `"0000-03-01T00:00:00.000Z"`, "-62162035200000"),
			ok("year.0000.last", `"0000-12-31T23:59:59.999Z"`, "-62135596800001"),
			ok("year.0001.first", `"0001-01-01T00:00:00.000Z"`, "-62135596800000"),
			ok("year.9999.last", `"9999-12-31T23:59:59.999Z"`, "253402300799999"),
			ok("feb29.2000", `"2000-02-29T00:00:00.000Z"`, "951782400000"),
			ok("feb29.2024", `"2024-02-29T12:00:00.000Z"`, "1709208000000"),
			ok("feb29.1600", `"1600-02-29T00:00:00.000Z"`, "-11670998400000"),
			ok("feb29.0400", `"0400-02-29T00:00:00.000Z"`, "-49539340800000"),
			ok("feb28.1900", `"1900-02-28T00:00:00.000Z"`, "-2203977600000"),
			ok("feb28.2023.last", `"2023-02-28T23:59:59.999Z"`, "1677628799999"),
			ok("jan31", `"2024-01-31T00:00:00.000Z"`, "1706659200000"),
			ok("apr30.last", `"2024-04-30T23:59:59.999Z"`, "1714521599999"),
			ok("jun30", `"2024-06-30T00:00:00.000Z"`, "1719705600000"),
			ok("sep30", `"2024-09-30T00:00:00.000Z"`, "1727654400000"),
			ok("nov30", `"2024-11-30T00:00:00.000Z"`, "1732924800000"),
			ok("dec31.last", `"2024-12-31T23:59:59.999Z"`, "1735689599999"),
			ok("hour23.last", `"2024-01-01T23:59:59.999Z"`, "1704153599999"),
			ok("milliseconds", `"2024-10-15T09:30:45.123Z"`, "1728984645123"),
			ok("whitespace-around", " \"1970-01-01T00:00:00.000Z\"\n", "0"),
			ok("escaped-digit", `"197\u0030-01-01T00:00:00.000Z"`, "0"),
			// Date.parse returns NaN.
			refused("month00", `"2024-00-01T00:00:00.000Z"`, v8Instant),
			refused("month13", `"2024-13-01T00:00:00.000Z"`, v8Instant),
			refused("year.0000.month00", `"0000-00-01T00:00:00.000Z"`, v8Instant),
			refused("day00", `"2024-01-00T00:00:00.000Z"`, v8Instant),
			refused("feb.day00", `"2024-02-00T00:00:00.000Z"`, v8Instant),
			refused("day32", `"2024-01-32T00:00:00.000Z"`, v8Instant).withException("shadowed").
				withNote("With v8date.instant ignored, day 32 is past every month's length, so v8date.calendar refuses it."),
			refused("apr.day32", `"2024-04-32T00:00:00.000Z"`, v8Instant).withException("shadowed").
				withNote("With v8date.instant ignored, day 32 is past every month's length, so v8date.calendar refuses it."),
			refused("hour25", `"2024-01-01T25:00:00.000Z"`, v8Instant),
			refused("hour99", `"2024-01-01T99:00:00.000Z"`, v8Instant),
			refused("minute60", `"2024-01-01T23:60:00.000Z"`, v8Instant),
			refused("minute99", `"2024-01-01T00:99:00.000Z"`, v8Instant),
			refused("second60", `"2024-01-01T23:59:60.000Z"`, v8Instant),
			refused("second60.leap", `"2016-12-31T23:59:60.000Z"`, v8Instant),
			refused("second99", `"2024-01-01T00:00:99.000Z"`, v8Instant),
			refused("hour24.ms1", `"2024-01-01T24:00:00.001Z"`, v8Instant),
			refused("hour24.ms999", `"2024-01-01T24:00:00.999Z"`, v8Instant),
			refused("hour24.second1", `"2024-01-01T24:00:01.000Z"`, v8Instant),
			refused("hour24.minute1", `"2024-01-01T24:01:00.000Z"`, v8Instant),
			refused("hour24.last", `"2024-01-01T24:59:59.999Z"`, v8Instant),
			// Date.parse rolls over.
			refused("hour24.zero", `"2024-01-01T24:00:00.000Z"`, v8Calendar).
				withNote("Date.parse gives 2024-01-02T00:00:00.000Z."),
			refused("hour24.zero.year-end", `"2024-12-31T24:00:00.000Z"`, v8Calendar),
			refused("hour24.zero.year-9999", `"9999-12-31T24:00:00.000Z"`, v8Calendar).
				withNote("Date.parse gives +010000-01-01T00:00:00.000Z."),
			refused("hour24.zero.year-0000", `"0000-01-01T24:00:00.000Z"`, v8Calendar),
			refused("feb30", `"2024-02-30T00:00:00.000Z"`, v8Calendar),
			refused("feb31", `"2024-02-31T00:00:00.000Z"`, v8Calendar),
			refused("apr31", `"2024-04-31T00:00:00.000Z"`, v8Calendar).
				withNote("Date.parse gives 2024-05-01T00:00:00.000Z."),
			refused("jun31", `"2024-06-31T00:00:00.000Z"`, v8Calendar),
			refused("sep31", `"2024-09-31T00:00:00.000Z"`, v8Calendar),
			refused("nov31", `"2024-11-31T00:00:00.000Z"`, v8Calendar),
			refused("feb29.1900", `"1900-02-29T00:00:00.000Z"`, v8Calendar).
				withNote("1900 is not a leap year: Date.parse gives 1900-03-01."),
			refused("feb29.2023", `"2023-02-29T00:00:00.000Z"`, v8Calendar),
			refused("feb29.2100", `"2100-02-29T00:00:00.000Z"`, v8Calendar),
			refused("year.0000.feb30", `"0000-02-30T00:00:00.000Z"`, v8Calendar),
			// Shape: V8 would take several of these; the wire does not.
			v8ShapeBad("trailing-lf", `"2024-02-29T12:00:00.000Z\n"`),
			v8ShapeBad("lowercase-t", `"2024-02-29t12:00:00.000Z"`).
				withNote("Date.parse accepts it; the shape does not."),
			v8ShapeBad("lowercase-z", `"2024-02-29T12:00:00.000z"`),
			v8ShapeBad("no-milliseconds", `"2024-02-29T12:00:00Z"`),
			v8ShapeBad("four-digit-milliseconds", `"2024-02-29T12:00:00.0000Z"`),
			v8ShapeBad("extended-year", `"+002024-02-29T12:00:00.000Z"`),
			v8ShapeBad("date-only", `"2024-02-29"`),
			v8ShapeBad("no-z", `"2024-02-29T12:00:00.000"`),
			v8ShapeBad("space-separator", `"2024-02-29 12:00:00.000Z"`),
			v8ShapeBad("empty", `""`),
			v8ShapeBad("fullwidth-digit", "\"\uff12024-02-29T12:00:00.000Z\""),
			v8ShapeBad("leading-space", `" 2024-02-29T12:00:00.000Z"`),
			refused("number", `0`, v8Type).withException("type-guard"),
			refused("null", `null`, v8Type).withException("type-guard"),
			refused("array", `["2024-02-29T12:00:00.000Z"]`, v8Type).withException("type-guard"),
			refused("unterminated", `"2024-02-29T12:00:00.000Z`, v8Input).withException("grammar"),
			refused("bom", "\ufeff\"2024-02-29T12:00:00.000Z\"", v8Input).withException("grammar"),
			refused("trailing-comma", `"2024-02-29T12:00:00.000Z",`, v8Input).withException("grammar"),
			ok("escaped-year-digit", `"\u0032024-01-01T00:00:00.000Z"`, "1704067200000").
				withNote("The value is unescaped before the shape check: \\u0032 is the digit 2 (spec/v8date.md, Rules)."),
		),
	}
}
