package gocheck

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/module"
)

// Target is one Go-only fuzz target: its fuzz function's name, the input
// format it reads (the package cases target of that name, the format of
// the differential target for the same contract, so that their corpora
// are interchangeable), and the check it runs on each case.
type Target struct {
	// Name is the fuzz function's name.
	Name string
	// Input names the cases.Target whose format the target reads.
	Input string
	// JSONv2 marks the target that needs GOEXPERIMENT=jsonv2.
	JSONv2 bool
	// check runs on each case; s draws whatever else the check needs
	// (a member shuffle), fixed by the input and the case's position.
	check func(c cases.Case, s *gen.Source) error
}

// Targets are the Go-only targets: by the contract of the format they read,
// in the catalogue's order, then in the order the contract's own file
// registers them (fuzz/gocheck/<ident>.go, register).
var Targets []Target

// register adds t to Targets, after the targets of contracts whose names
// sort before or equal to its format's contract. It panics, at
// initialisation, on a target without a name or check, on a format package
// cases does not know, and on a name already registered: programming
// errors no input can cause.
func register(t Target) {
	in, ok := cases.Lookup(t.Input)
	if t.Name == "" || t.check == nil || !ok {
		panic("gocheck: incomplete target " + t.Name + " or unknown format " + t.Input)
	}
	if _, dup := Lookup(t.Name); dup {
		panic("gocheck: target " + t.Name + " registered twice")
	}
	contract := func(t Target) string { c, _ := cases.Lookup(t.Input); return c.Contract }
	i := len(Targets)
	for i > 0 && contract(Targets[i-1]) > in.Contract {
		i--
	}
	Targets = append(Targets[:i], append([]Target{t}, Targets[i:]...)...)
}

// Lookup returns the Go-only target called name.
func Lookup(name string) (Target, bool) {
	for _, t := range Targets {
		if t.Name == name {
			return t, true
		}
	}
	return Target{}, false
}

// Check expands a fuzz input in the target's format and runs the check on
// every case; it returns the first failure, naming the case.
func (t Target) Check(data []byte) error {
	in, ok := cases.Lookup(t.Input)
	if !ok {
		return fmt.Errorf("%s reads the unknown format %s", t.Name, t.Input)
	}
	for i, c := range in.Cases(data) {
		h := sha256.New()
		h.Write(data)
		_ = binary.Write(h, binary.BigEndian, uint32(i))
		if err := t.check(c, gen.New(h.Sum(nil))); err != nil {
			return fmt.Errorf("%s %s, case %d of the input: %w", c.Contract, c.Op, i, err)
		}
	}
	return nil
}

// Seeds returns the seed corpus of the Go-only target called name: the
// seeds of its input format (cases.Seeds: the golden vectors, the public
// corpora under corpora unless it is "", structured seeds).
func Seeds(name, corpora string) ([][]byte, error) {
	t, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no Go-only target %s", name)
	}
	in, ok := cases.Lookup(t.Input)
	if !ok {
		return nil, fmt.Errorf("%s reads the unknown format %s", t.Name, t.Input)
	}
	return cases.Seeds(in, corpora)
}

// CorporaDir is the public corpora: $CONFORM_CORPORA, or shared/corpora
// beside the repository that holds the working directory (module.Root);
// "" when neither exists (a libFuzzer build running elsewhere).
func CorporaDir() string {
	if d := os.Getenv("CONFORM_CORPORA"); d != "" {
		return d
	}
	root, err := module.Root()
	if err != nil {
		return ""
	}
	d := filepath.Join(root, "..", "shared", "corpora")
	if _, err := os.Stat(d); err != nil {
		return ""
	}
	return d
}
