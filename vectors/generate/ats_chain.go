package main

// ats/1 chain cases of spec/ats.md, "Vectors": version, member, branch,
// boundary, IEEE and envelope cases through the four gates. Every chain is
// the faithful /2 chain F with the named change, then resealed
// (atsChain.seal) wherever the spec says.

import "strings"

// atsChain is a chain envelope's content: the six documents and the three
// inputs as JSON text.
type atsChain struct {
	intent, review, approval, binding, grant, usage atsDoc
	mode, clock, position                           string
}

// The "other" values of the branch cases (spec/ats.md, "Branch cases").
const (
	atsOtherProvider = `"other-broker"`
	atsOtherAdapter  = `"acme-fix"`
	atsOtherEndpoint = `"sha256:0000000000000000000000000000000000000000000000000000000000000001"`
	atsOtherBinding  = `"bind_Other00001"`
	atsOtherGrant    = `"grant_Other00001"`
	atsClock         = `1790000180000`
)

// atsF is the faithful /2 chain F.
func atsF() atsChain {
	return atsChain{intent: atsIntentV2, review: atsReviewV2, approval: atsApprovalV2, binding: atsBindingV2,
		grant: atsGrantV2, usage: atsUsage, mode: `"approve"`, clock: atsClock, position: `5800000`}
}

// seal reseals, in the spec's order, every digest the case does not name:
// R.intent_digest := D(I), A.intent_digest := D(I), A.review_digest :=
// D(R). keep names the digests to leave as they are ("review.intent",
// "approval.intent", "approval.review").
func (c atsChain) seal(keep ...string) atsChain {
	kept := map[string]bool{}
	for _, k := range keep {
		kept[k] = true
	}
	if !kept["review.intent"] {
		c.review = c.review.set("intent_digest", atsQ(atsD(c.intent.json())))
	}
	if !kept["approval.intent"] {
		c.approval = c.approval.set("intent_digest", atsQ(atsD(c.intent.json())))
	}
	if !kept["approval.review"] {
		c.approval = c.approval.set("review_digest", atsQ(atsD(c.review.json())))
	}
	return c
}

// envelope is the chain as a commit envelope (commit) or an approval-chain
// envelope.
func (c atsChain) envelope(commit bool) string {
	e := `{"intent":` + c.intent.json() + `,"review":` + c.review.json() + `,"approval":` + c.approval.json()
	if commit {
		e += `,"binding":` + c.binding.json() + `,"grant":` + c.grant.json() + `,"usage":` + c.usage.json() + `,"mode":` + c.mode
	}
	e += `,"clock_ms":` + c.clock
	if commit {
		e += `,"resulting_position_notional_minor":` + c.position
	}
	return e + "}"
}

// verdict is a gate's verdict on c (spec/ats.md, "Step 8").
func (c atsChain) verdict(commit bool) string {
	d := "approval-chain-verified"
	if commit {
		d = "commit-authorized"
	}
	return `{"decision":"` + d + `","intent_digest":"` + atsD(c.intent.json()) + `","review_digest":"` + atsD(c.review.json()) + `"}`
}

// The member-case documents (spec/ats.md, "Member cases").
func atsM1Intent() atsDoc {
	return atsIntentV1.set("symbol", `"HTTPS://X"`).retag(atsTagIntentV2)
}
func atsM1Approval() atsDoc {
	return atsApprovalV1.set("symbol", `"HTTPS://X"`).retag(atsTagApprovalV2)
}
func atsM1Grant() atsDoc {
	return atsGrantV1.set("symbol_allowlist", `["AAPL","BRK.B","HTTPS://X","SPY"]`).retag(atsTagGrantV2)
}
func atsM1Binding() atsDoc {
	return atsBindingV1.set("masked_label", `"Acct \u202e4821"`).retag(atsTagBindingV2)
}
func atsM4Intent() atsDoc { return atsIntentV2.set("account_number", `"000123456789"`) }
func atsM5Review() atsDoc { return atsReviewV2.set("approval_deadline_ms", `1790001860001`) }
func atsM6Approval() atsDoc {
	return atsApprovalV2.set("confirmation", `"session"`)
}
func atsM7Usage() atsDoc { return atsUsage.set("notional_submitted_minor", `"NaN"`) }

// The four gates.
const (
	atsGateChain     = "verify-approval-chain"
	atsGateCommit    = "verify-commit-authority"
	atsGateExecChain = "verify-executable-approval-chain"
	atsGateExecCmt   = "verify-executable-commit-authority"
)

