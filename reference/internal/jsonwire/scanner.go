// Package jsonwire is the one JSON wire scanner of the Go reference. It
// reads JSON text token by token and reports what it saw: the kind of each
// token and its byte offsets, whether a string holds escapes, where a
// number's parts end, and the first defect of the grammar as a token of kind
// Invalid carrying its offset. Helpers decode a string's escapes to UTF-16
// units or to generalized UTF-8, and name the value the scanner is in as an
// RFC 6901 JSON pointer.
//
// It holds no guard and refuses nothing: it knows no refusal table, no
// depth limit, no duplicate rule, no surrogate or control rule, no number
// range. Each contract (rfc8785/1, pyjson-ascii/1, frame/1 and the JSON value
// reader of the other contracts) asks for the next token, checks its own
// rules on it in its own package, with its own guards, and asks for the next
// token when it goes on, so that each keeps its precedence (the first defect
// met in document order wins) and its "Ignored:" continuations. The scanner
// never looks past the token it returns: what follows a member name (the
// ':') or a number is read by the next call, after the contract's checks on
// the token.
//
// Its input is valid UTF-8 (each contract checks that first, or decodes
// leniently when its UTF-8 guard is ignored); on other bytes it never panics
// but its decoded strings are unspecified.
//
// Source: RFC 8259 sections 2-7 (the grammar); spec/README.md ("JSON
// whitespace", "UTF-8 validity", "JSON value inputs"); the grammar
// departures of spec/pyjson-ascii.md rule 4 (Constants) and spec/frame.md
// rules 8 and 9 (NumberRuns, RawControls).
package jsonwire

// Kind is what a token is.
type Kind uint8

// The kinds of token.
const (
	// Invalid is a defect of the grammar: Token.Start is the offset of the
	// first byte that cannot continue the text (len(input) when the text
	// ends too early). Every later call returns it again.
	Invalid Kind = iota
	// End is the end of the input after one complete value and optional
	// whitespace. Every later call returns it again.
	End
	BeginObject // '{'
	EndObject   // '}'
	BeginArray  // '['
	EndArray    // ']'
	// Name is a string where an object member's name is expected; the ':'
	// after it is read by the next call.
	Name
	String // a string value
	// Number is a number: the longest prefix matching the RFC 8259 number
	// grammar, or with NumberRuns the longest run of 0-9 + - . e E.
	Number
	True        // true
	False       // false
	Null        // null
	NaN         // NaN (Constants only)
	Infinity    // Infinity (Constants only)
	NegInfinity // -Infinity (Constants only)
)

// Grammar selects the departures from RFC 8259 a contract's grammar makes.
// The zero value is RFC 8259 exactly.
type Grammar uint8

// The departures from RFC 8259.
const (
	// Constants accepts the values NaN, Infinity and -Infinity, as CPython's
	// json.loads does (spec/pyjson-ascii.md rule 4).
	Constants Grammar = 1 << iota
	// RawControls lets a string hold raw bytes 0x00-0x1F (spec/frame.md rule
	// 9: a raw control is not a grammar error there, its content rule
	// refuses it).
	RawControls
	// NumberRuns makes a number token the longest run of the bytes
	// 0-9 + - . e E that starts at a '-' or a digit where a value is
	// expected, however it is spelled (spec/frame.md rule 8).
	NumberRuns
)

// Token is one token of the text.
type Token struct {
	// Kind is what the token is.
	Kind Kind
	// Escaped reports, for a Name or String, that its content holds at
	// least one backslash escape, so its decoded content is not its bytes.
	Escaped bool
	// Start and End are the byte offsets of the token's first byte and one
	// past its last; a string's include its quotes. For Invalid, Start is
	// the offset of the defect and End equals it; for End, both are the
	// input's length.
	Start, End int
	// IntEnd and FracEnd split a Number of the RFC 8259 grammar: the sign
	// and integer digits are [Start, IntEnd), the fraction ('.' and its
	// digits) [IntEnd, FracEnd), the exponent ('e' or 'E', its sign and its
	// digits) [FracEnd, End); an absent part is empty. With NumberRuns both
	// are End.
	IntEnd, FracEnd int
}

// Integer reports whether a Number of the RFC 8259 grammar has neither a
// fraction nor an exponent.
func (t Token) Integer() bool { return t.IntEnd == t.End }

// state is what the scanner expects next.
type state uint8

const (
	expectValue      state = iota // a value: the first one, or after ':' or an array's ','
	expectFirstElem               // after '[': a value or ']'
	expectFirstName               // after '{': a name or '}'
	expectColon                   // after a name: ':' and a value
	expectCommaOrEnd              // after a value: ',', the container's end, or the input's end
	stopped                       // End or Invalid was returned
)

// level is one container that is open.
type level struct {
	object bool
	// n counts the array elements begun, or the object names read.
	n int
	// name is the offset of the last name's opening quote (objects).
	name int
}

// Scanner reads one JSON text token by token. The zero value scans an
// empty text; Reset gives it one. A Scanner may be reused: Reset keeps its
// memory.
type Scanner struct {
	in    []byte
	pos   int
	g     Grammar
	state state
	last  Token // the token returned when stopped
	stack []level
}

