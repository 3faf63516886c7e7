// Package protocol is the conform harness protocol, version 1, as conform
// speaks it to a harness: the request and answer messages and their strict
// decoding. The normative text is mirrors/PROTOCOL.md; the harness side in
// Go is the Go kit's (mirrors/kit/go), which kit_test.go holds to this
// package's decoder.
package protocol

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Version is the protocol version this package speaks.
const Version = 1

// Bounds from mirrors/PROTOCOL.md.
const (
	MaxLine    = 64 << 20 // bytes in one protocol line
	MaxMessage = 1024     // bytes in an errored message or a skipped reason
	MaxTrace   = 8192     // bytes in an errored trace
	MaxPointer = 1024     // bytes in a refusal location's JSON pointer
	// MaxInfo bounds each text field of a handshake's implementation (its
	// name, language, versions and runtime), each contract name and each
	// operation name, in bytes.
	MaxInfo = 256
	// MaxContracts bounds the contracts a handshake declares, and the
	// operations of each.
	MaxContracts = 1024
)

// Commands.
const (
	CmdStart  = "start"
	CmdRun    = "run"
	CmdIgnore = "ignore"
	CmdGuards = "guards"
	// CmdShift is optional: sent only to a harness whose handshake lists
	// FeatureShift.
	CmdShift = "shift"
	// CmdBatch is optional: sent only to a harness whose handshake lists
	// FeatureBatch.
	CmdBatch = "batch"
	// CmdMutant is optional: sent only to a harness whose handshake lists
	// FeatureMutant (a schemata build of the Go reference).
	CmdMutant = "mutant"
)

// Features a harness may list in its handshake (the started answer's
// optional "features").
const (
	// FeatureBatch: the harness serves CmdBatch.
	FeatureBatch = "batch"
	// FeatureShift: the harness serves CmdShift.
	FeatureShift = "shift"
	// FeatureMutant: the harness serves CmdMutant.
	FeatureMutant = "mutant"
)

// MaxBatch is the most cases one batch request may hold (PROTOCOL.md,
// "batch").
const MaxBatch = 1024

