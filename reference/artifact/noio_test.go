package artifact

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs: the output root arrives as data
// (spec/artifact.md, "The tree"), so nothing here may read a file system.
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/artifact.md, The tree", 7)
}
