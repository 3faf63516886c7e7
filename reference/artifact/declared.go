package artifact

import (
	"regexp"
	"strings"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the summary, the trace and its parts, the
// definition, the three input envelopes and the tree
// (spec/artifact/shapes.json; spec/artifact.md, "Procedure for a
// shape" and "Value rules"), run by the shape interpreter.
var declared = interp.MustLoad(Contract, Guards, checks, pairs)

// The patterns of spec/artifact.md, "Value rules", each matched against
// the whole string, with ASCII classes only.
var (
	reasonCode = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)
	lowerName  = regexp.MustCompile(`^[a-z][a-z0-9-]{0,63}$`)
	sha256Hex  = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
	version    = regexp.MustCompile(`^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$`)
	uuid       = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	confidence = regexp.MustCompile(`^(0|1)(\.[0-9]{1,6})?$`)
	segment    = regexp.MustCompile(`^[A-Za-z0-9._-]{1,255}$`)
	base64Text = regexp.MustCompile(`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`)
)

// matching is the check that a string matches re.
func matching(re *regexp.Regexp) interp.Check {
	return interp.Check{Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return re.MatchString(text(v.Units)) }}
}

// checks are the value rules of spec/artifact.md, "Value rules", by the
// names the declaration gives them.
var checks = map[string]interp.Check{
	"confidence":  {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isConfidence(v.Text) }},
	"reason-code": matching(reasonCode),
	"name":        matching(lowerName),
	"digest":      matching(sha256Hex),
	"version":     matching(version),
	"uuid":        matching(uuid),
	"tree-path":   {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isTreePath(text(v.Units)) }},
	"base64":      {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isBase64(text(v.Units)) }},
	"int":         {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return jsonvalue.NaturalIn(v.Text, r.Min, r.Max) }, Bounds: "both"},
}

// pairs are the comparisons of successive elements: "increasing" reports
// a phase that is not after the one before it in the lifecycle order.
var pairs = map[string]interp.Pair{
	"increasing": func(prev, cur *jsonvalue.Value) bool { return phaseRank(cur.Units) <= phaseRank(prev.Units) },
}

// lifecycle is the lifecycle order (spec/artifact.md, "Value rules").
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

// text is u as UTF-8 (a lone surrogate as U+FFFD, which no pattern here
// accepts).
func text(u []uint16) string { return string(jsonvalue.AppendUTF8(nil, u)) }

// isConfidence is confidence: ^(0|1)(\.[0-9]{1,6})?$ with a value of at
// most 1 (spec/artifact.md, "Value rules").
func isConfidence(text string) bool {
	return confidence.MatchString(text) && (text[0] == '0' || strings.Trim(text[1:], ".0") == "")
}

// isZero reports whether a confidence literal is zero: made of 0 and . only.
func isZero(text string) bool { return strings.Trim(text, "0.") == "" }

// isTreePath is tree path: 1 to 16 segments joined by "/", each 1 to 255
// of [A-Za-z0-9._-], neither "." nor "..".
func isTreePath(p string) bool {
	segs := strings.Split(p, "/")
	if len(segs) > 16 {
		return false
	}
	for _, s := range segs {
		if !segment.MatchString(s) || s == "." || s == ".." {
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
func isBase64(s string) bool {
	if !base64Text.MatchString(s) {
		return false
	}
	switch body := strings.TrimRight(s, "="); len(s) - len(body) {
	case 1: // the last symbol carries 2 unused bits
		return strings.IndexByte(b64, body[len(body)-1])&3 == 0
	case 2: // 4 unused bits
		return strings.IndexByte(b64, body[len(body)-1])&15 == 0
	}
	return true
}
