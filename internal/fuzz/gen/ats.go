package gen

// ats/1 (spec/ats.md): the canonical instances, read from the spec's
// prose (spec.Instances); the documents built from them for the
// validators, their values drawn from the declaration (declaredDefect's
// memberValue, with ats/1's named checks in atsPool); and the valid /2
// chains built for the gates, each with one change applied. Digests are
// sealed with crypto/sha256 over the independent gowebpki/jcs
// canonicalizer (JCSDigest), never by the reference.

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// ATSMember is one member of a document (Member) and ATSDoc a document
// (Doc): the one document model of the generators (doc.go).
type (
	ATSMember = Member
	ATSDoc    = Doc
)

// atsParse splits a JSON object text into its members; it panics on a text
// that is not one (the texts are the spec's instances and literals of
// these generators: a programming error).
func atsParse(text string) ATSDoc {
	d, ok := ParseDoc(text)
	if !ok {
		panic("gen: not an object: " + text)
	}
	return d
}

// ATSDigest is D(d) of spec/ats.md, "The ATS digest" (JCSDigest): "sha256:"
// and the hex SHA-256 of the JCS form, computed with gowebpki/jcs. It
// reports false when that canonicalizer refuses the document.
func ATSDigest(d ATSDoc) (string, bool) { return JCSDigest(d.JSON()) }

// atsDecl is the declaration of ats/1's shapes (spec/ats/shapes.json).
var atsDecl = spec.MustShapes("ats")

// atsInstances are the canonical instances of spec/ats.md, "Canonical
// instances", read from the spec's prose.
var atsInstances = spec.MustInstances("ats")

// atsInstance is the canonical instance name of spec/ats.md (the one with
// note, where two share the name), parsed; it panics when the spec has not
// exactly one (the spec is embedded and tested: a broken build).
func atsInstance(name, note string) ATSDoc {
	i, ok := spec.FindInstance(atsInstances, name, note)
	if !ok {
		panic("gen: spec/ats.md has no one canonical instance " + name + " " + note)
	}
	return atsParse(i.Text)
}

// The canonical documents of spec/ats.md, "Canonical instances": the
// reviews of the /1 and the /2 intent share their shape's name.
var (
	ATSState      = atsInstance("execution-state", "")
	ATSCapability = atsInstance("connector-capability", "")
	ATSBindingV1  = atsInstance("account-binding-v1", "")
	ATSBindingV2  = atsInstance("account-binding-v2", "")
	ATSGrantV1    = atsInstance("delegated-trading-grant-v1", "")
	ATSGrantV2    = atsInstance("delegated-trading-grant-v2", "")
	ATSUsage      = atsInstance("grant-usage", "")
	ATSIntentV1   = atsInstance("equity-order-intent-v1", "")
	ATSIntentV2   = atsInstance("equity-order-intent-v2", "")
	ATSReviewV1   = atsInstance("order-review-receipt", "the review of the /1 intent")
	ATSReviewV2   = atsInstance("order-review-receipt", "the review of the /2 intent")
	ATSApprovalV1 = atsInstance("operator-approval-v1", "")
	ATSApprovalV2 = atsInstance("operator-approval-v2", "")
	ATSReceiptV1  = atsInstance("execution-receipt-v1", "")
	ATSReceiptV2  = atsInstance("execution-receipt-v2", "")
	ATSProposalV1 = atsInstance("model-order-proposal-v1", "")
	ATSProposalV2 = atsInstance("model-order-proposal-v2", "")
)

// ATSDocOps maps each validator operation of ats/1, and the three built on
// the binding validators, to the canonical document it starts from: each
// declared object's validator its instance, order-review-receipt the
// review of the /2 intent.
var ATSDocOps = func() map[string]ATSDoc {
	ops := map[string]ATSDoc{"order-review-receipt": ATSReviewV2, "redact-binding-for-export": ATSBindingV2,
		"optional-binding": ATSBindingV1, "optional-binding-v2": ATSBindingV2}
	for _, o := range atsDecl.Objects {
		if _, set := ops[o.Name]; !set {
			ops[o.Name] = atsInstance(o.Name, "")
		}
	}
	return ops
}()

