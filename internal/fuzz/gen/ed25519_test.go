package gen

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"testing"
)

// TestEd25519GeneratorTerminates: the generator returns on empty input.
func TestEd25519GeneratorTerminates(t *testing.T) { terminates(t, Ed25519Value) }

// TestEd25519ReachesBoundaries checks the Ed25519 generator builds keys and
// R from every small-order point, non-canonical encodings, S at and around
// L, and real signatures.
func TestEd25519ReachesBoundaries(t *testing.T) {
	parts := samples(4000, 160, Ed25519)
	small := map[string]bool{}
	var nonCanonicalKey, nonCanonicalR, sAtL, sAboveL, sJustBelowL, real int
	lMinus1 := new(big.Int).Sub(L, big.NewInt(1))
	for _, p := range parts {
		if len(p.Key) == 32 {
			masked := append([]byte(nil), p.Key...)
			masked[31] &= 0x7f
			for i, so := range SmallOrder {
				if bytes.Equal(masked, so) {
					small["key"+string(rune('0'+i))] = true
				}
			}
			if y := new(big.Int).SetBytes(reverse(masked)); y.Cmp(P) >= 0 {
				nonCanonicalKey++
			}
		}
		if len(p.Sig) == 64 {
			r := append([]byte(nil), p.Sig[:32]...)
			r[31] &= 0x7f
			for i, so := range SmallOrder {
				if bytes.Equal(r, so) {
					small["r"+string(rune('0'+i))] = true
				}
			}
			if y := new(big.Int).SetBytes(reverse(r)); y.Cmp(P) >= 0 {
				nonCanonicalR++
			}
			sc := new(big.Int).SetBytes(reverse(p.Sig[32:]))
			switch sc.Cmp(L) {
			case 0:
				sAtL++
			case 1:
				sAboveL++
			}
			if sc.Cmp(lMinus1) == 0 {
				sJustBelowL++
			}
			if sc.Cmp(L) < 0 && len(p.Key) == 32 {
				real++
			}
		}
	}
	for i := range SmallOrder {
		for _, w := range []string{"key", "r"} {
			if !small[w+string(rune('0'+i))] {
				t.Errorf("no %s is small-order point %d (%s)", w, i, hex.EncodeToString(SmallOrder[i]))
			}
		}
	}
	if nonCanonicalKey == 0 || nonCanonicalR == 0 || sAtL == 0 || sAboveL == 0 || sJustBelowL == 0 || real == 0 {
		t.Errorf("%d non-canonical keys, %d non-canonical R, S = L %d, S > L %d, S = L-1 %d, S < L %d",
			nonCanonicalKey, nonCanonicalR, sAtL, sAboveL, sJustBelowL, real)
	}
}
