// Deterministic generators of tricky JSON-ish inputs for the differential
// tests. Nothing here knows any expected output.

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (r, xs) => xs[Math.floor(r() * xs.length)];
const int = (r, n) => Math.floor(r() * n);

const NAME_PARTS = [
  "a", "b", "A", "", "aa", "é", "\\u00e9", "\\u0000", "\\n", "\\/", "\\\"", "\\\\",
  "\\ud83d\\ude00", "😀", "\u{10000}", "\\ue000", "\ue000", "\uffff", "\\uffff", "\ud7ff",
  "\\ud800", "\\udc00", "\\udbff", "\\udfff", "\\uD800\\uDC00", "\u007f", "\u2028", "\u0080",
  "z", "\\u0061", "~", " ", "\\t",
];

function name(r) {
  let s = "";
  const n = int(r, 3);
  for (let i = 0; i < n; i++) s += pick(r, NAME_PARTS);
  return '"' + s + '"';
}

function digits(r, n, first19 = false) {
  let s = first19 ? String(1 + int(r, 9)) : "";
  while (s.length < n) s += String(int(r, 10));
  return s;
}

/** A JSON number literal of a random shape. */
export function numberLiteral(r) {
  switch (int(r, 10)) {
    case 0:
      return pick(r, ["0", "-0", "0.0", "-0.0", "1", "-1", "1e400", "-1e400", "1e-400", "-1e-400"]);
    case 1:
      return (r() < 0.3 ? "-" : "") + digits(r, 1 + int(r, 25), true);
    case 2:
      return (r() < 0.3 ? "-" : "") + digits(r, 1 + int(r, 4), true) + "." + digits(r, 1 + int(r, 20));
    case 3:
      return digits(r, 1, true) + pick(r, ["e", "E"]) + pick(r, ["", "+", "-"]) + String(int(r, 330));
    case 4:
      return "0." + "0".repeat(int(r, 12)) + digits(r, 1 + int(r, 18), true);
    case 5: {
      // A random double written with 17 significant digits.
      const buf = new DataView(new ArrayBuffer(8));
      buf.setUint32(0, int(r, 0x7ff00000));
      buf.setUint32(4, int(r, 0x100000000));
      return buf.getFloat64(0).toPrecision(17);
    }
    case 6: {
      // A random double written shortest.
      const buf = new DataView(new ArrayBuffer(8));
      buf.setUint32(0, int(r, 0x7ff00000));
      buf.setUint32(4, int(r, 0x100000000));
      return String(buf.getFloat64(0));
    }
    case 7:
      return digits(r, 1, true) + "." + digits(r, int(r, 3) + 1) + "e" + pick(r, ["", "-", "+"]) + String(int(r, 30));
    case 8:
      return String(2 ** int(r, 70)) + pick(r, ["", ".0", "e0", ".5"]);
    default:
      return String(int(r, 1000)) + pick(r, ["", ".5", "e1", "e-1", ".25e+2"]);
  }
}

/** A random JSON value (mostly valid, sometimes with a duplicate name). */
export function value(r, depth = 0) {
  const k = depth > 4 ? int(r, 6) : int(r, 9);
  switch (k) {
    case 0:
      return pick(r, ["true", "false", "null", "NaN", "Infinity", "-Infinity"]);
    case 1:
    case 2:
      return numberLiteral(r);
    case 3:
    case 4:
    case 5:
      return name(r);
    case 6: {
      const n = int(r, 5);
      const items = [];
      for (let i = 0; i < n; i++) items.push(value(r, depth + 1));
      return "[" + items.join(pick(r, [",", ", ", " ,\n"])) + "]";
    }
    default: {
      const n = int(r, 6);
      const members = [];
      for (let i = 0; i < n; i++) members.push(name(r) + pick(r, [":", " : "]) + value(r, depth + 1));
      return "{" + members.join(",") + "}";
    }
  }
}

const SOUP = [
  "{", "}", "[", "]", ",", ":", " ", "\t", "\n", "\r", "\f", "\u00a0", '"', '"a"', '"\\u00e9"',
  '"\\ud800"', '"\\udc00"', '"\\ud83d\\ude00"', '"😀"', '"\\ue000"', '"\\\\"', '"\\""', '"\\x"',
  '"\u0001"', '"\u007f"', "1", "-0", "-", "0.5", "1e5", "1E+2", "01", "1.", ".5", "NaN",
  "Infinity", "-Infinity", "-NaN", "+1", "true", "null", "nul", "tru", "false", "infinity",
  "\\", "/", "'a'", "1e", "-1e-400", "0x1", "\u0661",
];

/** A random sequence of JSON-ish tokens, most of them invalid. */
export function soup(r) {
  const n = 1 + int(r, 8);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(r, SOUP);
  return s;
}

/** Applies one random byte-level mutation to a Buffer. */
export function mutate(r, buf) {
  const b = Buffer.from(buf);
  const at = b.length === 0 ? 0 : int(r, b.length);
  switch (int(r, 4)) {
    case 0: // delete a byte
      return Buffer.concat([b.subarray(0, at), b.subarray(at + 1)]);
    case 1: // insert a byte
      return Buffer.concat([b.subarray(0, at), Buffer.from([pick(r, [0x22, 0x5c, 0x2c, 0x5b, 0x7d, 0x30, 0x2d, 0x20, 0x00, 0x80, 0xff, 0xc3, 0xed])]), b.subarray(at)]);
    case 2: // replace a byte
      if (b.length > 0) b[at] = int(r, 256);
      return b;
    default: // duplicate a slice
      return Buffer.concat([b.subarray(0, at), b.subarray(int(r, b.length + 1))]);
  }
}
