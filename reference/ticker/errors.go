package ticker

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/ticker.md).
const Contract = "ticker/1"

// The operation names of ticker/1 (spec/ticker.md, "Operations"), in the
// order of spec/README.md's table.
const (
	OpSymbol            = "symbol"
	OpEquityTicker      = "equity-ticker"
	OpMaskedLabelV1     = "masked-label-v1"
	OpClosedMaskedLabel = "closed-masked-label"
)

// The closed refusal table of ticker/1, in the order of spec/ticker.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrInput refuses an input that is not one valid JSON value
	// (spec/README.md, "JSON value inputs"). It has no accept path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "ticker.input", Message: "input is not valid JSON"}
	// ErrType refuses a value that is not a string. It has no accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "ticker.type", Message: "value is not a string"}
	// ErrSymbol refuses a string that does not match
	// ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$ (symbol).
	ErrSymbol = refusal.Guard{Contract: Contract, Code: "ticker.symbol", Message: "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"}
	// ErrEquity refuses a string that does not match
	// ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$ (equity-ticker).
	ErrEquity = refusal.Guard{Contract: Contract, Code: "ticker.equity", Message: "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"}
	// ErrLabelLength refuses a masked label of 0 or more than 64 UTF-16
	// units (masked-label-v1, closed-masked-label).
	ErrLabelLength = refusal.Guard{Contract: Contract, Code: "ticker.label_length", Message: "masked label is not 1 to 64 UTF-16 units"}
	// ErrLabelControl refuses a Cc control unit in a /1 masked label.
	ErrLabelControl = refusal.Guard{Contract: Contract, Code: "ticker.label_control", Message: "masked label contains a control character"}
	// ErrLabelSurrogate refuses an unpaired surrogate in a /1 masked label.
	ErrLabelSurrogate = refusal.Guard{Contract: Contract, Code: "ticker.label_surrogate", Message: "masked label contains an unpaired surrogate"}
	// ErrLabelDigitsV1 refuses the ASCII digit that makes five consecutive
	// ASCII digits in a /1 masked label.
	ErrLabelDigitsV1 = refusal.Guard{Contract: Contract, Code: "ticker.label_digits_v1", Message: "masked label has five or more consecutive digits"}
	// ErrLabelChar refuses a unit outside the closed set of a /2 masked
	// label.
	ErrLabelChar = refusal.Guard{Contract: Contract, Code: "ticker.label_char", Message: "masked label has a character outside the closed set"}
	// ErrLabelDigits refuses the digit that makes five consecutive digits in
	// a /2 masked label.
	ErrLabelDigits = refusal.Guard{Contract: Contract, Code: "ticker.label_digits", Message: "masked label has more than four consecutive digits"}
)

// Guards is the closed refusal table of ticker/1 in table order. Callers
// must not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrSymbol, ErrEquity, ErrLabelLength, ErrLabelControl,
	ErrLabelSurrogate, ErrLabelDigitsV1, ErrLabelChar, ErrLabelDigits,
}
