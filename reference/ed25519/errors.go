package ed25519

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/ed25519.md).
const Contract = "ed25519/1"

// Op is the name of the contract's one operation.
const Op = "verify"

// The closed refusal table of ed25519/1, in the order of spec/ed25519.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrInput refuses an input that is not one valid JSON value
	// (spec/README.md, "JSON value inputs"). It has no accept path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "ed25519.input", Message: "input is not valid JSON"}
	// ErrType refuses a value that is not an object of exactly the members
	// key, sig and msg, each lowercase hex of even length (rule 1). It has
	// no accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "ed25519.type", Message: "input is not {key, sig, msg} in lowercase hex"}
	// ErrKeyLength refuses a key that is not 32 bytes (rule 2).
	ErrKeyLength = refusal.Guard{Contract: Contract, Code: "ed25519.key_length", Message: "public key is not 32 bytes"}
	// ErrSigLength refuses a signature that is not 64 bytes (rule 2).
	ErrSigLength = refusal.Guard{Contract: Contract, Code: "ed25519.sig_length", Message: "signature is not 64 bytes"}
	// ErrKeyNoncanonical refuses a key whose y (sign bit masked) is at or
	// above p = 2^255-19 (rule 3).
	ErrKeyNoncanonical = refusal.Guard{Contract: Contract, Code: "ed25519.key_noncanonical", Message: "public key encoding is not canonical"}
	// ErrKeySmallOrder refuses a key equal, sign bit masked, to an entry of
	// libsodium's small-order blocklist (rule 4).
	ErrKeySmallOrder = refusal.Guard{Contract: Contract, Code: "ed25519.key_small_order", Message: "public key has small order"}
	// ErrKeyPoint refuses a key whose y has no x on the curve (rule 5,
	// RFC 8032 section 5.1.3).
	ErrKeyPoint = refusal.Guard{Contract: Contract, Code: "ed25519.key_point", Message: "public key is not a point on the curve"}
	// ErrRSmallOrder refuses a signature whose R equals, sign bit masked, an
	// entry of the blocklist (rule 6).
	ErrRSmallOrder = refusal.Guard{Contract: Contract, Code: "ed25519.r_small_order", Message: "signature R has small order"}
	// ErrSRange refuses a signature whose S is not below the group order L
	// (rule 7).
	ErrSRange = refusal.Guard{Contract: Contract, Code: "ed25519.s_range", Message: "signature S is not below the group order"}
	// ErrVerify refuses a signature for which the cofactorless equation
	// does not hold (rule 8).
	ErrVerify = refusal.Guard{Contract: Contract, Code: "ed25519.verify", Message: "signature does not verify"}
)

// Guards is the closed refusal table of ed25519/1 in table order. Callers
// must not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrKeyLength, ErrSigLength, ErrKeyNoncanonical, ErrKeySmallOrder,
	ErrKeyPoint, ErrRSmallOrder, ErrSRange, ErrVerify,
}
