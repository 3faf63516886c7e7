package gen

import (
	"testing"

	"github.com/conform-dev/conform/spec"
)

// checkInstanceDigests checks the canonical instances list that a
// generator read from spec/<file> ("Canonical instances", spec.Instances):
// there are want of them, each gives a digest and the digest is D of its
// text through JCSDigest (gowebpki/jcs, a canonicalizer independent of the
// reference), and each text is one JSON object that reads back as written
// (ParseDoc, then Doc.JSON): the bytes a generator sends are the spec's.
func checkInstanceDigests(t *testing.T, file string, list []spec.Instance, want int) {
	t.Helper()
	if len(list) != want {
		t.Errorf("%d canonical instances, spec/%s gives %d", len(list), file, want)
	}
	for _, i := range list {
		d, ok := ParseDoc(i.Text)
		if !ok {
			t.Errorf("spec/%s:%d %s %s: not one JSON object", file, i.Line, i.Name, i.Note)
			continue
		}
		if got, ok := JCSDigest([]byte(i.Text)); !ok || i.Digest == "" || got != i.Digest {
			t.Errorf("spec/%s:%d %s %s: digest %s %v, spec %q", file, i.Line, i.Name, i.Note, got, ok, i.Digest)
		}
		if string(d.JSON()) != i.Text {
			t.Errorf("spec/%s:%d %s %s: the text does not read back as written", file, i.Line, i.Name, i.Note)
		}
	}
}
