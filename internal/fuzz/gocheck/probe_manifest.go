package gocheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/probemanifest"
)

// init registers FuzzProbeManifestLaws, reading FuzzProbeManifest's format.
func init() {
	register(Target{Name: "FuzzProbeManifestLaws", Input: "FuzzProbeManifest", check: func(c cases.Case, _ *gen.Source) error {
		if c.Op != probemanifest.OpMerge {
			return nil
		}
		return ProbeManifestLaws(c.Input)
	}})
}

// pmMergeInput is a merge of entries (JSON text of an array) into the
// manifest text existing by verify.
func pmMergeInput(existing []byte, entries string) []byte {
	e, _ := json.Marshal(string(existing))
	return []byte(`{"path":".atoma-probes.json","writer":"verify","existing":` + string(e) + `,"entries":` + entries + `}`)
}

// ProbeManifestLaws checks the merge laws of probe-manifest/1 on a merge
// input the Go reference accepts with a manifest M (spec/probe-manifest.md,
// "merge"): the on-disk checker accepts M and gives M back; merging the
// input's shell and web entries into M again gives M (identity:
// idempotent); merging its http entries into M appends them, in order, to
// M's probes. It returns nil when the reference refuses the input or
// writes nothing.
func ProbeManifestLaws(in []byte) error {
	m, err := probemanifest.Merge(in)
	if err != nil || len(m) == 0 {
		return nil
	}
	if again, err := probemanifest.Check(m); err != nil || !bytes.Equal(again, m) {
		return fmt.Errorf("%q merges to %q, which the checker gives as %q (%v)", in, m, again, err)
	}
	var doc struct{ Entries []json.RawMessage }
	if err := json.Unmarshal(in, &doc); err != nil {
		return nil
	}
	var keep, http []string
	for _, e := range doc.Entries {
		var k struct{ Kind string }
		_ = json.Unmarshal(e, &k)
		if k.Kind == "http" {
			http = append(http, string(e))
		} else {
			keep = append(keep, string(e))
		}
	}
	twice, err := probemanifest.Merge(pmMergeInput(m, "["+strings.Join(keep, ",")+"]"))
	if err != nil || !bytes.Equal(twice, m) {
		return fmt.Errorf("%q merges to %q; its shell and web entries again give %q (%v)", in, m, twice, err)
	}
	appended, err := probemanifest.Merge(pmMergeInput(m, "["+strings.Join(http, ",")+"]"))
	alone, err2 := probemanifest.Merge(pmMergeInput(nil, "["+strings.Join(http, ",")+"]"))
	if err != nil || err2 != nil {
		return fmt.Errorf("%q: its http entries do not merge again (%v, %v)", in, err, err2)
	}
	inner := func(b []byte) string { return strings.TrimSuffix(strings.TrimPrefix(string(b), `{"probes":[`), "]}\n") }
	parts := []string{}
	for _, p := range []string{inner(m), inner(alone)} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if want := `{"probes":[` + strings.Join(parts, ",") + "]}\n"; string(appended) != want {
		return fmt.Errorf("%q merges to %q; its http entries again give %q, not %q", in, m, appended, want)
	}
	return nil
}
