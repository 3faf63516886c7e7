package vectors

import "testing"

// TestQuoteASCII: the short escapes, printable ASCII as itself, every
// other code point as lowercase \u, an astral one as a surrogate pair,
// and (units form) a lone surrogate as its own \u.
func TestQuoteASCII(t *testing.T) {
	if got, want := QuoteASCII("a\"\\\b\f\n\r\t\x01~\x7f\u00e9\U0001F600"), `"a\"\\\b\f\n\r\t\u0001~\u007f\u00e9\ud83d\ude00"`; got != want {
		t.Errorf("QuoteASCII = %s, want %s", got, want)
	}
	if got, want := string(AppendQuoteASCII([]byte("x:"), []uint16{'a', 0xd800, 'b'})), `x:"a\ud800b"`; got != want {
		t.Errorf("AppendQuoteASCII = %s, want %s", got, want)
	}
}
