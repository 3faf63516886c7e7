// ats/1 (spec/ats.md): the ATS Spec 1 order shapes at document versions /1
// and /2, the export projection and optional bindings, and the approval
// and commit gates; seed 001, sections 2 and 5. Every operation takes one
// JSON value input (`ats.input`, jsonvalue.ts) and answers RFC 8785
// canonical bytes (rfc8785/1) of a verdict object, or throws a Refusal of
// REFUSALS.
//
// This module registers the contract; its parts are in the folder ats/, one
// job a file:
//   refusals.ts  the closed refusal table, in the spec's order;
//   canonical.ts JCS of a parsed value and the ATS digest D(v);
//   rules.ts     the value rules and the field table (kind, rule, guard);
//   shapes.ts    the validator procedure, the shapes, the sixteen
//                validators (each /1 and /2 pair one body), the export
//                projection and the optional bindings;
//   gates.ts     the four gates: envelope, version, re-validation (with no
//                guard ignored), read set, digests, branches, verdict.
// Nothing here performs I/O, reads the environment or the clock, or places
// an order (spec/ats.md, "Scope"); test/ats-scope.test.mjs scans for it.

import { verifyApprovalChain, verifyCommitAuthority, verifyExecutableApprovalChain, verifyExecutableCommitAuthority } from "./ats/gates.js";
import { CONTRACT, REFUSALS } from "./ats/refusals.js";
import { optionalBindingV1, optionalBindingV2, redactBindingForExport, validatorOperation } from "./ats/shapes.js";

export { CONTRACT, REFUSALS };

/** The operations of ats/1 (spec/ats.md, "Operations"), in table order: input bytes to output bytes. */
export const OPERATIONS = Object.freeze({
  "execution-state": validatorOperation("execution-state"),
  "connector-capability": validatorOperation("connector-capability"),
  "account-binding-v1": validatorOperation("account-binding-v1"),
  "account-binding-v2": validatorOperation("account-binding-v2"),
  "delegated-trading-grant-v1": validatorOperation("delegated-trading-grant-v1"),
  "delegated-trading-grant-v2": validatorOperation("delegated-trading-grant-v2"),
  "grant-usage": validatorOperation("grant-usage"),
  "equity-order-intent-v1": validatorOperation("equity-order-intent-v1"),
  "equity-order-intent-v2": validatorOperation("equity-order-intent-v2"),
  "order-review-receipt": validatorOperation("order-review-receipt"),
  "operator-approval-v1": validatorOperation("operator-approval-v1"),
  "operator-approval-v2": validatorOperation("operator-approval-v2"),
  "execution-receipt-v1": validatorOperation("execution-receipt-v1"),
  "execution-receipt-v2": validatorOperation("execution-receipt-v2"),
  "model-order-proposal-v1": validatorOperation("model-order-proposal-v1"),
  "model-order-proposal-v2": validatorOperation("model-order-proposal-v2"),
  "redact-binding-for-export": redactBindingForExport,
  "optional-binding": optionalBindingV1,
  "optional-binding-v2": optionalBindingV2,
  "verify-approval-chain": verifyApprovalChain,
  "verify-commit-authority": verifyCommitAuthority,
  "verify-executable-approval-chain": verifyExecutableApprovalChain,
  "verify-executable-commit-authority": verifyExecutableCommitAuthority,
});
