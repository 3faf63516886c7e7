package vectors

import (
	"fmt"
	"strings"
)

// QuoteASCII returns s as the pure-ASCII JSON string vector files use
// (README.md): `"` and `\` escaped, the short escapes for \b \f \n \r \t,
// every other code point outside U+0020-U+007E as \uxxxx in lowercase hex,
// and an astral code point as a surrogate pair. encoding/json does not do
// this: it writes non-ASCII raw. s must be valid UTF-8; an invalid byte
// would be written as U+FFFD, so callers check first.
func QuoteASCII(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r >= 0x20 && r <= 0x7e:
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		}
	}
	b.WriteByte('"')
	return b.String()
}
