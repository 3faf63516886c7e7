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
	if got := f.Alter("frame/1", "lex", in); !bytes.Equal(got, in) {
		t.Errorf("frame/1 output altered: %q", got)
	}
	if f.Writer(&bytes.Buffer{}) == nil || f.BreakBatches {
		t.Error("codepoint-sort breaks batches")
	}
}

// batch-cr ends batch answer lines with CR LF, and only those, however
// the lines are cut into writes.
func TestBatchCR(t *testing.T) {
	var out bytes.Buffer
	w := Fakes["batch-cr"].Writer(&out)
	text := "{\"seq\":0,\"outcome\":\"started\"}\n{\"seq\":1,\"outcome\":\"batch\",\"answers\":[]}\n{\"seq\":2,\"outcome\":\"ok\"}\n"
	for i := 0; i < len(text); i += 7 {
		if _, err := w.Write([]byte(text[i:min(i+7, len(text))])); err != nil {
			t.Fatal(err)
		}
	}
	want := "{\"seq\":0,\"outcome\":\"started\"}\n{\"seq\":1,\"outcome\":\"batch\",\"answers\":[]}\r\n{\"seq\":2,\"outcome\":\"ok\"}\n"
	if out.String() != want {
		t.Errorf("wrote %q, want %q", out.String(), want)
	}
}

func TestNames(t *testing.T) {
	names := Names()
	if len(names) != len(Fakes) || names[0] != "batch-cr" || names[1] != "codepoint-sort" {
		t.Errorf("names %v", names)
	}
}
