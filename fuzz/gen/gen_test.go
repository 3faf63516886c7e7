package gen

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"unicode/utf16"

	fuzzheaders "github.com/AdaLogics/go-fuzz-headers"
)

// noise returns n pseudo-random bytes fixed by i.
func noise(i, n int) []byte {
	var b []byte
	for block := 0; len(b) < n; block++ {
		var ctr [8]byte
		binary.BigEndian.PutUint32(ctr[:4], uint32(i))
		binary.BigEndian.PutUint32(ctr[4:], uint32(block))
		sum := sha256.Sum256(ctr[:])
		b = append(b, sum[:]...)
	}
	return b[:n]
}

// samples draws n values with draw, each from its own noise.
func samples[T any](n, size int, draw func(*Source) T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = draw(New(noise(i, size)))
	}
	return out
}

// TestHeadersLimits pins the two go-fuzz-headers limits the package works
// around: GenerateStruct fills a signed int from one byte, and GetString
// fails when its four-byte length prefix runs past the input.
func TestHeadersLimits(t *testing.T) {
	var st struct {
		N int
		M int64
	}
	if err := fuzzheaders.NewConsumer([]byte{0xff, 0xfe, 1, 2}).GenerateStruct(&st); err != nil {
		t.Fatal(err)
	}
	if st.N != 255 || st.M != 254 {
		t.Errorf("GenerateStruct ints: %d %d; want 255 254 (one byte each, never negative)", st.N, st.M)
	}
	fails := 0
	for i := range 1000 {
		if _, err := fuzzheaders.NewConsumer(noise(i, 200)).GetString(); err != nil {
			fails++
		}
	}
	if fails < 990 {
		t.Errorf("GetString failed on %d of 1000 random inputs; this package assumes nearly all", fails)
	}
}

func TestSourcePastTheEnd(t *testing.T) {
	s := New([]byte{7})
	if s.Byte() != 7 || s.Exhausted() {
		t.Fatal("first byte")
	}
	if s.Byte() != 0 || s.Uint64() != 0 || s.Float64() != 0 || s.Intn(5) != 0 || s.Chance(2) || !s.Exhausted() {
		t.Error("draws past the end must be zero and mark the source exhausted")
	}
	// Every generator terminates on empty input.
	for _, f := range []func(*Source) []byte{
		func(s *Source) []byte { return JSON(s, JSONOptions{Object: true, Flaws: true, Deep: TextDepths}) },
		Frame, TimestampValue, SymbolValue, LabelValue, IntegerValue, SortedSetValue, ToolListValue,
		Base64URLValue, Ed25519Value, DigestValue, SchemaValue, ArgumentsValue,
	} {
		_ = f(New(nil))
	}
}

func TestDeterministic(t *testing.T) {
	for i := range 50 {
		a := JSON(New(noise(i, 300)), JSONOptions{Flaws: true, Deep: TextDepths})
		b := JSON(New(noise(i, 300)), JSONOptions{Flaws: true, Deep: TextDepths})
		if !bytes.Equal(a, b) {
			t.Fatalf("sample %d differs between runs", i)
		}
	}
}

// TestJSONReachesBoundaries draws JSON texts and checks that the boundaries
// the JSON contracts pin all occur: the numbers (1e21, 1e-7, 2^53, 1e308,
// 1e400, 4300 digits), escapes and surrogate pairs, lone surrogates,
// objects whose names meet the UTF-16 versus code point sort trap,
// duplicates, and the depth bounds.
func TestJSONReachesBoundaries(t *testing.T) {
	texts := samples(4000, 400, func(s *Source) []byte {
		return JSON(s, JSONOptions{Flaws: s.Chance(3), Deep: TextDepths})
	})
	valid := 0
	want := map[string]int{}
	for _, k := range []string{"1e21", "1e-7", "9007199254740993", "1e308", "1e400", "-0", "5e-324", `\u`, `\ud8`, `\"`, `\\`, `\/`, "\U0001f600", "\ue000", "\u2028", "NaN"} {
		want[k] = 0
	}
	trap, dup, depth129, long := 0, 0, 0, 0
	for _, b := range texts {
		for k := range want {
			if bytes.Contains(b, []byte(k)) {
				want[k]++
			}
		}
		if json.Valid(b) {
			valid++
		}
		if hasSortTrap(b) {
			trap++
		}
		if maxDepth(b) == 129 {
			depth129++
		}
		if bytes.Contains(b, []byte(strings.Repeat("0", 4200))) || longDigits(b, 4300) {
			long++
		}
		if hasDuplicate(b) {
			dup++
		}
	}
	for k, n := range want {
		if n == 0 {
			t.Errorf("no text contains %q", k)
		}
	}
	t.Logf("%d of %d valid JSON; %d sort traps, %d duplicates, %d at depth 129, %d with 4300+ digits", valid, len(texts), trap, dup, depth129, long)
	if valid < len(texts)/3 {
		t.Errorf("only %d of %d texts are valid JSON", valid, len(texts))
	}
	if trap == 0 || dup == 0 || depth129 == 0 || long == 0 {
		t.Errorf("boundaries not reached: %d sort traps, %d duplicates, %d at depth 129, %d with 4300+ digits", trap, dup, depth129, long)
	}
}

