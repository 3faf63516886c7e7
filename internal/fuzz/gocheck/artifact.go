package gocheck

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/artifact"
)

// init registers FuzzArtifactsParity, reading FuzzArtifacts's format.
func init() {
	register(Target{Name: "FuzzArtifactsParity", Input: "FuzzArtifacts", check: func(c cases.Case, s *gen.Source) error {
		if c.Op != artifact.OpParity {
			return nil
		}
		return ArtifactsParityLaw(c.Input, s)
	}})
}

// ArtifactsParityLaw checks that artifact/1's parity is independent of
// every field it never compares (spec/artifact.md, "parity"; seed 002,
// "Replay Relationship"): for a parity input in that the reference
// accepts, the same input with one such field changed
// (gen.ArtifactsNonParity, drawn from s) is accepted too, with the same
// parity outcome and the same list of differing parity fields; only the
// evidence list may change. It returns nil when that holds, or when
// Parity refuses in.
func ArtifactsParityLaw(in []byte, s *gen.Source) error {
	if _, err := artifact.Parity(in); err != nil {
		return nil
	}
	return sameParity(in, gen.ArtifactsNonParity(s, in))
}

// sameParity reports how the parity answers of in (accepted) and changed
// differ in their outcome or differing fields.
func sameParity(in, changed []byte) error {
	out, _ := artifact.Parity(in)
	again, err := artifact.Parity(changed)
	if err != nil {
		return fmt.Errorf("%q gives %q, but with a non-parity field changed %q is refused: %v", in, out, changed, err)
	}
	type verdict struct {
		Differs []string `json:"differs"`
		Parity  string   `json:"parity"`
	}
	var a, b verdict
	if json.Unmarshal(out, &a) != nil || json.Unmarshal(again, &b) != nil {
		return fmt.Errorf("parity answered %q and %q, not verdict objects", out, again)
	}
	if a.Parity != b.Parity || !bytes.Equal(mustJSON(a.Differs), mustJSON(b.Differs)) {
		return fmt.Errorf("%q gives %q, but with a non-parity field changed %q gives %q", in, out, changed, again)
	}
	return nil
}

// mustJSON is v's JSON text (v is a list of strings).
func mustJSON(v []string) []byte {
	b, _ := json.Marshal(v)
	return b
}
