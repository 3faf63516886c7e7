// model-selector/1: the grammar, transportOf, payerForSelector, the tier
// pins, the payer rows and the commit shas (spec/model-selector.md), with
// JSON.parse as the oracle that every output is one JSON value whose
// strings are the selector's segments.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as ms from "../dist/model-selector.js";
import { REFUSALS as G } from "../dist/model-selector.js";
import { showUTF8 } from "./helpers.mjs";

const J = (v) => JSON.stringify(v);
const R = (g) => "refused: " + g.message;
const run = (op, input, ignore = []) => showUTF8(op, input, ignore);

test("the model segment is verbatim: colons, spaces, non-ASCII kept", () => {
  for (const [sel, mode, vendor, model] of [
    ["api:ollama:llama3.1:8b", "api", "ollama", "llama3.1:8b"],
    ["api:ollama:a:b:c:", "api", "ollama", "a:b:c:"],
    ["own:openai: gpt 5 ", "own", "openai", " gpt 5 "],
    ["sub:anthropic:\u00e9\u{1f600}", "sub", "anthropic", "\u00e9\u{1f600}"],
    ["api:google:\n", "api", "google", "\n"],
  ]) {
    const out = run(ms.parse, J(sel));
    assert.match(out, /^[\x20-\x7e]*$/, "ASCII output");
    assert.deepEqual(JSON.parse(out), { mode, vendor, model });
  }
  // No short escapes, lowercase hex.
  assert.equal(run(ms.parse, J("api:openai:\n\u00c9")), '{"mode":"api","vendor":"openai","model":"\\u000a\\u00c9"}');
});

test("the rules in order, each ignorable as the spec says", () => {
  assert.equal(run(ms.parse, J("claude-sonnet-4")), R(G.segments));
  assert.equal(run(ms.parse, J("anthropic:claude")), R(G.segments));
  // Ignored: the missing segments are empty, so the model rule refuses.
  assert.equal(run(ms.parse, J("api:openai"), [G.segments]), R(G.model));
  assert.equal(run(ms.parse, J("api:openai"), [G.segments, G.model]), '{"mode":"api","vendor":"openai","model":""}');
  assert.equal(run(ms.parse, J("API:openai:x")), R(G.mode));
  assert.equal(run(ms.transport, J("API:openai:x"), [G.mode]), '{"transport":"openai-api"}');
  assert.equal(run(ms.parse, J("api:OpenAI:x")), R(G.vendor));
  assert.equal(run(ms.parse, J("sub:ollama:llama3")), R(G.ollama));
  assert.equal(run(ms.transport, J("sub:ollama:llama3"), [G.ollama]), '{"transport":"ollama-subscription"}');
  // Two defects: the earlier rule wins.
  assert.equal(run(ms.parse, J("x:y:")), R(G.mode));
  assert.equal(run(ms.parse, J("api:y:")), R(G.vendor));
  for (const v of ["1", "null", "[]", "{}"]) assert.equal(run(ms.parse, v, [G.type]), R(G.type));
});

test("transports and payers", () => {
  const cases = [
    ["api:anthropic:m", "anthropic-api", "host-key", "org-key"],
    ["api:openai:m", "openai-api", "host-key", "org-key"],
    ["api:google:m", "google-api", "host-key", "org-key"],
    ["api:ollama:m:7b", "ollama-selfhosted", "host-selfhosted", "host-selfhosted"],
    ["sub:openai:m", "openai-subscription", "host-subscription", "host-subscription"],
    ["own:openai:m", "openai-subscription", "principal-subscription", "principal-subscription"],
    ["own:google:m", "google-subscription", "principal-subscription", "principal-subscription"],
  ];
  for (const [sel, transport, payer, withKey] of cases) {
    assert.equal(run(ms.transport, J(sel)), J({ transport }));
    assert.equal(run(ms.payer, J({ selector: sel, org_keys: [] })), J({ payer }));
    assert.equal(run(ms.payer, J({ selector: sel, org_keys: ["anthropic", "google", "ollama", "openai"] })), J({ payer: withKey }));
  }
  assert.equal(run(ms.payer, J({ selector: "api:openai:m", org_keys: ["google"] })), J({ payer: "host-key" }));
  assert.equal(run(ms.payer, J({ selector: "api:openai:m", org_keys: ["mistral"] })), R(G.orgKeys));
  assert.equal(run(ms.payer, J({ selector: "api:openai:m", org_keys: ["mistral"] }), [G.orgKeys]), J({ payer: "host-key" }));
  assert.equal(run(ms.payer, J({ selector: "api:openai:m", org_keys: [1] }), [G.orgKeys]), R(G.orgKeys));
  assert.equal(run(ms.payer, J({ selector: 1, org_keys: [] })), R(G.selector));
  assert.equal(run(ms.payer, J({ org_keys: [] })), R(G.missingMember));
  assert.equal(run(ms.payer, J({ org_keys: [] }), [G.missingMember]), R(G.selector));
  assert.equal(run(ms.payer, J({ selector: "api:openai:m", org_keys: [], x: 1 })), R(G.unknownMember));
});

