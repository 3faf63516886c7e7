package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/spec"
)

// `go install ./cmd/conform` from a checkout (README.md, "On a fresh
// machine") puts a binary in GOBIN that runs from a directory outside the
// checkout: it carries the vectors and the catalogue.
func TestInstalledBinaryRunsAnywhere(t *testing.T) {
	root, err := module.Root()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	install := exec.Command("go", "install", "./cmd/conform")
	install.Dir = root
	install.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/conform: %v\n%s", err, out)
	}
	contract := spec.MustLoad().Contracts[0].Contract
	run := exec.Command(filepath.Join(bin, "conform"), "run", "--contract", contract, "--impl", "go")
	run.Dir = t.TempDir()
	out, err := run.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "0 disagreements; exit code 0") {
		t.Fatalf("the installed conform run --contract %s --impl go, outside the checkout: %v\n%s", contract, err, out)
	}
}
