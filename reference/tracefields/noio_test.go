package tracefields

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs: the trace is an input, never a file the
// reader opens (spec/trace-fields.md, "Input").
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/trace-fields.md, Input", 5)
}
