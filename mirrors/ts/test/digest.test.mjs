// digest/1 (spec/digest.md): digests and signing inputs, exact bytes, each
// rule at its bound, document-order precedence and ignore semantics. The
// expected digests are computed here from hand-written canonical text.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import * as dg from "../dist/digest.js";
import { REFUSALS as G } from "../dist/digest.js";
import { REFUSALS as RFC8785 } from "../dist/rfc8785.js";
import { outcome, show } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const J = (v) => JSON.stringify(v);
/** H(prefix, canonical text) as the spec writes it. */
const H = (prefix, canonical) =>
  "sha256:" + createHash("sha256").update(Buffer.concat([Buffer.from(prefix + "\n", "latin1"), Buffer.from(canonical, "utf8")])).digest("hex");
const check = (op, input, want, ignore = []) =>
  assert.equal(show(op, input, ignore), want, `${op.name} ${String(input).slice(0, 200)} ignore=${ignore.map((g) => g.code)}`);
const doc = (schemaId, omit, object) => J({ schema_id: schemaId, omit, object });


test("digest and signing-input: the common digest over JCS without the omitted members", () => {
  const id = "aether.managed-tool-device-proof/1";
  const obj = { z: 1, proof_digest: "sha256:00", cloud_signature: "x", a: "é😀", m: [1, 2.5, true, null, { b: 1, a: 2 }] };
  const canonical = '{"a":"é😀","m":[1,2.5,true,null,{"a":2,"b":1}],"z":1}';
  const input = doc(id, ["proof_digest", "cloud_signature"], obj);
  check(dg.digest, input, H(id, canonical));
  assert.equal(show(dg.digest, input).length, 71);
  assert.equal(outcome(dg.signingInput, input).ok.toString("utf8"), id + "\n" + canonical);
  // Omitted names that are absent are ignored; a name may repeat.
  check(dg.digest, doc(id, ["nope", "z", "z", "proof_digest", "cloud_signature"], obj), H(id, '{"a":"é😀","m":[1,2.5,true,null,{"a":2,"b":1}]}'));
  // Top level only.
  check(dg.digest, doc(id, ["a"], { a: 1, b: { a: 2 } }), H(id, '{"b":{"a":2}}'));
  check(dg.digest, doc(id, [], {}), H(id, "{}"));
  check(dg.digest, doc(id, ["a"], { a: 1 }), H(id, "{}"));
  // JCS is RFC 8785: numbers by Number::toString, UTF-16 key order, literal non-ASCII.
  check(dg.digest, '{"schema_id":"x","omit":[],"object":{"n":[1.0,1e21,1e-7,-0,0.000001,9007199254740993]}}',
    H("x", '{"n":[1,1e+21,1e-7,0,0.000001,9007199254740992]}'));
  check(dg.digest, '{"schema_id":"x","omit":[],"object":{"\\ue000":1,"\\ud800\\udc00":2,"\\u0000":"\\u001f\\u007f\\u2028"}}',
    H("x", '{"\\u0000":"\\u001f\u007f\u2028","\ud800\udc00":2,"\ue000":1}'));
  // Member order of the input document is free.
  check(dg.digest, J({ object: { a: 1 }, omit: [], schema_id: "x" }), H("x", '{"a":1}'));
});

