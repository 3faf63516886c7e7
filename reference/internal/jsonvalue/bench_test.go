package jsonvalue

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/benchdoc"
)

// BenchmarkParse measures Parse on the ~100 KB API document every JSON
// reader of the reference is measured on (benchdoc.API).
func BenchmarkParse(b *testing.B) {
	in := benchdoc.API(100 << 10)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}
