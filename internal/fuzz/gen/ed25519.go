package gen

import (
	"crypto/ed25519"
	"encoding/hex"
	"math/big"

	"filippo.io/edwards25519"
)

// Ed25519 constants (spec/ed25519.md).
var (
	// P is the field prime 2^255 - 19.
	P = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	// L is the group order 2^252 + 27742317777372353535851937790883648493.
	L, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
)

// SmallOrder are libsodium's seven blocklisted encodings (y = 0, 1, p-1,
// the two order-8 points, and the non-canonical p and p+1), sign bit clear.
var SmallOrder = [][]byte{
	le(big.NewInt(0)),
	le(big.NewInt(1)),
	le(new(big.Int).Sub(P, big.NewInt(1))),
	mustHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
	mustHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
	le(P),
	le(new(big.Int).Add(P, big.NewInt(1))),
}

// offCurve are encodings of y values for which x^2 has no square root:
// they are no point at all.
var offCurve = func() [][]byte {
	var out [][]byte
	for y := int64(2); len(out) < 4; y++ {
		enc := le(big.NewInt(y))
		if _, err := new(edwards25519.Point).SetBytes(enc); err != nil {
			out = append(out, enc)
		}
	}
	return out
}()

// le returns n as 32 bytes little-endian (n < 2^256).
func le(n *big.Int) []byte {
	b := n.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// Ed25519Parts is one drawn verification: a key, a signature, a message.
type Ed25519Parts struct {
	Key, Sig, Msg []byte
}

// Ed25519 draws a key, message and signature: a real signature of the
// message, or one built to meet a rule of spec/ed25519.md: small-order
// keys and R (sign bit set or not), non-canonical key encodings (y in
// [p, p+18]) and R encodings, keys that are not points, mixed-order keys,
// S at and around L (L-1, L, L+1, S+L, 2^253-1), the all-zero forgery, wrong
// lengths, and a flipped message bit.
func Ed25519(s *Source) Ed25519Parts {
	priv := ed25519.NewKeyFromSeed(s.Bytes(32))
	key := append([]byte(nil), priv.Public().(ed25519.PublicKey)...)
	msg := s.Bytes(s.Intn(48))
	sig := ed25519.Sign(priv, msg)
	sign := func(b []byte) []byte {
		if s.Chance(2) {
			b = append([]byte(nil), b...)
			b[31] |= 0x80
		}
		return b
	}
	switch s.Intn(12) {
	case 0:
		key = sign(Pick(s, SmallOrder))
	case 1:
		key = sign(le(new(big.Int).Add(P, big.NewInt(int64(s.Intn(19))))))
	case 2:
		key = sign(Pick(s, offCurve))
	case 3:
		// A + T, T of order 8: a mixed-order key, which this policy does
		// not screen; the signature then fails the equation.
		a, _ := new(edwards25519.Point).SetBytes(key)
		t, _ := new(edwards25519.Point).SetBytes(SmallOrder[3])
		key = new(edwards25519.Point).Add(a, t).Bytes()
	case 4:
		key = s.Bytes(32)
	case 5:
		key = s.Bytes(Pick(s, []int{0, 31, 33, 64}))
	case 6:
		key = sign(key)
	}
	switch s.Intn(12) {
	case 0:
		// S + L: the same scalar, not reduced (malleability).
		sc := new(big.Int).SetBytes(reverse(sig[32:]))
		copy(sig[32:], le(sc.Add(sc, L)))
	case 1:
		v := Pick(s, []*big.Int{
			new(big.Int).Sub(L, big.NewInt(1)), L, new(big.Int).Add(L, big.NewInt(1)),
			new(big.Int).Lsh(big.NewInt(1), 252), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 253), big.NewInt(1)),
			big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
		})
		copy(sig[32:], le(v))
	case 2:
		copy(sig[:32], sign(Pick(s, SmallOrder)))
		if s.Chance(2) {
			copy(sig[32:], make([]byte, 32))
		}
	case 3:
		copy(sig[:32], sign(le(new(big.Int).Add(P, big.NewInt(int64(s.Intn(19)))))))
	case 4:
		sig = s.Bytes(64)
	case 5:
		sig = sig[:Pick(s, []int{0, 32, 63})]
	case 6:
		sig = append(sig, 0)
	case 7:
		// The review's forgery: the all-zero key, R the identity, S 0.
		key = make([]byte, 32)
		sig = append(le(big.NewInt(1)), make([]byte, 32)...)
	case 8:
		if len(msg) > 0 {
			msg = append([]byte(nil), msg...)
			msg[s.Intn(len(msg))] ^= 1 << s.Intn(8)
		} else {
			msg = []byte{0}
		}
	}
	return Ed25519Parts{Key: key, Sig: sig, Msg: msg}
}

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

// Ed25519Value draws an ed25519/1 verify input: {"key","sig","msg"} in
// lowercase hex, members in any order, and now and then upper-case or
// odd-length hex, a missing, extra or mistyped member, escapes, whitespace.
func Ed25519Value(s *Source) []byte {
	p := Ed25519(s)
	members := [][2]string{{"key", hex.EncodeToString(p.Key)}, {"sig", hex.EncodeToString(p.Sig)}, {"msg", hex.EncodeToString(p.Msg)}}
	for i := len(members) - 1; i > 0; i-- {
		j := s.Intn(i + 1)
		members[i], members[j] = members[j], members[i]
	}
	if s.Chance(4) {
		i := s.Intn(3)
		switch s.Intn(6) {
		case 0:
			members[i][1] = upperHex(members[i][1])
		case 1:
			members[i][1] += "0"
		case 2:
			members = append(members[:i:i], members[i+1:]...)
		case 3:
			members = append(members, [2]string{"extra", ""})
		case 4:
			members[i][1] += "g0"
		default:
			members = append(members, members[i])
		}
	}
	b := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		if s.Chance(16) {
			b = append(b, ' ')
		}
		b = append(b, Quote(s, units(m[0]))...)
		b = append(b, ':')
		if s.Chance(32) {
			b = append(b, Pick(s, []string{"null", "1", "[]"})...)
			continue
		}
		b = append(b, Quote(s, units(m[1]))...)
	}
	return append(b, '}')
}

func upperHex(h string) string {
	b := []byte(h)
	for i, c := range b {
		if c >= 'a' && c <= 'f' {
			b[i] = c - 'a' + 'A'
			break
		}
	}
	return string(b)
}
