package fake

import (
	"bytes"
	"testing"
)

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

// flaky answers the same accepted input differently on consecutive asks:
// altered first, then as the reference, then altered again; another input
// with the same output has a count of its own.
func TestFlakyAlternates(t *testing.T) {
	alter := Fakes["flaky"].AlterInput
	out := []byte(`{"a":1}`)
	var got []string
	for range 3 {
		got = append(got, string(alter("c/1", "op", []byte("in"), out)))
	}
	want := []string{`{"a":1} `, `{"a":1}`, `{"a":1} `}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("answers %q, want %q", got, want)
		}
	}
	if other := string(alter("c/1", "op", []byte("other"), out)); other != `{"a":1} ` {
		t.Errorf("first answer for another input %q", other)
	}
	if string(out) != `{"a":1}` {
		t.Errorf("the reference's output was changed in place: %q", out)
	}
}
