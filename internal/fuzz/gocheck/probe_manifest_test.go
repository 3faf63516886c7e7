package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

func TestProbeManifestProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("probe-manifest merges: shell and web idempotent, http appended in order, output checks", prop.ForAll(func(b []byte) bool {
		return ok(ProbeManifestLaws(fgen.ProbeManifest(fgen.New(b), "merge")))
	}, drawn()))
	props.TestingRun(t)
}

// TestProbeManifestLawsOnKnownInputs checks the laws on a merge of every
// kind into an existing manifest, and that a refused input is no
// counterexample.
func TestProbeManifestLawsOnKnownInputs(t *testing.T) {
	in := []byte(`{"path":".atoma-probes.json","writer":"verify","existing":"{\"probes\":[{\"kind\":\"http\",\"url\":\"http://x\",\"status\":200}]}",` +
		`"entries":[{"kind":"shell","cmd":"make","exit":0},{"kind":"browser","file":"a","smoke":"b"},{"kind":"http","url":"http://x","status":200}]}`)
	if err := ProbeManifestLaws(in); err != nil {
		t.Fatal(err)
	}
	if err := ProbeManifestLaws([]byte(`{}`)); err != nil {
		t.Fatal(err)
	}
}
