package ats

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// TestNoIO scans the package's non-test sources for the file, network,
// process and environment APIs spec/ats.md ("Scope") forbids in contract
// code: the imports os, net (and below), os/exec, syscall, io/ioutil, and
// any use of them.
func TestNoIO(t *testing.T) {
	reftest.NoIO(t, "spec/ats.md, Scope", 5)
}
