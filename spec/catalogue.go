// Package spec is public: it holds conform's contract catalogue as data,
// spec/catalogue.json, the operations and closed refusal tables of every
// contract, generated from the specifications beside it (spec/<name>.md)
// by `go run ./spec/generate`. It promises the bytes and their format
// (spec/README.md, "The catalogue"); reading them is conform's own
// business.
package spec

import (
	"bytes"
	"embed"

	"github.com/conform-dev/conform/spec/shapes"
)

//go:embed catalogue.json
var catalogue []byte

//go:embed */shapes.json
var declarations embed.FS

// JSON returns the bytes of spec/catalogue.json (a copy): a JSON object
// with "conform_catalogue" (the format version, 1) and "contracts".
func JSON() []byte { return bytes.Clone(catalogue) }

// Shapes returns the bytes of spec/<name>/shapes.json, the declaration of
// the closed objects of the contract named name (spec/README.md,
// "Shapes"; format: package spec/shapes), and whether the contract
// has one. The Go reference's interpreter and the generators read it; a
// mirror never does.
func Shapes(name string) ([]byte, bool) {
	data, err := declarations.ReadFile(name + "/shapes.json")
	return data, err == nil
}

// MustShapes returns the declaration of the contract named name, parsed
// (package spec/shapes; its codes are not held to the refusal table, which
// go run ./spec/generate does). The declarations are embedded and tested,
// so a contract without one, or one that does not parse, is a broken build
// and panics. The generators read their declarations through it.
func MustShapes(name string) *shapes.Decl {
	data, ok := Shapes(name)
	if !ok {
		panic("spec: no declaration of shapes for " + name)
	}
	d, err := shapes.Parse("spec/"+name+"/shapes.json", data, nil)
	if err != nil {
		panic(err)
	}
	return d
}
