package jsonwire

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// stopString marks the bytes that end the fast scan of a string: the quote,
// the backslash and the controls RFC 8259 forbids raw.
var stopString = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// scanPlain returns the offset of the first byte at or after i that ends
// the fast scan of a string (stopString), or len(in). It tests eight bytes
// at a time: a word holds a stop byte when it has a byte below 0x20, a quote
// or a backslash.
func scanPlain(in []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(in); i += 8 {
		x := binary.LittleEndian.Uint64(in[i:])
		below := (x - ones*0x20) &^ x
		quote := x ^ (ones * '"')
		quote = (quote - ones) &^ quote
		slash := x ^ (ones * '\\')
		slash = (slash - ones) &^ slash
		if (below|quote|slash)&highs != 0 {
			break
		}
	}
	for i < len(in) && !stopString[in[i]] {
		i++
	}
	return i
}

// str reads the string, of kind k (Name or String), whose opening quote is
// at s.pos, to its closing quote; a Name is recorded in its object's level
// (for Pointer) and a ':' expected after it. A defect is an unterminated string (at
// the input's end), an escape other than \" \\ \/ \b \f \n \r \t \uXXXX (at
// its backslash), or a raw byte 0x00-0x1F without RawControls (at it).
func (s *Scanner) str(k Kind) Token {
	in := s.in
	start := s.pos
	var flags Flags
	// Most strings are short: a byte loop first, the word scan when it is
	// not enough.
	i, short := start+1, min(len(in), start+17)
	for i < short && !stopString[in[i]] {
		i++
	}
	if i == short {
		i = scanPlain(in, i)
	}
	for {
		if i >= len(in) {
			return s.fail(i)
		}
		switch c := in[i]; {
		case c == '"':
			s.pos = i + 1
			if k == Name {
				top := &s.stack[len(s.stack)-1]
				top.n++
				top.name = start
				s.state = expectColon
			}
			return Token{Kind: k, Flags: flags, Start: start, End: i + 1}
		case c == '\\':
			n := escapeLen(in, i)
			if n == 0 {
				return s.fail(i)
			}
			flags |= Escaped
			i += n
		default: // a raw control
			if s.g&RawControls == 0 {
				return s.fail(i)
			}
			flags |= RawControl
			i++
		}
		i = scanPlain(in, i)
	}
}

// escapeLen returns the length of the escape whose backslash is at in[i]:
// 6 for \uXXXX (hex digits of either case), 2 for the other RFC 8259
// escapes, 0 when it is none of them.
func escapeLen(in []byte, i int) int {
	if i+1 >= len(in) {
		return 0
	}
	switch in[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if _, ok := Hex4(in, i+2); ok {
			return 6
		}
	}
	return 0
}

// Hex4 decodes the four hex digits (either case) at in[i:i+4] into one
// UTF-16 unit (as a rune, 0-0xFFFF). ok is false when there are fewer than
// four bytes or one is not a hex digit.
func Hex4(in []byte, i int) (unit rune, ok bool) {
	if i < 0 || i+4 > len(in) {
		return 0, false
	}
	for _, c := range in[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		unit = unit<<4 | rune(c)
	}
	return unit, true
}

// Content returns the content of a Name or String token of in: the bytes
// between its quotes, escapes not decoded.
func Content(in []byte, t Token) []byte { return in[t.Start+1 : t.End-1 : t.End-1] }

// unescape decodes the escape whose backslash is at s[i], in grammatical
// string content, to its one UTF-16 unit, and returns it with the escape's
// length in bytes.
func unescape(s []byte, i int) (unit rune, n int) {
	switch c := s[i+1]; c {
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		unit, _ = Hex4(s, i+2)
		return unit, 6
	default: // '"', '\\', '/'
		return rune(c), 2
	}
}

// IsSurrogate reports whether r is a UTF-16 surrogate, U+D800-U+DFFF.
func IsSurrogate(r rune) bool { return r >= 0xD800 && r <= 0xDFFF }

// AppendUnquoted appends the content of a Name or String token (Content,
// which Next has checked), unescaped, to dst as generalized UTF-8: valid
// UTF-8, except that a surrogate unit that is not half of a pair is written
// in its 3-byte form (U+D800 is ED A0 80). A \uD800-\uDBFF escape
// immediately followed by a \uDC00-\uDFFF escape is one astral code point;
// raw UTF-8 is copied as it is. Generalized UTF-8 is one-to-one with the
// content's UTF-16 units, and its byte order is their code point order.
//
// It returns the extended dst, and lone: whether a surrogate unit was not
// half of a pair.
//
// Source: RFC 8259 section 7, which writes a character outside the Basic
// Multilingual Plane as the escapes of its UTF-16 surrogate pair.
func AppendUnquoted(dst, content []byte) (out []byte, lone bool) {
	for i := 0; i < len(content); {
		// A byte loop, not bytes.IndexByte: the runs between escapes are
		// short, and the call cost more than the loop.
		j := i
		for j < len(content) && content[j] != '\\' {
			j++
		}
		dst = append(dst, content[i:j]...)
		if j == len(content) {
			break
		}
		var r rune
		r, i = decodeEscape(content, j)
		lone = lone || IsSurrogate(r)
		dst = AppendGeneralized(dst, r)
	}
	return dst, lone
}

