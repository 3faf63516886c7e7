package ed25519

import (
	"crypto/sha512"

	"filippo.io/edwards25519"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// KeySize and SignatureSize are the lengths, in bytes, rule 2 requires.
const (
	KeySize       = 32
	SignatureSize = 64
)

// blocklist is libsodium's small-order blocklist, the seven 32-byte
// encodings of ge25519_has_small_order in releases 1.0.16-1.0.22
// (src/libsodium/crypto_core/ed25519/ref10/ed25519_ref10.c), copied from
// ../shared/corpora/ed25519/libsodium_blocklist.json ("entries", in its
// order). libsodium compares bytes 0-30 exactly and byte 31 with its sign
// bit masked; every entry has a clear sign bit, so an encoding is listed
// when its first 31 bytes and its byte 31 & 0x7f equal an entry's.
var blocklist = [7][32]byte{
	// y = 0, order 4
	{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
	// y = 1, order 1 (the identity)
	{0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
	// order 8
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
		0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
	// order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
		0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
	// y = p-1, order 2
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	// y = p, non-canonical (= 0), order 4
	{0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	// y = p+1, non-canonical (= 1), order 1
	{0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
}

// SmallOrder reports whether the 32-byte encoding b (of a key or of R)
// equals an entry of libsodium's small-order blocklist with the sign bit
// of byte 31 masked (spec/ed25519.md, rules 4 and 6). It panics when b is
// shorter than 32 bytes. It is the one copy of the blocklist: the other
// contracts that screen Ed25519 keys use it too, refusing at their own
// sites.
func SmallOrder(b []byte) bool {
	for i := range blocklist {
		e := &blocklist[i]
		if b[0] == e[0] && b[31]&0x7f == e[31] && string(b[1:31]) == string(e[1:31]) {
			return true
		}
	}
	return false
}

// CanonicalY reports whether y, the 255 low bits of the little-endian
// 32-byte encoding b (bit 255, the sign of x, masked), is below
// p = 2^255-19. The encodings with y in [p, p+18] are those whose bytes
// 1-30 are all 0xff, whose byte 31 is 0x7f after masking, and whose byte 0
// is 0xed or more (spec/ed25519.md, rule 3). It panics when b is shorter
// than 32 bytes.
func CanonicalY(b []byte) bool {
	if b[31]&0x7f != 0x7f || b[0] < 0xed {
		return true
	}
	for _, x := range b[1:31] {
		if x != 0xff {
			return true
		}
	}
	return false
}

// VerifyStrict reports, as nil, that sig is a valid strict Ed25519
// signature of msg (raw bytes, pure Ed25519, no prehash) under the public
// key key (raw bytes).
//
// Otherwise it returns a *refusal.Error carrying one guard of Guards, the
// first rule that fails winning (spec/ed25519.md, "Rules, in order"):
// ErrKeyLength (key not 32 bytes), ErrSigLength (sig not 64 bytes),
// ErrKeyNoncanonical (y, sign bit masked, at or above p), ErrKeySmallOrder
// (key in libsodium's blocklist, sign bit masked), ErrKeyPoint (no x for y,
// RFC 8032 5.1.3), ErrRSmallOrder (R in the blocklist), ErrSRange (S, the
// last 32 bytes little-endian, at or above L), ErrVerify (the canonical
// encoding of [S]B - [k]A, k = SHA-512(R || key || msg) mod L, is not the
// 32 bytes of R: cofactorless, so a non-canonical or off-curve R never
// verifies).
//
// Ignored guards let verification go on: a key or signature of the wrong
// length cannot be used (the rules on it are skipped and rule 8 fails); a
// non-canonical key is decoded as y mod p and hashed as its bytes; a key
// that is not a point fails rule 8; an S at or above L is used as the
// integer it is, that is reduced mod L (so S+L verifies where S would).
// Ignored ErrVerify: the signature is accepted.
//
// It never panics. Source: spec/ed25519.md; RFC 8032 sections 5.1.3 and
// 5.1.7; seed 001, section 6, review round 1 decision 1.
func VerifyStrict(key, msg, sig []byte, opts ...refusal.Option) error {
	var c *refusal.Checker // a nil Checker ignores nothing, and costs no allocation
	if len(opts) > 0 {
		c = refusal.New(opts...)
	}
	return verify(c, key, msg, sig)
}

func verify(c *refusal.Checker, key, msg, sig []byte) error {
	keyOK := len(key) == KeySize
	if !keyOK {
		if err := c.Refuse(ErrKeyLength); err != nil {
			return err
		}
		// Ignored: the key cannot be used; rules 3-5 are skipped.
	}
	sigOK := len(sig) == SignatureSize
	if !sigOK {
		if err := c.Refuse(ErrSigLength); err != nil {
			return err
		}
		// Ignored: the signature cannot be used; rules 6-7 are skipped.
	}
	var A edwards25519.Point
	point := false
	if keyOK {
		if !CanonicalY(key) {
			if err := c.Refuse(ErrKeyNoncanonical); err != nil {
				return err
			}
			// Ignored: SetBytes below decodes y mod p.
		}
		if SmallOrder(key) {
			if err := c.Refuse(ErrKeySmallOrder); err != nil {
				return err
			}
		}
		if _, err := A.SetBytes(key); err != nil {
			if err := c.Refuse(ErrKeyPoint); err != nil {
				return err
			}
			// Ignored: the key is not a point; rule 8 fails.
		} else {
			point = true
		}
	}
	var S edwards25519.Scalar
	if sigOK {
		if SmallOrder(sig[:32]) {
			if err := c.Refuse(ErrRSmallOrder); err != nil {
				return err
			}
		}
		if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
			if err := c.Refuse(ErrSRange); err != nil {
				return err
			}
			// Ignored: S is used as the integer it is, reduced mod L.
			var wide [64]byte
			copy(wide[:], sig[32:])
			S.SetUniformBytes(wide[:])
		}
	}
	if !point || !sigOK || !equation(&A, &S, key, msg, sig) {
		if err := c.Refuse(ErrVerify); err != nil {
			return err
		}
	}
	return nil
}

// equation reports whether the canonical encoding of [S]B - [k]A equals
// sig[:32], with k = SHA-512(sig[:32] || key || msg) mod L (RFC 8032
// section 5.1.7, cofactorless, as crypto/ed25519 computes it).
func equation(A *edwards25519.Point, S *edwards25519.Scalar, key, msg, sig []byte) bool {
	h := sha512.New()
	h.Write(sig[:32])
	h.Write(key)
	h.Write(msg)
	var digest [64]byte
	var k edwards25519.Scalar
	if _, err := k.SetUniformBytes(h.Sum(digest[:0])); err != nil {
		return false // unreachable: the digest is 64 bytes
	}
	var minusA, R edwards25519.Point
	minusA.Negate(A)
	R.VarTimeDoubleScalarBaseMult(&k, &minusA, S)
	return string(R.Bytes()) == string(sig[:32])
}

// isHex reports whether u is lowercase hex of even length ([0-9a-f]*, the
// empty string included).
func isHex(u []uint16) bool {
	if len(u)%2 != 0 {
		return false
	}
	for _, x := range u {
		if !(x >= '0' && x <= '9' || x >= 'a' && x <= 'f') {
			return false
		}
	}
	return true
}

func hexBytes(u []uint16) []byte {
	nib := func(x uint16) byte {
		if x <= '9' {
			return byte(x - '0')
		}
		return byte(x-'a') + 10
	}
	b := make([]byte, len(u)/2)
	for i := range b {
		b[i] = nib(u[2*i])<<4 | nib(u[2*i+1])
	}
	return b
}

// Verify takes a JSON value input {"key": K, "sig": S, "msg": M}, each a
// string of lowercase hex with an even number of digits (the empty string
// is zero bytes), and returns empty output when S is a valid strict Ed25519
// signature of the bytes M under the key K (see VerifyStrict).
//
// It refuses ErrInput (not one valid JSON value), then ErrType (rule 1: not
// an object of exactly those three members, a member that is not a string,
// or not [0-9a-f]* of even length), then as VerifyStrict. ErrInput and
// ErrType have no accept path: ignored, the refusal stands.
//
// Source: spec/ed25519.md; spec/README.md, "JSON value inputs".
func Verify(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr)) // no accept path
	}
	var fields [3][]uint16
	at := v.At(jsonvalue.Root) // the value ErrType is about
	ok := v.HasExactly("key", "sig", "msg")
	for i, name := range []string{"key", "sig", "msg"} {
		if !ok {
			break
		}
		f, _ := v.Get(name)
		ok = f.Kind == jsonvalue.String && isHex(f.Units)
		fields[i] = f.Units
		if !ok {
			at = f.At(jsonvalue.Root.Name(name))
		}
	}
	if !ok {
		if err := c.Refuse(ErrType); err != nil {
			return nil, refusal.Locate(err, at)
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrType}, at) // no accept path
	}
	if err := verify(c, hexBytes(fields[0]), hexBytes(fields[2]), hexBytes(fields[1])); err != nil {
		return nil, refusal.Locate(err, about(&v, err))
	}
	return []byte{}, nil
}

// about returns the location of the member of a Verify input that the
// refusal err of verify is about: "key" for rules 2-5 on the key, "sig" for
// rules 2, 6 and 7 on the signature, and the whole input for rule 8 (the
// equation, which involves all three).
func about(v *jsonvalue.Value, err error) refusal.Location {
	e, ok := refusal.As(err)
	if !ok {
		return refusal.Location{}
	}
	name := ""
	switch e.Guard {
	case ErrKeyLength, ErrKeyNoncanonical, ErrKeySmallOrder, ErrKeyPoint:
		name = "key"
	case ErrSigLength, ErrRSmallOrder, ErrSRange:
		name = "sig"
	default:
		return v.At(jsonvalue.Root)
	}
	f, _ := v.Get(name)
	return f.At(jsonvalue.Root.Name(name))
}
