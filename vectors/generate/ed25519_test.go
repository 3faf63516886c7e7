package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	mathbig "math/big"
	"testing"

	"filippo.io/edwards25519"
)

// specVerify is spec/ed25519.md's rules 2-8 written out for this test
// only, with one guard (by message) ignored: it checks that each vector's
// construction does what its comment says. It is not a source of
// expectations: those are the literal messages in ed25519.go. With a guard
// ignored it continues as the spec says; where it cannot continue (a key of
// the wrong length, a key that is not a point) it refuses with the next
// rule that applies.
func specVerify(key, sig, msg []byte, ignore string) string {
	if len(key) != 32 && ignore != edKeyLength {
		return edKeyLength
	}
	if len(sig) != 64 && ignore != edSigLength {
		return edSigLength
	}
	if len(key) != 32 || len(sig) != 64 {
		return edVerify
	}
	masked := func(b []byte) []byte {
		m := append([]byte{}, b...)
		m[31] &= 0x7f
		return m
	}
	blocklisted := func(b []byte) bool {
		for _, e := range edBlocklist {
			if bytes.Equal(masked(b), masked(mustHex(e.hex))) {
				return true
			}
		}
		return false
	}
	y := fromLE(masked(key))
	if y.Cmp(fieldPrime) >= 0 && ignore != edNoncanonical {
		return edNoncanonical
	}
	if blocklisted(key) && ignore != edKeySmall {
		return edKeySmall
	}
	a, err := new(edwards25519.Point).SetBytes(key)
	yr := new(mathbig.Int).Mod(y, fieldPrime)
	xZero := yr.Cmp(mathbig.NewInt(1)) == 0 || yr.Cmp(new(mathbig.Int).Sub(fieldPrime, mathbig.NewInt(1))) == 0
	if err != nil || (xZero && key[31]&0x80 != 0) { // RFC 8032 5.1.3 step 4
		if ignore != edKeyPoint {
			return edKeyPoint
		}
		return edVerify // a key that is not a point cannot be used
	}
	if blocklisted(sig[:32]) && ignore != edRSmall {
		return edRSmall
	}
	if fromLE(sig[32:]).Cmp(groupOrder) >= 0 && ignore != edSRange {
		return edSRange
	}
	wide := make([]byte, 64)
	copy(wide, sig[32:])
	s, err := edwards25519.NewScalar().SetUniformBytes(wide)
	if err != nil {
		panic(err)
	}
	_, k := challenge(sig[:32], key, msg)
	check := new(edwards25519.Point).Subtract(new(edwards25519.Point).ScalarBaseMult(s), new(edwards25519.Point).ScalarMult(k, a))
	if !bytes.Equal(check.Bytes(), sig[:32]) && ignore != edVerify {
		return edVerify
	}
	return ""
}

// TestEd25519Constructions checks every ed25519/1 vector against
// specVerify: the expected verdict, and (the single-cause proof) that with
// its guard ignored an untagged refused vector is accepted and a tagged one
// is still refused.
func TestEd25519Constructions(t *testing.T) {
	checked, shapes := 0, 0
	for _, f := range ed25519Files() {
		for _, c := range f.cases {
			if c.message == edInput || c.message == edType {
				shapes++
			}
			var in map[string]any
			if c.message == edInput || json.Unmarshal(c.inputBytes(), &in) != nil || len(in) != 3 {
				continue // an input or shape vector
			}
			var raw [3][]byte
			shaped := true
			for i, k := range []string{"key", "sig", "msg"} {
				s, isString := in[k].(string)
				b, err := hex.DecodeString(s)
				if !isString || err != nil || s != hex.EncodeToString(b) {
					shaped = false
					break
				}
				raw[i] = b
			}
			if !shaped {
				continue
			}
			checked++
			got := specVerify(raw[0], raw[1], raw[2], "")
			want := c.message
			if c.expect == "ok" {
				want = ""
			}
			if got != want {
				t.Errorf("%s %s: verdict %q, want %q", f.behaviour, c.name, got, want)
				continue
			}
			if c.expect != "refused" {
				continue
			}
			ignored := specVerify(raw[0], raw[1], raw[2], c.message)
			switch {
			case c.exception == "" && ignored != "":
				t.Errorf("%s %s: with %q ignored: %q, want accepted (or an exception tag)", f.behaviour, c.name, c.message, ignored)
			case c.exception != "" && ignored == "":
				t.Errorf("%s %s: with %q ignored it is accepted, but it is tagged %s", f.behaviour, c.name, c.message, c.exception)
			}
		}
	}
	total := 0
	for _, f := range ed25519Files() {
		total += len(f.cases)
	}
	if checked+shapes != total {
		t.Errorf("checked %d vectors and skipped %d shape and input vectors of %d", checked, shapes, total)
	}
}

// TestEd25519Literals checks the RFC 8032 vectors with crypto/ed25519 and
// that every accepted vector verifies with it too.
func TestEd25519Literals(t *testing.T) {
	for _, tc := range rfc8032Tests {
		if !ed25519.Verify(mustHex(tc.key), mustHex(tc.msg), mustHex(tc.sig)) {
			t.Errorf("%s does not verify", tc.name)
		}
	}
	for _, f := range ed25519Files() {
		for _, c := range f.cases {
			if c.expect != "ok" {
				continue
			}
			var in struct{ Key, Sig, Msg string }
			if err := json.Unmarshal(c.inputBytes(), &in); err != nil {
				t.Fatal(err)
			}
			if !ed25519.Verify(mustHex(in.Key), mustHex(in.Msg), mustHex(in.Sig)) {
				t.Errorf("%s: crypto/ed25519 does not verify it", c.name)
			}
		}
	}
}
