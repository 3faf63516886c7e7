package toolhost

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/reference/ed25519"
	"github.com/conform-dev/conform/reference/internal/civil"
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the twelve documents and their nested
// objects (spec/toolhost/shapes.json; spec/toolhost.md sections 1.3-1.5,
// 1.8 and 2): the closed check, the type pass and the rule pass of section
// 1.4 steps 1-3 run through the shape interpreter.
var declared = shape.MustLoad(Contract, Guards, checks, pairs)

// validateShape is section 1.4 steps 1-3 for the document or nested object
// named object ("trust", "result.error").
func validateShape(c *refusal.Checker, object string, o *jsonvalue.Value) error {
	return declared.Validate(c, object, o)
}

// holds makes a one-code check of a predicate on a string's units.
func holds(p func([]uint16) bool) shape.Check {
	return shape.Check{Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return p(v.Units) }}
}

// checks are the named checks of the field kinds (section 1.3), by the
// names the declaration gives them.
var checks = map[string]shape.Check{
	"id":              holds(idOK),
	"scdev":           holds(scdevOK),
	"runtime-version": holds(runtimeVersionOK),
	"code":            holds(codeOK),
	"schema-ref":      holds(schemaRefOK),
	"digest":          holds(digestOK),
	"origin":          holds(originOK),
	"timestamp":       holds(civil.Shape),
	"instant":         holds(realInstant),
	"display":         holds(printable),
	"display-length":  holds(displayLengthOK),
	"text-length":     holds(textLengthOK),
	"integer":         {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return !hasFraction(v.Text) }},
	"range":           {Holds: integerIn, Bounds: "both"},
	"key-canonical": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool {
		key := b64Decode(v.Units)
		return len(key) != 32 || ed25519.CanonicalY(key)
	}},
	"key-small-order": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool {
		key := b64Decode(v.Units)
		return len(key) != 32 || !ed25519.SmallOrder(key)
	}},
	"text":       {Run: textUnits, Codes: 2},
	"base64url":  {Run: base64url, Args: 1, Codes: 3},
	"open-value": {Run: openValue, Args: 1, Codes: 5, Bounds: "max"},
}

// pairs are the comparisons of successive elements (section 1.5): a repeat
// and a descent, of set members by code point order and of the two
// ordered arrays of objects by their keys.
var pairs = map[string]shape.Pair{
	"repeat":          func(prev, cur *jsonvalue.Value) bool { return equalUnits(cur.Units, prev.Units) },
	"descending":      func(prev, cur *jsonvalue.Value) bool { return less(cur.Units, prev.Units) },
	"keysRepeat":      keysRepeat,
	"keysDescending":  keysDescending,
	"toolsRepeat":     toolsRepeat,
	"toolsDescending": toolsDescending,
}

// integerIn is the range rule of the integer kind on a number literal's
// integer part: no '-' sign (-0 included) and a value from the rule's Min
// to its Max, compared exactly on the digits.
func integerIn(v *jsonvalue.Value, r *shapes.Rule) bool {
	d := intPart(v.Text)
	if strings.HasPrefix(d, "-") {
		return false
	}
	z := bigInt(d)
	lo, hi := r.Bounds()
	return z.Cmp(lo) >= 0 && z.Cmp(hi) <= 0
}

// textUnits is the unit scan of the text kind: at each unit in order, a
// Cc control (code 0) or an unpaired surrogate (code 1).
func textUnits(_ *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(int) error) error {
	for i := 0; i < len(v.Units); {
		_, n, lone := jsonvalue.At(v.Units, i)
		if jsonvalue.IsControl(v.Units[i]) {
			if err := refuse(0); err != nil {
				return err
			}
		}
		if lone {
			if err := refuse(1); err != nil {
				return err
			}
		}
		i += n
	}
	return nil
}

// base64url is the base64url rules with one length, the rule's first
// argument: the length (code 0), the alphabet (code 1), canonical (code
// 2).
func base64url(_ *refusal.Checker, v *jsonvalue.Value, r *shapes.Rule, refuse func(int) error) error {
	n, _ := strconv.Atoi(r.Args[0])
	if len(v.Units) != n {
		if err := refuse(0); err != nil {
			return err
		}
	}
	if !b64Alphabet(v.Units) {
		if err := refuse(1); err != nil {
			return err
		}
	}
	if !b64Canonical(v.Units) {
		if err := refuse(2); err != nil {
			return err
		}
	}
	return nil
}

