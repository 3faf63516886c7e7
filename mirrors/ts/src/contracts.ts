// The registration of the contracts this mirror implements: one line per
// contract, each a module that exports CONTRACT (its name with version),
// OPERATIONS (operation name to function from input bytes to output bytes)
// and REFUSALS (its closed refusal table, in the spec's order). Adding a
// contract adds its module and one line here (spec/README.md, "The
// catalogue"); everything else (the handshake, dispatch, `guards`,
// `ignore`, the tests) derives the list from these modules.

export * as agent_browser_ats_order from "./agent-browser-ats-order.js";
export * as artifact from "./artifact.js";
export * as ats_runtime from "./ats-runtime.js";
export * as ats from "./ats.js";
export * as attestation from "./attestation.js";
export * as bridge from "./bridge.js";
export * as digest from "./digest.js";
export * as ed25519 from "./ed25519.js";
export * as failure_budget from "./failure-budget.js";
export * as frame from "./frame.js";
export * as model_selector from "./model-selector.js";
export * as prim from "./prim.js";
export * as probe_manifest from "./probe-manifest.js";
export * as pyjson_ascii from "./pyjson-ascii.js";
export * as rfc8785 from "./rfc8785.js";
export * as ticker from "./ticker.js";
export * as toolhost from "./toolhost/index.js";
export * as trace_fields from "./trace-fields.js";
export * as trajectory from "./trajectory.js";
export * as v8date from "./v8date.js";