// atsEnumExtras are values a field's rule refuses that its neighbours or
// the seed make likely: a halt state requested, the provider's other
// confirmation modes, the market order type.
var atsEnumExtras = map[string][]string{
	"requested_mode": {"orders_paused"},
	"confirmation":   {"session", "standing"},
	"order_type":     {"market"},
}

// atsPool draws a value for a member under one of the named checks of
// spec/ats.md, "Field rules", at or past the check, or a valid other
// value: the declared defects' checkPool (declared.go). A number's checks
// (int) are the declared defects' own; a check it has no values for gives
// nil (then a value of another type).
func atsPool(s *Source, r shapes.Rule, cur *tv) *tv {
	pickS := func(list ...string) *tv { return tS(Pick(s, list)) }
	switch r.Check {
	case "ref":
		p := r.Args[0]
		switch s.Intn(4) {
		case 0:
			return tS(p + "_" + atsAlnum(s, Pick(s, []int{1, 64, 65, 0})))
		case 1:
			return tS(Pick(s, []string{"x", "bind", "grant", p}) + Pick(s, []string{"_", "-", ""}) + "1")
		case 2:
			return tS(p + "_" + Pick(s, []string{"a b", "a-b", "\u00e9", "a\n"}))
		}
		return tS(p + "_Other00001")
	case "name":
		return pickS("acme-fix", "other-broker", "a", "A", "1a", "a_b", "a"+strings.Repeat("b", 63), "a"+strings.Repeat("b", 64))
	case "reason-code":
		return pickS("insufficient_buying_power", "a", "Bad", "a-b", "a"+strings.Repeat("b", 63), "a"+strings.Repeat("b", 64))
	case "digest":
		return pickS("sha256:"+strings.Repeat("0", 63)+"1", "sha256:"+strings.Repeat("A", 64), "sha256:"+strings.Repeat("a", 63), "sha512:"+strings.Repeat("a", 64))
	case "currency":
		return pickS("EUR", "usd", "US", "USDX", "U$D")
	case "symbol", "equity-ticker":
		if s.Chance(4) {
			return pickS("AAPL", "BRK.B", "SPY", "HTTPS://X")
		}
		return tU(Symbol(s))
	case "label-length", "masked-label-v1", "closed-masked-label":
		if s.Chance(3) {
			return tS(Pick(s, atsValidLabels))
		}
		return tU(Label(s))
	case "strings":
		return tA(tS("live"), Pick(s, []*tv{tI(1), tL("null"), tA()}))
	case "set":
		set := r.Args
		switch s.Intn(4) {
		case 0:
			return tA()
		case 1:
			return tSs(set[len(set)-1], set[0])
		case 2:
			return tSs(set[0], set[0])
		}
		out := tA()
		for _, v := range set {
			if s.Chance(2) {
				out.elems = append(out.elems, tS(v))
			}
		}
		if len(out.elems) == 0 || s.Chance(8) {
			out.elems = append(out.elems, pickS("x", "limit", "live"))
		}
		return out
	}
	return nil
}

// ATSTags are the schema tags of ats/1, /1 and /2: the pinned
// schema_version of each declared object (spec/ats/shapes.json), in the
// declaration's order.
var ATSTags = func() []string {
	var out []string
	for _, o := range atsDecl.Objects {
		if t := atsTagOf(o); t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}()

// atsTagOf is the pinned schema_version of object o, or "" when it has
// none (grant-usage).
func atsTagOf(o *shapes.Object) string {
	if m := o.Member("schema_version"); m != nil {
		for _, r := range m.Rules {
			if r.Rule == shapes.RuleConst {
				return r.Value
			}
		}
	}
	return ""
}

// atsQuote is s as a JSON string literal (ASCII text).
func atsQuote(s string) string { return strconv.Quote(s) }

// atsAlnum draws n characters of [A-Za-z0-9].
func atsAlnum(s *Source, n int) string {
	const set = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = set[s.Intn(len(set))]
	}
	return string(b)
}

