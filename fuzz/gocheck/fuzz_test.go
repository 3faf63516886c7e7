package gocheck

// The Go-only fuzz targets. This file is what go-118-fuzz-build rewrites
// into a libFuzzer harness (.clusterfuzzlite/build.sh): it must use only
// this package's non-test code, and testing.F's Add and Fuzz.

import "testing"

// seedAndFuzz adds the target's seeds and fuzzes it with its check.
func seedAndFuzz(f *testing.F, name string) {
	seeds, err := CachedSeeds(name)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := CheckInput(name, data); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzJCSProperties checks rfc8785/1's properties: idempotent, member
// order free, its output passes the frame lexer in the lexer's domain.
func FuzzJCSProperties(f *testing.F) { seedAndFuzz(f, "FuzzJCSProperties") }

// FuzzPyJSONProperties checks that pyjson-ascii/1 output parses back to the
// input's value.
func FuzzPyJSONProperties(f *testing.F) { seedAndFuzz(f, "FuzzPyJSONProperties") }

// FuzzDigestProperties checks that digest/1 ignores member order.
func FuzzDigestProperties(f *testing.F) { seedAndFuzz(f, "FuzzDigestProperties") }

// FuzzTimestampProperties checks prim/1 timestamp and v8date/1 parse
// against time.Parse.
func FuzzTimestampProperties(f *testing.F) { seedAndFuzz(f, "FuzzTimestampProperties") }

// FuzzBase64URLProperties checks prim/1 base64url against encoding/base64.
func FuzzBase64URLProperties(f *testing.F) { seedAndFuzz(f, "FuzzBase64URLProperties") }

// FuzzJCSOracle compares rfc8785/1 with github.com/gowebpki/jcs.
func FuzzJCSOracle(f *testing.F) { seedAndFuzz(f, "FuzzJCSOracle") }

// FuzzEd25519Oracle compares ed25519/1 with crypto/ed25519 plus the strict
// checks.
func FuzzEd25519Oracle(f *testing.F) { seedAndFuzz(f, "FuzzEd25519Oracle") }
