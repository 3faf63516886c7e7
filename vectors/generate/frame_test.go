package main

import (
	"testing"
	"unicode/utf8"
)

// TestSizeBounds checks that the size file pins the 262144-byte bound of
// spec/frame.md (rule 1) at the bound and one byte past it, with multibyte
// fills whose character count is far below the byte count.
func TestSizeBounds(t *testing.T) {
	var at, past, multibyteAt, multibytePast int
	for _, f := range frameFiles() {
		if f.behaviour != "size" {
			continue
		}
		for _, c := range f.cases {
			in := c.inputBytes()
			chars := utf8.RuneCount(in)
			switch len(in) {
			case 262144:
				if c.expect != "ok" {
					t.Errorf("%s: %d bytes, expect %s", c.name, len(in), c.expect)
				}
				at++
				if chars < 200000 {
					multibyteAt++
				}
			case 262145:
				if c.expect != "refused" || c.message != frSize {
					t.Errorf("%s: %d bytes, expect %s %q", c.name, len(in), c.expect, c.message)
				}
				past++
				if chars < 200000 {
					multibytePast++
				}
			default:
				t.Errorf("%s: %d bytes, neither at the bound nor one past it", c.name, len(in))
			}
		}
	}
	if at == 0 || past == 0 || multibyteAt < 3 || multibytePast < 3 {
		t.Errorf("size vectors: %d at, %d past, %d/%d multibyte", at, past, multibyteAt, multibytePast)
	}
}
