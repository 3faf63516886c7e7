package vectors

import (
	"fmt"
	"strings"
	"unicode/utf16"
)

// QuoteASCII returns s as the pure-ASCII JSON string vector files use
// (README.md): `"` and `\` escaped, the short escapes for \b \f \n \r \t,
// every other code point outside U+0020-U+007E as \uxxxx in lowercase hex,
// and an astral code point as a surrogate pair. encoding/json does not do
// this: it writes non-ASCII raw. s must be valid UTF-8; an invalid byte
// would be written as U+FFFD, so callers check first.
func QuoteASCII(s string) string {
	return string(AppendQuoteASCII(nil, utf16.Encode([]rune(s))))
}

// AppendQuoteASCII appends the UTF-16 units u to b as QuoteASCII writes a
// string, and returns the extended slice: a unit outside U+0020-U+007E
// without a short escape is \uxxxx in lowercase hex, a lone surrogate
// included (the generators write those on purpose).
func AppendQuoteASCII(b []byte, u []uint16) []byte {
	b = append(b, '"')
	for _, x := range u {
		short := strings.IndexByte("\"\\\b\f\n\r\t", byte(x))
		switch {
		case x < 0x80 && short >= 0:
			b = append(b, '\\', `"\bfnrt`[short])
		case x >= 0x20 && x <= 0x7e:
			b = append(b, byte(x))
		default:
			b = fmt.Appendf(b, `\u%04x`, x)
		}
	}
	return append(b, '"')
}
