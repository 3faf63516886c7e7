package ats

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/ticker"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the sixteen validators' shapes and their
// field rules (spec/ats/shapes.json; spec/ats.md, "Procedure", "Field
// rules" and "The shapes"), run by the shape interpreter: steps 1 to 3 of
// the procedure. A field's kind and rule share its one code: a value of
// another kind (or an absent one) refuses with it and has no accept path.
var declared = interp.MustLoad(Contract, Guards, checks, pairs)

// holds makes a one-code check of a predicate on a string's units.
func holds(p func([]uint16) bool) interp.Check {
	return interp.Check{Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return p(v.Units) }}
}

// checks are the value rules of spec/ats.md, "Value rules" and "Field
// rules", by the names the declaration gives them: ref(P) with P its
// argument, int[LO, HI] with its bounds, set of {...} with its members as
// arguments, and the /1 and /2 symbol and label checks of ticker/1.
var checks = map[string]interp.Check{
	"ref":           {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return isRef(v.Units, r.Args[0]) }, Args: 1},
	"name":          holds(isName),
	"reason-code":   holds(isReasonCode),
	"digest":        holds(isDigest),
	"currency":      holds(isCurrency),
	"int":           {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return inRange(v.Text, r.Min, r.Max) }, Bounds: "both"},
	"strings":       {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return allStrings(v) }},
	"set":           {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool { return setOf(v.Elems, r.Args...) }, Args: -1},
	"symbol":        holds(ticker.MatchesSymbol),
	"equity-ticker": holds(ticker.MatchesEquity),
	"label-length": {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool {
		lo, hi := r.Bounds()
		return int64(len(v.Units)) >= lo.Int64() && int64(len(v.Units)) <= hi.Int64()
	}, Bounds: "both"},
	"masked-label-v1":     {Run: scanV1, Codes: 3},
	"closed-masked-label": {Run: scanClosed, Codes: 2},
}

// pairs compare successive allowlist elements by code point order: a
// repeat, and a descent.
var pairs = map[string]interp.Pair{
	"repeat":     func(prev, cur *jsonvalue.Value) bool { return jsonvalue.Equal(prev.Units, cur.Units) },
	"descending": func(prev, cur *jsonvalue.Value) bool { return before(cur.Units, prev.Units) },
}

// allStrings reports whether x is present and an array whose elements are
// all strings.
func allStrings(x *jsonvalue.Value) bool {
	if !kindIs(x, jsonvalue.Array) {
		return false
	}
	for i := range x.Elems {
		if x.Elems[i].Kind != jsonvalue.String {
			return false
		}
	}
	return true
}

// scanV1 is step 2 of ticker/1 masked-label-v1: at the first hit, a Cc
// unit (code 0), an unpaired surrogate (code 1), or an
// ASCII digit that makes five consecutive ASCII digits (code 2).
func scanV1(_ *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(int) error) error {
	u := v.Units
	run := 0
	for i := 0; i < len(u); {
		x := u[i]
		_, n, lone := jsonvalue.At(u, i)
		i += n
		control := jsonvalue.IsControl(x)
		if control {
			run = 0
			if err := refuse(0); err != nil {
				return err
			}
			continue
		}
		if lone {
			run = 0
			if err := refuse(1); err != nil {
				return err
			}
			continue
		}
		if !isDigitU(x) {
			run = 0
			continue
		}
		run++
		if run > maxDigitRun {
			if err := refuse(2); err != nil {
				return err
			}
		}
	}
	return nil
}

// scanClosed is step 2 of ticker/1 closed-masked-label: at the first hit,
// a unit outside the closed set (code 0; each half of an astral
// character is such a unit) or an ASCII digit that makes five consecutive
// digits (code 1).
func scanClosed(_ *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(int) error) error {
	u := v.Units
	run := 0
	for _, x := range u {
		if !ticker.InClosedLabelSet(x) {
			run = 0
			if err := refuse(0); err != nil {
				return err
			}
			continue
		}
		if !isDigitU(x) {
			run = 0
			continue
		}
		run++
		if run > maxDigitRun {
			if err := refuse(1); err != nil {
				return err
			}
		}
	}
	return nil
}

// hold turns the result of a guard's Refuse into a check's result: the
// refusal; or, when the guard is ignored, nil for a value of the right
// kind (the value is kept) and the refusal anyway for a value of the wrong
// kind (wrong), which has no accept path.
func hold(err error, wrong bool, g refusal.Guard) error {
	if err != nil {
		return err
	}
	if wrong {
		return &refusal.Error{Guard: g}
	}
	return nil
}

// kindIs reports whether x is present and of kind k.
func kindIs(x *jsonvalue.Value, k jsonvalue.Kind) bool { return x != nil && x.Kind == k }
