package spec_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"conform/spec"
)

// TestCatalogueIsGenerated checks that catalogue.json is exactly what the
// spec files give: a spec edit without `go run ./spec/generate` fails here.
func TestCatalogueIsGenerated(t *testing.T) {
	cat, err := spec.ParseDir(os.DirFS(".."), "spec")
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
	for _, doc := range []struct{ path, prefix string }{{"../README.md", "spec/"}, {"README.md", ""}} {
		cur, err := os.ReadFile(doc.path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := spec.Render(doc.path, cur, cat.Table(doc.prefix))
		if err != nil {
			t.Fatal(err)
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