// atsNumbersOf lists the numbers of docs as JSON texts, with each one
// plus and minus one: the values that cross-field rules and branches
// compare against.
func atsNumbersOf(docs ...ATSDoc) []string {
	var out []string
	for _, d := range docs {
		for _, m := range d {
			n, err := strconv.ParseInt(m.Value, 10, 64)
			if err != nil {
				continue
			}
			out = append(out, strconv.FormatInt(n-1, 10), m.Value, strconv.FormatInt(n+1, 10))
		}
	}
	return out
}

// ATSStrictLabels are the masked labels of spec/ats.md, "Strict
// variants", that both label checks accept, each with the name of its
// vectors.
var ATSStrictLabels = []struct{ Name, Label string }{
	{"label-bullets", "\u2022\u2022\u2022\u2022 4821"}, {"label-joint", "Joint (...4821) #2"}, {"label-ira", "IRA_2 \u2026 1234-5678 *"},
}

// atsValidLabels are the labels both label checks accept: the canonical
// binding's and ATSStrictLabels.
var atsValidLabels = func() []string {
	var canonical string
	if json.Unmarshal([]byte(ATSBindingV2.Value("masked_label")), &canonical) != nil {
		panic("gen: the canonical binding's masked_label is not a string")
	}
	out := []string{canonical}
	for _, l := range ATSStrictLabels {
		out = append(out, l.Label)
	}
	return out
}()

// atsLabel draws one of atsValidLabels as JSON text, non-ASCII as \u
// escapes.
func atsLabel(s *Source) string { return strconv.QuoteToASCII(Pick(s, atsValidLabels)) }

// atsObject is the declared object d is an instance of: the one whose
// pinned schema_version d carries, else grant-usage (the one shape
// without a tag).
func atsObject(d ATSDoc) *shapes.Object {
	for _, o := range atsDecl.Objects {
		if t := atsTagOf(o); t != "" && strconv.Quote(t) == d.Value("schema_version") {
			return o
		}
	}
	return atsDecl.Object("grant-usage")
}

// atsWrongKind draws a value of any JSON type (wrongKind) as JSON text.
func atsWrongKind(s *Source) string { return string(wrongKind(s).write(nil, nil)) }

// atsValue draws a value for member name of d (JSON text): now and then a
// value of another type, a string with a lone surrogate, or a value an
// enum of that name refuses (atsEnumExtras); for a number, often a related
// number of rel (the values cross-field rules and branches compare
// against), for a nullable member now and then null; else a value at or
// past one of the member's declared rules (memberValue, with atsPool).
func atsValue(s *Source, d ATSDoc, name string, rel []string) string {
	o := atsObject(d)
	m := o.Member(name)
	switch s.Intn(12) {
	case 0:
		return atsWrongKind(s)
	case 1:
		return `"\ud800` + Pick(s, []string{"", "x", "a_1"}) + `"`
	case 2:
		if extra, ok := atsEnumExtras[name]; ok {
			return atsQuote(Pick(s, extra))
		}
	}
	switch {
	case m != nil && m.Type == "number" && len(rel) > 0 && s.Chance(2):
		return Pick(s, rel)
	case m != nil && m.Nullable && s.Chance(6):
		return "null"
	}
	var cur *tv
	if v, ok := d.Get(name); ok {
		cur, _ = tvOfJSON(v)
	}
	return string(memberValue(s, atsDecl, o, name, cur, atsPool).write(nil, nil))
}

