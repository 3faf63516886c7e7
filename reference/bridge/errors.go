package bridge

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/bridge.md): the
// version is the protocol's PROTOCOL_VERSION.
const Contract = "bridge/4"

// The operation names of bridge/4 (spec/bridge.md, "Operations"), in table
// order.
const (
	OpDecode    = "decode"
	OpEncode    = "encode"
	OpRoundTrip = "round-trip"
	OpStream    = "stream"
)

// The closed refusal table of bridge/4, in the order of spec/bridge.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrInput refuses a message (or a stream line) that is not one valid
	// JSON value (spec/README.md, "JSON value inputs"). It has no accept
	// path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "bridge.input", Message: "input is not valid JSON"}
	// ErrType refuses a message that is not a JSON object. It has no
	// accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "bridge.type", Message: "message is not a JSON object"}
	// ErrMsgType refuses a message without a string member "type".
	// Ignored: the message is one of an unknown type, ignored.
	ErrMsgType = refusal.Guard{Contract: Contract, Code: "bridge.msg_type", Message: "message type is missing or not a string"}
	// ErrMissing refuses a message that lacks a required field of its
	// type. Ignored: the field stays absent.
	ErrMissing = refusal.Guard{Contract: Contract, Code: "bridge.missing", Message: "required field is missing"}
	// ErrFieldType refuses a field whose value has the wrong JSON kind
	// (null included). Ignored: the value is kept.
	ErrFieldType = refusal.Guard{Contract: Contract, Code: "bridge.field_type", Message: "field has the wrong JSON type"}
	// ErrInteger refuses an integer field whose number is not an integer
	// literal in its range. Ignored: the literal is kept.
	ErrInteger = refusal.Guard{Contract: Contract, Code: "bridge.integer", Message: "integer field is not an integer in its range"}
	// ErrDoneReason refuses a done.reason outside "", stalled, no-progress,
	// max-turns, unverified. Ignored: the string is kept.
	ErrDoneReason = refusal.Guard{Contract: Contract, Code: "bridge.done_reason", Message: "done.reason is not in its vocabulary"}
	// ErrControlAction refuses a control.action outside pause, resume,
	// steer. Ignored: the string is kept.
	ErrControlAction = refusal.Guard{Contract: Contract, Code: "bridge.control_action", Message: "control.action is not pause, resume or steer"}
	// ErrSurrogate refuses a string of a kept field (member names
	// included) that holds an unpaired surrogate. Ignored: the string is
	// kept.
	ErrSurrogate = refusal.Guard{Contract: Contract, Code: "bridge.surrogate", Message: "string holds an unpaired surrogate"}
	// ErrCallPending refuses, in a stream, a tool_call while another is
	// outstanding. Ignored: it replaces the outstanding call.
	ErrCallPending = refusal.Guard{Contract: Contract, Code: "bridge.call_pending", Message: "tool_call while another tool_call is outstanding"}
	// ErrCorrelation refuses, in a stream, a tool_result when no call is
	// outstanding or whose id is not the outstanding call's. Ignored: the
	// result is taken as the reply.
	ErrCorrelation = refusal.Guard{Contract: Contract, Code: "bridge.correlation", Message: "tool_result id does not match the outstanding tool_call"}
)

// Guards is the closed refusal table of bridge/4 in table order. Callers
// must not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrMsgType, ErrMissing, ErrFieldType, ErrInteger,
	ErrDoneReason, ErrControlAction, ErrSurrogate, ErrCallPending, ErrCorrelation,
}
