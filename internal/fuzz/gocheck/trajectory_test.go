package gocheck

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/trajectory"
)

func TestTrajectoryProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("trajectory derives the same with args, result and prose removed or changed", prop.ForAll(func(b []byte) bool {
		return ok(TrajectoryNoiseLaw(fgen.Trajectory(fgen.New(b), "derive")))
	}, drawn()))
	props.TestingRun(t)
}

// TestTrajectoryNoiseLawHasTeeth checks that the law compares something:
// among the drawn inputs, many carry a noise member and are accepted with
// a step in some execution, so that removing the noise could show.
func TestTrajectoryNoiseLawHasTeeth(t *testing.T) {
	telling := 0
	r := rand.New(rand.NewPCG(25, 1))
	for range 500 {
		b := make([]byte, 300)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		in := fgen.Trajectory(fgen.New(b), "derive")
		noisy := false
		for _, n := range fgen.TrajectoryNoise {
			noisy = noisy || bytes.Contains(in, []byte(n))
		}
		if out, err := trajectory.Derive(in); noisy && err == nil && bytes.Contains(out, []byte(`"steps":[[`)) {
			telling++
		}
	}
	if telling < 25 {
		t.Fatalf("only %d of 500 drawn inputs carry noise and derive a step", telling)
	}
}
