// Package jsonwire is the one JSON wire scanner of the Go reference. It
// reads JSON text token by token and reports what it saw: the kind of each
// token and its byte offsets, whether a string holds escapes and whether a
// number has a fraction or an exponent (Flags), and the first defect of the
// grammar as a token of kind Invalid carrying its offset. Helpers split a
// number into its parts and classify its spelling (Split, Plain), decode a
// string's escapes to UTF-16 units or to generalized UTF-8, and name the
// value the scanner is in as an RFC 6901 JSON pointer. The writers' shared
// pieces (the short and \u escapes, the shortest round-trip digits) are in
// encode.go.
//
// It holds no guard and refuses nothing: it knows no refusal table, no
// depth limit, no duplicate rule, no surrogate or control rule, no number
// range. Each contract that reads JSON text (and the JSON value reader of
// the contracts whose input is one JSON value) asks for the next token, checks its own
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
// departures some contracts' specs make, which Grammar names (each contract
// package says which it takes, and why). This package names no contract:
// it is shared by all of them (spec/README.md, "The catalogue").
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
	// json.loads does.
	Constants Grammar = 1 << iota
	// RawControls lets a string hold raw bytes 0x00-0x1F: a raw control is
	// then not a grammar error, for a contract whose content rule refuses
	// it with its own message.
	RawControls
	// NumberRuns makes a number token the longest run of the bytes
	// 0-9 + - . e E that starts at a '-' or a digit where a value is
	// expected, however it is spelled, for a contract that refuses a
	// misspelled number with its own message.
	NumberRuns
)

// Token is one token of the text. It has four fields so that the compiler
// keeps it in registers: a larger struct is copied through memory on every
// return, which cost more than scanning a short token.
type Token struct {
	// Kind is what the token is.
	Kind Kind
	// Flags says what the scanner saw inside a Name, String or Number.
	Flags Flags
	// Start and End are the byte offsets of the token's first byte and one
	// past its last; a string's include its quotes. For Invalid, Start is
	// the offset of the defect and End equals it; for End, both are the
	// input's length.
	Start, End int
}

// Flags say what the scanner saw inside a token.
type Flags uint8

// The flags of a token.
const (
	// Escaped: a Name or String holds at least one backslash escape, so its
	// decoded content is not its bytes.
	Escaped Flags = 1 << iota
	// Fraction: a Number (RFC 8259 grammar) has a '.' and digits.
	Fraction
	// Exponent: a Number (RFC 8259 grammar) has an 'e' or 'E' part.
	Exponent
	// RawControl: a Name or String holds a raw byte 0x00-0x1F (only with
	// RawControls; without it that is a defect).
	RawControl
)

// Has reports whether t has every flag of f.
func (t Token) Has(f Flags) bool { return t.Flags&f == f }

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
// again. A member name, the first byte of a value and its kind are read
// here rather than in functions of their own: a call less per token is a
// tenth of the scan. (Every reader returns its token directly: a Token kept
// in a variable and returned later is copied through memory.)
func (s *Scanner) Next() Token {
	in := s.in
	s.pos = SkipSpace(in, s.pos)
	switch s.state {
	case expectValue:
	case expectFirstElem:
		if s.pos < len(in) && in[s.pos] == ']' {
			return s.close()
		}
	case expectFirstName:
		if s.pos < len(in) && in[s.pos] == '}' {
			return s.close()
		}
		if s.pos >= len(in) || in[s.pos] != '"' {
			return s.fail(s.pos)
		}
		return s.str(Name)
	case expectColon:
		if s.pos >= len(in) || in[s.pos] != ':' {
			return s.fail(s.pos)
		}
		s.pos = SkipSpace(in, s.pos+1)
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
				if s.pos >= len(in) || in[s.pos] != '"' {
					return s.fail(s.pos)
				}
				return s.str(Name)
			}
		case top.object && c == '}', !top.object && c == ']':
			return s.close()
		default:
			return s.fail(s.pos)
		}
	default:
		return s.last
	}
	// A value at s.pos. The state after a scalar is set first: a reader
	// that meets a defect stops the scan instead.
	if n := len(s.stack); n > 0 && !s.stack[n-1].object {
		s.stack[n-1].n++
	}
	if s.pos >= len(in) {
		return s.fail(s.pos)
	}
	s.state = expectCommaOrEnd
	switch valueStart[in[s.pos]] {
	case startObject:
		s.stack = append(s.stack, level{object: true})
		s.pos++
		s.state = expectFirstName
		return Token{Kind: BeginObject, Start: s.pos - 1, End: s.pos}
	case startArray:
		s.stack = append(s.stack, level{})
		s.pos++
		s.state = expectFirstElem
		return Token{Kind: BeginArray, Start: s.pos - 1, End: s.pos}
	case startString:
		return s.str(String)
	case startTrue:
		return s.literal("true", True)
	case startFalse:
		return s.literal("false", False)
	case startNull:
		return s.literal("null", Null)
	case startNaN:
		if s.g&Constants != 0 {
			return s.literal("NaN", NaN)
		}
	case startInfinity:
		if s.g&Constants != 0 {
			return s.literal("Infinity", Infinity)
		}
	case startMinus:
		if s.g&Constants != 0 && hasPrefix(in[s.pos:], "-Infinity") {
			return s.literal("-Infinity", NegInfinity)
		}
	}
	if s.g&NumberRuns != 0 {
		return s.run()
	}
	return s.number()
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

// The classes of the first byte of a value; every other byte starts a
// number or nothing.
const (
	startOther uint8 = iota
	startObject
	startArray
	startString
	startTrue
	startFalse
	startNull
	startNaN
	startInfinity
	startMinus
)

// valueStart classifies the first byte of a value.
var valueStart = func() (t [256]uint8) {
	t['{'], t['['], t['"'] = startObject, startArray, startString
	t['t'], t['f'], t['n'] = startTrue, startFalse, startNull
	t['N'], t['I'], t['-'] = startNaN, startInfinity, startMinus
	return t
}()

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
