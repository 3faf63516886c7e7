package gen

import (
	"testing"
)

// TestFrameGeneratorTerminates: the generator returns on empty input.
func TestFrameGeneratorTerminates(t *testing.T) { terminates(t, Frame) }

// TestFrameSizes checks big frames land at, below and past 262144 bytes.
func TestFrameSizes(t *testing.T) {
	sizes := map[int]bool{}
	for i := range 40 {
		sizes[len(bigFrame(New(noise(i, 8))))] = true
	}
	for _, n := range []int{FrameMax - 1, FrameMax, FrameMax + 1} {
		if !sizes[n] {
			t.Errorf("no frame of %d bytes", n)
		}
	}
}
