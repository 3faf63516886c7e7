package weaken

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/vectors"
)

func TestWithout(t *testing.T) {
	full, err := Cases(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	drop := full[len(full)/2]
	fsys, err := Without(vectors.Embedded(), drop.ID)
	if err != nil {
		t.Fatal(err)
	}
	weak, err := Cases(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(weak) != len(full)-1 {
		t.Fatalf("%d cases, want %d", len(weak), len(full)-1)
	}
	for _, c := range weak {
		if c.ID == drop.ID {
			t.Fatalf("%s is still there", drop.ID)
		}
	}
	// Dropping every case of a file drops the file from the MANIFEST.
	file, _, _ := strings.Cut(strings.TrimPrefix(drop.Source, "vectors/"), ":")
	fsys, err = Copy(vectors.Embedded(), func(path, _, line string) (string, bool) { return line, path != file })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := fsys[file]; ok {
		t.Errorf("%s kept with no case", file)
	}
	if _, err := Cases(fsys); err != nil {
		t.Errorf("the copy without %s does not load: %v", file, err)
	}
}
