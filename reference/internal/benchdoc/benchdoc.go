// Package benchdoc writes the deterministic JSON documents the reference's
// benchmarks share, so that the contracts that read JSON text and the JSON
// value reader are measured on the same text.
//
// It holds no contract rule; only tests import it.
package benchdoc

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// API returns a JSON document of at least size bytes shaped like a
// paginated API response: records with unsorted keys, integers, floats,
// ASCII and non-ASCII strings, a few escapes (\t, \n, \"), nesting to depth
// 4. The same size gives the same bytes.
func API(size int) []byte { return document(size, false) }

// Frame returns a document like API for a strict frame lexer: every number
// an integer from 0 to 2^53-1 (prices in cents, weights in grams) and no
// control character, raw or escaped. Keeping within a lexer's size bound
// is up to the caller.
func Frame(size int) []byte { return document(size, true) }

func document(size int, frame bool) []byte {
	rng := rand.New(rand.NewPCG(8785, 1))
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
		"Zürich", "café", "naïve", "日本語", "Ελληνικά", "emoji 😀", "tab\\there", "quote \\\"q\\\"", "path/to/thing", "line\\nbreak"}
	if frame {
		words[16], words[19] = "tab \\u0041 here", "line \\/ break"
	}
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
	// num writes a float, or in a frame the integer 1000 times it.
	num := func(format string, f float64) string {
		if frame {
			return fmt.Sprint(int64(f * 1000))
		}
		return fmt.Sprintf(format, f)
	}
	var sb strings.Builder
	sb.WriteString(`{"status":"ok","page":{"size":50,"number":1,"total":1234567},"items":[`)
	for i := 0; sb.Len() < size; i++ {
		if i > 0 {
			sb.WriteString(",\n  ")
		}
		fmt.Fprintf(&sb, `{"name":"%s","id":%d,"sku":"SKU-%08d","price":%s,"weight_kg":%s,"active":%t,`,
			sentence(2), 100000+i, rng.IntN(1e8), num("%.2f", rng.Float64()*1000), num("%g", rng.Float64()*50), rng.IntN(2) == 0)
		fmt.Fprintf(&sb, `"created_at":"2024-%02d-%02dT%02d:%02d:%02dZ","tags":["%s","%s","%s"],`,
			1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60), words[rng.IntN(10)], words[rng.IntN(10)], words[rng.IntN(20)])
		fmt.Fprintf(&sb, `"dimensions":{"w":%s,"h":%s,"d":%s,"unit":"cm"},"rating":%s,"reviews":%d,"discount":null,`,
			num("%g", float64(rng.IntN(1000))/10), num("%g", float64(rng.IntN(1000))/10), num("%g", float64(rng.IntN(1000))/10), num("%.1f", rng.Float64()*5), rng.IntN(5000))
		fmt.Fprintf(&sb, `"description":"%s","seller":{"rating":%s,"name":"%s","id":%d,"verified":%t}}`,
			sentence(12), num("%g", float64(rng.IntN(100))/20), sentence(1), rng.Int64N(1<<52), rng.IntN(3) != 0)
	}
	sb.WriteString("]}")
	return []byte(sb.String())
}
