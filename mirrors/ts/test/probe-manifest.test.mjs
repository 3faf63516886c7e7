// probe-manifest/1: merge identity, the web discriminant and its aliases,
// paths, hand edits and the writers' corrupt-input policies
// (spec/probe-manifest.md), with JSON.parse as the oracle that every
// written manifest is one JSON value of the merged entries.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as pm from "../dist/probe-manifest.js";
import { REFUSALS as G } from "../dist/probe-manifest.js";
import { showUTF8 } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const J = (v) => JSON.stringify(v);
const shell = (cmd, exit = 0) => ({ kind: "shell", cmd, exit });
const web = (file, smoke, kind = "web") => ({ kind, file, smoke });
const http = (url, status = 200) => ({ kind: "http", url, status });
const merge = (entries, { existing = null, writer = "verify", path = ".atoma-probes.json" } = {}, ignore = []) =>
  showUTF8(pm.merge, J({ path, writer, existing, entries }), ignore);
const probes = (out) => JSON.parse(out).probes;

test("identity: shell by cmd in place, web by file and smoke, http appended", () => {
  const m = merge([shell("make"), web("a", "s"), http("http://x")]);
  assert.deepEqual(probes(m), [shell("make"), web("a", "s"), http("http://x")]);
  assert.deepEqual(probes(merge([shell("make", 2), web("a", "s"), web("a", "t"), http("http://x")], { existing: m })), [
    shell("make", 2), web("a", "s"), http("http://x"), web("a", "t"), http("http://x"),
  ]);
  // Idempotent for shell and web.
  assert.equal(merge([shell("make"), web("a", "s")], { existing: m }), m);
  assert.ok(m.endsWith("]}\n"));
});

test("aliases: read as web, written as web; never accepted on disk", () => {
  assert.deepEqual(probes(merge([web("a", "s", "browser"), web("b", "s", "playwright")])), [web("a", "s"), web("b", "s")]);
  const onDisk = J({ probes: [web("a", "s", "browser")] });
  assert.equal(showUTF8(pm.check, onDisk), R(G.kind));
  assert.equal(merge([], { existing: onDisk, writer: "record_probe" }), R(G.corrupt));
  assert.equal(merge([], { existing: onDisk, writer: "distill" }), "");
  assert.deepEqual(probes(merge([], { existing: onDisk, writer: "verify" })), []);
});

test("paths are normalized before the manifest is recognized; model hand-edits refused", () => {
  for (const path of [".atoma-probes.json", "./.atoma-probes.json", "x/../.atoma-probes.json", ".\\.atoma-probes.json", ".atoma-probes.json/"]) {
    assert.equal(showUTF8(pm.writeGuard, J({ path, writer: "model" })), R(G.handEdit), path);
    assert.equal(showUTF8(pm.writeGuard, J({ path, writer: "verify" })), '{"path":".atoma-probes.json","manifest":true}');
    assert.equal(merge([], { path, writer: "model" }), R(G.handEdit));
  }
  assert.equal(showUTF8(pm.writeGuard, J({ path: "sub/.atoma-probes.json", writer: "model" })), '{"path":"sub/.atoma-probes.json","manifest":false}');
  for (const path of ["", "/x", "C:\\x", "../x", "."]) assert.equal(showUTF8(pm.writeGuard, J({ path, writer: "verify" })), R(G.path), path);
  assert.equal(merge([], { path: "sub/.atoma-probes.json" }), R(G.notManifest));
});

test("member rules and their bounds", () => {
  assert.equal(merge([shell("x", 256)]), R(G.exit));
  assert.equal(merge([shell("x", 255)]).includes('"exit":255'), true);
  assert.equal(merge([shell("")]), R(G.cmd));
  assert.equal(merge([http("ftp://x")]), R(G.url));
  assert.equal(merge([http("http://x", 600)]), R(G.status));
  assert.equal(merge([{ kind: "ftp" }]), R(G.kind));
  assert.equal(merge([{ kind: "ftp" }], {}, [G.kind]), R(G.kind));
  assert.equal(merge([{ ...shell("x"), file: "a" }]), R(G.unknownMember));
});
