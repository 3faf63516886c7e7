package fake

import (
	"bytes"
	"testing"
)

// codepoint-sort puts U+F885 before U+1F600 (code point order), where
// RFC 8785 puts it after (UTF-16 order: U+1F600 is D83D DE00); it alters
// rfc8785/1 only.
func TestCodepointSort(t *testing.T) {
	f := Fakes["codepoint-sort"]
	in := []byte("{\"\U0001F600\":2,\"\uf885\":{\"b\":1,\"a\":2}}")
	want := "{\"\uf885\":{\"a\":2,\"b\":1},\"\U0001F600\":2}"
	if got := f.Alter("rfc8785/1", "canonicalize", in); string(got) != want {
		t.Errorf("altered %q, want %q", got, want)
	}
	if got := f.Alter("other/1", "op", in); !bytes.Equal(got, in) {
		t.Errorf("another contract's output altered: %q", got)
	}
	if f.Writer(&bytes.Buffer{}) == nil || f.BreakBatches {
		t.Error("codepoint-sort breaks batches")
	}
}
