package gen

import (
	"crypto/sha256"
	"encoding/hex"
)

// JCSDigest is the digest D(v) of the contracts that digest a JSON value
// by its canonical form: "sha256:" and the lowercase hex SHA-256 of the
// RFC 8785 (JCS) form of text, as gowebpki/jcs computes it (a
// canonicalizer independent of the reference). ok is false when that
// canonicalizer refuses text (a lone surrogate, a number past the
// doubles, text that is not JSON). The vector and fuzz generators seal
// with it.
func JCSDigest(text []byte) (digest string, ok bool) {
	canon, ok := JCS(text)
	if !ok {
		return "", false
	}
	sum := sha256.Sum256(canon)
	return "sha256:" + hex.EncodeToString(sum[:]), true
}
