package pyjson

import "conform/reference/internal/jsonwire"

// emit appends the json.dumps text of v to out, walking containers with an
// explicit stack.
func (p *parser) emit(out []byte, v value) []byte {
	if v.kind != kindArray && v.kind != kindObject {
		return appendScalar(out, v)
	}
	type level struct {
		object    bool
		lo, i, hi int
	}
	var st []level
	push := func(out []byte, v value) []byte {
		if v.kind == kindArray {
			out = append(out, '[')
		} else {
			out = append(out, '{')
		}
		st = append(st, level{object: v.kind == kindObject, lo: v.lo, i: v.lo, hi: v.hi})
		return out
	}
	out = push(out, v)
	for len(st) > 0 {
		top := &st[len(st)-1]
		if top.i == top.hi {
			if top.object {
				out = append(out, '}')
			} else {
				out = append(out, ']')
			}
			st = st[:len(st)-1]
			continue
		}
		if top.i > top.lo {
			out = append(out, ',')
		}
		var next value
		if top.object {
			m := &p.membs[top.i]
			out = appendString(out, m.name)
			out = append(out, ':')
			next = m.val
		} else {
			next = p.elems[top.i]
		}
		top.i++
		if next.kind == kindArray || next.kind == kindObject {
			out = push(out, next)
		} else {
			out = appendScalar(out, next)
		}
	}
	return out
}

func appendScalar(out []byte, v value) []byte {
	if v.kind == kindString {
		return appendString(out, v.text)
	}
	return append(out, v.text...)
}

// needsEscape marks the bytes ensure_ascii escapes: the quote, the backslash
// and everything outside U+0020-U+007E (a non-ASCII byte starts or continues
// a character that is escaped whole).
var needsEscape = func() (t [256]bool) {
	for i := range t {
		t[i] = i < 0x20 || i >= 0x7F
	}
	t['"'], t['\\'] = true, true
	return t
}()

// appendString appends the decoded content s (generalized UTF-8) as
// py_encode_basestring_ascii does.
func appendString(out, s []byte) []byte {
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if !needsEscape[c] {
			i++
			continue
		}
		out = append(out, s[start:i]...)
		var short bool
		if out, short = jsonwire.AppendShortEscape(out, c); short {
			i++
			start = i
			continue
		}
		r, n := jsonwire.DecodeGeneralized(s[i:])
		if r >= 0x10000 {
			r -= 0x10000
			out = jsonwire.AppendUnitEscape(out, 0xD800+r>>10)
			out = jsonwire.AppendUnitEscape(out, 0xDC00+r&0x3FF)
		} else {
			out = jsonwire.AppendUnitEscape(out, r)
		}
		i += n
		start = i
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}
