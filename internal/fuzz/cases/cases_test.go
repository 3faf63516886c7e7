package cases

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// widest returns the target with the most operations.
func widest() Target {
	w := Targets[0]
	for _, tg := range Targets {
		if len(tg.Ops) > len(w.Ops) {
			w = tg
		}
	}
	return w
}

func TestRawInputRoundTrip(t *testing.T) {
	tg := widest()
	for i, op := range tg.Ops {
		in := []byte{byte(i), 0, 0xff, '{'}
		data, err := tg.RawInput(op, in)
		if err != nil {
			t.Fatal(err)
		}
		cs := tg.Cases(data)
		if len(cs) != 1 || cs[0].Op != op || cs[0].Contract != tg.Contract || !bytes.Equal(cs[0].Input, in) {
			t.Errorf("%s: %+v", op, cs)
		}
	}
	if _, err := tg.RawInput("no-such-op", nil); err == nil {
		t.Error("RawInput took an operation the target does not have")
	}
}

// TestRawRecords checks the raw mode's framing: records in order, the
// operation byte taken modulo the operations, and a length that runs past
// the end takes the rest.
func TestRawRecords(t *testing.T) {
	tg := widest()
	data := []byte{0, 1, 2, 'A', 'B', 2, 1, 'C', 3, 9, 'D', 'E'}
	cs := tg.Cases(data)
	n := len(tg.Ops)
	want := []Case{
		{tg.Contract, tg.Ops[1%n], []byte("AB")},
		{tg.Contract, tg.Ops[2%n], []byte("C")},
		{tg.Contract, tg.Ops[3%n], []byte("DE")},
	}
	if len(cs) != len(want) {
		t.Fatalf("%+v", cs)
	}
	for i := range want {
		if cs[i].Op != want[i].Op || !bytes.Equal(cs[i].Input, want[i].Input) {
			t.Errorf("case %d: %+v, want %+v", i, cs[i], want[i])
		}
	}
}

// TestTargetsAreTheCatalogue checks the targets against the catalogue:
// every operation of every contract belongs to exactly one target, every
// target's operations are its contract's, and the targets come in the
// catalogue's order of contracts.
func TestTargetsAreTheCatalogue(t *testing.T) {
	cat := spec.MustLoad()
	owner := map[[2]string]string{}
	for i, tg := range Targets {
		k, ok := cat.Contract(tg.Contract)
		if !ok {
			t.Errorf("%s: contract %s is not in the catalogue", tg.Name, tg.Contract)
			continue
		}
		if i > 0 && Targets[i-1].Contract > tg.Contract {
			t.Errorf("%s (%s) comes after %s (%s)", tg.Name, tg.Contract, Targets[i-1].Name, Targets[i-1].Contract)
		}
		for _, op := range tg.Ops {
			if _, ok := k.Operation(op); !ok {
				t.Errorf("%s: %s has no operation %s", tg.Name, tg.Contract, op)
			}
			if prev, dup := owner[[2]string{tg.Contract, op}]; dup {
				t.Errorf("%s %s belongs to %s and %s", tg.Contract, op, prev, tg.Name)
			}
			owner[[2]string{tg.Contract, op}] = tg.Name
		}
	}
	for _, k := range cat.Contracts {
		for _, o := range k.Operations {
			if owner[[2]string{k.Contract, o.Op}] == "" {
				t.Errorf("%s %s has no fuzz target: register one in internal/fuzz/cases/<ident>.go", k.Contract, o.Op)
			}
		}
	}
}

// TestEveryInputIsABoundedBatch feeds random bytes of both modes to every
// format: each gives at least one case (none for empty input) and at most
// MaxBatch, of the format's contract and operations, the same each time.
func TestEveryInputIsABoundedBatch(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tg := range Targets {
		if len(tg.Cases(nil)) != 0 {
			t.Errorf("%s: cases for the empty input", tg.Name)
		}
		for range 300 {
			data := make([]byte, 1+r.IntN(3000))
			for i := range data {
				data[i] = byte(r.IntN(256))
			}
			cs := tg.Cases(data)
			if len(cs) == 0 || len(cs) > MaxBatch {
				t.Fatalf("%s: %d cases", tg.Name, len(cs))
			}
			for _, c := range cs {
				if c.Contract != tg.Contract || tg.OpIndex(c.Op) < 0 {
					t.Fatalf("%s: case %+v", tg.Name, c)
				}
			}
			again := tg.Cases(data)
			for i := range cs {
				if !bytes.Equal(cs[i].Input, again[i].Input) {
					t.Fatalf("%s: not deterministic", tg.Name)
				}
			}
		}
	}
}

