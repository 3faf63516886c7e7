// Package gen builds structured inputs for conform's contracts from fuzz
// bytes: JSON texts with nested objects, astral and BMP keys, boundary
// numbers and escapes; ISO-shaped timestamps; tickers and masked labels with
// confusable and other-script characters; signature keys built from
// small-order points, non-canonical encodings and S near L; and other JSON
// value inputs. A contract's own generators are in the files named after
// it (spec/README.md, "A contract's own files").
//
// Every draw goes through a go-fuzz-headers consumer (Source). Two of that
// library's limits shape this package: GenerateStruct draws each signed
// integer from a single byte (so a struct field never gets past 255 and is
// never negative), and GetString reads a four-byte length prefix and fails
// when that length runs past the input, which random fuzz bytes almost
// always do. So nothing here uses either: values are built from GetByte,
// GetNBytes, GetUint64 and GetFloat64 draws, and a draw past the end of the
// input returns zero instead of failing, so that every byte string decodes
// to some input (zero draws pick the first, smallest choice, and end every
// loop). gen_test.go checks that the generated values really reach the
// boundaries each contract's spec pins.
//
// The package is deterministic: the same bytes give the same inputs.
package gen

import (
	"encoding/binary"
	"math"

	fuzzheaders "github.com/AdaLogics/go-fuzz-headers"
)

// Source draws values from fuzz bytes through a go-fuzz-headers consumer.
// Once the bytes run out every draw returns zero and Exhausted reports true.
type Source struct {
	c         *fuzzheaders.ConsumeFuzzer
	exhausted bool
}

// New returns a Source over data.
func New(data []byte) *Source {
	return &Source{c: fuzzheaders.NewConsumer(data)}
}

// Exhausted reports whether a draw has run past the end of the bytes.
func (s *Source) Exhausted() bool { return s.exhausted }

// Byte draws one byte (GetByte).
func (s *Source) Byte() byte {
	b, err := s.c.GetByte()
	if err != nil {
		s.exhausted = true
		return 0
	}
	return b
}

// Bytes draws n bytes (GetNBytes); past the end the missing bytes are zero.
func (s *Source) Bytes(n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = s.Byte()
	}
	return out
}

// Intn draws an integer in [0, n): from one byte when n <= 256, from two
// otherwise. n must be positive.
func (s *Source) Intn(n int) int {
	if n <= 256 {
		return int(s.Byte()) % n
	}
	return int(binary.BigEndian.Uint16(s.Bytes(2))) % n
}

// Chance reports true with probability about 1/n (one byte drawn); past the
// end of the bytes it is false.
func (s *Source) Chance(n int) bool {
	b := s.Byte()
	return !s.exhausted && int(b)%n == n-1
}

// Uint64 draws 8 bytes big-endian (GetUint64 also draws an endianness byte).
func (s *Source) Uint64() uint64 {
	v, err := s.c.GetUint64()
	if err != nil {
		s.exhausted = true
		return 0
	}
	return v
}

// Float64 draws a float64 from its bits (GetFloat64); NaN and infinities are
// possible.
func (s *Source) Float64() float64 {
	v, err := s.c.GetFloat64()
	if err != nil {
		s.exhausted = true
		return 0
	}
	return v
}

// Pick returns one element of list, drawn with Intn.
func Pick[T any](s *Source, list []T) T {
	return list[s.Intn(len(list))]
}

// finite reports whether f is neither NaN nor infinite.
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
