package cases

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"conform/fuzz/gen"
)

func TestRawInputRoundTrip(t *testing.T) {
	tg, _ := Lookup("FuzzDigest")
	for i, op := range tg.Ops {
		in := []byte{byte(i), 0, 0xff, '{'}
		data, err := tg.RawInput(op, in)
		if err != nil {
			t.Fatal(err)
		}
		cs := tg.Cases(data)
		if len(cs) != 1 || cs[0].Op != op || cs[0].Contract != "digest/1" || !bytes.Equal(cs[0].Input, in) {
			t.Errorf("%s: %+v", op, cs)
		}
	}
	if _, err := tg.RawInput("lex", nil); err == nil {
		t.Error("RawInput took an operation of another contract")
	}
}

// TestRawRecords checks the raw mode's framing: records in order, and a
// length that runs past the end takes the rest.
func TestRawRecords(t *testing.T) {
	tg, _ := Lookup("FuzzTicker")
	data := []byte{0, 1, 2, 'A', 'B', 2, 1, 'C', 3, 9, 'D', 'E'}
	cs := tg.Cases(data)
	want := []Case{
		{"ticker/1", "equity-ticker", []byte("AB")},
		{"ticker/1", "masked-label-v1", []byte("C")},
		{"ticker/1", "closed-masked-label", []byte("DE")},
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

// TestSeedsCoverEveryVector checks the seed corpus holds every golden
// vector of the format's operations (as the first seeds), and structured
// seeds; a missing corpora directory is an error, "" means none.
func TestSeedsCoverEveryVector(t *testing.T) {
	tg, _ := Lookup("FuzzV8Date")
	seeds, err := Seeds(tg, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(seeds) < 64+10 {
		t.Errorf("%d seeds", len(seeds))
	}
	jcs, _ := Lookup("FuzzJCS")
	if _, err := Seeds(jcs, t.TempDir()); err == nil {
		t.Error("an empty corpora directory gave seeds without error")
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
