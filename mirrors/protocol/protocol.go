// Package protocol is the conform harness protocol, version 1: the request
// and answer messages, their strict decoding, and a server loop for harnesses
// written in Go. The normative text is mirrors/PROTOCOL.md.
package protocol

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
)

// Version is the protocol version this package speaks.
const Version = 1

// Bounds from mirrors/PROTOCOL.md.
const (
	MaxLine    = 64 << 20 // bytes in one protocol line
	MaxMessage = 1024     // bytes in an errored message or a skipped reason
	MaxTrace   = 8192     // bytes in an errored trace
)

// Commands.
const (
	CmdStart  = "start"
	CmdRun    = "run"
	CmdIgnore = "ignore"
	CmdGuards = "guards"
)

// Outcomes of answers.
const (
	OutcomeStarted = "started"
	OutcomeOK      = "ok"
	OutcomeRefused = "refused"
	OutcomeErrored = "errored"
	OutcomeSkipped = "skipped"
	OutcomeAck     = "ack"
	OutcomeGuards  = "guards"
)

// Implementation is what a harness says about itself in the handshake.
type Implementation struct {
	Name            string              `json:"name"`
	Language        string              `json:"language"`
	LanguageVersion string              `json:"language_version"`
	Runtime         string              `json:"runtime"`
	RuntimeVersion  string              `json:"runtime_version"`
	Version         string              `json:"version"`
	Contracts       map[string][]string `json:"contracts"`
}

// Supports reports whether the implementation declared contract and op.
func (im Implementation) Supports(contract, op string) bool {
	for _, o := range im.Contracts[contract] {
		if o == op {
			return true
		}
	}
	return false
}

// GuardPair names one guard for the ignore control: a refusal message
// within a contract.
type GuardPair struct {
	Contract string `json:"contract"`
	Message  string `json:"message"`
}