test("digest: the shape, with no accept path", () => {
  const bad = [
    "[]", "null", '"x"', "{}",
    J({ schema_id: "x", omit: [] }),
    J({ schema_id: "x", object: {} }),
    J({ omit: [], object: {} }),
    J({ schema_id: "x", omit: [], object: {}, extra: 1 }),
    J({ schema_id: 1, omit: [], object: {} }),
    J({ schema_id: "x", omit: "a", object: {} }),
    J({ schema_id: "x", omit: [1], object: {} }),
    J({ schema_id: "x", omit: ["a", null], object: {} }),
    J({ schema_id: "x", omit: [], object: [] }),
    J({ schema_id: "x", omit: [], object: "x" }),
    J({ schema_id: "x", omit: [], object: null }),
  ];
  for (const op of [dg.digest, dg.signingInput]) {
    for (const b of bad) {
      check(op, b, R(G.type));
      check(op, b, R(G.type), [G.type]);
    }
  }
  // The shape before the schema id and JCS.
  check(dg.digest, '{"schema_id":"","omit":[1],"object":{"a":"\\ud800"}}', R(G.type));
  for (const op of [dg.schemaDigest, dg.argumentsDigest]) {
    for (const b of ["[]", "1", '"x"', "null", "true"]) {
      check(op, b, R(G.type));
      check(op, b, R(G.type), [G.type]);
    }
  }
});

test("schema_id: 1 to 128 units, each U+0021-U+007E", () => {
  let all = "";
  for (let c = 0x21; c <= 0x7e; c++) all += String.fromCharCode(c);
  check(dg.digest, doc(all, [], {}), H(all, "{}"));
  check(dg.digest, doc("!".repeat(128), [], {}), H("!".repeat(128), "{}"));
  check(dg.digest, doc("!".repeat(129), [], {}), R(G.schemaId));
  check(dg.digest, doc("", [], {}), R(G.schemaId));
  for (const c of [" ", "\n", "\t", "\u0000", "\u007f", "\u0080", "é", "\u2028", "😀"]) {
    check(dg.digest, doc("a" + c, [], {}), R(G.schemaId));
    check(dg.signingInput, doc("a" + c, [], {}), R(G.schemaId));
  }
  check(dg.digest, '{"schema_id":"a\\ud800","omit":[],"object":{}}', R(G.schemaId));
  // Before JCS.
  check(dg.digest, '{"schema_id":"","omit":[],"object":{"a":"\\ud800"}}', R(G.schemaId));
  // Ignored: the id is written as UTF-8.
  check(dg.digest, doc("a b", [], {}), H("a b", "{}"), [G.schemaId]);
  check(dg.digest, doc("", [], {}), H("", "{}"), [G.schemaId]);
  assert.equal(outcome(dg.signingInput, doc("é", [], {}), [G.schemaId]).ok.toString("hex"), "c3a90a7b7d");
});