// Outcomes of answers.
const (
	OutcomeStarted = "started"
	OutcomeOK      = "ok"
	OutcomeRefused = "refused"
	OutcomeErrored = "errored"
	OutcomeSkipped = "skipped"
	OutcomeAck     = "ack"
	OutcomeGuards  = "guards"
	OutcomeBatch   = "batch"
	OutcomeShifted = "shifted"
	// OutcomeSwitched answers CmdMutant.
	OutcomeSwitched = "switched"
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

// Shift moves one threshold of a contract's Thresholds table by By for the
// `shift` control (PROTOCOL.md, "shift").
type Shift struct {
	Contract  string `json:"contract"`
	Threshold string `json:"threshold"`
	By        int    `json:"by"`
}

// ThresholdPair names one threshold of a contract: a `shifted` answer's
// unknown entry.
type ThresholdPair struct {
	Contract  string `json:"contract"`
	Threshold string `json:"threshold"`
}

// Guard is one entry of an implementation's refusal table, as the `guards`
// answer lists it.
type Guard struct {
	Contract string `json:"contract"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// Location says where in its input an implementation refused: the byte
// offset into the input bytes, a JSON pointer (RFC 6901) to the value, or
// both. It is the optional `at` of a refused answer (PROTOCOL.md, "run").
// conform never compares locations between implementations: it shows them
// beside a wrong-message disagreement, as data, so that a reader sees where
// each implementation stopped.
type Location struct {
	// Offset is a byte offset into the input, from 0 to its length.
	Offset *int64 `json:"offset,omitempty"`
	// Pointer is an RFC 6901 JSON pointer, at most MaxPointer bytes.
	Pointer *string `json:"pointer,omitempty"`
}

// String renders the location for a reader: "byte 12, /a/0", "byte 12" or
// "/a/0" (the pointer quoted when it holds anything but printable ASCII).
func (l *Location) String() string {
	if l == nil {
		return ""
	}
	var parts []string
	if l.Offset != nil {
		parts = append(parts, "byte "+strconv.FormatInt(*l.Offset, 10))
	}
	if l.Pointer != nil {
		p := *l.Pointer
		if !printable(p) || p == "" {
			p = strconv.QuoteToASCII(p)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// check refuses a location with neither member, a negative offset, or a
// pointer that is over MaxPointer bytes or not RFC 6901 (empty, or "/"
// segments in which "~" is followed only by "0" or "1").
func (l *Location) check() error {
	if l.Offset == nil && l.Pointer == nil {
		return violation("refusal location has neither offset nor pointer")
	}
	if l.Offset != nil && *l.Offset < 0 {
		return violation("refusal location offset is negative")
	}
	if l.Pointer != nil {
		p := *l.Pointer
		if len(p) > MaxPointer {
			return violation("refusal location pointer over its bound")
		}
		if p != "" && p[0] != '/' {
			return violation("refusal location pointer does not start with /")
		}
		for i := 0; i < len(p); i++ {
			if p[i] == '~' && (i+1 == len(p) || (p[i+1] != '0' && p[i+1] != '1')) {
				return violation("refusal location pointer has a bad ~ escape")
			}
		}
	}
	return nil
}

// Case is one operation of a batch request: what a run request carries
// besides cmd and seq. Input holds raw bytes and is base64 on the wire.
type Case struct {
	Contract string
	Op       string
	Input    []byte
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
	// Shift is the whole shift set of a shift request (empty clears it).
	Shift []Shift `json:"shift,omitempty"`
	// Cases are the operations of a batch request (1 to MaxBatch).
	Cases []Case `json:"cases,omitempty"`
	// Mutant is the mutant a mutant request activates ("" none).
	Mutant string `json:"mutant,omitempty"`
}

// Encode returns the request as one protocol line, LF included.
func (r Request) Encode() []byte { return r.AppendTo(nil) }

// AppendTo appends the request's protocol line, LF included, to b and
// returns the extended slice. Run and batch requests are written by hand:
// they are the hot path of every run and fuzz campaign.
func (r Request) AppendTo(b []byte) []byte {
	b = append(b, `{"cmd":`...)
	b = appendString(b, r.Cmd)
	b = append(b, `,"seq":`...)
	b = strconv.AppendInt(b, r.Seq, 10)
	switch r.Cmd {
	case CmdStart:
		b = append(b, `,"protocol":`...)
		b = strconv.AppendInt(b, int64(r.Protocol), 10)
	case CmdRun:
		b = append(b, ',')
		b = appendCase(b, Case{r.Contract, r.Op, r.Input})
	case CmdBatch:
		b = append(b, `,"cases":[`...)
		for i, c := range r.Cases {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendCase(b, c)
			b = append(b, '}')
		}
		b = append(b, ']')
	case CmdIgnore:
		b = appendList(b, "ignore", r.Ignore)
	case CmdShift:
		b = appendList(b, "shift", r.Shift)
	case CmdMutant:
		b = append(b, `,"mutant":`...)
		b = appendString(b, r.Mutant)
	}
	return append(b, "}\n"...)
}

// appendList appends the member name with list as a JSON array, [] when
// list is nil (a control request always carries its whole set).
func appendList[T GuardPair | Shift](b []byte, name string, list []T) []byte {
	if list == nil {
		list = []T{}
	}
	js, _ := json.Marshal(list) // GuardPair and Shift always marshal
	b = append(b, `,"`+name+`":`...)
	return append(b, js...)
}

// appendCase appends the contract, op and input members of a run request
// or batch case (without braces).
func appendCase(b []byte, c Case) []byte {
	b = append(b, `"contract":`...)
	b = appendString(b, c.Contract)
	b = append(b, `,"op":`...)
	b = appendString(b, c.Op)
	b = append(b, `,"input":"`...)
	b = base64.StdEncoding.AppendEncode(b, c.Input)
	return append(b, '"')
}

// appendString appends s as a JSON string. Contract, operation and command
// names are printable ASCII without quotes or backslashes, and are copied;
// anything else goes through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			js, _ := json.Marshal(s) // a string always marshals
			return append(b, js...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Answer is one line from a harness, decoded and validated, or one entry
// of a batch answer (then Seq is zero and Outcome is a run outcome).
type Answer struct {
	Seq     int64
	Outcome string
	// Output is the decoded output bytes of an ok answer.
	Output []byte
	// Message is the refusal message (refused, or a refused handshake) or
	// the crash message (errored).
	Message string
	// At is where a refused answer says it refused, when it says so.
	At     *Location
	Trace  string
	Reason string
	// Implementation is set on a started answer.
	Implementation *Implementation
	// Features lists the optional commands a started answer announced
	// (FeatureBatch); nil when it announced none.
	Features []string
	// Supported lists the versions of a refused handshake.
	Supported []int
	// Unknown lists the ignore pairs an implementation has no guard for.
	Unknown []GuardPair
	// UnknownThresholds lists, in a shifted answer, the shifts' thresholds
	// an implementation does not have.
	UnknownThresholds []ThresholdPair
	// Guards is the refusal table of a guards answer.
	Guards []Guard
	// Answers are the entries of a batch answer, one per case, in order.
	Answers []Answer
	// Known says, in a switched answer, whether the harness has the
	// mutant it was asked to activate; Reached lists the reach keys it
	// recorded since the mutant request before (PROTOCOL.md, "mutant").
	Known   bool
	Reached []string
}

// HasFeature reports whether a started answer listed the feature f.
func (a Answer) HasFeature(f string) bool {
	for _, x := range a.Features {
		if x == f {
			return true
		}
	}
	return false
}

// wireEntry is one entry of a batch answer: a run answer without seq.
type wireEntry struct {
	Outcome *string   `json:"outcome"`
	Output  *string   `json:"output"`
	Message *string   `json:"message"`
	Trace   *string   `json:"trace"`
	Reason  *string   `json:"reason"`
	At      *Location `json:"at"`
}

// wireAnswer mirrors every field any answer may carry; DecodeAnswer then
// checks that exactly the fields of its outcome are present.
type wireAnswer struct {
	Seq *int64 `json:"seq"`
	wireEntry
	Protocol       *int            `json:"protocol"`
	Implementation *Implementation `json:"implementation"`
	Features       []string        `json:"features"`
	Supported      []int           `json:"supported"`
	Unknown        []unknownEntry  `json:"unknown"`
	Guards         []Guard         `json:"guards"`
	Answers        []wireEntry     `json:"answers"`
	Known          *bool           `json:"known"`
	Reached        []string        `json:"reached"`
}

// unknownEntry is an entry of an ack answer's unknown list (a guard pair,
// with message) or of a shifted answer's (a threshold pair, with
// threshold).
type unknownEntry struct {
	Contract  *string `json:"contract"`
	Message   *string `json:"message"`
	Threshold *string `json:"threshold"`
}

// ErrViolation wraps every way an answer line can break the protocol.
var ErrViolation = errors.New("protocol violation")

func violation(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrViolation, fmt.Sprintf(format, args...))
}

// Answer fields, as bits, for the exact-fields check.
const (
	fOutput = 1 << iota
	fMessage
	fTrace
	fReason
	fProtocol
	fImplementation
	fFeatures
	fSupported
	fUnknown
	fGuards
	fAnswers
	fAt
	fKnown
	fReached
)

var fieldNames = []string{"output", "message", "trace", "reason", "protocol", "implementation", "features", "supported", "unknown", "guards", "answers", "at", "known", "reached"}

// fields says, for each outcome, which fields it must have and which it
// may have besides.
var fields = map[string]struct{ must, may int }{
	OutcomeStarted:  {fProtocol | fImplementation, fFeatures},
	OutcomeOK:       {fOutput, 0},
	OutcomeRefused:  {fMessage, fSupported | fAt},
	OutcomeErrored:  {fMessage | fTrace, 0},
	OutcomeSkipped:  {fReason, 0},
	OutcomeAck:      {fUnknown, 0},
	OutcomeGuards:   {fGuards, 0},
	OutcomeBatch:    {fAnswers, 0},
	OutcomeShifted:  {fUnknown, 0},
	OutcomeSwitched: {fKnown | fReached, 0},
}

// checkFields refuses an outcome that lacks a field it must have or has
// one it may not.
func checkFields(outcome string, present int) error {
	f, ok := fields[outcome]
	if !ok {
		return violation("unknown outcome %q", shorten(outcome))
	}
	for i, name := range fieldNames {
		bit := 1 << i
		switch {
		case f.must&bit != 0 && present&bit == 0:
			return violation("%s answer lacks %q", outcome, name)
		case present&bit != 0 && (f.must|f.may)&bit == 0:
			return violation("%s answer has unexpected field %q", outcome, name)
		}
	}
	return nil
}

func (e *wireEntry) present() int {
	return has(e.Output != nil, fOutput) | has(e.Message != nil, fMessage) | has(e.Trace != nil, fTrace) | has(e.Reason != nil, fReason) | has(e.At != nil, fAt)
}

func has(ok bool, bit int) int {
	if ok {
		return bit
	}
	return 0
}

// runAnswer validates a run outcome's fields (which checkFields has
// found present) and copies them into a.
func (e *wireEntry) runAnswer(a *Answer) error {
	switch a.Outcome {
	case OutcomeOK:
		out, err := decodeBase64(*e.Output)
		if err != nil {
			return violation("output is not canonical base64")
		}
		a.Output = out
	case OutcomeRefused:
		if e.At != nil {
			if err := e.At.check(); err != nil {
				return err
			}
		}
		a.Message, a.At = *e.Message, e.At
	case OutcomeErrored:
		if len(*e.Message) > MaxMessage || len(*e.Trace) > MaxTrace {
			return violation("errored message or trace over its bound")
		}
		a.Message, a.Trace = *e.Message, *e.Trace
	case OutcomeSkipped:
		if len(*e.Reason) > MaxMessage {
			return violation("skipped reason over its bound")
		}
		a.Reason = *e.Reason
	}
	return nil
}

// decodeBase64 decodes the canonical standard base64 (RFC 4648 section 4,
// padded) that carries inputs and outputs. Strict decoding still skips CR
// and LF; line-wrapped base64 is not canonical either.
func decodeBase64(s string) ([]byte, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, errors.New("base64 holds a line break")
	}
	return base64.StdEncoding.Strict().DecodeString(s)
}

// DecodeAnswer parses and validates one answer line (without its LF). It
// refuses, with an error wrapping ErrViolation: a line that is not one JSON
// object, a trailing CR, unknown fields, missing or extra fields for the
// outcome, an unknown outcome, non-canonical base64, messages, reasons or
// traces over their byte bounds, and a batch entry that is not a valid run
// answer (the entry count is checked against the request by the caller).
func DecodeAnswer(line []byte) (Answer, error) {
	if a, ok := decodeBatchFast(line); ok {
		return a, nil
	}
	return decodeAnswerJSON(line)
}

// decodeAnswerJSON is DecodeAnswer through the JSON decoder: every line
// decodeBatchFast declines.
func decodeAnswerJSON(line []byte) (Answer, error) {
	if len(line) > 0 && line[len(line)-1] == '\r' {
		return Answer{}, violation("line ends with CR")
	}
	// JSON v2 (the go-json-experiment mirror of encoding/json/v2) refuses
	// unknown members, duplicate members, invalid UTF-8 and trailing data,
	// matches names exactly, and decodes several times faster than v1.
	var w wireAnswer
	if err := jsonv2.Unmarshal(line, &w, jsonv2.RejectUnknownMembers(true)); err != nil {
		return Answer{}, violation("not a protocol answer: %s", shorten(err.Error()))
	}
	if holdsNull(line) {
		// The decoder leaves a field that is null as if it were absent (and
		// a null list element as a zero value): no field of an answer may
		// be null, at any depth.
		return Answer{}, violation("answer holds a null")
	}
	if w.Seq == nil {
		return Answer{}, violation("answer has no seq")
	}
	if w.Outcome == nil {
		return Answer{}, violation("answer has no outcome")
	}
	a := Answer{Seq: *w.Seq, Outcome: *w.Outcome}
	present := w.wireEntry.present() | has(w.Protocol != nil, fProtocol) |
		has(w.Implementation != nil, fImplementation) | has(w.Features != nil, fFeatures) |
		has(w.Supported != nil, fSupported) | has(w.Unknown != nil, fUnknown) |
		has(w.Guards != nil, fGuards) | has(w.Answers != nil, fAnswers) |
		has(w.Known != nil, fKnown) | has(w.Reached != nil, fReached)
	if err := checkFields(a.Outcome, present); err != nil {
		return Answer{}, err
	}
	switch a.Outcome {
	case OutcomeStarted:
		if *w.Protocol != Version {
			return Answer{}, violation("started with protocol %d, asked for %d", *w.Protocol, Version)
		}
		if err := checkImplementation(w.Implementation); err != nil {
			return Answer{}, err
		}
		a.Implementation, a.Features = w.Implementation, w.Features
	case OutcomeOK, OutcomeErrored, OutcomeSkipped:
		if err := w.runAnswer(&a); err != nil {
			return Answer{}, err
		}
	case OutcomeRefused:
		if w.At != nil && w.Supported != nil {
			return Answer{}, violation("a refused handshake has no location")
		}
		if err := w.runAnswer(&a); err != nil {
			return Answer{}, err
		}
		a.Supported = w.Supported
	case OutcomeAck:
		a.Unknown = make([]GuardPair, len(w.Unknown))
		for i, u := range w.Unknown {
			if u.Contract == nil || u.Message == nil || u.Threshold != nil {
				return Answer{}, violation("ack unknown entry %d is not {contract, message}", i)
			}
			a.Unknown[i] = GuardPair{Contract: *u.Contract, Message: *u.Message}
		}
	case OutcomeShifted:
		a.UnknownThresholds = make([]ThresholdPair, len(w.Unknown))
		for i, u := range w.Unknown {
			if u.Contract == nil || u.Threshold == nil || u.Message != nil {
				return Answer{}, violation("shifted unknown entry %d is not {contract, threshold}", i)
			}
			a.UnknownThresholds[i] = ThresholdPair{Contract: *u.Contract, Threshold: *u.Threshold}
		}
	case OutcomeSwitched:
		a.Known, a.Reached = *w.Known, w.Reached
	case OutcomeGuards:
		a.Guards = w.Guards
	case OutcomeBatch:
		a.Answers = make([]Answer, len(w.Answers))
		for i := range w.Answers {
			e := &w.Answers[i]
			if e.Outcome == nil {
				return Answer{}, violation("batch entry %d has no outcome", i)
			}
			o := *e.Outcome
			if o != OutcomeOK && o != OutcomeRefused && o != OutcomeErrored && o != OutcomeSkipped {
				return Answer{}, violation("batch entry %d has outcome %q, not a run outcome", i, shorten(o))
			}
			if err := checkFields(o, e.present()); err != nil {
				return Answer{}, fmt.Errorf("batch entry %d: %w", i, err)
			}
			a.Answers[i].Outcome = o
			if err := e.runAnswer(&a.Answers[i]); err != nil {
				return Answer{}, fmt.Errorf("batch entry %d: %w", i, err)
			}
		}
	}
	return a, nil
}

// holdsNull reports whether the JSON text line holds a null anywhere. It
// is called on text that has already decoded, so it never meets a syntax
// error; were it to, it reports false and leaves the error to the decoder.
func holdsNull(line []byte) bool {
	if !bytes.Contains(line, []byte("null")) {
		return false // the common case, without a second pass
	}
	dec := jsontext.NewDecoder(bytes.NewReader(line))
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return false
		}
		if tok.Kind() == 'n' {
			return true
		}
	}
}

