package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kballard/go-shellquote"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// The real-code trial of README.md, "Bring your own implementation": a
// team's own implementation, written in a temporary directory outside the
// repository in TypeScript and in Python, each importing nothing but its
// kit (mirrors/kit/ts, installed with npm from a packed copy; and
// mirrors/kit/python/conform_kit.py beside the team's module), each with
// one deliberate bug. conform starts each by --impl on the command line
// and from a configuration file, as a local process and as a container
// image built on the local base image; each time the bug is found and its
// repro line, run by sh as printed, names the implementation and finds it
// again. node, npm, python3 and a Docker engine are required: their
// absence fails the trial (CI has them), nothing is skipped.
//
// The team implements the operation whose pattern is
// ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$ (a share's exchange symbol: SPY, BRK.B),
// found in the catalogue by that pattern (a contract is named only in its
// own files), and announces only that operation: the contract's other
// operations are skipped. The bugs are the two traps the contract's spec names: the
// TypeScript team matches case-insensitively (the i flag: "spy" passes),
// the Python team uses re.match with $, which matches before a final
// newline ("SPY\n" passes).

// trialTeam is what the trial knows of the contract: its name, the
// operation, and the three refusal messages the operation can give (a defect of the JSON
// input, a value that is not a string, a value outside the pattern),
// read from the catalogue by their exception tags and operations.
type trialTeam struct {
	contract, op, input, notString, pattern string
}

// shareSymbol is the pattern of the trial's operation, as its refusal
// message spells it.
const shareSymbol = "^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"

func trialContract(t *testing.T) trialTeam {
	t.Helper()
	for _, k := range spec.MustLoad().Contracts {
		op := ""
		for _, r := range k.Refusals {
			if len(r.Ops) == 1 && strings.HasSuffix(r.Message, shareSymbol) {
				op = r.Ops[0]
			}
		}
		if op == "" {
			continue
		}
		tt := trialTeam{contract: k.Contract, op: op}
		for _, r := range k.RefusalsOf(op) {
			switch {
			case r.Exception == "grammar":
				tt.input = r.Message
			case r.Exception == "type-guard":
				tt.notString = r.Message
			case len(r.Ops) == 1:
				tt.pattern = r.Message
			}
		}
		if tt.input == "" || tt.notString == "" || tt.pattern == "" {
			t.Fatalf("%s %s: its refusals are not the three the trial expects", k.Contract, op)
		}
		return tt
	}
	t.Fatal("no operation of the catalogue refuses with the pattern " + shareSymbol)
	return trialTeam{}
}

// The TypeScript team: JSON.parse, a scan for what it lets through
// (duplicate member names, nesting deeper than 128), the pattern with the
// i flag (the bug).
const teamTS = `import { Kit, Refusal } from "conform-kit";

const CONTRACT = %q;
const OP = %q;
const INPUT = %q;
const NOT_STRING = %q;
const PATTERN_MESSAGE = %q;
// The deliberate bug: case-insensitive.
const PATTERN = /^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$/i;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

// JSON.parse keeps the last of two equal member names and nests as deep as
// it likes; the contract refuses both.
function lenient(text) {
  const stack = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const raw = text.slice(i, j + 1);
      i = j;
      let k = j + 1;
      while (" \t\n\r".includes(text[k])) k++;
      if (text[k] === ":") {
        const names = stack[stack.length - 1];
        const name = JSON.parse(raw);
        if (names.has(name)) return true;
        names.add(name);
      }
    } else if (c === "{" || c === "[") {
      stack.push(new Set());
      if (stack.length > 128) return true;
    } else if (c === "}" || c === "]") {
      stack.pop();
    }
  }
  return false;
}

function shareSymbol(input) {
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) throw new Refusal(INPUT);
  let text;
  let value;
  try {
    text = utf8.decode(input);
    value = JSON.parse(text);
  } catch {
    throw new Refusal(INPUT);
  }
  if (typeof value !== "string") {
    if (lenient(text)) throw new Refusal(INPUT);
    throw new Refusal(NOT_STRING);
  }
  if (!PATTERN.test(value)) throw new Refusal(PATTERN_MESSAGE);
  return new TextEncoder().encode(value);
}

new Kit({ name: "team-ts", version: "1.4.0" }).handle(CONTRACT, OP, shareSymbol).serve();
`

