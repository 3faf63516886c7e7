package jsonwire

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/benchdoc"
)

// BenchmarkScan measures the scanner alone: every token of the ~100 KB API
// document the contracts' benchmarks use (benchdoc.API).
func BenchmarkScan(b *testing.B) {
	in := benchdoc.API(100 << 10)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var s Scanner
	n := 0
	for b.Loop() {
		s.Reset(in, 0, 0)
		for t := s.Next(); t.Kind != End; t = s.Next() {
			if t.Kind == Invalid {
				b.Fatal(t)
			}
			n++
		}
	}
}
