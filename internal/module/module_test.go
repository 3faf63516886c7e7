package module

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The derived path is the one go.mod declares: nothing else spells it.
func TestPathIsGoModsModule(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	if want := "module " + Path; strings.TrimSpace(first) != want {
		t.Fatalf("go.mod starts %q; Path gives %q", first, want)
	}
	if !strings.Contains(Path, ".") || strings.HasSuffix(Path, "/") {
		t.Fatalf("Path %q is not a fetchable module path (host/owner/name)", Path)
	}
}

func TestUpgrade(t *testing.T) {
	for _, c := range []struct {
		in, want string
		changed  bool
	}{
		{"conform/fuzz", Path + "/fuzz", true},
		{"conform/fuzz/gocheck", Path + "/fuzz/gocheck", true},
		{"conform", Path, true},
		{Path + "/fuzz", Path + "/fuzz", false},
		{"conformx/fuzz", "conformx/fuzz", false},
		{"example.com/team/fuzz", "example.com/team/fuzz", false},
	} {
		if got, changed := Upgrade(c.in); got != c.want || changed != c.changed {
			t.Errorf("Upgrade(%q) = %q, %v; want %q, %v", c.in, got, changed, c.want, c.changed)
		}
	}
}
