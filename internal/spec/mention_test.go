package spec_test

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/spec"
)

// demo returns a contract named name with the refusal code prefix prefix.
func demo(name, prefix string, word bool) spec.Contract {
	return spec.Contract{Contract: name + "/1", Name: name, Version: 1, CommonWord: word,
		Refusals: []spec.Refusal{{Code: prefix + ".size", Message: "m"}}}
}

// TestLongerIdents: a contract whose name extends another's ("zq-ascii"
// extends "zq") is named by its own idents, not the shorter contract, so a
// registration file naming each once is still one.
func TestLongerIdents(t *testing.T) {
	short, long := demo("zq", "zq", false), demo("zq-ascii", "zqa", false)
	c := spec.Catalogue{Contracts: []spec.Contract{long, short}}
	m := c.Matcher(short)
	for line, want := range map[string]bool{
		`export * as zq_ascii from "./zq-ascii.js";`: false,
		`"zq_ascii",`:                  false,
		"the zq-ascii contract":        false,
		"the zq contract and zq-ascii": true,
		"zq-asciix":                    true,
		"FuzzZq":                       true,
	} {
		if got := len(m.Mentions([]byte(line))) > 0; got != want {
			t.Errorf("zq/1 in %q: %v, want %v", line, got, want)
		}
	}
	files := map[string][]byte{"reference/contracts.go": []byte("x\n\"zq\"\n\"zq_ascii\"\n")}
	if _, ok := c.RegistrationFile(files, "reference"); !ok {
		t.Error("no registration file")
	}
}

func TestMentions(t *testing.T) {
	coded := demo("zq-ascii", "zq", false)
	word := demo("lamp", "lamp", true)
	cases := []struct {
		k    spec.Contract
		line string
		want bool
	}{
		// Every contract: versioned name, codes, paths, code references.
		{word, "run lamp/1 now", true},
		{word, "run lamp/12 now", true},
		{word, "see vectors/lamp/a.jsonl", true},
		{word, `import "github.com/conform-dev/conform/reference/lamp"`, true},
		{word, "x := lamp.Run(in)", true},
		{word, `import { lex } from "./lamp.js";`, true},
		{word, "from conform_mirror.lamp import x", true},
		{word, "from . import digest, lamp, prim", true},
		{word, `names := []string{"lamp"}`, true},
		{word, "code lamp.size here", true},
		{word, "spec/lamp.md says", true},
		{word, "see lamp_test.go", true},
		// A common word is not named by the bare word.
		{word, "a lamp of the frame", false},
		{word, "FuzzLamp and Lamp", false},
		{word, "lamps/1 and xlamp/1 and a/lamp/1", false},
		{word, "lamp.sizes", false},
		// Any other name is a word, in any case, at camel-case bounds.
		{coded, "the zq-ascii contract", true},
		{coded, "FuzzZqASCII", true},
		{coded, "test_zq_ascii.py", true},
		{coded, "zq.size", true},
		{coded, "FuzzZqProperties", true},
		{coded, "ZQ", true},
		{coded, "zqx and xzq and zqa", false},
		{coded, "ZQASCIIX", false},
	}
	for _, c := range cases {
		got := len(c.k.Mentions([]byte("first line\n"+c.line))) > 0
		if got != c.want {
			t.Errorf("%s in %q: %v, want %v", c.k.Contract, c.line, got, c.want)
		}
	}
	ms := coded.Mentions([]byte("a\nzq-ascii zq-ascii\nb\nZqAscii"))
	if len(ms) != 2 || ms[0].Line != 2 || ms[1].Line != 4 || ms[1].Text != "ZqAscii" {
		t.Errorf("Mentions = %+v", ms)
	}
}

