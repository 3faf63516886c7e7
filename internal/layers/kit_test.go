package layers

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/spec"
)

// A team's module that requires the Go kit (with a replace to this
// checkout, as a team does before the kit is published) holds nothing else
// in its module graph, builds with the network off, and serves the
// handshake.
func TestKitModuleStandsAlone(t *testing.T) {
	root, err := module.Root()
	if err != nil {
		t.Fatal(err)
	}
	kitPath := module.Package("mirrors/kit/go")
	kitDir := filepath.Join(root, "mirrors", "kit", "go")
	team := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(team, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/team\n\ngo 1.22\n\nrequire "+kitPath+" v0.0.0\n\nreplace "+kitPath+" => "+kitDir+"\n")
	// A contract and operation of the catalogue the kit was generated from.
	contract, op := firstOperation(t)
	write("main.go", `package main

import (
	"os"

	kit "`+kitPath+`"
)

func main() {
	k := kit.New(kit.Info{Name: "team-go", Version: "1.0.0"})
	k.Handle("`+contract+`", "`+op+`", func(in []byte) ([]byte, error) { return in, nil })
	os.Exit(k.Main())
}
`)
	gocmd := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = team
		// Nothing may be fetched: the kit needs nothing but the standard
		// library, and the graph is read from go.mod alone.
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off", "GOFLAGS=-mod=mod")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return string(out)
	}
	mods := strings.Fields(gocmd("list", "-m", "-f", "{{.Path}}", "all"))
	if len(mods) != 2 || mods[0] != "example.com/team" || mods[1] != kitPath {
		t.Fatalf("the team's module graph is %v; want only example.com/team and %s", mods, kitPath)
	}
	deps := gocmd("list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".")
	if got := strings.Fields(deps); len(got) != 2 || got[0] != kitPath || got[1] != "example.com/team" {
		t.Fatalf("the team's harness builds from %v; want only the kit and itself", got)
	}
	bin := filepath.Join(team, "harness")
	gocmd("build", "-o", bin, ".")
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(`{"cmd":"start","seq":0,"protocol":1}` + "\n")
	out, err := cmd.Output()
	if err != nil || !strings.Contains(string(out), `"outcome":"started"`) || !strings.Contains(string(out), `"team-go"`) {
		t.Fatalf("handshake: %s (%v)", out, err)
	}
}

// firstOperation returns the catalogue's first contract and its first
// operation.
func firstOperation(t *testing.T) (string, string) {
	t.Helper()
	c := spec.MustLoad().Contracts[0]
	return c.Contract, c.OpNames()[0]
}
