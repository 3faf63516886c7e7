package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kballard/go-shellquote"

	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// naclHarness is a team's harness around a real library, PyNaCl (Debian's
// python3-nacl, which ci/setup.sh installs, under Debian's python3),
// behind the Python kit: it verifies with nacl.signing and refuses in the
// library's own words, as a team's harness does before it maps anything.
const naclHarness = `import json
import sys

import nacl.exceptions
import nacl.signing

from conform_kit import Kit, Refusal

CONTRACT, OP = sys.argv[1], sys.argv[2]


def verify(data: bytes) -> bytes:
    try:
        doc = json.loads(data)
        key, sig, msg = (bytes.fromhex(doc[k]) for k in ("key", "sig", "msg"))
    except Exception:
        raise Refusal("bad input") from None
    try:
        nacl.signing.VerifyKey(key).verify(msg, sig)
    except (nacl.exceptions.BadSignatureError, ValueError, nacl.exceptions.CryptoError) as e:
        raise Refusal(str(e)) from None
    return b""


kit = Kit("pynacl", "1.5.0")
kit.handle(CONTRACT, OP, verify)
sys.exit(kit.main())
`

// verifyOperation is the catalogue's signature verification: the
// operation whose input is an object {key, sig, msg} of hex strings, and
// the refusal code and message of a signature that does not verify.
func verifyOperation(t *testing.T) (contract, op, code, message string) {
	t.Helper()
	for _, k := range spec.MustLoad().Contracts {
		for _, o := range k.Operations {
			if !strings.Contains(o.Accepts, "{key, sig, msg}") {
				continue
			}
			for _, r := range k.Refusals {
				if r.Message == "signature does not verify" {
					return k.Contract, o.Op, r.Code, r.Message
				}
			}
		}
	}
	t.Fatal("no verification operation in the catalogue")
	return
}

// A team's real library, compared three ways (README.md, "Bring your own
// implementation"). Exactly: its refusals in its own words are each
// unknown-message, apart from the wrong verdicts, and listed with their
// counts. On its verdicts (--compare verdict): no wrong-message or
// unknown-message row is left, those refusals are other-message, and
// every wrong verdict of the exact run is still there, the same rows.
// With a message map in a configuration file: the mapped refusals agree.
func TestRealLibraryComparedOnItsVerdicts(t *testing.T) {
	contract, op, code, message := verifyOperation(t)
	root, err := module.Root()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	kitSrc, err := os.ReadFile(filepath.Join(root, "mirrors", "kit", "python", "conform_kit.py"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"conform_kit.py": string(kitSrc), "team.py": naclHarness} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Debian's python3, where Debian's python3-nacl is.
	cmd := shellquote.Join("/usr/bin/python3", "-B", filepath.Join(dir, "team.py"), contract, op)
	runWith := func(name string, args ...string) (result, report.Report) {
		t.Helper()
		path := filepath.Join(dir, name+".jsonl")
		r := conform(t, "", append([]string{"run", "--contract", contract, "--impl", "go", "--report", path}, args...)...)
		if r.code != report.ExitAgree && r.code != report.ExitDisagree {
			t.Fatalf("%s: exit %d\n%s", name, r.code, r.stderr)
		}
		return r, readReport(t, path)
	}
	count := func(rep report.Report) map[report.Outcome]int {
		n := map[report.Outcome]int{}
		for _, row := range rep.Rows {
			if row.Impl == "nacl" {
				n[row.Outcome]++
			}
		}
		return n
	}
	wrongVerdicts := func(rep report.Report) map[string]report.Outcome {
		m := map[string]report.Outcome{}
		for _, row := range rep.Rows {
			switch row.Outcome {
			case report.AcceptedShouldRefuse, report.RefusedShouldAccept, report.WrongOutput, report.Errored, report.Timeout:
				if row.Impl == "nacl" {
					m[row.Case] = row.Outcome
				}
			}
		}
		return m
	}

	exactOut, exact := runWith("exact", "--impl", "nacl="+cmd)
	ne := count(exact)
	if ne[report.UnknownMessage] == 0 || ne[report.OtherMessage] != 0 {
		t.Fatalf("exact: %v; want the library's own words as unknown-message", ne)
	}
	for _, want := range []string{
		"unknown-msg", // the matrix's column, apart from the wrong verdicts
		"messages outside their contract's refusal table",                  // listed,
		`nacl ` + contract + ` "Signature was forged or corrupt"`,          // with the count of each
		"disagreements by implementation, outcome, expectation and source", // and grouped
	} {
		if !strings.Contains(exactOut.stdout, want) {
			t.Errorf("exact: the text output lacks %q:\n%.3000s", want, exactOut.stdout)
		}
	}

	_, verdict := runWith("verdict", "--impl", "nacl="+cmd, "--compare", "verdict")
	nv := count(verdict)
	if nv[report.WrongMessage] != 0 || nv[report.UnknownMessage] != 0 || nv[report.OtherMessage] != ne[report.UnknownMessage]+ne[report.WrongMessage] {
		t.Errorf("verdict: %v; exact %v: want every message disagreement of the exact run as other-message", nv, ne)
	}
	if m := findMeta(t, verdict, "nacl"); m.Compare != report.CompareVerdict {
		t.Errorf("the header records compare %q", m.Compare)
	}
	we, wv := wrongVerdicts(exact), wrongVerdicts(verdict)
	if len(we) != len(wv) {
		t.Errorf("wrong verdicts: %d exactly, %d on the verdict", len(we), len(wv))
	}
	for id, o := range we {
		if wv[id] != o {
			t.Errorf("case %s: %s exactly, %q on the verdict: a genuine divergence lost", id, o, wv[id])
		}
	}

	cfg := filepath.Join(dir, "conform.toml")
	toml := "[[impl]]\nname = \"nacl\"\ncommand = " + quoteTOML(cmd) + "\ncompare = \"map\"\n\n[impl.messages]\n\"Signature was forged or corrupt\" = \"" + code + "\"\n"
	if err := os.WriteFile(cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	_, mapped := runWith("mapped", "--config", cfg, "--impl", "nacl")
	agreed := 0
	for _, row := range mapped.Rows {
		if row.Impl != "nacl" || row.Got.Message != "Signature was forged or corrupt" || row.Expected.Message != message {
			continue
		}
		if row.Outcome != report.Agree {
			t.Errorf("case %s: mapped %q to %s and still %s", row.Case, row.Got.Message, code, row.Outcome)
		}
		agreed++
	}
	if agreed == 0 {
		t.Error("no refusal of the library was mapped")
	}
	nm := count(mapped)
	if nm[report.UnknownMessage] >= ne[report.UnknownMessage] {
		t.Errorf("mapped: %v; exact %v: the map left as many unknown messages", nm, ne)
	}
}

// quoteTOML quotes s as a TOML basic string.
func quoteTOML(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
