package spec_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// TestShapesAreGenerated holds every declaration of shapes to its one
// written form and every member table of its spec to the declaration: the
// tables are rendered from it, so the objects are written down once.
func TestShapesAreGenerated(t *testing.T) {
	cat, err := spec.ParseDir(os.DirFS("../.."), "spec")
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, k := range cat.Contracts {
		if k.Shapes == "" {
			continue
		}
		declared++
		d, err := spec.ParseShapes(os.DirFS("../.."), "spec", k)
		if err != nil {
			t.Fatal(err)
		}
		cur, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(k.Shapes)))
		if err != nil {
			t.Fatal(err)
		}
		if want, err := d.Encode(); err != nil || !bytes.Equal(cur, want) {
			t.Errorf("%s is not in its written form (%v): run go run ./spec/generate", k.Shapes, err)
		}
		doc, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(k.Spec)))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range d.Objects {
			begin := shapes.TableBegin(o.Name) + "\n"
			i := bytes.Index(doc, []byte(begin))
			if i < 0 {
				continue
			}
			j := bytes.Index(doc[i:], []byte(shapes.TableEnd(o.Name)))
			if j < 0 || string(doc[i+len(begin):i+j]) != d.Table(o.Name) {
				t.Errorf("%s: the member table of %s is not the declaration's: run go run ./spec/generate", k.Spec, o.Name)
			}
		}
	}
	if declared < 2 {
		t.Fatalf("%d contracts declare their shapes, want at least 2", declared)
	}
}

// readsShapes matches what reading a declaration of shapes takes: its
// file name, or the catalogue member that points at it.
var readsShapes = regexp.MustCompile(`shapes\.json|["'.\[]shapes["'\]]?\b`)

// TestMirrorsNeverReadTheShapes is the independence rule of spec/README.md
// ("Shapes"): no file of the mirrors (their sources, tests and kits) names
// a declaration of shapes or the catalogue member that points at one, so
// that no mirror can derive its validation from it.
func TestMirrorsNeverReadTheShapes(t *testing.T) {
	n := 0
	for p, data := range repoFiles(t) {
		if !strings.HasPrefix(p, "mirrors/") {
			continue
		}
		n++
		if m := readsShapes.Find(data); m != nil {
			t.Errorf("%s holds %q: a mirror never reads a declaration of shapes", p, m)
		}
	}
	if n < 20 {
		t.Fatalf("only %d mirror files: not this repository", n)
	}
	if !readsShapes.MatchString(`d = json.load(open("spec/x/shapes.json"))`) || !readsShapes.MatchString(`cat["shapes"]`) || !readsShapes.MatchString(`k.shapes`) {
		t.Fatal("the pattern misses a read of the shapes")
	}
}
