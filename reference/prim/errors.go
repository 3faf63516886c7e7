package prim

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/prim.md).
const Contract = "prim/1"

// The operation names of prim/1 (spec/prim.md, "Operations"), in the order
// of spec/README.md's table.
const (
	OpTimestamp       = "timestamp"
	OpInteger         = "integer"
	OpPositiveInteger = "positive-integer"
	OpString          = "string"
	OpSafeDisplay     = "safe-display"
	OpSortedSet       = "sorted-set"
	OpToolList        = "tool-list"
	OpBase64URL       = "base64url"
	OpUTF8Length      = "utf8-length"
)

// The closed refusal table of prim/1, in the order of spec/prim.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position. A message used by several operations is one guard.
var (
	// ErrInput refuses an input that is not one valid JSON value
	// (spec/README.md, "JSON value inputs"). It has no accept path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "prim.input", Message: "input is not valid JSON"}
	// ErrType refuses a value of the wrong JSON type or shape for the
	// operation. It has no accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "prim.type", Message: "value has the wrong JSON type"}
	// ErrTimestampShape refuses a timestamp that is not exactly 24 units of
	// the form YYYY-MM-DDTHH:MM:SS.mmmZ (timestamp rule 1).
	ErrTimestampShape = refusal.Guard{Contract: Contract, Code: "prim.timestamp_shape", Message: "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"}
	// ErrTimestampInstant refuses a timestamp outside the real Gregorian
	// instants of years 0001-9999 (timestamp rule 2).
	ErrTimestampInstant = refusal.Guard{Contract: Contract, Code: "prim.timestamp_instant", Message: "timestamp is not a real instant"}
	// ErrInteger refuses a number literal with a fraction or an exponent
	// (integer rule 1).
	ErrInteger = refusal.Guard{Contract: Contract, Code: "prim.integer", Message: "number is not an integer"}
	// ErrIntegerRange refuses a negative literal (-0 included), one above
	// 2^53-1, and 0 for positive-integer (integer rule 2).
	ErrIntegerRange = refusal.Guard{Contract: Contract, Code: "prim.integer_range", Message: "integer is out of range"}
	// ErrStringControl refuses a string holding a Cc control unit,
	// U+0000-U+001F or U+007F-U+009F (string rule).
	ErrStringControl = refusal.Guard{Contract: Contract, Code: "prim.string_control", Message: "string contains a control character"}
	// ErrStringSurrogate refuses a string holding an unpaired surrogate
	// unit (string rule, utf8-length).
	ErrStringSurrogate = refusal.Guard{Contract: Contract, Code: "prim.string_surrogate", Message: "string contains an unpaired surrogate"}
	// ErrStringLength refuses a string of more than 256 Unicode scalar
	// values (string rule).
	ErrStringLength = refusal.Guard{Contract: Contract, Code: "prim.string_length", Message: "string exceeds 256 Unicode scalar values"}
	// ErrDisplayChar refuses display text with a unit outside U+0020-U+007E
	// (safe-display).
	ErrDisplayChar = refusal.Guard{Contract: Contract, Code: "prim.display_char", Message: "display text has a character outside U+0020-U+007E"}
	// ErrDisplayLength refuses display text that is empty or longer than 256
	// characters (safe-display).
	ErrDisplayLength = refusal.Guard{Contract: Contract, Code: "prim.display_length", Message: "display text is not 1 to 256 characters"}
	// ErrSetOrder refuses a set member below its predecessor in code point
	// order (sorted-set).
	ErrSetOrder = refusal.Guard{Contract: Contract, Code: "prim.set_order", Message: "set is not strictly ascending by code point"}
	// ErrSetRepeat refuses a set member equal to its predecessor
	// (sorted-set).
	ErrSetRepeat = refusal.Guard{Contract: Contract, Code: "prim.set_repeat", Message: "set has a repeated member"}
	// ErrToolsOrder refuses a tool whose (name, version) is below its
	// predecessor's (tool-list).
	ErrToolsOrder = refusal.Guard{Contract: Contract, Code: "prim.tools_order", Message: "tools are not strictly ascending by (name, version)"}
	// ErrToolsRepeat refuses a tool whose (name, version) equals its
	// predecessor's (tool-list).
	ErrToolsRepeat = refusal.Guard{Contract: Contract, Code: "prim.tools_repeat", Message: "tools have a repeated (name, version)"}
	// ErrB64Length refuses base64url text that is not 43 or 86 units
	// (base64url rule 1).
	ErrB64Length = refusal.Guard{Contract: Contract, Code: "prim.b64_length", Message: "base64url is not 43 or 86 characters"}
	// ErrB64Alphabet refuses a unit outside A-Z a-z 0-9 - _ (base64url
	// rule 2).
	ErrB64Alphabet = refusal.Guard{Contract: Contract, Code: "prim.b64_alphabet", Message: "base64url has a character outside A-Z a-z 0-9 - _"}
	// ErrB64Canonical refuses base64url text whose last character has
	// non-zero unused low bits (base64url rule 3).
	ErrB64Canonical = refusal.Guard{Contract: Contract, Code: "prim.b64_canonical", Message: "base64url is not canonical"}
)

// Guards is the closed refusal table of prim/1 in table order. Callers must
// not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrTimestampShape, ErrTimestampInstant, ErrInteger, ErrIntegerRange,
	ErrStringControl, ErrStringSurrogate, ErrStringLength, ErrDisplayChar, ErrDisplayLength,
	ErrSetOrder, ErrSetRepeat, ErrToolsOrder, ErrToolsRepeat, ErrB64Length, ErrB64Alphabet, ErrB64Canonical,
}
