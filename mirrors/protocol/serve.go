package protocol

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Handler is what a Go harness serves.
type Handler interface {
	// Run performs one operation with the given ignore set. It returns the
	// output bytes, or refusal set to the refusal message, or skip set to
	// the reason the operation is not supported.
	Run(contract, op string, input []byte, ignore []GuardPair) (output []byte, refusal, skip string)
	// Guards returns the implementation's closed refusal table.
	Guards() []Guard
}

// LocatingHandler is a Handler that can also say where in its input it
// refused (PROTOCOL.md, "run": the optional `at`). Serve calls RunAt
// instead of Run when the handler has it.
type LocatingHandler interface {
	Handler
	// RunAt is Run, and with a refusal also at: where in the input the
	// refusal happened, or nil when the implementation does not say.
	// Serve sends what of at the protocol allows: an offset from 0 to
	// len(input), a pointer of at most MaxPointer bytes that is RFC 6901.
	RunAt(contract, op string, input []byte, ignore []GuardPair) (output []byte, refusal string, at *Location, skip string)
}

// wireRequest is a request as Serve reads it, with JSON v2: member names
// match exactly; other members are ignored (a later protocol may add some).
// cases stays raw, so that a malformed batch is answered with its seq.
type wireRequest struct {
	Cmd      string         `json:"cmd"`
	Seq      *int64         `json:"seq"`
	Protocol int            `json:"protocol"`
	Contract *string        `json:"contract"`
	Op       *string        `json:"op"`
	Input    *string        `json:"input"`
	Ignore   []GuardPair    `json:"ignore"`
	Cases    jsontext.Value `json:"cases"`
}

// wireCase is one batch case: exactly these three string members
// (PROTOCOL.md, "batch").
type wireCase struct {
	Contract *string `json:"contract"`
	Op       *string `json:"op"`
	Input    *string `json:"input"`
}

// Serve runs the harness side of the protocol over r and w until r ends,
// answering every request in order, batch requests included (it announces
// FeatureBatch). A panic inside h.Run is answered as errored, with its
// stack as the trace. Each answer is written before the next request is
// read. It returns the first write error.
func Serve(r io.Reader, w io.Writer, im Implementation, h Handler) error {
	in := bufio.NewReaderSize(r, 1<<20)
	out := bufio.NewWriterSize(w, 1<<16)
	started := false
	var ignore []GuardPair
	for {
		line, err := readLine(in)
		// An empty line is a request too (answered seq -1); end of input
		// with nothing after the last LF is not.
		if len(line) > 0 || err == nil {
			var ans []byte
			ans, started, ignore = answer(line, started, ignore, im, h)
			if _, err := out.Write(ans); err != nil {
				return err
			}
			// Written before the next request is started: a held answer
			// would have the client blame an innocent request when a later
			// one hangs or kills the harness (PROTOCOL.md).
			if err := out.Flush(); err != nil {
				return err
			}
		}
		if err != nil {
			return nil
		}
	}
}

func readLine(in *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := in.ReadSlice('\n')
		line = append(line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), err
	}
}

func answer(line []byte, started bool, ignore []GuardPair, im Implementation, h Handler) ([]byte, bool, []GuardPair) {
	var req wireRequest
	if bytes.HasSuffix(line, []byte("\r")) {
		return errored(-1, "request line ends with CR", ""), started, ignore
	}
	if err := jsonv2.Unmarshal(line, &req); err != nil || req.Seq == nil {
		return errored(-1, "malformed request", ""), started, ignore
	}
	seq := *req.Seq
	if req.Cmd == CmdStart {
		if req.Protocol != Version {
			return encodeLine(map[string]any{"seq": seq, "outcome": OutcomeRefused,
				"message": "unsupported protocol version", "supported": []int{Version}}), false, ignore
		}
		return encodeLine(map[string]any{"seq": seq, "outcome": OutcomeStarted,
			"protocol": Version, "features": []string{FeatureBatch}, "implementation": im}), true, nil
	}
	if !started {
		return errored(seq, "not started", ""), started, ignore
	}
	switch req.Cmd {
	case CmdRun:
		if req.Contract == nil || req.Op == nil || req.Input == nil {
			return errored(seq, "a run request needs the strings contract, op and input", ""), started, ignore
		}
		b := append([]byte(`{"seq":`), strconv.FormatInt(seq, 10)...)
		b = runEntry(append(b, ','), *req.Contract, *req.Op, *req.Input, ignore, h)
		return append(b, "}\n"...), started, ignore
	case CmdBatch:
		return batch(seq, req.Cases, ignore, h), started, ignore
	case CmdIgnore:
		if req.Ignore == nil {
			return errored(seq, "ignore is not an array", ""), started, ignore
		}
		known := map[GuardPair]bool{}
		for _, g := range h.Guards() {
			known[GuardPair{g.Contract, g.Message}] = true
		}
		unknown := []GuardPair{}
		for _, p := range req.Ignore {
			if !known[p] {
				unknown = append(unknown, p)
			}
		}
		return encodeLine(map[string]any{"seq": seq, "outcome": OutcomeAck, "unknown": unknown}), started, req.Ignore
	case CmdGuards:
		return encodeLine(map[string]any{"seq": seq, "outcome": OutcomeGuards, "guards": h.Guards()}), started, ignore
	}
	return errored(seq, "unknown command", ""), started, ignore
}

