package pyjson

import (
	"github.com/conform-dev/conform/reference/internal/jsontree"
	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// format writes the values of a parsed tree as json.dumps does with
// separators=(",", ":") (jsontree.Emit walks the containers).
var format = jsontree.Format[[]byte, value]{
	Value: appendValue,
	Name:  appendString,
}

// appendValue appends the json.dumps text of v when it is not a container,
// or says where its items are.
func appendValue(out []byte, v value) ([]byte, jsontree.Span) {
	if v.kind == kindArray || v.kind == kindObject {
		return out, jsontree.Span{Container: true, Object: v.kind == kindObject, Lo: v.lo, Hi: v.hi}
	}
	return appendScalar(out, v), jsontree.Span{}
}

// appendScalar appends the json.dumps text of a value that is not a
// container: a string escaped as ensure_ascii does, any other its text.
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
