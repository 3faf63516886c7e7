// ats-runtime/1: the eight invariants of seed 001, section 3, and the
// decisions of spec/ats-runtime.md, checked on documents written here; the
// expected digests are computed by this file's own JCS of ASCII documents
// (sorted keys, integers), independently of the mirror.

import assert from "node:assert/strict";
import { test } from "node:test";
import { OPERATIONS as OPS, REFUSALS as G } from "../dist/ats-runtime.js";
import { asciiDigest, asciiJCS, show } from "./helpers.mjs";

const J = (v) => JSON.stringify(v);
const R = (g) => "refused: " + g.message;

const jcs = asciiJCS;
const D = asciiDigest;
const verdict = (d) => jcs({ digest: D(d), schema_version: d.schema_version });
const run = (op, v, ignore = []) => show(OPS[op], typeof v === "string" ? v : J(v), ignore);

const install = {
  schema_version: "aether.ats.runtime-installation/1",
  installation_id: "install_A1",
  runtime_version: "1.0.0",
  artifact_digest: "sha256:" + "a".repeat(64),
  provenance_verified: true,
  installed_at_ms: 5,
};
const probe = {
  schema_version: "aether.ats.data-probe/1",
  probe_id: "probe_P1",
  profile_id: "profile_X",
  status: "verified",
  observed_at_ms: 10000,
  max_age_ms: 5000,
  reason: null,
};
const source = {
  schema_version: "aether.ats.strategy-source/1",
  source_id: "src_S1",
  language: "nano",
  content_digest: "sha256:" + "b".repeat(64),
  byte_length: 10,
  imported_at_ms: 1,
};
function seal(a) {
  const { artifact_id: _, ...contents } = a;
  return { ...a, artifact_id: D(contents) };
}
const artifact = seal({
  schema_version: "aether.ats.strategy-compile-artifact/1",
  artifact_id: "",
  source_id: "src_S1",
  source_digest: source.content_digest,
  status: "compiled",
  program: "buy\n",
  compiler_version: "0.1.0",
  compiled_at_ms: 2,
});
const activation = {
  schema_version: "aether.ats.strategy-activation/1",
  activation_id: "activation_A",
  artifact_id: artifact.artifact_id,
  requested_mode: "paper",
  effective_mode: "paper",
  execution_grant_ref: "grant_G",
  reason: null,
  requested_at_ms: 3,
};
const entry = {
  schema_version: "aether.ats.trade-journal/2",
  entry_id: "entry_E",
  facts: { receipt_id: "receipt_R", symbol: "BRK.B", side: "sell", quantity: 3, price_minor: 100, executed_at_ms: 4 },
  fact_revision: 2,
  reflection_revision: 0,
  reflection: null,
};
const note = (revision, supersedes) => ({
  schema_version: "aether.ats.human-note-revision/1",
  entry_id: "entry_E",
  revision,
  supersedes,
  text: "why",
  authored_at_ms: 6,
});

test("invariant 1: provenance_verified is pinned true", () => {
  assert.equal(run("runtime-installation", install), verdict(install));
  assert.equal(run("runtime-installation", { ...install, provenance_verified: false }), R(G.provenanceVerified));
  assert.equal(run("runtime-installation", { ...install, provenance_verified: "true" }), R(G.provenanceVerified));
  // A type defect has no accept path.
  assert.equal(run("runtime-installation", { ...install, provenance_verified: "true" }, [G.provenanceVerified]), R(G.provenanceVerified));
});

test("invariants 2 and 4: a profile holds no verdict, and a credential is a reference", () => {
  const profile = {
    schema_version: "aether.ats.data-profile/1",
    profile_id: "profile_X",
    provider: "polygon",
    feed: "delayed",
    credential_ref: "vault:kv/polygon",
    max_probe_age_ms: 1000,
    configured_at_ms: 0,
  };
  assert.equal(run("data-profile", profile), verdict(profile));
  for (const verdictMember of ["connected", "verified", "status", "last_probe"]) {
    assert.equal(run("data-profile", { ...profile, [verdictMember]: true }), R(G.unknownMember));
  }
  for (const ok of ["env:POLYGON_KEY", "vault:a", null]) {
    const d = { ...profile, credential_ref: ok };
    assert.equal(run("data-profile", d), verdict(d));
  }
  for (const bad of ["sk_live_123", "POLYGON_KEY", "env:", "Env:X", "env:a b", "vault:x:y", "env:X\n"]) {
    assert.equal(run("data-profile", { ...profile, credential_ref: bad }), R(G.credentialRef));
  }
});