// batch answers a batch request: every case as a run request would be,
// or one errored answer when the request is not a well-formed batch (cases
// not an array of 1 to MaxBatch objects of exactly the string members
// contract, op and input).
func batch(seq int64, raw jsontext.Value, ignore []GuardPair, h Handler) []byte {
	var list []jsontext.Value
	if err := jsonv2.Unmarshal(raw, &list); err != nil || len(list) == 0 || len(list) > MaxBatch {
		return errored(seq, fmt.Sprintf("cases is not an array of 1 to %d cases", MaxBatch), "")
	}
	cases := make([]wireCase, len(list))
	for i, v := range list {
		c := &cases[i]
		if jsonv2.Unmarshal(v, c, jsonv2.RejectUnknownMembers(true)) != nil || c.Contract == nil || c.Op == nil || c.Input == nil {
			return errored(seq, fmt.Sprintf("batch case %d is not exactly the strings contract, op and input", i), "")
		}
	}
	b := append([]byte(`{"seq":`), strconv.FormatInt(seq, 10)...)
	b = append(b, `,"outcome":"batch","answers":[`...)
	for i, c := range cases {
		if i > 0 {
			b = append(b, ',')
		}
		b = runEntry(append(b, '{'), *c.Contract, *c.Op, *c.Input, ignore, h)
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

// runEntry appends to b the members of a run answer other than seq (the
// outcome and its fields, no braces): what a run answer and a batch entry
// share. An input that is not canonical standard base64 is that entry's
// errored, as in the other harnesses.
func runEntry(b []byte, contract, op, encoded string, ignore []GuardPair, h Handler) (out []byte) {
	input, err := decodeBase64(encoded)
	if err != nil {
		return appendMembers(b, map[string]any{"outcome": OutcomeErrored, "message": "input is not base64", "trace": ""})
	}
	defer func() {
		if p := recover(); p != nil {
			out = appendMembers(b, map[string]any{"outcome": OutcomeErrored,
				"message": clip(fmt.Sprint("panic: ", p), MaxMessage), "trace": clip(string(debug.Stack()), MaxTrace)})
		}
	}()
	var output []byte
	var refusal, skip string
	var at *Location
	if lh, ok := h.(LocatingHandler); ok {
		output, refusal, at, skip = lh.RunAt(contract, op, input, ignore)
	} else {
		output, refusal, skip = h.Run(contract, op, input, ignore)
	}
	switch {
	case skip != "":
		return appendMembers(b, map[string]any{"outcome": OutcomeSkipped, "reason": clip(skip, MaxMessage)})
	case refusal != "":
		m := map[string]any{"outcome": OutcomeRefused, "message": refusal}
		if at = fit(at, len(input)); at != nil {
			m["at"] = at
		}
		return appendMembers(b, m)
	}
	// Hand-built so that a large output is not copied through a map.
	b = append(b, `"outcome":"ok","output":"`...)
	b = base64.StdEncoding.AppendEncode(b, output)
	return append(b, '"')
}

// fit returns what of the location at a refused answer may carry for an
// input of n bytes (PROTOCOL.md, "run"): its offset when it is 0 to n, its
// pointer when it is RFC 6901 and at most MaxPointer bytes; nil when
// nothing is left. A location is optional, so a part out of bounds is
// dropped, never sent.
func fit(at *Location, n int) *Location {
	if at == nil {
		return nil
	}
	out := Location{}
	if at.Offset != nil && *at.Offset >= 0 && *at.Offset <= int64(n) {
		out.Offset = at.Offset
	}
	if at.Pointer != nil && (&Location{Pointer: at.Pointer}).check() == nil && utf8.ValidString(*at.Pointer) {
		out.Pointer = at.Pointer
	}
	if out.Offset == nil && out.Pointer == nil {
		return nil
	}
	return &out
}

// appendMembers appends the members of v as JSON, without the braces.
func appendMembers(b []byte, v map[string]any) []byte {
	js := encodeLine(v)
	return append(b, js[1:len(js)-2]...)
}

func errored(seq int64, msg, trace string) []byte {
	return encodeLine(map[string]any{"seq": seq, "outcome": OutcomeErrored,
		"message": clip(msg, MaxMessage), "trace": clip(trace, MaxTrace)})
}

func encodeLine(v map[string]any) []byte {
	js, err := json.Marshal(v)
	if err != nil {
		js = []byte(`{"seq":-1,"outcome":"errored","message":"cannot encode answer","trace":""}`)
	}
	return append(js, '\n')
}

// clip cuts s to at most n bytes without splitting a UTF-8 sequence.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && s[len(s)-1]&0xC0 == 0x80 {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] >= 0xC0 {
		s = s[:len(s)-1]
	}
	return s
}
