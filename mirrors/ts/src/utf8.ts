// UTF-8 decoding and encoding for the contracts, written here rather
// than taken from TextDecoder/TextEncoder so that each rule is visible:
//
// - decode(strict): RFC 3629 exactly (spec/README.md, "UTF-8 validity"): no
//   overlong forms, no encoded surrogates (ED A0..BF xx), nothing above
//   U+10FFFF, no truncated sequence. A byte order mark is NOT stripped; the
//   contracts refuse or skip it themselves before decoding.
// - decode(lenient): each maximal subpart of an ill-formed sequence becomes
//   one U+FFFD (Unicode 15 section 3.9 "U+FFFD Substitution of Maximal
//   Subparts", which is what the WHATWG Encoding Standard's decoder and
//   CPython's errors="replace" do). Used only when a utf8 guard is ignored.
// - encodeGeneralized: UTF-8 of a JS string, where a surrogate code unit
//   that is not half of a pair is written as its 3-byte generalized form
//   (ED A0 80 for U+D800), as a contract whose surrogate guard is ignored
//   emits it (spec/README.md, "Rules shared by every contract": ignoring a
//   guard continues as if its condition were false). Without lone
//   surrogates it is plain UTF-8.

const REPLACEMENT = 0xfffd;
const CHUNK = 8192;

function unitsToString(units: Uint16Array, length: number): string {
  const parts: string[] = [];
  for (let i = 0; i < length; i += CHUNK) {
    const end = Math.min(i + CHUNK, length);
    parts.push(String.fromCharCode.apply(null, units.subarray(i, end) as unknown as number[]));
  }
  return parts.join("");
}

/**
 * Decodes bytes[start..] as UTF-8 into a JS string (UTF-16 code units).
 * Strict: returns null if any sequence is ill-formed. Lenient: replaces each
 * maximal subpart of an ill-formed sequence with U+FFFD and never fails.
 */
export function decode(bytes: Uint8Array, start: number, lenient: boolean): string | null {
  const out = new Uint16Array(Math.max(0, bytes.length - start));
  const n = decodeInto(bytes, start, lenient, out);
  return n < 0 ? null : unitsToString(out, n);
}

/**
 * The byte offset of the first ill-formed sequence of bytes[start..]
 * (RFC 3629), or -1 when there is none: where a strict decode() fails.
 */
export function invalidAt(bytes: Uint8Array, start: number): number {
  const n = decodeInto(bytes, start, false, new Uint16Array(Math.max(0, bytes.length - start)));
  return n < 0 ? -n - 1 : -1;
}

/**
 * Decodes into out (one unit per byte at most: a 4-byte sequence yields
 * two) and returns the number of units; strict, returns -(i + 1) where the
 * sequence at byte i is ill-formed.
 */
function decodeInto(bytes: Uint8Array, start: number, lenient: boolean, out: Uint16Array): number {
  const len = bytes.length;
  let n = 0;
  let i = start;
  while (i < len) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      out[n++] = b;
      i++;
      continue;
    }
    let need: number;
    let cp: number;
    // Allowed range of the first continuation byte (Unicode Table 3-7).
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      cp = b & 0x0f;
      if (b === 0xe0) lo = 0xa0; // no overlong 3-byte forms
      if (b === 0xed) hi = 0x9f; // no encoded surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      cp = b & 0x07;
      if (b === 0xf0) lo = 0x90; // no overlong 4-byte forms
      if (b === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else {
      // 80..BF (stray continuation), C0, C1 (overlong), F5..FF.
      if (!lenient) return -(i + 1);
      out[n++] = REPLACEMENT;
      i++;
      continue;
    }
    let j = i + 1;
    let ok = true;
    for (let k = 0; k < need; k++, j++) {
      const c = j < len ? (bytes[j] as number) : -1;
      if (c < lo || c > hi) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (c & 0x3f);
      lo = 0x80;
      hi = 0xbf;
    }
    if (!ok) {
      if (!lenient) return -(i + 1);
      // The lead byte and the continuation bytes accepted so far are one
      // maximal subpart; the offending byte (at j) is read again.
      out[n++] = REPLACEMENT;
      i = j;
      continue;
    }
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      out[n++] = 0xd800 | (v >> 10);
      out[n++] = 0xdc00 | (v & 0x3ff);
    } else {
      out[n++] = cp;
    }
    i = j;
  }
  return n;
}

/**
 * The number of bytes of the UTF-8 form of the first `units` units of s
 * (encodeGeneralized's form: a pair is 4 bytes, a lone surrogate 3).
 */
export function utf8Length(s: string, units: number): number {
  let bytes = 0;
  for (let i = 0; i < units; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) bytes += 1;
    else if (u < 0x800) bytes += 2;
    else if (u >= 0xd800 && u <= 0xdbff && i + 1 < units && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Encodes a JS string as UTF-8. A surrogate unit that is not half of a
 * high-low pair is encoded as the 3-byte form of its own value.
 */
export function encodeGeneralized(s: string): Uint8Array {
  const len = s.length;
  const out = new Uint8Array(len * 3);
  let n = 0;
  for (let i = 0; i < len; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
    } else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          out[n++] = 0xf0 | (c >> 18);
          out[n++] = 0x80 | ((c >> 12) & 0x3f);
          out[n++] = 0x80 | ((c >> 6) & 0x3f);
          out[n++] = 0x80 | (c & 0x3f);
          continue;
        }
      }
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return out.slice(0, n);
}

/** Whether bytes begins with the UTF-8 byte order mark EF BB BF. */
export function hasBOM(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** A contract's input as text, and where the text starts in the input bytes. */
export interface Decoded {
  readonly text: string;
  /** The byte offset of the text's first unit (3 after a skipped byte order mark), or -1 when decoded leniently (units no longer map to bytes). */
  readonly base: number;
}

/**
 * Decodes a contract's input bytes (spec/README.md, "UTF-8 validity"),
 * leaving the refusals to the contract: onBOM() is called when the input
 * begins with EF BB BF, and when it returns (its guard ignored) the three
 * bytes are skipped; onInvalid(offset) is called with the offset of the
 * first ill-formed sequence, and when it returns the text is decoded
 * leniently.
 */
export function decodeInput(input: Uint8Array, onBOM: () => void, onInvalid: (offset: number) => void): Decoded {
  let start = 0;
  if (hasBOM(input)) {
    onBOM();
    start = 3;
  }
  const text = decode(input, start, false);
  if (text !== null) return { text, base: start };
  onInvalid(invalidAt(input, start));
  return { text: decode(input, start, true) as string, base: -1 };
}