var atsGates = []string{atsGateChain, atsGateCommit, atsGateExecChain, atsGateExecCmt}

func atsIsCommit(gate string) bool { return gate == atsGateCommit || gate == atsGateExecCmt }
func atsIsExec(gate string) bool   { return gate == atsGateExecChain || gate == atsGateExecCmt }

// atsBranch is one branch case: its number, the change from F, the code of
// the branch that refuses it, and the exception tag, if any, with why.
type atsBranch struct {
	n      int
	name   string
	code   string
	chain  atsChain
	tag    string
	reason string
}

// atsBranches are the 57 branch cases (spec/ats.md, "Branch cases").
func atsBranches() []atsBranch {
	f := atsF()
	with := func(mod func(*atsChain)) atsChain {
		c := f
		mod(&c)
		return c
	}
	reviewSet := func(k, v string) atsChain {
		return with(func(c *atsChain) { c.review = c.review.set(k, v) }).seal()
	}
	approvalSet := func(k, v string) atsChain {
		return with(func(c *atsChain) { c.approval = c.approval.set(k, v) })
	}
	bindingSet := func(k, v string) atsChain { return with(func(c *atsChain) { c.binding = c.binding.set(k, v) }) }
	grantSet := func(k, v string) atsChain { return with(func(c *atsChain) { c.grant = c.grant.set(k, v) }) }
	usageSet := func(k, v string) atsChain { return with(func(c *atsChain) { c.usage = c.usage.set(k, v) }) }
	dI1 := atsQ(atsD(atsIntentV1.json()))
	const b4 = "with it ignored, branch 4 (Approval and review disagree about the intent.) refuses"
	const b45 = "with it ignored, branch 45 (Order environment does not match the grant environment.) refuses"
	return []atsBranch{
		{1, "review-intent-digest", "ats.chain_review_intent",
			with(func(c *atsChain) { c.review = c.review.set("intent_digest", dI1) }).seal("review.intent", "approval.intent"), "shadowed", b4},
		{2, "approval-review-digest", "ats.chain_approval_review",
			approvalSet("review_digest", atsQ(atsD(atsReviewV1.json()))), "", ""},
		{3, "approval-intent-digest", "ats.chain_approval_intent", approvalSet("intent_digest", dI1), "shadowed", b4},
		{5, "review-provider", "ats.chain_review_provider", reviewSet("provider", atsOtherProvider), "", ""},
		{6, "review-binding", "ats.chain_review_binding", reviewSet("account_binding_id", atsOtherBinding), "", ""},
		{7, "review-generation", "ats.chain_review_generation", with(func(c *atsChain) {
			c.review = c.review.set("binding_generation", "4")
			c.binding = c.binding.set("binding_generation", "4")
		}).seal(), "", ""},
		{8, "review-adapter", "ats.chain_review_adapter", reviewSet("adapter_id", atsOtherAdapter), "", ""},
		{9, "review-endpoint", "ats.chain_review_endpoint", reviewSet("endpoint_schema_digest", atsOtherEndpoint), "", ""},
		{10, "review-environment", "ats.chain_review_environment", reviewSet("environment", `"paper"`), "", ""},
		{11, "approval-provider", "ats.chain_approval_provider", approvalSet("provider", atsOtherProvider), "", ""},
		{12, "approval-binding", "ats.chain_approval_binding", approvalSet("account_binding_id", atsOtherBinding), "", ""},
		{13, "approval-generation", "ats.chain_approval_generation", approvalSet("binding_generation", "4"), "", ""},
		{14, "approval-adapter", "ats.chain_approval_adapter", approvalSet("adapter_id", atsOtherAdapter), "", ""},
		{15, "approval-endpoint", "ats.chain_approval_endpoint", approvalSet("endpoint_schema_digest", atsOtherEndpoint), "", ""},
		{16, "approval-environment", "ats.chain_approval_environment", approvalSet("environment", `"paper"`), "", ""},
		{17, "review-grant", "ats.chain_review_grant", reviewSet("grant_id", atsOtherGrant), "", ""},
		{18, "approval-symbol", "ats.chain_approval_symbol", approvalSet("symbol", `"AAPL"`), "", ""},
		{19, "approval-side", "ats.chain_approval_side", approvalSet("side", `"sell"`), "", ""},
		{20, "approval-quantity", "ats.chain_approval_quantity", approvalSet("quantity", "11"), "", ""},
		{21, "approval-price", "ats.chain_approval_price", approvalSet("limit_price_minor", "58013"), "", ""},
		{22, "approval-currency", "ats.chain_approval_currency", approvalSet("currency", `"EUR"`), "", ""},
		{23, "review-refused", "ats.chain_review_refused", with(func(c *atsChain) {
			c.review = c.review.set("status", `"refused"`).set("refusal_reason", `"insufficient_buying_power"`)
		}).seal(), "", ""},
		{24, "review-expired", "ats.chain_review_expired", reviewSet("status", `"expired"`), "", ""},
		{25, "approval-rejected", "ats.chain_approval_rejected", approvalSet("decision", `"rejected"`), "", ""},
		{26, "approval-spent", "ats.chain_approval_spent", approvalSet("status", `"spent"`), "", ""},
		{27, "intent-expired", "ats.chain_intent_expired",
			with(func(c *atsChain) { c.intent = c.intent.set("expires_at_ms", atsClock) }).seal(), "", ""},
		{28, "review-deadline-passed", "ats.chain_review_deadline_passed", reviewSet("approval_deadline_ms", atsClock), "", ""},
		{30, "approval-early", "ats.chain_approval_early", approvalSet("approved_at_ms", "1790000059999"), "", ""},
		{31, "approval-late", "ats.chain_approval_late", with(func(c *atsChain) {
			c.approval = c.approval.set("approved_at_ms", "1790000960000").set("expires_at_ms", "1790001560000")
		}), "", ""},
		{32, "approval-expired", "ats.chain_approval_expired", approvalSet("expires_at_ms", atsClock), "", ""},
		{33, "binding-account", "ats.commit_binding_account", with(func(c *atsChain) {
			c.binding = c.binding.set("account_binding_id", atsOtherBinding)
			c.grant = c.grant.set("account_binding_id", atsOtherBinding)
		}), "", ""},
		{34, "binding-relinked", "ats.commit_binding_relinked", bindingSet("binding_generation", "4"), "", ""},
		{35, "binding-provider", "ats.commit_binding_provider", bindingSet("provider", atsOtherProvider), "", ""},
		{36, "binding-adapter", "ats.commit_binding_adapter", bindingSet("adapter_id", atsOtherAdapter), "", ""},
		{37, "binding-endpoint", "ats.commit_binding_endpoint", bindingSet("endpoint_schema_digest", atsOtherEndpoint), "", ""},
		{38, "binding-environment", "ats.commit_binding_environment", with(func(c *atsChain) {
			c.binding = c.binding.set("environment", `"paper"`)
			c.grant = c.grant.set("environment", `"paper"`)
		}), "shadowed", b45},
		{39, "binding-revoked", "ats.commit_binding_revoked", bindingSet("status", `"revoked"`), "", ""},
		{40, "binding-currency", "ats.commit_binding_currency", bindingSet("currency", `"EUR"`), "", ""},
		{41, "grant-other", "ats.commit_grant_other", with(func(c *atsChain) {
			c.grant = c.grant.set("grant_id", atsOtherGrant)
			c.usage = c.usage.set("grant_id", atsOtherGrant)
		}), "", ""},
		{42, "grant-changed", "ats.commit_grant_changed", grantSet("grant_version", "3"), "", ""},
		{43, "grant-binding", "ats.commit_grant_binding", grantSet("account_binding_id", atsOtherBinding), "", ""},
		{44, "grant-binding-environment", "ats.commit_grant_binding_environment", grantSet("environment", `"paper"`), "shadowed", b45},
		{46, "grant-not-yet", "ats.commit_grant_not_yet", grantSet("issued_at_ms", "1790000180001"), "", ""},
		{47, "grant-expired", "ats.commit_grant_expired", grantSet("expires_at_ms", atsClock), "", ""},
		{48, "grant-empty-allowlist", "ats.commit_grant_symbol", grantSet("symbol_allowlist", "[]"), "", ""},
		{49, "grant-sides", "ats.commit_grant_side", grantSet("sides", `["sell"]`), "", ""},
		{50, "grant-currency", "ats.commit_grant_currency", grantSet("currency", `"EUR"`), "", ""},
		{51, "grant-quantity", "ats.commit_grant_quantity", grantSet("max_order_quantity", "9"), "", ""},
		{52, "grant-notional", "ats.commit_grant_notional", grantSet("max_order_notional_minor", "580119"), "", ""},
		{53, "usage-grant", "ats.commit_usage_grant", usageSet("grant_id", atsOtherGrant), "", ""},
		{54, "usage-orders", "ats.commit_usage_orders", usageSet("orders_submitted", "20"), "", ""},
		{55, "usage-notional", "ats.commit_usage_notional", usageSet("notional_submitted_minor", "49419881"), "", ""},
		{56, "position-limit", "ats.commit_position_limit", with(func(c *atsChain) { c.position = "100000001" }), "", ""},
		{57, "mode-locked", "ats.commit_mode_locked", with(func(c *atsChain) { c.mode = `"emergency_locked"` }), "", ""},
		{58, "mode-paused", "ats.commit_mode_paused", with(func(c *atsChain) { c.mode = `"orders_paused"` }), "", ""},
		{59, "mode-review-only", "ats.commit_mode_submission", with(func(c *atsChain) { c.mode = `"review_only"` }), "", ""},
		{60, "mode-paper-live-order", "ats.commit_mode_paper", with(func(c *atsChain) { c.mode = `"paper"` }), "", ""},
	}
}

