package gocheck

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"filippo.io/edwards25519"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	refed "github.com/conform-dev/conform/reference/ed25519"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers FuzzEd25519Oracle, reading FuzzEd25519's format.
func init() {
	register(Target{Name: "FuzzEd25519Oracle", Input: "FuzzEd25519", check: func(c cases.Case, _ *gen.Source) error {
		return Ed25519Input(c.Input)
	}})
}

// blocklist is libsodium's small-order list as gen builds it (from the
// field prime and two order-8 encodings), independently of the
// reference's byte table.
var blocklist = gen.SmallOrder

// p and l are the field prime and the group order.
var p, l = gen.P, gen.L

// StrictMessage is the refusal spec/ed25519.md's rules give key, msg and
// sig, in order, computed with crypto/ed25519 and filippo.io/edwards25519
// plus the strict checks crypto/ed25519 lacks (canonical key encoding,
// libsodium's blocklist for the key and R, compared with the sign bit
// masked); "" when they accept.
func StrictMessage(key, msg, sig []byte) string {
	switch {
	case len(key) != ed25519.PublicKeySize:
		return refed.ErrKeyLength.Message
	case len(sig) != ed25519.SignatureSize:
		return refed.ErrSigLength.Message
	}
	masked := func(b []byte) []byte {
		m := bytes.Clone(b)
		m[31] &= 0x7f
		return m
	}
	littleEndian := func(b []byte) *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}
	listed := func(b []byte) bool {
		for _, e := range blocklist {
			if bytes.Equal(masked(b), e) {
				return true
			}
		}
		return false
	}
	if littleEndian(masked(key)).Cmp(p) >= 0 {
		return refed.ErrKeyNoncanonical.Message
	}
	if listed(key) {
		return refed.ErrKeySmallOrder.Message
	}
	if _, err := new(edwards25519.Point).SetBytes(key); err != nil {
		return refed.ErrKeyPoint.Message
	}
	if listed(sig[:32]) {
		return refed.ErrRSmallOrder.Message
	}
	if littleEndian(sig[32:]).Cmp(l) >= 0 {
		return refed.ErrSRange.Message
	}
	if !ed25519.Verify(ed25519.PublicKey(key), msg, sig) {
		return refed.ErrVerify.Message
	}
	return ""
}

// AgainstCryptoEd25519 compares ed25519/1's VerifyStrict with
// StrictMessage: the same verdict and, on refusal, the same message.
func AgainstCryptoEd25519(key, msg, sig []byte) error {
	want := StrictMessage(key, msg, sig)
	got := ""
	if err := refed.VerifyStrict(key, msg, sig); err != nil {
		e, ok := refusal.As(err)
		if !ok {
			return fmt.Errorf("VerifyStrict: not a refusal: %v", err)
		}
		got = e.Guard.Message
	}
	if got != want {
		return fmt.Errorf("key %x sig %x msg %x: the reference says %q, crypto/ed25519 with the strict checks %q", key, sig, msg, got, want)
	}
	return nil
}

// Ed25519Input compares ed25519/1 verify on a JSON value input with
// StrictMessage, once the input has the {key, sig, msg} shape (the
// reference does not refuse it as input or type): the hex fields, decoded
// with encoding/hex, must get the same verdict and message.
func Ed25519Input(in []byte) error {
	_, err := refed.Verify(in)
	got := ""
	if err != nil {
		e, ok := refusal.As(err)
		if !ok {
			return fmt.Errorf("Verify: not a refusal: %v", err)
		}
		if e.Guard == refed.ErrInput || e.Guard == refed.ErrType {
			return nil
		}
		got = e.Guard.Message
	}
	var v struct{ Key, Sig, Msg string }
	if err := json.Unmarshal(in, &v); err != nil {
		return fmt.Errorf("the reference reads %q as {key, sig, msg}; encoding/json does not: %v", in, err)
	}
	key, e1 := hex.DecodeString(v.Key)
	sig, e2 := hex.DecodeString(v.Sig)
	msg, e3 := hex.DecodeString(v.Msg)
	if err := errors.Join(e1, e2, e3); err != nil {
		return fmt.Errorf("the reference reads %q as hex; encoding/hex does not: %v", in, err)
	}
	if want := StrictMessage(key, msg, sig); got != want {
		return fmt.Errorf("%q: the reference says %q, crypto/ed25519 with the strict checks %q", in, got, want)
	}
	return nil
}
