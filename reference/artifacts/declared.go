package artifacts

import (
	"strings"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the summary, the trace and its parts, the
// definition, the three input envelopes and the tree
// (spec/artifacts/shapes.json; spec/artifacts.md, "Procedure for a
// shape" and "Value rules"), run by the shape interpreter.
var declared = interp.MustLoad(Contract, Guards, checks, pairs)

// holds makes a one-code check of a predicate on a string's units.
func holds(p func([]uint16) bool) interp.Check {
	return interp.Check{Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return p(v.Units) }}
}

// checks are the value rules of spec/artifacts.md, "Value rules", by the
// names the declaration gives them.
var checks = map[string]interp.Check{
	"confidence":  {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isConfidence(v.Text) }},
	"reason-code": holds(isReasonCode),
	"name":        holds(isName),
	"digest":      holds(isDigest),
	"version":     holds(isVersion),
	"uuid":        holds(isUUID),
	"tree-path":   holds(isTreePath),
	"base64":      holds(isBase64),
	"int":         {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return jsonvalue.NaturalIn(v.Text, r.Min, r.Max) }, Bounds: "both"},
}

// pairs are the comparisons of successive elements: "increasing" reports
// a phase that is not after the one before it in the lifecycle order.
var pairs = map[string]interp.Pair{
	"increasing": func(prev, cur *jsonvalue.Value) bool { return phaseRank(cur.Units) <= phaseRank(prev.Units) },
}

// lifecycle is the lifecycle order (spec/artifacts.md, "Value rules").
var lifecycle = []string{"intake", "analysis", "scoring", "convergence", "decision"}

// phaseRank is a phase's place in the lifecycle order, -1 for another
// string.
func phaseRank(u []uint16) int {
	for i, p := range lifecycle {
		if jsonvalue.EqualString(u, p) {
			return i
		}
	}
	return -1
}

func isLower(x uint16) bool { return x >= 'a' && x <= 'z' }
func isDigit(x uint16) bool { return x >= '0' && x <= '9' }
func isHex(x uint16) bool   { return isDigit(x) || x >= 'a' && x <= 'f' }

// all reports whether u has from lo to hi units, each passing ok.
func all(u []uint16, lo, hi int, ok func(uint16) bool) bool {
	if len(u) < lo || len(u) > hi {
		return false
	}
	for _, x := range u {
		if !ok(x) {
			return false
		}
	}
	return true
}

// ascii returns u as a Go string when every unit is ASCII, and "\x00"
// otherwise (a string no rule here accepts).
func ascii(u []uint16) string {
	b := make([]byte, len(u))
	for i, x := range u {
		if x > 0x7F {
			return "\x00"
		}
		b[i] = byte(x)
	}
	return string(b)
}

// isReasonCode is reason code: ^[a-z][a-z0-9_]{0,63}$.
func isReasonCode(u []uint16) bool {
	return len(u) > 0 && isLower(u[0]) && all(u[1:], 0, 63, func(x uint16) bool { return isLower(x) || isDigit(x) || x == '_' })
}

// isName is name: ^[a-z][a-z0-9-]{0,63}$.
func isName(u []uint16) bool {
	return len(u) > 0 && isLower(u[0]) && all(u[1:], 0, 63, func(x uint16) bool { return isLower(x) || isDigit(x) || x == '-' })
}

// isDigest is digest: ^sha256:[0-9a-f]{64}$.
func isDigest(u []uint16) bool {
	return strings.HasPrefix(ascii(u), "sha256:") && all(u[7:], 64, 64, isHex)
}

// isVersion is version: three dot-separated numbers, each 0 or
// [1-9][0-9]{0,8}.
func isVersion(u []uint16) bool {
	parts := strings.Split(ascii(u), ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 9 || p[0] == '0' && len(p) > 1 || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// isUUID is uuid: 8-4-4-4-12 lowercase hex digits.
func isUUID(u []uint16) bool {
	parts := strings.Split(ascii(u), "-")
	want := []int{8, 4, 4, 4, 12}
	if len(parts) != len(want) {
		return false
	}
	for i, p := range parts {
		if len(p) != want[i] || strings.Trim(p, "0123456789abcdef") != "" {
			return false
		}
	}
	return true
}

// isConfidence is confidence: ^(0|1)(\.[0-9]{1,6})?$ with a value of at
// most 1 (spec/artifacts.md, "Value rules").
func isConfidence(text string) bool {
	if text == "" || text[0] != '0' && text[0] != '1' {
		return false
	}
	frac := text[1:]
	if frac != "" {
		if frac[0] != '.' || len(frac) < 2 || len(frac) > 7 || strings.Trim(frac[1:], "0123456789") != "" {
			return false
		}
	}
	return text[0] == '0' || strings.Trim(frac, ".0") == ""
}

// isZero reports whether a confidence literal is zero: all its digits 0.
func isZero(text string) bool { return strings.Trim(text, "0.") == "" }

// isTreePath is tree path: 1 to 16 segments joined by "/", each 1 to 255
// of [A-Za-z0-9._-], neither "." nor "..".
func isTreePath(u []uint16) bool {
	segs := strings.Split(ascii(u), "/")
	if len(segs) > 16 {
		return false
	}
	for _, s := range segs {
		if s == "" || s == "." || s == ".." || len(s) > 255 || strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") != "" {
			return false
		}
	}
	return true
}

// b64 is the standard base64 alphabet (RFC 4648, table 1).
const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// isBase64 is base64: padded, canonical standard base64 (RFC 4648 section
// 4): a multiple of 4 long, "=" only as the last one or two characters,
// the unused bits of the last symbol zero.
func isBase64(u []uint16) bool {
	s := ascii(u)
	if len(s)%4 != 0 {
		return false
	}
	body := strings.TrimSuffix(strings.TrimSuffix(s, "="), "=")
	if strings.Trim(body, b64) != "" {
		return false
	}
	switch len(s) - len(body) {
	case 1: // the last symbol carries 2 unused bits
		return strings.IndexByte(b64, body[len(body)-1])&3 == 0
	case 2: // 4 unused bits
		return strings.IndexByte(b64, body[len(body)-1])&15 == 0
	}
	return true
}