// Guard is one entry of an implementation's refusal table, as the `guards`
// answer lists it.
type Guard struct {
	Contract string `json:"contract"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// Request is one line from conform to a harness. Which fields are set
// depends on Cmd; Input holds raw bytes and is base64 on the wire.
type Request struct {
	Cmd      string      `json:"cmd"`
	Seq      int64       `json:"seq"`
	Protocol int         `json:"protocol,omitempty"`
	Contract string      `json:"contract,omitempty"`
	Op       string      `json:"op,omitempty"`
	Input    []byte      `json:"input,omitempty"`
	Ignore   []GuardPair `json:"ignore,omitempty"`
}

// Encode returns the request as one protocol line, LF included.
func (r Request) Encode() []byte {
	var b bytes.Buffer
	b.WriteString(`{"cmd":`)
	writeString(&b, r.Cmd)
	fmt.Fprintf(&b, `,"seq":%d`, r.Seq)
	switch r.Cmd {
	case CmdStart:
		fmt.Fprintf(&b, `,"protocol":%d`, r.Protocol)
	case CmdRun:
		b.WriteString(`,"contract":`)
		writeString(&b, r.Contract)
		b.WriteString(`,"op":`)
		writeString(&b, r.Op)
		b.WriteString(`,"input":"`)
		b.WriteString(base64.StdEncoding.EncodeToString(r.Input))
		b.WriteByte('"')
	case CmdIgnore:
		list := r.Ignore
		if list == nil {
			list = []GuardPair{}
		}
		js, _ := json.Marshal(list) // GuardPair always marshals
		b.WriteString(`,"ignore":`)
		b.Write(js)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func writeString(b *bytes.Buffer, s string) {
	js, _ := json.Marshal(s) // a string always marshals
	b.Write(js)
}

// Answer is one line from a harness, decoded and validated.
type Answer struct {
	Seq     int64
	Outcome string
	// Output is the decoded output bytes of an ok answer.
	Output []byte
	// Message is the refusal message (refused, or a refused handshake) or
	// the crash message (errored).
	Message string
	Trace   string
	Reason  string
	// Implementation is set on a started answer.
	Implementation *Implementation
	// Supported lists the versions of a refused handshake.
	Supported []int
	// Unknown lists the ignore pairs an implementation has no guard for.
	Unknown []GuardPair
	// Guards is the refusal table of a guards answer.
	Guards []Guard
}

// wireAnswer mirrors every field any answer may carry; DecodeAnswer then
// checks that exactly the fields of its outcome are present.
type wireAnswer struct {
	Seq            *int64          `json:"seq"`
	Outcome        *string         `json:"outcome"`
	Output         *string         `json:"output"`
	Message        *string         `json:"message"`
	Trace          *string         `json:"trace"`
	Reason         *string         `json:"reason"`
	Protocol       *int            `json:"protocol"`
	Implementation *Implementation `json:"implementation"`
	Supported      []int           `json:"supported"`
	Unknown        []GuardPair     `json:"unknown"`
	Guards         []Guard         `json:"guards"`
}

// ErrViolation wraps every way an answer line can break the protocol.
var ErrViolation = errors.New("protocol violation")

func violation(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrViolation, fmt.Sprintf(format, args...))
}

// DecodeAnswer parses and validates one answer line (without its LF). It
// refuses, with an error wrapping ErrViolation: a line that is not one JSON
// object, a trailing CR, unknown fields, missing or extra fields for the
// outcome, an unknown outcome, non-canonical base64, and messages, reasons
// or traces over their byte bounds.
func DecodeAnswer(line []byte) (Answer, error) {
	if len(line) > 0 && line[len(line)-1] == '\r' {
		return Answer{}, violation("line ends with CR")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var w wireAnswer
	if err := dec.Decode(&w); err != nil {
		return Answer{}, violation("not a protocol answer: %s", shorten(err.Error()))
	}
	if dec.More() {
		return Answer{}, violation("trailing data after the answer object")
	}
	if w.Seq == nil {
		return Answer{}, violation("answer has no seq")
	}
	if w.Outcome == nil {
		return Answer{}, violation("answer has no outcome")
	}
	a := Answer{Seq: *w.Seq, Outcome: *w.Outcome}
	present := map[string]bool{
		"output": w.Output != nil, "message": w.Message != nil, "trace": w.Trace != nil,
		"reason": w.Reason != nil, "protocol": w.Protocol != nil,
		"implementation": w.Implementation != nil, "supported": w.Supported != nil,
		"unknown": w.Unknown != nil, "guards": w.Guards != nil,
	}
	var want []string
	switch a.Outcome {
	case OutcomeStarted:
		want = []string{"protocol", "implementation"}
	case OutcomeOK:
		want = []string{"output"}
	case OutcomeRefused:
		want = []string{"message"}
		if w.Supported != nil {
			want = []string{"message", "supported"}
		}
	case OutcomeErrored:
		want = []string{"message", "trace"}
	case OutcomeSkipped:
		want = []string{"reason"}
	case OutcomeAck:
		want = []string{"unknown"}
	case OutcomeGuards:
		want = []string{"guards"}
	default:
		return Answer{}, violation("unknown outcome %q", shorten(a.Outcome))
	}
	wanted := map[string]bool{}
	for _, f := range want {
		wanted[f] = true
		if !present[f] {
			return Answer{}, violation("%s answer lacks %q", a.Outcome, f)
		}
	}
	for f, ok := range present {
		if ok && !wanted[f] {
			return Answer{}, violation("%s answer has unexpected field %q", a.Outcome, f)
		}
	}
	switch a.Outcome {
	case OutcomeStarted:
		if *w.Protocol != Version {
			return Answer{}, violation("started with protocol %d, asked for %d", *w.Protocol, Version)
		}
		if err := checkImplementation(w.Implementation); err != nil {
			return Answer{}, err
		}
		a.Implementation = w.Implementation
	case OutcomeOK:
		out, err := base64.StdEncoding.Strict().DecodeString(*w.Output)
		if err != nil {
			return Answer{}, violation("output is not canonical base64")
		}
		a.Output = out
	case OutcomeRefused:
		a.Message = *w.Message
		a.Supported = w.Supported
	case OutcomeErrored:
		if len(*w.Message) > MaxMessage || len(*w.Trace) > MaxTrace {
			return Answer{}, violation("errored message or trace over its bound")
		}
		a.Message, a.Trace = *w.Message, *w.Trace
	case OutcomeSkipped:
		if len(*w.Reason) > MaxMessage {
			return Answer{}, violation("skipped reason over its bound")
		}
		a.Reason = *w.Reason
	case OutcomeAck:
		a.Unknown = w.Unknown
	case OutcomeGuards:
		a.Guards = w.Guards
	}
	return a, nil
}

func checkImplementation(im *Implementation) error {
	for name, v := range map[string]string{
		"name": im.Name, "language": im.Language, "language_version": im.LanguageVersion,
		"runtime": im.Runtime, "runtime_version": im.RuntimeVersion, "version": im.Version,
	} {
		if v == "" {
			return violation("implementation.%s is empty", name)
		}
	}
	if len(im.Contracts) == 0 {
		return violation("implementation declares no contracts")
	}
	return nil
}

// shorten bounds text quoted from a misbehaving harness, so that garbage
// never floods a report.
func shorten(s string) string {
	const max = 200
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