// Reset makes s scan in from the offset start (such as 3, past a byte order
// mark a contract lets through) with the grammar g. Offsets in tokens are
// offsets into in.
func (s *Scanner) Reset(in []byte, start int, g Grammar) {
	s.in, s.pos, s.g, s.state, s.stack = in, start, g, expectValue, s.stack[:0]
}

// Depth returns the number of containers open: after a BeginObject or
// BeginArray it counts that container, after an EndObject or EndArray no
// longer.
func (s *Scanner) Depth() int { return len(s.stack) }

// isSpace marks the four JSON whitespace bytes (RFC 8259 section 2).
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// SkipSpace returns the offset of the first byte at or after i that is not
// JSON whitespace, or len(in).
func SkipSpace(in []byte, i int) int {
	for i < len(in) && isSpace[in[i]] {
		i++
	}
	return i
}

// Next reads the next token. After End or Invalid it returns that token
// again.
func (s *Scanner) Next() Token {
	in := s.in
	s.pos = SkipSpace(in, s.pos)
	switch s.state {
	case expectValue:
		return s.value()
	case expectFirstElem:
		if s.pos < len(in) && in[s.pos] == ']' {
			return s.close()
		}
		return s.value()
	case expectFirstName:
		if s.pos < len(in) && in[s.pos] == '}' {
			return s.close()
		}
		return s.name()
	case expectColon:
		if s.pos >= len(in) || in[s.pos] != ':' {
			return s.fail(s.pos)
		}
		s.pos = SkipSpace(in, s.pos+1)
		return s.value()
	case expectCommaOrEnd:
		if len(s.stack) == 0 {
			if s.pos != len(in) {
				return s.fail(s.pos)
			}
			s.state, s.last = stopped, Token{Kind: End, Start: s.pos, End: s.pos}
			return s.last
		}
		if s.pos >= len(in) {
			return s.fail(s.pos)
		}
		top := &s.stack[len(s.stack)-1]
		switch c := in[s.pos]; {
		case c == ',':
			s.pos = SkipSpace(in, s.pos+1)
			if top.object {
				return s.name()
			}
			return s.value()
		case top.object && c == '}', !top.object && c == ']':
			return s.close()
		}
		return s.fail(s.pos)
	}
	return s.last
}

// fail stops the scan at the defect at offset i.
func (s *Scanner) fail(i int) Token {
	s.state, s.last = stopped, Token{Kind: Invalid, Start: i, End: i}
	return s.last
}

// close reads the closing bracket at s.pos, which matches the innermost
// open container.
func (s *Scanner) close() Token {
	k := EndArray
	if s.stack[len(s.stack)-1].object {
		k = EndObject
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.pos++
	s.state = expectCommaOrEnd
	return Token{Kind: k, Start: s.pos - 1, End: s.pos}
}

// name reads a member name at s.pos.
func (s *Scanner) name() Token {
	if s.pos >= len(s.in) || s.in[s.pos] != '"' {
		return s.fail(s.pos)
	}
	t := s.str(Name)
	if t.Kind == Name {
		top := &s.stack[len(s.stack)-1]
		top.n++
		top.name = t.Start
		s.state = expectColon
	}
	return t
}

// value reads a value at s.pos.
func (s *Scanner) value() Token {
	in := s.in
	if n := len(s.stack); n > 0 && !s.stack[n-1].object {
		s.stack[n-1].n++
	}
	if s.pos >= len(in) {
		return s.fail(s.pos)
	}
	var t Token
	switch c := in[s.pos]; c {
	case '{', '[':
		s.stack = append(s.stack, level{object: c == '{'})
		s.pos++
		if c == '{' {
			s.state = expectFirstName
			return Token{Kind: BeginObject, Start: s.pos - 1, End: s.pos}
		}
		s.state = expectFirstElem
		return Token{Kind: BeginArray, Start: s.pos - 1, End: s.pos}
	case '"':
		t = s.str(String)
	case 't':
		t = s.literal("true", True)
	case 'f':
		t = s.literal("false", False)
	case 'n':
		t = s.literal("null", Null)
	case 'N', 'I':
		if s.g&Constants == 0 {
			return s.fail(s.pos)
		}
		if c == 'N' {
			t = s.literal("NaN", NaN)
		} else {
			t = s.literal("Infinity", Infinity)
		}
	default:
		if c == '-' && s.g&Constants != 0 && hasPrefix(in[s.pos:], "-Infinity") {
			t = s.literal("-Infinity", NegInfinity)
		} else if s.g&NumberRuns != 0 {
			t = s.run()
		} else {
			t = s.number()
		}
	}
	if t.Kind != Invalid {
		s.state = expectCommaOrEnd
	}
	return t
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

// literal reads the literal lit, of kind k, at s.pos. A mismatch is a
// defect at its first byte that differs (or at the end of the input).
func (s *Scanner) literal(lit string, k Kind) Token {
	rest := s.in[s.pos:]
	if !hasPrefix(rest, lit) {
		i := 0
		for i < len(rest) && i < len(lit) && rest[i] == lit[i] {
			i++
		}
		return s.fail(s.pos + i)
	}
	s.pos += len(lit)
	return Token{Kind: k, Start: s.pos - len(lit), End: s.pos}
}
