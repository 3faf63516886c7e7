package gocheck

import (
	"reflect"
	"testing"

	"github.com/leanovate/gopter"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

// parameters are the property tests' parameters: a fixed seed, so a
// failure is reproducible (gopter prints it), and 2000 tries per property.
func parameters() *gopter.TestParameters {
	p := gopter.DefaultTestParametersWithSeed(20261130)
	p.MinSuccessfulTests = 2000
	return p
}

// drawn is a gopter generator of fuzz bytes for package gen's generators:
// 16 to 600 random bytes, shrunk by dropping their tail, so that a failure
// is reported on the shortest prefix that still fails.
func drawn() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		b := make([]byte, 16+p.Rng.Intn(584))
		for i := range b {
			b[i] = byte(p.Rng.Intn(256))
		}
		shrink := func(v any) gopter.Shrink {
			cur := v.([]byte)
			return func() (any, bool) {
				if len(cur) <= 1 {
					return nil, false
				}
				cur = cur[:len(cur)/2]
				return cur, true
			}
		}
		return gopter.NewGenResult(b, shrink)
	}
}

// jsonText draws a JSON text with package gen from drawn bytes.
func jsonText(b []byte) []byte {
	return fgen.JSON(fgen.New(b), fgen.JSONOptions{Flaws: len(b)%4 == 0, Deep: fgen.TextDepths})
}

func ok(err error) bool { return err == nil }

// TestShuffleReorders checks that Shuffle reorders members, or the
// member-order properties would check nothing.
func TestShuffleReorders(t *testing.T) {
	out := []byte(`{"a":1,"b":{"c":2,"d":3},"e":[{"f":4,"g":5}]}`)
	for i := range 20 {
		if !reflect.DeepEqual(Shuffle(out, fgen.New([]byte{byte(i), byte(i * 7), 3, 9})), out) {
			return
		}
	}
	t.Error("Shuffle never reorders members")
}
