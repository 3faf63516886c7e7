package jsonvalue

import (
	"bytes"
	"testing"
)

// FuzzParse checks that Parse never panics, and that what it accepts reads
// back unchanged through AppendJSON.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":[1,-0.5e+3,"\ud800\u00e9",true,null,{}]}`, `"\ud83d\ude00"`, `[[[]]]`, `{"a":1,"a":2}`, "\xef\xbb\xbf1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		v, err := Parse(in)
		if err != nil {
			return
		}
		text := AppendJSON(nil, &v)
		v2, err := Parse(text)
		if err != nil || !bytes.Equal(AppendJSON(nil, &v2), text) {
			t.Fatalf("%q: %s does not read back (%v)", in, text, err)
		}
	})
}
