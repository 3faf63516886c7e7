package cli

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kballard/go-shellquote"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// eval across implementations: without --impl the three (go, ts,
// python), or the several --impl names, each answer on a line of its own
// in the order named, then the agreement line; exit 1 when they
// disagree, 0 when they agree, 3 when one gave no answer, 2 when none
// announces what is asked. The contract is the one whose output the
// seeded bug codepoint-sort alters (sortContract), so that an outside
// implementation with the bug disagrees on an input it reorders and
// agrees on one it does not.
func TestEvalAcrossImplementations(t *testing.T) {
	jcs, op := sortContract(t)
	other, otherOp := otherContract(jcs)
	team := "team=" + shellquote.Join(harnessBin(t), "--fake", "codepoint-sort")
	same := `{"b":1,"a":2}`                        // codepoint-sort leaves its answer alone
	reordered := "{\"\U00010000\":1,\"\ue000\":2}" // codepoint-sort reorders its members
	eval := func(stdin string, args ...string) result {
		t.Helper()
		return conform(t, stdin, append([]string{"eval", "--contract", jcs, "--op", op}, args...)...)
	}
	lines := func(r result) []string { return strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") }

	// The defaults: go, ts and python, who agree.
	r := eval(same)
	got := lines(r)
	if r.code != report.ExitAgree || len(got) != 4 || !strings.HasPrefix(got[0], `{"impl":"go","outcome":"ok","output_hex":"`) ||
		got[1] != strings.Replace(got[0], `"go"`, `"ts"`, 1) || got[2] != strings.Replace(got[0], `"go"`, `"python"`, 1) ||
		got[3] != `{"agree":true,"groups":[["go","ts","python"]]}` {
		t.Errorf("the defaults: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}

	// A disagreement: the groups say who answered what; exit 1.
	r = eval(reordered, "--impl", "go", "--impl", team)
	got = lines(r)
	if r.code != report.ExitDisagree || len(got) != 3 || !strings.HasPrefix(got[0], `{"impl":"go","outcome":"ok"`) ||
		!strings.HasPrefix(got[1], `{"impl":"team","outcome":"ok"`) || got[0] == strings.Replace(got[1], `"team"`, `"go"`, 1) ||
		got[2] != `{"agree":false,"groups":[["go"],["team"]]}` {
		t.Errorf("a disagreement: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	// The same implementations agree where the bug does not show.
	if r = eval(same, "--impl", "go,ts", "--impl", team); r.code != report.ExitAgree || !strings.HasSuffix(r.stdout, `{"agree":true,"groups":[["go","ts","team"]]}`+"\n") {
		t.Errorf("an agreement with team: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}

	// One that does not announce the contract is not asked, and said so;
	// one that refuses is a group of its own; one that skips what it
	// announced gave no answer (exit 3).
	mute := "h=" + hostile(t, map[string]any{"contracts": map[string][]string{other: {otherOp}}, "answer": "refuse"})
	r = eval(same, "--impl", "go", "--impl", mute)
	if got = lines(r); r.code != report.ExitAgree || len(got) != 3 || got[1] != `{"impl":"h","outcome":"skipped","reason":"not declared in the handshake"}` ||
		got[2] != `{"agree":true,"groups":[["go"]],"not_announced":["h"]}` {
		t.Errorf("one that does not announce: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	refuser := "r=" + hostile(t, map[string]any{"contracts": map[string][]string{jcs: {op}}, "answer": "refuse"})
	r = eval(same, "--impl", "go", "--impl", refuser)
	if got = lines(r); r.code != report.ExitDisagree || len(got) != 3 || got[1] != `{"impl":"r","outcome":"refused","message":"nope"}` ||
		got[2] != `{"agree":false,"groups":[["go"],["r"]]}` {
		t.Errorf("one that refuses: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	skipper := "s=" + hostile(t, map[string]any{"contracts": map[string][]string{jcs: {op}}, "answer": "skip"})
	r = eval(same, "--impl", "go", "--impl", skipper)
	if got = lines(r); r.code != report.ExitBroken || len(got) != 3 || got[2] != `{"agree":false,"groups":[["go"]],"failed":["s"]}` {
		t.Errorf("one that skips: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = eval(same, "--impl", mute, "--impl", "g="+hostile(t, map[string]any{"contracts": map[string][]string{other: {otherOp}}}))
	if r.code != report.ExitUsage || r.stdout != "" || !strings.Contains(r.stderr, "no implementation asked announces "+jcs+" "+op) {
		t.Errorf("none that announces: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}

	// A batch: input by input, each line with its id.
	batch := `{"id":"one","input_hex":"` + hex.EncodeToString([]byte(same)) + `"}` + "\n" +
		`{"id":"two","input_hex":"` + hex.EncodeToString([]byte(reordered)) + `"}` + "\n"
	r = eval(batch, "--impl", "go", "--impl", team, "--jsonl")
	got = lines(r)
	if r.code != report.ExitDisagree || len(got) != 6 ||
		!strings.HasPrefix(got[0], `{"id":"one","impl":"go",`) || !strings.HasPrefix(got[1], `{"id":"one","impl":"team",`) ||
		got[2] != `{"id":"one","agree":true,"groups":[["go","team"]]}` ||
		!strings.HasPrefix(got[3], `{"id":"two","impl":"go",`) || !strings.HasPrefix(got[4], `{"id":"two","impl":"team",`) ||
		got[5] != `{"id":"two","agree":false,"groups":[["go"],["team"]]}` {
		t.Errorf("a batch: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}

	// The help says it.
	if r = conform(t, "", "eval", "--help"); !strings.Contains(r.stdout, `{"agree":false,"groups":[["go","ts"],["python"]]}`) {
		t.Errorf("eval --help does not show the agreement line:\n%s", r.stdout)
	}
}

// eval applies an outside implementation's comparison as run does: a
// refusal in its own words ("nope") disagrees with the reference's
// refusal exactly, and agrees with it under --compare verdict or through
// a message map to the refusal's code.
func TestEvalAppliesTheComparison(t *testing.T) {
	var contract, op string
	var code string
	for _, k := range spec.MustLoad().Contracts {
		for _, o := range k.Operations {
			if o.Input == spec.InputJSONValue && len(k.Refusals) > 0 && contract == "" {
				contract, op, code = k.Contract, o.Op, k.Refusals[0].Code
			}
		}
	}
	if contract == "" {
		t.Fatal("no operation with a JSON value input")
	}
	h := hostile(t, map[string]any{"contracts": map[string][]string{contract: {op}}, "answer": "refuse"})
	args := []string{"eval", "--contract", contract, "--op", op, "--impl", "go", "--impl", "r=" + h}
	agreement := func(r result) string {
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		return lines[len(lines)-1]
	}
	// "{" is no JSON value: the reference refuses it with its table's
	// first refusal, the input refusal.
	if r := conform(t, "{", args...); r.code != report.ExitDisagree || !strings.Contains(agreement(r), `"agree":false`) {
		t.Errorf("exactly: exit %d, %s\n%s", r.code, r.stdout, r.stderr)
	}
	if r := conform(t, "{", append(args, "--compare", "verdict")...); r.code != 0 || !strings.Contains(agreement(r), `"agree":true`) {
		t.Errorf("--compare verdict: exit %d, %s\n%s", r.code, r.stdout, r.stderr)
	}
	cfg := filepath.Join(t.TempDir(), "conform.toml")
	words, err := shellquote.Split(h)
	if err != nil {
		t.Fatal(err)
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = quoteTOML(w)
	}
	toml := "[[impl]]\nname = \"r\"\ncommand = [" + strings.Join(quoted, ", ") + "]\ncompare = \"map\"\n\n[impl.messages]\nnope = \"" + code + "\"\n"
	if err := os.WriteFile(cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := conform(t, "{", "eval", "--contract", contract, "--op", op, "--impl", "go", "--impl", "r", "--config", cfg); r.code != 0 || !strings.Contains(agreement(r), `"agree":true`) {
		t.Errorf("a message map: exit %d, %s\n%s", r.code, r.stdout, r.stderr)
	}
}
