package atsruntime

import (
	"strings"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the ten shapes, the facts object and the
// four envelopes with their member rules (spec/ats-runtime/shapes.json;
// spec/ats-runtime.md, "Procedure", "Value rules" and "The shapes"), run by
// the shape interpreter: steps 1 to 3 of the procedure.
var declared = interp.MustLoad(Contract, Guards, checks, nil)

// holds makes a one-code check of a predicate on a string's units.
func holds(p func([]uint16) bool) interp.Check {
	return interp.Check{Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return p(v.Units) }}
}

// checks are the value rules of spec/ats-runtime.md, "Value rules", by the
// names the declaration gives them: ref(P) with P its argument, int[LO,
// HI] and text of MIN to MAX units with their bounds.
var checks = map[string]interp.Check{
	"ref":            {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return isRef(v.Units, r.Args[0]) }, Args: 1},
	"name":           holds(isName),
	"reason-code":    holds(isReasonCode),
	"digest":         holds(isDigest),
	"version":        holds(isVersion),
	"credential-ref": holds(isCredentialRef),
	"equity-ticker":  holds(isEquityTicker),
	"int":            {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return inRange(v.Text, r.Min, r.Max) }, Bounds: "both"},
	"true":           {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return v.Kind == jsonvalue.True }},
	"text": {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool {
		lo, hi := r.Bounds()
		return isText(v.Units, lo.Int64(), hi.Int64())
	}, Bounds: "both"},
}

func isUpper(x uint16) bool { return x >= 'A' && x <= 'Z' }
func isLower(x uint16) bool { return x >= 'a' && x <= 'z' }
func isDigit(x uint16) bool { return x >= '0' && x <= '9' }

// hasPrefix reports whether u starts with the ASCII string p.
func hasPrefix(u []uint16, p string) bool {
	if len(u) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if u[i] != uint16(p[i]) {
			return false
		}
	}
	return true
}

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

// isRef is ref(P): ^P_[A-Za-z0-9]{1,64}$.
func isRef(u []uint16, prefix string) bool {
	p := prefix + "_"
	if !hasPrefix(u, p) {
		return false
	}
	return all(u[len(p):], 1, 64, func(x uint16) bool { return isUpper(x) || isLower(x) || isDigit(x) })
}

// isName is name: ^[a-z][a-z0-9-]{0,63}$.
func isName(u []uint16) bool {
	return len(u) > 0 && isLower(u[0]) && all(u[1:], 0, 63, func(x uint16) bool { return isLower(x) || isDigit(x) || x == '-' })
}

// isReasonCode is reason code: ^[a-z][a-z0-9_]{0,63}$.
func isReasonCode(u []uint16) bool {
	return len(u) > 0 && isLower(u[0]) && all(u[1:], 0, 63, func(x uint16) bool { return isLower(x) || isDigit(x) || x == '_' })
}

// isDigest is digest: ^sha256:[0-9a-f]{64}$.
func isDigest(u []uint16) bool {
	return hasPrefix(u, "sha256:") && all(u[7:], 64, 64, func(x uint16) bool { return isDigit(x) || (x >= 'a' && x <= 'f') })
}

// isVersion is version: three dot-separated numbers, each 0 or
// [1-9][0-9]{0,8}.
func isVersion(u []uint16) bool {
	parts := strings.Split(ascii(u), ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 9 || (p[0] == '0' && len(p) > 1) || !all(jsonvalue.FromString(p), 1, 9, isDigit) {
			return false
		}
	}
	return true
}

// isCredentialRef is credential reference: ^(env|vault):[A-Za-z0-9_./-]{1,128}$.
func isCredentialRef(u []uint16) bool {
	var body []uint16
	switch {
	case hasPrefix(u, "env:"):
		body = u[4:]
	case hasPrefix(u, "vault:"):
		body = u[6:]
	default:
		return false
	}
	return all(body, 1, 128, func(x uint16) bool {
		return isUpper(x) || isLower(x) || isDigit(x) || x == '_' || x == '.' || x == '/' || x == '-'
	})
}

// isEquityTicker is equity ticker: ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$.
func isEquityTicker(u []uint16) bool {
	i := 0
	for i < len(u) && isUpper(u[i]) {
		i++
	}
	if i < 1 || i > 6 {
		return false
	}
	if i == len(u) {
		return true
	}
	if u[i] != '.' && u[i] != '-' {
		return false
	}
	return all(u[i+1:], 1, 4, isUpper)
}

// isText is text of lo to hi units: no lone surrogate, no control
// character other than U+0009 and U+000A.
func isText(u []uint16, lo, hi int64) bool {
	if int64(len(u)) < lo || int64(len(u)) > hi {
		return false
	}
	for i := 0; i < len(u); {
		x := u[i]
		_, n, lone := jsonvalue.At(u, i)
		if lone || (jsonvalue.IsControl(x) && x != '\t' && x != '\n') {
			return false
		}
		i += n
	}
	return true
}

// ascii returns u as a Go string when every unit is ASCII, else a string
// with a non-ASCII marker that no ASCII pattern accepts.
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

// inRange is int[lo, hi] (jsonvalue.NaturalIn).
func inRange(text, lo, hi string) bool { return jsonvalue.NaturalIn(text, lo, hi) }
