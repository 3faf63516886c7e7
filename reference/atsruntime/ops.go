package atsruntime

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strconv"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// The mode ladder of ats/1, offline 0 to auto 5 (spec/ats-runtime.md,
// "strategy-activation"); the halt states have no rank.
var ladder = []string{"offline", "observe", "review_only", "paper", "approve", "auto"}

// rank returns the ladder rank of mode and whether it is a ladder mode.
func rank(mode []uint16) (int, bool) {
	for i, m := range ladder {
		if jsonvalue.EqualString(mode, m) {
			return i, true
		}
	}
	return 0, false
}

// read parses the JSON value input; ErrInput has no accept path.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, err := jsonvalue.Parse(in)
	if err != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrInput}
	}
	return &v, nil
}

// jcs returns JCS(v) (rfc8785/1 of v as read), or ErrCanonical, with no
// accept path, when it does not exist.
func jcs(c *refusal.Checker, v *jsonvalue.Value) ([]byte, error) {
	out, err := rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, v))
	if err != nil {
		if err := c.Refuse(ErrCanonical); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrCanonical}
	}
	return out, nil
}

// digestOf returns D(v): "sha256:" and the lowercase hex SHA-256 of JCS(v).
func digestOf(c *refusal.Checker, v *jsonvalue.Value) (string, error) {
	canon, err := jcs(c, v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// str16 is a JSON string value of the ASCII text s.
func str16(s string) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.String, Units: jsonvalue.FromString(s)}
}

// member is one name, value pair of an object.
func member(name string, v jsonvalue.Value) jsonvalue.Member {
	return jsonvalue.Member{Name: jsonvalue.FromString(name), Value: v}
}

// object builds an object value from its members.
func object(members ...jsonvalue.Member) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.Object, Members: members}
}

// with returns a copy of object d with member name set to v (replaced in
// place, or appended).
func with(d *jsonvalue.Value, name string, v jsonvalue.Value) jsonvalue.Value {
	out := *d
	out.Members = append([]jsonvalue.Member(nil), d.Members...)
	for i := range out.Members {
		if jsonvalue.EqualString(out.Members[i].Name, name) {
			out.Members[i].Value = v
			return out
		}
	}
	out.Members = append(out.Members, member(name, v))
	return out
}