// TestSeedsCoverEveryVector checks each target's seed corpus holds every
// golden vector of its operations (as the first seeds) and 16 structured
// seeds; for a target seeded from public corpora, a corpora directory
// without them is an error, and "" means none.
func TestSeedsCoverEveryVector(t *testing.T) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	withCorpora := 0
	for _, tg := range Targets {
		seeds, err := Seeds(tg, "")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, c := range vectors.Cases(files) {
			if c.Contract == tg.Contract && tg.OpIndex(c.Op) >= 0 && len(c.Input) <= MaxSeed {
				if want, _ := tg.RawInput(c.Op, c.Input); !bytes.Equal(seeds[n], want) {
					t.Errorf("%s: seed %d is not the vector %s", tg.Name, n, c.Source)
				}
				n++
			}
		}
		if n == 0 || len(seeds) != n+16 {
			t.Errorf("%s: %d seeds for %d vectors", tg.Name, len(seeds), n)
		}
		if len(tg.Corpora) > 0 {
			withCorpora++
			if _, err := Seeds(tg, t.TempDir()); err == nil {
				t.Errorf("%s: an empty corpora directory gave seeds without error", tg.Name)
			}
		}
	}
	if withCorpora == 0 {
		t.Error("no target is seeded from public corpora")
	}
}

// FuzzCases checks that every format expands any input without a panic,
// into at most MaxBatch cases of its own contract. Its seeds are the
// structured seeds, and inputs that once made a generator panic.
func FuzzCases(f *testing.F) {
	for i := range 8 {
		f.Add(StructuredSeed("FuzzCases", i, 256))
	}
	// gen.Base64URLValue indexed past the alphabet (found by FuzzPrim).
	f.Add([]byte("1&!00000000000000000000000000000000000000000000000000000000000000?211"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tg := range Targets {
			cs := tg.Cases(data)
			if len(cs) > MaxBatch || (len(data) > 1 && len(cs) == 0) {
				t.Fatalf("%s: %d cases", tg.Name, len(cs))
			}
			for _, c := range cs {
				if c.Contract != tg.Contract || tg.OpIndex(c.Op) < 0 {
					t.Fatalf("%s: case %+v", tg.Name, c)
				}
			}
		}
	})
}

// TestStructuredBatchesAreFilled: a structured input gives exactly MaxBatch
// cases; the first are the cases its own bytes draw (so the engine's
// mutations steer them), the rest come from the fill, which depends on the
// input.
func TestStructuredBatchesAreFilled(t *testing.T) {
	for _, tg := range Targets {
		short := []byte{1, 0x42, 0x17, 0x99, 0x03}
		cs := tg.Cases(short)
		if len(cs) != MaxBatch {
			t.Fatalf("%s: %d cases from a short structured input, want %d", tg.Name, len(cs), MaxBatch)
		}
		// The unfilled draw: the body's cases alone, until it runs out.
		s := gen.New(short[1:])
		op := tg.Ops[s.Intn(len(tg.Ops))]
		first := tg.draw(s, op)
		if cs[0].Op != op || !bytes.Equal(cs[0].Input, first) {
			t.Errorf("%s: first case %q %q, want the body's own draw %q %q", tg.Name, cs[0].Op, cs[0].Input, op, first)
		}
		other := tg.Cases([]byte{1, 0x42, 0x17, 0x99, 0x04})
		distinct := map[string]bool{}
		same := 0
		for i := range cs {
			distinct[cs[i].Op+"\x00"+string(cs[i].Input)] = true
			if bytes.Equal(cs[i].Input, other[i].Input) {
				same++
			}
		}
		if len(distinct) < MaxBatch/4 {
			t.Errorf("%s: only %d distinct cases in a filled batch", tg.Name, len(distinct))
		}
		if same == MaxBatch {
			t.Errorf("%s: the fill does not depend on the input", tg.Name)
		}
	}
}

// The raw JSON files of a test_transform directory seed the targets; a
// named pipe among them is refused without waiting on it.
func TestSeedsRefuseANamedPipe(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "test_transform")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "number_1.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := corpusInputs(Targets[0], dir); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file (named pipe)") {
			t.Errorf("seeds from a named pipe: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the seeds wait on a named pipe")
	}
}
