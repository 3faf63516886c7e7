package failurebudget

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/failure-budget.md).
const Contract = "failure-budget/1"

// OpDecide is the one operation of failure-budget/1.
const OpDecide = "decide"

// The closed refusal table of failure-budget/1, in the order of
// spec/failure-budget.md ("Refusals"). Each message is fixed ASCII text and
// carries no value or position.
var (
	// ErrInput refuses an input that is not one valid JSON value. It has
	// no accept path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "failure-budget.input", Message: "input is not valid JSON"}
	// ErrType refuses a value that is not an object with exactly rounds (a
	// boolean) and events (an array). It has no accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "failure-budget.type", Message: "sequence is not an object with rounds and events"}
	// ErrLength refuses more than MaxEvents events. Ignored: all are read.
	ErrLength = refusal.Guard{Contract: Contract, Code: "failure-budget.length", Message: "sequence has more than 256 events"}
	// ErrEvent refuses an event that is not an object whose member event
	// is "reply" or "call". Ignored: the event is skipped.
	ErrEvent = refusal.Guard{Contract: Contract, Code: "failure-budget.event", Message: "event is not a reply or call object"}
	// ErrMember refuses a member an event (or a retry) does not have.
	// Ignored: the member is not read.
	ErrMember = refusal.Guard{Contract: Contract, Code: "failure-budget.member", Message: "event has an unknown member"}
	// ErrTool refuses a call whose tool is absent, not a string or empty.
	// Ignored: the tool is "".
	ErrTool = refusal.Guard{Contract: Contract, Code: "failure-budget.tool", Message: "call tool is not a non-empty string"}
	// ErrArgs refuses a call whose args is absent or not an object.
	// Ignored: args is {}.
	ErrArgs = refusal.Guard{Contract: Contract, Code: "failure-budget.args", Message: "call args is not an object"}
	// ErrHost refuses a host string outside denied, policy, path, invalid.
	// Ignored: the call has no host.
	ErrHost = refusal.Guard{Contract: Contract, Code: "failure-budget.host", Message: "call host is not denied, policy, path or invalid"}
	// ErrExitCode refuses an exit_code number that is not an integer
	// literal from -2^31 to 2^31-1. Ignored: exit_code is 0.
	ErrExitCode = refusal.Guard{Contract: Contract, Code: "failure-budget.exit_code", Message: "call exit_code is not an integer from -2^31 to 2^31-1"}
	// ErrClass refuses a class string outside the six a tool can report.
	// Ignored: class is execution_failure.
	ErrClass = refusal.Guard{Contract: Contract, Code: "failure-budget.class", Message: "call class is not a failure class a tool can report"}
	// ErrField refuses a member of the wrong JSON type. Ignored: the
	// member is read as its default.
	ErrField = refusal.Guard{Contract: Contract, Code: "failure-budget.field", Message: "call member has the wrong JSON type"}
)

// Guards is the closed refusal table of failure-budget/1 in table order.
// Callers must not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrLength, ErrEvent, ErrMember, ErrTool, ErrArgs, ErrHost, ErrExitCode, ErrClass, ErrField,
}
