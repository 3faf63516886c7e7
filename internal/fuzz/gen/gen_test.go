package gen

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"

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
	// The shared generators terminate on empty input; each contract's own
	// tests check its own generators (terminates).
	terminates(t,
		func(s *Source) []byte { return JSON(s, JSONOptions{Object: true, Flaws: true, Deep: TextDepths}) },
		TimestampValue)
}

// terminates checks that every generator returns on empty input, where
// every draw is zero.
func terminates(t *testing.T, gens ...func(*Source) []byte) {
	t.Helper()
	for _, f := range gens {
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
