package main

// ats-runtime/1: spec/ats-runtime.md, "Vectors". The fifteen canonical
// instances (spec/ats-runtime.md, "Canonical instances", read by
// gen.ARFrozen), each member's variants derived from the
// declaration (spec/ats-runtime/shapes.json: its members, types and rules;
// what a rule's defects are is written here per named check), the object
// rules each way they fire, and the four decisions. Expected verdicts are
// computed here from the documents themselves: D(v) is crypto/sha256 over
// JCS(v) as gowebpki/jcs computes it, never by the reference; expected
// messages are the catalogue's.

import (
	"strconv"

	specdata "github.com/conform-dev/conform/spec"
)

func init() {
	register(source{
		contract:   "ats-runtime/1",
		files:      arFiles,
		minCases:   700,
		exceptions: arExceptions,
	})
}

// arContract is the contract these vectors are of.
const arContract = "ats-runtime/1"

// arDecl is the declaration of the shapes (spec/ats-runtime/shapes.json).
var arDecl = specdata.MustShapes("ats-runtime")

// arRefusals is the refusal table, from the catalogue.
var arRefusals = refusalsOf(arContract)

// arQ quotes an ASCII string without quotes or backslashes (or with \u
// escapes already written).
func arQ(s string) string { return `"` + s + `"` }

// arNum is a number literal's nearest double (the literal as written).
func arNum(text string) float64 {
	f, _ := strconv.ParseFloat(text, 64)
	return f
}
