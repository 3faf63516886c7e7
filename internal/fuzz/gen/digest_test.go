package gen

import (
	"encoding/json"
	"testing"
)

// TestDigestGeneratorsTerminate: the digest generators return on empty
// input.
func TestDigestGeneratorsTerminate(t *testing.T) {
	terminates(t, DigestValue, SchemaValue, ArgumentsValue)
}

// TestBigArgumentsHitTheByteBound checks the canonical size of the big
// arguments objects: 65535, 65536 and 65537 bytes.
func TestBigArgumentsHitTheByteBound(t *testing.T) {
	sizes := map[int]bool{}
	for i := range 30 {
		b := bigArguments(New(noise(i, 8)))
		var v map[string]string
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		// The object is already canonical: ASCII keys in order, no
		// whitespace, no escapes.
		for _, s := range v {
			if n := len([]rune(s)); n > 256 {
				t.Fatalf("a member has %d characters", n)
			}
		}
		sizes[len(b)] = true
	}
	for _, n := range []int{65535, 65536, 65537} {
		if !sizes[n] {
			t.Errorf("no arguments object of %d canonical bytes (got %v)", n, sizes)
		}
	}
}
