package main

// ats/1: the literal data of spec/ats.md, "Canonical instances" (each
// document as its members in JCS order, each value as its JSON text, with
// the digest the spec gives), written from the spec (the messages of
// "Refusals" are read from the catalogue, atsRefusals); TestATSCanonicalDigests checks each digest with
// crypto/sha256 over gowebpki/jcs.

// The seventeen canonical instances.
var (
	// atsState is the canonical `execution-state`.
	atsState = atsDoc{
		{"effective_mode", `"approve"`},
		{"observed_at_ms", `1790000170000`},
		{"reason", `null`},
		{"requested_mode", `"approve"`},
		{"schema_version", `"aether.ats.execution-state/1"`},
	}
	// atsCapability is the canonical `connector-capability`.
	atsCapability = atsDoc{
		{"adapter_id", `"acme-rest"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environments", `["live","paper"]`},
		{"grants_execution_authority", `false`},
		{"observed_at_ms", `1789999000000`},
		{"order_types", `["limit","market"]`},
		{"provider", `"acme-broker"`},
		{"provider_confirmation_modes", `["per_order","session"]`},
		{"schema_version", `"aether.ats.connector-capability/1"`},
	}
	// atsBindingV1 is the canonical `account-binding-v1`.
	atsBindingV1 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"account_ref", `"acct_R8v3Nf6Tz1Hq"`},
		{"adapter_id", `"acme-rest"`},
		{"binding_generation", `3`},
		{"currency", `"USD"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"linked_at_ms", `1789000000000`},
		{"masked_label", `"Individual ****4821"`},
		{"provider", `"acme-broker"`},
		{"schema_version", `"aether.ats.account-binding/1"`},
		{"status", `"active"`},
	}
	// atsBindingV2 is the canonical `account-binding-v2`.
	atsBindingV2 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"account_ref", `"acct_R8v3Nf6Tz1Hq"`},
		{"adapter_id", `"acme-rest"`},
		{"binding_generation", `3`},
		{"currency", `"USD"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"linked_at_ms", `1789000000000`},
		{"masked_label", `"Individual ****4821"`},
		{"provider", `"acme-broker"`},
		{"schema_version", `"aether.ats.account-binding/2"`},
		{"status", `"active"`},
	}
	// atsGrantV1 is the canonical `delegated-trading-grant-v1`.
	atsGrantV1 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"confirmation", `"per_order"`},
		{"currency", `"USD"`},
		{"environment", `"live"`},
		{"expires_at_ms", `1792000000000`},
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"grant_version", `2`},
		{"issued_at_ms", `1789500000000`},
		{"max_daily_notional_minor", `50000000`},
		{"max_daily_orders", `20`},
		{"max_order_notional_minor", `10000000`},
		{"max_order_quantity", `500`},
		{"max_position_notional_minor", `100000000`},
		{"schema_version", `"aether.ats.delegated-trading-grant/1"`},
		{"sides", `["buy","sell"]`},
		{"symbol_allowlist", `["AAPL","BRK.B","SPY"]`},
	}
	// atsGrantV2 is the canonical `delegated-trading-grant-v2`.
	atsGrantV2 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"confirmation", `"per_order"`},
		{"currency", `"USD"`},
		{"environment", `"live"`},
		{"expires_at_ms", `1792000000000`},
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"grant_version", `2`},
		{"issued_at_ms", `1789500000000`},
		{"max_daily_notional_minor", `50000000`},
		{"max_daily_orders", `20`},
		{"max_order_notional_minor", `10000000`},
		{"max_order_quantity", `500`},
		{"max_position_notional_minor", `100000000`},
		{"schema_version", `"aether.ats.delegated-trading-grant/2"`},
		{"sides", `["buy","sell"]`},
		{"symbol_allowlist", `["AAPL","BRK.B","SPY"]`},
	}
	// atsUsage is the canonical `grant-usage`.
	atsUsage = atsDoc{
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"notional_submitted_minor", `1250000`},
		{"orders_submitted", `3`},
	}
	// atsIntentV1 is the canonical `equity-order-intent-v1`.
	atsIntentV1 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"adapter_id", `"acme-rest"`},
		{"binding_generation", `3`},
		{"client_order_id", `"client_3Gd7Yh2Rq8"`},
		{"created_at_ms", `1790000000000`},
		{"currency", `"USD"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"expires_at_ms", `1790003600000`},
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"intent_id", `"intent_9Tc4Vb1Mx6"`},
		{"limit_price_minor", `58012`},
		{"order_type", `"limit"`},
		{"provider", `"acme-broker"`},
		{"quantity", `10`},
		{"request_id", `"req_6Pw1Lz5Ns3"`},
		{"schema_version", `"aether.ats.equity-order-intent/1"`},
		{"side", `"buy"`},
		{"symbol", `"SPY"`},
	}
	// atsIntentV2 is the canonical `equity-order-intent-v2`.
	atsIntentV2 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"adapter_id", `"acme-rest"`},
		{"binding_generation", `3`},
		{"client_order_id", `"client_3Gd7Yh2Rq8"`},
		{"created_at_ms", `1790000000000`},
		{"currency", `"USD"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"expires_at_ms", `1790003600000`},
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"intent_id", `"intent_9Tc4Vb1Mx6"`},
		{"limit_price_minor", `58012`},
		{"order_type", `"limit"`},
		{"provider", `"acme-broker"`},
		{"quantity", `10`},
		{"request_id", `"req_6Pw1Lz5Ns3"`},
		{"schema_version", `"aether.ats.equity-order-intent/2"`},
		{"side", `"buy"`},
		{"symbol", `"SPY"`},
	}
	// atsReviewV1 is the canonical `order-review-receipt`, the review of the /1 intent.
	atsReviewV1 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"adapter_id", `"acme-rest"`},
		{"approval_deadline_ms", `1790000960000`},
		{"binding_generation", `3`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"grant_version", `2`},
		{"intent_digest", `"sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5"`},
		{"provider", `"acme-broker"`},
		{"refusal_reason", `null`},
		{"reservation_expires_at_ms", `1790001860000`},
		{"reservation_ref", `"resv_8Bx3Mc6Ve1"`},
		{"review_id", `"review_2Kf9Jq4Ud7"`},
		{"reviewed_at_ms", `1790000060000`},
		{"schema_version", `"aether.ats.order-review-receipt/1"`},
		{"status", `"previewed"`},
	}
	// atsReviewV2 is the canonical `order-review-receipt`, the review of the /2 intent.
	atsReviewV2 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"adapter_id", `"acme-rest"`},
		{"approval_deadline_ms", `1790000960000`},
		{"binding_generation", `3`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"grant_id", `"grant_5Hn8Ke2Wp7"`},
		{"grant_version", `2`},
		{"intent_digest", `"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d"`},
		{"provider", `"acme-broker"`},
		{"refusal_reason", `null`},
		{"reservation_expires_at_ms", `1790001860000`},
		{"reservation_ref", `"resv_8Bx3Mc6Ve1"`},
		{"review_id", `"review_2Kf9Jq4Ud7"`},
		{"reviewed_at_ms", `1790000060000`},
		{"schema_version", `"aether.ats.order-review-receipt/1"`},
		{"status", `"previewed"`},
	}
	// atsApprovalV1 is the canonical `operator-approval-v1`, approving the /1 intent under its review.
	atsApprovalV1 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"adapter_id", `"acme-rest"`},
		{"approval_id", `"approval_4Wr7Hs2Pn9"`},
		{"approved_at_ms", `1790000120000`},
		{"binding_generation", `3`},
		{"confirmation", `"per_order"`},
		{"currency", `"USD"`},
		{"decision", `"approved"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"expires_at_ms", `1790000720000`},
		{"intent_digest", `"sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5"`},
		{"limit_price_minor", `58012`},
		{"operator_ref", `"operator_1Dz8Ft3Qk5"`},
		{"order_type", `"limit"`},
		{"provider", `"acme-broker"`},
		{"quantity", `10`},
		{"review_digest", `"sha256:c4e3fafe4edb83332ba42e9fed3806ece9aa3636e5b0f7f75e18ef0d452c508c"`},
		{"schema_version", `"aether.ats.operator-approval/1"`},
		{"side", `"buy"`},
		{"status", `"unspent"`},
		{"symbol", `"SPY"`},
	}
	// atsApprovalV2 is the canonical `operator-approval-v2`, approving the /2 intent under its review.
	atsApprovalV2 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"adapter_id", `"acme-rest"`},
		{"approval_id", `"approval_4Wr7Hs2Pn9"`},
		{"approved_at_ms", `1790000120000`},
		{"binding_generation", `3`},
		{"confirmation", `"per_order"`},
		{"currency", `"USD"`},
		{"decision", `"approved"`},
		{"endpoint_schema_digest", `"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"`},
		{"environment", `"live"`},
		{"expires_at_ms", `1790000720000`},
		{"intent_digest", `"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d"`},
		{"limit_price_minor", `58012`},
		{"operator_ref", `"operator_1Dz8Ft3Qk5"`},
		{"order_type", `"limit"`},
		{"provider", `"acme-broker"`},
		{"quantity", `10`},
		{"review_digest", `"sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f"`},
		{"schema_version", `"aether.ats.operator-approval/2"`},
		{"side", `"buy"`},
		{"status", `"unspent"`},
		{"symbol", `"SPY"`},
	}
	// atsReceiptV1 is the canonical `execution-receipt-v1`, for the /1 intent.
	atsReceiptV1 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"ambiguity_reason", `null`},
		{"average_fill_price_minor", `58010`},
		{"binding_generation", `3`},
		{"broker_confirmed", `true`},
		{"broker_order_ref", `"broker_3Rt9Kw1Zx7"`},
		{"currency", `"USD"`},
		{"environment", `"live"`},
		{"filled_quantity", `10`},
		{"intent_digest", `"sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5"`},
		{"outcome", `"filled"`},
		{"provider", `"acme-broker"`},
		{"quantity", `10`},
		{"receipt_id", `"receipt_6Ny2Gc8Lb4"`},
		{"reconciliation_state", `null`},
		{"recorded_at_ms", `1790000200000`},
		{"schema_version", `"aether.ats.execution-receipt/1"`},
		{"side", `"buy"`},
		{"symbol", `"SPY"`},
	}
	// atsReceiptV2 is the canonical `execution-receipt-v2`, for the /2 intent.
	atsReceiptV2 = atsDoc{
		{"account_binding_id", `"bind_7Qm2Xw9Lk4"`},
		{"ambiguity_reason", `null`},
		{"average_fill_price_minor", `58010`},
		{"binding_generation", `3`},
		{"broker_confirmed", `true`},
		{"broker_order_ref", `"broker_3Rt9Kw1Zx7"`},
		{"currency", `"USD"`},
		{"environment", `"live"`},
		{"filled_quantity", `10`},
		{"intent_digest", `"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d"`},
		{"outcome", `"filled"`},
		{"provider", `"acme-broker"`},
		{"quantity", `10`},
		{"receipt_id", `"receipt_6Ny2Gc8Lb4"`},
		{"reconciliation_state", `null`},
		{"recorded_at_ms", `1790000200000`},
		{"schema_version", `"aether.ats.execution-receipt/2"`},
		{"side", `"buy"`},
		{"symbol", `"SPY"`},
	}
	// atsProposalV1 is the canonical `model-order-proposal-v1`.
	atsProposalV1 = atsDoc{
		{"expires_at_ms", `1790000300000`},
		{"limit_price_minor", `58012`},
		{"order_type", `"limit"`},
		{"quantity", `10`},
		{"quote_ref", `"quote_7Lc4Xn9Bs2"`},
		{"schema_version", `"aether.ats.model-order-proposal/1"`},
		{"side", `"buy"`},
		{"strategy_ref", `"strategy_5Mv2Qp8Hd1"`},
		{"symbol", `"SPY"`},
	}
	// atsProposalV2 is the canonical `model-order-proposal-v2`.
	atsProposalV2 = atsDoc{
		{"expires_at_ms", `1790000300000`},
		{"limit_price_minor", `58012`},
		{"order_type", `"limit"`},
		{"quantity", `10`},
		{"quote_ref", `"quote_7Lc4Xn9Bs2"`},
		{"schema_version", `"aether.ats.model-order-proposal/2"`},
		{"side", `"buy"`},
		{"strategy_ref", `"strategy_5Mv2Qp8Hd1"`},
		{"symbol", `"SPY"`},
	}
)

