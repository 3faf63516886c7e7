package spec

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// GeneratedFiles are the generated indexes that name every contract: the
// catalogue, the vectors' MANIFEST and their LOCK (conform vectors lock).
// Adding a contract regenerates them.
var GeneratedFiles = []string{"spec/catalogue.json", KitPath, "mirrors/kit/ts/refusals.json", "mirrors/kit/python/refusals.json", "vectors/MANIFEST", "vectors/LOCK"}

// GeneratedBlock is a block of lines a program writes into a document:
// every line after a Begin line up to the next End line.
type GeneratedBlock struct {
	File, Begin, End string
}

// GeneratedBlocks are the blocks programs write: the contract tables of
// README.md and spec/README.md and the examples of README.md
// (spec/generate, from the catalogue) and the
// throughput table of fuzz/README.md (BenchmarkThroughput, one row per fuzz
// target).
var GeneratedBlocks = []GeneratedBlock{
	{"README.md", BlockBegin, BlockEnd},
	{"README.md", ExamplesBegin, ExamplesEnd},
	{"spec/README.md", BlockBegin, BlockEnd},
	{"fuzz/README.md", ThroughputBegin, ThroughputEnd},
}

// RegistrationDirs are the directories that hold each language's
// registration file: the Go reference, the TypeScript mirror, the Python
// mirror. The registration file of a directory is the one file directly in
// it that names every contract, each on exactly one line (RegistrationFile).
var RegistrationDirs = []string{"reference", "mirrors/ts/src", "mirrors/python/conform_mirror"}

// OwnerOf returns the contract whose own places hold the file at p (a
// slash-separated path relative to the repository root), and whether one
// does. The own places of a contract with name N and idents I (Idents) are
// (spec/README.md, "A contract's own files"):
//
//   - spec/N.md, and spec/N/, the contract's spec data (such as a schema
//     bundle);
//   - reference/I/ (its Go reference package);
//   - mirrors/ts/src/N.ts or mirrors/ts/src/N/, and mirrors/ts/test/ files
//     whose name starts with I and then ".", "_" or "-";
//   - mirrors/python/conform_mirror/I.py or mirrors/python/conform_mirror/I/,
//     and mirrors/python/tests/test_I*.py;
//   - vectors/N/ and vectors/findings/N/;
//   - Go files named I.go or I_*.go in vectors/generate/, in
//     internal/corpus/ (its own corpus layouts), anywhere under fuzz/ (its
//     fuzz targets and checks), internal/fuzz/ (its fuzz generator and
//     cases) and internal/fake/ (its test doubles).
//
// When the idents of two contracts both fit, the longer ident wins.
func (c Catalogue) OwnerOf(p string) (Contract, bool) {
	best, bestLen := Contract{}, 0
	for _, k := range c.Contracts {
		if n := k.owns(p); n > bestLen {
			best, bestLen = k, n
		}
	}
	return best, bestLen > 0
}

// owns returns the length of the ident by which k owns p, or 0.
func (k Contract) owns(p string) int {
	dir, base := path.Dir(p), path.Base(p)
	n := 0
	fit := func(ok bool, id string) {
		if ok && len(id) > n {
			n = len(id)
		}
	}
	under := func(prefix string) bool { return strings.HasPrefix(p, prefix+"/") }
	named := func(id string, exts ...string) bool {
		for _, ext := range exts {
			if base == id+ext || strings.HasPrefix(base, id+"_") && strings.HasSuffix(base, ext) {
				return true
			}
		}
		return false
	}
	fit(p == "spec/"+k.Name+".md" || under("spec/"+k.Name), k.Name)
	fit(under("vectors/"+k.Name) || under("vectors/findings/"+k.Name), k.Name)
	fit(p == "mirrors/ts/src/"+k.Name+".ts" || under("mirrors/ts/src/"+k.Name), k.Name)
	for _, id := range k.Idents() {
		fit(under("reference/"+id), id)
		fit(dir == "mirrors/ts/test" && len(base) > len(id) && strings.HasPrefix(base, id) && strings.ContainsRune("._-", rune(base[len(id)])), id)
		fit(p == "mirrors/python/conform_mirror/"+id+".py" || under("mirrors/python/conform_mirror/"+id), id)
		fit(dir == "mirrors/python/tests" && (base == "test_"+id+".py" || strings.HasPrefix(base, "test_"+id+"_") && strings.HasSuffix(base, ".py")), id)
		fit(generatorDir(dir) && named(id, ".go"), id)
	}
	return n
}

