package refusal

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// The mutant switch of a schemata build (mutation/README.md, "Schemata").
// The source-mutation audit compiles every mutant of the reference into one
// binary: each mutated expression becomes a closure that asks Mutant which
// mutant is active, and reports with Reach that it ran. In a normal build
// nothing registers and nothing reads the switch: Mutant is always 0.
//
// A row mutant of a declaration of shapes (spec/<name>/shapes.json) goes
// through the same switch: SetMutant with "<contract> <row id>" makes
// RowMutant return it, and the shapes interpreter reports the objects it
// validates with ReachRow.

var (
	active    atomic.Int32                // the active source mutant's number; 0 none
	activeRow atomic.Pointer[string]      // the active row mutant, "<contract> <row id>"
	schemata  atomic.Pointer[schemataSet] // what the schemata build registered
	reachMu   sync.Mutex
	reached   = map[string]bool{} // reach keys since the last SetMutant
	points    []atomic.Bool       // reach of each mutant point, by number
	rowsMu    sync.Mutex
	rowsOf    = map[string]func(row string) error{} // RegisterRows, by contract
)

// RegisterRows declares that contract's declaration of shapes takes row
// mutants through the switch: applies returns nil when row (a row id of
// spec/shapes, "trust.keys/0/BoundWiden/max") names a row mutant that
// builds, else why not. The shapes interpreter calls it for each contract
// it loads; a second call for one contract replaces the first.
func RegisterRows(contract string, applies func(row string) error) {
	rowsMu.Lock()
	rowsOf[contract] = applies
	rowsMu.Unlock()
}

// rowApplies reports whether id, "<contract> <row id>", names a row
// mutant that a registered declaration (RegisterRows) can apply.
func rowApplies(id string) bool {
	contract, row, _ := strings.Cut(id, " ")
	rowsMu.Lock()
	applies := rowsOf[contract]
	rowsMu.Unlock()
	return applies != nil && applies(row) == nil
}

// schemataSet is what RegisterSchemata was given.
type schemataSet struct {
	ids map[string]int32
}

// RegisterSchemata declares the mutants compiled into this build: mutant
// id (12 hex digits, internal/mutation/mutant) to its number (1 and up),
// and how many mutant points (numbered 1 to n) the build has. The
// generated file of a schemata build calls it from init; nothing else
// should. A second call replaces the first.
func RegisterSchemata(ids map[string]int32, n int) {
	points = make([]atomic.Bool, n+1)
	schemata.Store(&schemataSet{ids: ids})
}

// Schemata reports whether this is a schemata build (RegisterSchemata
// was called): only then can SetMutant activate a source mutant.
func Schemata() bool { return schemata.Load() != nil }

// Mutant returns the number of the active source mutant, 0 for none: what
// each mutant point of a schemata build switches on.
func Mutant() int32 { return active.Load() }

// Reach records that mutant point p (1 to n) ran; a point out of range is
// ignored.
func Reach(p int32) {
	if p > 0 && int(p) < len(points) && !points[p].Load() {
		points[p].Store(true)
	}
}

// RowMutant returns the active row mutant, "<contract> <row id>", or ""
// for none.
func RowMutant() string {
	if p := activeRow.Load(); p != nil {
		return *p
	}
	return ""
}

// ReachRow records that the shapes interpreter validated one object of a
// declaration: key is "<contract> <object>".
func ReachRow(key string) {
	reachMu.Lock()
	reached[key] = true
	reachMu.Unlock()
}

// SetMutant makes id the active mutant: a source mutant's 12 hex digits,
// a row mutant's "<contract> <row id>" (a string with a space), or "" for
// none. It returns the reach keys recorded since the previous call, sorted
// (mutant points as decimal numbers, rows as "<contract> <object>"), and
// clears them. known is false, and nothing is active, when id is a source
// mutant this build does not have, or a row mutant that no declaration
// registered with RegisterRows can apply (its contract declares no
// shapes, its declaration lacks the row, or the mutated declaration does
// not build): the audit reports it as not started, never as a survivor.
func SetMutant(id string) (reach []string, known bool) {
	reachMu.Lock()
	for k := range reached {
		reach = append(reach, k)
	}
	clear(reached)
	reachMu.Unlock()
	for p := 1; p < len(points); p++ {
		if points[p].Load() {
			reach = append(reach, strconv.Itoa(p))
			points[p].Store(false)
		}
	}
	sort.Strings(reach)
	active.Store(0)
	activeRow.Store(nil)
	switch {
	case id == "":
		return reach, true
	case strings.ContainsRune(id, ' '):
		if !rowApplies(id) {
			return reach, false
		}
		activeRow.Store(&id)
		return reach, true
	}
	if s := schemata.Load(); s != nil {
		if n, ok := s.ids[id]; ok {
			active.Store(n)
			return reach, true
		}
	}
	return reach, false
}
