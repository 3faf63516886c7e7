package gocheck

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/gowebpki/jcs"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/frame"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// init registers the Go-only targets of rfc8785/1, all reading FuzzJCS's
// format: its properties, the gowebpki/jcs oracle, and the
// encoding/json/jsontext oracle (GOEXPERIMENT=jsonv2, rfc8785_jsonv2.go).
func init() {
	register(Target{Name: "FuzzJCSProperties", Input: "FuzzJCS", check: func(c cases.Case, s *gen.Source) error {
		return errors.Join(JCSIdempotent(c.Input), JCSMemberOrder(c.Input, s), JCSPassesFrame(c.Input))
	}})
	register(Target{Name: "FuzzJCSOracle", Input: "FuzzJCS", check: func(c cases.Case, _ *gen.Source) error {
		return AgainstGowebpkiJCS(c.Input)
	}})
	register(Target{Name: "FuzzJSONTextOracle", Input: "FuzzJCS", JSONv2: true, check: func(c cases.Case, _ *gen.Source) error {
		return checkJSONText(c.Input)
	}})
}

// checkJSONText is AgainstJSONText when built with GOEXPERIMENT=jsonv2
// (rfc8785_jsonv2.go's init).
var checkJSONText = func([]byte) error {
	return errors.New("FuzzJSONTextOracle needs GOEXPERIMENT=jsonv2")
}

// JCSIdempotent checks that canonicalizing accepted input twice changes
// nothing: JCS(JCS(x)) = JCS(x).
func JCSIdempotent(in []byte) error {
	out, err := rfc8785.Canonicalize(in)
	if err != nil {
		return nil
	}
	again, err := rfc8785.Canonicalize(out)
	if err != nil {
		return fmt.Errorf("JCS output %q is refused when canonicalized again: %v", out, err)
	}
	if !bytes.Equal(again, out) {
		return fmt.Errorf("JCS is not idempotent:\n  JCS(x)      %q\n  JCS(JCS(x)) %q", out, again)
	}
	return nil
}

// JCSMemberOrder checks that the members' order does not matter: the
// canonical form of accepted input, with every object's members shuffled
// by draws from s, canonicalizes to the same bytes.
func JCSMemberOrder(in []byte, s *gen.Source) error {
	out, err := rfc8785.Canonicalize(in)
	if err != nil {
		return nil
	}
	shuffled := Shuffle(out, s)
	again, err := rfc8785.Canonicalize(shuffled)
	if err != nil || !bytes.Equal(again, out) {
		return fmt.Errorf("member order changes JCS:\n  JCS(x)          %q\n  shuffled        %q\n  JCS(shuffled)   %q (%v)", out, shuffled, again, err)
	}
	return nil
}

// canonical is rfc8785.Canonicalize without options.
func canonical(in []byte) ([]byte, error) { return rfc8785.Canonicalize(in) }

// JCSPassesFrame checks that JCS output passes the frame lexer when the
// value is inside the lexer's domain: an object, at most 262144 bytes and
// 16 deep, whose numbers are integers 0 to 2^53-1 written as such, and
// whose strings hold no C0 or C1 control character (JCS output has no lone
// surrogate and no duplicate).
func JCSPassesFrame(in []byte) error {
	out, err := rfc8785.Canonicalize(in)
	if err != nil || !InFrameDomain(out) {
		return nil
	}
	if err := frame.Lex(out); err != nil {
		return fmt.Errorf("JCS output %q is in the frame lexer's domain but refused: %v", out, err)
	}
	return nil
}

// InFrameDomain reports whether canonical JSON (JCS output) is inside the
// frame lexer's domain (see JCSPassesFrame). It reads the canonical text
// itself, so it relies on what JCS output is: no whitespace, numbers in
// ECMAScript form, strings with only the short escapes and \u00xx.
func InFrameDomain(out []byte) bool {
	if len(out) == 0 || out[0] != '{' || len(out) > frame.MaxBytes {
		return false
	}
	depth := 0
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '"':
			j := i + 1
			for ; j < len(out) && out[j] != '"'; j++ {
				if out[j] == '\\' {
					// JCS escapes only \" \\ and controls.
					if e := out[j+1]; e != '"' && e != '\\' {
						return false
					}
					j++
				}
			}
			r := []rune(string(out[i+1 : j]))
			for _, x := range r {
				if x < 0x20 || (x >= 0x7f && x <= 0x9f) {
					return false
				}
			}
			i = j
		case c == '{' || c == '[':
			depth++
			if depth > frame.MaxDepth {
				return false
			}
		case c == '}' || c == ']':
			depth--
		case c == '-' || (c >= '0' && c <= '9'):
			j := i
			for j < len(out) && (out[j] == '-' || out[j] == '.' || out[j] == 'e' || out[j] == '+' || (out[j] >= '0' && out[j] <= '9')) {
				j++
			}
			n, err := strconv.ParseUint(string(out[i:j]), 10, 64)
			if err != nil || n > 1<<53-1 {
				return false
			}
			i = j - 1
		}
	}
	return true
}

// AgainstGowebpkiJCS compares rfc8785/1 with github.com/gowebpki/jcs, a
// lax RFC 8785 implementation, where their domains meet:
//
//   - input the reference accepts, jcs.Transform must accept with the same
//     bytes, unless the input is a top-level scalar (jcs hands the whole
//     input, surrounding whitespace included, to strconv.ParseFloat);
//   - input the reference refuses as a duplicate member name or a number
//     outside the double range, jcs must refuse too (it checks both).
//
// jcs accepts much the reference refuses (invalid UTF-8, lone surrogates,
// any depth, number spellings strconv.ParseFloat takes): those are not
// compared.
func AgainstGowebpkiJCS(in []byte) error {
	want, err := rfc8785.Canonicalize(in)
	got, jerr := jcs.Transform(in)
	if err == nil {
		if jerr != nil {
			if topLevelScalar(in) {
				return nil
			}
			return fmt.Errorf("gowebpki/jcs refuses %q (%v); the reference gives %q", in, jerr, want)
		}
		if !bytes.Equal(got, want) {
			return fmt.Errorf("gowebpki/jcs gives %q for %q; the reference gives %q", got, in, want)
		}
		return nil
	}
	e, _ := refusal.As(err)
	if e != nil && (e.Guard == rfc8785.ErrDuplicate || e.Guard == rfc8785.ErrNumberRange) && jerr == nil {
		return fmt.Errorf("the reference refuses %q (%s); gowebpki/jcs accepts it as %q", in, e.Guard.Message, got)
	}
	return nil
}

// topLevelScalar reports whether the first non-whitespace byte of in opens
// neither an object, an array nor a string.
func topLevelScalar(in []byte) bool {
	t := bytes.TrimLeft(in, " \t\r\n")
	return len(t) == 0 || (t[0] != '{' && t[0] != '[' && t[0] != '"')
}
