package ledger

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/report"
)

const good = `# two known divergences
format = 1

[[divergence]]
case = "0123456789abcdef"
impl = "ts"
outcome = "wrong-output"
link = "https://example.org/bugs/1"
expires = 2031-01-31
note = "a sentence"

[[divergence]]
case = "n_*"
impl = "python"
outcome = "accepted-should-refuse"
link = "http://example.org/bugs/2"
expires = 2030-12-01
source = "corpus"
`

func TestParse(t *testing.T) {
	l, err := Parse([]byte(good), "known.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 2 {
		t.Fatalf("%d entries", len(l.Entries))
	}
	a, b := l.Entries[0], l.Entries[1]
	if a.Case != "0123456789abcdef" || a.Impl != "ts" || a.Outcome != report.WrongOutput || a.Link != "https://example.org/bugs/1" ||
		!a.Expires.Equal(time.Date(2031, 1, 31, 0, 0, 0, 0, time.UTC)) || a.Source != SourceVector || a.Note != "a sentence" || a.Line != 4 {
		t.Errorf("first entry %+v", a)
	}
	if b.Source != SourceCorpus || b.Line != 12 || b.Where() != "known.toml:12" || b.Outcome != report.AcceptedShouldRefuse {
		t.Errorf("second entry %+v", b)
	}
}

// An entry may name an outside implementation (a team's own) only when the
// caller says the run or report has one by that name: a typo of a name is
// still refused at its line.
func TestParseOutside(t *testing.T) {
	in := entry("impl", `impl = "team-rs"`)
	if _, err := Parse([]byte(in), "f"); err == nil || err.Error() != `f:5: impl: unknown implementation "team-rs" (known: go, ts, python)` {
		t.Errorf("without outside names: %v", err)
	}
	l, err := Parse([]byte(in), "f", "team-rs", "team-py")
	if err != nil || l.Entries[0].Impl != "team-rs" {
		t.Fatalf("with team-rs outside: %v %v", l, err)
	}
	_, err = Parse([]byte(entry("impl", `impl = "team-sr"`)), "f", "team-rs", "team-py")
	if err == nil || err.Error() != `f:5: impl: unknown implementation "team-sr" (known: go, ts, python), nor an outside implementation of this run (team-rs, team-py)` {
		t.Errorf("a typo of an outside name: %v", err)
	}
}

// An empty ledger (no entry) is valid: it expects nothing.
func TestParseEmpty(t *testing.T) {
	l, err := Parse([]byte("format = 1\n"), "f")
	if err != nil || len(l.Entries) != 0 {
		t.Fatalf("%v %v", l, err)
	}
}

// entry is a valid entry with one line replaced (or added, when no line
// starts with the key).
func entry(key, line string) string {
	lines := []string{
		`case = "0123456789abcdef"`, `impl = "ts"`, `outcome = "wrong-output"`,
		`link = "https://example.org/bugs/1"`, `expires = 2031-01-31`,
	}
	out := []string{"format = 1", "", "[[divergence]]"}
	replaced := false
	for _, l := range lines {
		if strings.HasPrefix(l, key+" ") {
			replaced = true
			if line != "" {
				out = append(out, line)
			}
			continue
		}
		out = append(out, l)
	}
	if !replaced {
		out = append(out, line)
	}
	return strings.Join(out, "\n") + "\n"
}

