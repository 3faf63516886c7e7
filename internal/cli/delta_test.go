package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// conform delta between the Go reference and an outside implementation
// that refuses everything ("nope"), on the first contract's first
// operation: from the reference to it, every input the reference accepts
// is narrowed and nothing widens, so --narrows passes, and the findings
// are written as vectors that load, each expecting the new side's answer;
// the other way round, they widen, and --narrows fails with exit 1.
func TestDeltaCommand(t *testing.T) {
	k := spec.MustLoad().Contracts[0]
	contract, op := k.Contract, k.OpNames()[0]
	team := "team=" + hostile(t, map[string]any{"name": "team", "contracts": map[string][]string{contract: {op}}, "answer": "refuse", "batch": true})
	dir := filepath.Join(t.TempDir(), "findings")
	r := conform(t, "", "delta", "--contract", contract, "--op", op, "--impl", "go", "--impl", team,
		"--time", "1s", "--minimize-time", "1s", "--narrows", "--findings", dir, "--max", "1")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"conform delta " + contract + ": go " + op + " (old) -> team " + op + " (new)",
		"  widened             0", "narrowed (", `    new:   refused "nope"`, "--narrows: nothing widened"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the text lacks %q:\n%s", want, r.stdout)
		}
	}
	files, err := vectors.LoadNamed(infile.Dir(dir), dir)
	if err != nil {
		t.Fatalf("the findings do not load: %v\n%s", err, r.stderr)
	}
	cs := vectors.Cases(files)
	if len(cs) == 0 || len(files) != 1 {
		t.Fatalf("%d files, %d findings", len(files), len(cs))
	}
	for _, c := range cs {
		if c.Op != op || c.Expect != vectors.ExpectRefused || c.Message != "nope" || !strings.HasPrefix(c.Name, "delta-") {
			t.Errorf("finding %+v", c)
		}
	}
	if r := conform(t, "", "delta", "--contract", contract, "--op", op, "--impl", "go", "--impl", team, "--time", "0", "--findings", dir); r.code != report.ExitUsage || !strings.Contains(r.stderr, "exists") {
		t.Errorf("findings over findings without --force: exit %d\n%s", r.code, r.stderr)
	}

	r = conform(t, "", "delta", "--contract", contract, "--op", op, "--impl", team, "--impl", "go", "--time", "0", "--minimize-time", "0", "--narrows", "--format", "json")
	var res struct {
		Counts   map[string]int
		Findings []struct{ Class string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != report.ExitDisagree || res.Counts["widened"] == 0 || res.Counts["narrowed"] != 0 {
		t.Errorf("reversed: exit %d, %v, %+v\n%s", r.code, err, res.Counts, r.stderr)
	}
	if !strings.Contains(r.stderr, "widened: the new side accepts what the old side refuses; exit code 1") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
}

// What conform delta cannot run is exit 2, before it starts anything.
func TestDeltaRefuses(t *testing.T) {
	k := spec.MustLoad().Contracts[0]
	contract, op := k.Contract, k.OpNames()[0]
	out := filepath.Join(t.TempDir(), "out.txt")
	if err := os.WriteFile(out, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--op", op}, "needs --contract and --op"},
		{[]string{"--contract", "no/1", "--op", op}, `unknown contract "no/1"`},
		{[]string{"--contract", contract, "--op", "nope"}, `has no operation "nope"`},
		{[]string{"--contract", contract, "--op", op}, "both sides are go " + op},
		{[]string{"--contract", contract, "--op", op, "--impl", "go", "--impl", "ts", "--impl", "python"}, "give --impl once (both sides) or twice"},
		{[]string{"--contract", contract, "--op", op, "--rewrite", "a"}, `--rewrite "a": want FROM=TO`},
		{[]string{"--contract", contract, "--op", op, "--format", "html"}, `unknown --format "html"`},
		{[]string{"--contract", contract, "--op", op, "--time", "-1s"}, "--time -1s"},
		{[]string{"--contract", contract, "--op", op, "-o", out}, "exists"},
	} {
		r := conform(t, "", append([]string{"delta"}, c.args...)...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("delta %v: exit %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
