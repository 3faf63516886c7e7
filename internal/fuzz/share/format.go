// Package share moves fuzz corpora between machines, CI runs and fuzzing
// engines: Go's corpus file format ("go test fuzz v1"), libFuzzer's
// directory of raw inputs as the targets built by go-118-fuzz-build read
// them, and a content-addressed tar.gz archive with a manifest of targets
// that can be exported, imported and merged without ever overwriting a
// file.
package share

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// GoHeader is the first line of a Go fuzz corpus file.
const GoHeader = "go test fuzz v1"

// EncodeGo returns the Go corpus file holding one []byte value, exactly as
// Go's fuzzing engine writes it.
func EncodeGo(data []byte) []byte {
	return []byte(GoHeader + "\n[]byte(" + strconv.Quote(string(data)) + ")\n")
}

// ErrNotBytes is returned for a Go corpus file that is well formed but does
// not hold exactly one []byte value (a target with other arguments).
var ErrNotBytes = errors.New("not a single []byte value")

// DecodeGo parses a Go corpus file that holds exactly one []byte value and
// returns the value. A file of another shape is ErrNotBytes (when its
// header is right) or a format error.
func DecodeGo(file []byte) ([]byte, error) {
	lines, err := GoLines(file)
	if err != nil {
		return nil, err
	}
	if len(lines) != 1 {
		return nil, fmt.Errorf("%w: %d values", ErrNotBytes, len(lines))
	}
	lit, ok := strings.CutPrefix(lines[0], "[]byte(")
	if !ok || !strings.HasSuffix(lit, ")") {
		return nil, fmt.Errorf("%w: %.40q", ErrNotBytes, lines[0])
	}
	s, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
	if err != nil {
		return nil, fmt.Errorf("bad []byte literal %.40q: %v", lines[0], err)
	}
	return []byte(s), nil
}

// GoLines checks a Go corpus file, its header and every value line, and
// returns its value lines. A value line must be what Go's fuzzing engine
// reads (internal/fuzz, "parseCorpusValue"): T(literal) for T one of
// []byte, string, bool, byte, rune, the int and uint types, float32 and
// float64, with a literal of that kind (a quoted string, an integer or
// rune, possibly negative, a float or math.Float64frombits(n) /
// math.Float32frombits(n), true or false). A file whose header is right
// and whose body is not is refused, naming the line.
func GoLines(file []byte) ([]string, error) {
	text := string(file)
	head, rest, _ := strings.Cut(text, "\n")
	if head != GoHeader {
		return nil, fmt.Errorf("not a Go fuzz corpus file (first line %.40q, want %q)", head, GoHeader)
	}
	var lines []string
	for i, l := range strings.Split(rest, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if err := checkValue(l); err != nil {
				return nil, fmt.Errorf("line %d: %v: %.60q", i+2, err, l)
			}
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil, errors.New("a Go fuzz corpus file with no value")
	}
	return lines, nil
}

