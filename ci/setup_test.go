// Package ci holds no code: its tests check the CI scripts beside them.
package ci

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pins reads a version pin of ci/base-image.sh, the one place that says
// which Node.js and npm conform runs.
func pin(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("base-image.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^` + name + `=(\S+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("ci/base-image.sh pins no %s", name)
	}
	return string(m[1])
}

// On a machine whose node is older than 20 (here a node on PATH that says
// it is v18), ci/setup.sh node installs the pinned Node.js and npm from
// the npm registry into the prefix, and they run; on a machine with Node
// 20 it installs nothing.
func TestSetupInstallsNode20WhereNodeIsOld(t *testing.T) {
	real, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required: ", err)
	}
	fake := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo v18.19.0; exit 0; fi\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(fake, "node"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	prefix := t.TempDir()
	cmd := exec.Command("bash", "setup.sh", "node")
	cmd.Env = append(os.Environ(), "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"), "CONFORM_NODE_PREFIX="+prefix)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "node v18.19.0, older than 20, on PATH; installing Node.js") {
		t.Fatalf("setup.sh node: %v\n%s", err, out)
	}
	got, err := exec.Command(filepath.Join(prefix, "bin", "node"), "--version").Output()
	if err != nil || strings.TrimSpace(string(got)) != "v"+pin(t, "node_version") {
		t.Errorf("installed node: %q %v, want v%s", got, err, pin(t, "node_version"))
	}
	npm := exec.Command(filepath.Join(prefix, "bin", "npm"), "--version")
	npm.Env = append(os.Environ(), "PATH="+filepath.Join(prefix, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	got, err = npm.Output()
	if err != nil || strings.TrimSpace(string(got)) != pin(t, "npm_version") {
		t.Errorf("installed npm: %q %v, want %s", got, err, pin(t, "npm_version"))
	}
	// Node 20 on PATH: nothing to do.
	again := t.TempDir()
	cmd = exec.Command("bash", "setup.sh", "node")
	cmd.Env = append(os.Environ(), "CONFORM_NODE_PREFIX="+again)
	if out, err := cmd.CombinedOutput(); err != nil || strings.Contains(string(out), "installing") {
		t.Errorf("setup.sh node with node 20: %v\n%s", err, out)
	}
	if entries, _ := os.ReadDir(again); len(entries) != 0 {
		t.Errorf("installed into %s with node 20 on PATH", again)
	}
}
