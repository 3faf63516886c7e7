package reference

// The registration lines: one blank import per contract package, each of
// which registers its operations in its init function (reference/register).
// Adding a contract adds its line here and nowhere else in Go
// (spec/README.md, "Adding a contract").
import (
	_ "conform/reference/ats"
	_ "conform/reference/digest"
	_ "conform/reference/ed25519"
	_ "conform/reference/frame"
	_ "conform/reference/prim"
	_ "conform/reference/pyjson"
	_ "conform/reference/rfc8785"
	_ "conform/reference/ticker"
	_ "conform/reference/toolhost"
	_ "conform/reference/v8date"
)
