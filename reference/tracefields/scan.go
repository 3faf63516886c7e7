package tracefields

import (
	"unicode/utf16"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"unicode/utf8"

	"github.com/conform-dev/conform/reference/refusal"
)

// A defect is where the scan stopped: truncated (the trace ended) or
// syntax (a byte no document could continue with).
type defect int

const (
	ok defect = iota
	truncated
	syntax
)

// Member is one depth-1 member of a trace: its name as UTF-16 units and
// the byte span [Start, End) of its value.
type Member struct {
	Name       []uint16
	Start, End int
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func ws(t []byte, i int) int {
	for i < len(t) && isWS(t[i]) {
		i++
	}
	return i
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func isHex(b byte) bool { return isDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }

// str reads the RFC 8259 string at t[i] (a quote) and returns the index
// after its closing quote; with units, it also returns its UTF-16 units.
func str(t []byte, i int, units bool) (int, []uint16, defect) {
	var u []uint16
	i++
	for {
		if i >= len(t) {
			return i, nil, truncated
		}
		b := t[i]
		switch {
		case b == '"':
			return i + 1, u, ok
		case b < 0x20:
			return i, nil, syntax
		case b == '\\':
			i++
			if i >= len(t) {
				return i, nil, truncated
			}
			switch t[i] {
			case '"', '\\', '/':
				u = append(u, uint16(t[i]))
			case 'b':
				u = append(u, '\b')
			case 'f':
				u = append(u, '\f')
			case 'n':
				u = append(u, '\n')
			case 'r':
				u = append(u, '\r')
			case 't':
				u = append(u, '\t')
			case 'u':
				var x uint16
				for k := 1; k <= 4; k++ {
					if i+k >= len(t) {
						return i + k, nil, truncated
					}
					h := t[i+k]
					if !isHex(h) {
						return i + k, nil, syntax
					}
					x = x<<4 | uint16(hexVal(h))
				}
				u = append(u, x)
				i += 4
			default:
				return i, nil, syntax
			}
			i++
		case b < 0x80:
			u = append(u, uint16(b))
			i++
		default:
			r, n := utf8.DecodeRune(t[i:]) // valid: step 1 checked the trace
			if units {
				u = utf16.AppendRune(u, r)
			}
			i += n
		}
	}
}

func hexVal(h byte) byte {
	switch {
	case isDigit(h):
		return h - '0'
	case h >= 'a':
		return h - 'a' + 10
	}
	return h - 'A' + 10
}

// number reads the RFC 8259 number at t[i].
func number(t []byte, i int) (int, defect) {
	if t[i] == '-' {
		i++
		if i >= len(t) {
			return i, truncated
		}
	}
	switch {
	case t[i] == '0':
		i++
	case isDigit(t[i]):
		for i < len(t) && isDigit(t[i]) {
			i++
		}
	default:
		return i, syntax
	}
	if i < len(t) && t[i] == '.' {
		if i++; i >= len(t) {
			return i, truncated
		}
		if !isDigit(t[i]) {
			return i, syntax
		}
		for i < len(t) && isDigit(t[i]) {
			i++
		}
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		if i++; i >= len(t) {
			return i, truncated
		}
		if t[i] == '+' || t[i] == '-' {
			if i++; i >= len(t) {
				return i, truncated
			}
		}
		if !isDigit(t[i]) {
			return i, syntax
		}
		for i < len(t) && isDigit(t[i]) {
			i++
		}
	}
	return i, ok
}

// literal reads true, false or null at t[i].
func literal(t []byte, i int) (int, defect) {
	var word string
	switch t[i] {
	case 't':
		word = "true"
	case 'f':
		word = "false"
	default:
		word = "null"
	}
	for k := 0; k < len(word); k++ {
		if i+k >= len(t) {
			return i + k, truncated
		}
		if t[i+k] != word[k] {
			return i + k, syntax
		}
	}
	return i + len(word), ok
}

// skip skips the container opening at t[i]: nesting counted over both
// bracket kinds, strings tracked, nothing else checked (depth-1 only).
func skip(t []byte, i int) (int, defect) {
	depth, inString := 0, false
	for i < len(t) {
		b := t[i]
		switch {
		case inString && b == '\\':
			i += 2
			continue
		case inString:
			inString = b != '"'
		case b == '"':
			inString = true
		case b == '{' || b == '[':
			depth++
		case b == '}' || b == ']':
			if depth--; depth == 0 {
				return i + 1, ok
			}
		}
		i++
	}
	return len(t), truncated
}

// value reads the depth-1 value at t[i] (i < len(t)).
func value(t []byte, i int) (int, defect) {
	switch b := t[i]; {
	case b == '"':
		end, _, d := str(t, i, false)
		return end, d
	case b == '{' || b == '[':
		return skip(t, i)
	case b == '-' || isDigit(b):
		return number(t, i)
	case b == 't' || b == 'f' || b == 'n':
		return literal(t, i)
	}
	return i, syntax
}

// stop refuses a defect of the scan: ErrTruncated for the end of the
// trace, else ErrSyntax; neither has an accept path.
func stop(c *refusal.Checker, d defect) error {
	if d == truncated {
		if err := c.Refuse(ErrTruncated); err != nil {
			return err
		}
		return &refusal.Error{Guard: ErrTruncated}
	}
	if err := c.Refuse(ErrSyntax); err != nil {
		return err
	}
	return &refusal.Error{Guard: ErrSyntax}
}

// scan reads the trace t (valid UTF-8) as a depth-1 object
// (spec/trace-fields.md, "The reader", steps 2 to 4) and returns its
// members in document order, a duplicate (with ErrDuplicate ignored)
// replacing the earlier member in place. It refuses ErrNotObject,
// ErrTruncated, ErrSyntax or ErrDuplicate, whichever the scan meets first.
func scan(c *refusal.Checker, t []byte) ([]Member, error) {
	fail := func(d defect) ([]Member, error) { return nil, stop(c, d) }
	i := ws(t, 0)
	if i == len(t) {
		return fail(truncated)
	}
	if t[i] != '{' {
		if err := c.Refuse(ErrNotObject); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrNotObject}
	}
	var members []Member
	i = ws(t, i+1)
	if i == len(t) {
		return fail(truncated)
	}
	if t[i] == '}' {
		i++
	} else {
		for {
			if t[i] != '"' {
				return fail(syntax)
			}
			end, name, d := str(t, i, true)
			if d != ok {
				return fail(d)
			}
			at := -1
			for k := range members {
				if jsonvalue.Equal(members[k].Name, name) {
					at = k
				}
			}
			if at >= 0 {
				if err := c.Refuse(ErrDuplicate); err != nil {
					return nil, err
				}
			}
			if i = ws(t, end); i == len(t) {
				return fail(truncated)
			}
			if t[i] != ':' {
				return fail(syntax)
			}
			if i = ws(t, i+1); i == len(t) {
				return fail(truncated)
			}
			start := i
			if i, d = value(t, i); d != ok {
				return fail(d)
			}
			m := Member{Name: name, Start: start, End: i}
			if at >= 0 {
				members[at] = m
			} else {
				members = append(members, m)
			}
			if i = ws(t, i); i == len(t) {
				return fail(truncated)
			}
			if t[i] == '}' {
				i++
				break
			}
			if t[i] != ',' {
				return fail(syntax)
			}
			if i = ws(t, i+1); i == len(t) {
				return fail(truncated)
			}
		}
	}
	if ws(t, i) != len(t) {
		return fail(syntax)
	}
	return members, nil
}

// full reports whether t[i:] starts with one complete RFC 8259 value
// nested at most depth deep, returning its end (spec/trace-fields.md,
// "The reader", step 5).
func full(t []byte, i, depth int) (int, bool) {
	if i >= len(t) {
		return i, false
	}
	switch t[i] {
	case '{', '[':
		if depth > MaxValueDepth {
			return i, false
		}
		closer, object := byte(']'), t[i] == '{'
		if object {
			closer = '}'
		}
		i = ws(t, i+1)
		if i < len(t) && t[i] == closer {
			return i + 1, true
		}
		for {
			if object {
				if i >= len(t) || t[i] != '"' {
					return i, false
				}
				end, _, d := str(t, i, false)
				if d != ok {
					return i, false
				}
				if i = ws(t, end); i >= len(t) || t[i] != ':' {
					return i, false
				}
				i = ws(t, i+1)
			}
			end, good := full(t, i, depth+1)
			if !good {
				return i, false
			}
			if i = ws(t, end); i >= len(t) {
				return i, false
			}
			if t[i] == closer {
				return i + 1, true
			}
			if t[i] != ',' {
				return i, false
			}
			i = ws(t, i+1)
		}
	}
	end, d := value(t, i)
	return end, d == ok
}
