package kit

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The protocol this kit speaks, version 1 (mirrors/PROTOCOL.md): the kit
// carries what a harness needs of it, so that it depends on the standard
// library alone.
const (
	protocolVersion = 1
	maxMessage      = 1024     // bytes in an errored message or a skipped reason
	maxTrace        = 8192     // bytes in an errored trace
	maxPointer      = 1024     // bytes in a refusal location's JSON pointer
	maxBatch        = 1024     // cases in one batch request
	maxLine         = 64 << 20 // bytes in one protocol line, request or answer
	featureBatch    = "batch"
	featureShift    = "shift"
	featureMutant   = "mutant"
)

// implementation is what the handshake's started answer says.
type implementation struct {
	Name            string              `json:"name"`
	Language        string              `json:"language"`
	LanguageVersion string              `json:"language_version"`
	Runtime         string              `json:"runtime"`
	RuntimeVersion  string              `json:"runtime_version"`
	Version         string              `json:"version"`
	Contracts       map[string][]string `json:"contracts"`
}

// guardPair names one guard of an ignore request.
type guardPair struct {
	Contract string `json:"contract"`
	Message  string `json:"message"`
}

// guard is one entry of the guards answer.
type guard struct {
	Contract string `json:"contract"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// location is a refused answer's optional at.
type location struct {
	Offset  *int64  `json:"offset,omitempty"`
	Pointer *string `json:"pointer,omitempty"`
}

// request is a request line as serve reads it: member names match
// exactly, a name given twice is malformed, other members are ignored (a
// later protocol may add some), null is absent. cases stays raw, so that a
// malformed batch is answered with its seq.
type request struct {
	cmd                 string
	seq                 *int64
	protocol            int
	contract, op, input *string
	ignore              []guardPair
	shift               []shiftEntry
	mutant              *string
	cases               json.RawMessage
}

// shiftEntry is one entry of a shift request; thresholdPair one of a
// shifted answer's unknown list.
type (
	shiftEntry struct {
		contract, threshold string
		by                  int
	}
	thresholdPair struct {
		Contract  string `json:"contract"`
		Threshold string `json:"threshold"`
	}
)

// serve runs the harness side of the protocol over r and w until r ends,
// answering every request in order, batch requests included (it announces
// the batch feature). A panic inside a registered function is answered
// errored, with its stack as the trace. Each answer is written before the
// next request is read. It returns the first write error.
func serve(r io.Reader, w io.Writer, im implementation, k *Kit) error {
	in := bufio.NewReaderSize(r, 1<<20)
	out := bufio.NewWriterSize(w, 1<<16)
	started := false
	var ignore []guardPair
	for {
		line, over, err := readLine(in)
		// An empty line is a request too (answered seq -1); end of input
		// with nothing after the last LF is not.
		if len(line) > 0 || over || err == nil {
			var ans []byte
			if over {
				ans = errored(-1, "request line over 64 MiB, the protocol's bound", "")
			} else {
				ans, started, ignore = answer(line, started, ignore, im, k)
			}
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

// readLine reads one line without its LF. A line over maxLine is read to
// its end and dropped, never held: over is then true and line empty.
func readLine(in *bufio.Reader) (line []byte, over bool, err error) {
	for {
		chunk, err := in.ReadSlice('\n')
		if !over {
			if len(line)+len(chunk) > maxLine+1 {
				over, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), over, err
	}
}

func answer(line []byte, started bool, ignore []guardPair, im implementation, k *Kit) ([]byte, bool, []guardPair) {
	if bytes.HasSuffix(line, []byte("\r")) {
		return errored(-1, "request line ends with CR", ""), started, ignore
	}
	req, bad, err := decodeRequest(line)
	if err != nil || req.seq == nil {
		return errored(-1, "malformed request", ""), started, ignore
	}
	seq := *req.seq
	if bad != "" {
		return errored(seq, "malformed request: "+bad+" is not of its type", ""), started, ignore
	}
	if req.cmd == "start" {
		if req.protocol != protocolVersion {
			return encodeLine(map[string]any{"seq": seq, "outcome": "refused",
				"message": "unsupported protocol version", "supported": []int{protocolVersion}}), false, ignore
		}
		features := []string{featureBatch}
		if len(k.thresholds) > 0 {
			features = append(features, featureShift)
		}
		if k.mutants != nil {
			features = append(features, featureMutant)
		}
		return encodeLine(map[string]any{"seq": seq, "outcome": "started",
			"protocol": protocolVersion, "features": features, "implementation": im}), true, nil
	}
	if !started {
		return errored(seq, "not started", ""), started, ignore
	}
	switch req.cmd {
	case "run":
		if req.contract == nil || req.op == nil || req.input == nil {
			return errored(seq, "a run request needs the strings contract, op and input", ""), started, ignore
		}
		b := append([]byte(`{"seq":`), strconv.FormatInt(seq, 10)...)
		b = runEntry(append(b, ','), *req.contract, *req.op, *req.input, ignore, k)
		return bounded(seq, append(b, "}\n"...)), started, ignore
	case "batch":
		return bounded(seq, batch(seq, req.cases, ignore, k)), started, ignore
	case "ignore":
		if req.ignore == nil {
			return errored(seq, "ignore is not an array", ""), started, ignore
		}
		known := map[guardPair]bool{}
		for _, g := range k.guardTable() {
			known[guardPair{g.Contract, g.Message}] = true
		}
		unknown := []guardPair{}
		for _, p := range req.ignore {
			if !known[p] {
				unknown = append(unknown, p)
			}
		}
		return encodeLine(map[string]any{"seq": seq, "outcome": "ack", "unknown": unknown}), started, req.ignore
	case "guards":
		return encodeLine(map[string]any{"seq": seq, "outcome": "guards", "guards": k.guardTable()}), started, ignore
	case "shift":
		if len(k.thresholds) == 0 {
			break // no shift feature: an unknown command
		}
		if req.shift == nil {
			return errored(seq, "shift is not an array", ""), started, ignore
		}
		return encodeLine(map[string]any{"seq": seq, "outcome": "shifted", "unknown": k.applyShift(req.shift)}), started, ignore
	case "mutant":
		if k.mutants == nil {
			break // no mutant feature: an unknown command
		}
		if req.mutant == nil {
			return errored(seq, "a mutant request needs the string mutant", ""), started, ignore
		}
		reached, known := k.mutants(*req.mutant)
		if reached == nil {
			reached = []string{}
		}
		return encodeLine(map[string]any{"seq": seq, "outcome": "switched", "known": known, "reached": reached}), started, ignore
	}
	return errored(seq, "unknown command", ""), started, ignore
}

// errMalformed is a request line or batch case that is not a JSON object
// of distinct members; errMistyped, a member of the wrong type.
var (
	errMalformed = errors.New("malformed")
	errMistyped  = errors.New("mistyped")
)

// members reads one JSON object of line, strictly: valid UTF-8, one value
// and nothing after it, no member named twice. It calls member for each
// member with a decoder positioned at its value, which member must read.
func members(line []byte, member func(name string, dec *json.Decoder) error) error {
	if !utf8.Valid(line) {
		return errMalformed
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errMalformed
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		name, ok := t.(string)
		if err != nil || !ok || seen[name] {
			return errMalformed
		}
		seen[name] = true
		if err := member(name, dec); err != nil {
			return err
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return errMalformed
	}
	if _, err := dec.Token(); err != io.EOF {
		return errMalformed
	}
	return nil
}

// str reads a string or null (nil) at dec.
func str(dec *json.Decoder) (*string, error) {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, errMalformed
	}
	if string(raw) == "null" {
		return nil, nil
	}
	if len(raw) == 0 || raw[0] != '"' {
		return nil, errMistyped
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, errMalformed
	}
	return &s, nil
}

// integer reads an integer literal (no fraction or exponent) that fits an
// int64, or null (nil), at dec.
func integer(dec *json.Decoder) (*int64, error) {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, errMalformed
	}
	if string(raw) == "null" {
		return nil, nil
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return nil, errMistyped
	}
	return &n, nil
}

// decodeRequest reads a request line. A line that is not one JSON object
// of valid UTF-8 with distinct member names, or whose seq is not an
// integer, is an error and req.seq is nil (answered seq -1). A member of
// the wrong type in an otherwise well-formed line leaves req.seq set and
// is named by bad (answered errored with that seq, as PROTOCOL.md asks).
func decodeRequest(line []byte) (req request, bad string, err error) {
	mistyped := func(name string, e error) error {
		if e == errMistyped {
			if bad == "" {
				bad = name
			}
			return nil
		}
		return e
	}
	err = members(line, func(name string, dec *json.Decoder) error {
		var e error
		switch name {
		case "cmd":
			var s *string
			if s, e = str(dec); s != nil {
				req.cmd = *s
			}
		case "seq":
			req.seq, e = integer(dec)
			if e == errMistyped {
				return errMalformed // no seq to echo
			}
		case "protocol":
			var n *int64
			if n, e = integer(dec); n != nil {
				if int64(int(*n)) != *n {
					e = errMistyped
				} else {
					req.protocol = int(*n)
				}
			}
		case "contract":
			req.contract, e = str(dec)
		case "op":
			req.op, e = str(dec)
		case "input":
			req.input, e = str(dec)
		case "ignore":
			req.ignore, e = pairs(dec)
		case "shift":
			req.shift, e = shifts(dec)
		case "mutant":
			req.mutant, e = str(dec)
		case "cases":
			var raw json.RawMessage
			if dec.Decode(&raw) != nil {
				return errMalformed
			}
			if string(raw) != "null" {
				req.cases = raw
			}
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return errMalformed
			}
		}
		return mistyped(name, e)
	})
	return req, bad, err
}

// pairs reads the ignore member: an array of objects whose members
// contract and message are strings (other members ignored), or null (nil).
// An item that is not such an object (null included) is errMistyped.
func pairs(dec *json.Decoder) ([]guardPair, error) {
	out := []guardPair{}
	list, err := objects(dec, func(it json.RawMessage) bool {
		var c, m *string
		err := known(it, map[string]func(*json.Decoder) error{
			"contract": func(dec *json.Decoder) (err error) { c, err = str(dec); return },
			"message":  func(dec *json.Decoder) (err error) { m, err = str(dec); return },
		})
		if err != nil || c == nil || m == nil {
			return false
		}
		out = append(out, guardPair{*c, *m})
		return true
	})
	if !list || err != nil {
		return nil, err
	}
	return out, nil
}

// shifts reads the shift member: an array of objects whose members
// contract and threshold are strings and by an integer (other members
// ignored), or null (nil). An item that is not such an object is
// errMistyped.
func shifts(dec *json.Decoder) ([]shiftEntry, error) {
	out := []shiftEntry{}
	list, err := objects(dec, func(it json.RawMessage) bool {
		var c, t *string
		var by *int64
		err := known(it, map[string]func(*json.Decoder) error{
			"contract":  func(dec *json.Decoder) (err error) { c, err = str(dec); return },
			"threshold": func(dec *json.Decoder) (err error) { t, err = str(dec); return },
			"by":        func(dec *json.Decoder) (err error) { by, err = integer(dec); return },
		})
		if err != nil || c == nil || t == nil || by == nil || int64(int(*by)) != *by {
			return false
		}
		out = append(out, shiftEntry{*c, *t, int(*by)})
		return true
	})
	if !list || err != nil {
		return nil, err
	}
	return out, nil
}

// objects reads a member that is an array or null, calling item on each
// element in order; list is false for null. A value that is neither, or
// an element item refuses, is errMistyped; a value that does not decode is
// errMalformed.
func objects(dec *json.Decoder, item func(json.RawMessage) bool) (list bool, err error) {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return false, errMalformed
	}
	if string(raw) == "null" {
		return false, nil
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return false, errMistyped
	}
	for _, it := range items {
		if !item(it) {
			return false, errMistyped
		}
	}
	return true, nil
}

// known reads the object it with members: each member read names is read
// by its function, any other is skipped.
func known(it json.RawMessage, read map[string]func(*json.Decoder) error) error {
	return members(it, func(name string, dec *json.Decoder) error {
		if f, ok := read[name]; ok {
			return f(dec)
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return errMalformed
		}
		return nil
	})
}

// applyShift calls every declared shift hook with its contract's shifts in
// list (an empty Shift clears), and returns the entries no hook can honour
// (an undeclared contract or threshold), in the order given.
func (k *Kit) applyShift(list []shiftEntry) []thresholdPair {
	per := map[string]Shift{}
	for c := range k.thresholds {
		per[c] = Shift{}
	}
	unknown := []thresholdPair{}
	for _, e := range list {
		h, ok := k.thresholds[e.contract]
		if !ok || !h.names[e.threshold] {
			unknown = append(unknown, thresholdPair{e.contract, e.threshold})
			continue
		}
		per[e.contract][e.threshold] += e.by
	}
	for c, s := range per {
		k.thresholds[c].hook(s)
	}
	return unknown
}

// batchCase is one case of a batch request.
type batchCase struct{ contract, op, input string }

// batch answers a batch request: every case as a run request would be,
// or one errored answer when the request is not a well-formed batch (cases
// not an array of 1 to maxBatch objects of exactly the string members
// contract, op and input).
func batch(seq int64, raw json.RawMessage, ignore []guardPair, k *Kit) []byte {
	var list []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &list) != nil || len(list) == 0 || len(list) > maxBatch {
		return errored(seq, fmt.Sprintf("cases is not an array of 1 to %d cases", maxBatch), "")
	}
	cases := make([]batchCase, len(list))
	for i, v := range list {
		var c [3]*string
		err := members(v, func(name string, dec *json.Decoder) error {
			var err error
			switch name {
			case "contract":
				c[0], err = str(dec)
			case "op":
				c[1], err = str(dec)
			case "input":
				c[2], err = str(dec)
			default:
				return errMalformed
			}
			return err
		})
		if err != nil || c[0] == nil || c[1] == nil || c[2] == nil {
			return errored(seq, fmt.Sprintf("batch case %d is not exactly the strings contract, op and input", i), "")
		}
		cases[i] = batchCase{*c[0], *c[1], *c[2]}
	}
	b := append([]byte(`{"seq":`), strconv.FormatInt(seq, 10)...)
	b = append(b, `,"outcome":"batch","answers":[`...)
	for i, c := range cases {
		if i > 0 {
			b = append(b, ',')
		}
		b = runEntry(append(b, '{'), c.contract, c.op, c.input, ignore, k)
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

// runEntry appends to b the members of a run answer other than seq (the
// outcome and its fields, no braces): what a run answer and a batch entry
// share. An input that is not canonical standard base64 is that entry's
// errored, as in the other harnesses. An error that is not a *Refusal is
// answered errored with the stack as the trace, as a panic is.
func runEntry(b []byte, contract, op, encoded string, ignore []guardPair, k *Kit) (out []byte) {
	input, err := decodeBase64(encoded)
	if err != nil {
		return appendMembers(b, map[string]any{"outcome": "errored", "message": "input is not base64", "trace": ""})
	}
	defer func() {
		if p := recover(); p != nil {
			out = appendMembers(b, map[string]any{"outcome": "errored",
				"message": clip(fmt.Sprint("panic: ", p), maxMessage), "trace": clip(string(debug.Stack()), maxTrace)})
		}
	}()
	var set Ignore
	for _, p := range ignore {
		if p.Contract == contract {
			if set == nil {
				set = Ignore{}
			}
			set[p.Message] = true
		}
	}
	output, refusal, skip, err := k.Call(contract, op, input, set)
	switch {
	case err != nil:
		panic(err)
	case skip != "":
		return appendMembers(b, map[string]any{"outcome": "skipped", "reason": clip(skip, maxMessage)})
	case refusal != nil:
		m := map[string]any{"outcome": "refused", "message": refusal.Message}
		if at := fit(refusal, len(input)); at != nil {
			m["at"] = at
		}
		return appendMembers(b, m)
	}
	// Hand-built so that a large output is not copied through a map.
	b = append(b, `"outcome":"ok","output":"`...)
	b = base64.StdEncoding.AppendEncode(b, output)
	return append(b, '"')
}

// decodeBase64 decodes the canonical standard base64 (RFC 4648 section 4,
// padded) that carries inputs. Strict decoding still skips CR and LF;
// line-wrapped base64 is not canonical either.
func decodeBase64(s string) ([]byte, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, errors.New("base64 holds a line break")
	}
	return base64.StdEncoding.Strict().DecodeString(s)
}

// fit returns what of the refusal's location a refused answer may carry
// for an input of n bytes (PROTOCOL.md, "run"): its offset when it is 0 to
// n, its pointer when it is RFC 6901, valid UTF-8 and at most maxPointer
// bytes; nil when nothing is left. A location is optional, so a part out
// of bounds is dropped, never sent.
func fit(r *Refusal, n int) *location {
	out := location{}
	if r.Offset != nil && *r.Offset >= 0 && *r.Offset <= int64(n) {
		out.Offset = r.Offset
	}
	if r.Pointer != nil && pointer(*r.Pointer) {
		out.Pointer = r.Pointer
	}
	if out.Offset == nil && out.Pointer == nil {
		return nil
	}
	return &out
}

// pointer reports whether p is an RFC 6901 JSON pointer the protocol
// carries: empty, or "/" segments in which "~" is followed only by "0" or
// "1"; valid UTF-8; at most maxPointer bytes.
func pointer(p string) bool {
	if len(p) > maxPointer || !utf8.ValidString(p) || p != "" && p[0] != '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '~' && (i+1 == len(p) || (p[i+1] != '0' && p[i+1] != '1')) {
			return false
		}
	}
	return true
}

// bounded returns the answer line ans, or an errored answer with seq when
// ans is over maxLine bytes with its LF: conform refuses such a line as a
// protocol break, and an errored answer names the cause instead.
func bounded(seq int64, ans []byte) []byte {
	if len(ans) > maxLine+1 {
		return errored(seq, "the answer is over 64 MiB, the protocol's bound on a line", "")
	}
	return ans
}

// appendMembers appends the members of v as JSON, without the braces.
func appendMembers(b []byte, v map[string]any) []byte {
	js := encodeLine(v)
	return append(b, js[1:len(js)-2]...)
}

func errored(seq int64, msg, trace string) []byte {
	return encodeLine(map[string]any{"seq": seq, "outcome": "errored",
		"message": clip(msg, maxMessage), "trace": clip(trace, maxTrace)})
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
