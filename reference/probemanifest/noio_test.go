package probemanifest

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs: the manifest's text is an input, never a
// file the package opens (spec/probe-manifest.md, "merge").
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/probe-manifest.md, merge", 5)
}
