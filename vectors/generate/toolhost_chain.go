package main

// toolhost/1: the chain the vectors mutate is the fuzz generator's
// (gen.ThChain): the base chain of spec/toolhost.md section 8.3, its value
// model (gen.Value) and its sealing of section 8.4, written once there.
// Here are the short names the vectors' tables use, and the schema ids
// and prefixes their verdicts name.
//
// Sealing uses only what the generator may use to seal (vectors/README.md,
// spec/toolhost.md section 8): SHA-256 (crypto/sha256), Ed25519 signatures
// (crypto/ed25519) from the four fixed test keys of section 8.2, and the
// independent RFC 8785 canonicalizer github.com/gowebpki/jcs. Nothing here
// calls the Go reference.
//
// Test keys: NOT FOR PRODUCTION.

import (
	"crypto/sha256"
	"encoding/base64"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// jv is one JSON value of the chain (gen.Value); chain is the chain a
// vector mutates (gen.ThChain).
type (
	jv    = gen.Value
	chain = gen.ThChain
)

// The constructors of gen.Value, by the short names of the vectors'
// tables: a string, a string holding a lone surrogate, a number literal,
// an integer, a boolean, null, an array, an array of strings, an object
// of alternating names and values.
var (
	S, Lone, N, I, B = gen.Str, gen.Lone, gen.Num, gen.Int, gen.Bool
	Null, A, Strs, O = gen.Null, gen.Arr, gen.Strs, gen.Obj
)

// newChain is the base chain of section 8.3, unsealed (gen.NewThChain).
func newChain() *chain { return gen.NewThChain() }

// thNow is the base chain's now, 2026-09-22T12:30:05.000Z.
const thNow = "1790080205000"

// thSchema is the constant schema id of document doc, the prefix of its
// own digests (gen.ToolhostPrefix, from the declaration).
func thSchema(doc string) string { return gen.ToolhostPrefix(doc, "") }

// The pinned E1 input and output schema digests (spec/toolhost.md
// section 6.2).
const (
	thE1InputDigest  = "sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852"
	thE1OutputDigest = "sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305"
)

// thChallenge is the issued challenge of section 8.2: the base64url of
// SHA-256("conform toolhost/1 challenge NOT FOR PRODUCTION").
func thChallenge() string {
	sum := sha256.Sum256([]byte("conform toolhost/1 challenge NOT FOR PRODUCTION"))
	return b64(sum[:])
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// canon returns JCS(v) by gowebpki/jcs (gen.JCS), and false when it
// refuses v.
func canon(v *jv) (string, bool) {
	out, ok := gen.JCS([]byte(v.Text()))
	return string(out), ok
}
