package prim

import (
	"strconv"
	"strings"

	"github.com/conform-dev/conform/reference/internal/civil"
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// MaxSafe is 2^53-1, the largest integer prim/1 accepts, as its decimal
// digits (seed 001, section 6, decided encoding rule 7).
const MaxSafe = "9007199254740991"

// MaxString is the most Unicode scalar values a string may hold (decided
// encoding rule 8), and the most characters of display text (review
// decision 3).
const MaxString = 256

// read parses the JSON value input. Its guard, ErrInput, has no accept
// path: ignored, there is still no value, so the refusal stands. The
// refusal is located where the parse stopped.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr))
	}
	return &v, nil
}

// wrongType refuses with ErrType, located at the value v found at the
// pointer p. The type guard has no accept path (spec/README.md, "JSON value
// inputs"): ignored, there is still no value of the expected type, so the
// refusal stands.
func wrongType(c *refusal.Checker, v *jsonvalue.Value, p jsonvalue.Pointer) error {
	if err := c.Refuse(ErrType); err != nil {
		return refusal.Locate(err, v.At(p))
	}
	return refusal.Locate(&refusal.Error{Guard: ErrType}, v.At(p))
}

// Timestamp takes a JSON value input holding a string
// YYYY-MM-DDTHH:MM:SS.mmmZ and returns its instant as epoch milliseconds in
// decimal ASCII, with a '-' before 1970 (0001-01-01T00:00:00.000Z is
// -62135596800000), computed by days-from-civil arithmetic.
//
// It refuses, in this order: ErrInput; ErrType (not a string); ErrTimestampShape
// (not exactly the 24-unit shape, ASCII digits only); ErrTimestampInstant
// (year outside 0001-9999, month outside 01-12, day outside 01 to the
// month's length in the proleptic Gregorian calendar, hour above 23, minute
// or second above 59).
//
// Ignored ErrTimestampInstant: the fields are taken as they are and roll
// over (day 32 of January is February 1, hour 24 the next day, month 13
// January of the next year). Ignored ErrTimestampShape: no accept path; the refusal stands (a string of
// another shape has no fields to read).
//
// Source: spec/prim.md, "timestamp"; seed 001, section 6, decided encoding
// rule 6.
func Timestamp(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.String {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	if !civil.Shape(v.Units) {
		if err := c.Refuse(ErrTimestampShape); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrTimestampShape}, v.At(jsonvalue.Root)) // no accept path
	}
	f, _ := civil.Read(v.Units)
	if f.Year < 1 || f.Month < 1 || f.Month > 12 || f.Day < 1 || f.Day > civil.MonthLength(f.Year, f.Month) ||
		f.Hour > 23 || f.Minute > 59 || f.Second > 59 {
		if err := c.Refuse(ErrTimestampInstant); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		// Ignored: the arithmetic rolls over.
	}
	return strconv.AppendInt(nil, f.EpochMilli(), 10), nil
}

// integer applies the integer rule to a number's literal text and returns
// the integer in canonical decimal ASCII ("-0" is "0"; a '-' is kept only
// when the range guard was ignored). positive excludes 0.
func integer(c *refusal.Checker, text string, positive bool) (string, error) {
	if cut := strings.IndexAny(text, ".eE"); cut >= 0 {
		if err := c.Refuse(ErrInteger); err != nil {
			return "", err
		}
		text = text[:cut] // Ignored: the literal's integer part is used.
	}
	digits, neg := strings.CutPrefix(text, "-")
	if neg || aboveMaxSafe(digits) || (positive && digits == "0") {
		if err := c.Refuse(ErrIntegerRange); err != nil {
			return "", err
		}
		// Ignored: the integer is output as it is.
	}
	if neg && digits != "0" {
		return text, nil
	}
	return digits, nil
}

// aboveMaxSafe compares a digit string without leading zeros with MaxSafe
// exactly, never through a double.
func aboveMaxSafe(digits string) bool {
	if len(digits) != len(MaxSafe) {
		return len(digits) > len(MaxSafe)
	}
	return digits > MaxSafe
}

