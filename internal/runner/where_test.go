package runner

import (
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
)

// The reference says where it refused, in the protocol's rendering, for
// the refusals whose sites know it: every location it gives lies within
// the case's input, and some contract's refusals give one.
func TestReferenceSaysWhereItRefused(t *testing.T) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	ref := &Reference{}
	located := map[string]bool{}
	for _, c := range vectors.Cases(files) {
		if c.Expect != vectors.ExpectRefused {
			continue
		}
		got := ref.one(impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input})
		if got.Outcome != impl.Refused || got.At == "" {
			continue
		}
		located[c.Contract] = true
		if off, ok := strings.CutPrefix(got.At, "byte "); ok {
			off, _, _ = strings.Cut(off, ",")
			n, err := strconv.Atoi(off)
			if err != nil || n < 0 || n > len(c.Input) {
				t.Errorf("%s: at %q lies outside its %d bytes of input", c.Source, got.At, len(c.Input))
			}
		}
	}
	if len(located) == 0 {
		t.Fatal("no refusal of the reference says where it refused")
	}
}

// A wrong-message disagreement carries both locations, the reference's as
// the expectation's, and Where shows them; locations alone never make a
// disagreement.
func TestLocationsAreShownNotCompared(t *testing.T) {
	c := vectors.Case{ID: "x", Contract: "example/1", Op: "check", Expect: vectors.ExpectRefused, Message: "m"}
	ref := impl.Result{Outcome: impl.Refused, Message: "m", At: "byte 3"}
	row := classify(c, "ts", ref, impl.Result{Outcome: impl.Refused, Message: "n", At: "byte 5, /a"}, Comparison{})
	if row.Outcome != report.WrongMessage || row.Expected.At != "byte 3" || row.Got.At != "byte 5, /a" {
		t.Fatalf("row %+v", row)
	}
	if w := report.Where(row); !strings.Contains(w, "expected byte 3") || !strings.Contains(w, "got byte 5, /a") {
		t.Errorf("Where = %q", w)
	}
	if d := report.Diff(row); !strings.Contains(d, report.Where(row)) {
		t.Errorf("the diff does not carry the locations:\n%s", d)
	}
	same := classify(c, "ts", ref, impl.Result{Outcome: impl.Refused, Message: "m", At: "byte 9"}, Comparison{})
	if same.Outcome != report.Agree || report.Where(same) != "" {
		t.Errorf("a refusal alike at another place: %s, where %q", same.Outcome, report.Where(same))
	}
}
