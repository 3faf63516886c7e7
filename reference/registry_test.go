package reference_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/reference"
	"github.com/conform-dev/conform/reference/refusal"
	specdata "github.com/conform-dev/conform/spec"
)

// TestCorpora runs every JSONTestSuite file and every JCS input through
// every operation whose input kind is bytes (spec/README.md, "The
// catalogue"), with no guard ignored, each guard ignored in turn, and all
// ignored at once. Each run must end in output or a refusal from the
// operation's own table, never a panic or another error. The operations
// the catalogue feeds JSONTestSuite with the strict policy
// (spec/README.md, "Corpora") must refuse every n_ file.
func TestCorpora(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	strict := map[[2]string]bool{}
	for _, f := range cat.Feeds("jsontestsuite") {
		if f.Policy == spec.PolicyStrict {
			strict[[2]string{f.Contract, f.Op}] = true
		}
	}
	if len(strict) == 0 {
		t.Fatal("the catalogue feeds JSONTestSuite to no operation with the strict policy")
	}
	var files []string
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input", "jcs/gowebpki/input"} {
		fs, err := filepath.Glob(filepath.Join("../../shared/corpora", dir, "*"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("corpus %s: no files (%v)", dir, err)
		}
		files = append(files, fs...)
	}
	n := 0
	for _, o := range reference.Operations() {
		k, _ := cat.Contract(o.Contract)
		if op, _ := k.Operation(o.Op); op.Input != spec.InputBytes {
			continue
		}
		n++
		tables := map[string]bool{}
		ignoreSets := [][]string{nil}
		var all []string
		for _, g := range o.Guards {
			tables[g.Message] = true
			ignoreSets = append(ignoreSets, []string{g.Message})
			all = append(all, g.Message)
		}
		ignoreSets = append(ignoreSets, all)
		for _, f := range files {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Base(f)
			for _, ig := range ignoreSets {
				out, err := run(o, in, ig)
				if err != nil {
					r, isRefusal := refusal.As(err)
					if !isRefusal || !tables[r.Error()] || r.Guard.Contract != o.Contract {
						t.Errorf("%s %s (ignore %q): %v", o.Contract, base, ig, err)
					}
				}
				if ig == nil && strings.HasPrefix(base, "n_") && err == nil && strict[[2]string{o.Contract, o.Op}] {
					t.Errorf("%s %s accepted %s: %q", o.Contract, o.Op, base, out)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no operation takes bytes")
	}
}

// run calls o.Run and turns a panic into a test error value, so one bad
// input reports instead of stopping the sweep.
func run(o reference.Operation, in []byte, ignore []string) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{r}
		}
	}()
	return o.Run(in, refusal.Ignoring(ignore...))
}

type panicError struct{ v any }

func (p panicError) Error() string { return fmt.Sprint("panic: ", p.v) }

// TestEveryRowMutantApplies: each contract that declares its shapes
// registers its declaration with the mutant switch, and the switch
// activates every row mutant of the declaration (the audit tries each),
// and no row the declaration lacks.
func TestEveryRowMutantApplies(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	defer refusal.SetMutant("")
	declared := 0
	for _, k := range cat.Contracts {
		if k.Shapes == "" {
			continue
		}
		declared++
		for _, r := range specdata.MustShapes(k.Name).Rows() {
			if _, known := refusal.SetMutant(k.Contract + " " + r.ID); !known || refusal.RowMutant() != k.Contract+" "+r.ID {
				t.Errorf("%s: the switch does not apply row %s", k.Contract, r.ID)
			}
		}
		if _, known := refusal.SetMutant(k.Contract + " no.such/0/RuleDrop"); known || refusal.RowMutant() != "" {
			t.Errorf("%s: the switch takes a row its declaration lacks", k.Contract)
		}
	}
	if declared == 0 {
		t.Fatal("no contract declares its shapes")
	}
}
