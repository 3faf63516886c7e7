// The canonical valid instances of spec/ats.md ("Canonical instances"),
// copied from the spec as literal data: each document's JCS text, the
// operation that validates it and the digest the spec gives. The tests
// build every variant from copies of these (doc()), so each variant has
// exactly the change it names.

/** name: {op, digest, text} for the 17 canonical documents (reviewV1 and reviewV2 are the reviews of the /1 and /2 intent). */
export const CANONICAL = Object.freeze({
  executionState: {
    op: "execution-state",
    digest: "sha256:b8057a9a7f9fbf51e8cbfbbdc2a6cace3dd3cad2ea91e13686d725c270011622",
    text: '{"effective_mode":"approve","observed_at_ms":1790000170000,"reason":null,"requested_mode":"approve","schema_version":"aether.ats.execution-state/1"}',
  },
  connectorCapability: {
    op: "connector-capability",
    digest: "sha256:efedbb7b27f0edd89d27c0b6c26da16d536e4bd07661d784818fe7cfe51b0600",
    text: '{"adapter_id":"acme-rest","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environments":["live","paper"],"grants_execution_authority":false,"observed_at_ms":1789999000000,"order_types":["limit","market"],"provider":"acme-broker","provider_confirmation_modes":["per_order","session"],"schema_version":"aether.ats.connector-capability/1"}',
  },
  bindingV1: {
    op: "account-binding-v1",
    digest: "sha256:1a7c02ec5292235fa14e3800ee475cabbf3a9972c15fd88ac845c88bc32e4fae",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","account_ref":"acct_R8v3Nf6Tz1Hq","adapter_id":"acme-rest","binding_generation":3,"currency":"USD","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","linked_at_ms":1789000000000,"masked_label":"Individual ****4821","provider":"acme-broker","schema_version":"aether.ats.account-binding/1","status":"active"}',
  },
  bindingV2: {
    op: "account-binding-v2",
    digest: "sha256:6a193d05b5125f3492e6684567915af61ae2b1e4402b03d97d8569745411b083",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","account_ref":"acct_R8v3Nf6Tz1Hq","adapter_id":"acme-rest","binding_generation":3,"currency":"USD","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","linked_at_ms":1789000000000,"masked_label":"Individual ****4821","provider":"acme-broker","schema_version":"aether.ats.account-binding/2","status":"active"}',
  },
  grantV1: {
    op: "delegated-trading-grant-v1",
    digest: "sha256:351eb0395893be959b6cf6799c6f2e88bf5fe975ba96605b496e2b2dd7abb978",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","confirmation":"per_order","currency":"USD","environment":"live","expires_at_ms":1792000000000,"grant_id":"grant_5Hn8Ke2Wp7","grant_version":2,"issued_at_ms":1789500000000,"max_daily_notional_minor":50000000,"max_daily_orders":20,"max_order_notional_minor":10000000,"max_order_quantity":500,"max_position_notional_minor":100000000,"schema_version":"aether.ats.delegated-trading-grant/1","sides":["buy","sell"],"symbol_allowlist":["AAPL","BRK.B","SPY"]}',
  },
  grantV2: {
    op: "delegated-trading-grant-v2",
    digest: "sha256:dc9a8bc45235a710329f50ad4507e6f7bdac09158bed93b8e9e824c5e91dc153",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","confirmation":"per_order","currency":"USD","environment":"live","expires_at_ms":1792000000000,"grant_id":"grant_5Hn8Ke2Wp7","grant_version":2,"issued_at_ms":1789500000000,"max_daily_notional_minor":50000000,"max_daily_orders":20,"max_order_notional_minor":10000000,"max_order_quantity":500,"max_position_notional_minor":100000000,"schema_version":"aether.ats.delegated-trading-grant/2","sides":["buy","sell"],"symbol_allowlist":["AAPL","BRK.B","SPY"]}',
  },
  usage: {
    op: "grant-usage",
    digest: "sha256:fec545a366f0592a0503774fcf3aac68c5665af472bfb2efe3f7f455c09e18f4",
    text: '{"grant_id":"grant_5Hn8Ke2Wp7","notional_submitted_minor":1250000,"orders_submitted":3}',
  },
  intentV1: {
    op: "equity-order-intent-v1",
    digest: "sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","adapter_id":"acme-rest","binding_generation":3,"client_order_id":"client_3Gd7Yh2Rq8","created_at_ms":1790000000000,"currency":"USD","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","expires_at_ms":1790003600000,"grant_id":"grant_5Hn8Ke2Wp7","intent_id":"intent_9Tc4Vb1Mx6","limit_price_minor":58012,"order_type":"limit","provider":"acme-broker","quantity":10,"request_id":"req_6Pw1Lz5Ns3","schema_version":"aether.ats.equity-order-intent/1","side":"buy","symbol":"SPY"}',
  },
  intentV2: {
    op: "equity-order-intent-v2",
    digest: "sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","adapter_id":"acme-rest","binding_generation":3,"client_order_id":"client_3Gd7Yh2Rq8","created_at_ms":1790000000000,"currency":"USD","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","expires_at_ms":1790003600000,"grant_id":"grant_5Hn8Ke2Wp7","intent_id":"intent_9Tc4Vb1Mx6","limit_price_minor":58012,"order_type":"limit","provider":"acme-broker","quantity":10,"request_id":"req_6Pw1Lz5Ns3","schema_version":"aether.ats.equity-order-intent/2","side":"buy","symbol":"SPY"}',
  },
  reviewV1: {
    op: "order-review-receipt",
    digest: "sha256:c4e3fafe4edb83332ba42e9fed3806ece9aa3636e5b0f7f75e18ef0d452c508c",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","adapter_id":"acme-rest","approval_deadline_ms":1790000960000,"binding_generation":3,"endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","grant_id":"grant_5Hn8Ke2Wp7","grant_version":2,"intent_digest":"sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5","provider":"acme-broker","refusal_reason":null,"reservation_expires_at_ms":1790001860000,"reservation_ref":"resv_8Bx3Mc6Ve1","review_id":"review_2Kf9Jq4Ud7","reviewed_at_ms":1790000060000,"schema_version":"aether.ats.order-review-receipt/1","status":"previewed"}',
  },
  reviewV2: {
    op: "order-review-receipt",
    digest: "sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","adapter_id":"acme-rest","approval_deadline_ms":1790000960000,"binding_generation":3,"endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","grant_id":"grant_5Hn8Ke2Wp7","grant_version":2,"intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","provider":"acme-broker","refusal_reason":null,"reservation_expires_at_ms":1790001860000,"reservation_ref":"resv_8Bx3Mc6Ve1","review_id":"review_2Kf9Jq4Ud7","reviewed_at_ms":1790000060000,"schema_version":"aether.ats.order-review-receipt/1","status":"previewed"}',
  },
  approvalV1: {
    op: "operator-approval-v1",
    digest: "sha256:074e6e64dd8b31ed370087d2cf5df9e818fbf3af66c3a0ecad71adceac11d14a",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","adapter_id":"acme-rest","approval_id":"approval_4Wr7Hs2Pn9","approved_at_ms":1790000120000,"binding_generation":3,"confirmation":"per_order","currency":"USD","decision":"approved","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","expires_at_ms":1790000720000,"intent_digest":"sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5","limit_price_minor":58012,"operator_ref":"operator_1Dz8Ft3Qk5","order_type":"limit","provider":"acme-broker","quantity":10,"review_digest":"sha256:c4e3fafe4edb83332ba42e9fed3806ece9aa3636e5b0f7f75e18ef0d452c508c","schema_version":"aether.ats.operator-approval/1","side":"buy","status":"unspent","symbol":"SPY"}',
  },
  approvalV2: {
    op: "operator-approval-v2",
    digest: "sha256:603d33efa3302886c6e8aeaba437700977f3b74ac30878572aa9dfd582449498",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","adapter_id":"acme-rest","approval_id":"approval_4Wr7Hs2Pn9","approved_at_ms":1790000120000,"binding_generation":3,"confirmation":"per_order","currency":"USD","decision":"approved","endpoint_schema_digest":"sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7","environment":"live","expires_at_ms":1790000720000,"intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","limit_price_minor":58012,"operator_ref":"operator_1Dz8Ft3Qk5","order_type":"limit","provider":"acme-broker","quantity":10,"review_digest":"sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f","schema_version":"aether.ats.operator-approval/2","side":"buy","status":"unspent","symbol":"SPY"}',
  },
  receiptV1: {
    op: "execution-receipt-v1",
    digest: "sha256:a532c051cd463e10f4ef37895c0e5ebda2e182b79e2c99df4eb1142f39647cc2",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","ambiguity_reason":null,"average_fill_price_minor":58010,"binding_generation":3,"broker_confirmed":true,"broker_order_ref":"broker_3Rt9Kw1Zx7","currency":"USD","environment":"live","filled_quantity":10,"intent_digest":"sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5","outcome":"filled","provider":"acme-broker","quantity":10,"receipt_id":"receipt_6Ny2Gc8Lb4","reconciliation_state":null,"recorded_at_ms":1790000200000,"schema_version":"aether.ats.execution-receipt/1","side":"buy","symbol":"SPY"}',
  },
  receiptV2: {
    op: "execution-receipt-v2",
    digest: "sha256:482c15994c2f15375275f2e95474e90013414746649ffc77520044229d304b55",
    text: '{"account_binding_id":"bind_7Qm2Xw9Lk4","ambiguity_reason":null,"average_fill_price_minor":58010,"binding_generation":3,"broker_confirmed":true,"broker_order_ref":"broker_3Rt9Kw1Zx7","currency":"USD","environment":"live","filled_quantity":10,"intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","outcome":"filled","provider":"acme-broker","quantity":10,"receipt_id":"receipt_6Ny2Gc8Lb4","reconciliation_state":null,"recorded_at_ms":1790000200000,"schema_version":"aether.ats.execution-receipt/2","side":"buy","symbol":"SPY"}',
  },
  proposalV1: {
    op: "model-order-proposal-v1",
    digest: "sha256:3ae9933fa64bb9ec3f7e8487041106bfcf2df74667d1f616db6690a1a0363ac0",
    text: '{"expires_at_ms":1790000300000,"limit_price_minor":58012,"order_type":"limit","quantity":10,"quote_ref":"quote_7Lc4Xn9Bs2","schema_version":"aether.ats.model-order-proposal/1","side":"buy","strategy_ref":"strategy_5Mv2Qp8Hd1","symbol":"SPY"}',
  },
  proposalV2: {
    op: "model-order-proposal-v2",
    digest: "sha256:d3c65a469fe438307b2bdf308334d9b70fc331889c0668db12a21a7ad9b159d6",
    text: '{"expires_at_ms":1790000300000,"limit_price_minor":58012,"order_type":"limit","quantity":10,"quote_ref":"quote_7Lc4Xn9Bs2","schema_version":"aether.ats.model-order-proposal/2","side":"buy","strategy_ref":"strategy_5Mv2Qp8Hd1","symbol":"SPY"}',
  },
});