// without returns a copy of object d without member name.
func without(d *jsonvalue.Value, name string) jsonvalue.Value {
	out := *d
	out.Members = nil
	for _, m := range d.Members {
		if !jsonvalue.EqualString(m.Name, name) {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// get returns member name of d (nil when absent).
func get(d *jsonvalue.Value, name string) *jsonvalue.Value {
	x, _ := d.Get(name)
	return x
}

// is reports whether d's member name is the string s.
func is(d *jsonvalue.Value, name, s string) bool {
	x := get(d, name)
	return x != nil && x.Kind == jsonvalue.String && jsonvalue.EqualString(x.Units, s)
}

// isNull reports whether d's member name is null.
func isNull(d *jsonvalue.Value, name string) bool {
	x := get(d, name)
	return x != nil && x.Kind == jsonvalue.Null
}

// units returns d's string member name (nil when it is not a string).
func units(d *jsonvalue.Value, name string) []uint16 {
	if x := get(d, name); x != nil && x.Kind == jsonvalue.String {
		return x.Units
	}
	return nil
}

// num reads d's number member name as an IEEE-754 double, the literal's
// nearest (an overflowing literal as an infinity); NaN when it is not a
// number (spec/ats-runtime.md, "Decisions over more than one document").
func num(d *jsonvalue.Value, name string) float64 {
	x := get(d, name)
	if x == nil || x.Kind != jsonvalue.Number {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(x.Text, 64)
	return f
}

// The object rules of each shape (spec/ats-runtime.md, "The shapes"), in
// order. An ignored rule lets the next one run.

// capabilitiesRules: runtime-capabilities rule 1 (seed invariant 8).
func capabilitiesRules(c *refusal.Checker, d *jsonvalue.Value) error {
	if is(d, "authored_by", "local") && !is(d, "effective_mode", "offline") {
		if err := c.Refuse(ErrCapabilitiesLocalMode); err != nil {
			return err
		}
	}
	return nil
}

// probeRules: data-probe rules 1 and 2.
func probeRules(c *refusal.Checker, d *jsonvalue.Value) error {
	verified := is(d, "status", "verified")
	if verified && !isNull(d, "reason") {
		if err := c.Refuse(ErrProbeReasonExtra); err != nil {
			return err
		}
	}
	if !verified && isNull(d, "reason") {
		if err := c.Refuse(ErrProbeReasonMissing); err != nil {
			return err
		}
	}
	return nil
}

// artifactRules: strategy-compile-artifact rules 1 and 2.
func artifactRules(c *refusal.Checker, d *jsonvalue.Value) error {
	if is(d, "status", "compiled") && isNull(d, "program") {
		if err := c.Refuse(ErrArtifactProgramMissing); err != nil {
			return err
		}
	}
	if is(d, "status", "failed") && !isNull(d, "program") {
		if err := c.Refuse(ErrArtifactProgramExtra); err != nil {
			return err
		}
	}
	return nil
}

// paperRank is the ladder rank of paper: an effective ladder mode at or
// above it needs an execution grant, one below it may not carry one
// (seed invariant 6; spec/ats-runtime.md, "Decisions" 3).
const paperRank = 3

// activationRules: strategy-activation rules 1 to 4.
func activationRules(c *refusal.Checker, d *jsonvalue.Value) error {
	req, eff := units(d, "requested_mode"), units(d, "effective_mode")
	r, reqOn := rank(req)
	e, effOn := rank(eff)
	grant := !isNull(d, "execution_grant_ref")
	if reqOn && effOn && e > r {
		if err := c.Refuse(ErrActivationExceeds); err != nil {
			return err
		}
	}
	if !jsonvalue.Equal(req, eff) && isNull(d, "reason") {
		if err := c.Refuse(ErrActivationReasonMissing); err != nil {
			return err
		}
	}
	if effOn && e >= paperRank && !grant {
		if err := c.Refuse(ErrActivationGrantMissing); err != nil {
			return err
		}
	}
	if effOn && e < paperRank && grant {
		if err := c.Refuse(ErrActivationGrantExtra); err != nil {
			return err
		}
	}
	return nil
}

// journalRules: trade-journal rules 1 and 2.
func journalRules(c *refusal.Checker, d *jsonvalue.Value) error {
	zero := num(d, "reflection_revision") == 0
	if zero && !isNull(d, "reflection") {
		if err := c.Refuse(ErrJournalReflectionExtra); err != nil {
			return err
		}
	}
	if !zero && isNull(d, "reflection") {
		if err := c.Refuse(ErrJournalReflectionMissing); err != nil {
			return err
		}
	}
	return nil
}

// noteRules: human-note-revision rule 1 (seed invariant 7): revision 1
// supersedes null, any other revision the one before it.
func noteRules(c *refusal.Checker, d *jsonvalue.Value) error {
	rev := num(d, "revision")
	exact := isNull(d, "supersedes")
	if rev != 1 {
		exact = !isNull(d, "supersedes") && num(d, "supersedes") == rev-1
	}
	if !exact {
		if err := c.Refuse(ErrNoteSupersedes); err != nil {
			return err
		}
	}
	return nil
}

// crossRules are the object rules by shape name.
var crossRules = map[string]func(c *refusal.Checker, d *jsonvalue.Value) error{
	OpRuntimeCapabilities:     capabilitiesRules,
	OpDataProbe:               probeRules,
	OpStrategyCompileArtifact: artifactRules,
	OpStrategyActivation:      activationRules,
	OpTradeJournal:            journalRules,
	OpHumanNoteRevision:       noteRules,
}

// validate runs the procedure of spec/ats-runtime.md on v as the shape
// name: the declaration (object, closed check, members in order), then the
// shape's object rules.
func validate(c *refusal.Checker, name string, v *jsonvalue.Value) error {
	if err := declared.Validate(c, name, v); err != nil {
		return err
	}
	if rules := crossRules[name]; rules != nil {
		return rules(c, v)
	}
	return nil
}

// validateEnvelope validates an envelope (spec/ats-runtime.md,
// "Decisions over more than one document" and "Precedence"): its declared
// shape, which validates each document member as its declared object when
// the member comes, then the object rules of each document, in the
// envelope's member order. docs gives each document member's name and
// shape.
func validateEnvelope(c *refusal.Checker, name string, v *jsonvalue.Value, docs ...[2]string) error {
	if err := declared.Validate(c, name, v); err != nil {
		return err
	}
	for _, d := range docs {
		if rules := crossRules[d[1]]; rules != nil {
			if err := rules(c, get(v, d[0])); err != nil {
				return err
			}
		}
	}
	return nil
}
