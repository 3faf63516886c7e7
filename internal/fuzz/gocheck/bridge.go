package gocheck

import (
	"bytes"
	"fmt"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/bridge"
)

// init registers FuzzBridgeProperties, reading FuzzBridge's format: the
// round-trip laws on every message case, and the stream law on streams.
func init() {
	register(Target{Name: "FuzzBridgeProperties", Input: "FuzzBridge", check: func(c cases.Case, _ *gen.Source) error {
		if c.Op == bridge.OpStream {
			return BridgeStreamLaw(c.Input)
		}
		return BridgeRoundTrip(c.Input)
	}})
}

// BridgeRoundTrip checks the codec laws of bridge/4 (spec/bridge.md,
// "Canonical form and wire") on one message in: when Decode accepts it,
// the wire line is printable ASCII ending in one LF; decoding the wire
// line gives the canonical form back (lossless); decoding and encoding
// the canonical form give the same two forms (idempotence); and RoundTrip
// is the wire line followed by the canonical form. Encode and RoundTrip
// refuse exactly when Decode does, with its message. It returns nil when
// every law holds.
func BridgeRoundTrip(in []byte) error {
	canon, err := bridge.Decode(in)
	wire, werr := bridge.Encode(in)
	rt, rerr := bridge.RoundTrip(in)
	if !sameRefusal(err, werr) || !sameRefusal(err, rerr) {
		return fmt.Errorf("%q: decode %v, encode %v, round-trip %v", in, err, werr, rerr)
	}
	if err != nil {
		return nil
	}
	if len(canon) == 0 {
		if len(wire) != 0 || len(rt) != 0 {
			return fmt.Errorf("%q: an ignored message encodes to %q", in, wire)
		}
		return nil
	}
	if wire[len(wire)-1] != '\n' || bytes.IndexFunc(wire[:len(wire)-1], func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0 {
		return fmt.Errorf("%q: the wire line %q is not printable ASCII and one LF", in, wire)
	}
	back, err := bridge.Decode(wire)
	if err != nil || !bytes.Equal(back, canon) {
		return fmt.Errorf("%q: the wire line %q decodes to %q (%v), not %q", in, wire, back, err, canon)
	}
	again, err := bridge.Decode(canon)
	rewire, err2 := bridge.Encode(canon)
	if err != nil || err2 != nil || !bytes.Equal(again, canon) || !bytes.Equal(rewire, wire) {
		return fmt.Errorf("%q: the canonical form %q decodes to %q and encodes to %q", in, canon, again, rewire)
	}
	if !bytes.Equal(rt, append(append([]byte{}, wire...), canon...)) {
		return fmt.Errorf("%q: round-trip %q is not the wire line and the canonical form", in, rt)
	}
	return nil
}

// BridgeStreamLaw checks that an accepted stream's output is the wire
// lines of its lines, each as Encode gives it (spec/bridge.md, "Streams"),
// and that the output, as a stream, is accepted again with itself as its
// output (a fixed point). It returns nil when both hold.
func BridgeStreamLaw(in []byte) error {
	out, err := bridge.Stream(in)
	if err != nil {
		return nil
	}
	var want []byte
	if len(in) > 0 {
		for line := range bytes.SplitSeq(bytes.TrimSuffix(in, []byte{'\n'}), []byte{'\n'}) {
			w, err := bridge.Encode(line)
			if err != nil {
				return fmt.Errorf("%q: the stream is accepted but its line %q is refused: %v", in, line, err)
			}
			want = append(want, w...)
		}
	}
	if !bytes.Equal(out, want) {
		return fmt.Errorf("%q: stream %q, not the lines' wire lines %q", in, out, want)
	}
	if again, err := bridge.Stream(out); err != nil || !bytes.Equal(again, out) {
		return fmt.Errorf("%q: the output %q streams to %q (%v)", in, out, again, err)
	}
	return nil
}

// sameRefusal reports whether a and b are both nil or both refusals with
// the same message.
func sameRefusal(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error()
}
