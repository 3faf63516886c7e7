package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
)

// editVector copies the vector set to a directory, lets edit rewrite the
// lines of the first vector file of contract (its first case line is
// lines[1]), and rewrites the MANIFEST line of that file. It returns the
// directory and the file's path inside it.
func editVector(t *testing.T, contract string, edit func(lines []string) []string) (dir, name string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "vectors")
	copyDir(t, filepath.Join("..", "..", "vectors"), dir)
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Header.Contract == contract && !strings.HasPrefix(f.Path, vectors.FindingsDir) {
			name = f.Path
			break
		}
	}
	file := filepath.Join(dir, filepath.FromSlash(name))
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := edit(strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"))
	nb := []byte(strings.Join(lines, "\n") + "\n")
	if err := os.WriteFile(file, nb, 0o644); err != nil {
		t.Fatal(err)
	}
	old, new := sha256.Sum256(b), sha256.Sum256(nb)
	m := filepath.Join(dir, vectors.ManifestPath)
	mb, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	mb = bytes.Replace(mb, []byte(hex.EncodeToString(old[:])+"  "+name), []byte(hex.EncodeToString(new[:])+"  "+name), 1)
	if err := os.WriteFile(m, mb, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, name
}

// caseLine decodes a vector file's case line into a map, and encodes one.
func caseLine(t *testing.T, line string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func encode(t *testing.T, m map[string]any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// The version-bump gate on a vector set on disk. A silent change (a
// vector's expectation edited under the same contract version) fails
// conform vectors verify, conform run and conform vectors lock, each
// naming the contract, the case and the command that records it under a
// new version, and the lock is left as it was.
func TestGateRefusesASilentChange(t *testing.T) {
	contract := firstContract(t)
	var id string
	dir, name := editVector(t, contract, func(lines []string) []string {
		m := caseLine(t, lines[1])
		id = m["id"].(string)
		if m["expect"] == "ok" {
			m["output"], m["output_hex"] = "changed", nil
			delete(m, "output_hex")
		} else {
			m["message"] = "a changed message"
		}
		lines[1] = encode(t, m)
		return lines
	})
	lockBefore, err := os.ReadFile(filepath.Join(dir, "LOCK"))
	if err != nil {
		t.Fatal(err)
	}
	wants := []string{dir + "/LOCK: " + contract + " changed without a new contract version",
		"case " + id + ": expectation changed (" + dir + "/" + name + ":2",
		"go run ./cmd/conform vectors lock --vectors " + dir}
	for _, args := range [][]string{
		{"vectors", "verify", "--vectors", dir},
		{"run", "--impl", "go", "--vectors", dir},
		{"vectors", "lock", "--vectors", dir},
	} {
		r := conform(t, "", args...)
		if r.code != report.ExitUsage {
			t.Errorf("%v: exit %d\n%s\n%s", args, r.code, r.stdout, r.stderr)
		}
		for _, w := range wants {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, w, r.stderr)
			}
		}
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "LOCK")); !bytes.Equal(after, lockBefore) {
		t.Error("conform vectors lock changed the lock")
	}
}

// An additive change (a new vector) is accepted without a new version:
// conform run says the lock does not record it yet and runs; conform
// vectors verify fails until conform vectors lock records it, then passes.
func TestGateAcceptsAnAdditiveChange(t *testing.T) {
	contract := firstContract(t)
	dir, _ := editVector(t, contract, func(lines []string) []string {
		for _, l := range lines[1:] {
			m := caseLine(t, l)
			in, ok := m["input"].(string)
			if !ok {
				continue
			}
			m["input"] = in + " "
			m["name"] = m["name"].(string) + ".added"
			m["id"] = vectors.CaseID(contract, lineOp(t, lines[0]), []byte(in+" "))
			return append(lines, encode(t, m))
		}
		t.Fatal("no case with a text input")
		return nil
	})
	r := conform(t, "", "vectors", "verify", "--vectors", dir)
	if r.code != report.ExitUsage || !strings.Contains(r.stdout, "FAIL "+dir+"/LOCK does not record "+contract+": 1 new vector: additive, no new version needed") {
		t.Errorf("verify before lock: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = conform(t, "", "run", "--impl", "go", "--contract", contract, "--vectors", dir)
	if r.code == report.ExitUsage || !strings.Contains(r.stderr, dir+"/LOCK does not record "+contract+": 1 new vector") {
		t.Errorf("run: exit %d\n%s", r.code, r.stderr)
	}
	r = conform(t, "", "vectors", "lock", "--vectors", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "recorded "+contract+": 1 new vector") {
		t.Errorf("lock: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := conform(t, "", "vectors", "verify", "--vectors", dir); r.code != 0 {
		t.Errorf("verify after lock: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := conform(t, "", "vectors", "lock", "--vectors", dir); r.code != 0 || !strings.Contains(r.stdout, "is current") {
		t.Errorf("lock again: %s", r.stdout)
	}
}

// A vector set without a LOCK has no gate: run and verify refuse it.
func TestGateNeedsALock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "vectors")
	copyDir(t, filepath.Join("..", "..", "vectors"), dir)
	if err := os.Remove(filepath.Join(dir, "LOCK")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"vectors", "verify", "--vectors", dir}, {"run", "--impl", "go", "--vectors", dir}} {
		r := conform(t, "", args...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, dir+"/LOCK is missing") {
			t.Errorf("%v: exit %d %s", args, r.code, r.stderr)
		}
	}
}

func lineOp(t *testing.T, header string) string {
	t.Helper()
	return caseLine(t, header)["op"].(string)
}
