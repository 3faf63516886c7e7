package modelselector

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs: tier-selectors reads its environment as
// an input, never the process's (spec/model-selector.md, "tier-selectors").
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/model-selector.md, tier-selectors", 5)
}
