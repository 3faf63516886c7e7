package pyjson

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/benchdoc"
)

// BenchmarkEncode measures Encode on the ~100 KB API document the rfc8785
// benchmark uses (benchdoc.API).
func BenchmarkEncode(b *testing.B) {
	in := benchdoc.API(100 << 10)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(in); err != nil {
			b.Fatal(err)
		}
	}
}