// openValue is the open value of section 1.8 (an object; null and the
// other types pass here, the type pass decides them): its walk, depth
// (code 0), numbers (1), strings and member names (2), arrays (3), then
// its canonical size at most the rule's Max (code 4). The depth bound is
// the rule's first argument.
func openValue(c *refusal.Checker, v *jsonvalue.Value, r *shapes.Rule, refuse func(int) error) error {
	if v.Kind != jsonvalue.Object {
		return nil
	}
	depth, _ := strconv.Atoi(r.Args[0])
	if err := walkOpen(v, 1, depth, refuse); err != nil {
		return err
	}
	canon, err := jcs(c, v)
	if err != nil {
		return err
	}
	_, hi := r.Bounds()
	if big.NewInt(int64(len(canon))).Cmp(hi) > 0 {
		if err := refuse(4); err != nil {
			return err
		}
	}
	return nil
}

// walkOpen walks an open value in document order, v at depth (the value
// itself is at depth 1), member names before their values, an array at
// most 32 elements.
func walkOpen(v *jsonvalue.Value, depth, maxDepth int, refuse func(int) error) error {
	if (v.Kind == jsonvalue.Array || v.Kind == jsonvalue.Object) && depth > maxDepth {
		if err := refuse(0); err != nil {
			return err
		}
	}
	if v.Kind == jsonvalue.Number && !safeUnsigned(v.Text) {
		if err := refuse(1); err != nil {
			return err
		}
	}
	if v.Kind == jsonvalue.String && !validString(v.Units) {
		if err := refuse(2); err != nil {
			return err
		}
	}
	for i := range v.Elems {
		if i >= 32 {
			if err := refuse(3); err != nil {
				return err
			}
		}
		if err := walkOpen(&v.Elems[i], depth+1, maxDepth, refuse); err != nil {
			return err
		}
	}
	for i := range v.Members {
		if !validString(v.Members[i].Name) {
			if err := refuse(2); err != nil {
				return err
			}
		}
		if err := walkOpen(&v.Members[i].Value, depth+1, maxDepth, refuse); err != nil {
			return err
		}
	}
	return nil
}

// declOf is the projection declaration of the object named object
// (section 1.6), read from the declaration when it is used (resolve), so
// that a row mutant the audit's switch activates (refusal.RowMutant)
// reaches the projection as it reaches validation.
func declOf(object string) *decl { return &decl{object: object} }

// resolve returns d's members and, for each member that is a closed object
// or an array of objects, that object's decl, as the current declaration
// states them (made once per declaration).
func (d *decl) resolve() *declMembers {
	sd := declared.Decl()
	if v, ok := d.cache.Load(sd); ok {
		return v.(*declMembers)
	}
	o := sd.Object(d.object)
	dm := &declMembers{nested: map[string]*decl{}}
	for _, m := range o.Members {
		dm.members = append(dm.members, m.Name)
		for _, r := range m.Rules {
			if r.Rule == shapes.RuleObject {
				dm.nested[m.Name] = declOf(r.Object)
			}
			for _, e := range r.Rules {
				if e.Rule == shapes.RuleObject {
					dm.nested[m.Name] = declOf(e.Object)
				}
			}
		}
	}
	d.cache.Store(sd, dm)
	return dm
}

// The projection declarations the digests and signing inputs use (section
// 1.6), one per document.
var (
	declCancellation           = declOf("cancellation")
	declDeviceProof            = declOf("device_proof")
	declHostLease              = declOf("host_lease")
	declHostOpenProof          = declOf("host_open_proof")
	declInvocation             = declOf("invocation")
	declObserverChannelReceipt = declOf("observer_channel_receipt")
	declRegistry               = declOf("registry")
	declResult                 = declOf("result")
	declRuntimeCapability      = declOf("runtime_capability")
	declWorkspaceStatus        = declOf("workspace_status")
	declWorkspaceStatusInput   = declOf("workspace_status_input")
)
