package bridge

import (
	"bytes"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// Stream takes NDJSON bytes, lines separated by LF (one final LF ends the
// last line; the empty input has no line), decodes each line as Decode
// does and returns the wire line of every message not ignored, in order.
// It holds the tool-call correlation rule across the lines: one tool_call
// outstanding at a time, and each tool_result echoing its id.
//
// It refuses at the first line that Decode refuses, with Decode's refusals
// (an empty line is ErrInput), and then: ErrCallPending (a tool_call while
// another is outstanding; ignored, it replaces it); ErrCorrelation (a
// tool_result with no call outstanding or whose id is not the outstanding
// call's; ignored, it is taken as the reply). A refusal is located by its
// byte offset in the input: where the line's own refusal is, or the start
// of the line for a correlation refusal.
//
// Source: spec/bridge.md, "Streams"; seed 001, section 1, invariant 1
// (tool-call correlation: "a protocol violation → the brain emits error
// and aborts (it does NOT skip)").
func Stream(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	out := []byte{}
	if len(in) == 0 {
		return out, nil
	}
	body := bytes.TrimSuffix(in, []byte{'\n'})
	var pending []uint16
	outstanding := false
	start := 0 // the line's offset in the input
	for line := range bytes.SplitSeq(body, []byte{'\n'}) {
		at := refusal.AtOffset(start)
		start += len(line) + 1
		d, err := read(c, line)
		if err != nil {
			if e, ok := refusal.As(err); ok && e.At.HasOffset {
				at.Offset += e.At.Offset
			}
			return nil, refusal.Locate(err, at)
		}
		if d == nil {
			continue
		}
		id, hasID := stringField(d, "id")
		switch {
		case jsonvalue.EqualString(d.typ, "tool_call"):
			if outstanding {
				if err := c.Refuse(ErrCallPending); err != nil {
					return nil, refusal.Locate(err, at)
				}
			}
			outstanding, pending = true, nil
			if hasID {
				pending = id
			}
		case jsonvalue.EqualString(d.typ, "tool_result"):
			if !outstanding || pending == nil || !hasID || !jsonvalue.Equal(id, pending) {
				if err := c.Refuse(ErrCorrelation); err != nil {
					return nil, refusal.Locate(err, at)
				}
			}
			outstanding, pending = false, nil
		}
		out = append(appendMessage(out, d, true), '\n')
	}
	return out, nil
}

// stringField returns the units of the kept field name of d when it is a
// string.
func stringField(d *decoded, name string) ([]uint16, bool) {
	for _, k := range d.fields {
		if k.name == name && k.value.Kind == jsonvalue.String {
			u := k.value.Units
			if u == nil {
				u = []uint16{}
			}
			return u, true
		}
	}
	return nil, false
}
