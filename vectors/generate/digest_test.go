package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	gowebpki "github.com/gowebpki/jcs"
)

// TestDigestOutputs cross-checks every accepted digest/1 output against
// gowebpki/jcs, an independent RFC 8785 implementation: the expected JCS
// texts in digest.go are literal, and this catches a slip in writing them.
func TestDigestOutputs(t *testing.T) {
	canon := func(name string, v []byte) string {
		b, err := gowebpki.Transform(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return string(b)
	}
	hash := func(prefix, text string) string {
		sum := sha256.Sum256([]byte(prefix + "\n" + text))
		return "sha256:" + hex.EncodeToString(sum[:])
	}
	n := 0
	for _, f := range allFiles() {
		if f.contract != "digest/1" {
			continue
		}
		for _, c := range f.cases {
			if c.expect != "ok" {
				continue
			}
			n++
			in := c.inputBytes()
			switch f.op {
			case "digest", "signing-input":
				var v struct {
					SchemaID string                     `json:"schema_id"`
					Omit     []string                   `json:"omit"`
					Object   map[string]json.RawMessage `json:"object"`
				}
				if err := json.Unmarshal(in, &v); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				for _, o := range v.Omit {
					delete(v.Object, o)
				}
				obj, err := json.Marshal(v.Object)
				if err != nil {
					t.Fatal(err)
				}
				text := canon(c.name, obj)
				want := v.SchemaID + "\n" + text
				if f.op == "digest" {
					want = hash(v.SchemaID, text)
				}
				if c.output != want {
					t.Errorf("%s %s: output %q, gowebpki/jcs gives %q", f.op, c.name, c.output, want)
				}
			case "schema-digest":
				if want := hash(prefixSchema, canon(c.name, in)); c.output != want {
					t.Errorf("%s %s: output %s, gowebpki/jcs gives %s", f.op, c.name, c.output, want)
				}
			case "arguments-digest":
				text := canon(c.name, in)
				if len(text) > 65536 {
					t.Errorf("%s %s: %d canonical bytes", f.op, c.name, len(text))
				}
				if want := hash(prefixArguments, text); c.output != want {
					t.Errorf("%s %s: output %s, gowebpki/jcs gives %s", f.op, c.name, c.output, want)
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d accepted digest vectors", n)
	}
}
