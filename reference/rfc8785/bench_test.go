package rfc8785

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gowebpki/jcs"
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
	inputs := []benchInput{{name: "doc100k", in: realisticDocument(100 << 10)}}
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

// realisticDocument returns a deterministic JSON document of at least size
// bytes, shaped like a paginated API response.
func realisticDocument(size int) []byte {
	rng := rand.New(rand.NewPCG(8785, 1))
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
		"Zürich", "café", "naïve", "日本語", "Ελληνικά", "emoji 😀", "tab\\there", "quote \\\"q\\\"", "path/to/thing", "line\\nbreak"}
	sentence := func(n int) string {
		var sb strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[rng.IntN(len(words))])
		}
		return sb.String()
	}
	var sb strings.Builder
	sb.WriteString(`{"status":"ok","page":{"size":50,"number":1,"total":1234567},"items":[`)
	for i := 0; sb.Len() < size; i++ {
		if i > 0 {
			sb.WriteString(",\n  ")
		}
		fmt.Fprintf(&sb, `{"name":"%s","id":%d,"sku":"SKU-%08d","price":%.2f,"weight_kg":%g,"active":%t,`,
			sentence(2), 100000+i, rng.IntN(1e8), rng.Float64()*1000, rng.Float64()*50, rng.IntN(2) == 0)
		fmt.Fprintf(&sb, `"created_at":"2024-%02d-%02dT%02d:%02d:%02dZ","tags":["%s","%s","%s"],`,
			1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60), words[rng.IntN(10)], words[rng.IntN(10)], words[rng.IntN(20)])
		fmt.Fprintf(&sb, `"dimensions":{"w":%g,"h":%g,"d":%g,"unit":"cm"},"rating":%.1f,"reviews":%d,"discount":null,`,
			float64(rng.IntN(1000))/10, float64(rng.IntN(1000))/10, float64(rng.IntN(1000))/10, rng.Float64()*5, rng.IntN(5000))
		fmt.Fprintf(&sb, `"description":"%s","seller":{"rating":%g,"name":"%s","id":%d,"verified":%t}}`,
			sentence(12), float64(rng.IntN(100))/20, sentence(1), rng.Int64N(1<<52), rng.IntN(3) != 0)
	}
	sb.WriteString("]}")
	return []byte(sb.String())
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
