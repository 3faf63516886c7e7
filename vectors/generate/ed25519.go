package main

// ed25519/1 verify: spec/ed25519.md. The input is {"key","sig","msg"} in
// lowercase hex; an accepted signature's output is empty.
//
// The expectations (accept, or the refusal message) are literal data from the
// spec. Inputs are built here from fixed test keys with crypto/ed25519 and
// filippo.io/edwards25519, each by the construction its comment names, so
// that every refused vector has exactly one defect: with its guard ignored it
// verifies (and TestEd25519Constructions checks that it does), or it carries
// the exception tag the spec gives it.

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	mathbig "math/big"

	"filippo.io/edwards25519"
)

func init() {
	register(source{
		contract: "ed25519/1",
		files:    ed25519Files,
		minCases: 108,
		exceptions: map[string]string{
			// x = 0 with the sign bit set does not decode; the review's
			// forgery also has a small-order R.
			"verify-key.jsonl:small-order.identity.sign":  "shadowed",
			"verify-key.jsonl:small-order.order2.sign":    "shadowed",
			"verify-key.jsonl:small-order.review-forgery": "shadowed",
			// Only R = identity can satisfy the cofactorless equation under
			// a full-order key; every other blocklisted R then fails rule 8.
			"verify-sig.jsonl:r-small-order.y0":              "shadowed",
			"verify-sig.jsonl:r-small-order.y0.sign":         "shadowed",
			"verify-sig.jsonl:r-small-order.identity.sign":   "shadowed",
			"verify-sig.jsonl:r-small-order.order8a":         "shadowed",
			"verify-sig.jsonl:r-small-order.order8a.sign":    "shadowed",
			"verify-sig.jsonl:r-small-order.order8b":         "shadowed",
			"verify-sig.jsonl:r-small-order.order8b.sign":    "shadowed",
			"verify-sig.jsonl:r-small-order.order2":          "shadowed",
			"verify-sig.jsonl:r-small-order.order2.sign":     "shadowed",
			"verify-sig.jsonl:r-small-order.y-p":             "shadowed",
			"verify-sig.jsonl:r-small-order.y-p.sign":        "shadowed",
			"verify-sig.jsonl:r-small-order.y-p-plus-1":      "shadowed",
			"verify-sig.jsonl:r-small-order.y-p-plus-1.sign": "shadowed",
			// S = L, L+1, 2^256-1 are no signature's S under the test key:
			// rule 8 refuses them.
			"verify-sig.jsonl:s-equals-l":        "shadowed",
			"verify-sig.jsonl:s-equals-l-plus-1": "shadowed",
			"verify-sig.jsonl:s-max":             "shadowed",
		},
	})
}

const (
	edInput        = "input is not valid JSON"
	edType         = "input is not {key, sig, msg} in lowercase hex"
	edKeyLength    = "public key is not 32 bytes"
	edSigLength    = "signature is not 64 bytes"
	edNoncanonical = "public key encoding is not canonical"
	edKeySmall     = "public key has small order"
	edKeyPoint     = "public key is not a point on the curve"
	edRSmall       = "signature R has small order"
	edSRange       = "signature S is not below the group order"
	edVerify       = "signature does not verify"
)

// Test keys. NOT FOR PRODUCTION: the seeds are published here and are for
// vectors only.
var (
	edSeedA = []byte("NOT FOR PRODUCTION conform key A")
	edSeedB = []byte("NOT FOR PRODUCTION conform key B")
)

