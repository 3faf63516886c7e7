package trajectory

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/trajectory.md).
const Contract = "trajectory/1"

// OpDerive is the one operation (spec/trajectory.md, "Operations").
const OpDerive = "derive"

// MaxPerKey is TRAJECTORY_REFERENCE_MAX_PER_KEY: the reference keeps the
// newest MaxPerKey signatures of each key.
const MaxPerKey = 3

// Guards is the closed refusal table of trajectory/1 in the order of
// spec/trajectory.md ("Refusals"), read from the catalogue. Callers must
// not modify it.
var Guards = interp.Guards(Contract)

func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards, one per Refusals row.
var (
	ErrInput       = guard("trajectory.input")
	ErrType        = guard("trajectory.type")
	ErrEvent       = guard("trajectory.event")
	ErrKind        = guard("trajectory.kind")
	ErrField       = guard("trajectory.field")
	ErrLane        = guard("trajectory.lane")
	ErrLLMID       = guard("trajectory.llm_id")
	ErrClosedTwice = guard("trajectory.closed_twice")
)