test("tier pins: three required, no default, other variables ignored", () => {
  const env = { ATOMA_MODEL_L1: "api:openai:a", ATOMA_MODEL_L2: "sub:openai:b", ATOMA_MODEL_L3: "api:ollama:c:1", PATH: 5 };
  assert.deepEqual(JSON.parse(run(ms.tierSelectors, J(env))), {
    l1: { mode: "api", vendor: "openai", model: "a" },
    l2: { mode: "sub", vendor: "openai", model: "b" },
    l3: { mode: "api", vendor: "ollama", model: "c:1" },
  });
  for (const name of ["ATOMA_MODEL_L1", "ATOMA_MODEL_L2", "ATOMA_MODEL_L3"]) {
    for (const v of [undefined, "", null, 7]) {
      const e = { ...env, [name]: v };
      if (v === undefined) delete e[name];
      assert.equal(run(ms.tierSelectors, J(e)), R(G.pin));
      assert.equal(run(ms.tierSelectors, J(e), [G.pin]), R(G.pin));
    }
  }
  assert.equal(run(ms.tierSelectors, J({ ...env, ATOMA_MODEL_L2: "claude-opus" })), R(G.segments));
});

test("payer rows: admissibility by chain level", () => {
  const pin = (selector, level) => ({ selector, level });
  const input = (l1, l2, l3, org_keys = []) => J({ l1, l2, l3, org_keys });
  const ok = input(pin("api:openai:a", "host"), pin("sub:openai:b", "account"), pin("own:anthropic:c", "account"), ["openai"]);
  assert.deepEqual(JSON.parse(run(ms.runPayers, ok)), [
    { tier: "l1", selector: "api:openai:a", transport: "openai-api", payer: "org-key", level: "host" },
    { tier: "l2", selector: "sub:openai:b", transport: "openai-subscription", payer: "host-subscription", level: "account" },
    { tier: "l3", selector: "own:anthropic:c", transport: "anthropic-subscription", payer: "principal-subscription", level: "account" },
  ]);
  for (const level of ["org", "host"]) {
    for (const mode of ["sub", "own"]) {
      const bad = input(pin("api:openai:a", "host"), pin(`${mode}:openai:b`, level), pin("api:google:c", "org"));
      assert.equal(run(ms.runPayers, bad), R(G.admissible));
      assert.equal(JSON.parse(run(ms.runPayers, bad, [G.admissible]))[1].level, level);
    }
  }
  assert.equal(run(ms.runPayers, input(pin("api:openai:a", "tenant"), pin("api:openai:b", "org"), pin("api:openai:c", "org"))), R(G.level));
  assert.equal(run(ms.runPayers, J({ l1: pin("api:openai:a", "org"), l2: pin("api:openai:b", "org"), org_keys: [] })), R(G.missingMember));
  assert.equal(run(ms.runPayers, input("x", pin("api:openai:b", "org"), pin("api:openai:c", "org"))), R(G.type));
});

test("commit shas: 40 lowercase hex; baseSha required and nullable", () => {
  const sha = "0123456789abcdef0123456789abcdef01234567";
  assert.equal(run(ms.commitSha, J(sha)), J({ sha }));
  for (const bad of [sha.slice(1), sha + "0", sha.toUpperCase(), sha.slice(1) + "g", ""]) {
    assert.equal(run(ms.commitSha, J(bad)), R(G.commitSha));
  }
  assert.equal(run(ms.publicationReceipt, J({ commitSha: sha, baseSha: null })), `{"commitSha":"${sha}","baseSha":null}`);
  assert.equal(run(ms.publicationReceipt, J({ baseSha: sha, commitSha: sha })), `{"commitSha":"${sha}","baseSha":"${sha}"}`);
  assert.equal(run(ms.publicationReceipt, J({ commitSha: sha })), R(G.missingMember));
  assert.equal(run(ms.publicationReceipt, J({ commitSha: sha }), [G.missingMember]), R(G.baseSha));
  assert.equal(run(ms.publicationReceipt, J({ commitSha: sha, baseSha: "" })), R(G.baseSha));
  assert.equal(run(ms.publicationReceipt, J({ commitSha: sha, baseSha: 1 }), [G.baseSha]), R(G.baseSha));
});
