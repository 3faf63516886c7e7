package spec_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/conform-dev/conform/internal/spec"
)

// TestCatalogueIsGenerated checks that catalogue.json is exactly what the
// spec files give: a spec edit without `go run ./spec/generate` fails here.
func TestCatalogueIsGenerated(t *testing.T) {
	cat, err := spec.ParseDir(os.DirFS("../.."), "spec")
	if err != nil {
		t.Fatal(err)
	}
	want, err := cat.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(spec.JSON(), want) {
		t.Fatal("spec/catalogue.json is stale: run go run ./spec/generate")
	}
	got, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Contracts) != len(cat.Contracts) {
		t.Fatalf("Load has %d contracts, the specs %d", len(got.Contracts), len(cat.Contracts))
	}
	kit, err := cat.KitGo()
	if err != nil {
		t.Fatal(err)
	}
	if cur, err := os.ReadFile(filepath.Join("..", "..", spec.KitPath)); err != nil || !bytes.Equal(cur, kit) {
		t.Errorf("%s is stale (%v): run go run ./spec/generate", spec.KitPath, err)
	}
	refusals, err := cat.KitRefusals()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range spec.KitRefusalPaths {
		if cur, err := os.ReadFile(filepath.Join("..", "..", p)); err != nil || !bytes.Equal(cur, refusals) {
			t.Errorf("%s is stale (%v): run go run ./spec/generate", p, err)
		}
	}
	for _, doc := range []struct{ path, prefix string }{{"../../README.md", "spec/"}, {"../../spec/README.md", ""}} {
		cur, err := os.ReadFile(doc.path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := spec.Render(doc.path, cur, cat.Table(doc.prefix))
		if err != nil {
			t.Fatal(err)
		}
		if doc.path == "../../README.md" {
			ex, err := cat.Examples()
			if err != nil {
				t.Fatal(err)
			}
			if want, err = spec.RenderBlock(doc.path, want, spec.ExamplesBegin, spec.ExamplesEnd, ex); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(cur, want) {
			t.Errorf("%s: the generated contract table is stale: run go run ./spec/generate", doc.path)
		}
	}
}

const good = "# `demo/1` \u2014 a demo\n\n## Operations\n\n" +
	"| operation | input kind | input | output on acceptance |\n| --- | --- | --- | --- |\n" +
	"| `one` | `bytes` | text | empty |\n| `two` | `json-value` | a string | its bytes |\n\n" +
	"## Refusals\n\n| code | message | operations |\n| --- | --- | --- |\n" +
	"| `demo.a` | `a is wrong` | all |\n| `demo.b` | `b is wrong | really` | `two`, `one` |\n"

func TestParse(t *testing.T) {
	k, err := spec.Parse("spec/demo.md", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if k.Contract != "demo/1" || k.Version != 1 || k.Title != "a demo" || len(k.Operations) != 2 {
		t.Fatalf("parsed %+v", k)
	}
	if k.Operations[1].Input != spec.InputJSONValue {
		t.Errorf("input kind %q", k.Operations[1].Input)
	}
	if got := k.Refusals[0].Ops; strings.Join(got, ",") != "one,two" {
		t.Errorf("all is %v", got)
	}
	// A pipe inside a code span is the message's, and ops come in table order.
	if r := k.Refusals[1]; r.Message != "b is wrong | really" || strings.Join(r.Ops, ",") != "one,two" {
		t.Errorf("second refusal %+v", r)
	}
	if got := k.RefusalsOf("one"); len(got) != 2 {
		t.Errorf("RefusalsOf(one) = %v", got)
	}
}

// TestParseRefuses feeds one defect at a time and checks the error names
// the file and, where there is one, the line.
func TestParseRefuses(t *testing.T) {
	cases := []struct{ name, from, to, want string }{
		{"title", "# `demo/1` \u2014 a demo", "# demo", "spec/demo.md:1:"},
		{"wrong file", "`demo/1`", "`other/1`", "must be specified in spec/other.md"},
		{"no operations", "## Operations", "## Ops", `no "## Operations" section`},
		{"columns", "| operation | input kind |", "| op | input kind |", "columns must be"},
		{"kind", "| `one` | `bytes` |", "| `one` | `text` |", "spec/demo.md:7: input kind"},
		{"op name", "| `one` | `bytes`", "| One | `bytes`", "spec/demo.md:7: operation"},
		{"repeated op", "| `two` | `json-value`", "| `one` | `json-value`", "listed twice"},
		{"unknown op", "`two`, `one`", "`three`", "spec/demo.md:15: operation three"},
		{"repeated code", "`demo.b`", "`demo.a`", "repeated"},
		{"repeated message", "`b is wrong | really`", "`a is wrong`", "one guard, one message"},
		{"non-ASCII message", "`a is wrong`", "`a is wr\u00f6ng`", "printable ASCII"},
		{"prefix", "`demo.b`", "`other.b`", "prefix"},
		{"cells", "| `demo.a` | `a is wrong` | all |", "| `demo.a` | `a is wrong` |", "spec/demo.md:14: 2 cells"},
		{"code span", "`demo.a` | `a is wrong`", "`demo.a | `a is wrong`", "unterminated code span"},
		{"CR", "a demo\n", "a demo\r\n", "CR line end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := strings.Replace(good, c.from, c.to, 1)
			if doc == good {
				t.Fatalf("%q is not in the document", c.from)
			}
			file := "spec/demo.md"
			_, err := spec.Parse(file, []byte(doc))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestDecodeRefusesUnknownMembers(t *testing.T) {
	doc := bytes.Replace(spec.JSON(), []byte(`"conform_catalogue": 1,`), []byte(`"conform_catalogue": 1, "extra": 1,`), 1)
	if _, err := spec.Decode(doc); err == nil || !strings.Contains(err.Error(), "extra") {
		t.Fatalf("Decode with an unknown member: %v", err)
	}
	if _, err := spec.Decode(append(spec.JSON(), "{}"...)); err == nil {
		t.Fatal("Decode accepted data after the catalogue")
	}
}

func TestParseDirNeedsContracts(t *testing.T) {
	fsys := fstest.MapFS{"spec/README.md": {Data: []byte("# index\n")}}
	if _, err := spec.ParseDir(fsys, "spec"); err == nil {
		t.Fatal("ParseDir accepted a directory without contract specs")
	}
}

// full is good with every optional section: the exception column, a Name
// table, related contracts and corpora.
const full = "# `demo-x/1` \u2014 a demo\n\n## Operations\n\n" +
	"| operation | input kind | input | output on acceptance |\n| --- | --- | --- | --- |\n" +
	"| `one` | `bytes` | text | empty |\n\n" +
	"## Refusals\n\n| code | message | exception |\n| --- | --- | --- |\n" +
	"| `demox.a` | `a is wrong` | `grammar` |\n| `demox.b` | `b is wrong` | |\n\n" +
	"## Name\n\n| name | common word |\n| --- | --- |\n| `demo-x` | yes |\n\n" +
	"## Related contracts\n\n| contract | relation |\n| --- | --- |\n| `other/2` | compared with |\n\n" +
	"## Corpora\n\n| layout | operation | policy |\n| --- | --- | --- |\n| `pairs` | `one` | `exact` |\n"

func TestParseOptionalSections(t *testing.T) {
	k, err := spec.Parse("spec/demo-x.md", []byte(full))
	if err != nil {
		t.Fatal(err)
	}
	if k.Refusals[0].Exception != "grammar" || k.Refusals[1].Exception != "" || strings.Join(k.Refusals[1].Ops, ",") != "one" {
		t.Errorf("refusals %+v", k.Refusals)
	}
	if !k.CommonWord || len(k.Related) != 1 || k.Related[0] != (spec.Related{Contract: "other/2", Relation: "compared with"}) || !k.Relates("other/2") {
		t.Errorf("name and related: %v %+v", k.CommonWord, k.Related)
	}
	if len(k.Corpora) != 1 || k.Corpora[0] != (spec.Corpus{Layout: "pairs", Op: "one", Policy: spec.PolicyExact}) {
		t.Errorf("corpora %+v", k.Corpora)
	}
	if got := strings.Join(k.Idents(), ","); got != "demo-x,demo_x,demox" {
		t.Errorf("Idents() = %s", got)
	}
	// Without the optional sections the lists are empty, not nil, so that
	// catalogue.json always holds them.
	if k, err := spec.Parse("spec/demo.md", []byte(good)); err != nil || k.Related == nil || k.Corpora == nil || k.CommonWord {
		t.Errorf("without the sections: %+v, %v", k, err)
	}
	// A related contract must be in the catalogue.
	if _, err := spec.ParseDir(fstest.MapFS{"spec/demo-x.md": {Data: []byte(full)}}, "spec"); err == nil || !strings.Contains(err.Error(), "other/2 is not in the catalogue") {
		t.Errorf("ParseDir with an unknown related contract: %v", err)
	}
	cases := []struct{ name, from, to, want string }{
		{"exception tag", "`grammar`", "`Grammar`", "exception"},
		{"column order", "| code | message | exception |", "| code | exception | message |", "columns must be"},
		{"name row", "| `demo-x` | yes |", "| `demo` | yes |", "one row"},
		{"common word", "| `demo-x` | yes |", "| `demo-x` | maybe |", "yes or no"},
		{"self", "`other/2`", "`demo-x/1`", "this contract"},
		{"related name", "`other/2`", "`other`", "<name>/<version>"},
		{"corpus op", "| `pairs` | `one` |", "| `pairs` | `two` |", "not in the Operations table"},
		{"policy", "`exact` |", "`close` |", "policy"},
		{"corpus twice", "| `pairs` | `one` | `exact` |\n", "| `pairs` | `one` | `exact` |\n| `pairs` | `one` | `strict` |\n", "twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := strings.Replace(full, c.from, c.to, 1)
			if doc == full {
				t.Fatalf("%q is not in the document", c.from)
			}
			if _, err := spec.Parse("spec/demo-x.md", []byte(doc)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestFeeds(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, layout := range cat.Layouts() {
		feeds := cat.Feeds(layout)
		if len(feeds) == 0 {
			t.Errorf("layout %s feeds nothing", layout)
		}
		for _, f := range feeds {
			k, _ := cat.Contract(f.Contract)
			if _, ok := k.Operation(f.Op); !ok {
				t.Errorf("layout %s feeds %s %s, which has no such operation", layout, f.Contract, f.Op)
			}
			n++
		}
	}
	if n == 0 {
		t.Error("no contract is fed by a corpus layout")
	}
	if cat.Feeds("no-such-layout") != nil {
		t.Error("an unknown layout feeds something")
	}
}