// ATSDocument draws an input of a validator (or of the export and optional
// bindings) of ats/1: the canonical document of op with one or two changes
// (a field set to a drawn value, dropped, a member added, the members
// shuffled), or now and then `null`, a value that is not an object, or a
// truncated text.
func ATSDocument(s *Source, op string) []byte {
	d, ok := ATSDocOps[op]
	if !ok {
		return []byte("null")
	}
	if op == "redact-binding-for-export" && s.Chance(2) {
		d = ATSBindingV1
	}
	switch s.Intn(24) {
	case 0:
		return []byte(Pick(s, []string{"null", "[]", "1", `"x"`, "true"}))
	case 1:
		b := d.JSON()
		return b[:s.Intn(len(b))]
	}
	if _, has := d.Get("masked_label"); has && s.Chance(3) {
		d = d.Set("masked_label", atsLabel(s))
	}
	rel := atsNumbersOf(d)
	for range 1 + s.Intn(2) {
		if s.Exhausted() {
			break
		}
		switch s.Intn(10) {
		case 0:
			d = d.Drop(d[s.Intn(len(d))].Name)
		case 1:
			d = d.Set(Pick(s, []string{"account_number", "note", "grant_id", "environment", "operator_decision", "client_order_id"}), Pick(s, []string{`"000123456789"`, "1", `"\ud800"`, "1e400"}))
		default:
			if len(d) > 0 {
				name := d[s.Intn(len(d))].Name
				d = d.Set(name, atsValue(s, d, name, rel))
			}
		}
	}
	if s.Chance(4) {
		d = d.Shuffled(s)
	}
	return d.JSON()
}

// ATSChain is a gate input of ats/1 (spec/ats.md, "Envelopes"): its six
// members as documents and its three scalars as JSON texts.
type ATSChain struct {
	Intent, Review, Approval, Binding, Grant, Usage ATSDoc
	Mode, Clock, Position                           string
	// Extra holds envelope members outside the envelope, and Missing the
	// envelope members left out (a change of the envelope).
	Extra   ATSDoc
	Missing map[string]bool
}

// ATSFaithful returns the faithful /2 chain F of spec/ats.md ("Canonical
// instances").
func ATSFaithful() ATSChain {
	return ATSChain{Intent: ATSIntentV2, Review: ATSReviewV2, Approval: ATSApprovalV2, Binding: ATSBindingV2,
		Grant: ATSGrantV2, Usage: ATSUsage, Mode: `"approve"`, Clock: "1790000180000", Position: "5800000"}
}

// Reseal sets, in this order, R.intent_digest := D(I), A.intent_digest :=
// D(I) and A.review_digest := D(R) (spec/ats.md, "Vectors"), skipping a
// digest gowebpki/jcs cannot compute and the digests keep names
// ("review.intent", "approval.intent", "approval.review": those a case
// changes on purpose).
func (c ATSChain) Reseal(keep ...string) ATSChain {
	dI, okI := ATSDigest(c.Intent)
	if okI && !slices.Contains(keep, "review.intent") {
		c.Review = c.Review.Set("intent_digest", atsQuote(dI))
	}
	if okI && !slices.Contains(keep, "approval.intent") {
		c.Approval = c.Approval.Set("intent_digest", atsQuote(dI))
	}
	if dR, ok := ATSDigest(c.Review); ok && !slices.Contains(keep, "approval.review") {
		c.Approval = c.Approval.Set("review_digest", atsQuote(dR))
	}
	return c
}

// envelope writes the envelope's members, commit ones too when commit.
func (c ATSChain) envelope(commit bool) []byte {
	d := ATSDoc{{"intent", string(c.Intent.JSON())}, {"review", string(c.Review.JSON())}, {"approval", string(c.Approval.JSON())}}
	if commit {
		d = append(d, ATSMember{"binding", string(c.Binding.JSON())}, ATSMember{"grant", string(c.Grant.JSON())},
			ATSMember{"usage", string(c.Usage.JSON())}, ATSMember{"mode", c.Mode})
	}
	d = append(d, ATSMember{"clock_ms", c.Clock})
	if commit {
		d = append(d, ATSMember{"resulting_position_notional_minor", c.Position})
	}
	for name := range c.Missing {
		d = d.Drop(name)
	}
	return append(d, c.Extra...).JSON()
}

