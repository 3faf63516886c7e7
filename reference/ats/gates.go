package ats

import (
	"math"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The gates of spec/ats.md, "Gates": two version-blind (the seed's
// verifyApprovalChain and verifyCommitAuthority) and two executable ones,
// which add the version step and re-validation before the same branches.

// gate is one gate operation.
type gate struct {
	commit     bool   // the commit envelope and the commit branches
	executable bool   // steps 3 and 4
	decision   string // the verdict's decision
}

// The decisions of spec/ats.md, "Step 8".
const (
	decisionChain  = "approval-chain-verified"
	decisionCommit = "commit-authorized"
)

// The non-finite strings of spec/ats.md, "Numbers in the gates": allowed
// in clock_ms, resulting_position_notional_minor and the usage counters.
const (
	strNaN    = "NaN"
	strInf    = "Infinity"
	strNegInf = "-Infinity"
)

// counter reports whether x is a JSON number or one of the three
// non-finite strings (case matters).
func counter(x *jsonvalue.Value) bool {
	if kindIs(x, jsonvalue.Number) {
		return true
	}
	return kindIs(x, jsonvalue.String) && oneOf(x.Units, strNaN, strInf, strNegInf)
}

// counterValue reads a counter as an IEEE-754 double: a number's nearest
// double (beyond the range, an infinity by its sign), or NaN, +Inf, -Inf.
func counterValue(x *jsonvalue.Value) float64 {
	if x.Kind == jsonvalue.Number {
		return double(x.Text)
	}
	switch {
	case jsonvalue.EqualString(x.Units, strNaN):
		return math.NaN()
	case jsonvalue.EqualString(x.Units, strInf):
		return math.Inf(1)
	}
	return math.Inf(-1)
}

// envelopeMembers are the members of each envelope (spec/ats.md,
// "Envelopes").
var (
	chainEnvelope  = []string{"intent", "review", "approval", "clock_ms"}
	commitEnvelope = []string{"intent", "review", "approval", "binding", "grant", "usage", "mode", "clock_ms", "resulting_position_notional_minor"}
)

// envelopeOK reports whether v is the operation's chain envelope: an
// object with exactly its members, the documents objects, mode a string,
// clock_ms and resulting_position_notional_minor counters.
func envelopeOK(v *jsonvalue.Value, commit bool) bool {
	names := chainEnvelope
	if commit {
		names = commitEnvelope
	}
	if !v.HasExactly(names...) {
		return false
	}
	for _, n := range names {
		x := get(v, n)
		switch n {
		case "mode":
			if x.Kind != jsonvalue.String {
				return false
			}
		case "clock_ms", "resulting_position_notional_minor":
			if !counter(x) {
				return false
			}
		default:
			if x.Kind != jsonvalue.Object {
				return false
			}
		}
	}
	return true
}

// versionOK is step 3: the members carry the /2 tags of their roles (the
// intent and the approval; for the commit gate also the binding and the
// grant).
func versionOK(v *jsonvalue.Value, commit bool) bool {
	if !is(get(v, "intent"), "schema_version", TagIntentV2) || !is(get(v, "approval"), "schema_version", TagApprovalV2) {
		return false
	}
	return !commit || is(get(v, "binding"), "schema_version", TagAccountBindingV2) && is(get(v, "grant"), "schema_version", TagGrantV2)
}

// revalidated is step 4: each member passes its validator with no guard
// ignored (a fresh Checker), in order, and clock_ms (and for the commit
// gate resulting_position_notional_minor) is a whole non-negative number,
// int[0, 9007199254740991] on the literal. Any exception met here fails
// closed: a panic is recovered and read as a failure.
func revalidated(v *jsonvalue.Value, commit bool) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	members := []struct {
		name string
		s    *shape
	}{{"intent", intentV2}, {"review", orderReviewReceipt}, {"approval", approvalV2}}
	if commit {
		members = append(members, []struct {
			name string
			s    *shape
		}{{"binding", accountBindingV2}, {"grant", grantV2}, {"usage", grantUsage}}...)
	}
	for _, m := range members {
		if _, err := verdictValue(refusal.New(), m.s, get(v, m.name)); err != nil {
			return false
		}
	}
	whole := func(name string) bool {
		x := get(v, name)
		return x.Kind == jsonvalue.Number && inRange(x.Text, "0", maxSafe)
	}
	return whole("clock_ms") && (!commit || whole("resulting_position_notional_minor"))
}

// The read set of step 5 (spec/ats.md, "Step 5: the read set"), per
// member: the fields read as strings, as numbers, as arrays of strings
// and as counters.
type readSet struct {
	member                            string
	strings, numbers, lists, counters []string
}

var chainReads = []readSet{
	{member: "intent",
		strings: []string{"provider", "account_binding_id", "adapter_id", "endpoint_schema_digest", "environment", "grant_id", "symbol", "side", "currency"},
		numbers: []string{"binding_generation", "quantity", "limit_price_minor", "expires_at_ms"}},
	{member: "review",
		strings: []string{"intent_digest", "provider", "account_binding_id", "adapter_id", "endpoint_schema_digest", "environment", "grant_id", "status"},
		numbers: []string{"binding_generation", "reviewed_at_ms", "approval_deadline_ms", "reservation_expires_at_ms"}},
	{member: "approval",
		strings: []string{"review_digest", "intent_digest", "provider", "account_binding_id", "adapter_id", "endpoint_schema_digest", "environment", "symbol", "side", "currency", "decision", "status"},
		numbers: []string{"binding_generation", "quantity", "limit_price_minor", "approved_at_ms", "expires_at_ms"}},
}

var commitReads = []readSet{
	{member: "review", numbers: []string{"grant_version"}},
	{member: "binding",
		strings: []string{"account_binding_id", "provider", "adapter_id", "endpoint_schema_digest", "environment", "status", "currency"},
		numbers: []string{"binding_generation"}},
	{member: "grant",
		strings: []string{"grant_id", "account_binding_id", "environment", "currency"},
		lists:   []string{"symbol_allowlist", "sides"},
		numbers: []string{"grant_version", "issued_at_ms", "expires_at_ms", "max_order_quantity", "max_order_notional_minor", "max_daily_orders", "max_daily_notional_minor", "max_position_notional_minor"}},
	{member: "usage", strings: []string{"grant_id"}, counters: []string{"orders_submitted", "notional_submitted_minor"}},
}

// readOK reports whether every field of the read sets is present in its
// member with its JSON type.
func readOK(v *jsonvalue.Value, sets []readSet) bool {
	for _, rs := range sets {
		m := get(v, rs.member)
		for _, n := range rs.strings {
			if !kindIs(get(m, n), jsonvalue.String) {
				return false
			}
		}
		for _, n := range rs.numbers {
			if !kindIs(get(m, n), jsonvalue.Number) {
				return false
			}
		}
		for _, n := range rs.lists {
			if !allStrings(get(m, n)) {
				return false
			}
		}
		for _, n := range rs.counters {
			if !counter(get(m, n)) {
				return false
			}
		}
	}
	return true
}

// chain holds the members and inputs the branches read (spec/ats.md,
// "Step 7": I, R, A, B, G, U, t, P, mode), every number as a double.
type chain struct {
	i, r, a, b, g, u *jsonvalue.Value
	t, p             float64
	mode             []uint16
	dI, dR           []uint16
}

// s is member m's string field f; n its number field f, as a double.
func s(m *jsonvalue.Value, f string) []uint16 { return get(m, f).Units }
func n(m *jsonvalue.Value, f string) float64  { return double(get(m, f).Text) }

// differ is string inequality on unit sequences.
func differ(a, b []uint16) bool { return !jsonvalue.Equal(a, b) }

// isStr reports whether member m's string field f is the ASCII string x.
func isStr(m *jsonvalue.Value, f, x string) bool { return jsonvalue.EqualString(s(m, f), x) }

// approvalBranches are branches 1 to 32, in order. An ignored branch lets
// the next one run.
func approvalBranches(c *refusal.Checker, ch *chain) error {
	I, R, A, t := ch.i, ch.r, ch.a, ch.t
	if differ(s(R, "intent_digest"), ch.dI) {
		if err := c.Refuse(ErrChainReviewIntent); err != nil {
			return err
		}
	}
	if differ(s(A, "review_digest"), ch.dR) {
		if err := c.Refuse(ErrChainApprovalReview); err != nil {
			return err
		}
	}
	if differ(s(A, "intent_digest"), ch.dI) {
		if err := c.Refuse(ErrChainApprovalIntent); err != nil {
			return err
		}
	}
	if differ(s(A, "intent_digest"), s(R, "intent_digest")) {
		if err := c.Refuse(ErrChainApprovalReviewIntent); err != nil {
			return err
		}
	}
	if differ(s(R, "provider"), s(I, "provider")) {
		if err := c.Refuse(ErrChainReviewProvider); err != nil {
			return err
		}
	}
	if differ(s(R, "account_binding_id"), s(I, "account_binding_id")) {
		if err := c.Refuse(ErrChainReviewBinding); err != nil {
			return err
		}
	}
	if n(R, "binding_generation") != n(I, "binding_generation") {
		if err := c.Refuse(ErrChainReviewGeneration); err != nil {
			return err
		}
	}
	if differ(s(R, "adapter_id"), s(I, "adapter_id")) {
		if err := c.Refuse(ErrChainReviewAdapter); err != nil {
			return err
		}
	}
	if differ(s(R, "endpoint_schema_digest"), s(I, "endpoint_schema_digest")) {
		if err := c.Refuse(ErrChainReviewEndpoint); err != nil {
			return err
		}
	}
	if differ(s(R, "environment"), s(I, "environment")) {
		if err := c.Refuse(ErrChainReviewEnvironment); err != nil {
			return err
		}
	}
	if differ(s(A, "provider"), s(I, "provider")) {
		if err := c.Refuse(ErrChainApprovalProvider); err != nil {
			return err
		}
	}
	if differ(s(A, "account_binding_id"), s(I, "account_binding_id")) {
		if err := c.Refuse(ErrChainApprovalBinding); err != nil {
			return err
		}
	}
	if n(A, "binding_generation") != n(I, "binding_generation") {
		if err := c.Refuse(ErrChainApprovalGeneration); err != nil {
			return err
		}
	}
	if differ(s(A, "adapter_id"), s(I, "adapter_id")) {
		if err := c.Refuse(ErrChainApprovalAdapter); err != nil {
			return err
		}
	}
	if differ(s(A, "endpoint_schema_digest"), s(I, "endpoint_schema_digest")) {
		if err := c.Refuse(ErrChainApprovalEndpoint); err != nil {
			return err
		}
	}
	if differ(s(A, "environment"), s(I, "environment")) {
		if err := c.Refuse(ErrChainApprovalEnvironment); err != nil {
			return err
		}
	}
	if differ(s(R, "grant_id"), s(I, "grant_id")) {
		if err := c.Refuse(ErrChainReviewGrant); err != nil {
			return err
		}
	}
	if differ(s(A, "symbol"), s(I, "symbol")) {
		if err := c.Refuse(ErrChainApprovalSymbol); err != nil {
			return err
		}
	}
	if differ(s(A, "side"), s(I, "side")) {
		if err := c.Refuse(ErrChainApprovalSide); err != nil {
			return err
		}
	}
	if n(A, "quantity") != n(I, "quantity") {
		if err := c.Refuse(ErrChainApprovalQuantity); err != nil {
			return err
		}
	}
	if n(A, "limit_price_minor") != n(I, "limit_price_minor") {
		if err := c.Refuse(ErrChainApprovalPrice); err != nil {
			return err
		}
	}
	if differ(s(A, "currency"), s(I, "currency")) {
		if err := c.Refuse(ErrChainApprovalCurrency); err != nil {
			return err
		}
	}
	if isStr(R, "status", statusRefused) {
		if err := c.Refuse(ErrChainReviewRefused); err != nil {
			return err
		}
	}
	if isStr(R, "status", statusExpired) {
		if err := c.Refuse(ErrChainReviewExpired); err != nil {
			return err
		}
	}
	if isStr(A, "decision", decRejected) {
		if err := c.Refuse(ErrChainApprovalRejected); err != nil {
			return err
		}
	}
	if isStr(A, "status", statusSpent) {
		if err := c.Refuse(ErrChainApprovalSpent); err != nil {
			return err
		}
	}
	if t >= n(I, "expires_at_ms") {
		if err := c.Refuse(ErrChainIntentExpired); err != nil {
			return err
		}
	}
	if t >= n(R, "approval_deadline_ms") {
		if err := c.Refuse(ErrChainReviewDeadlinePassed); err != nil {
			return err
		}
	}
	if t >= n(R, "reservation_expires_at_ms") {
		if err := c.Refuse(ErrChainReservationExpired); err != nil {
			return err
		}
	}
	if n(A, "approved_at_ms") < n(R, "reviewed_at_ms") {
		if err := c.Refuse(ErrChainApprovalEarly); err != nil {
			return err
		}
	}
	if n(A, "approved_at_ms") >= n(R, "approval_deadline_ms") {
		if err := c.Refuse(ErrChainApprovalLate); err != nil {
			return err
		}
	}
	if t >= n(A, "expires_at_ms") {
		if err := c.Refuse(ErrChainApprovalExpired); err != nil {
			return err
		}
	}
	return nil
}

// listHas reports whether the array of strings x has an element equal to
// u.
func listHas(x *jsonvalue.Value, u []uint16) bool {
	for i := range x.Elems {
		if jsonvalue.Equal(x.Elems[i].Units, u) {
			return true
		}
	}
	return false
}

// commitBranches are branches 33 to 60, in order. An ignored branch lets
// the next one run. N is I.quantity x I.limit_price_minor, one IEEE
// multiplication, rounded to a double before any addition (the explicit
// conversion keeps Go from fusing it into a multiply-add).
func commitBranches(c *refusal.Checker, ch *chain) error {
	I, R, B, G, U, t, P, mode := ch.i, ch.r, ch.b, ch.g, ch.u, ch.t, ch.p, ch.mode
	N := float64(n(I, "quantity") * n(I, "limit_price_minor"))
	if differ(s(B, "account_binding_id"), s(I, "account_binding_id")) {
		if err := c.Refuse(ErrCommitBindingAccount); err != nil {
			return err
		}
	}
	if n(B, "binding_generation") != n(R, "binding_generation") {
		if err := c.Refuse(ErrCommitBindingRelinked); err != nil {
			return err
		}
	}
	if differ(s(B, "provider"), s(I, "provider")) {
		if err := c.Refuse(ErrCommitBindingProvider); err != nil {
			return err
		}
	}
	if differ(s(B, "adapter_id"), s(I, "adapter_id")) {
		if err := c.Refuse(ErrCommitBindingAdapter); err != nil {
			return err
		}
	}
	if differ(s(B, "endpoint_schema_digest"), s(I, "endpoint_schema_digest")) {
		if err := c.Refuse(ErrCommitBindingEndpoint); err != nil {
			return err
		}
	}
	if differ(s(B, "environment"), s(I, "environment")) {
		if err := c.Refuse(ErrCommitBindingEnvironment); err != nil {
			return err
		}
	}
	if isStr(B, "status", statusRevoked) {
		if err := c.Refuse(ErrCommitBindingRevoked); err != nil {
			return err
		}
	}
	if differ(s(B, "currency"), s(I, "currency")) {
		if err := c.Refuse(ErrCommitBindingCurrency); err != nil {
			return err
		}
	}
	if differ(s(G, "grant_id"), s(I, "grant_id")) {
		if err := c.Refuse(ErrCommitGrantOther); err != nil {
			return err
		}
	}
	if n(G, "grant_version") != n(R, "grant_version") {
		if err := c.Refuse(ErrCommitGrantChanged); err != nil {
			return err
		}
	}
	if differ(s(G, "account_binding_id"), s(B, "account_binding_id")) {
		if err := c.Refuse(ErrCommitGrantBinding); err != nil {
			return err
		}
	}
	if differ(s(G, "environment"), s(B, "environment")) {
		if err := c.Refuse(ErrCommitGrantBindingEnvironment); err != nil {
			return err
		}
	}
	if differ(s(G, "environment"), s(I, "environment")) {
		if err := c.Refuse(ErrCommitGrantEnvironment); err != nil {
			return err
		}
	}
	if t < n(G, "issued_at_ms") {
		if err := c.Refuse(ErrCommitGrantNotYet); err != nil {
			return err
		}
	}
	if t >= n(G, "expires_at_ms") {
		if err := c.Refuse(ErrCommitGrantExpired); err != nil {
			return err
		}
	}
	if !listHas(get(G, "symbol_allowlist"), s(I, "symbol")) {
		if err := c.Refuse(ErrCommitGrantSymbol); err != nil {
			return err
		}
	}
	if !listHas(get(G, "sides"), s(I, "side")) {
		if err := c.Refuse(ErrCommitGrantSide); err != nil {
			return err
		}
	}
	if differ(s(G, "currency"), s(I, "currency")) {
		if err := c.Refuse(ErrCommitGrantCurrency); err != nil {
			return err
		}
	}
	if n(I, "quantity") > n(G, "max_order_quantity") {
		if err := c.Refuse(ErrCommitGrantQuantity); err != nil {
			return err
		}
	}
	if N > n(G, "max_order_notional_minor") {
		if err := c.Refuse(ErrCommitGrantNotional); err != nil {
			return err
		}
	}
	if differ(s(U, "grant_id"), s(G, "grant_id")) {
		if err := c.Refuse(ErrCommitUsageGrant); err != nil {
			return err
		}
	}
	if counterValue(get(U, "orders_submitted"))+1 > n(G, "max_daily_orders") {
		if err := c.Refuse(ErrCommitUsageOrders); err != nil {
			return err
		}
	}
	if counterValue(get(U, "notional_submitted_minor"))+N > n(G, "max_daily_notional_minor") {
		if err := c.Refuse(ErrCommitUsageNotional); err != nil {
			return err
		}
	}
	if P > n(G, "max_position_notional_minor") {
		if err := c.Refuse(ErrCommitPositionLimit); err != nil {
			return err
		}
	}
	if jsonvalue.EqualString(mode, modeLocked) {
		if err := c.Refuse(ErrCommitModeLocked); err != nil {
			return err
		}
	}
	if jsonvalue.EqualString(mode, modePaused) {
		if err := c.Refuse(ErrCommitModePaused); err != nil {
			return err
		}
	}
	if !oneOf(mode, modePaper, modeApprove, modeAuto, modePaused, modeLocked) {
		if err := c.Refuse(ErrCommitModeSubmission); err != nil {
			return err
		}
	}
	if jsonvalue.EqualString(mode, modePaper) && !isStr(I, "environment", envPaper) {
		if err := c.Refuse(ErrCommitModePaper); err != nil {
			return err
		}
	}
	return nil
}

// run is the gate's procedure, steps 1 to 8 of spec/ats.md, "Steps".
func (g gate) run(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if !envelopeOK(v, g.commit) {
		return nil, hold(c.Refuse(ErrEnvelope), true, ErrEnvelope)
	}
	if g.executable && !versionOK(v, g.commit) {
		if err := c.Refuse(ErrExecutableChain); err != nil {
			return nil, err
		}
	}
	if g.executable && !revalidated(v, g.commit) {
		if err := c.Refuse(ErrExecutableMember); err != nil {
			return nil, err
		}
	}
	sets := chainReads
	if g.commit {
		sets = append(append([]readSet(nil), chainReads...), commitReads...)
	}
	if !readOK(v, sets) {
		return nil, hold(c.Refuse(ErrGateField), true, ErrGateField)
	}
	ch := &chain{i: get(v, "intent"), r: get(v, "review"), a: get(v, "approval"), t: counterValue(get(v, "clock_ms"))}
	dI, err := digestOf(c, ch.i)
	if err != nil {
		return nil, err
	}
	dR, err := digestOf(c, ch.r)
	if err != nil {
		return nil, err
	}
	ch.dI, ch.dR = jsonvalue.FromString(dI), jsonvalue.FromString(dR)
	if err := approvalBranches(c, ch); err != nil {
		return nil, err
	}
	if g.commit {
		ch.b, ch.g, ch.u = get(v, "binding"), get(v, "grant"), get(v, "usage")
		ch.p, ch.mode = counterValue(get(v, "resulting_position_notional_minor")), get(v, "mode").Units
		if err := commitBranches(c, ch); err != nil {
			return nil, err
		}
	}
	return []byte(`{"decision":"` + g.decision + `","intent_digest":"` + dI + `","review_digest":"` + dR + `"}`), nil
}

// The four gate operations, each func(input []byte, opts
// ...refusal.Option) ([]byte, error): input a JSON value input holding the
// chain envelope (spec/ats.md, "Envelopes"); output on acceptance JCS of
// {"decision", "intent_digest", "review_digest"}, the two digests computed
// by the gate (seed invariant 6). Each refuses, in order: ErrInput;
// ErrEnvelope; for the executable gates ErrExecutableChain then
// ErrExecutableMember; ErrGateField; ErrCanonical (intent, then review);
// branches 1 to 32, and for the commit gates 33 to 60, in order. Numbers
// are IEEE-754 doubles ("Numbers in the gates").
var (
	// VerifyApprovalChain is the version-blind approval-chain gate, the
	// seed's deprecated verifyApprovalChain(): it never looks at a tag and
	// never re-validates.
	VerifyApprovalChain = gate{decision: decisionChain}.run
	// VerifyCommitAuthority is the version-blind commit gate, the seed's
	// deprecated verifyCommitAuthority().
	VerifyCommitAuthority = gate{commit: true, decision: decisionCommit}.run
	// VerifyExecutableApprovalChain is the executable approval-chain gate:
	// version (intent and approval /2), re-validation, then the branches.
	VerifyExecutableApprovalChain = gate{executable: true, decision: decisionChain}.run
	// VerifyExecutableCommitAuthority is the executable commit gate:
	// version (intent, approval, binding and grant /2), re-validation of
	// every member, the clock and the position, then the branches. A /1
	// chain is never executable.
	VerifyExecutableCommitAuthority = gate{commit: true, executable: true, decision: decisionCommit}.run
)
