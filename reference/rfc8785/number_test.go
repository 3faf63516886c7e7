package rfc8785

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestShortDecimalAgreesWithStrconv checks the fast path of number against
// the slow one (strconv.ParseFloat, then appendNumber) on random decimals:
// up to 20 digits with leading and trailing zeros, fractions, exponents
// across and beyond the fast path's range.
func TestShortDecimalAgreesWithStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fast := 0
	for i := 0; i < 300000; i++ {
		var sb strings.Builder
		if rng.IntN(2) == 0 {
			sb.WriteByte('-')
		}
		digits := func(n int) {
			for range n {
				switch rng.IntN(4) {
				case 0:
					sb.WriteByte('0')
				default:
					sb.WriteByte(byte('0' + rng.IntN(10)))
				}
			}
		}
		if rng.IntN(3) == 0 {
			sb.WriteByte('0')
		} else {
			sb.WriteByte(byte('1' + rng.IntN(9)))
			digits(rng.IntN(12))
		}
		if rng.IntN(2) == 0 {
			sb.WriteByte('.')
			digits(1 + rng.IntN(12))
		}
		if rng.IntN(2) == 0 {
			sb.WriteString([]string{"e", "E", "e+", "e-", "E-"}[rng.IntN(5)])
			if rng.IntN(8) == 0 {
				sb.WriteByte('0')
			}
			sb.WriteString(strconv.Itoa(rng.IntN(330)))
		}
		text := sb.String()
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			continue // out of range: not this test's concern
		}
		want := string(appendNumber(nil, f))
		got, err := Canonicalize([]byte(text))
		if err != nil || string(got) != want {
			t.Fatalf("%s: got %q, %v; want %q", text, got, err, want)
		}
		if _, ok := shortDecimalOf(text); ok {
			fast++
		}
	}
	if fast < 100000 {
		t.Fatalf("only %d inputs took the fast path", fast)
	}
}

// shortDecimalOf splits a grammatical number token and runs shortDecimal.
func shortDecimalOf(text string) (decimal, bool) {
	text = strings.TrimPrefix(text, "-")
	mant, exp, _ := strings.Cut(strings.ToLower(text), "e")
	ip, fp, _ := strings.Cut(mant, ".")
	var e []byte
	if exp != "" {
		e = []byte(exp)
	}
	return shortDecimal([]byte(ip), []byte(fp), e)
}
