package reference_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"conform/reference"
	"conform/reference/refusal"
)

// specFiles maps the contracts whose refusal tables TestSpecTables checks
// to their spec files.
var specFiles = map[string]string{
	"prim/1":    "prim.md",
	"ticker/1":  "ticker.md",
	"v8date/1":  "v8date.md",
	"ed25519/1": "ed25519.md",
	"digest/1":  "digest.md",
}

// tableRow matches a row of a spec's "Refusals" table: | `code` | `message` |...
var tableRow = regexp.MustCompile("^\\| `([a-z0-9_.]+)` \\| `([^`]+)` \\|")

// specTable reads the (code, message) rows of the "## Refusals" section of
// a spec file, in order.
func specTable(t *testing.T, file string) []refusal.Guard {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "spec", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []refusal.Guard
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Refusals"
			continue
		}
		if m := tableRow.FindStringSubmatch(line); in && m != nil {
			rows = append(rows, refusal.Guard{Code: m[1], Message: m[2]})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestSpecTables checks that each contract's Guards are exactly its spec's
// refusal table, codes and messages byte for byte, in table order, and that
// every operation of the contract shares that one table.
func TestSpecTables(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range reference.Operations() {
		file, ok := specFiles[o.Contract]
		if !ok {
			continue
		}
		seen[o.Contract] = true
		want := specTable(t, file)
		if len(want) == 0 {
			t.Fatalf("%s: no refusal table in spec/%s", o.Contract, file)
		}
		if len(o.Guards) != len(want) {
			t.Errorf("%s %s: %d guards; spec/%s has %d", o.Contract, o.Op, len(o.Guards), file, len(want))
			continue
		}
		for i, g := range o.Guards {
			if g.Code != want[i].Code || g.Message != want[i].Message || g.Contract != o.Contract {
				t.Errorf("%s %s: guard %d is %s %q; spec has %s %q", o.Contract, o.Op, i, g.Code, g.Message, want[i].Code, want[i].Message)
			}
		}
	}
	for c := range specFiles {
		if !seen[c] {
			t.Errorf("%s is not registered", c)
		}
	}
}
