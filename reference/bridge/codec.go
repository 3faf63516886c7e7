package bridge

import (
	"bytes"
	"fmt"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// decoded is one message as decode keeps it: its type and the fields
// present, in table order. A nil *decoded is an ignored message.
type decoded struct {
	typ    []uint16
	fields []kept
}

type kept struct {
	name  string
	value *jsonvalue.Value
	// phases holds the kept items of a phases field that is an array.
	phases [][]kept
}

// read parses one JSON value input and decodes it as spec/bridge.md,
// "Decoding a message", says. It returns nil, nil for an ignored message.
func read(c *refusal.Checker, in []byte) (*decoded, error) {
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr))
	}
	if v.Kind != jsonvalue.Object {
		if err := c.Refuse(ErrType); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrType}, v.At(jsonvalue.Root))
	}
	return decodeObject(c, &v)
}

// decodeObject applies steps 2 to 5 of "Decoding a message" to the object v.
func decodeObject(c *refusal.Checker, v *jsonvalue.Value) (*decoded, error) {
	t, ok := v.Get("type")
	if !ok || t.Kind != jsonvalue.String {
		if err := c.Refuse(ErrMsgType); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		return nil, nil
	}
	m, known := lookupUnits(t.Units)
	if !known {
		return nil, nil
	}
	d := &decoded{typ: t.Units}
	for _, f := range m.Fields {
		fv, ok := v.Get(f.Name)
		at := jsonvalue.Root.Name(f.Name)
		if !ok {
			if f.Optional {
				continue
			}
			if err := c.Refuse(ErrMissing); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
			continue
		}
		k := kept{name: f.Name, value: fv}
		if f.Kind == Phases {
			items, err := checkPhases(c, fv, at)
			if err != nil {
				return nil, err
			}
			k.phases = items
		} else if err := checkField(c, m.Type, f, fv, at); err != nil {
			return nil, err
		}
		d.fields = append(d.fields, k)
	}
	return d, nil
}

// lookupUnits finds the message type whose name is exactly the units u.
func lookupUnits(u []uint16) (*Message, bool) {
	for i := range Messages {
		if jsonvalue.EqualString(u, Messages[i].Type) {
			return &Messages[i], true
		}
	}
	return nil, false
}

// checkField applies rules 2 to 5 of step 4 to the present field f of the
// message type typ.
func checkField(c *refusal.Checker, typ string, f Field, v *jsonvalue.Value, at jsonvalue.Pointer) error {
	if !hasKind(f.Kind, v) {
		if err := c.Refuse(ErrFieldType); err != nil {
			return refusal.Locate(err, v.At(at))
		}
	}
	if (f.Kind == Integer || f.Kind == Signed) && v.Kind == jsonvalue.Number && !IsInteger(v.Text, f.Kind == Signed) {
		if err := c.Refuse(ErrInteger); err != nil {
			return refusal.Locate(err, v.At(at))
		}
	}
	if f.Vocabulary != nil && v.Kind == jsonvalue.String && !inVocabulary(v.Units, f.Vocabulary) {
		var err error
		if typ == "done" {
			err = c.Refuse(ErrDoneReason)
		} else {
			err = c.Refuse(ErrControlAction)
		}
		if err != nil {
			return refusal.Locate(err, v.At(at))
		}
	}
	return checkSurrogates(c, v, at)
}

// checkPhases checks a phases field: an array of objects, each with n,
// type and agents. It returns the kept fields of each item, or nil when v
// is not an array (ErrFieldType ignored).
func checkPhases(c *refusal.Checker, v *jsonvalue.Value, at jsonvalue.Pointer) ([][]kept, error) {
	if v.Kind != jsonvalue.Array {
		if err := c.Refuse(ErrFieldType); err != nil {
			return nil, refusal.Locate(err, v.At(at))
		}
		return nil, checkSurrogates(c, v, at)
	}
	items := make([][]kept, len(v.Elems))
	for i := range v.Elems {
		item := &v.Elems[i]
		iat := at.Index(i)
		if item.Kind != jsonvalue.Object {
			if err := c.Refuse(ErrFieldType); err != nil {
				return nil, refusal.Locate(err, item.At(iat))
			}
			if err := checkSurrogates(c, item, iat); err != nil {
				return nil, err
			}
			items[i] = []kept{{value: item}}
			continue
		}
		for _, f := range PhaseFields {
			fv, ok := item.Get(f.Name)
			if !ok {
				if err := c.Refuse(ErrMissing); err != nil {
					return nil, refusal.Locate(err, item.At(iat))
				}
				continue
			}
			if err := checkField(c, "workflow_start", f, fv, iat.Name(f.Name)); err != nil {
				return nil, err
			}
			items[i] = append(items[i], kept{name: f.Name, value: fv})
		}
	}
	return items, nil
}

