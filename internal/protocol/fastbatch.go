package protocol

import (
	"bytes"
	"encoding/base64"
)

// The batch answers of a fuzz run are nearly all one shape, written the
// same way by every harness: compact, members in the order PROTOCOL.md
// lists them, ok entries with plain base64 and refused entries with
// printable-ASCII messages. decodeBatchFast reads exactly that shape with a
// byte scanner and leaves everything else to the JSON decoder, which was
// most of conform's own time per case in a differential fuzz run.
//
// It is sound because what it accepts is a subset of what the JSON decoder
// accepts, decoded the same way (FuzzDecodeBatchFast checks both on the
// same lines): it never refuses, it declines.

var (
	fastHead     = []byte(`{"seq":`)
	fastOutcome  = []byte(`,"outcome":"batch","answers":[`)
	fastOK       = []byte(`{"outcome":"ok","output":"`)
	fastRefused  = []byte(`{"outcome":"refused","message":"`)
	fastEntryEnd = []byte(`"}`)
	fastAt       = []byte(`","at":{`)
	fastOffset   = []byte(`"offset":`)
	fastPointer  = []byte(`"pointer":"`)
)

// decodeBatchFast returns the batch answer that line holds and true when
// line is a compact batch answer of ok and refused entries as above (a seq
// of 1 to 18 digits without a leading zero, at least one entry; ok output
// in canonical padded base64; refused message of the bytes 0x20-0x7E but
// '"' and '\', and an optional location, fastLocation). Otherwise it
// returns false, and the line must go to the JSON decoder.
func decodeBatchFast(line []byte) (Answer, bool) {
	rest, ok := bytes.CutPrefix(line, fastHead)
	if !ok {
		return Answer{}, false
	}
	seq, n, ok := fastDigits(rest, 18)
	if !ok {
		return Answer{}, false
	}
	if rest, ok = bytes.CutPrefix(rest[n:], fastOutcome); !ok {
		return Answer{}, false
	}
	// First pass: find the entries and size one buffer for every output,
	// so that a batch costs a few allocations, not one per entry.
	type span struct {
		ok         bool
		start, end int       // the string's bytes within line
		at         *Location // a refusal's location, or nil
	}
	spans := make([]span, 0, 64)
	outLen := 0
	off := len(line) - len(rest)
	for {
		if len(spans) == MaxBatch {
			return Answer{}, false
		}
		var s span
		switch {
		case bytes.HasPrefix(line[off:], fastOK):
			s.ok = true
			off += len(fastOK)
		case bytes.HasPrefix(line[off:], fastRefused):
			off += len(fastRefused)
		default:
			return Answer{}, false
		}
		s.start = off
		for off < len(line) && plain(line[off], s.ok) {
			off++
		}
		s.end = off
		if !s.ok && bytes.HasPrefix(line[off:], fastAt) {
			at, n, ok := fastLocation(line[off+len(fastAt):])
			if !ok {
				return Answer{}, false
			}
			s.at = at
			off += len(fastAt) + n
		} else {
			if !bytes.HasPrefix(line[off:], fastEntryEnd) {
				return Answer{}, false
			}
			off += len(fastEntryEnd)
		}
		if s.ok {
			outLen += base64.StdEncoding.DecodedLen(s.end - s.start)
		}
		spans = append(spans, s)
		if off < len(line) && line[off] == ',' {
			off++
			continue
		}
		if string(line[off:]) != "]}" {
			return Answer{}, false
		}
		break
	}
	a := Answer{Seq: seq, Outcome: OutcomeBatch, Answers: make([]Answer, len(spans))}
	buf := make([]byte, outLen)
	for i, s := range spans {
		e := &a.Answers[i]
		if !s.ok {
			e.Outcome, e.Message, e.At = OutcomeRefused, string(line[s.start:s.end]), s.at
			continue
		}
		// The JSON decoder's path decodes with the same strict encoding;
		// on a refusal it gives the violation, so decline.
		k, err := base64.StdEncoding.Strict().Decode(buf, line[s.start:s.end])
		if err != nil {
			return Answer{}, false
		}
		e.Outcome, e.Output = OutcomeOK, buf[:k:k]
		buf = buf[k:]
	}
	return a, true
}

// plain reports whether c may appear unescaped in the string scanned: a
// base64 character for an ok output, printable ASCII other than '"' and
// '\' for a refusal message.
func plain(c byte, base64Output bool) bool {
	if base64Output {
		return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '='
	}
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'
}

// fastLocation reads a refusal's location after its `"at":{` and returns
// it, with the bytes read up to the entry's closing brace: `"offset":N}}`,
// `"pointer":"P"}}` or `"offset":N,"pointer":"P"}}`, where N is 1 to 15
// digits without a leading zero and P is of the bytes 0x20-0x7E but '"'
// and '\', and the location passes the JSON path's check
// (Location.check). Otherwise ok is false.
func fastLocation(b []byte) (at *Location, n int, ok bool) {
	at = &Location{}
	if rest, found := bytes.CutPrefix(b, fastOffset); found {
		v, k, ok := fastDigits(rest, 15)
		if !ok {
			return nil, 0, false
		}
		at.Offset = &v
		n = len(fastOffset) + k
		if !bytes.HasPrefix(b[n:], []byte(`,"`)) {
			// No pointer follows: the location ends here, or is declined.
			if !bytes.HasPrefix(b[n:], []byte("}}")) || at.check() != nil {
				return nil, 0, false
			}
			return at, n + 2, true
		}
		n++
	}
	if rest, found := bytes.CutPrefix(b[n:], fastPointer); found {
		k := 0
		for k < len(rest) && plain(rest[k], false) {
			k++
		}
		if !bytes.HasPrefix(rest[k:], []byte(`"`)) {
			return nil, 0, false
		}
		p := string(rest[:k])
		at.Pointer = &p
		n += len(fastPointer) + k + 1
	}
	if !bytes.HasPrefix(b[n:], []byte("}}")) || at.check() != nil {
		return nil, 0, false
	}
	return at, n + 2, true
}

// fastDigits reads the decimal number that b begins with: 1 to max digits
// (max at most 18, so that it fits an int64), without a leading zero. It
// returns the number and its digit count; ok is false for anything else.
func fastDigits(b []byte, max int) (v int64, n int, ok bool) {
	for n < len(b) && n < max && b[n] >= '0' && b[n] <= '9' {
		v = v*10 + int64(b[n]-'0')
		n++
	}
	return v, n, n > 0 && (n == 1 || b[0] != '0')
}