// The digests spec/ats.md gives the canonical instances.
var atsCanonicalDigest = map[string]string{
	"atsState":      "sha256:b8057a9a7f9fbf51e8cbfbbdc2a6cace3dd3cad2ea91e13686d725c270011622",
	"atsCapability": "sha256:efedbb7b27f0edd89d27c0b6c26da16d536e4bd07661d784818fe7cfe51b0600",
	"atsBindingV1":  "sha256:1a7c02ec5292235fa14e3800ee475cabbf3a9972c15fd88ac845c88bc32e4fae",
	"atsBindingV2":  "sha256:6a193d05b5125f3492e6684567915af61ae2b1e4402b03d97d8569745411b083",
	"atsGrantV1":    "sha256:351eb0395893be959b6cf6799c6f2e88bf5fe975ba96605b496e2b2dd7abb978",
	"atsGrantV2":    "sha256:dc9a8bc45235a710329f50ad4507e6f7bdac09158bed93b8e9e824c5e91dc153",
	"atsUsage":      "sha256:fec545a366f0592a0503774fcf3aac68c5665af472bfb2efe3f7f455c09e18f4",
	"atsIntentV1":   "sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5",
	"atsIntentV2":   "sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d",
	"atsReviewV1":   "sha256:c4e3fafe4edb83332ba42e9fed3806ece9aa3636e5b0f7f75e18ef0d452c508c",
	"atsReviewV2":   "sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f",
	"atsApprovalV1": "sha256:074e6e64dd8b31ed370087d2cf5df9e818fbf3af66c3a0ecad71adceac11d14a",
	"atsApprovalV2": "sha256:603d33efa3302886c6e8aeaba437700977f3b74ac30878572aa9dfd582449498",
	"atsReceiptV1":  "sha256:a532c051cd463e10f4ef37895c0e5ebda2e182b79e2c99df4eb1142f39647cc2",
	"atsReceiptV2":  "sha256:482c15994c2f15375275f2e95474e90013414746649ffc77520044229d304b55",
	"atsProposalV1": "sha256:3ae9933fa64bb9ec3f7e8487041106bfcf2df74667d1f616db6690a1a0363ac0",
	"atsProposalV2": "sha256:d3c65a469fe438307b2bdf308334d9b70fc331889c0668db12a21a7ad9b159d6",
}
