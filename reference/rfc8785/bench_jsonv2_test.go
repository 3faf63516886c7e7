//go:build goexperiment.jsonv2

package rfc8785

import (
	"bytes"
	"encoding/json/jsontext"
	"testing"

	"github.com/conform-dev/conform/reference/internal/benchdoc"
)

// BenchmarkCanonicalizeJSONv2 measures Go's encoding/json/jsontext
// Value.Canonicalize on the inputs of BenchmarkCanonicalize. Canonicalize
// works in place, so each iteration first copies the input into a reused
// buffer.
func BenchmarkCanonicalizeJSONv2(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name+"/jsontext", func(b *testing.B) {
			b.SetBytes(int64(len(in.in)))
			b.ReportAllocs()
			var v jsontext.Value
			for b.Loop() {
				v = append(v[:0], in.in...)
				if err := v.Canonicalize(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCanonicalizeMatchesJSONv2 checks the benchmark compares like with like:
// on the benchmark inputs, jsontext gives our bytes.
func TestCanonicalizeMatchesJSONv2(t *testing.T) {
	docs := [][]byte{benchdoc.API(100 << 10)}
	for _, d := range docs {
		want := jsontext.Value(bytes.Clone(d))
		if err := want.Canonicalize(); err != nil {
			t.Fatal(err)
		}
		got, err := Canonicalize(d)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("output differs from jsontext")
		}
	}
}