// The Python team: json.loads with hooks for what it lets through, the
// pattern with re.match (the bug).
const teamPy = `import json
import re
import sys

from conform_kit import Kit, Refusal

CONTRACT = %q
OP = %q
INPUT = %q
NOT_STRING = %q
PATTERN_MESSAGE = %q
# The deliberate bug: re.match with $, which also matches before a final newline.
PATTERN = re.compile(r"^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$")


def pairs(items):
    names = [name for name, _ in items]
    if len(set(names)) != len(names):
        raise ValueError("duplicate member name")
    return dict(items)


def constant(name):
    raise ValueError(name)


def depth(value):
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def share_symbol(data: bytes) -> bytes:
    try:
        if data.startswith(b"\xef\xbb\xbf"):
            raise ValueError("byte order mark")
        value = json.loads(data.decode("utf-8"), object_pairs_hook=pairs, parse_constant=constant)
        if depth(value) > 128:
            raise ValueError("too deep")
    except (ValueError, RecursionError):
        raise Refusal(INPUT)
    if not isinstance(value, str):
        raise Refusal(NOT_STRING)
    if not PATTERN.match(value):
        raise Refusal(PATTERN_MESSAGE)
    return value.encode("utf-8")


kit = Kit("team-py", "2.0.1")
kit.handle(CONTRACT, OP, share_symbol)
sys.exit(kit.main())
`

// trialRoot is the repository root (the module of this package).
func trialRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	return root
}

// command runs name with args in dir and fails the test on an error.
func command(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}

