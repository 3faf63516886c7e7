// Package reftest holds the table-test and fuzz-test plumbing the tests of
// the reference's contract packages share: a row (an input, the guards
// ignored, and the exact output or the exact refusal, named by its line in
// the test file), running rows through an operation, the refusal checks of
// a fuzz target, a refusal's location, and reading a public corpus folder.
// It knows no contract: each test passes its operation and its refusal
// table (Guards). Only tests import it.
//
// Source: spec/README.md ("Refusals", "Ignoring a guard"),
// mirrors/PROTOCOL.md ("run": the optional refusal location, an offset and
// an RFC 6901 pointer).
package reftest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// Op is a contract operation: input bytes and options in, output bytes or
// a *refusal.Error out.
type Op func(in []byte, opts ...refusal.Option) ([]byte, error)

// Row is one table case: the operation (nil: the one Run is given), an
// input, the guards it runs with ignored, and either the exact output Want
// or the exact refusal Refuse. Line is the row's line in its test file, so
// a failure names its row.
type Row struct {
	Op     Op
	In     string
	Ignore []refusal.Guard
	Want   string
	Refuse *refusal.Guard
	Line   int
}

// CallerLine returns the line that called the function that calls
// CallerLine: in a test package's own row constructor (one that rewrites
// its input, say), the line of the row, for Row.At.
func CallerLine() int {
	_, _, line, _ := runtime.Caller(2)
	return line
}

// OK returns a row whose input in is accepted with output want, named by
// the line that calls OK.
func OK(in, want string, ignore ...refusal.Guard) Row {
	return Row{In: in, Want: want, Ignore: ignore, Line: CallerLine()}
}

// No returns a row whose input in is refused by the guard g, named by the
// line that calls No.
func No(in string, g refusal.Guard, ignore ...refusal.Guard) Row {
	return Row{In: in, Refuse: &g, Ignore: ignore, Line: CallerLine()}
}

// OpOK is OK for the operation op (a table of several operations).
func OpOK(op Op, in, want string, ignore ...refusal.Guard) Row {
	return Row{Op: op, In: in, Want: want, Ignore: ignore, Line: CallerLine()}
}

// OpNo is No for the operation op.
func OpNo(op Op, in string, g refusal.Guard, ignore ...refusal.Guard) Row {
	return Row{Op: op, In: in, Refuse: &g, Ignore: ignore, Line: CallerLine()}
}

// At returns r named by line instead.
func (r Row) At(line int) Row {
	r.Line = line
	return r
}

// Name is the subtest name of r: its line and the start of its input.
func (r Row) Name() string {
	s := fmt.Sprintf("%q", r.In)
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return fmt.Sprintf("line%d/%s", r.Line, s)
}

// Messages returns the messages of gs, in order: what refusal.Ignoring
// takes.
func Messages(gs []refusal.Guard) []string {
	var ms []string
	for _, g := range gs {
		ms = append(ms, g.Message)
	}
	return ms
}

// Run runs every row as a subtest through its Op, or op when it has none,
// with its guards ignored. A refusal row passes when the error is a
// *refusal.Error of exactly that guard and message; an acceptance row when
// there is no error and the output, not nil, is exactly Want.
func Run(t *testing.T, rows []Row, op Op) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.Name(), func(t *testing.T) {
			f := r.Op
			if f == nil {
				f = op
			}
			out, err := f([]byte(r.In), refusal.Ignoring(Messages(r.Ignore)...))
			if r.Refuse != nil {
				e, isRefusal := refusal.As(err)
				if !isRefusal {
					t.Fatalf("line %d: got output %q, err %v; want refusal %q", r.Line, out, err, r.Refuse.Message)
				}
				if e.Guard != *r.Refuse || e.Error() != r.Refuse.Message {
					t.Fatalf("line %d: refused with %q (%s); want %q (%s)", r.Line, e.Error(), e.Guard.Code, r.Refuse.Message, r.Refuse.Code)
				}
				return
			}
			if err != nil {
				t.Fatalf("line %d: refused with %v; want %q", r.Line, err, r.Want)
			}
			if out == nil || string(out) != r.Want {
				t.Fatalf("line %d: got %q (nil %v); want %q", r.Line, out, out == nil, r.Want)
			}
		})
	}
}