// checkValue checks one value line of a Go corpus file (GoLines).
func checkValue(line string) error {
	x, err := parser.ParseExpr(line)
	if err != nil {
		return errors.New("not a Go expression")
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis != token.NoPos {
		return errors.New("not T(literal)")
	}
	typ := ""
	switch f := call.Fun.(type) {
	case *ast.Ident:
		typ = f.Name
	case *ast.ArrayType:
		if el, ok := f.Elt.(*ast.Ident); ok && f.Len == nil && el.Name == "byte" {
			typ = "[]byte"
		}
	}
	arg := call.Args[0]
	lit := func(kinds ...token.Token) (string, bool) {
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.SUB {
			arg = u.X
		}
		b, ok := arg.(*ast.BasicLit)
		if !ok {
			return "", false
		}
		for _, k := range kinds {
			if b.Kind == k {
				return b.Value, true
			}
		}
		return "", false
	}
	switch typ {
	case "[]byte", "string":
		v, ok := arg.(*ast.BasicLit)
		if !ok || v.Kind != token.STRING {
			return fmt.Errorf("%s of something else than a string literal", typ)
		}
		if _, err := strconv.Unquote(v.Value); err != nil {
			return fmt.Errorf("%s of a bad string literal", typ)
		}
	case "bool":
		if id, ok := arg.(*ast.Ident); !ok || id.Name != "true" && id.Name != "false" {
			return errors.New("bool of neither true nor false")
		}
	case "byte", "rune", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		v, ok := lit(token.INT, token.CHAR)
		if !ok {
			return fmt.Errorf("%s of something else than an integer or rune literal", typ)
		}
		if strings.HasPrefix(v, "'") {
			if _, _, _, err := strconv.UnquoteChar(v[1:len(v)-1], '\''); err != nil {
				return fmt.Errorf("%s of a bad rune literal", typ)
			}
		} else if _, err := strconv.ParseUint(v, 0, 64); err != nil {
			return fmt.Errorf("%s of a bad integer literal", typ)
		}
	case "float32", "float64":
		if c, ok := arg.(*ast.CallExpr); ok {
			sel, ok := c.Fun.(*ast.SelectorExpr)
			pkg, ok2 := ast.Expr(nil), false
			if ok {
				pkg, ok2 = sel.X, true
			}
			if id, ok3 := pkg.(*ast.Ident); !ok2 || !ok3 || id.Name != "math" || len(c.Args) != 1 ||
				(sel.Sel.Name != "Float64frombits" && sel.Sel.Name != "Float32frombits") {
				return fmt.Errorf("%s of a call other than math.Float64frombits or math.Float32frombits", typ)
			}
			b, ok := c.Args[0].(*ast.BasicLit)
			if !ok || b.Kind != token.INT {
				return fmt.Errorf("%s of bits that are not an integer literal", typ)
			}
			if _, err := strconv.ParseUint(b.Value, 0, 64); err != nil {
				return fmt.Errorf("%s of bad bits", typ)
			}
			return nil
		}
		v, ok := lit(token.FLOAT, token.INT)
		if !ok {
			return fmt.Errorf("%s of something else than a number literal", typ)
		}
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return fmt.Errorf("%s of a bad number literal", typ)
		}
	default:
		return errors.New("a value of no type Go's fuzzing engine reads")
	}
	return nil
}

// GoName is the name Go's engine gives a corpus file: the first 16 hex
// digits of its SHA-256.
func GoName(file []byte) string { return ContentName(file)[:16] }

// ContentName is a file's content address: the hex SHA-256 of its bytes.
func ContentName(file []byte) string {
	sum := sha256.Sum256(file)
	return hex.EncodeToString(sum[:])
}

// LibFuzzerName is the name libFuzzer gives a corpus file: the hex SHA-1
// of its bytes.
func LibFuzzerName(raw []byte) string {
	sum := sha1.Sum(raw)
	return hex.EncodeToString(sum[:])
}

// EncodeLibFuzzer returns the raw libFuzzer input that makes a target built
// by go-118-fuzz-build call its fuzz function with data. That tool's
// testing shim reads a []byte argument with go-fuzz-headers' GetBytes: a
// four-byte big-endian length, then the bytes (a length equal to what is
// left is taken whole). The empty value is spelled as length 2 over one
// byte (2 mod 1 is 0), since a plain length 0 means 30 to the shim.
func EncodeLibFuzzer(data []byte) ([]byte, error) {
	if len(data) == 0 {
		return []byte{0, 0, 0, 2, 0}, nil
	}
	if uint64(len(data)) > 1<<32-1 {
		return nil, errors.New("input too long")
	}
	raw := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	return append(raw, data...), nil
}

// DecodeLibFuzzer returns the []byte a go-118-fuzz-build target passes its
// fuzz function for the raw libFuzzer input raw (GetBytes: a four-byte
// big-endian length n, 0 meaning 30, taken modulo the bytes left unless it
// equals them). ok is false when the shim calls nothing: fewer than five
// bytes.
func DecodeLibFuzzer(raw []byte) (data []byte, ok bool) {
	if len(raw) < 5 {
		return nil, false
	}
	n := binary.BigEndian.Uint32(raw)
	left := uint32(len(raw) - 4)
	if n == 0 {
		n = 30
	}
	if n != left {
		n %= left
	}
	return bytes.Clone(raw[4 : 4+n]), true
}
