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
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	catalogue "github.com/conform-dev/conform/spec"
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
	// Contract is the name with its version, "<name>/<version>".
	Contract string `json:"contract"`
	// Name is Contract without its version: the name of its vectors
	// directory and of its spec file.
	Name string `json:"name"`
	// Version is the integer after the slash.
	Version int `json:"version"`
	// Title is the spec's title after the dash.
	Title string `json:"title"`
	// Spec is the spec file's path relative to the repository root,
	// "spec/<name>.md".
	Spec string `json:"spec"`
	// Operations are in the order of the spec's Operations table.
	Operations []Operation `json:"operations"`
	// Refusals is the closed refusal table in the order of the spec's
	// Refusals table.
	Refusals []Refusal `json:"refusals"`
	// CommonWord is true when Name is an English word (the spec's
	// optional "Name" table says so): files then mention the contract only
	// by its versioned name and by code references, never by the bare word
	// (spec/README.md, "Mentions").
	CommonWord bool `json:"common_word"`
	// Related are the contracts this contract's rules build on or are
	// compared with (the spec's optional "Related contracts" table), in
	// table order; never nil. A contract's own files may name its related
	// contracts (spec/README.md, "A contract's own files").
	Related []Related `json:"related"`
	// Corpora are the public corpus layouts that feed this contract's
	// operations, with their policies (the spec's optional "Corpora"
	// table), in table order; never nil.
	Corpora []Corpus `json:"corpora"`
	// Shapes is the path, from the repository root, of the declaration of
	// the contract's closed objects, "spec/<name>/shapes.json" (format:
	// package spec/shapes), when it has one; the declaration's codes
	// are all rows of Refusals.
	Shapes string `json:"shapes,omitempty"`
	// Thresholds are the contract's numeric bounds that decide a verdict
	// (the spec's optional "Thresholds" table), in table order; absent
	// when it has none. The single-cause audit shifts each by one either
	// way through the protocol's `shift` control and checks that exactly
	// the vectors declared at it change (vectors/README.md, `at`).
	Thresholds []Threshold `json:"thresholds,omitempty"`
}

// Threshold is one row of a spec's "Thresholds" table.
type Threshold struct {
	// Name is "<group>.<member>", such as "budget.transient": lowercase
	// ASCII letters, digits and underscores, one dot, unique in the
	// contract.
	Name string `json:"name"`
	// Value is the threshold as the contract states it, at least Min.
	Value int `json:"value"`
	// Min is the lowest value at which the threshold still means what it
	// says (a budget of 0 failed attempts acts as 1, so a budget's Min is
	// 1): the audit shifts it down only when Value-1 >= Min.
	Min int `json:"min"`
	// Meaning says in words what the threshold bounds (printable ASCII).
	Meaning string `json:"meaning"`
}

// Related is one row of a spec's "Related contracts" table.
type Related struct {
	// Contract is the related contract's name with its version, such as
	// "<name>/1": a contract of the same catalogue, never this one.
	Contract string `json:"contract"`
	// Relation says in words how the two relate (printable ASCII).
	Relation string `json:"relation"`
}

// Corpus policies (spec/README.md, "Corpora"): how the entries of a public
// corpus layout become cases of an operation.
const (
	// PolicyExact: the layout gives every entry its exact expected output;
	// the case must be accepted with exactly those bytes.
	PolicyExact = "exact"
	// PolicyStrict: the entries the layout says a parser must refuse are
	// refused (any message, compared with the reference's); every other
	// entry gives the reference's answer.
	PolicyStrict = "strict"
	// PolicyReference: every entry gives the reference's answer; the
	// layout's own expectations are not this contract's.
	PolicyReference = "reference"
	// PolicyVerdict: the contract's own corpus file decides each entry's
	// verdict (accept with empty output, or refuse with any message).
	PolicyVerdict = "verdict"
)

// Policies lists every corpus policy, in the order above.
var Policies = []string{PolicyExact, PolicyStrict, PolicyReference, PolicyVerdict}