// GuardTable fails t unless the refusal table got is want, in order (a
// contract's Guards against its spec's "Refusals" table).
func GuardTable(t *testing.T, got, want []refusal.Guard) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d guards; want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("guard %d is %+v; want %+v", i, got[i], want[i])
		}
	}
}

// Mask returns the bits of the guards of table (bit i is table[i]) that
// ignore names: a fuzz seed's guard mask.
func Mask(table, ignore []refusal.Guard) uint16 {
	mask := uint16(0)
	for _, g := range ignore {
		for i, h := range table {
			if g == h {
				mask |= 1 << i
			}
		}
	}
	return mask
}

// Unmask returns the guards of table that mask sets (bit i is table[i]).
func Unmask(table []refusal.Guard, mask uint16) []refusal.Guard {
	var gs []refusal.Guard
	for i, g := range table {
		if mask&(1<<i) != 0 {
			gs = append(gs, g)
		}
	}
	return gs
}

// CheckRefusal fails t unless err, from an input of n bytes run with the
// guards ignored, is a *refusal.Error by a guard of table that was not
// ignored (syntax excepted: a grammar guard has no accept path), located at
// a byte offset within the input (and a valid JSON pointer, if any).
func CheckRefusal(t *testing.T, err error, table, ignored []refusal.Guard, syntax refusal.Guard, n int) {
	t.Helper()
	r, ok := refusal.As(err)
	if !ok {
		t.Fatalf("not a refusal: %v", err)
	}
	inTable, wasIgnored := false, false
	for _, g := range table {
		inTable = inTable || g == r.Guard
	}
	for _, g := range ignored {
		wasIgnored = wasIgnored || g == r.Guard
	}
	if !inTable || (wasIgnored && r.Guard != syntax) {
		t.Fatalf("refused by %+v (ignored %v)", r.Guard, Messages(ignored))
	}
	if !r.At.HasOffset || !r.At.Within(n) {
		t.Fatalf("refused by %s at %+v, not a place in %d bytes", r.Guard.Code, r.At, n)
	}
}

// CheckAt reports on t (without stopping it) unless err is a refusal by
// guard at the byte offset offset and the JSON pointer pointer ("-": with
// no pointer). name names the case.
func CheckAt(t *testing.T, name string, err error, guard refusal.Guard, offset int, pointer string) {
	t.Helper()
	e, ok := refusal.As(err)
	if !ok || e.Guard != guard {
		t.Errorf("%s: %v; want %s", name, err, guard.Code)
		return
	}
	want := refusal.At(offset, pointer)
	if pointer == "-" {
		want = refusal.AtOffset(offset)
	}
	if e.At != want {
		t.Errorf("%s: %s at %+v; want %+v", name, guard.Code, e.At, want)
	}
}

// CorpusRoot is the public corpora's folder (/work/shared/corpora) relative
// to a contract package's folder, where go test runs its tests.
const CorpusRoot = "../../../shared/corpora"

// CorpusFiles returns the files of the corpus folder dir (relative to
// CorpusRoot), and fails tb when there are none: a missing corpus is a
// failure, not a skip.
func CorpusFiles(tb testing.TB, dir string) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(CorpusRoot, dir, "*"))
	if len(files) == 0 {
		tb.Fatalf("corpus %s: no files", dir)
	}
	return files
}

// SeedCorpus adds every file of each corpus folder to f as a seed, with
// the guard mask 0.
func SeedCorpus(f *testing.F, dirs ...string) {
	f.Helper()
	for _, dir := range dirs {
		for _, file := range CorpusFiles(f, dir) {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, uint16(0))
		}
	}
}

// Nest returns inner inside n opening and n closing brackets.
func Nest(open, close string, n int, inner string) string {
	return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
}