// Integer takes a JSON value input holding a number and returns the
// integer in decimal ASCII.
//
// It refuses, in this order: ErrInput; ErrType (not a number); ErrInteger
// (the literal has a fraction or an exponent: 1.0, 1e2, 1E0, 0.5);
// ErrIntegerRange (a '-' sign, -0 included, or a value above 2^53-1,
// compared exactly on the digits).
//
// Ignored ErrInteger: the literal's integer part, the digits before its
// '.', 'e' or 'E', is used (1.0 and 1e2 are both 1). Ignored
// ErrIntegerRange: the integer is output as it is (-0 as 0, -5 as -5, 2^53
// as 9007199254740992).
//
// Source: spec/prim.md, "integer and positive-integer"; seed 001, section
// 6, decided encoding rule 7.
func Integer(in []byte, opts ...refusal.Option) ([]byte, error) {
	return integerOp(in, false, opts)
}

// PositiveInteger is Integer with 0 out of range too (ErrIntegerRange): the
// rule of the session_generation and sequence fields, 1 to 2^53-1.
//
// Source: spec/prim.md, "integer and positive-integer"; seed 001, section
// 6, decided encoding rule 7.
func PositiveInteger(in []byte, opts ...refusal.Option) ([]byte, error) {
	return integerOp(in, true, opts)
}

