package modelselector

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

type interpCheck = interp.Check

// declared is the declaration of the closed objects
// (spec/model-selector/shapes.json), run by the shape interpreter.
var declared = interp.MustLoad(Contract, Guards, checks, nil)

// tierPins are the three required pins of tier-selectors with their tier
// names, in reading order (spec/model-selector.md, "tier-selectors").
var tierPins = [3][2]string{{"l1", "ATOMA_MODEL_L1"}, {"l2", "ATOMA_MODEL_L2"}, {"l3", "ATOMA_MODEL_L3"}}

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

// readKind reads the input and requires its value to be of kind k
// (ErrType, with no accept path).
func readKind(c *refusal.Checker, in []byte, k jsonvalue.Kind) (*jsonvalue.Value, error) {
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != k {
		if err := c.Refuse(ErrType); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrType}
	}
	return v, nil
}

// readObject reads the input as the declared object named object.
func readObject(c *refusal.Checker, in []byte, object string) (*jsonvalue.Value, error) {
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := declared.Validate(c, object, v); err != nil {
		return nil, err
	}
	return v, nil
}

// readString reads the input as a selector string and parses it.
func readString(c *refusal.Checker, in []byte) (Selector, error) {
	v, err := readKind(c, in, jsonvalue.String)
	if err != nil {
		return Selector{}, err
	}
	return parseSelector(c, v.Units)
}

// member returns member name of the object v (declared present).
func member(v *jsonvalue.Value, name string) *jsonvalue.Value {
	f, _ := v.Get(name)
	return f
}

// parsed is the parse output object of s: {"mode","vendor","model"}.
func parsed(b []byte, s Selector) []byte {
	b = append(b, `{"mode":`...)
	b = quote(b, s.Mode)
	b = append(b, `,"vendor":`...)
	b = quote(b, s.Vendor)
	b = append(b, `,"model":`...)
	b = quote(b, s.Model)
	return append(b, '}')
}

// quote appends u as a JSON string in the output form: every unit
// outside U+0020-U+007E, and the quote and the backslash, as \u and four
// lowercase hex digits (jsonvalue.AppendJSON).
func quote(b []byte, u []uint16) []byte {
	return jsonvalue.AppendJSON(b, &jsonvalue.Value{Kind: jsonvalue.String, Units: u})
}