// Every refusal names the file and the line of the problem.
func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"unknown key", entry("color", `color = "red"`), `f:9: unknown key "color"`},
		{"unknown top-level key", "format = 1\nowner = \"me\"\n", `f:2: unknown key "owner"`},
		{"unknown table", "format = 1\n[meta]\n", "f:2: unknown table [meta]"},
		{"unknown array table", "format = 1\n[[known]]\n", "f:2: unknown table [[known]]"},
		{"dotted key", entry("link", `link.url = "https://example.org"`), `f:7: unknown key "link.url"`},
		{"inline entries", "format = 1\ndivergence = []\n", "f:2: write each entry as a [[divergence]] table"},
		{"no format", "[[divergence]]\n", "f:1: no format key"},
		{"wrong format", "format = 2\n", "f:1: format must be the integer 1"},
		{"quoted date", entry("expires", `expires = "2031-01-31"`), "f:8: expires must be a TOML local date, YYYY-MM-DD without quotes (got a string)"},
		{"impossible date", entry("expires", `expires = 2031-02-30`), "f:8: expires 2031-02-30 is not a day of the calendar"},
		{"month 13", entry("expires", `expires = 2031-13-01`), "f:8: expires 2031-13-01 is not a day of the calendar"},
		{"date-time", entry("expires", `expires = 2031-01-31T10:00:00`), "f:8: expires must be a TOML local date, YYYY-MM-DD without quotes (got a date-time)"},
		{"missing keys", entry("link", ""), "f:3: the entry lacks link"},
		{"key twice", entry("note", "note = \"a\"\nnote = \"b\""), "f:10: key note given twice in one entry (first at line 9)"},
		{"wrong type", entry("impl", `impl = 3`), "f:5: impl must be a string (got a integer)"},
		{"unknown impl", entry("impl", `impl = "rust"`), `f:5: impl: unknown implementation "rust"`},
		{"unknown fake", entry("impl", `impl = "fake:nope"`), `f:5: impl: unknown fake "nope"`},
		{"agree is no divergence", entry("outcome", `outcome = "agree"`), `f:6: outcome "agree" is not a disagreeing outcome`},
		{"unknown outcome", entry("outcome", `outcome = "flaky"`), `f:6: outcome "flaky" is not a disagreeing outcome`},
		{"relative link", entry("link", `link = "bugs/1"`), `f:7: link "bugs/1" is not an absolute http or https URL`},
		{"other scheme", entry("link", `link = "javascript:alert(1)"`), `f:7: link "javascript:alert(1)" is not an absolute`},
		{"case name without contract", entry("case", `case = "array"`), `f:3: case "array" is a case name, and names repeat across contracts: give its contract`},
		{"unknown contract", entry("contract", `contract = "nope/1"`), `f:9: contract "nope/1" is not a contract of the catalogue`},
		{"bad pattern", entry("case", `case = "n_[a"`), `f:4: case "n_[a" is neither a case id nor a valid glob pattern`},
		{"empty case", entry("case", `case = ""`), `f:4: case "" is neither`},
		{"bad source", entry("source", `source = "fuzz"`), `f:9: source "fuzz": want vector or corpus`},
		{"syntax", "format = 1\n[[divergence]]\ncase = \"x\n", "f:3: "},
		{"invalid UTF-8", "format = 1\n# \xff\n", "f:2: not valid UTF-8"},
		{"duplicate entry", entry("note", "") + "\n" + strings.TrimPrefix(entry("note", ""), "format = 1\n"),
			`f:12: duplicate entry: case "0123456789abcdef" on ts is already the entry at line 3`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in), "f")
			if err == nil {
				t.Fatalf("accepted:\n%s", tc.in)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to hold %q\n%s", err, tc.want, tc.in)
			}
		})
	}
}

// The same pattern for two implementations, or for vectors and corpora,
// is two entries, not a duplicate.
func TestParseSamePatternElsewhere(t *testing.T) {
	in := entry("note", "") + strings.TrimPrefix(entry("impl", `impl = "python"`), "format = 1\n") +
		strings.TrimPrefix(entry("source", `source = "corpus"`), "format = 1\n")
	l, err := Parse([]byte(in), "f")
	if err != nil || len(l.Entries) != 3 {
		t.Fatalf("%v %v", l, err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "known.toml")
	if err := os.WriteFile(p, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Load(p)
	if err != nil || len(l.Entries) != 2 || l.Entries[1].Where() != p+":12" {
		t.Fatalf("%v %v", l, err)
	}
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, []byte("format = 1\n"+strings.Repeat("#\n", MaxSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "the bound on a ledger") {
		t.Errorf("a file over MaxSize: %v", err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "none.toml")); err == nil {
		t.Error("a missing file loaded")
	}
	// A named pipe is refused unopened: opening it would wait for a writer.
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(fifo); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("a named pipe: %v", err)
	}
}

// The checked-in ledger parses.
func TestCheckedInLedgerParses(t *testing.T) {
	if _, err := Load(filepath.Join("..", "..", DefaultPath)); err != nil {
		t.Fatal(err)
	}
}