// writeTeams writes both teams under dir (outside the repository): team-ts
// with the kit installed by npm from a tarball npm pack made of a copy of
// mirrors/kit/ts, team-py with conform_kit.py beside it.
func writeTeams(t *testing.T, dir string, tt trialTeam) (tsDir, pyDir string) {
	t.Helper()
	root := trialRoot(t)
	for _, prog := range []string{"node", "npm", "python3", "docker"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Fatalf("the real-code trial needs %s (ci/setup.sh and ci/docker.sh install it): %v", prog, err)
		}
	}
	tsDir, pyDir = filepath.Join(dir, "team-ts"), filepath.Join(dir, "team-py")
	kitCopy := filepath.Join(dir, "kit-copy")
	for _, d := range []string{tsDir, pyDir, kitCopy} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"package.json", "index.js", "index.d.ts", "README.md"} {
		b, err := os.ReadFile(filepath.Join(root, "mirrors", "kit", "ts", f))
		if err != nil {
			if f == "README.md" && os.IsNotExist(err) {
				continue
			}
			t.Fatalf("the TypeScript kit: %v", err)
		}
		if err := os.WriteFile(filepath.Join(kitCopy, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tgz := strings.TrimSpace(command(t, kitCopy, "npm", "pack", "--silent", "--pack-destination", tsDir))
	pkg := `{"name":"team-ts","version":"1.4.0","private":true,"type":"module"}`
	if err := os.WriteFile(filepath.Join(tsDir, "package.json"), []byte(pkg), 0o644); err != nil {
		t.Fatal(err)
	}
	command(t, tsDir, "npm", "install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", "./"+filepath.Base(tgz))
	if err := os.WriteFile(filepath.Join(tsDir, "team.mjs"), fmt.Appendf(nil, teamTS, tt.contract, tt.op, tt.input, tt.notString, tt.pattern), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "mirrors", "kit", "python", "conform_kit.py"))
	if err != nil {
		t.Fatalf("the Python kit: %v", err)
	}
	if err := os.WriteFile(filepath.Join(pyDir, "conform_kit.py"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pyDir, "team.py"), fmt.Appendf(nil, teamPy, tt.contract, tt.op, tt.input, tt.notString, tt.pattern), 0o644); err != nil {
		t.Fatal(err)
	}
	return tsDir, pyDir
}

// trialRun is one conform run of the trial, from the binary, and its
// report.
type trialRun struct {
	r   limited
	rep report.Report
}

func runTrial(t *testing.T, bin, dir string, args ...string) trialRun {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.jsonl")
	cmd := exec.Command(bin, append(append([]string{"run"}, args...), "--report", path)...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	t0 := time.Now()
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	r := limited{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String(), took: time.Since(t0)}
	if r.code != report.ExitDisagree {
		t.Fatalf("conform run %s: exit %d, want 1 (the bugs)\n%s\n%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return trialRun{r, readReport(t, path)}
}

// equityPattern is the contract's pattern, for the trial's own prediction
// of where each bug shows.
var equityPattern = regexp.MustCompile(shareSymbol)

// bugCase reports whether the team's deliberate bug accepts input, a case
// the contract refuses: for team-ts, a JSON string that fails the pattern
// and passes it with its ASCII letters upper-cased (the i flag); for
// team-py, one that fails it and passes it without a final newline
// (re.match's $).
func bugCase(team string, input []byte) bool {
	var s string
	if json.Unmarshal(input, &s) != nil || equityPattern.MatchString(s) {
		return false
	}
	switch team {
	case "team-ts":
		return equityPattern.MatchString(strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' {
				return r - 'a' + 'A'
			}
			return r
		}, s))
	case "team-py":
		rest, ok := strings.CutSuffix(s, "\n")
		return ok && equityPattern.MatchString(rest)
	}
	return false
}

// checkFound checks that the run found each team's bug and nothing else:
// the cases of the operation that disagree are exactly the vectors the bug
// accepts (each accepted-should-refuse), every other one agrees, the
// contract's other operations are skipped (not announced); and the repro
// line of a bug case, run by sh as printed, names the team and finds it
// again. names maps each team to its name in the run. It returns the
// repro lines.
func checkFound(t *testing.T, run trialRun, dir string, tt trialTeam, names map[string]string) map[string]string {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	repros := map[string]string{}
	for team, impl := range names {
		predicted := map[string]bool{}
		for _, f := range files {
			for _, c := range f.Cases {
				if c.Contract == tt.contract && c.Op == tt.op && c.Expect == vectors.ExpectRefused && bugCase(team, c.Input) {
					predicted[c.ID] = true
				}
			}
		}
		if len(predicted) == 0 {
			t.Fatalf("%s: no vector shows its bug; the trial would prove nothing", team)
		}
		found, agree := map[string]bool{}, 0
		for _, row := range run.rep.Rows {
			if row.Impl != impl || row.Contract != tt.contract {
				continue
			}
			switch {
			case row.Op != tt.op:
				if row.Outcome != report.Skipped {
					t.Errorf("%s answered %s %s, which it does not announce: %s", impl, row.Contract, row.Op, row.Outcome)
				}
			case row.Outcome == report.Agree:
				agree++
				if predicted[row.Case] {
					t.Errorf("%s agrees on %s, a case of its bug", impl, row.Name)
				}
			case row.Outcome == report.AcceptedShouldRefuse && predicted[row.Case]:
				found[row.Case] = true
				if repros[impl] == "" {
					repros[impl] = row.Repro
				}
			default:
				t.Errorf("%s: %s on %s (%q): not its deliberate bug", impl, row.Outcome, row.Name, row.Input)
			}
		}
		if len(found) != len(predicted) || agree == 0 {
			t.Errorf("%s: the bug found on %d cases of the %d it shows on; %d agree", impl, len(found), len(predicted), agree)
		}
		line := repros[impl]
		if !strings.Contains(line, impl) {
			t.Fatalf("%s: the repro line does not name it: %s", impl, line)
		}
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != report.ExitDisagree || !strings.Contains(string(out), "] "+impl+": accepted-should-refuse") {
			t.Errorf("%s: the repro line, run as printed: %s\nexit %d\n%s", impl, line, cmd.ProcessState.ExitCode(), out)
		}
	}
	return repros
}

func TestRealCodeTrial(t *testing.T) {
	tt := trialContract(t)
	dir := t.TempDir()
	tsDir, pyDir := writeTeams(t, dir, tt)
	bin := conformBinary(t)
	tsCmd := shellquote.Join("node", filepath.Join(tsDir, "team.mjs"))
	pyCmd := shellquote.Join("python3", filepath.Join(pyDir, "team.py"))
	both := map[string]string{"team-ts": "team-ts", "team-py": "team-py"}

	t.Run("command line, local", func(t *testing.T) {
		run := runTrial(t, bin, dir, "--contract", tt.contract, "--impl", "team-ts="+tsCmd, "--impl", "team-py="+pyCmd)
		repros := checkFound(t, run, dir, tt, both)
		if !strings.Contains(repros["team-ts"], "--impl "+shellquote.Join("team-ts="+tsCmd)) {
			t.Errorf("the repro line does not carry the --impl value: %s", repros["team-ts"])
		}
		for _, m := range run.rep.Header.Impls {
			if m.Impl == "team-py" && (m.Outside != "--impl" || m.Name != "team-py" || m.Version != "2.0.1" || m.Language != "python" || m.RuntimeVersion == "") {
				t.Errorf("header: %+v", m)
			}
		}
	})

	t.Run("configuration file, local", func(t *testing.T) {
		work := filepath.Join(dir, "work")
		if err := os.MkdirAll(work, 0o755); err != nil {
			t.Fatal(err)
		}
		cfg := "[[impl]]\nname = \"team-ts\"\ncommand = [\"node\", \"team.mjs\"]\ndir = \"../team-ts\"\ncontracts = [\"" + tt.contract + "\"]\n\n" +
			"[[impl]]\nname = \"team-py\"\ncommand = \"python3 -B team.py\"\ndir = \"../team-py\"\ntimeout = \"20s\"\n"
		if err := os.WriteFile(filepath.Join(work, "conform.toml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		// conform.toml of the working directory, found without --config.
		run := runTrial(t, bin, work, "--contract", tt.contract, "--impl", "team-ts,team-py")
		repros := checkFound(t, run, work, tt, both)
		if !strings.Contains(repros["team-py"], "--config "+filepath.Join(work, "conform.toml")+" --impl team-py") {
			t.Errorf("the repro line does not carry --config: %s", repros["team-py"])
		}
	})

	t.Run("containers", func(t *testing.T) {
		dockerfile := "ARG BASE\nFROM ${BASE}\nWORKDIR /team\nCOPY . /team\nENTRYPOINT [%s]\n"
		if err := os.WriteFile(filepath.Join(tsDir, "Dockerfile"), fmt.Appendf(nil, dockerfile, `"node", "/team/team.mjs"`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pyDir, "Dockerfile"), fmt.Appendf(nil, dockerfile, `"python3", "-B", "/team/team.py"`), 0o644); err != nil {
			t.Fatal(err)
		}
		tsImg := buildImage(t, tsDir, "conform-trial-team-ts")
		pyImg := buildImage(t, pyDir, "conform-trial-team-py")
		// From the command line.
		run := runTrial(t, bin, dir, "--contract", tt.contract, "--impl", "team-ts=image:"+tsImg.Ref, "--impl", "team-py=image:"+pyImg.Ref)
		repros := checkFound(t, run, dir, tt, both)
		if !strings.Contains(repros["team-ts"], "--impl 'team-ts=image:"+tsImg.ID+"'") {
			t.Errorf("the repro line does not name the image by ID: %s", repros["team-ts"])
		}
		for _, m := range run.rep.Header.Impls {
			img := map[string]string{"team-ts": tsImg.ID, "team-py": pyImg.ID}[m.Impl]
			if img != "" && (m.Transport != "container" || m.ImageID != img || m.Outside != "--impl") {
				t.Errorf("header: %+v", m)
			}
		}
		// From a YAML configuration file given with --config.
		cfg := filepath.Join(dir, "images.yaml")
		text := "impl:\n  - name: team-ts-image\n    image: " + tsImg.Ref + "\n  - name: team-py-image\n    image: " + pyImg.Ref + "\n    contracts: [" + tt.contract + "]\n"
		if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		run = runTrial(t, bin, dir, "--contract", tt.contract, "--config", cfg, "--impl", "team-ts-image,team-py-image")
		checkFound(t, run, dir, tt, map[string]string{"team-ts": "team-ts-image", "team-py": "team-py-image"})
	})
}
