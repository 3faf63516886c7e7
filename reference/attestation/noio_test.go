package attestation

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs: an observation is an input the runtime
// wrote, never something this package observes (spec/attestation.md).
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/attestation.md", 4)
}