// RFC 8032 section 7.1, tests 1 to 3 (literal).
var rfc8032Tests = []struct{ name, key, msg, sig string }{
	{"rfc8032.test1", "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
		"e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
	{"rfc8032.test2", "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
		"92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
	{"rfc8032.test3", "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
		"6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
}

// libsodium's blocklist: every encoding that matches one of its seven
// entries with the sign bit masked (../shared/corpora/ed25519/
// libsodium_blocklist.json, "all_14_matching_encodings"), with whether
// RFC 8032 decoding accepts it.
var edBlocklist = []struct {
	name      string
	hex       string
	canonical bool
	order     int
}{
	{"y0", "0000000000000000000000000000000000000000000000000000000000000000", true, 4},
	{"y0.sign", "0000000000000000000000000000000000000000000000000000000000000080", true, 4},
	{"identity", "0100000000000000000000000000000000000000000000000000000000000000", true, 1},
	{"identity.sign", "0100000000000000000000000000000000000000000000000000000000000080", false, 1},
	{"order8a", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", true, 8},
	{"order8a.sign", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", true, 8},
	{"order8b", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", true, 8},
	{"order8b.sign", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", true, 8},
	{"order2", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", true, 2},
	{"order2.sign", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", false, 2},
	{"y-p", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", false, 4},
	{"y-p.sign", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", false, 4},
	{"y-p-plus-1", "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", false, 1},
	{"y-p-plus-1.sign", "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", false, 1},
}

// groupOrder is L = 2^252 + 27742317777372353535851937790883648493.
var groupOrder, _ = new(mathbig.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// fieldPrime is p = 2^255 - 19.
var fieldPrime = new(mathbig.Int).Sub(new(mathbig.Int).Lsh(mathbig.NewInt(1), 255), mathbig.NewInt(19))

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// le32 is n as 32 little-endian bytes (n < 2^256).
func le32(n *mathbig.Int) []byte {
	be := n.FillBytes(make([]byte, 32))
	out := make([]byte, 32)
	for i := range be {
		out[i] = be[31-i]
	}
	return out
}

// fromLE reads little-endian bytes as an integer.
func fromLE(b []byte) *mathbig.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[i] = b[len(b)-1-i]
	}
	return new(mathbig.Int).SetBytes(be)
}

// yEncoding is the 32-byte encoding of y (which may be >= p) with the
// given sign bit.
func yEncoding(y *mathbig.Int, sign bool) []byte {
	b := le32(y)
	if sign {
		b[31] |= 0x80
	}
	return b
}

// edJSON is the operation's input.
func edJSON(key, sig, msg []byte) string {
	return `{"key":"` + hex.EncodeToString(key) + `","sig":"` + hex.EncodeToString(sig) +
		`","msg":"` + hex.EncodeToString(msg) + `"}`
}

// edKey is a test key: its public encoding and secret scalar.
type edKey struct {
	priv ed25519.PrivateKey
	pub  []byte
	a    *edwards25519.Scalar
}

func newEdKey(seed []byte) edKey {
	priv := ed25519.NewKeyFromSeed(seed)
	h := sha512.Sum512(seed)
	a, err := edwards25519.NewScalar().SetBytesWithClamping(h[:32])
	if err != nil {
		panic(err)
	}
	return edKey{priv: priv, pub: []byte(priv.Public().(ed25519.PublicKey)), a: a}
}

func (k edKey) sign(msg []byte) []byte { return ed25519.Sign(k.priv, msg) }

// scalarFor is a fixed nonzero scalar derived from a label.
func scalarFor(label string) *edwards25519.Scalar {
	h := sha512.Sum512([]byte("conform/ed25519 vectors scalar\n" + label))
	s, err := edwards25519.NewScalar().SetUniformBytes(h[:])
	if err != nil {
		panic(err)
	}
	return s
}

// challenge returns SHA-512(R || A || M) as the 64 raw bytes and reduced
// mod L.
func challenge(r, a, msg []byte) ([]byte, *edwards25519.Scalar) {
	h := sha512.New()
	h.Write(r)
	h.Write(a)
	h.Write(msg)
	d := h.Sum(nil)
	k, err := edwards25519.NewScalar().SetUniformBytes(d)
	if err != nil {
		panic(err)
	}
	return d, k
}

// killsTorsion reports whether both the raw challenge and its reduction mod
// L are multiples of n, so [k]T is the identity for a point T of order n
// whichever of the two an implementation multiplies by.
func killsTorsion(raw []byte, k *edwards25519.Scalar, n int) bool {
	return int(raw[0])%n == 0 && int(k.Bytes()[0])%n == 0
}

// smallOrderKeySig builds a signature that verifies under the cofactorless
// equation for the small-order key t of order n: R = [s]B, S = s, and a
// message for which n divides the challenge, so [S]B - [k]T = [s]B = R.
// With only ed25519.key_small_order ignored it is accepted.
func smallOrderKeySig(t []byte, n int, label string) (sig, msg []byte) {
	s := scalarFor(label)
	r := new(edwards25519.Point).ScalarBaseMult(s).Bytes()
	for i := 0; i < 10000; i++ {
		m := []byte(fmt.Sprintf("%s #%d", label, i))
		raw, k := challenge(r, t, m)
		if killsTorsion(raw, k, n) {
			return append(append([]byte{}, r...), s.Bytes()...), m
		}
	}
	panic("smallOrderKeySig: no message found")
}

// identityRSig is the one small-order R that can verify cofactorlessly
// under a full-order key: R = identity, S = k*a, so [S]B - [k]A = O = R.
func identityRSig(key edKey, msg []byte) []byte {
	r := mustHex("0100000000000000000000000000000000000000000000000000000000000000")
	_, k := challenge(r, key.pub, msg)
	s := edwards25519.NewScalar().Multiply(k, key.a)
	return append(r, s.Bytes()...)
}

// torsionKeySig signs msg under the mixed-order key A + T (T of order 8):
// the returned message makes 8 divide the challenge when kill is true (the
// cofactorless equation then holds) and not divide it (it then fails) when
// kill is false.
func torsionKeySig(key edKey, t []byte, label string, kill bool) (pub, sig, msg []byte) {
	tp, err := new(edwards25519.Point).SetBytes(t)
	if err != nil {
		panic(err)
	}
	ap, err := new(edwards25519.Point).SetBytes(key.pub)
	if err != nil {
		panic(err)
	}
	pub = new(edwards25519.Point).Add(ap, tp).Bytes()
	rs := scalarFor(label)
	r := new(edwards25519.Point).ScalarBaseMult(rs).Bytes()
	for i := 0; i < 10000; i++ {
		m := []byte(fmt.Sprintf("%s #%d", label, i))
		raw, k := challenge(r, pub, m)
		if kill == killsTorsion(raw, k, 8) && (kill || (raw[0]%8 != 0 && k.Bytes()[0]%8 != 0)) {
			s := edwards25519.NewScalar().MultiplyAdd(k, key.a, rs)
			return pub, append(append([]byte{}, r...), s.Bytes()...), m
		}
	}
	panic("torsionKeySig: no message found")
}

// torsionRSig signs msg with R = [r]B + T (T of order 8), S = r + k*a: the
// cofactored equation holds ([8]R = [8][r]B) and the cofactorless one never
// does ([S]B - [k]A = [r]B, not R).
func torsionRSig(key edKey, t []byte, msg []byte, label string) []byte {
	tp, err := new(edwards25519.Point).SetBytes(t)
	if err != nil {
		panic(err)
	}
	rs := scalarFor(label)
	r := new(edwards25519.Point).Add(new(edwards25519.Point).ScalarBaseMult(rs), tp).Bytes()
	_, k := challenge(r, key.pub, msg)
	s := edwards25519.NewScalar().MultiplyAdd(k, key.a, rs)
	return append(r, s.Bytes()...)
}

// offCurveY returns the n-th (from 0) canonical y >= from, with no x on the
// curve and not in the blocklist.
func offCurveY(from int64, n int) *mathbig.Int {
	for y := mathbig.NewInt(from); ; y.Add(y, mathbig.NewInt(1)) {
		if _, err := new(edwards25519.Point).SetBytes(yEncoding(y, false)); err != nil {
			if n == 0 {
				return new(mathbig.Int).Set(y)
			}
			n--
		}
	}
}

// withS replaces a signature's S.
func withS(sig []byte, s []byte) []byte {
	return append(append([]byte{}, sig[:32]...), s...)
}

func edOK(name string, key, sig, msg []byte) vcase {
	return ok(name, edJSON(key, sig, msg), "")
}

func edRefused(name string, key, sig, msg []byte, message string) vcase {
	return refused(name, edJSON(key, sig, msg), message)
}

func ed25519Files() []vfile {
	keyA := newEdKey(edSeedA)
	keyB := newEdKey(edSeedB)
	hello := []byte("hello")
	sigA := keyA.sign(hello)
	empty := []byte{}
	sA := fromLE(sigA[32:])

	var accept, lengths, keys, rs, srange, verify, shape []vcase

	// Accepted signatures.
	for _, t := range rfc8032Tests {
		accept = append(accept, ok(t.name, edJSON(mustHex(t.key), mustHex(t.sig), mustHex(t.msg)), "").
			withNote("RFC 8032 section 7.1."))
	}
	accept = append(accept,
		edOK("key-a.hello", keyA.pub, sigA, hello),
		edOK("key-a.empty-message", keyA.pub, keyA.sign(empty), empty),
		edOK("key-b.hello", keyB.pub, keyB.sign(hello), hello),
		edOK("key-a.1024-byte-message", keyA.pub, keyA.sign(bytes.Repeat([]byte{0xa5}, 1024)), bytes.Repeat([]byte{0xa5}, 1024)),
		ok("members-reordered", `{"msg":"`+hex.EncodeToString(hello)+`","sig":"`+hex.EncodeToString(sigA)+`","key":"`+hex.EncodeToString(keyA.pub)+`"}`, ""),
		ok("whitespace", " {\n \"key\" : \""+hex.EncodeToString(keyA.pub)+"\",\n \"sig\" : \""+hex.EncodeToString(sigA)+"\",\n \"msg\" : \""+hex.EncodeToString(hello)+"\"\n}\n", ""),
		ok("escaped-hex", `{"key":"`+hex.EncodeToString(keyA.pub)+`","sig":"`+hex.EncodeToString(sigA)+`","msg":"\u0036\u0038656c6c6f"}`, "").
			withNote("The msg digits are JSON escapes; once read they are lowercase hex."),
	)
	{
		pub, sig, msg := torsionKeySig(keyA, mustHex(edBlocklist[4].hex), "torsion key, 8 | k", true)
		accept = append(accept, edOK("mixed-order-key.k-multiple-of-8", pub, sig, msg).
			withNote("The key is A + T, T of order 8: not small order, so not screened; 8 divides k, so [S]B - [k](A+T) = R."))
	}

	// Lengths. With a length guard ignored there is no 32-byte key or
	// 64-byte signature to verify with, so a later rule refuses.
	lengths = append(lengths,
		edRefused("key.0", empty, sigA, hello, edKeyLength).withException("shadowed"),
		edRefused("key.31", keyA.pub[:31], sigA, hello, edKeyLength).withException("shadowed"),
		edRefused("key.33", append(append([]byte{}, keyA.pub...), 0), sigA, hello, edKeyLength).withException("shadowed"),
		edRefused("key.64.private", keyA.priv, sigA, hello, edKeyLength).withException("shadowed").
			withNote("The 64-byte private key form (seed || public key)."),
		edRefused("sig.0", keyA.pub, empty, hello, edSigLength).withException("shadowed"),
		edRefused("sig.32", keyA.pub, sigA[:32], hello, edSigLength).withException("shadowed"),
		edRefused("sig.63", keyA.pub, sigA[:63], hello, edSigLength).withException("shadowed"),
		edRefused("sig.65", keyA.pub, append(append([]byte{}, sigA...), 0), hello, edSigLength).withException("shadowed"),
		edRefused("sig.128", keyA.pub, append(append([]byte{}, sigA...), sigA...), hello, edSigLength).withException("shadowed"),
	)

	// Keys: non-canonical y in [p, p+18]. p and p+1 are also blocklisted;
	// the others reduce to y in [2, 18], points whose discrete log nobody
	// knows (or not points at all): with the guard ignored a later rule
	// refuses every one.
	for i := 0; i <= 18; i++ {
		y := new(mathbig.Int).Add(fieldPrime, mathbig.NewInt(int64(i)))
		name := fmt.Sprintf("noncanonical.y-p-plus-%d", i)
		c := edRefused(name, yEncoding(y, false), sigA, hello, edNoncanonical).withException("shadowed")
		switch i {
		case 0, 1:
			c = c.withNote("Also a libsodium blocklist entry: with this guard ignored, key_small_order refuses it.")
		}
		keys = append(keys, c)
	}
	for _, i := range []int64{0, 1, 2, 18} {
		y := new(mathbig.Int).Add(fieldPrime, mathbig.NewInt(i))
		keys = append(keys, edRefused(fmt.Sprintf("noncanonical.y-p-plus-%d.sign", i), yEncoding(y, true), sigA, hello, edNoncanonical).
			withException("shadowed"))
	}
	// Keys: the blocklist. A canonical small-order key signs, by
	// smallOrderKeySig, a message the cofactorless equation accepts; the two
	// x = 0 encodings with the sign bit set do not decode, so key_point
	// refuses them with this guard ignored.
	for _, e := range edBlocklist {
		key := mustHex(e.hex)
		y := fromLE(append(append([]byte{}, key[:31]...), key[31]&0x7f))
		if y.Cmp(fieldPrime) >= 0 {
			continue // the non-canonical p and p+1: above
		}
		name := "small-order." + e.name
		if e.canonical {
			sig, msg := smallOrderKeySig(key, e.order, "small-order key "+e.name)
			keys = append(keys, edRefused(name, key, sig, msg, edKeySmall).
				withNote(fmt.Sprintf("Order %d; n divides k, so the signature verifies once the key screen is ignored.", e.order)))
		} else {
			keys = append(keys, edRefused(name, key, sigA, hello, edKeySmall).withException("shadowed").
				withNote("x = 0 with the sign bit set does not decode (RFC 8032 5.1.3): with this guard ignored a later rule refuses it."))
		}
	}
	keys = append(keys,
		edRefused("small-order.review-forgery", make([]byte, 32),
			append(mustHex("0100000000000000000000000000000000000000000000000000000000000000"), make([]byte, 32)...),
			[]byte("review forgery"), edKeySmall).withException("shadowed").
			withNote("The review's forgery: all-zero key, R = identity, S = 0. With the key screen ignored, r_small_order refuses it."),
	)
	// Keys: canonical y with no x on the curve. Such a key cannot be used,
	// so with the guard ignored the equation fails (the spec's shadowed).
	for i, y := range []*mathbig.Int{offCurveY(2, 0), offCurveY(2, 1), offCurveY(1000, 0)} {
		keys = append(keys, edRefused(fmt.Sprintf("not-on-curve.%d", i+1), yEncoding(y, false), sigA, hello, edKeyPoint).
			withException("shadowed").
			withNote(fmt.Sprintf("y = %s has no x: (y^2 - 1)/(d y^2 + 1) is not a square mod p.", y)))
	}
	{
		y := new(mathbig.Int).Sub(fieldPrime, mathbig.NewInt(2))
		for ; ; y.Sub(y, mathbig.NewInt(1)) {
			if _, err := new(edwards25519.Point).SetBytes(yEncoding(y, false)); err != nil {
				break
			}
		}
		keys = append(keys, edRefused("not-on-curve.near-p", yEncoding(y, false), sigA, hello, edKeyPoint).withException("shadowed"),
			edRefused("not-on-curve.near-p.sign", yEncoding(y, true), sigA, hello, edKeyPoint).withException("shadowed"))
	}

	// R of small order, under key A. Only R = identity can satisfy the
	// cofactorless equation with a full-order key (by identityRSig); every
	// other blocklisted R differs from [S]B - [k]A, which lies in the
	// prime-order subgroup, so with the guard ignored rule 8 refuses it.
	for _, e := range edBlocklist {
		name := "r-small-order." + e.name
		if e.name == "identity" {
			m := []byte("identity R")
			rs = append(rs, edRefused(name, keyA.pub, identityRSig(keyA, m), m, edRSmall).
				withNote("R = identity, S = k*a: [S]B - [k]A = identity = R, so it verifies once the R screen is ignored."))
			continue
		}
		rs = append(rs, edRefused(name, keyA.pub, append(mustHex(e.hex), sigA[32:]...), hello, edRSmall).withException("shadowed"))
	}

	// S range. S + L and S + 2L name the same scalar as S: with the guard
	// ignored they verify. S = L, L+1 and 2^256-1 are not the S of any
	// signature anyone can make under key A, so with the guard ignored rule 8
	// refuses them.
	srange = append(srange,
		edRefused("s-plus-l", keyA.pub, withS(sigA, le32(new(mathbig.Int).Add(sA, groupOrder))), hello, edSRange).
			withNote("S + L: its top byte is below 0x20, so a check of the top three bits alone passes it."),
		edRefused("s-plus-2l", keyA.pub, withS(sigA, le32(new(mathbig.Int).Add(sA, new(mathbig.Int).Lsh(groupOrder, 1)))), hello, edSRange),
		edRefused("s-equals-l", keyA.pub, withS(sigA, le32(groupOrder)), hello, edSRange).withException("shadowed"),
		edRefused("s-equals-l-plus-1", keyA.pub, withS(sigA, le32(new(mathbig.Int).Add(groupOrder, mathbig.NewInt(1)))), hello, edSRange).withException("shadowed"),
		edRefused("s-max", keyA.pub, withS(sigA, bytes.Repeat([]byte{0xff}, 32)), hello, edSRange).withException("shadowed"),
	)

	// The equation.
	flipped := []byte("hellp")
	{
		ph, err := keyA.priv.Sign(nil, sha512Sum(hello), &ed25519.Options{Hash: crypto.SHA512})
		if err != nil {
			panic(err)
		}
		torsionR := torsionRSig(keyA, mustHex(edBlocklist[4].hex), hello, "torsion R")
		pub, sig, msg := torsionKeySig(keyA, mustHex(edBlocklist[6].hex), "torsion key, 8 does not divide k", false)
		offR := offCurveY(2, 0)
		verify = append(verify,
			edRefused("message-bit-flipped", keyA.pub, sigA, flipped, edVerify).
				withNote("\"hello\" with the last bit of its last byte flipped."),
			edRefused("message-empty", keyA.pub, sigA, empty, edVerify),
			edRefused("wrong-key", keyB.pub, sigA, hello, edVerify),
			edRefused("s-equals-l-minus-1", keyA.pub, withS(sigA, le32(new(mathbig.Int).Sub(groupOrder, mathbig.NewInt(1)))), hello, edVerify).
				withNote("The largest S in range; not this signature's S."),
			edRefused("s-zero", keyA.pub, withS(sigA, make([]byte, 32)), hello, edVerify),
			edRefused("r-sign-flipped", keyA.pub, append(append(sigA[:31:31], sigA[31]^0x80), sigA[32:]...), hello, edVerify),
			edRefused("r-noncanonical", keyA.pub, append(yEncoding(new(mathbig.Int).Add(fieldPrime, mathbig.NewInt(3)), false), sigA[32:]...), hello, edVerify).
				withNote("R with y = p+3, not canonical: [S]B - [k]A never encodes to it."),
			edRefused("r-not-on-curve", keyA.pub, append(yEncoding(offR, false), sigA[32:]...), hello, edVerify),
			edRefused("r-with-torsion.cofactored-only", keyA.pub, torsionR, hello, edVerify).
				withNote("R = [r]B + T, T of order 8, S = r + k*a: the cofactored equation holds, the cofactorless one does not."),
			edRefused("mixed-order-key.k-not-multiple-of-8", pub, sig, msg, edVerify).
				withNote("The key is A + T, T of order 8, and 8 does not divide k: only the cofactored equation holds."),
			edRefused("prehash-ed25519ph", keyA.pub, ph, hello, edVerify).
				withNote("An Ed25519ph signature of the message: this contract is pure Ed25519."),
			edRefused("rfc8032.test1.other-message", mustHex(rfc8032Tests[0].key), mustHex(rfc8032Tests[0].sig), []byte{0}, edVerify).
				withNote("RFC 8032 test 1's signature of the empty message, offered for the one byte 00."),
			edRefused("key-b-signature-under-key-a", keyA.pub, keyB.sign(hello), hello, edVerify),
		)
	}

	// Shape and input.
	pubHex, sigHex, msgHex := hex.EncodeToString(keyA.pub), hex.EncodeToString(sigA), hex.EncodeToString(hello)
	typeBad := func(name, input string) vcase { return refused(name, input, edType).withException("type-guard") }
	upper := func(s string) string { return string(bytes.ToUpper([]byte(s))) }
	shape = append(shape,
		typeBad("key-uppercase", `{"key":"`+upper(pubHex)+`","sig":"`+sigHex+`","msg":"`+msgHex+`"}`),
		typeBad("sig-uppercase", `{"key":"`+pubHex+`","sig":"`+upper(sigHex)+`","msg":"`+msgHex+`"}`),
		typeBad("msg-odd-length", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"abc"}`),
		typeBad("msg-not-hex", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"zz"}`),
		typeBad("msg-0x-prefix", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"0x`+msgHex+`"}`),
		typeBad("msg-space", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"68 65"}`),
		typeBad("missing-msg", `{"key":"`+pubHex+`","sig":"`+sigHex+`"}`),
		typeBad("extra-member", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"`+msgHex+`","ctx":""}`),
		typeBad("key-number", `{"key":1,"sig":"`+sigHex+`","msg":"`+msgHex+`"}`),
		typeBad("sig-null", `{"key":"`+pubHex+`","sig":null,"msg":"`+msgHex+`"}`),
		typeBad("msg-array", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":[]}`),
		typeBad("array", `["`+pubHex+`","`+sigHex+`","`+msgHex+`"]`),
		typeBad("string", `"`+pubHex+`"`),
		refused("duplicate-member", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"`+msgHex+`","key":"`+pubHex+`"}`, edInput).withException("grammar"),
		refused("trailing-comma", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"`+msgHex+`",}`, edInput).withException("grammar"),
		refused("bom", "\ufeff"+edJSON(keyA.pub, sigA, hello), edInput).withException("grammar"),
		refused("invalid-utf8", `{"key":"`+pubHex+`","sig":"`+sigHex+`","msg":"`+msgHex+"\xff\"}", edInput).withException("grammar"),
	)

	file := func(behaviour, description string, parts ...[]vcase) vfile {
		var cases []vcase
		for _, p := range parts {
			cases = append(cases, p...)
		}
		return vfile{contract: "ed25519/1", op: "verify", dir: "ed25519",
			behaviour: behaviour, description: description, cases: cases}
	}
	return []vfile{
		file("verify", "Strict cofactorless Ed25519: accepted signatures, the input shape, the lengths and the equation.",
			accept, verify, lengths, shape),
		file("verify-key", "The public key screens: canonical y below p, not on libsodium's small-order blocklist, a point on the curve.",
			keys),
		file("verify-sig", "The signature screens: R not on libsodium's small-order blocklist, S below the group order L.",
			rs, srange),
	}
}

func sha512Sum(b []byte) []byte {
	h := sha512.Sum512(b)
	return h[:]
}