// Commit is the chain as the commit gates' envelope.
func (c ATSChain) Commit() []byte { return c.envelope(true) }

// ApprovalChain is the chain as the approval-chain gates' envelope.
func (c ATSChain) ApprovalChain() []byte { return c.envelope(false) }

// Input is the chain as the envelope of the gate op.
func (c ATSChain) Input(op string) []byte {
	return c.envelope(strings.Contains(op, "commit"))
}

// Shuffled returns c with the members of every member document in an
// order drawn from s (the envelope order is fixed).
func (c ATSChain) Shuffled(s *Source) ATSChain {
	c.Intent, c.Review, c.Approval = c.Intent.Shuffled(s), c.Review.Shuffled(s), c.Approval.Shuffled(s)
	c.Binding, c.Grant, c.Usage = c.Binding.Shuffled(s), c.Grant.Shuffled(s), c.Usage.Shuffled(s)
	return c
}

// ATSValidChain draws a valid /2 chain from F: quantity and limit price
// within the grant's per-order limits, a symbol of its allowlist, one of
// its sides, usage and position within its daily and position limits, a
// clock inside the approval's window (the narrowest), a mode that submits,
// a valid /2 label; now and then the whole chain in environment paper.
// The limits and the window are read from F's documents. Every member
// passes its /2 validator and every gate accepts it.
func ATSValidChain(s *Source) ATSChain {
	c := ATSFaithful()
	num := func(d ATSDoc, name string) uint64 {
		n, _ := strconv.ParseUint(d.Value(name), 10, 64)
		return n
	}
	q := 1 + s.Uint64()%num(c.Grant, "max_order_quantity")
	p := 1 + s.Uint64()%(num(c.Grant, "max_order_notional_minor")/q)
	n := q * p
	sym := atsQuote(Pick(s, atsStrings(c.Grant.Value("symbol_allowlist"))))
	side := atsQuote(Pick(s, atsStrings(c.Grant.Value("sides"))))
	for _, d := range []*ATSDoc{&c.Intent, &c.Approval} {
		*d = d.Set("quantity", strconv.FormatUint(q, 10)).Set("limit_price_minor", strconv.FormatUint(p, 10)).Set("symbol", sym).Set("side", side)
	}
	c.Usage = c.Usage.Set("orders_submitted", strconv.FormatUint(s.Uint64()%num(c.Grant, "max_daily_orders"), 10)).
		Set("notional_submitted_minor", strconv.FormatUint(s.Uint64()%(num(c.Grant, "max_daily_notional_minor")-n+1), 10))
	c.Position = strconv.FormatUint(s.Uint64()%(num(c.Grant, "max_position_notional_minor")+1), 10)
	from, to := num(c.Approval, "approved_at_ms"), num(c.Approval, "expires_at_ms")
	c.Clock = strconv.FormatUint(from+s.Uint64()%(to-from), 10)
	c.Mode = atsQuote(Pick(s, []string{"approve", "auto"}))
	c.Binding = c.Binding.Set("masked_label", atsLabel(s))
	if s.Chance(4) {
		for _, d := range []*ATSDoc{&c.Intent, &c.Review, &c.Approval, &c.Binding, &c.Grant} {
			*d = d.Set("environment", `"paper"`)
		}
		c.Mode = atsQuote(Pick(s, []string{"paper", "approve", "auto"}))
	}
	return c.Reseal()
}

