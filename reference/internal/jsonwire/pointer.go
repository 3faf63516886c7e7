package jsonwire

import (
	"strconv"
	"unicode/utf16"

	"github.com/conform-dev/conform/reference/refusal"
)

// Pointer is an RFC 6901 JSON pointer: "" is the whole value, and each
// reference token, an array index or a member name, follows a '/' with '~'
// written "~0" and '/' written "~1".
type Pointer string

// Index returns p extended by the array index i.
func (p Pointer) Index(i int) Pointer { return Pointer(appendIndex([]byte(p), i)) }

// Name returns p extended by the member name name (UTF-8).
func (p Pointer) Name(name string) Pointer { return Pointer(appendName([]byte(p), name)) }

// NameUnits returns p extended by the member name whose UTF-16 units are
// u. A lone surrogate, which a pointer (a Unicode string) cannot hold,
// becomes U+FFFD.
func (p Pointer) NameUnits(u []uint16) Pointer { return p.Name(string(utf16.Decode(u))) }

func appendIndex(b []byte, i int) []byte { return strconv.AppendInt(append(b, '/'), int64(i), 10) }

func appendName(b []byte, name string) []byte {
	b = append(b, '/')
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, c)
		}
	}
	return b
}

// Pointer returns the RFC 6901 pointer of the value the scanner is at: of
// the token last returned (a container it opened, a member it named, an
// element or member value it read or was reading when it met a defect),
// through the array indexes and member names of the containers open around
// it. After a Name it points at that member.
//
// It decodes the names it holds offsets of, so it costs a walk of the open
// containers: call it where a contract refuses, not on every token.
func (s *Scanner) Pointer() Pointer {
	var b []byte
	var units []uint16
	for _, l := range s.stack {
		switch {
		case l.n == 0:
		case l.object:
			units = AppendUnits(units[:0], Content(s.in, s.stringAt(l.name)))
			b = appendName(b, string(utf16.Decode(units)))
		default:
			b = appendIndex(b, l.n-1)
		}
	}
	return Pointer(b)
}

// stringAt returns the token of the grammatical string whose opening quote
// is at i.
func (s *Scanner) stringAt(i int) Token {
	j := i + 1
	for j < len(s.in) && s.in[j] != '"' {
		if s.in[j] == '\\' {
			j += max(escapeLen(s.in, j), 1)
			continue
		}
		j++
	}
	j = min(j, len(s.in)-1)
	return Token{Kind: String, Start: i, End: j + 1}
}

// Locate returns err located at the byte offset off of the text and at the
// value the scanner is in (Pointer), when err is a *refusal.Error; any
// other error as it is (refusal.Locate). It refuses nothing itself: the
// contract's guard made err.
func (s *Scanner) Locate(err error, off int) error {
	return refusal.Locate(err, refusal.At(off, string(s.Pointer())))
}