// hasSortTrap reports whether some object of b has a name starting with an
// astral character and a name starting with a BMP character at or above
// U+E000 (UTF-16 and code point order disagree on them).
func hasSortTrap(b []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	var v any
	if dec.Decode(&v) != nil {
		return false
	}
	var walk func(any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case map[string]any:
			astral, high := false, false
			for k, e := range x {
				r := []rune(k)
				if len(r) > 0 && r[0] >= 0x10000 {
					astral = true
				}
				if len(r) > 0 && r[0] >= 0xe000 && r[0] <= 0xffff && r[0] != 0xfffd {
					high = true
				}
				if walk(e) {
					return true
				}
			}
			return astral && high
		case []any:
			for _, e := range x {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	return walk(v)
}

// hasDuplicate reports whether some object of b repeats a name (after
// unescaping).
func hasDuplicate(b []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	var stack []map[string]bool
	var expectKey []bool
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, map[string]bool{})
				expectKey = append(expectKey, true)
				continue
			case '[':
				stack = append(stack, nil)
				expectKey = append(expectKey, false)
				continue
			default:
				stack = stack[:len(stack)-1]
				expectKey = expectKey[:len(expectKey)-1]
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1] != nil && expectKey[n-1] {
				if stack[n-1][v] {
					return true
				}
				stack[n-1][v] = true
				expectKey[n-1] = false
				continue
			}
		}
		if n := len(stack); n > 0 && stack[n-1] != nil {
			expectKey[n-1] = true
		}
	}
}

func maxDepth(b []byte) int {
	d, m, in := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == '[' || c == '{'):
			d++
			m = max(m, d)
		case !in && (c == ']' || c == '}'):
			d--
		}
	}
	return m
}

func longDigits(b []byte, n int) bool {
	run := 0
	for _, c := range b {
		if c >= '0' && c <= '9' {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// TestTimestampsReachBoundaries checks the ISO generator's fields reach
// their bounds and its shape defects occur.
func TestTimestampsReachBoundaries(t *testing.T) {
	isos := samples(8000, 40, ISO)
	for _, sub := range []string{"0000-", "9999-", "-02-29T", "-00-", "-13-", "-32T", "T24:00:00.000Z", "T24:", ":60:", ":59.999Z", "1900-02-29", "2000-02-29", "t", "z", "+00:00", "\n", "\uff10"} {
		found := false
		for _, s := range isos {
			if strings.Contains(s, sub) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no timestamp contains %q", sub)
		}
	}
}

// TestTickersReachBoundaries checks symbols and labels reach their length
// bounds and carry confusables and other-script characters.
func TestTickersReachBoundaries(t *testing.T) {
	lengths := map[int]bool{}
	confusable := 0
	for _, us := range samples(3000, 60, Symbol) {
		lengths[len(us)] = true
		for _, u := range us {
			if u == 0x410 || u == 0x421 || u == 0xff21 || u == 0x391 {
				confusable++
				break
			}
		}
	}
	for _, n := range []int{1, 6, 7, 40, 41} {
		if !lengths[n] {
			t.Errorf("no symbol of %d units", n)
		}
	}
	if confusable == 0 {
		t.Error("no symbol with a confusable")
	}
	labelLen := map[int]bool{}
	var digits4, digits5, fullwidth, lone, rtl int
	for _, us := range samples(3000, 60, Label) {
		labelLen[len(us)] = true
		s := string(utf16.Decode(us))
		if strings.Contains(s, "\u202e") {
			rtl++
		}
		if strings.ContainsAny(s, "\uff10\uff11\uff19\u0660\u0661\u0669") {
			fullwidth++
		}
		for _, u := range us {
			if u >= 0xd800 && u <= 0xdfff {
				lone++
				break
			}
		}
		run, best := 0, 0
		for _, u := range us {
			if u >= '0' && u <= '9' {
				run++
				best = max(best, run)
			} else {
				run = 0
			}
		}
		if best == 4 {
			digits4++
		}
		if best >= 5 {
			digits5++
		}
	}
	for _, n := range []int{0, 1, 63, 64, 65} {
		if !labelLen[n] {
			t.Errorf("no label of %d units", n)
		}
	}
	if digits4 == 0 || digits5 == 0 || fullwidth == 0 || lone == 0 || rtl == 0 {
		t.Errorf("labels: %d with 4 digits, %d with 5, %d other-script digits, %d surrogates, %d U+202E", digits4, digits5, fullwidth, lone, rtl)
	}
}

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

// TestBigArgumentsHitTheByteBound checks the canonical size of the big
// arguments objects: 65535, 65536 and 65537 bytes.
func TestBigArgumentsHitTheByteBound(t *testing.T) {
	sizes := map[int]bool{}
	for i := range 30 {
		b := bigArguments(New(noise(i, 8)))
		var v map[string]string
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		// The object is already canonical: ASCII keys in order, no
		// whitespace, no escapes.
		for _, s := range v {
			if n := len([]rune(s)); n > 256 {
				t.Fatalf("a member has %d characters", n)
			}
		}
		sizes[len(b)] = true
	}
	for _, n := range []int{65535, 65536, 65537} {
		if !sizes[n] {
			t.Errorf("no arguments object of %d canonical bytes (got %v)", n, sizes)
		}
	}
}

// TestFrameSizes checks big frames land at, below and past 262144 bytes.
func TestFrameSizes(t *testing.T) {
	sizes := map[int]bool{}
	for i := range 40 {
		sizes[len(bigFrame(New(noise(i, 8))))] = true
	}
	for _, n := range []int{FrameMax - 1, FrameMax, FrameMax + 1} {
		if !sizes[n] {
			t.Errorf("no frame of %d bytes", n)
		}
	}
}
