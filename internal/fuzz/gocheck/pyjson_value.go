package gocheck

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode/utf8"
)

// PyKind is the Python type of a PyValue.
type PyKind int

// The types json.loads returns.
const (
	PyNone PyKind = iota
	PyBool
	PyInt
	PyFloat
	PyStr
	PyList
	PyDict
)

// PyValue is a value as CPython's json.loads returns it
// (spec/pyjson-ascii.md, "Value model"): exact integers, binary64 floats
// (infinities and NaN from their literals, -0.0 kept), strings of code
// points with lone surrogates kept, lists, and dicts keeping the last value
// of a repeated name.
type PyValue struct {
	Kind  PyKind
	Bool  bool
	Int   *big.Int
	Float float64
	Str   []rune
	List  []PyValue
	Dict  map[string]PyValue // keyed by pyKey(name)
}

// Equal reports whether v and w are the same Python value (floats compared
// by their bits, so -0.0 differs from 0.0 and NaN equals NaN).
func (v PyValue) Equal(w PyValue) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case PyBool:
		return v.Bool == w.Bool
	case PyInt:
		return v.Int.Cmp(w.Int) == 0
	case PyFloat:
		return math.Float64bits(v.Float) == math.Float64bits(w.Float) || (math.IsNaN(v.Float) && math.IsNaN(w.Float))
	case PyStr:
		return string(pyKey(v.Str)) == string(pyKey(w.Str))
	case PyList:
		if len(v.List) != len(w.List) {
			return false
		}
		for i := range v.List {
			if !v.List[i].Equal(w.List[i]) {
				return false
			}
		}
		return true
	case PyDict:
		if len(v.Dict) != len(w.Dict) {
			return false
		}
		for k, x := range v.Dict {
			y, ok := w.Dict[k]
			if !ok || !x.Equal(y) {
				return false
			}
		}
		return true
	}
	return true
}

// pyKey encodes code points (lone surrogates included) as a map key.
func pyKey(rs []rune) string {
	b := make([]byte, 0, 3*len(rs))
	for _, r := range rs {
		b = append(b, byte(r>>16), byte(r>>8), byte(r))
	}
	return string(b)
}

// PyLoads parses JSON text as CPython's json.loads does (the grammar of
// spec/pyjson-ascii.md, "Input", rule 4), for text already known to be
// valid UTF-8 without a byte order mark.
func PyLoads(text []byte) (PyValue, error) {
	p := &pyParser{b: text}
	p.ws()
	v, err := p.value()
	if err != nil {
		return v, err
	}
	p.ws()
	if p.i != len(p.b) {
		return v, fmt.Errorf("extra data at %d", p.i)
	}
	return v, nil
}

type pyParser struct {
	b []byte
	i int
}

var errPySyntax = errors.New("invalid JSON")

func (p *pyParser) ws() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *pyParser) lit(s string) bool {
	if len(p.b)-p.i >= len(s) && string(p.b[p.i:p.i+len(s)]) == s {
		p.i += len(s)
		return true
	}
	return false
}

func (p *pyParser) value() (PyValue, error) {
	if p.i >= len(p.b) {
		return PyValue{}, errPySyntax
	}
	switch c := p.b[p.i]; {
	case c == '{':
		return p.dict()
	case c == '[':
		return p.list()
	case c == '"':
		s, err := p.str()
		return PyValue{Kind: PyStr, Str: s}, err
	case p.lit("null"):
		return PyValue{Kind: PyNone}, nil
	case p.lit("true"):
		return PyValue{Kind: PyBool, Bool: true}, nil
	case p.lit("false"):
		return PyValue{Kind: PyBool}, nil
	case p.lit("NaN"):
		return PyValue{Kind: PyFloat, Float: math.NaN()}, nil
	case p.lit("Infinity"):
		return PyValue{Kind: PyFloat, Float: math.Inf(1)}, nil
	case p.lit("-Infinity"):
		return PyValue{Kind: PyFloat, Float: math.Inf(-1)}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return PyValue{}, errPySyntax
}

func (p *pyParser) digits() int {
	n := 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

func (p *pyParser) number() (PyValue, error) {
	start := p.i
	if p.b[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.b) && p.b[p.i] == '0' {
		p.i++
	} else if p.digits() == 0 {
		return PyValue{}, errPySyntax
	}
	isFloat := false
	if p.i+1 < len(p.b) && p.b[p.i] == '.' && p.b[p.i+1] >= '0' && p.b[p.i+1] <= '9' {
		p.i++
		p.digits()
		isFloat = true
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		save := p.i
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			p.i = save
		} else {
			isFloat = true
		}
	}
	text := string(p.b[start:p.i])
	if !isFloat {
		n, ok := new(big.Int).SetString(text, 10)
		if !ok {
			return PyValue{}, errPySyntax
		}
		return PyValue{Kind: PyInt, Int: n}, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return PyValue{}, err
	}
	return PyValue{Kind: PyFloat, Float: f}, nil
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 16)
	return rune(n), err == nil
}

func (p *pyParser) str() ([]rune, error) {
	p.i++ // the opening quote
	var out []rune
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return out, nil
		case c < 0x20:
			return nil, errPySyntax
		case c == '\\':
			if p.i+1 >= len(p.b) {
				return nil, errPySyntax
			}
			e := p.b[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, rune(e))
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := hex4(p.b[p.i:])
				if !ok {
					return nil, errPySyntax
				}
				p.i += 4
				if r >= 0xd800 && r < 0xdc00 && p.i+1 < len(p.b) && p.b[p.i] == '\\' && p.b[p.i+1] == 'u' {
					if lo, ok := hex4(p.b[p.i+2:]); ok && lo >= 0xdc00 && lo <= 0xdfff {
						p.i += 6
						r = 0x10000 + (r-0xd800)<<10 + (lo - 0xdc00)
					}
				}
				out = append(out, r)
			default:
				return nil, errPySyntax
			}
		default:
			r, n := utf8.DecodeRune(p.b[p.i:])
			out = append(out, r)
			p.i += n
		}
	}
	return nil, errPySyntax
}

func (p *pyParser) list() (PyValue, error) {
	p.i++
	v := PyValue{Kind: PyList, List: []PyValue{}}
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.ws()
		e, err := p.value()
		if err != nil {
			return v, err
		}
		v.List = append(v.List, e)
		p.ws()
		if p.i >= len(p.b) {
			return v, errPySyntax
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return v, nil
		default:
			return v, errPySyntax
		}
	}
}

func (p *pyParser) dict() (PyValue, error) {
	p.i++
	v := PyValue{Kind: PyDict, Dict: map[string]PyValue{}}
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return v, nil
	}
	for {
		p.ws()
		if p.i >= len(p.b) || p.b[p.i] != '"' {
			return v, errPySyntax
		}
		k, err := p.str()
		if err != nil {
			return v, err
		}
		p.ws()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return v, errPySyntax
		}
		p.i++
		p.ws()
		e, err := p.value()
		if err != nil {
			return v, err
		}
		v.Dict[pyKey(k)] = e
		p.ws()
		if p.i >= len(p.b) {
			return v, errPySyntax
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return v, nil
		default:
			return v, errPySyntax
		}
	}
}
