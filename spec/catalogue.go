// Package spec is public: it holds conform's contract catalogue as data,
// spec/catalogue.json, the operations and closed refusal tables of every
// contract, generated from the specifications beside it (spec/<name>.md)
// by `go run ./spec/generate`. It promises the bytes and their format
// (spec/README.md, "The catalogue"); reading them is conform's own
// business.
package spec

import (
	"bytes"
	_ "embed"
)

//go:embed catalogue.json
var catalogue []byte

// JSON returns the bytes of spec/catalogue.json (a copy): a JSON object
// with "conform_catalogue" (the format version, 1) and "contracts".
func JSON() []byte { return bytes.Clone(catalogue) }
