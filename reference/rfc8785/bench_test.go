package rfc8785

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gowebpki/jcs"

	"github.com/conform-dev/conform/reference/internal/benchdoc"
)

// benchInput is one benchmark document.
type benchInput struct {
	name string
	in   []byte
}

// benchInputs returns the benchmark documents: a realistic ~100 KB API
// response (records with unsorted keys, integers, floats, ASCII and
// non-ASCII strings, a few escapes, nesting) and the cyberphone inputs.
func benchInputs(b *testing.B) []benchInput {
	b.Helper()
	inputs := []benchInput{{name: "doc100k", in: benchdoc.API(100 << 10)}}
	files, err := filepath.Glob(filepath.Join(corpusRoot, "jcs/cyberphone/input/*.json"))
	if err != nil || len(files) == 0 {
		b.Fatalf("cyberphone corpus: no files (%v)", err)
	}
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, benchInput{name: "cyberphone-" + strings.TrimSuffix(filepath.Base(f), ".json"), in: in})
	}
	return inputs
}

// BenchmarkCanonicalize measures Canonicalize and, on the same inputs,
// github.com/gowebpki/jcs Transform. Go's jsontext is in
// bench_jsonv2_test.go (GOEXPERIMENT=jsonv2).
func BenchmarkCanonicalize(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name+"/conform", func(b *testing.B) {
			b.SetBytes(int64(len(in.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Canonicalize(in.in); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/gowebpki", func(b *testing.B) {
			b.SetBytes(int64(len(in.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := jcs.Transform(in.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
