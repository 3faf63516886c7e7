package jsonvalue

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"conform/reference/refusal"
	"conform/reference/rfc8785"
)

// TestAgainstRFC8785 runs every JSONTestSuite and JCS corpus file through
// Parse and rfc8785.Canonicalize, whose grammar, UTF-8, BOM, depth and
// duplicate rules are the same: Parse accepts exactly what Canonicalize
// accepts or refuses only for a lone surrogate or a number out of range
// (rules a JSON value input leaves to the operations). Each accepted value
// written back with AppendJSON parses to the same value, and canonicalizes
// to the same bytes as the file.
func TestAgainstRFC8785(t *testing.T) {
	var files []string
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input", "jcs/gowebpki/input"} {
		fs, err := filepath.Glob(filepath.Join("../../../../shared/corpora", dir, "*"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("corpus %s: no files (%v)", dir, err)
		}
		files = append(files, fs...)
	}
	leftToOps := map[refusal.Guard]bool{rfc8785.ErrSurrogate: true, rfc8785.ErrNumberRange: true}
	accepted := 0
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, perr := Parse(in)
		canon, cerr := rfc8785.Canonicalize(in)
		e, _ := refusal.As(cerr)
		switch {
		case perr == nil && cerr != nil && !leftToOps[e.Guard]:
			t.Errorf("%s: Parse accepts; rfc8785 refuses %v", filepath.Base(f), cerr)
		case perr != nil && (cerr == nil || leftToOps[e.Guard]):
			t.Errorf("%s: Parse refuses; rfc8785 gives %v", filepath.Base(f), cerr)
		}
		if perr != nil {
			continue
		}
		accepted++
		text := AppendJSON(nil, &v)
		v2, err := Parse(text)
		if err != nil || !bytes.Equal(AppendJSON(nil, &v2), text) {
			t.Errorf("%s: %s does not read back (%v)", filepath.Base(f), text, err)
		}
		if cerr == nil {
			if c2, err := rfc8785.Canonicalize(text); err != nil || !bytes.Equal(c2, canon) {
				t.Errorf("%s: written back, canonicalizes to %q, %v; want %q", filepath.Base(f), c2, err, canon)
			}
		}
	}
	if accepted < 100 {
		t.Errorf("only %d files accepted", accepted)
	}
}

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