func integerOp(in []byte, positive bool, opts []refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.Number {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	s, err := integer(c, v.Text, positive)
	if err != nil {
		return nil, refusal.Locate(err, v.At(jsonvalue.Root))
	}
	return []byte(s), nil
}

// checkString applies the string rule (decided encoding rule 8) to u: the
// first unit that is a Cc control (ErrStringControl) or an unpaired
// surrogate (ErrStringSurrogate) refuses; then more than MaxString code
// points refuses (ErrStringLength). Each ignored guard lets the scan go on.
func checkString(c *refusal.Checker, u []uint16) error {
	for i := 0; i < len(u); {
		_, n, lone := jsonvalue.At(u, i)
		if jsonvalue.IsControl(u[i]) {
			if err := c.Refuse(ErrStringControl); err != nil {
				return err
			}
		}
		if lone {
			if err := c.Refuse(ErrStringSurrogate); err != nil {
				return err
			}
		}
		i += n
	}
	if jsonvalue.CodePoints(u) > MaxString {
		if err := c.Refuse(ErrStringLength); err != nil {
			return err
		}
	}
	return nil
}

// String takes a JSON value input holding a string and returns its UTF-8
// bytes.
//
// It refuses, in this order: ErrInput; ErrType (not a string); at the first
// offending unit, ErrStringControl (U+0000-U+001F or U+007F-U+009F) or
// ErrStringSurrogate (a high surrogate not followed by a low one, or a low
// one not preceded by a high one); then ErrStringLength (more than 256
// Unicode scalar values; a pair is one, so 256 astral characters pass).
//
// Ignored guards let the scan go on; an ignored ErrStringSurrogate emits a
// lone surrogate as its 3-byte generalized UTF-8 form (and counts it as one
// character).
//
// Source: spec/prim.md, "string"; seed 001, section 6, decided encoding
// rule 8.
func String(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.String {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	if err := checkString(c, v.Units); err != nil {
		return nil, refusal.Locate(err, v.At(jsonvalue.Root))
	}
	return jsonvalue.AppendUTF8([]byte{}, v.Units), nil
}

// SafeDisplay takes a JSON value input holding a string and returns its
// bytes (ASCII) when it is aether.safe-display/1 text: 1 to 256 units, each
// printable ASCII U+0020-U+007E.
//
// It refuses, in this order: ErrInput; ErrType (not a string);
// ErrDisplayChar (the first unit outside U+0020-U+007E: controls, non-ASCII,
// right-to-left overrides, zero-width characters, byte order marks, tag
// characters); ErrDisplayLength (empty, or more than 256 characters).
//
// Ignored ErrDisplayChar: the scan goes on; the length then counts code
// points (a pair one, a lone surrogate one) and the output is the text's
// UTF-8 (lone surrogates in generalized form). Ignored ErrDisplayLength:
// the text is output.
//
// Source: spec/prim.md, "safe-display"; seed 001, section 6, review round 1
// decision 3.
func SafeDisplay(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.String {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	for _, x := range v.Units {
		if x < 0x20 || x > 0x7E {
			if err := c.Refuse(ErrDisplayChar); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
		}
	}
	if n := jsonvalue.CodePoints(v.Units); n < 1 || n > MaxString {
		if err := c.Refuse(ErrDisplayLength); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
	}
	return jsonvalue.AppendUTF8([]byte{}, v.Units), nil
}

// SortedSet takes a JSON value input holding an array of strings and
// returns empty output when every member passes the string rule and the
// members are strictly ascending by code point order (a pair is one code
// point, so "\ue000" < "\ud83d\ude00").
//
// It refuses, in this order: ErrInput; ErrType (not an array, or a member
// that is not a string); then for each member in order, the string rule
// (ErrStringControl, ErrStringSurrogate, ErrStringLength, as String) and,
// from the second member on, ErrSetRepeat (equal to the previous member) or
// ErrSetOrder (below it). An out-of-order array is refused, never
// reordered.
//
// Ignored guards let the walk go on; each member is compared with the one
// just before it.
//
// Source: spec/prim.md, "sorted-set"; seed 001, section 6, decided encoding
// rule 9.
func SortedSet(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.Array {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	for i := range v.Elems {
		if v.Elems[i].Kind != jsonvalue.String {
			return nil, wrongType(c, &v.Elems[i], jsonvalue.Root.Index(i))
		}
	}
	for i := range v.Elems {
		u := v.Elems[i].Units
		if err := checkString(c, u); err != nil {
			return nil, refusal.Locate(err, v.Elems[i].At(jsonvalue.Root.Index(i)))
		}
		if i == 0 {
			continue
		}
		switch jsonvalue.Compare(u, v.Elems[i-1].Units) {
		case 0:
			if err := c.Refuse(ErrSetRepeat); err != nil {
				return nil, refusal.Locate(err, v.Elems[i].At(jsonvalue.Root.Index(i)))
			}
		case -1:
			if err := c.Refuse(ErrSetOrder); err != nil {
				return nil, refusal.Locate(err, v.Elems[i].At(jsonvalue.Root.Index(i)))
			}
		}
	}
	return []byte{}, nil
}

// ToolList takes a JSON value input holding an array of tools, each an
// object with exactly the members "name" (a string) and "version" (a
// number), and returns empty output when every name passes the string
// rule, every version the positive-integer rule, and the tools are strictly
// ascending by (name, version): names by code point order, then versions as
// integers (9 before 10).
//
// It refuses, in this order: ErrInput; ErrType (not such an array,
// checked over the whole array first); then for each tool in order, the
// string rule on name (as String), the positive-integer rule on version
// (ErrInteger, ErrIntegerRange, as PositiveInteger) and, from the second
// tool on, ErrToolsRepeat (equal to the previous pair) or ErrToolsOrder
// (below it).
//
// Ignored guards let the walk go on: a version taken by an ignored
// ErrInteger is its integer part, and one out of range is compared as the
// exact (possibly negative or huge) integer it is.
//
// Source: spec/prim.md, "tool-list"; seed 001, section 6, decided encoding
// rules 7 and 9.
func ToolList(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.Array {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	for i := range v.Elems {
		t := &v.Elems[i]
		if !t.HasExactly("name", "version") {
			return nil, wrongType(c, t, jsonvalue.Root.Index(i))
		}
		name, _ := t.Get("name")
		version, _ := t.Get("version")
		if name.Kind != jsonvalue.String {
			return nil, wrongType(c, name, jsonvalue.Root.Index(i).Name("name"))
		}
		if version.Kind != jsonvalue.Number {
			return nil, wrongType(c, version, jsonvalue.Root.Index(i).Name("version"))
		}
	}
	var prevName []uint16
	var prevVersion string
	for i := range v.Elems {
		name, _ := v.Elems[i].Get("name")
		version, _ := v.Elems[i].Get("version")
		if err := checkString(c, name.Units); err != nil {
			return nil, refusal.Locate(err, name.At(jsonvalue.Root.Index(i).Name("name")))
		}
		ver, err := integer(c, version.Text, true)
		if err != nil {
			return nil, refusal.Locate(err, version.At(jsonvalue.Root.Index(i).Name("version")))
		}
		if i > 0 {
			order := jsonvalue.Compare(name.Units, prevName)
			if order == 0 {
				order = compareIntegers(ver, prevVersion)
			}
			switch order {
			case 0:
				if err := c.Refuse(ErrToolsRepeat); err != nil {
					return nil, refusal.Locate(err, v.Elems[i].At(jsonvalue.Root.Index(i)))
				}
			case -1:
				if err := c.Refuse(ErrToolsOrder); err != nil {
					return nil, refusal.Locate(err, v.Elems[i].At(jsonvalue.Root.Index(i)))
				}
			}
		}
		prevName, prevVersion = name.Units, ver
	}
	return []byte{}, nil
}

// compareIntegers compares two canonical decimal integers (no leading
// zeros, '-' only before a non-zero value) exactly. It returns -1, 0 or +1.
func compareIntegers(a, b string) int {
	da, na := strings.CutPrefix(a, "-")
	db, nb := strings.CutPrefix(b, "-")
	if na != nb {
		if na {
			return -1
		}
		return +1
	}
	r := 0
	switch {
	case len(da) != len(db):
		r = -1
		if len(da) > len(db) {
			r = +1
		}
	case da < db:
		r = -1
	case da > db:
		r = +1
	}
	if na {
		r = -r
	}
	return r
}

// Base64URLValue maps a UTF-16 unit to its value in the base64url
// alphabet A-Z a-z 0-9 - _ (RFC 4648 section 5), 0 to 63, or -1 outside
// it. The other contracts with base64url fields decode them with it too.
func Base64URLValue(x uint16) int {
	switch {
	case x >= 'A' && x <= 'Z':
		return int(x - 'A')
	case x >= 'a' && x <= 'z':
		return int(x-'a') + 26
	case x >= '0' && x <= '9':
		return int(x-'0') + 52
	case x == '-':
		return 62
	case x == '_':
		return 63
	}
	return -1
}

// Base64URL takes a JSON value input holding unpadded base64url text
// (RFC 4648 section 5) of 43 or 86 characters and returns the 32 or 64
// bytes it spells.
//
// It refuses, in this order: ErrInput; ErrType (not a string);
// ErrB64Length (not 43 or 86 units: padded 44 or 88 is refused);
// ErrB64Alphabet (the first unit outside A-Z a-z 0-9 - _: '+', '/', '=',
// whitespace, non-ASCII); ErrB64Canonical (the unused low bits of the last
// character, 2 for 43 characters and 4 for 86, are not zero).
//
// Ignored ErrB64Length: any length is decoded, n characters giving
// floor(6n/8) bytes and leaving 6n mod 8 unused bits (checked by
// ErrB64Canonical). Ignored ErrB64Alphabet: a unit outside the alphabet
// counts as the value 0. Ignored ErrB64Canonical: the unused bits are
// dropped.
//
// Source: spec/prim.md, "base64url"; seed 001, section 6, decided encoding
// rule 10.
func Base64URL(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.String {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	u := v.Units
	if len(u) != 43 && len(u) != 86 {
		if err := c.Refuse(ErrB64Length); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
	}
	vals := make([]byte, len(u))
	for i, x := range u {
		d := Base64URLValue(x)
		if d < 0 {
			if err := c.Refuse(ErrB64Alphabet); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
			d = 0 // Ignored: the unit counts as 0.
		}
		vals[i] = byte(d)
	}
	nbytes := 6 * len(u) / 8
	unused := 6*len(u) - 8*nbytes
	if len(u) > 0 && vals[len(u)-1]&(1<<unused-1) != 0 {
		if err := c.Refuse(ErrB64Canonical); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		// Ignored: the unused bits are dropped below.
	}
	out := make([]byte, 0, nbytes)
	var acc uint
	bits := 0
	for _, d := range vals {
		acc = acc<<6 | uint(d)
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return out, nil
}

// UTF8Length takes a JSON value input holding a string and returns the
// number of bytes of its UTF-8 encoding in decimal ASCII: the unit in which
// the managed tool host's byte bounds count (never Python characters or
// JavaScript UTF-16 units).
//
// It refuses, in this order: ErrInput; ErrType (not a string);
// ErrStringSurrogate (the first lone surrogate: it has no UTF-8 form).
// Ignored: a lone surrogate counts 3 bytes.
//
// Source: spec/prim.md, "utf8-length"; seed 001, section 6, review round 1
// decision 6.
func UTF8Length(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.String {
		return nil, wrongType(c, v, jsonvalue.Root)
	}
	for i := 0; i < len(v.Units); {
		_, n, lone := jsonvalue.At(v.Units, i)
		if lone {
			if err := c.Refuse(ErrStringSurrogate); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
		}
		i += n
	}
	return strconv.AppendInt(nil, int64(jsonvalue.UTF8Len(v.Units)), 10), nil
}
