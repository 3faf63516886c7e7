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

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/prim"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/v8date"
)

// init registers the Go-only targets of prim/1: FuzzTimestampProperties
// (FuzzTimestamp's format) and FuzzBase64URLProperties (FuzzPrim's, its
// base64url cases).
func init() {
	register(Target{Name: "FuzzTimestampProperties", Input: "FuzzTimestamp", check: func(c cases.Case, _ *gen.Source) error {
		return TimestampParses(c.Input)
	}})
	register(Target{Name: "FuzzBase64URLProperties", Input: "FuzzPrim", check: func(c cases.Case, _ *gen.Source) error {
		if c.Op != "base64url" {
			return nil
		}
		return Base64URLCanonical(c.Input)
	}})
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
	t, perr := time.Parse(isoLayout, s)
	out, err := prim.Timestamp(in)
	if e, ok := refusal.As(err); ok && e.Guard == prim.ErrInput {
		return nil // not a JSON value input (spec/README.md, "JSON value inputs")
	}
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
	want, derr := base64.RawURLEncoding.Strict().DecodeString(s)
	got, err := prim.Base64URL(in)
	if e, ok := refusal.As(err); ok && e.Guard == prim.ErrInput {
		return nil // not a JSON value input (spec/README.md, "JSON value inputs")
	}
	switch {
	case derr == nil && (err != nil || !bytes.Equal(got, want)):
		return fmt.Errorf("prim/1 base64url %q: %x, %v; encoding/base64 decodes %x", s, got, err, want)
	case derr != nil && err == nil:
		return fmt.Errorf("prim/1 base64url accepts %q as %x; encoding/base64 refuses it: %v", s, got, derr)
	}
	return nil
}