// field appends `"name":` and the quoted value after a separator sep.
func field(b []byte, sep byte, name string, u []uint16) []byte {
	b = append(b, sep, '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return quote(b, u)
}

// Parse is parseModelSelector: its input is a JSON value input holding a
// selector string; it answers {"mode","vendor","model"}. It refuses
// ErrInput, ErrType (not a string), then the grammar's ErrSegments,
// ErrMode, ErrVendor, ErrModel, ErrOllama (seed 000, "Model selectors and
// who paid for a run").
func Parse(in []byte, opts ...refusal.Option) ([]byte, error) {
	s, err := readString(refusal.New(opts...), in)
	if err != nil {
		return nil, err
	}
	return parsed(nil, s), nil
}

// Transport is transportOf over a selector string: it answers
// {"transport"} and refuses as Parse does.
func Transport(in []byte, opts ...refusal.Option) ([]byte, error) {
	s, err := readString(refusal.New(opts...), in)
	if err != nil {
		return nil, err
	}
	return append(field(nil, '{', "transport", s.Transport()), '}'), nil
}

// Payer is payerForSelector: its input is the declared object payer,
// {selector, org_keys}; it answers {"payer"}. It refuses ErrInput, then
// the declaration's guards (ErrType, unknown and missing members, the
// selector's type and grammar, org_keys).
func Payer(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readObject(c, in, "payer")
	if err != nil {
		return nil, err
	}
	s, _ := readSelector(member(v, "selector").Units, func(int) error { return nil })
	return append(field(nil, '{', "payer", jsonvalue.FromString(s.Payer(member(v, "org_keys").Elems))), '}'), nil
}

// TierSelectors is readTierSelectors: its input is an environment, a JSON
// object of variables; it reads ATOMA_MODEL_L1, L2 and L3 in order, each
// required (absent, not a string or empty: ErrPin, no accept path, no
// default) and parsed by the grammar, and answers {"l1","l2","l3"}, each
// the parse output of its pin. It refuses ErrInput, ErrType, then per pin
// ErrPin or the grammar's guards.
func TierSelectors(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readKind(c, in, jsonvalue.Object)
	if err != nil {
		return nil, err
	}
	out := []byte{}
	for i, p := range tierPins {
		f, ok := v.Get(p[1])
		if !ok || f.Kind != jsonvalue.String || len(f.Units) == 0 {
			if err := c.Refuse(ErrPin); err != nil {
				return nil, err
			}
			return nil, &refusal.Error{Guard: ErrPin}
		}
		s, err := parseSelector(c, f.Units)
		if err != nil {
			return nil, err
		}
		sep := byte(',')
		if i == 0 {
			sep = '{'
		}
		out = append(out, sep, '"')
		out = append(out, p[0]...)
		out = append(out, '"', ':')
		out = parsed(out, s)
	}
	return append(out, '}'), nil
}

// RunPayers is the per-tier payer ledger (runPayers.ts) with admissibility
// by chain level: its input is the declared object run-payers, {l1, l2,
// l3, org_keys}, each tier {selector, level}; a sub or own selector from a
// level other than account is ErrAdmissible. It answers the array of the
// three rows, each {"tier","selector","transport","payer","level"}. It
// refuses ErrInput, the declaration's guards, then ErrAdmissible for l1,
// l2, l3 in order.
func RunPayers(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readObject(c, in, "run-payers")
	if err != nil {
		return nil, err
	}
	keys := member(v, "org_keys").Elems
	out := []byte{'['}
	for i, p := range tierPins {
		pin := member(v, p[0])
		sel, level := member(pin, "selector").Units, member(pin, "level").Units
		s, _ := readSelector(sel, func(int) error { return nil })
		if s.subscription() && !jsonvalue.EqualString(level, "account") {
			if err := c.Refuse(ErrAdmissible); err != nil {
				return nil, err
			}
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = field(out, '{', "tier", jsonvalue.FromString(p[0]))
		out = field(out, ',', "selector", sel)
		out = field(out, ',', "transport", s.Transport())
		out = field(out, ',', "payer", jsonvalue.FromString(s.Payer(keys)))
		out = append(field(out, ',', "level", level), '}')
	}
	return append(out, ']'), nil
}

// CommitSha is commitShaSchema: its input is a JSON string of exactly 40
// lowercase hex digits; it answers {"sha"}. It refuses ErrInput, ErrType,
// ErrCommitSha.
func CommitSha(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readKind(c, in, jsonvalue.String)
	if err != nil {
		return nil, err
	}
	if !isSha(v.Units) {
		if err := c.Refuse(ErrCommitSha); err != nil {
			return nil, err
		}
	}
	return append(field(nil, '{', "sha", v.Units), '}'), nil
}

// PublicationReceipt validates the declared object publication-receipt,
// {commitSha, baseSha}: baseSha a required key with a commit sha or null
// (seed 000, "Publication receipts"); it answers {"commitSha","baseSha"}.
// It refuses ErrInput, then the declaration's guards.
func PublicationReceipt(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readObject(c, in, "publication-receipt")
	if err != nil {
		return nil, err
	}
	out := field(nil, '{', "commitSha", member(v, "commitSha").Units)
	if base := member(v, "baseSha"); base.Kind == jsonvalue.Null {
		out = append(out, `,"baseSha":null`...)
	} else {
		out = field(out, ',', "baseSha", base.Units)
	}
	return append(out, '}'), nil
}