// Corpus is one row of a spec's "Corpora" table: a public corpus layout
// feeding one operation under one policy.
type Corpus struct {
	// Layout names the layout as the corpus loaders know it, such as
	// "jsontestsuite" (corpus/doc.go lists them).
	Layout string `json:"layout"`
	// Op is the operation the layout's entries are run through.
	Op string `json:"op"`
	// Policy is one of Policies.
	Policy string `json:"policy"`
}

// Operation is one operation of a contract.
type Operation struct {
	// Op is the operation name, such as "encode".
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
	// Code is the stable identifier, "<prefix>.<name>" (CodePrefix).
	Code string `json:"code"`
	// Message is the fixed ASCII text compared byte for byte.
	Message string `json:"message"`
	// Ops are the operations that can give this refusal, in the order of
	// the Operations table ("all" in the spec lists every operation).
	Ops []string `json:"ops"`
	// Exception is the exception tag the refusal's single-cause vectors
	// carry (vectors/README.md, "Exception vocabulary"), such as
	// "grammar"; empty (and absent from catalogue.json) when they carry
	// none. A vector may still differ from it for a reason of its own.
	Exception string `json:"exception,omitempty"`
}

// embedded is spec/catalogue.json, compiled in by the public package spec.
var embedded = catalogue.JSON()

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

// CodePrefix returns the prefix every refusal code of the contract shares,
// without its dot, such as "<name>" (Check makes sure there is one).
func (k Contract) CodePrefix() string {
	if len(k.Refusals) == 0 {
		return ""
	}
	code := k.Refusals[0].Code
	if i := strings.IndexByte(code, '.'); i > 0 {
		return code[:i]
	}
	return code
}

// Idents returns the identifier forms of the contract's name, each once,
// in this order: the name itself, the name with "-" turned into "_", the
// name with "-" removed, and the refusal code prefix. Files named after a
// contract use one of them (spec/README.md, "A contract's own files").
func (k Contract) Idents() []string {
	var out []string
	for _, s := range []string{k.Name, strings.ReplaceAll(k.Name, "-", "_"), strings.ReplaceAll(k.Name, "-", ""), k.CodePrefix()} {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Relates reports whether other (a contract name with its version) is one
// of k's related contracts.
func (k Contract) Relates(other string) bool {
	for _, r := range k.Related {
		if r.Contract == other {
			return true
		}
	}
	return false
}

// Feed is one (contract, operation, policy) a corpus layout feeds.
type Feed struct {
	Contract, Op, Policy string
}

// Feeds returns what the layout named layout feeds, in catalogue order:
// contracts by name, then each contract's Corpora rows in table order.
func (c Catalogue) Feeds(layout string) []Feed {
	var out []Feed
	for _, k := range c.Contracts {
		for _, r := range k.Corpora {
			if r.Layout == layout {
				out = append(out, Feed{Contract: k.Contract, Op: r.Op, Policy: r.Policy})
			}
		}
	}
	return out
}

// Layouts returns every layout some contract's Corpora table names, each
// once, sorted.
func (c Catalogue) Layouts() []string {
	var out []string
	for _, k := range c.Contracts {
		for _, r := range k.Corpora {
			if !slices.Contains(out, r.Layout) {
				out = append(out, r.Layout)
			}
		}
	}
	slices.Sort(out)
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

// CheckClaims returns nil when the catalogue knows every contract an
// outside implementation called name claims ("<name>/<version>");
// otherwise an error that names the first it does not know and the
// contracts it knows, sorted.
func (c Catalogue) CheckClaims(name string, contracts []string) error {
	for _, k := range contracts {
		if _, ok := c.Contract(k); !ok {
			return fmt.Errorf("implementation %q claims contract %q, which conform does not know (known: %s)", name, k, strings.Join(c.SortedNames(), ", "))
		}
	}
	return nil
}

// SortedNames lists the catalogue's contracts ("<name>/<version>"),
// sorted, for messages.
func (c Catalogue) SortedNames() []string {
	known := make([]string, 0, len(c.Contracts))
	for _, ct := range c.Contracts {
		known = append(known, ct.Contract)
	}
	slices.Sort(known)
	return known
}