// decodeEscape decodes the escape whose backslash is at content[i], with
// the one after it when the two are an escaped high-low surrogate pair, and
// returns the code point (or the lone surrogate unit) and the offset after
// what it read.
func decodeEscape(content []byte, i int) (r rune, next int) {
	r, n := unescape(content, i)
	i += n
	if r >= 0xD800 && r <= 0xDBFF && i+1 < len(content) && content[i] == '\\' && content[i+1] == 'u' {
		if r2, _ := Hex4(content, i+2); r2 >= 0xDC00 && r2 <= 0xDFFF {
			return 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00), i + 6
		}
	}
	return r, i
}

// LoneSurrogate returns the offset, in the content of a Name or String
// token, of the first escape of a surrogate that is not half of an escaped
// high-low pair (the one AppendUnquoted reports as lone), or -1.
func LoneSurrogate(content []byte) int {
	for i := 0; i < len(content); {
		j := bytes.IndexByte(content[i:], '\\')
		if j < 0 {
			return -1
		}
		r, next := decodeEscape(content, i+j)
		if IsSurrogate(r) {
			return i + j
		}
		i = next
	}
	return -1
}

// AppendUnits appends the UTF-16 code units of the content of a Name or
// String token (Content, which Next has checked): each escape is its one
// unit, each raw character one unit or, above U+FFFF, two. A lone surrogate
// escape is kept as its unit.
//
// Source: spec/README.md, "JSON value inputs" (strings are sequences of
// UTF-16 code units after unescaping, lone surrogates kept).
func AppendUnits(dst []uint16, content []byte) []uint16 {
	for i := 0; i < len(content); {
		c := content[i]
		switch {
		case c == '\\':
			r, n := unescape(content, i)
			dst = append(dst, uint16(r))
			i += n
		case c < utf8.RuneSelf:
			dst = append(dst, uint16(c))
			i++
		default:
			r, n := utf8.DecodeRune(content[i:])
			dst = AppendUTF16(dst, r)
			i += n
		}
	}
	return dst
}

// UnitOffset returns the offset, in the content of a Name or String token,
// of the escape or raw character that holds the UTF-16 unit of index k
// (AppendUnits' numbering; both units of a raw astral character are at its
// first byte), or len(content) when there are k units or fewer.
func UnitOffset(content []byte, k int) int {
	for i := 0; i < len(content); {
		c := content[i]
		n, units := 1, 1
		switch {
		case c == '\\':
			_, n = unescape(content, i)
		case c >= utf8.RuneSelf:
			var r rune
			r, n = utf8.DecodeRune(content[i:])
			if r >= 0x10000 {
				units = 2
			}
		}
		if k < units {
			return i
		}
		k -= units
		i += n
	}
	return len(content)
}

// AppendUTF16 appends the UTF-16 units of the code point r: two (a pair)
// above U+FFFF, else one.
func AppendUTF16(dst []uint16, r rune) []uint16 {
	if r >= 0x10000 {
		r -= 0x10000
		return append(dst, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
	}
	return append(dst, uint16(r))
}

// AppendGeneralized appends the code point r (0 to U+10FFFF) in generalized
// UTF-8: its UTF-8, or for a surrogate U+D800-U+DFFF, which UTF-8 excludes,
// the 3-byte form the UTF-8 pattern gives it (U+D800 is ED A0 80), as the
// contracts' "Ignored:" notes write a lone surrogate.
func AppendGeneralized(dst []byte, r rune) []byte {
	if IsSurrogate(r) {
		return append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
	return utf8.AppendRune(dst, r)
}

// DecodeGeneralized decodes the code point at the start of s, which is
// well-formed generalized UTF-8 (AppendUnquoted's output), and returns it
// with its length in bytes. It does not check its input: a truncated
// sequence decodes as its first byte.
func DecodeGeneralized(s []byte) (rune, int) {
	c := s[0]
	switch {
	case c < 0x80:
		return rune(c), 1
	case c < 0xE0 && len(s) >= 2:
		return rune(c&0x1F)<<6 | rune(s[1]&0x3F), 2
	case c < 0xF0 && len(s) >= 3:
		return rune(c&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	case len(s) >= 4:
		return rune(c&0x07)<<18 | rune(s[1]&0x3F)<<12 | rune(s[2]&0x3F)<<6 | rune(s[3]&0x3F), 4
	}
	return rune(c), 1
}
