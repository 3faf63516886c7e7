package tracefields

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/trace-fields.md).
const Contract = "trace-fields/1"

// OpRead is the one operation (spec/trace-fields.md, "Operations").
const OpRead = "read"

// Ceiling is MAX_TRACE_BYTES, 32 MiB: a trace of more bytes is above the
// ceiling (spec/trace-fields.md, "The ceiling and its four
// dispositions").
const Ceiling = 32 << 20

// MaxValueDepth bounds the nesting of a projected container value.
const MaxValueDepth = 128

// Guards is the closed refusal table of trace-fields/1 in the order of
// spec/trace-fields.md ("Refusals"), read from the catalogue. Callers must
// not modify it.
var Guards = interp.Guards(Contract)

func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards, one per Refusals row.
var (
	ErrRequest    = guard("trace-fields.request")
	ErrModelValue = guard("trace-fields.model_value")
	ErrCeiling    = guard("trace-fields.ceiling")
	ErrUTF8       = guard("trace-fields.utf8")
	ErrNotObject  = guard("trace-fields.not_object")
	ErrTruncated  = guard("trace-fields.truncated")
	ErrSyntax     = guard("trace-fields.syntax")
	ErrDuplicate  = guard("trace-fields.duplicate")
	ErrValue      = guard("trace-fields.value")
)
