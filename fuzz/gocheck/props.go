// Package gocheck checks the Go reference with nothing but Go: against its
// own properties (JCS is idempotent and ignores member order, its output
// passes the frame lexer inside the lexer's domain, digests ignore member
// order, pyjson-ascii output parses back to the same value, base64url
// round-trips, timestamps agree with time.Time) and against Go oracles
// (github.com/gowebpki/jcs, encoding/json/jsontext under
// GOEXPERIMENT=jsonv2, crypto/ed25519 with the strict key checks added).
//
// The checks are plain functions returning an error, so that the gopter
// property tests, the native Go fuzz targets (fuzz_test.go) and the
// libFuzzer builds of those targets for ClusterFuzzLite and OSS-Fuzz
// (.clusterfuzzlite/, which carry neither node nor python) share them.
package gocheck

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"conform/fuzz/gen"
	"conform/reference/digest"
	"conform/reference/frame"
	"conform/reference/prim"
	"conform/reference/pyjson"
	"conform/reference/refusal"
	"conform/reference/rfc8785"
	"conform/reference/v8date"
)

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

// DigestMemberOrder checks that a digest/1 operation gives the same answer
// when the members of every object of its input are reordered: the input
// is canonicalized (when it can be) and shuffled by draws from s.
func DigestMemberOrder(op string, in []byte, s *gen.Source) error {
	run := map[string]func([]byte, ...refusal.Option) ([]byte, error){
		"digest": digest.Digest, "signing-input": digest.SigningInput,
		"schema-digest": digest.SchemaDigest, "arguments-digest": digest.ArgumentsDigest,
	}[op]
	if run == nil {
		return fmt.Errorf("no digest/1 operation %q", op)
	}
	want, err := run(in)
	if err != nil {
		return nil
	}
	canon, err := rfc8785.Canonicalize(in)
	if err != nil {
		return nil // an omitted member the canonical form refuses
	}
	shuffled := Shuffle(canon, s)
	got, err := run(shuffled)
	if err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("member order changes %s:\n  input    %q -> %q\n  shuffled %q -> %q (%v)", op, in, want, shuffled, got, err)
	}
	return nil
}

// PyJSONRoundTrip checks that pyjson-ascii/1 output parses back (with
// json.loads semantics, PyLoads) to the value the input parsed to.
func PyJSONRoundTrip(in []byte) error {
	out, err := pyjson.Encode(in)
	if err != nil {
		return nil
	}
	a, err := PyLoads(in)
	if err != nil {
		return fmt.Errorf("Encode accepted %q but the property's json.loads model refuses it: %v", in, err)
	}
	b, err := PyLoads(out)
	if err != nil {
		return fmt.Errorf("output %q of %q does not parse: %v", out, in, err)
	}
	if !a.Equal(b) {
		return fmt.Errorf("output %q of %q parses to another value", out, in)
	}
	return nil
}

// Base64URLRoundTrip checks that prim/1 base64url gives back the bytes of
// its unpadded base64url spelling: 32 and 64 bytes are accepted, every
// other length is refused by the length rule.
func Base64URLRoundTrip(raw []byte) error {
	enc := base64.RawURLEncoding.EncodeToString(raw)
	out, err := prim.Base64URL([]byte(`"` + enc + `"`))
	if len(raw) != 32 && len(raw) != 64 {
		if e, ok := refusal.As(err); !ok || e.Guard != prim.ErrB64Length {
			return fmt.Errorf("%d bytes (%q): %v, want %q", len(raw), enc, err, prim.ErrB64Length.Message)
		}
		return nil
	}
	if err != nil || !bytes.Equal(out, raw) {
		return fmt.Errorf("base64url %q: %x, %v; want %x", enc, out, err, raw)
	}
	return nil
}

