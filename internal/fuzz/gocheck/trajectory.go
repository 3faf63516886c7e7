package gocheck

import (
	"bytes"
	"fmt"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/trajectory"
)

// TrajectoryNoiseLaw checks that the derivation reads runtime-stamped
// identities only, never args, result or prose (spec/trajectory.md; seed
// 000, "Trajectory signatures"): in, an input of gen.Trajectory, derives
// to the same answer (output, or refusal message) with every noise member
// of gen.TrajectoryNoise removed, and with each replaced by another. It
// returns an error naming the input and both answers when they differ.
func TrajectoryNoiseLaw(in []byte) error {
	want, err := trajectory.Derive(in)
	for i, noise := range gen.TrajectoryNoise {
		other := gen.TrajectoryNoise[(i+1)%len(gen.TrajectoryNoise)]
		for _, again := range [][]byte{bytes.ReplaceAll(in, []byte(noise), nil), bytes.ReplaceAll(in, []byte(noise), []byte(other))} {
			got, err2 := trajectory.Derive(again)
			if !bytes.Equal(want, got) || fmt.Sprint(err) != fmt.Sprint(err2) {
				return fmt.Errorf("trajectory/1: %q derives to %q (%v), but %q to %q (%v)", in, want, err, again, got, err2)
			}
		}
	}
	return nil
}