// checkImplementation refuses a handshake's implementation with an empty
// or over-long text field (MaxInfo bytes), no contract, more than
// MaxContracts contracts, a contract name over MaxInfo bytes, or a
// contract with no operation, more than MaxContracts operations or an
// operation name that is empty or over MaxInfo bytes (PROTOCOL.md,
// "start"). A field over its bound is never quoted whole.
func checkImplementation(im *Implementation) error {
	for _, f := range []struct{ name, v string }{
		{"name", im.Name}, {"language", im.Language}, {"language_version", im.LanguageVersion},
		{"runtime", im.Runtime}, {"runtime_version", im.RuntimeVersion}, {"version", im.Version},
	} {
		if f.v == "" {
			return violation("implementation.%s is empty", f.name)
		}
		if len(f.v) > MaxInfo {
			return violation("implementation.%s is %d bytes, over its bound of %d", f.name, len(f.v), MaxInfo)
		}
	}
	if len(im.Contracts) == 0 {
		return violation("implementation declares no contracts")
	}
	if len(im.Contracts) > MaxContracts {
		return violation("implementation declares %d contracts, over the bound of %d", len(im.Contracts), MaxContracts)
	}
	for c, ops := range im.Contracts {
		switch {
		case len(c) > MaxInfo:
			return violation("implementation declares a contract name of %d bytes, over its bound of %d", len(c), MaxInfo)
		case len(ops) == 0:
			return violation("implementation declares contract %q with no operation", shorten(c))
		case len(ops) > MaxContracts:
			return violation("implementation declares %d operations of %q, over the bound of %d", len(ops), shorten(c), MaxContracts)
		}
		for _, op := range ops {
			if op == "" || len(op) > MaxInfo {
				return violation("implementation declares an operation of %q that is empty or over %d bytes", shorten(c), MaxInfo)
			}
		}
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
