package vectors

import (
	"fmt"
	"io/fs"
)

// Load: every file a MANIFEST lists, parsed into Files and Cases.

// Load is LoadNamed(fsys, "vectors"): the name of the compiled-in set.
func Load(fsys fs.FS) ([]File, error) { return LoadNamed(fsys, "vectors") }

// LoadNamed parses every file listed in fsys's MANIFEST (and fails on any
// .jsonl not listed) into Files. root names fsys in every Case.Source
// ("<root>/<path>:<line>") and error: "vectors" for the compiled-in set,
// the directory's path for a set on disk. Errors name file:line and the
// problem; unknown fields, missing required fields, bad hex, wrong id,
// duplicate ids across files, duplicate names within a file, a file with
// zero cases, a header contract/op that is not a known contract are all
// errors. LoadNamed does not check the MANIFEST's hashes: VerifyNamed does.
func LoadNamed(fsys fs.FS, root string) ([]File, error) {
	p := problems{root: root, limit: maxProblems}
	mdata, err := ReadFile(fsys, ManifestPath)
	if err != nil {
		return nil, fmt.Errorf("%s/%s: %w", root, ManifestPath, err)
	}
	entries := parseManifest(mdata, &p)
	if len(entries) == 0 {
		p.add(p.where(ManifestPath, 1), "lists no vector files")
	}
	listed := make(map[string]bool)
	set := setReader{fsys: fsys}
	ids := make(map[string]string)
	var files []File
	for _, e := range entries {
		listed[e.path] = true
		data, err := set.read(e.path)
		if err != nil {
			p.add(p.where(ManifestPath, e.line), "listed file %s cannot be read: %v", e.path, err)
			continue
		}
		f, ok := parseFile(e.path, data, &p)
		if !ok {
			continue
		}
		for _, c := range f.Cases {
			if prev, dup := ids[c.ID]; dup {
				p.add(c.Source, "id %s repeats %s", c.ID, prev)
				continue
			}
			ids[c.ID] = c.Source
		}
		files = append(files, f)
	}
	unlisted(fsys, listed, &p)
	if err := p.err(); err != nil {
		return nil, err
	}
	return files, nil
}

// Cases flattens files.
func Cases(files []File) []Case {
	var all []Case
	for _, f := range files {
		all = append(all, f.Cases...)
	}
	return all
}
