package agentbrowseratsorder

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's sources for the file, network, process and
// environment APIs that spec/agent-browser-ats-order.md ("Scope") and the
// seed's scope boundary ("The module performs no I/O") forbid.
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/agent-browser-ats-order.md, Scope", 7)
}
