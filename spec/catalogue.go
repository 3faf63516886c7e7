// Package spec holds conform's contract catalogue: for every contract, its
// operations, each operation's input kind, and its closed refusal table in
// order, read from the "Operations" and "Refusals" tables of spec/<name>.md.
// The markdown files are the single source; catalogue.json is generated
// from them by `go run ./spec/generate` and checked in, so that every other
// package and both mirrors read one list instead of writing their own.
//
// Source: spec/README.md ("The catalogue" and "Rules shared by every
// contract").
package spec

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// FormatVersion is the only catalogue format this package writes and reads
// (the "conform_catalogue" member of catalogue.json).
const FormatVersion = 1

// Input kinds of an operation (spec/README.md, "Input kinds").
const (
	// InputBytes: the input is raw bytes, such as JSON text or a frame.
	InputBytes = "bytes"
	// InputJSONValue: the input is one JSON value read as spec/README.md
	// "JSON value inputs" says, refused with `<contract>.input` when it is
	// not one.
	InputJSONValue = "json-value"
)

// Catalogue is every contract conform knows, sorted by contract name.
type Catalogue struct {
	// Format is FormatVersion.
	Format    int        `json:"conform_catalogue"`
	Contracts []Contract `json:"contracts"`
}

// Contract is one contract at one version.
type Contract struct {
	// Contract is the name with its version, such as "frame/1".
	Contract string `json:"contract"`
	// Name is Contract without its version, such as "frame": the name of
	// its vectors directory and of its spec file.
	Name string `json:"name"`
	// Version is the integer after the slash.
	Version int `json:"version"`
	// Title is the spec's title after the dash.
	Title string `json:"title"`
	// Spec is the spec file's path relative to the repository root, such as
	// "spec/frame.md".
	Spec string `json:"spec"`
	// Operations are in the order of the spec's Operations table.
	Operations []Operation `json:"operations"`
	// Refusals is the closed refusal table in the order of the spec's
	// Refusals table.
	Refusals []Refusal `json:"refusals"`
}

// Operation is one operation of a contract.
type Operation struct {
	// Op is the operation name, such as "lex".
	Op string `json:"op"`
	// Input is InputBytes or InputJSONValue.
	Input string `json:"input"`
	// Accepts describes the input in words (the spec's "input" column).
	Accepts string `json:"accepts"`
	// Output describes the output on acceptance (the spec's column).
	Output string `json:"output"`
}

// Refusal is one row of a contract's refusal table.
type Refusal struct {
	// Code is the stable identifier, such as "frame.size".
	Code string `json:"code"`
	// Message is the fixed ASCII text compared byte for byte.
	Message string `json:"message"`
	// Ops are the operations that can give this refusal, in the order of
	// the Operations table ("all" in the spec lists every operation).
	Ops []string `json:"ops"`
}

//go:embed catalogue.json
var embedded []byte

// JSON returns the checked-in catalogue.json bytes (a copy).
func JSON() []byte { return bytes.Clone(embedded) }

var loaded = sync.OnceValues(func() (Catalogue, error) {
	return Decode(embedded)
})

// Load returns the checked-in catalogue, decoded and checked by Decode.
// Callers must not modify it. It fails only if catalogue.json is broken,
// which `go run ./spec/generate -check` and this package's tests catch.
func Load() (Catalogue, error) { return loaded() }

// MustLoad is Load for package initialisation: it panics on a broken
// catalogue.json, which cannot be checked in past this package's tests.
func MustLoad() Catalogue {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// Decode reads catalogue.json bytes strictly (unknown members refused) and
// checks them as Check does.
func Decode(data []byte) (Catalogue, error) {
	var c Catalogue
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		return Catalogue{}, fmt.Errorf("spec/catalogue.json: %w", err)
	}
	if d.More() {
		return Catalogue{}, fmt.Errorf("spec/catalogue.json: data after the catalogue")
	}
	if err := c.Check(); err != nil {
		return Catalogue{}, fmt.Errorf("spec/catalogue.json: %w", err)
	}
	return c, nil
}

// Encode returns the catalogue as catalogue.json bytes: indented by two
// spaces, ASCII (encoding/json escapes nothing in ASCII text but <, > and &,
// which it is told not to), LF-terminated.
func (c Catalogue) Encode() ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	e.SetIndent("", "  ")
	if err := e.Encode(c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Contract returns the contract named name (with its version) and whether
// there is one.
func (c Catalogue) Contract(name string) (Contract, bool) {
	for _, k := range c.Contracts {
		if k.Contract == name {
			return k, true
		}
	}
	return Contract{}, false
}

// Operation returns the operation named op and whether there is one.
func (k Contract) Operation(op string) (Operation, bool) {
	for _, o := range k.Operations {
		if o.Op == op {
			return o, true
		}
	}
	return Operation{}, false
}

// OpNames returns the operation names in table order.
func (k Contract) OpNames() []string {
	ops := make([]string, len(k.Operations))
	for i, o := range k.Operations {
		ops[i] = o.Op
	}
	return ops
}

// RefusalsOf returns the refusals op can give, in table order.
func (k Contract) RefusalsOf(op string) []Refusal {
	var out []Refusal
	for _, r := range k.Refusals {
		for _, o := range r.Ops {
			if o == op {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// Refusal returns the refusal with this message and whether there is one.
func (k Contract) Refusal(message string) (Refusal, bool) {
	for _, r := range k.Refusals {
		if r.Message == message {
			return r, true
		}
	}
	return Refusal{}, false
}