func atsChainFiles() []vfile {
	cases := map[string]map[string][]vcase{} // gate -> aspect -> cases
	put := func(gate, aspect string, c vcase) {
		if cases[gate] == nil {
			cases[gate] = map[string][]vcase{}
		}
		cases[gate][aspect] = append(cases[gate][aspect], c)
	}
	// emit writes chain case c through gate, in file aspect.
	emit := func(gate, aspect, name string, c atsChain, code, tag, why string) {
		commit := atsIsCommit(gate)
		in := c.envelope(commit)
		if code == "" {
			put(gate, aspect, ok(name, in, c.verdict(commit)))
			return
		}
		v := atsRefused(name, in, code)
		if tag != "" {
			v = atsTagged(gate+"-"+aspect, v, tag, why)
		}
		put(gate, aspect, v)
	}
	f := atsF()
	with := func(mod func(*atsChain)) atsChain {
		c := f
		mod(&c)
		return c
	}

	// Version cases.
	v2 := with(func(c *atsChain) { c.intent = atsIntentV1 }).seal()
	v6 := atsChain{intent: atsIntentV1, review: atsReviewV1, approval: atsApprovalV1, binding: atsBindingV1,
		grant: atsGrantV1, usage: atsUsage, mode: f.mode, clock: f.clock, position: f.position}
	for _, v := range []struct {
		name  string
		c     atsChain
		chain bool // also through the approval-chain gates
	}{
		{"v1-faithful", f, true},
		{"v2-intent-v1", v2, true},
		{"v3-approval-tag-v1", with(func(c *atsChain) { c.approval = c.approval.retag(atsTagApprovalV1) }), true},
		{"v4-binding-v1", with(func(c *atsChain) { c.binding = atsBindingV1 }), false},
		{"v5-grant-v1", with(func(c *atsChain) { c.grant = atsGrantV1 }), false},
		{"v6-all-v1", v6, true},
	} {
		for _, g := range atsGates {
			if !atsIsCommit(g) && !v.chain {
				continue
			}
			code := ""
			if atsIsExec(g) && v.name != "v1-faithful" {
				code = "ats.executable_chain"
			}
			emit(g, "version", v.name, v.c, code, "", "")
		}
	}

	// Member cases.
	m1 := with(func(c *atsChain) {
		c.intent, c.approval, c.grant, c.binding = atsM1Intent(), atsM1Approval(), atsM1Grant(), atsM1Binding()
	}).seal()
	for _, m := range []struct {
		name  string
		c     atsChain
		chain bool
	}{
		{"m1-retagged-chain", m1, true},
		{"m2-retagged-binding", with(func(c *atsChain) { c.binding = atsM1Binding() }), false},
		{"m3-retagged-grant", with(func(c *atsChain) { c.grant = atsM1Grant() }), false},
		{"m4-intent-account-number", with(func(c *atsChain) { c.intent = atsM4Intent() }).seal(), true},
		{"m5-review-deadline-after-reservation", with(func(c *atsChain) { c.review = atsM5Review() }).seal(), true},
		{"m6-approval-session", with(func(c *atsChain) { c.approval = atsM6Approval() }), true},
		{"m7-usage-nan", with(func(c *atsChain) { c.usage = atsM7Usage() }), false},
		{"m8-clock-nan", with(func(c *atsChain) { c.clock = `"NaN"` }), true},
		{"m9-position-negative", with(func(c *atsChain) { c.position = "-5800000" }), false},
	} {
		for _, g := range atsGates {
			if !atsIsCommit(g) && !m.chain {
				continue
			}
			code := ""
			if atsIsExec(g) {
				code = "ats.executable_member"
			}
			emit(g, "member", m.name, m.c, code, "", "")
		}
	}

	// Branch cases, then the boundaries and extras, in the -branch files.
	for _, b := range atsBranches() {
		for _, g := range atsGates {
			if !atsIsCommit(g) && b.n > 32 {
				continue
			}
			emit(g, "branch", "b"+pad2(b.n)+"-"+b.name, b.chain, b.code, b.tag, b.reason)
		}
	}
	paper := with(func(c *atsChain) {
		c.intent = c.intent.set("environment", `"paper"`)
		c.review = c.review.set("environment", `"paper"`)
		c.approval = c.approval.set("environment", `"paper"`)
		c.binding = c.binding.set("environment", `"paper"`)
		c.grant = c.grant.set("environment", `"paper"`)
		c.mode = `"paper"`
	}).seal()
	for _, x := range []struct {
		name  string
		c     atsChain
		code  string
		chain bool
	}{
		{"edge-allowlist-without-spy", with(func(c *atsChain) { c.grant = c.grant.set("symbol_allowlist", `["AAPL","BRK.B"]`) }), "ats.commit_grant_symbol", false},
		{"edge-order-notional-at-limit", with(func(c *atsChain) { c.grant = c.grant.set("max_order_notional_minor", "580120") }), "", false},
		{"edge-orders-at-limit", with(func(c *atsChain) { c.usage = c.usage.set("orders_submitted", "19") }), "", false},
		{"edge-daily-notional-at-limit", with(func(c *atsChain) { c.usage = c.usage.set("notional_submitted_minor", "49419880") }), "", false},
		{"edge-position-at-limit", with(func(c *atsChain) { c.position = "100000000" }), "", false},
		{"edge-mode-offline", with(func(c *atsChain) { c.mode = `"offline"` }), "ats.commit_mode_submission", false},
		{"edge-mode-observe", with(func(c *atsChain) { c.mode = `"observe"` }), "ats.commit_mode_submission", false},
		{"edge-mode-paper-paper-chain", paper, "", false},
		{"edge-mode-auto", with(func(c *atsChain) { c.mode = `"auto"` }), "", false},
		{"edge-mode-unknown", with(func(c *atsChain) { c.mode = `"Approve"` }), "ats.commit_mode_submission", false},
		{"edge-order-quantity-at-limit", with(func(c *atsChain) { c.grant = c.grant.set("max_order_quantity", "10") }), "", false},
		{"edge-grant-issued-at-clock", with(func(c *atsChain) { c.grant = c.grant.set("issued_at_ms", atsClock) }), "", false},
		{"edge-approved-at-review", with(func(c *atsChain) { c.approval = c.approval.set("approved_at_ms", "1790000060000") }), "", true},
	} {
		for _, g := range atsGates {
			if !atsIsCommit(g) && !x.chain {
				continue
			}
			emit(g, "branch", x.name, x.c, x.code, "", "")
		}
	}

	// IEEE semantics, version-blind gates only.
	const e1why = "with it ignored, branch 28 (Review approval deadline passed.) refuses the infinite clock"
	for _, e := range []struct {
		name        string
		c           atsChain
		chain, cmt  string // "" ok, "-" not run, else a code
		chainTagged bool
	}{
		{"e1-clock-infinity", with(func(c *atsChain) { c.clock = `"Infinity"` }), "ats.chain_intent_expired", "ats.chain_intent_expired", true},
		{"e2-clock-minus-infinity", with(func(c *atsChain) { c.clock = `"-Infinity"` }), "", "ats.commit_grant_not_yet", false},
		{"e3-orders-infinity", with(func(c *atsChain) { c.usage = c.usage.set("orders_submitted", `"Infinity"`) }), "-", "ats.commit_usage_orders", false},
		{"e4-notional-minus-infinity", with(func(c *atsChain) { c.usage = c.usage.set("notional_submitted_minor", `"-Infinity"`) }), "-", "", false},
		{"e5-position-infinity", with(func(c *atsChain) { c.position = `"Infinity"` }), "-", "ats.commit_position_limit", false},
		{"e6-position-nan", with(func(c *atsChain) {
			c.position = `"NaN"`
			c.grant = c.grant.set("max_position_notional_minor", "0")
		}), "-", "", false},
		{"e7-orders-negative", with(func(c *atsChain) {
			c.usage = c.usage.set("orders_submitted", "-1")
			c.grant = c.grant.set("max_daily_orders", "0")
		}), "-", "", false},
		{"e8-clock-fraction", with(func(c *atsChain) { c.clock = "1790000180000.5" }), "-", "", false},
	} {
		if e.chain != "-" {
			tag, why := "", ""
			if e.chainTagged {
				tag, why = "shadowed", e1why
			}
			emit(atsGateChain, "ieee", e.name, e.c, e.chain, tag, why)
		}
		tag, why := "", ""
		if e.chainTagged {
			tag, why = "shadowed", e1why
		}
		emit(atsGateCommit, "ieee", e.name, e.c, e.cmt, tag, why)
	}

	// Envelope, read and canonical refusals, and ats.input.
	env := func(gate, name, in, code string) {
		put(gate, "envelope", atsRefused(name, in, code))
	}
	for _, g := range atsGates {
		commit := atsIsCommit(g)
		full := f.envelope(commit)
		env(g, "input-truncated", full[:len(full)-1], "ats.input")
		env(g, "envelope-array", "[]", "ats.envelope")
		env(g, "envelope-missing-clock", strings.Replace(full, `,"clock_ms":`+atsClock, "", 1), "ats.envelope")
		env(g, "envelope-extra-note", full[:len(full)-1]+`,"note":"x"}`, "ats.envelope")
		env(g, "envelope-intent-array", `{"intent":[`+f.intent.json()+`]`+full[len(`{"intent":`)+len(f.intent.json()):], "ats.envelope")
		env(g, "envelope-clock-lowercase-nan", strings.Replace(full, `"clock_ms":`+atsClock, `"clock_ms":"nan"`, 1), "ats.envelope")
		env(g, "envelope-clock-true", strings.Replace(full, `"clock_ms":`+atsClock, `"clock_ms":true`, 1), "ats.envelope")
		if commit {
			env(g, "envelope-mode-number", strings.Replace(full, `"mode":"approve"`, `"mode":1`, 1), "ats.envelope")
			env(g, "envelope-position-null", strings.Replace(full, `"resulting_position_notional_minor":5800000`, `"resulting_position_notional_minor":null`, 1), "ats.envelope")
		}
		if atsIsExec(g) {
			continue
		}
		noSymbol := with(func(c *atsChain) { c.intent = c.intent.del("symbol") }).seal()
		env(g, "read-intent-without-symbol", noSymbol.envelope(commit), "ats.gate_field")
		env(g, "read-approval-quantity-string", with(func(c *atsChain) { c.approval = c.approval.set("quantity", `"10"`) }).envelope(commit), "ats.gate_field")
		if commit {
			env(g, "read-allowlist-number", with(func(c *atsChain) { c.grant = c.grant.set("symbol_allowlist", "[1]") }).envelope(commit), "ats.gate_field")
			env(g, "read-usage-orders-string", with(func(c *atsChain) { c.usage = c.usage.set("orders_submitted", `"3"`) }).envelope(commit), "ats.gate_field")
		}
		env(g, "canonical-intent-lone-surrogate", with(func(c *atsChain) { c.intent = c.intent.set("note", `"\ud800"`) }).envelope(commit), "ats.canonical")
		env(g, "canonical-intent-overflow", with(func(c *atsChain) { c.intent = c.intent.set("size", "1e400") }).envelope(commit), "ats.canonical")
		env(g, "canonical-review-lone-surrogate", with(func(c *atsChain) { c.review = c.review.set("note", `"\udc00"`) }).envelope(commit), "ats.canonical")
	}

	descriptions := map[string]string{
		"version":  "the six version cases: the version-blind gates accept every one, the executable gates only the faithful /2 chain",
		"member":   "the nine member cases: the version-blind gates accept them, re-validation refuses them",
		"branch":   "one case per reachable branch, its message from every gate that runs it, then the branch boundaries",
		"ieee":     "IEEE-754 semantics of the non-finite and negative clock, usage and position",
		"envelope": "the input, envelope, read and canonical refusals",
	}
	var files []vfile
	for _, g := range atsGates {
		for _, aspect := range []string{"version", "member", "branch", "ieee", "envelope"} {
			if cs := cases[g][aspect]; len(cs) > 0 {
				files = append(files, atsFile(g, aspect, descriptions[aspect], cs...))
			}
		}
	}
	return files
}

// pad2 writes n with at least two digits.
func pad2(n int) string {
	if n < 10 {
		return "0" + string(rune('0'+n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}
