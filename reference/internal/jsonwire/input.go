package jsonwire

import "unicode/utf8"

// BOM is the UTF-8 encoding of U+FEFF, the byte order mark.
const BOM = "\xEF\xBB\xBF"

// HasBOM reports whether in begins with BOM.
func HasBOM(in []byte) bool { return hasPrefix(in, BOM) }

// InvalidUTF8 returns the offset of the first byte of in that does not
// start a well-formed UTF-8 sequence (RFC 3629: no overlong form, no encoded
// surrogate, nothing above U+10FFFF, no truncated sequence), or -1 when in
// is valid UTF-8.
func InvalidUTF8(in []byte) int {
	for i := 0; i < len(in); {
		if in[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(in[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}
