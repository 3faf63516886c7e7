package trajectory

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs: the derivation is pure over its events
// (spec/trajectory.md).
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/trajectory.md", 4)
}
