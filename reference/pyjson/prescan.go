package pyjson

import "github.com/conform-dev/conform/reference/refusal"

// prescan is the depth pre-scan of spec/pyjson-ascii.md rule 3, over the
// decoded text: outside strings, [ and { go one deeper and ] and } one
// shallower (not below zero); " opens or closes a string; inside a string a
// backslash skips the next character. Skipping one byte instead of one
// character is the same here, since only ASCII bytes matter and a UTF-8
// continuation byte is never ASCII.
//
// It reads text from the offset start; a refusal is located at the bracket
// that goes too deep.
func prescan(c *refusal.Checker, text []byte, start int) error {
	depth := 0
	inString := false
	for i := start; i < len(text); i++ {
		ch := text[i]
		if inString {
			if ch == '\\' {
				i++
			} else if ch == '"' {
				inString = false
			}
			continue
		}
		switch ch {
		case '"':
			inString = true
		case '[', '{':
			depth++
			if depth > MaxDepth {
				if err := c.Refuse(ErrDepth); err != nil {
					return refusal.Locate(err, refusal.AtOffset(i))
				}
				return nil // Ignored: no pre-scan.
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}
