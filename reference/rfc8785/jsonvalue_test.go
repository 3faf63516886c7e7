package rfc8785

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestJSONValueReaderAgrees runs every JSONTestSuite and JCS corpus file
// through the JSON value reader (jsonvalue.Parse) and Canonicalize, whose grammar, UTF-8, BOM, depth and
// duplicate rules are the same: Parse accepts exactly what Canonicalize
// accepts or refuses only for a lone surrogate or a number out of range
// (rules a JSON value input leaves to the operations). Each accepted value
// written back with AppendJSON parses to the same value, and canonicalizes
// to the same bytes as the file.
func TestJSONValueReaderAgrees(t *testing.T) {
	var files []string
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input", "jcs/gowebpki/input"} {
		fs, err := filepath.Glob(filepath.Join(corpusRoot, dir, "*"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("corpus %s: no files (%v)", dir, err)
		}
		files = append(files, fs...)
	}
	leftToOps := map[refusal.Guard]bool{ErrSurrogate: true, ErrNumberRange: true}
	accepted := 0
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, perr := jsonvalue.Parse(in)
		canon, cerr := Canonicalize(in)
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
		text := jsonvalue.AppendJSON(nil, &v)
		v2, err := jsonvalue.Parse(text)
		if err != nil || !bytes.Equal(jsonvalue.AppendJSON(nil, &v2), text) {
			t.Errorf("%s: %s does not read back (%v)", filepath.Base(f), text, err)
		}
		if cerr == nil {
			if c2, err := Canonicalize(text); err != nil || !bytes.Equal(c2, canon) {
				t.Errorf("%s: written back, canonicalizes to %q, %v; want %q", filepath.Base(f), c2, err, canon)
			}
		}
	}
	if accepted < 100 {
		t.Errorf("only %d files accepted", accepted)
	}
}
