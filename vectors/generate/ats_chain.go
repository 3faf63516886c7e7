package main

// ats/1 chain cases of spec/ats.md, "Vectors": version, member, branch,
// boundary, IEEE and envelope cases through the four gates. Every chain is
// the faithful /2 chain F with the named change, then resealed
// (gen.ATSChain.Reseal) wherever the spec says.

import (
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// The "other" values of the branch cases (spec/ats.md, "Branch cases").
const (
	atsOtherProvider = `"other-broker"`
	atsOtherAdapter  = `"acme-fix"`
	atsOtherEndpoint = `"sha256:0000000000000000000000000000000000000000000000000000000000000001"`
	atsOtherBinding  = `"bind_Other00001"`
	atsOtherGrant    = `"grant_Other00001"`
	atsClock         = `1790000180000`
)

// atsEnvelope is the chain as a commit envelope (commit) or an
// approval-chain envelope (gen.ATSChain).
func atsEnvelope(c gen.ATSChain, commit bool) string {
	if commit {
		return string(c.Commit())
	}
	return string(c.ApprovalChain())
}

// atsChainVerdict is a gate's verdict on c (spec/ats.md, "Step 8").
func atsChainVerdict(c gen.ATSChain, commit bool) string {
	d := "approval-chain-verified"
	if commit {
		d = "commit-authorized"
	}
	return `{"decision":"` + d + `","intent_digest":"` + textDigest(c.Intent.String()) + `","review_digest":"` + textDigest(c.Review.String()) + `"}`
}

// The member-case documents (spec/ats.md, "Member cases").
func atsM1Intent() atsDoc {
	return gen.ATSIntentV1.Set("symbol", `"HTTPS://X"`).Set("schema_version", gen.ATSIntentV2.Value("schema_version"))
}
func atsM1Approval() atsDoc {
	return gen.ATSApprovalV1.Set("symbol", `"HTTPS://X"`).Set("schema_version", gen.ATSApprovalV2.Value("schema_version"))
}
func atsM1Grant() atsDoc {
	return gen.ATSGrantV1.Set("symbol_allowlist", `["AAPL","BRK.B","HTTPS://X","SPY"]`).Set("schema_version", gen.ATSGrantV2.Value("schema_version"))
}
func atsM1Binding() atsDoc {
	return gen.ATSBindingV1.Set("masked_label", `"Acct \u202e4821"`).Set("schema_version", gen.ATSBindingV2.Value("schema_version"))
}
func atsM4Intent() atsDoc { return gen.ATSIntentV2.Set("account_number", `"000123456789"`) }
func atsM5Review() atsDoc { return gen.ATSReviewV2.Set("approval_deadline_ms", `1790001860001`) }
func atsM6Approval() atsDoc {
	return gen.ATSApprovalV2.Set("confirmation", `"session"`)
}
func atsM7Usage() atsDoc { return gen.ATSUsage.Set("notional_submitted_minor", `"NaN"`) }

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
	chain  gen.ATSChain
	tag    string
	reason string
}