// checkSurrogates applies rule 5 of step 4, the one site of ErrSurrogate:
// any string of v, member names included, holding an unpaired surrogate.
func checkSurrogates(c *refusal.Checker, v *jsonvalue.Value, at jsonvalue.Pointer) error {
	if hasLoneSurrogate(v) {
		if err := c.Refuse(ErrSurrogate); err != nil {
			return refusal.Locate(err, v.At(at))
		}
	}
	return nil
}

// hasKind reports whether v is of kind k (rule 2).
func hasKind(k Kind, v *jsonvalue.Value) bool {
	switch k {
	case String:
		return v.Kind == jsonvalue.String
	case Integer, Signed, Number:
		return v.Kind == jsonvalue.Number
	case Boolean:
		return v.Kind == jsonvalue.True || v.Kind == jsonvalue.False
	case Object:
		return v.Kind == jsonvalue.Object
	}
	return v.Kind == jsonvalue.Array
}

// IsInteger reports whether the JSON number literal text is an integer
// field's value (spec/bridge.md, "Integer"): -?(0|[1-9][0-9]*), no
// fraction or exponent, of magnitude at most MaxInteger, and not negative
// unless signed (-0 is 0, so it is never negative).
func IsInteger(text string, signed bool) bool {
	digits := text
	neg := false
	if len(digits) > 0 && digits[0] == '-' {
		neg = true
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 16 || (digits[0] == '0' && len(digits) > 1) {
		return false
	}
	var n uint64
	for i := 0; i < len(digits); i++ {
		d := digits[i]
		if d < '0' || d > '9' {
			return false
		}
		n = n*10 + uint64(d-'0')
	}
	if n > MaxInteger {
		return false
	}
	return signed || !neg || n == 0
}

func inVocabulary(u []uint16, vocab []string) bool {
	for _, s := range vocab {
		if jsonvalue.EqualString(u, s) {
			return true
		}
	}
	return false
}

// hasLoneSurrogate reports whether any string of v, member names included,
// holds an unpaired surrogate. The recursion is bounded by v's depth.
func hasLoneSurrogate(v *jsonvalue.Value) bool {
	switch v.Kind {
	case jsonvalue.String:
		return lone(v.Units)
	case jsonvalue.Array:
		for i := range v.Elems {
			if hasLoneSurrogate(&v.Elems[i]) {
				return true
			}
		}
	case jsonvalue.Object:
		for i := range v.Members {
			if lone(v.Members[i].Name) || hasLoneSurrogate(&v.Members[i].Value) {
				return true
			}
		}
	}
	return false
}

func lone(u []uint16) bool {
	for i := 0; i < len(u); {
		_, n, l := jsonvalue.At(u, i)
		if l {
			return true
		}
		i += n
	}
	return false
}

// appendMessage appends the canonical form (ascii false) or the wire form
// without its LF (ascii true) of d (spec/bridge.md, "Canonical form and
// wire").
func appendMessage(dst []byte, d *decoded, ascii bool) []byte {
	dst = append(dst, `{"type":`...)
	dst = appendString(dst, d.typ, ascii)
	for _, k := range d.fields {
		dst = append(dst, ',')
		dst = appendString(dst, jsonvalue.FromString(k.name), ascii)
		dst = append(dst, ':')
		if k.phases == nil || k.value.Kind != jsonvalue.Array {
			dst = appendValue(dst, k.value, ascii)
			continue
		}
		dst = append(dst, '[')
		for i, item := range k.phases {
			if i > 0 {
				dst = append(dst, ',')
			}
			if len(item) == 1 && item[0].name == "" { // an item that is not an object, kept
				dst = appendValue(dst, item[0].value, ascii)
				continue
			}
			dst = append(dst, '{')
			for j, f := range item {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = appendString(dst, jsonvalue.FromString(f.name), ascii)
				dst = append(dst, ':')
				dst = appendValue(dst, f.value, ascii)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// appendValue appends v: numbers as their literals, members in document
// order. The recursion is bounded by v's depth.
func appendValue(dst []byte, v *jsonvalue.Value, ascii bool) []byte {
	switch v.Kind {
	case jsonvalue.Null:
		return append(dst, "null"...)
	case jsonvalue.False:
		return append(dst, "false"...)
	case jsonvalue.True:
		return append(dst, "true"...)
	case jsonvalue.Number:
		return append(dst, v.Text...)
	case jsonvalue.String:
		return appendString(dst, v.Units, ascii)
	case jsonvalue.Array:
		dst = append(dst, '[')
		for i := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendValue(dst, &v.Elems[i], ascii)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i := range v.Members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, v.Members[i].Name, ascii)
		dst = append(dst, ':')
		dst = appendValue(dst, &v.Members[i].Value, ascii)
	}
	return append(dst, '}')
}

const hex = "0123456789abcdef"

// appendString appends u as a JSON string: the two-character escapes of
// '"', '\\', U+0008, U+000C, U+000A, U+000D and U+0009, every other unit
// below U+0020 as \u00xx, and then either every unit outside U+0020-U+007E
// as \uxxxx (ascii, the wire) or every other character as UTF-8 (the
// canonical form; a lone surrogate in its 3-byte generalized form). Hex is
// lowercase.
func appendString(dst []byte, u []uint16, ascii bool) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(u); {
		x := u[i]
		switch {
		case x == '"':
			dst = append(dst, '\\', '"')
		case x == '\\':
			dst = append(dst, '\\', '\\')
		case x == '\b':
			dst = append(dst, '\\', 'b')
		case x == '\f':
			dst = append(dst, '\\', 'f')
		case x == '\n':
			dst = append(dst, '\\', 'n')
		case x == '\r':
			dst = append(dst, '\\', 'r')
		case x == '\t':
			dst = append(dst, '\\', 't')
		case x < 0x20 || (ascii && x > 0x7E):
			dst = append(dst, '\\', 'u', hex[x>>12], hex[x>>8&15], hex[x>>4&15], hex[x&15])
		case x < 0x80:
			dst = append(dst, byte(x))
		default:
			_, n, _ := jsonvalue.At(u, i)
			dst = jsonvalue.AppendUTF8(dst, u[i:i+n])
			i += n
			continue
		}
		i++
	}
	return append(dst, '"')
}

// Decode takes one message as a JSON value input and returns its canonical
// form: one JSON object in UTF-8, "type" first and then the fields present
// in table order, unknown fields dropped, numbers as their literals. A
// message of an unknown type is ignored: the output is empty.
//
// It refuses, in this order: ErrInput; ErrType (not an object); ErrMsgType
// ("type" missing or not a string); then for each field of the type in
// table order: ErrMissing (a required field absent), ErrFieldType (the
// wrong JSON kind, null included), ErrInteger (an integer field out of
// range or not an integer literal), ErrDoneReason or ErrControlAction (a
// string outside the field's vocabulary), ErrSurrogate (a string of the
// field holds an unpaired surrogate).
//
// Source: spec/bridge.md, "Decoding a message" and "Canonical form and
// wire"; seed 001, section 1 (the versioning rule, the message tables,
// invariants 3 and 5).
func Decode(in []byte, opts ...refusal.Option) ([]byte, error) {
	d, err := read(refusal.New(opts...), in)
	if err != nil || d == nil {
		return []byte{}, err
	}
	return appendMessage([]byte{}, d, false), nil
}

// Encode takes one message as a JSON value input and returns its wire
// line: the canonical form ASCII-escaped as CPython's ensure_ascii escapes
// it (every unit outside U+0020-U+007E as \uxxxx, lowercase), then LF. A
// message of an unknown type is ignored: the output is empty.
//
// It refuses exactly as Decode does.
//
// Source: spec/bridge.md, "Canonical form and wire"; seed 001, section 1,
// invariant 3 (the wire survives a cp1252 pipe).
func Encode(in []byte, opts ...refusal.Option) ([]byte, error) {
	d, err := read(refusal.New(opts...), in)
	if err != nil || d == nil {
		return []byte{}, err
	}
	return append(appendMessage([]byte{}, d, true), '\n'), nil
}

// RoundTrip takes one message as a JSON value input, encodes it to its wire
// line, decodes that line again and returns the wire line followed by the
// canonical form of the second decoding. A message of an unknown type is
// ignored: the output is empty.
//
// It refuses exactly as Decode does. It panics (an implementation error,
// never a refusal) when the second decoding differs from the first.
//
// Source: spec/bridge.md, "Canonical form and wire"; seed 001, section 1
// (the conformance fixture "asserts its codec round-trips every message").
func RoundTrip(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	d, err := read(c, in)
	if err != nil || d == nil {
		return []byte{}, err
	}
	wire := append(appendMessage([]byte{}, d, true), '\n')
	again, err := read(c, wire)
	if err != nil || again == nil {
		panic(fmt.Sprintf("bridge: the wire line %q does not decode again: %v", wire, err))
	}
	canonical := appendMessage([]byte{}, again, false)
	if first := appendMessage([]byte{}, d, false); !bytes.Equal(first, canonical) {
		panic(fmt.Sprintf("bridge: round trip changed %q into %q", first, canonical))
	}
	return append(wire, canonical...), nil
}