test("invariant 3: a verified probe expires against the clock and blocks activation", () => {
  const age = (now) => run("age-probe-receipt", { probe, now_ms: now });
  assert.equal(age(14999), jcs({ probe, usable: true }));
  assert.equal(age(15000), jcs({ probe: { ...probe, status: "stale", reason: "probe_expired" }, usable: false }));
  assert.equal(age(9999), R(G.probeClock));
  const admit = (now) => run("admit-activation", { activation, probe, now_ms: now });
  assert.equal(admit(14999), jcs({ activation_digest: D(activation), probe_digest: D(probe) }));
  assert.equal(admit(15000), R(G.activationProbe));
});

test("invariant 5: only a compiled, content-addressed artifact of a Nano source stages", () => {
  const stage = (s, a) => run("stage-artifact", { source: s, artifact: a });
  assert.equal(stage(source, artifact), jcs({ artifact_id: artifact.artifact_id }));
  for (const language of ["pine", "python"]) {
    assert.equal(stage({ ...source, language }, artifact), R(G.stageLanguage));
  }
  assert.equal(stage(source, { ...artifact, program: "sell\n" }), R(G.stageId));
  assert.equal(stage(source, seal({ ...artifact, status: "failed", program: null })), R(G.stageNotCompiled));
  assert.equal(stage(source, seal({ ...artifact, source_id: "src_S2" })), R(G.stageSourceId));
});

test("invariant 6: paper needs a grant, observe may not carry one", () => {
  const act = (m) => run("strategy-activation", { ...activation, ...m });
  assert.equal(act({}), verdict(activation));
  assert.equal(act({ execution_grant_ref: null }), R(G.activationGrantMissing));
  assert.equal(act({ requested_mode: "observe", effective_mode: "observe" }), R(G.activationGrantExtra));
  assert.equal(act({ requested_mode: "observe" }), R(G.activationExceeds));
  assert.equal(act({ effective_mode: "observe", execution_grant_ref: null }), R(G.activationReasonMissing));
});

test("invariant 7: notes append; a stale base conflicts; fact_revision never moves", () => {
  const save = (e, n) => run("save-note", { entry: e, note: n });
  const e1 = { ...entry, reflection_revision: 1, reflection: "why" };
  assert.equal(save(entry, note(1, null)), jcs({ digest: D(e1), fact_revision: 2, reflection_revision: 1 }));
  assert.equal(save(e1, note(2, 1)), jcs({ digest: D({ ...e1, reflection_revision: 2 }), fact_revision: 2, reflection_revision: 2 }));
  assert.equal(save(e1, note(1, null)), R(G.noteConflict));
  assert.equal(save(entry, note(2, 1)), R(G.noteConflict));
  assert.equal(run("human-note-revision", note(3, 1)), R(G.noteSupersedes));
  assert.equal(run("human-note-revision", note(1, 1)), R(G.noteSupersedes));
});

test("invariant 8: a snapshot not authored by the runtime is offline", () => {
  const caps = {
    schema_version: "aether.ats.runtime-capabilities/1",
    installation_id: "install_A1",
    runtime_version: "1.0.0",
    authored_by: "local",
    effective_mode: "offline",
    reason: null,
    observed_at_ms: 1,
  };
  assert.equal(run("runtime-capabilities", caps), verdict(caps));
  for (const mode of ["observe", "paper", "auto", "orders_paused"]) {
    assert.equal(run("runtime-capabilities", { ...caps, effective_mode: mode }), R(G.capabilitiesLocalMode));
    const reply = { ...caps, authored_by: "runtime", effective_mode: mode };
    assert.equal(run("runtime-capabilities", reply), verdict(reply));
  }
});

test("the facts object is closed and typed", () => {
  assert.equal(run("trade-journal", entry), verdict(entry));
  assert.equal(run("trade-journal", { ...entry, facts: [] }), R(G.facts));
  assert.equal(run("trade-journal", { ...entry, facts: { ...entry.facts, fill: 1 } }), R(G.unknownMember));
  assert.equal(run("trade-journal", { ...entry, facts: { ...entry.facts, symbol: "HTTPS://X" } }), R(G.symbol));
});