// atsBranches are the 57 branch cases (spec/ats.md, "Branch cases").
func atsBranches() []atsBranch {
	f := gen.ATSFaithful()
	with := func(mod func(*gen.ATSChain)) gen.ATSChain {
		c := f
		mod(&c)
		return c
	}
	reviewSet := func(k, v string) gen.ATSChain {
		return with(func(c *gen.ATSChain) { c.Review = c.Review.Set(k, v) }).Reseal()
	}
	approvalSet := func(k, v string) gen.ATSChain {
		return with(func(c *gen.ATSChain) { c.Approval = c.Approval.Set(k, v) })
	}
	bindingSet := func(k, v string) gen.ATSChain { return with(func(c *gen.ATSChain) { c.Binding = c.Binding.Set(k, v) }) }
	grantSet := func(k, v string) gen.ATSChain { return with(func(c *gen.ATSChain) { c.Grant = c.Grant.Set(k, v) }) }
	usageSet := func(k, v string) gen.ATSChain { return with(func(c *gen.ATSChain) { c.Usage = c.Usage.Set(k, v) }) }
	dI1 := atsQ(textDigest(gen.ATSIntentV1.String()))
	const b4 = "with it ignored, branch 4 (Approval and review disagree about the intent.) refuses"
	const b45 = "with it ignored, branch 45 (Order environment does not match the grant environment.) refuses"
	return []atsBranch{
		{1, "review-intent-digest", "ats.chain_review_intent",
			with(func(c *gen.ATSChain) { c.Review = c.Review.Set("intent_digest", dI1) }).Reseal("review.intent", "approval.intent"), "shadowed", b4},
		{2, "approval-review-digest", "ats.chain_approval_review",
			approvalSet("review_digest", atsQ(textDigest(gen.ATSReviewV1.String()))), "", ""},
		{3, "approval-intent-digest", "ats.chain_approval_intent", approvalSet("intent_digest", dI1), "shadowed", b4},
		{5, "review-provider", "ats.chain_review_provider", reviewSet("provider", atsOtherProvider), "", ""},
		{6, "review-binding", "ats.chain_review_binding", reviewSet("account_binding_id", atsOtherBinding), "", ""},
		{7, "review-generation", "ats.chain_review_generation", with(func(c *gen.ATSChain) {
			c.Review = c.Review.Set("binding_generation", "4")
			c.Binding = c.Binding.Set("binding_generation", "4")
		}).Reseal(), "", ""},
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
		{23, "review-refused", "ats.chain_review_refused", with(func(c *gen.ATSChain) {
			c.Review = c.Review.Set("status", `"refused"`).Set("refusal_reason", `"insufficient_buying_power"`)
		}).Reseal(), "", ""},
		{24, "review-expired", "ats.chain_review_expired", reviewSet("status", `"expired"`), "", ""},
		{25, "approval-rejected", "ats.chain_approval_rejected", approvalSet("decision", `"rejected"`), "", ""},
		{26, "approval-spent", "ats.chain_approval_spent", approvalSet("status", `"spent"`), "", ""},
		{27, "intent-expired", "ats.chain_intent_expired",
			with(func(c *gen.ATSChain) { c.Intent = c.Intent.Set("expires_at_ms", atsClock) }).Reseal(), "", ""},
		{28, "review-deadline-passed", "ats.chain_review_deadline_passed", reviewSet("approval_deadline_ms", atsClock), "", ""},
		{30, "approval-early", "ats.chain_approval_early", approvalSet("approved_at_ms", "1790000059999"), "", ""},
		{31, "approval-late", "ats.chain_approval_late", with(func(c *gen.ATSChain) {
			c.Approval = c.Approval.Set("approved_at_ms", "1790000960000").Set("expires_at_ms", "1790001560000")
		}), "", ""},
		{32, "approval-expired", "ats.chain_approval_expired", approvalSet("expires_at_ms", atsClock), "", ""},
		{33, "binding-account", "ats.commit_binding_account", with(func(c *gen.ATSChain) {
			c.Binding = c.Binding.Set("account_binding_id", atsOtherBinding)
			c.Grant = c.Grant.Set("account_binding_id", atsOtherBinding)
		}), "", ""},
		{34, "binding-relinked", "ats.commit_binding_relinked", bindingSet("binding_generation", "4"), "", ""},
		{35, "binding-provider", "ats.commit_binding_provider", bindingSet("provider", atsOtherProvider), "", ""},
		{36, "binding-adapter", "ats.commit_binding_adapter", bindingSet("adapter_id", atsOtherAdapter), "", ""},
		{37, "binding-endpoint", "ats.commit_binding_endpoint", bindingSet("endpoint_schema_digest", atsOtherEndpoint), "", ""},
		{38, "binding-environment", "ats.commit_binding_environment", with(func(c *gen.ATSChain) {
			c.Binding = c.Binding.Set("environment", `"paper"`)
			c.Grant = c.Grant.Set("environment", `"paper"`)
		}), "shadowed", b45},
		{39, "binding-revoked", "ats.commit_binding_revoked", bindingSet("status", `"revoked"`), "", ""},
		{40, "binding-currency", "ats.commit_binding_currency", bindingSet("currency", `"EUR"`), "", ""},
		{41, "grant-other", "ats.commit_grant_other", with(func(c *gen.ATSChain) {
			c.Grant = c.Grant.Set("grant_id", atsOtherGrant)
			c.Usage = c.Usage.Set("grant_id", atsOtherGrant)
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
		{56, "position-limit", "ats.commit_position_limit", with(func(c *gen.ATSChain) { c.Position = "100000001" }), "", ""},
		{57, "mode-locked", "ats.commit_mode_locked", with(func(c *gen.ATSChain) { c.Mode = `"emergency_locked"` }), "", ""},
		{58, "mode-paused", "ats.commit_mode_paused", with(func(c *gen.ATSChain) { c.Mode = `"orders_paused"` }), "", ""},
		{59, "mode-review-only", "ats.commit_mode_submission", with(func(c *gen.ATSChain) { c.Mode = `"review_only"` }), "", ""},
		{60, "mode-paper-live-order", "ats.commit_mode_paper", with(func(c *gen.ATSChain) { c.Mode = `"paper"` }), "", ""},
	}
}

// atsGateCase is one chain case through the gates: its name, the chain,
// the code that refuses it ("" accepted), and whether the approval-chain
// gates run it too.
type atsGateCase struct {
	name  string
	c     gen.ATSChain
	code  string
	chain bool
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
	emit := func(gate, aspect, name string, c gen.ATSChain, code, tag, why string) {
		commit := atsIsCommit(gate)
		in := atsEnvelope(c, commit)
		if code == "" {
			put(gate, aspect, ok(name, in, atsChainVerdict(c, commit)))
			return
		}
		v := atsRefused(name, in, code)
		if tag != "" {
			v = atsTagged(gate+"-"+aspect, v, tag, why)
		}
		put(gate, aspect, v)
	}
	f := gen.ATSFaithful()
	with := func(mod func(*gen.ATSChain)) gen.ATSChain {
		c := f
		mod(&c)
		return c
	}
	// through writes each case through every commit gate, and through the
	// approval-chain gates too when chain: refused with exec by the
	// executable gates, when exec is given, but for the faithful chain.
	through := func(aspect, exec string, cases []atsGateCase) {
		for _, x := range cases {
			for _, g := range atsGates {
				if !atsIsCommit(g) && !x.chain {
					continue
				}
				code := x.code
				if atsIsExec(g) && exec != "" && x.name != "v1-faithful" {
					code = exec
				}
				emit(g, aspect, x.name, x.c, code, "", "")
			}
		}
	}

	// Version cases.
	v2 := with(func(c *gen.ATSChain) { c.Intent = gen.ATSIntentV1 }).Reseal()
	v6 := gen.ATSChain{Intent: gen.ATSIntentV1, Review: gen.ATSReviewV1, Approval: gen.ATSApprovalV1, Binding: gen.ATSBindingV1,
		Grant: gen.ATSGrantV1, Usage: gen.ATSUsage, Mode: f.Mode, Clock: f.Clock, Position: f.Position}
	through("version", "ats.executable_chain", []atsGateCase{
		{"v1-faithful", f, "", true},
		{"v2-intent-v1", v2, "", true},
		{"v3-approval-tag-v1", with(func(c *gen.ATSChain) {
			c.Approval = c.Approval.Set("schema_version", gen.ATSApprovalV1.Value("schema_version"))
		}), "", true},
		{"v4-binding-v1", with(func(c *gen.ATSChain) { c.Binding = gen.ATSBindingV1 }), "", false},
		{"v5-grant-v1", with(func(c *gen.ATSChain) { c.Grant = gen.ATSGrantV1 }), "", false},
		{"v6-all-v1", v6, "", true},
	})

	// Member cases.
	m1 := with(func(c *gen.ATSChain) {
		c.Intent, c.Approval, c.Grant, c.Binding = atsM1Intent(), atsM1Approval(), atsM1Grant(), atsM1Binding()
	}).Reseal()
	through("member", "ats.executable_member", []atsGateCase{
		{"m1-retagged-chain", m1, "", true},
		{"m2-retagged-binding", with(func(c *gen.ATSChain) { c.Binding = atsM1Binding() }), "", false},
		{"m3-retagged-grant", with(func(c *gen.ATSChain) { c.Grant = atsM1Grant() }), "", false},
		{"m4-intent-account-number", with(func(c *gen.ATSChain) { c.Intent = atsM4Intent() }).Reseal(), "", true},
		{"m5-review-deadline-after-reservation", with(func(c *gen.ATSChain) { c.Review = atsM5Review() }).Reseal(), "", true},
		{"m6-approval-session", with(func(c *gen.ATSChain) { c.Approval = atsM6Approval() }), "", true},
		{"m7-usage-nan", with(func(c *gen.ATSChain) { c.Usage = atsM7Usage() }), "", false},
		{"m8-clock-nan", with(func(c *gen.ATSChain) { c.Clock = `"NaN"` }), "", true},
		{"m9-position-negative", with(func(c *gen.ATSChain) { c.Position = "-5800000" }), "", false},
	})

	// Branch cases, then the boundaries and extras, in the -branch files.
	for _, b := range atsBranches() {
		for _, g := range atsGates {
			if !atsIsCommit(g) && b.n > 32 {
				continue
			}
			emit(g, "branch", fmt.Sprintf("b%02d-%s", b.n, b.name), b.chain, b.code, b.tag, b.reason)
		}
	}
	paper := with(func(c *gen.ATSChain) {
		c.Intent = c.Intent.Set("environment", `"paper"`)
		c.Review = c.Review.Set("environment", `"paper"`)
		c.Approval = c.Approval.Set("environment", `"paper"`)
		c.Binding = c.Binding.Set("environment", `"paper"`)
		c.Grant = c.Grant.Set("environment", `"paper"`)
		c.Mode = `"paper"`
	}).Reseal()
	through("branch", "", []atsGateCase{
		{"edge-allowlist-without-spy", with(func(c *gen.ATSChain) { c.Grant = c.Grant.Set("symbol_allowlist", `["AAPL","BRK.B"]`) }), "ats.commit_grant_symbol", false},
		{"edge-order-notional-at-limit", with(func(c *gen.ATSChain) { c.Grant = c.Grant.Set("max_order_notional_minor", "580120") }), "", false},
		{"edge-orders-at-limit", with(func(c *gen.ATSChain) { c.Usage = c.Usage.Set("orders_submitted", "19") }), "", false},
		{"edge-daily-notional-at-limit", with(func(c *gen.ATSChain) { c.Usage = c.Usage.Set("notional_submitted_minor", "49419880") }), "", false},
		{"edge-position-at-limit", with(func(c *gen.ATSChain) { c.Position = "100000000" }), "", false},
		{"edge-mode-offline", with(func(c *gen.ATSChain) { c.Mode = `"offline"` }), "ats.commit_mode_submission", false},
		{"edge-mode-observe", with(func(c *gen.ATSChain) { c.Mode = `"observe"` }), "ats.commit_mode_submission", false},
		{"edge-mode-paper-paper-chain", paper, "", false},
		{"edge-mode-auto", with(func(c *gen.ATSChain) { c.Mode = `"auto"` }), "", false},
		{"edge-mode-unknown", with(func(c *gen.ATSChain) { c.Mode = `"Approve"` }), "ats.commit_mode_submission", false},
		{"edge-order-quantity-at-limit", with(func(c *gen.ATSChain) { c.Grant = c.Grant.Set("max_order_quantity", "10") }), "", false},
		{"edge-grant-issued-at-clock", with(func(c *gen.ATSChain) { c.Grant = c.Grant.Set("issued_at_ms", atsClock) }), "", false},
		{"edge-approved-at-review", with(func(c *gen.ATSChain) { c.Approval = c.Approval.Set("approved_at_ms", "1790000060000") }), "", true},
	})

	// IEEE semantics, version-blind gates only.
	const e1why = "with it ignored, branch 28 (Review approval deadline passed.) refuses the infinite clock"
	for _, e := range []struct {
		name        string
		c           gen.ATSChain
		chain, cmt  string // "" ok, "-" not run, else a code
		chainTagged bool
	}{
		{"e1-clock-infinity", with(func(c *gen.ATSChain) { c.Clock = `"Infinity"` }), "ats.chain_intent_expired", "ats.chain_intent_expired", true},
		{"e2-clock-minus-infinity", with(func(c *gen.ATSChain) { c.Clock = `"-Infinity"` }), "", "ats.commit_grant_not_yet", false},
		{"e3-orders-infinity", with(func(c *gen.ATSChain) { c.Usage = c.Usage.Set("orders_submitted", `"Infinity"`) }), "-", "ats.commit_usage_orders", false},
		{"e4-notional-minus-infinity", with(func(c *gen.ATSChain) { c.Usage = c.Usage.Set("notional_submitted_minor", `"-Infinity"`) }), "-", "", false},
		{"e5-position-infinity", with(func(c *gen.ATSChain) { c.Position = `"Infinity"` }), "-", "ats.commit_position_limit", false},
		{"e6-position-nan", with(func(c *gen.ATSChain) {
			c.Position = `"NaN"`
			c.Grant = c.Grant.Set("max_position_notional_minor", "0")
		}), "-", "", false},
		{"e7-orders-negative", with(func(c *gen.ATSChain) {
			c.Usage = c.Usage.Set("orders_submitted", "-1")
			c.Grant = c.Grant.Set("max_daily_orders", "0")
		}), "-", "", false},
		{"e8-clock-fraction", with(func(c *gen.ATSChain) { c.Clock = "1790000180000.5" }), "-", "", false},
	} {
		tag, why := "", ""
		if e.chainTagged {
			tag, why = "shadowed", e1why
		}
		if e.chain != "-" {
			emit(atsGateChain, "ieee", e.name, e.c, e.chain, tag, why)
		}
		emit(atsGateCommit, "ieee", e.name, e.c, e.cmt, tag, why)
	}

	// Envelope, read and canonical refusals, and ats.input.
	env := func(gate, name, in, code string) {
		put(gate, "envelope", atsRefused(name, in, code))
	}
	for _, g := range atsGates {
		commit := atsIsCommit(g)
		full := atsEnvelope(f, commit)
		env(g, "input-truncated", full[:len(full)-1], "ats.input")
		env(g, "envelope-array", "[]", "ats.envelope")
		env(g, "envelope-missing-clock", strings.Replace(full, `,"clock_ms":`+atsClock, "", 1), "ats.envelope")
		env(g, "envelope-extra-note", full[:len(full)-1]+`,"note":"x"}`, "ats.envelope")
		env(g, "envelope-intent-array", `{"intent":[`+f.Intent.String()+`]`+full[len(`{"intent":`)+len(f.Intent.String()):], "ats.envelope")
		env(g, "envelope-clock-lowercase-nan", strings.Replace(full, `"clock_ms":`+atsClock, `"clock_ms":"nan"`, 1), "ats.envelope")
		env(g, "envelope-clock-true", strings.Replace(full, `"clock_ms":`+atsClock, `"clock_ms":true`, 1), "ats.envelope")
		if commit {
			env(g, "envelope-mode-number", strings.Replace(full, `"mode":"approve"`, `"mode":1`, 1), "ats.envelope")
			env(g, "envelope-position-null", strings.Replace(full, `"resulting_position_notional_minor":5800000`, `"resulting_position_notional_minor":null`, 1), "ats.envelope")
		}
		if atsIsExec(g) {
			continue
		}
		noSymbol := with(func(c *gen.ATSChain) { c.Intent = c.Intent.Drop("symbol") }).Reseal()
		env(g, "read-intent-without-symbol", atsEnvelope(noSymbol, commit), "ats.gate_field")
		env(g, "read-approval-quantity-string", atsEnvelope(with(func(c *gen.ATSChain) { c.Approval = c.Approval.Set("quantity", `"10"`) }), commit), "ats.gate_field")
		if commit {
			env(g, "read-allowlist-number", atsEnvelope(with(func(c *gen.ATSChain) { c.Grant = c.Grant.Set("symbol_allowlist", "[1]") }), commit), "ats.gate_field")
			env(g, "read-usage-orders-string", atsEnvelope(with(func(c *gen.ATSChain) { c.Usage = c.Usage.Set("orders_submitted", `"3"`) }), commit), "ats.gate_field")
		}
		env(g, "canonical-intent-lone-surrogate", atsEnvelope(with(func(c *gen.ATSChain) { c.Intent = c.Intent.Set("note", `"\ud800"`) }), commit), "ats.canonical")
		env(g, "canonical-intent-overflow", atsEnvelope(with(func(c *gen.ATSChain) { c.Intent = c.Intent.Set("size", "1e400") }), commit), "ats.canonical")
		env(g, "canonical-review-lone-surrogate", atsEnvelope(with(func(c *gen.ATSChain) { c.Review = c.Review.Set("note", `"\udc00"`) }), commit), "ats.canonical")
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
