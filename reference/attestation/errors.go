package attestation

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/attestation.md).
const Contract = "attestation/1"

// The operation names (spec/attestation.md, "Operations"), in table order.
const (
	OpAttest    = "attest"
	OpPreflight = "preflight"
)

// The two pre-flight refusal prefixes (spec/attestation.md, "Pre-flight
// refusals"): SMOKE_PREFLIGHT_REFUSAL_PREFIX and PROBE_URL_REFUSAL_PREFIX.
const (
	SmokePreflightPrefix = "smoke preflight refused: "
	ProbeURLPrefix       = "probe url refused: "
)

// Guards is the closed refusal table of attestation/1 in the order of
// spec/attestation.md ("Refusals"), read from the catalogue. Callers must
// not modify it.
var Guards = interp.Guards(Contract)

func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts refuse with by name; the member rules'
// guards are the declaration's (spec/attestation/shapes.json).
var (
	ErrInput             = guard("attestation.input")
	ErrType              = guard("attestation.type")
	ErrOkError           = guard("attestation.ok_error")
	ErrPreflightExecuted = guard("attestation.preflight_executed")
	ErrRelabel           = guard("attestation.relabel")
	ErrWitnessCmd        = guard("attestation.witness_cmd")
	ErrWitnessNoCmd      = guard("attestation.witness_no_cmd")
)
