package main

import (
	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// kv is the document member named name whose value is the JSON text
// value; the generator writes its documents as gen.Doc{kv(...), ...}.
func kv(name, value string) gen.Member { return gen.Member{Name: name, Value: value} }

// textJCS is JCS(text) by gowebpki/jcs (an RFC 8785 implementation
// independent of the reference); ok false when it refuses text.
func textJCS(text string) (string, bool) {
	out, ok := gen.JCS([]byte(text))
	return string(out), ok
}

// textDigest is gen.JCSDigest(text): "sha256:" and the lowercase hex
// SHA-256 of JCS(text), the digest D(v) of the contracts whose digest is
// the ATS digest. A text without a JCS form is a programming error of an
// accept vector: it panics.
func textDigest(text string) string {
	d, ok := gen.JCSDigest([]byte(text))
	if !ok {
		panic("gowebpki/jcs refuses an accept vector's value: " + text)
	}
	return d
}