// atsStrings reads a JSON array of strings (the instances' sets and
// allowlists); nil when text is not one.
func atsStrings(text string) []string {
	var out []string
	if json.Unmarshal([]byte(text), &out) != nil {
		return nil
	}
	return out
}

// ATSChanges names the changes ATSMutateChain applies (the fuzzing of
// spec/ats.md, "Gates").
var ATSChanges = []string{"retag", "relink", "expire", "limit", "environment", "ieee", "field", "envelope", "canonical", "none"}

// ATSMutateChain applies one change to c, drawn from s, and returns the
// changed chain and the change's name (ATSChanges): retag a member,
// re-link the binding, expire a window, exceed a limit, swap an
// environment, NaN, infinities and negative numbers in the clock, usage or
// position, a drawn value in one field of one member (resealed or not), an
// envelope defect, or a value without a JCS form.
func ATSMutateChain(s *Source, c ATSChain) (ATSChain, string) {
	docs := []*ATSDoc{&c.Intent, &c.Review, &c.Approval, &c.Binding, &c.Grant, &c.Usage}
	rel := append(atsNumbersOf(c.Intent, c.Review, c.Approval, c.Grant, c.Usage), c.Clock)
	if n, err := strconv.ParseInt(c.Clock, 10, 64); err == nil {
		rel = append(rel, strconv.FormatInt(n+1, 10), strconv.FormatInt(n-1, 10))
	}
	q, _ := c.Intent.Get("quantity")
	p, _ := c.Intent.Get("limit_price_minor")
	qi, _ := strconv.ParseInt(q, 10, 64)
	pi, _ := strconv.ParseInt(p, 10, 64)
	n := qi * pi
	rel = append(rel, strconv.FormatInt(n-1, 10), strconv.FormatInt(n, 10))
	ieee := []string{`"NaN"`, `"Infinity"`, `"-Infinity"`, "-1", "-0", "2.5", "1e400", "-5800000", `"nan"`, "1790000180000.5"}
	kind := Pick(s, ATSChanges)
	switch kind {
	case "retag":
		d := Pick(s, []*ATSDoc{&c.Intent, &c.Approval, &c.Binding, &c.Grant, &c.Review})
		if s.Chance(8) {
			*d = d.Drop("schema_version")
		} else {
			*d = d.Set("schema_version", Pick(s, append([]string{"1"}, atsQuotedTags()...)))
		}
		c = c.Reseal()
	case "relink":
		d := Pick(s, []*ATSDoc{&c.Binding, &c.Review, &c.Approval, &c.Intent, &c.Grant})
		if s.Chance(2) {
			g, _ := d.Get("binding_generation")
			gi, _ := strconv.ParseInt(g, 10, 64)
			*d = d.Set("binding_generation", strconv.FormatInt(gi+1, 10))
		} else {
			*d = d.Set("account_binding_id", `"bind_Other00001"`)
		}
		c = c.Reseal()
	case "expire":
		exp := []struct {
			d    *ATSDoc
			name string
		}{{&c.Intent, "expires_at_ms"}, {&c.Review, "approval_deadline_ms"}, {&c.Review, "reservation_expires_at_ms"},
			{&c.Approval, "expires_at_ms"}, {&c.Grant, "expires_at_ms"}, {&c.Grant, "issued_at_ms"}, {&c.Approval, "approved_at_ms"}, {&c.Review, "reviewed_at_ms"}}
		e := Pick(s, exp)
		if s.Chance(2) {
			v, _ := e.d.Get(e.name)
			c.Clock = v
		} else {
			*e.d = e.d.Set(e.name, Pick(s, rel))
		}
		c = c.Reseal()
	case "limit":
		switch s.Intn(4) {
		case 0:
			name := Pick(s, []string{"max_order_quantity", "max_order_notional_minor", "max_daily_orders", "max_daily_notional_minor", "max_position_notional_minor"})
			c.Grant = c.Grant.Set(name, Pick(s, rel))
		case 1:
			c.Usage = c.Usage.Set(Pick(s, []string{"orders_submitted", "notional_submitted_minor"}), Pick(s, append(rel, "20", "49419881", "50000000")))
		case 2:
			c.Position = Pick(s, []string{"100000000", "100000001", "1000000000000000"})
		default:
			c.Grant = c.Grant.Set(Pick(s, []string{"symbol_allowlist", "sides"}), Pick(s, []string{"[]", `["sell"]`, `["buy"]`, `["AAPL"]`, `["AAPL","BRK.B"]`}))
		}
	case "environment":
		d := Pick(s, []*ATSDoc{&c.Intent, &c.Review, &c.Approval, &c.Binding, &c.Grant})
		e, _ := d.Get("environment")
		*d = d.Set("environment", map[bool]string{true: `"live"`, false: `"paper"`}[e == `"paper"`])
		if s.Chance(3) {
			c.Mode = Pick(s, []string{`"paper"`, `"approve"`})
		}
		c = c.Reseal()
	case "ieee":
		switch s.Intn(3) {
		case 0:
			c.Clock = Pick(s, ieee)
		case 1:
			c.Position = Pick(s, ieee)
		default:
			c.Usage = c.Usage.Set(Pick(s, []string{"orders_submitted", "notional_submitted_minor"}), Pick(s, ieee))
			if s.Chance(2) {
				c.Grant = c.Grant.Set(Pick(s, []string{"max_daily_orders", "max_position_notional_minor"}), "0")
			}
		}
	case "field":
		d := Pick(s, docs)
		if len(*d) > 0 {
			name := (*d)[s.Intn(len(*d))].Name
			*d = d.Set(name, atsValue(s, *d, name, rel))
		}
		if s.Chance(2) {
			c = c.Reseal()
		}
	case "envelope":
		switch s.Intn(5) {
		case 0:
			c.Missing = map[string]bool{Pick(s, []string{"intent", "clock_ms", "mode", "usage", "resulting_position_notional_minor"}): true}
		case 1:
			c.Extra = ATSDoc{{Pick(s, []string{"note", "intent_digest"}), `"x"`}}
		case 2:
			c.Mode = Pick(s, []string{"1", "null", `"offline"`, `"observe"`, `"review_only"`, `"paper"`, `"orders_paused"`, `"emergency_locked"`, `"Approve"`, `"auto"`})
		case 3:
			c.Clock = Pick(s, []string{"true", "null", `"inf"`, `"1"`, "[]"})
		default:
			d := Pick(s, docs)
			if len(*d) > 0 {
				name := (*d)[s.Intn(len(*d))].Name
				if s.Chance(2) {
					*d = d.Drop(name)
				} else {
					*d = d.Set(name, atsWrongKind(s))
				}
			}
		}
	case "canonical":
		d := Pick(s, []*ATSDoc{&c.Intent, &c.Review})
		*d = d.Set("note", Pick(s, []string{`"\ud800"`, `"\udc00"`, "1e400", "-1e400"}))
	}
	return c, kind
}

// atsQuotedTags is ATSTags as JSON string literals.
func atsQuotedTags() []string {
	out := make([]string, len(ATSTags))
	for i, t := range ATSTags {
		out[i] = atsQuote(t)
	}
	return out
}

// ATSGateInput draws an input of the gate op: a valid /2 chain with one
// change (or none), now and then truncated or not an object.
func ATSGateInput(s *Source, op string) []byte {
	switch s.Intn(40) {
	case 0:
		return []byte(Pick(s, []string{"[]", "null", "1", "{}"}))
	case 1:
		b := ATSValidChain(s).Input(op)
		return b[:s.Intn(len(b))]
	}
	c, _ := ATSMutateChain(s, ATSValidChain(s))
	if s.Chance(8) {
		c = c.Shuffled(s)
	}
	return c.Input(op)
}
