package gen

// The JSON value model the structured generators of sealed documents
// build, change and write: strings as UTF-16 units, so that a lone
// surrogate survives until it is written; numbers as their literal, so
// that a spelling survives; members in order, repeats allowed.

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// tv is one JSON value of a generated document: strings as UTF-16 units
// (lone surrogates kept), numbers as their literal, members in order.
type tv struct {
	k     byte // 'o', 'a', 's', 'n', 'l' (true, false, null)
	text  string
	us    []uint16
	keys  [][]uint16
	vals  []*tv
	elems []*tv
}

func tS(s string) *tv    { return &tv{k: 's', us: units(s)} }
func tU(u []uint16) *tv  { return &tv{k: 's', us: append([]uint16(nil), u...)} }
func tN(lit string) *tv  { return &tv{k: 'n', text: lit} }
func tI(n int64) *tv     { return tN(strconv.FormatInt(n, 10)) }
func tL(word string) *tv { return &tv{k: 'l', text: word} }
func tA(e ...*tv) *tv    { return &tv{k: 'a', elems: e} }
func tSs(ss ...string) *tv {
	a := tA()
	for _, s := range ss {
		a.elems = append(a.elems, tS(s))
	}
	return a
}

// tO is an object of the members k, v, ... in order (names string,
// values *tv).
func tO(kv ...any) *tv {
	o := &tv{k: 'o'}
	for i := 0; i+1 < len(kv); i += 2 {
		o.keys = append(o.keys, units(kv[i].(string)))
		o.vals = append(o.vals, kv[i+1].(*tv))
	}
	return o
}

func (v *tv) clone() *tv {
	out := &tv{k: v.k, text: v.text, us: v.us}
	for _, k := range v.keys {
		out.keys = append(out.keys, k)
	}
	for _, x := range v.vals {
		out.vals = append(out.vals, x.clone())
	}
	for _, x := range v.elems {
		out.elems = append(out.elems, x.clone())
	}
	return out
}

func eqUnits(a []uint16, s string) bool {
	if len(a) != len(s) {
		return false
	}
	for i := range a {
		if a[i] != uint16(s[i]) {
			return false
		}
	}
	return true
}

// get returns member name of object v, or nil.
func (v *tv) get(name string) *tv {
	if v == nil || v.k != 'o' {
		return nil
	}
	for i, k := range v.keys {
		if eqUnits(k, name) {
			return v.vals[i]
		}
	}
	return nil
}

// put sets member name, adding it at the end when absent.
func (v *tv) put(name string, x *tv) {
	for i, k := range v.keys {
		if eqUnits(k, name) {
			v.vals[i] = x
			return
		}
	}
	v.keys = append(v.keys, units(name))
	v.vals = append(v.vals, x)
}

// del removes member name.
func (v *tv) del(name string) {
	for i, k := range v.keys {
		if eqUnits(k, name) {
			v.keys = append(v.keys[:i:i], v.keys[i+1:]...)
			v.vals = append(v.vals[:i:i], v.vals[i+1:]...)
			return
		}
	}
}

// str returns a string value's units as a Go string (lone surrogates as
// U+FFFD).
func (v *tv) str() string {
	if v == nil || v.k != 's' {
		return ""
	}
	return string(utf16.Decode(v.us))
}