// generatorDir reports whether dir holds Go files that a contract owns by
// their name (OwnerOf): the vector generator, the corpus layouts, the fuzz
// targets, generators and test doubles.
func generatorDir(dir string) bool {
	if dir == "vectors/generate" || dir == "internal/corpus" {
		return true
	}
	for _, root := range []string{"fuzz", "internal/fuzz", "internal/fake"} {
		if dir == root || strings.HasPrefix(dir, root+"/") {
			return true
		}
	}
	return false
}

// Stray is a file outside a contract's own places that names it where
// nothing allows it to.
type Stray struct {
	// Contract is the contract named, such as "<name>/1".
	Contract string
	// Path is the file's path relative to the repository root.
	Path string
	// Mentions are where the file names the contract.
	Mentions []Mention
}

// Strays checks the files of a repository (slash-separated paths relative
// to its root, each with its content) and returns, contract by contract in
// catalogue order and then by path, every file that names a contract
// (Mentions) outside its own places (OwnerOf) where nothing else allows
// it. Allowed besides a contract's own files: the GeneratedFiles, the
// GeneratedBlocks, the one line that names it in each
// language's registration file (RegistrationFile), and the own files of the
// contracts that list it as related. Files holding a NUL byte are not text
// and are not read.
func (c Catalogue) Strays(files map[string][]byte) []Stray {
	regs := map[string]bool{}
	for _, dir := range RegistrationDirs {
		if f, ok := c.RegistrationFile(files, dir); ok {
			regs[f] = true
		}
	}
	var out []Stray
	paths := sortedKeys(files)
	for _, k := range c.Contracts {
		m := c.Matcher(k)
		for _, p := range paths {
			text := files[p]
			if bytes.IndexByte(text, 0) >= 0 || isGeneratedFile(p) {
				continue
			}
			for _, g := range GeneratedBlocks {
				if g.File == p {
					text = blankBlock(text, g.Begin, g.End)
				}
			}
			ms := m.Mentions(text)
			if len(ms) == 0 {
				continue
			}
			if owner, ok := c.OwnerOf(p); ok && (owner.Contract == k.Contract || owner.Relates(k.Contract)) {
				continue
			}
			if regs[p] && len(ms) == 1 {
				continue
			}
			out = append(out, Stray{Contract: k.Contract, Path: p, Mentions: ms})
		}
	}
	return out
}

// RegistrationFile returns the registration file of dir among files: the
// one file directly in dir that names every contract of the catalogue, each
// on exactly one line. It reports false when no file, or more than one,
// does.
func (c Catalogue) RegistrationFile(files map[string][]byte, dir string) (string, bool) {
	var found []string
	ms := make([]*Matcher, len(c.Contracts))
	for i, k := range c.Contracts {
		ms[i] = c.Matcher(k)
	}
	for _, p := range sortedKeys(files) {
		if path.Dir(p) != dir {
			continue
		}
		every := true
		for _, m := range ms {
			if len(m.Mentions(files[p])) != 1 {
				every = false
				break
			}
		}
		if every {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

func isGeneratedFile(p string) bool {
	for _, g := range GeneratedFiles {
		if p == g {
			return true
		}
	}
	return false
}

// blankBlock returns text with every line from a begin line to the next
// end line emptied, so that line numbers stay.
func blankBlock(text []byte, begin, end string) []byte {
	lines := strings.Split(string(text), "\n")
	in := false
	for i, l := range lines {
		switch {
		case l == begin:
			in = true
		case l == end:
			in = false
		case in:
			lines[i] = ""
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