func TestOwnerOf(t *testing.T) {
	cat := spec.Catalogue{Contracts: []spec.Contract{demo("lamp", "lamp", true), demo("lamp-x", "lx", false), demo("zq-ascii", "zq", false)}}
	cases := map[string]string{
		"spec/lamp.md":                              "lamp/1",
		"spec/lamp/manifest.json":                   "lamp/1",
		"spec/lamp-x/a/b.schema.json":               "lamp-x/1",
		"spec/lampshade/a.json":                     "",
		"spec/lamp":                                 "",
		"reference/lamp/lex.go":                     "lamp/1",
		"reference/lx/lex.go":                       "lamp-x/1",
		"reference/zq/enc.go":                       "zq-ascii/1",
		"reference/zqascii/enc.go":                  "zq-ascii/1",
		"vectors/lamp/a.jsonl":                      "lamp/1",
		"vectors/findings/lamp-x/b.jsonl":           "lamp-x/1",
		"vectors/generate/zq.go":                    "zq-ascii/1",
		"vectors/generate/lamp_test.go":             "lamp/1",
		"fuzz/gocheck/zq_props.go":                  "zq-ascii/1",
		"fuzz/lamp_test.go":                         "lamp/1",
		"internal/corpus/lamp_pairs.go":             "lamp/1",
		"mirrors/ts/src/lamp-x.ts":                  "lamp-x/1",
		"mirrors/ts/src/lamp/scan.ts":               "lamp/1",
		"mirrors/ts/test/lamp-x.test.mjs":           "lamp-x/1",
		"mirrors/ts/test/zq_oracle.py":              "zq-ascii/1",
		"mirrors/python/conform_mirror/zq_ascii.py": "zq-ascii/1",
		"mirrors/python/tests/test_lamp_x.py":       "lamp-x/1",
		"mirrors/python/tests/test_lamp.py":         "lamp/1",
		"vectors/generate/lampshade.go":             "",
		"reference/lampy/a.go":                      "",
		"cli/lamp.go":                               "",
		"spec/README.md":                            "",
	}
	for p, want := range cases {
		k, ok := cat.OwnerOf(p)
		if got := k.Contract; !ok && got != "" || got != want {
			t.Errorf("OwnerOf(%s) = %q, want %q", p, got, want)
		}
	}
}

func TestStrays(t *testing.T) {
	lamp := demo("lamp", "lamp", true)
	zq := demo("zq-ascii", "zq", false)
	zq.Related = []spec.Related{{Contract: "lamp/1", Relation: "uses"}}
	cat := spec.Catalogue{Contracts: []spec.Contract{lamp, zq}}
	files := map[string][]byte{
		"spec/lamp.md":                 []byte("# `lamp/1`\n"),
		"spec/zq-ascii.md":             []byte("uses lamp/1\n"),         // related: allowed
		"spec/catalogue.json":          []byte(`"lamp/1" "zq-ascii/1"`), // generated
		"README.md":                    []byte(spec.BlockBegin + "\nlamp/1\n" + spec.BlockEnd + "\nzq\n"),
		"reference/contracts.go":       []byte("_ \"github.com/conform-dev/conform/reference/lamp\"\n_ \"github.com/conform-dev/conform/reference/zq\"\n"),
		"reference/other.go":           []byte("no contract\n"),
		"cli/run.go":                   []byte("a\nlamp.Run()\n"),
		"vectors/lamp/x.jsonl":         []byte("zq\n"),   // lamp does not relate to zq-ascii
		"fuzz/testdata/x":              []byte("\x00zq"), // not text
		"mirrors/python/x/__init__.py": []byte("lamp/1\n"),
	}
	var got []string
	for _, s := range cat.Strays(files) {
		got = append(got, s.Contract+" "+s.Path)
	}
	want := "lamp/1 cli/run.go,lamp/1 mirrors/python/x/__init__.py,zq-ascii/1 README.md,zq-ascii/1 vectors/lamp/x.jsonl"
	if strings.Join(got, ",") != want {
		t.Errorf("Strays = %s\nwant     %s", strings.Join(got, ","), want)
	}
	if f, ok := cat.RegistrationFile(files, "reference"); !ok || f != "reference/contracts.go" {
		t.Errorf("RegistrationFile = %s, %v", f, ok)
	}
	files["reference/more.go"] = []byte("lamp/1\nzq\n")
	if f, ok := cat.RegistrationFile(files, "reference"); ok {
		t.Errorf("two registration files, RegistrationFile = %s", f)
	}
}