// write appends v as JSON text: without s, printable ASCII and every
// other scalar value as itself (UTF-8), the rest (controls, the quote, the
// backslash, DEL, a lone surrogate, which thus survives) as \u escapes;
// with s, the escapes Quote draws; members in order.
func (v *tv) write(s *Source, b []byte) []byte {
	quote := func(b []byte, u []uint16) []byte {
		if s != nil {
			return append(b, Quote(s, u)...)
		}
		b = append(b, '"')
		for i := 0; i < len(u); i++ {
			x := u[i]
			switch {
			case x >= 0x20 && x <= 0x7e && x != '"' && x != '\\':
				b = append(b, byte(x))
				continue
			case x >= 0x80 && (x < 0xd800 || x > 0xdfff):
				b = utf8.AppendRune(b, rune(x))
				continue
			case x >= 0xd800 && x <= 0xdbff && i+1 < len(u) && u[i+1] >= 0xdc00 && u[i+1] <= 0xdfff:
				b = utf8.AppendRune(b, utf16.DecodeRune(rune(x), rune(u[i+1])))
				i++
				continue
			}
			b = append(b, `\u`...)
			b = append(b, hex.EncodeToString([]byte{byte(x >> 8), byte(x)})...)
		}
		return append(b, '"')
	}
	return v.appendWith(b, quote)
}

// appendWith appends v as JSON text, members in order, each string (a
// member name included) as quote writes its units.
func (v *tv) appendWith(b []byte, quote func(b []byte, u []uint16) []byte) []byte {
	switch v.k {
	case 'o':
		b = append(b, '{')
		for i := range v.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = quote(b, v.keys[i])
			b = append(b, ':')
			b = v.vals[i].appendWith(b, quote)
		}
		return append(b, '}')
	case 'a':
		b = append(b, '[')
		for i, e := range v.elems {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.appendWith(b, quote)
		}
		return append(b, ']')
	case 's':
		return quote(b, v.us)
	}
	return append(b, v.text...)
}

// tvOfJSON reads one JSON value into the value model: strings as their
// UTF-16 units, a lone surrogate's escape as one unit (jsonUnits), numbers
// as written, members in order; ok is false when text is not one JSON
// value.
func tvOfJSON(text string) (*tv, bool) {
	text = strings.TrimSpace(text)
	if !json.Valid([]byte(text)) {
		return nil, false
	}
	return tvOfValid(text), true
}

// tvOfValid is tvOfJSON for text already known to be one JSON value, its
// members and elements read without validating each again.
func tvOfValid(text string) *tv {
	text = strings.TrimSpace(text)
	if u, ok := jsonUnits(text); ok {
		return tU(u)
	}
	var raw []string
	v := &tv{k: 'o'}
	switch text[0] {
	case '{':
		d, _ := ParseDoc(text)
		for _, m := range d {
			v.keys, raw = append(v.keys, units(m.Name)), append(raw, m.Value)
		}
	case '[':
		var elems []json.RawMessage
		_ = json.Unmarshal([]byte(text), &elems)
		v.k = 'a'
		for _, e := range elems {
			raw = append(raw, string(e))
		}
	case 't', 'f', 'n':
		return tL(text)
	default:
		return tN(text)
	}
	for _, r := range raw {
		x := tvOfValid(r)
		if v.k == 'o' {
			v.vals = append(v.vals, x)
		} else {
			v.elems = append(v.elems, x)
		}
	}
	return v
}

// jsonUnits is the UTF-16 units of lit, a JSON string literal (its quotes
// included), each escape read as written, so that a lone surrogate's stays
// one unit; ok is false for a text that is not one such literal.
func jsonUnits(lit string) (out []uint16, ok bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, false
	}
	body := lit[1 : len(lit)-1]
	for i := 0; i < len(body); {
		switch {
		case body[i] == '"':
			return nil, false
		case body[i] != '\\':
			r, n := utf8.DecodeRuneInString(body[i:])
			out = utf16.AppendRune(out, r)
			i += n
		case strings.HasPrefix(body[i:], `\u`) && i+6 <= len(body):
			x, err := strconv.ParseUint(body[i+2:i+6], 16, 16)
			if err != nil {
				return nil, false
			}
			out = append(out, uint16(x))
			i += 6
		default:
			k := -1
			if i+1 < len(body) {
				k = strings.IndexByte(`"\/bfnrt`, body[i+1])
			}
			if k < 0 {
				return nil, false
			}
			out = append(out, uint16("\"\\/\b\f\n\r\t"[k]))
			i += 2
		}
	}
	return out, true
}
