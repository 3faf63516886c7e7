package frame

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/benchdoc"
)

// BenchmarkLex measures Lex on a ~100 KB frame shaped like an API response
// (benchdoc.Frame: integers only, no control characters).
func BenchmarkLex(b *testing.B) {
	in := benchdoc.Frame(100 << 10)
	if err := Lex(in); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Lex(in); err != nil {
			b.Fatal(err)
		}
	}
}
