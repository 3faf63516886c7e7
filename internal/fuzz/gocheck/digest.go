package gocheck

import (
	"bytes"
	"fmt"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/digest"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// init registers FuzzDigestProperties, reading FuzzDigest's format.
func init() {
	register(Target{Name: "FuzzDigestProperties", Input: "FuzzDigest", check: func(c cases.Case, s *gen.Source) error {
		return DigestMemberOrder(c.Op, c.Input, s)
	}})
}

// DigestMemberOrder checks that a digest/1 operation gives the same answer
// when the members of every object of its input are reordered: the input
// is canonicalized (when it can be) and shuffled by draws from s.
func DigestMemberOrder(op string, in []byte, s *gen.Source) error {
	run := map[string]func([]byte, ...refusal.Option) ([]byte, error){
		"digest": digest.Digest, "signing-input": digest.SigningInput,
		"schema-digest": digest.SchemaDigest, "arguments-digest": digest.ArgumentsDigest,
	}[op]
	if run == nil {
		return fmt.Errorf("no digest/1 operation %q", op)
	}
	want, err := run(in)
	if err != nil {
		return nil
	}
	canon, err := rfc8785.Canonicalize(in)
	if err != nil {
		return nil // an omitted member the canonical form refuses
	}
	shuffled := Shuffle(canon, s)
	got, err := run(shuffled)
	if err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("member order changes %s:\n  input    %q -> %q\n  shuffled %q -> %q (%v)", op, in, want, shuffled, got, err)
	}
	return nil
}
