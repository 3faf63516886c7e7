package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFilesAreCurrent regenerates errors.go and fields.go in
// memory and requires the committed files to be byte-identical, so that a
// change of spec/toolhost.md's field tables or Refusals table, or a hand
// edit of a generated file, is caught.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		have, err := os.ReadFile(filepath.Join(root, "reference", "toolhost", name))
		if err != nil || !bytes.Equal(have, want) {
			t.Errorf("reference/toolhost/%s is stale: run go run ./reference/toolhost/internal/gen", name)
		}
	}
}

// TestGenerateRefusesUnknownKinds checks that the generator fails, rather
// than guessing, on a field table it cannot read.
func TestGenerateRefusesUnknownKinds(t *testing.T) {
	for _, table := range []string{
		"### 2.1 `trust`: x\n\n| member | JSON type | kind | note |\n| --- | --- | --- | --- |\n| `a` | string | sparkly |  |\n",
		"### 2.1 `trust`: x\n\n| member | JSON type | kind | note |\n| --- | --- | --- | --- |\n| `a` | text | id |  |\n",
		"### 2.1 `trust`: x\n\n| member | JSON type | kind | note |\n| --- | --- | --- | --- |\n| `a.b` | string | id |  |\n",
	} {
		objs, err := parseObjects(strings.Repeat(table, 12))
		if err != nil {
			continue
		}
		g := &gen{codes: map[string]bool{}}
		if _, err := g.fieldsFile(objs); err == nil {
			t.Errorf("fieldsFile accepts %q", table)
		}
	}
}
