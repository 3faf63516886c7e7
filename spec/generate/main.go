// Command generate writes spec/catalogue.json from the Operations and
// Refusals tables of spec/*.md, and the generated contract tables of
// README.md and spec/README.md, the examples block of README.md and the Go
// kit's copy of the catalogue (mirrors/kit/go/catalogue.go) from the
// catalogue. Run it from the
// repository root:
//
//	go run ./spec/generate          # write what changed
//	go run ./spec/generate -check   # write nothing; exit 1 if anything would change
//
// Exit codes: 0 nothing to do (or written), 1 -check found a difference,
// 2 a spec file is malformed (named with its line).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// outputs lists the files the catalogue writes, each with how to make its
// new content from the catalogue and the file's current bytes.
var outputs = []struct {
	path string
	make func(c spec.Catalogue, cur []byte) ([]byte, error)
}{
	{"spec/catalogue.json", func(c spec.Catalogue, _ []byte) ([]byte, error) { return c.Encode() }},
	{spec.KitPath, func(c spec.Catalogue, _ []byte) ([]byte, error) { return c.KitGo() }},
	{spec.KitRefusalPaths[0], func(c spec.Catalogue, _ []byte) ([]byte, error) { return c.KitRefusals() }},
	{spec.KitRefusalPaths[1], func(c spec.Catalogue, _ []byte) ([]byte, error) { return c.KitRefusals() }},
	{"spec/README.md", func(c spec.Catalogue, cur []byte) ([]byte, error) {
		return spec.Render("spec/README.md", cur, c.Table(""))
	}},
	{"README.md", func(c spec.Catalogue, cur []byte) ([]byte, error) {
		doc, err := spec.Render("README.md", cur, c.Table("spec/"))
		if err != nil {
			return nil, err
		}
		ex, err := c.Examples()
		if err != nil {
			return nil, err
		}
		return spec.RenderBlock("README.md", doc, spec.ExamplesBegin, spec.ExamplesEnd, ex)
	}},
}

// shapeOutputs are the files k's declaration of shapes writes: the
// declaration itself in its one written form, and each member table of the
// spec (spec/<name>.md) between the lines shapes.TableBegin and
// shapes.TableEnd of a top-level object.
func shapeOutputs(k spec.Contract) []struct {
	path string
	make func(c spec.Catalogue, cur []byte) ([]byte, error)
} {
	load := func() (*shapes.Decl, error) { return spec.ParseShapes(os.DirFS("."), "spec", k) }
	return []struct {
		path string
		make func(c spec.Catalogue, cur []byte) ([]byte, error)
	}{
		{k.Shapes, func(spec.Catalogue, []byte) ([]byte, error) {
			d, err := load()
			if err != nil {
				return nil, err
			}
			return d.Encode()
		}},
		{k.Spec, func(_ spec.Catalogue, cur []byte) ([]byte, error) {
			d, err := load()
			if err != nil {
				return nil, err
			}
			if err := checkMarkers(k.Spec, cur, d); err != nil {
				return nil, err
			}
			for _, o := range d.Objects {
				if strings.Contains(o.Name, ".") || !bytes.Contains(cur, []byte(shapes.TableBegin(o.Name)+"\n")) {
					continue
				}
				if cur, err = spec.RenderBlock(k.Spec, cur, shapes.TableBegin(o.Name), shapes.TableEnd(o.Name), d.Table(o.Name)); err != nil {
					return nil, err
				}
			}
			return cur, nil
		}},
	}
}

// checkMarkers requires every line of doc (the spec file) that opens or
// closes a member table to be exactly TableBegin or TableEnd of a declared
// top-level object of d, each begin followed by its own end before the next
// marker, naming the line of the first that is not.
func checkMarkers(file string, doc []byte, d *shapes.Decl) error {
	open := ""
	for i, line := range strings.Split(string(doc), "\n") {
		begin, end := strings.HasPrefix(line, "<!-- shapes:"), strings.HasPrefix(line, "<!-- end of shapes:")
		if !begin && !end {
			continue
		}
		name := ""
		for _, o := range d.Objects {
			if !strings.Contains(o.Name, ".") && (begin && line == shapes.TableBegin(o.Name) || end && line == shapes.TableEnd(o.Name)) {
				name = o.Name
			}
		}
		switch {
		case name == "":
			return fmt.Errorf("%s:%d: %q is not the begin or end line of a member table of a declared object", file, i+1, line)
		case begin && open != "":
			return fmt.Errorf("%s:%d: the table of %s begins before the table of %s ends", file, i+1, name, open)
		case end && open != name:
			return fmt.Errorf("%s:%d: the table of %s ends, but it did not begin here", file, i+1, name)
		case begin:
			open = name
		default:
			open = ""
		}
	}
	if open != "" {
		return fmt.Errorf("%s: the table of %s never ends", file, open)
	}
	return nil
}

func main() {
	check := flag.Bool("check", false, "write nothing; exit 1 if a generated file differs from what would be written")
	flag.Parse()
	cat, err := spec.ParseDir(os.DirFS("."), "spec")
	if err != nil {
		fmt.Fprintln(os.Stderr, "spec/generate:", err)
		os.Exit(2)
	}
	stale := false
	outs := outputs
	for _, k := range cat.Contracts {
		if k.Shapes != "" {
			outs = append(outs, shapeOutputs(k)...)
		}
	}
	// Every output is made before any is written: a defect found late
	// leaves every file as it was.
	type made struct {
		path string
		want []byte
	}
	var todo []made
	current := map[string][]byte{}
	for _, o := range outs {
		cur, ok := current[o.path]
		if !ok {
			var err error
			cur, err = os.ReadFile(o.path)
			if err != nil && !(os.IsNotExist(err) && (o.path == "spec/catalogue.json" || o.path == spec.KitPath || slices.Contains(spec.KitRefusalPaths, o.path))) {
				fmt.Fprintln(os.Stderr, "spec/generate:", err)
				os.Exit(2)
			}
		}
		want, err := o.make(cat, cur)
		if err != nil {
			fmt.Fprintln(os.Stderr, "spec/generate:", err)
			os.Exit(2)
		}
		current[o.path] = want
		if !bytes.Equal(cur, want) {
			todo = append(todo, made{o.path, want})
		}
	}
	for _, m := range todo {
		if *check {
			fmt.Fprintf(os.Stderr, "spec/generate: %s is stale: run go run ./spec/generate\n", m.path)
			stale = true
			continue
		}
		if err := atomicfile.WriteFile(m.path, m.want); err != nil {
			fmt.Fprintln(os.Stderr, "spec/generate:", err)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "spec/generate: wrote", m.path)
	}
	if stale {
		os.Exit(1)
	}
}