/** A fresh, mutable copy of canonical document `name`. */
export function doc(name) {
  return JSON.parse(CANONICAL[name].text);
}

/** The faithful /2 chain F (spec/ats.md), as the commit envelope: a fresh copy. */
export function faithful() {
  return {
    intent: doc("intentV2"),
    review: doc("reviewV2"),
    approval: doc("approvalV2"),
    binding: doc("bindingV2"),
    grant: doc("grantV2"),
    usage: doc("usage"),
    mode: "approve",
    clock_ms: 1790000180000,
    resulting_position_notional_minor: 5800000,
  };
}

/** The approval-chain envelope of a commit envelope: intent, review, approval and clock_ms. */
export function approvalEnvelope(env) {
  return { intent: env.intent, review: env.review, approval: env.approval, clock_ms: env.clock_ms };
}

/** The verdicts on F (spec/ats.md, "Step 8"). */
export const F_COMMIT =
  '{"decision":"commit-authorized","intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","review_digest":"sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f"}';
export const F_APPROVAL =
  '{"decision":"approval-chain-verified","intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","review_digest":"sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f"}';

/**
 * A number (or any JSON text) written as it is into json()'s output: the
 * tests need literals JSON.stringify cannot write (1.0, -0, 1e400,
 * 9007199254740993).
 */
export function raw(text) {
  return "\u0001" + text + "\u0001";
}

/** v as JSON text, with raw() values unquoted; lone surrogates are written as \u escapes (JSON.stringify). */
export function json(v) {
  return JSON.stringify(v).replace(/"\\u0001(.*?)\\u0001"/g, (_, t) => t);
}