// TimestampAgrees checks prim/1 timestamp and v8date/1 parse against
// time.Time on the valid range (years 1 to 9999, millisecond precision):
// both give t's Unix milliseconds.
func TimestampAgrees(t time.Time) error {
	t = t.UTC().Truncate(time.Millisecond)
	if t.Year() < 1 || t.Year() > 9999 {
		return nil
	}
	s := t.Format("2006-01-02T15:04:05.000Z")
	want := strconv.FormatInt(t.UnixMilli(), 10)
	for name, run := range map[string]func([]byte, ...refusal.Option) ([]byte, error){"prim/1 timestamp": prim.Timestamp, "v8date/1 parse": v8date.Parse} {
		out, err := run([]byte(`"` + s + `"`))
		if err != nil || string(out) != want {
			return fmt.Errorf("%s %q: %s, %v; time.Time says %s", name, s, out, err, want)
		}
	}
	return nil
}

// Shuffle returns canonical JSON (no whitespace) with the members of every
// object reordered by draws from s. Arrays keep their order.
func Shuffle(b []byte, s *gen.Source) []byte {
	return gen.ReorderMembers(b, func(parts [][]byte) {
		for k := len(parts) - 1; k > 0; k-- {
			j := s.Intn(k + 1)
			parts[k], parts[j] = parts[j], parts[k]
		}
	})
}

// isoLayout is the timestamp shape as a time.Parse layout.
const isoLayout = "2006-01-02T15:04:05.000Z"

// TimestampParses checks prim/1 timestamp on a JSON value input against
// time.Parse, on the range both cover (a string of exactly the shape,
// years 0001 to 9999): prim accepts exactly what time.Parse accepts, with
// the same Unix milliseconds. v8date/1 parse, which accepts more (year 0000,
// rolled-over dates refused separately), must agree wherever prim accepts.
func TimestampParses(in []byte) error {
	var s string
	if json.Unmarshal(in, &s) != nil || !isoShape.MatchString(s) || s[:4] == "0000" {
		return nil
	}
	if _, err := rfc8785.Canonicalize(in); err != nil {
		return nil // not a JSON value input prim reads the same way
	}
	t, perr := time.Parse(isoLayout, s)
	out, err := prim.Timestamp(in)
	switch {
	case perr != nil && err == nil:
		return fmt.Errorf("prim/1 timestamp accepts %q as %s; time.Parse refuses it: %v", s, out, perr)
	case perr == nil && err != nil:
		return fmt.Errorf("prim/1 timestamp refuses %q (%v); time.Parse reads %s", s, err, t)
	case perr == nil:
		want := strconv.FormatInt(t.UnixMilli(), 10)
		if string(out) != want {
			return fmt.Errorf("prim/1 timestamp %q: %s; time.Parse says %s", s, out, want)
		}
		if v, err := v8date.Parse(in); err != nil || string(v) != want {
			return fmt.Errorf("v8date/1 parse %q: %s, %v; time.Parse says %s", s, v, err, want)
		}
	}
	return nil
}

// isoShape is spec/prim.md's timestamp shape.
var isoShape = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$`)

// Base64URLCanonical checks prim/1 base64url on a JSON value input against
// encoding/base64's strict unpadded URL decoding: when the value is a
// string of 43 or 86 characters, prim accepts exactly what
// base64.RawURLEncoding.Strict decodes, with the same bytes. Strings with
// CR or LF are not compared: encoding/base64 skips those characters even
// in strict mode (its documented behaviour); prim refuses them.
func Base64URLCanonical(in []byte) error {
	var s string
	if json.Unmarshal(in, &s) != nil || (len(s) != 43 && len(s) != 86) || strings.ContainsAny(s, "\r\n") {
		return nil
	}
	if _, err := rfc8785.Canonicalize(in); err != nil {
		return nil
	}
	want, derr := base64.RawURLEncoding.Strict().DecodeString(s)
	got, err := prim.Base64URL(in)
	switch {
	case derr == nil && (err != nil || !bytes.Equal(got, want)):
		return fmt.Errorf("prim/1 base64url %q: %x, %v; encoding/base64 decodes %x", s, got, err, want)
	case derr != nil && err == nil:
		return fmt.Errorf("prim/1 base64url accepts %q as %x; encoding/base64 refuses it: %v", s, got, derr)
	}
	return nil
}