test("jcs: lone surrogates and infinite numbers cannot be canonicalized", () => {
  for (const object of ['{"a":"\\ud800"}', '{"\\udc00":1}', '{"a":["x","\\ud83d"]}', '{"a":1e400}', '{"a":-1e400}',
    '{"a":{"b":[' + "9".repeat(400) + "]}}"]) {
    const input = `{"schema_id":"x","omit":[],"object":${object}}`;
    check(dg.digest, input, R(G.jcs));
    check(dg.signingInput, input, R(G.jcs));
    check(dg.schemaDigest, object, R(G.jcs));
  }
  // Underflow is fine; an omitted member is not canonicalized.
  check(dg.digest, '{"schema_id":"x","omit":[],"object":{"a":1e-400}}', H("x", '{"a":0}'));
  check(dg.digest, '{"schema_id":"x","omit":["bad"],"object":{"bad":"\\ud800","ok":1}}', H("x", '{"ok":1}'));
  check(dg.digest, '{"schema_id":"x","omit":["\\ud800"],"object":{"\\ud800":1}}', H("x", "{}"));
  check(dg.schemaDigest, '{"a":"\\ud83d\\ude00"}', H("aether.schema/1", '{"a":"😀"}'));
  // Ignored: canonicalized as rfc8785/1 does with its guards ignored.
  assert.equal(
    outcome(dg.signingInput, '{"schema_id":"x","omit":[],"object":{"a":"\\ud800","b":1e400,"\\udc00":-1e999}}', [G.jcs]).ok.toString("hex"),
    Buffer.concat([Buffer.from('x\n{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('","b":Infinity,"'), Buffer.from([0xed, 0xb0, 0x80]), Buffer.from('":-Infinity}')]).toString("hex"),
  );
  // Ignoring rfc8785/1's own guards changes nothing here.
  check(dg.schemaDigest, '{"a":"\\ud800"}', R(G.jcs), [RFC8785.surrogate, RFC8785.numberRange]);
});

test("schema-digest: H(aether.schema/1, document)", () => {
  check(dg.schemaDigest, "{}", H("aether.schema/1", "{}"));
  check(dg.schemaDigest, ' {"$id":"https://x/y.json", "type" : "object","additionalProperties":false} ',
    H("aether.schema/1", '{"$id":"https://x/y.json","additionalProperties":false,"type":"object"}'));
  check(dg.schemaDigest, '{"a":-1.5e3,"b":"\\u00e9"}', H("aether.schema/1", '{"a":-1500,"b":"é"}'));
});

// --- arguments-digest --------------------------------------------------------------

const ARGS = "aether.managed-tool-arguments/1";

test("arguments-digest: H over JCS of the arguments", () => {
  check(dg.argumentsDigest, "{}", H(ARGS, "{}"));
  check(dg.argumentsDigest, '{"symbol":"SPY","limit":10,"flags":[true,false,null],"o":{"z":0,"a":9007199254740991}}',
    H(ARGS, '{"flags":[true,false,null],"limit":10,"o":{"a":9007199254740991,"z":0},"symbol":"SPY"}'));
});

test("arguments-digest: depth 8, arrays of 32, unsigned safe integers, strings of 256", () => {
  const nestArr = (n) => "[".repeat(n) + "]".repeat(n);
  // The arguments object is depth 1: 7 more containers reach depth 8.
  check(dg.argumentsDigest, `{"a":${nestArr(7)}}`, H(ARGS, `{"a":${nestArr(7)}}`));
  check(dg.argumentsDigest, `{"a":${nestArr(8)}}`, R(G.argDepth));
  check(dg.argumentsDigest, '{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}', H(ARGS, '{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}'));
  check(dg.argumentsDigest, '{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}}', R(G.argDepth));
  // Arrays.
  const arr = (n) => "[" + Array.from({ length: n }, (_, i) => i).join(",") + "]";
  check(dg.argumentsDigest, `{"a":${arr(32)}}`, H(ARGS, `{"a":${arr(32)}}`));
  check(dg.argumentsDigest, `{"a":${arr(33)}}`, R(G.argArray));
  check(dg.argumentsDigest, `{"a":[${arr(32)}]}`, H(ARGS, `{"a":[${arr(32)}]}`));
  // Objects have no member bound here.
  const wide = "{" + Array.from({ length: 100 }, (_, i) => `"k${String(i).padStart(3, "0")}":${i}`).join(",") + "}";
  check(dg.argumentsDigest, wide, H(ARGS, wide));
  // Numbers.
  for (const n of ["0", "1", "9007199254740991", "10", "1234567890"]) check(dg.argumentsDigest, `{"n":${n}}`, H(ARGS, `{"n":${n}}`));
  for (const n of ["-1", "-0", "1.0", "1e2", "1E0", "0.5", "9007199254740992", "9007199254740993", "10000000000000000", "1" + "0".repeat(400), "-0.0", "1e400"]) {
    check(dg.argumentsDigest, `{"n":${n}}`, R(G.argNumber));
    check(dg.argumentsDigest, `{"n":[${n}]}`, R(G.argNumber));
  }
  // Strings, member names included.
  check(dg.argumentsDigest, J({ s: "a".repeat(256) }), H(ARGS, J({ s: "a".repeat(256) })));
  check(dg.argumentsDigest, J({ s: "😀".repeat(256) }), H(ARGS, J({ s: "😀".repeat(256) })));
  check(dg.argumentsDigest, J({ s: "a".repeat(257) }), R(G.argString));
  check(dg.argumentsDigest, J({ s: "😀".repeat(257) }), R(G.argString));
  check(dg.argumentsDigest, J({ ["k".repeat(256)]: 1 }), H(ARGS, J({ ["k".repeat(256)]: 1 })));
  check(dg.argumentsDigest, J({ ["k".repeat(257)]: 1 }), R(G.argString));
  for (const s of ["\u0000", "\u001f", "\u007f", "\u0085", "\u009f", "a\nb"]) {
    check(dg.argumentsDigest, J({ s }), R(G.argString));
    check(dg.argumentsDigest, J({ [s]: 1 }), R(G.argString));
  }
  for (const s of ['"\\ud800"', '"\\udc00"', '"\\ude00\\ud83d"']) {
    check(dg.argumentsDigest, `{"s":${s}}`, R(G.argString));
    check(dg.argumentsDigest, `{${s}:1}`, R(G.argString));
  }
  check(dg.argumentsDigest, J({ s: "\u00a0\u2028\ufeff" }), H(ARGS, J({ s: "\u00a0\u2028\ufeff" })));
});

test("arguments-digest: the first defect in document order wins", () => {
  check(dg.argumentsDigest, '{"a":-1,"b":"\\u0000"}', R(G.argNumber));
  check(dg.argumentsDigest, '{"b":"\\u0000","a":-1}', R(G.argString));
  // A member's name before its value.
  check(dg.argumentsDigest, '{"\\u0000":-1}', R(G.argString));
  // A container's depth at its opening, before its contents.
  check(dg.argumentsDigest, '{"a":[[[[[[[[-1]]]]]]]]}', R(G.argDepth));
  check(dg.argumentsDigest, '{"a":[[[[[[[-1,[]]]]]]]]}', R(G.argNumber));
  // The 33rd element when it starts: before its own defects.
  check(dg.argumentsDigest, `{"a":[${"0,".repeat(32)}-1]}`, R(G.argArray));
  check(dg.argumentsDigest, `{"a":[${"0,".repeat(31)}-1,0]}`, R(G.argNumber));
  check(dg.argumentsDigest, `{"a":[[[[[[[${"0,".repeat(32)}[]]]]]]]]}`, R(G.argArray));
  // The walk before JCS and the byte bound.
  check(dg.argumentsDigest, '{"a":"\\ud800","b":-1}', R(G.argString));
});

test("arguments-digest: at most 65536 canonical bytes, counted in UTF-8", () => {
  // {"kNNNN":"<v>",...}: members of 256-unit values, padded to an exact size.
  const build = (size, ch) => {
    const w = Buffer.byteLength(ch);
    const members = [];
    let len = 2; // {}
    for (let i = 0; len < size; i++) {
      const name = "k" + String(i).padStart(4, "0");
      const overhead = (members.length ? 1 : 0) + name.length + 5; // ,"name":""
      const chars = Math.min(256, Math.floor((size - len - overhead) / w));
      let pad = size - len - overhead - chars * w; // bytes left over, made of ASCII
      let v = ch.repeat(chars);
      if (chars < 256 && pad > 0) {
        const ascii = Math.min(pad, 256 - chars);
        v += "x".repeat(ascii);
        pad -= ascii;
      }
      if (v.length === 0 && size - len - overhead < 0) throw new Error("cannot pad");
      members.push(`"${name}":"${v}"`);
      len += overhead + Buffer.byteLength(v);
    }
    const text = "{" + members.join(",") + "}";
    assert.equal(Buffer.byteLength(text), size);
    return text;
  };
  for (const ch of ["x", "é", "€", "😀"]) {
    const ok = build(65536, ch);
    const over = build(65537, ch);
    check(dg.argumentsDigest, ok, H(ARGS, ok));
    check(dg.argumentsDigest, over, R(G.argBytes));
    check(dg.argumentsDigest, over, H(ARGS, over), [G.argBytes]);
  }
  // Multibyte text reaches the bound with fewer characters.
  const multi = build(65537, "😀");
  assert.ok(multi.length < 65537 && [...multi].length < 40000);
  // The canonical form is what counts: input whitespace is not.
  const spaced = build(65536, "x").replace(/,/g, " , ");
  check(dg.argumentsDigest, spaced, H(ARGS, build(65536, "x")));
});

test("arguments-digest: ignored guards let the walk go on", () => {
  check(dg.argumentsDigest, '{"n":1.0}', H(ARGS, '{"n":1}'), [G.argNumber]);
  check(dg.argumentsDigest, '{"n":-0,"m":2e0}', H(ARGS, '{"m":2,"n":0}'), [G.argNumber]);
  check(dg.argumentsDigest, '{"n":1.5,"s":"\\u0000"}', R(G.argString), [G.argNumber]);
  check(dg.argumentsDigest, '{"n":1e400}', R(G.jcs), [G.argNumber]);
  check(dg.argumentsDigest, J({ s: "a\u0000" }), H(ARGS, '{"s":"a\\u0000"}'), [G.argString]);
  check(dg.argumentsDigest, J({ s: "a".repeat(300) }), H(ARGS, J({ s: "a".repeat(300) })), [G.argString]);
  // A lone surrogate then meets digest.jcs (exception tag "shadowed").
  check(dg.argumentsDigest, '{"s":"\\ud800"}', R(G.jcs), [G.argString]);
  const arr = "[" + Array.from({ length: 40 }, (_, i) => i).join(",") + "]";
  check(dg.argumentsDigest, `{"a":${arr}}`, H(ARGS, `{"a":${arr}}`), [G.argArray]);
  check(dg.argumentsDigest, `{"a":[${arr},-1]}`, R(G.argNumber), [G.argArray]);
  const deep = '{"a":' + "[".repeat(20) + "]".repeat(20) + "}";
  check(dg.argumentsDigest, deep, H(ARGS, deep), [G.argDepth]);
  const deeper = '{"a":' + "[".repeat(126) + "-1" + "]".repeat(126) + "}";
  check(dg.argumentsDigest, deeper, R(G.argNumber), [G.argDepth]);
});

const nest = (n, inner = "") => "[".repeat(n) + inner + "]".repeat(n);

test("JSON value input: depth 128 parses and digests, the 129th container is refused at its bracket", () => {
  // schema-digest takes any object: depth 128 parses and digests.
  const deep = '{"a":' + nest(127, "1") + "}";
  assert.match(show(dg.schemaDigest, deep), /^sha256:[0-9a-f]{64}$/);
  assert.equal(show(dg.schemaDigest, '{"a":' + nest(128, "1") + "}"), R(G.input));
  // The 129th bracket is refused even when the rest is garbage after it.
  assert.equal(show(dg.schemaDigest, '{"a":' + nest(128).slice(0, 128) + "x"), R(G.input));
});

test("JSON value input: member names are compared after unescaping, as UTF-16 units", () => {
  assert.match(show(dg.schemaDigest, '{"\\ud83d\\ude00":1,"\\ud83d":2}'), /^refused: value cannot/);
  assert.match(show(dg.schemaDigest, '{"\\u00e9":1,"e\\u0301":2}'), /^sha256:/);
});

test("a refusal after parsing carries the JSON pointer of the value refused (PROTOCOL.md, run: at)", () => {
  const at = (op, input) => outcome(op, input).at;
  assert.deepEqual(at(dg.argumentsDigest, '{"a":[1,{"b/c":1.5}]}'), { pointer: "/a/1/b~1c" });
  assert.deepEqual(at(dg.argumentsDigest, `{"${"k".repeat(2000)}":1.5}`), undefined); // over 1024 bytes: none
  assert.deepEqual(at(dg.digest, '{"schema_id":"","omit":[],"object":{}}'), { pointer: "/schema_id" });
  assert.deepEqual(at(dg.digest, '{"schema_id":"s","omit":[1],"object":{}}'), { pointer: "/omit/0" });
  assert.deepEqual(at(dg.schemaDigest, '{"a":"\\ud800"}'), { pointer: "" });
});
