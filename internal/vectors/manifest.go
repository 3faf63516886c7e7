package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// The MANIFEST (README.md, "Files"): its lines, the files it must
// list, and Verify, which checks every file against its sha256.

// ManifestPath is the MANIFEST's path inside a vectors file system.
const ManifestPath = "MANIFEST"

// manifestEntry is one MANIFEST line.
type manifestEntry struct {
	sum  string
	path string
	line int
}

var manifestRE = regexp.MustCompile(`^([0-9a-f]{64})  ([^ ]+)$`)

// parseManifest parses a MANIFEST: "<64 lowercase hex>  <dir>/<stem>.jsonl"
// per line, strictly sorted by path.
func parseManifest(data []byte, p *problems) []manifestEntry {
	lines, lp := splitLines(data)
	for _, q := range lp {
		p.add(p.where(ManifestPath, q.line), "%s", q.msg)
	}
	var entries []manifestEntry
	prev := ""
	for i, l := range lines {
		at := p.where(ManifestPath, i+1)
		m := manifestRE.FindStringSubmatch(l)
		if m == nil {
			p.add(at, "not a line of the form <64 lowercase hex>  <path>")
			continue
		}
		path := m[2]
		// A finding lies one directory deeper: findings/<contract-dir>/.
		dir, file, found := strings.Cut(strings.TrimPrefix(path, FindingsDir+"/"), "/")
		stem, isJSONL := strings.CutSuffix(file, ".jsonl")
		switch {
		case !found || !fs.ValidPath(path) || strings.Contains(file, "/") || !isJSONL || !nameRE.MatchString(stem):
			p.add(at, "path %q is not <contract-dir>/<behaviour>.jsonl", path)
			continue
		case !contractDir(dir):
			p.add(at, "path %q is not in a known contract directory", path)
			continue
		case path <= prev:
			p.add(at, "path %q is out of order or repeated (MANIFEST is sorted by path)", path)
			continue
		}
		prev = path
		entries = append(entries, manifestEntry{sum: m[1], path: path, line: i + 1})
	}
	return entries
}

// unlisted reports every .jsonl file in fsys that the MANIFEST does not list.
func unlisted(fsys fs.FS, listed map[string]bool, p *problems) {
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			p.add(p.root+"/"+path, "%v", err)
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(path, ".jsonl") && !listed[path] {
			p.add(p.where(path, 1), "file is not listed in MANIFEST")
		}
		return nil
	})
	if err != nil {
		p.add(p.root, "%v", err)
	}
}

// Verify is VerifyNamed(fsys, "vectors"): the name of the compiled-in set.
func Verify(fsys fs.FS) (manifestSHA256 string, problemList []string, err error) {
	return VerifyNamed(fsys, "vectors")
}

// VerifyNamed checks MANIFEST against the files: every listed file exists
// with that sha256, no unlisted .jsonl, pure ASCII, LF only, final LF. It
// returns the sha256 of the MANIFEST file itself (the "vectors manifest
// hash" reports carry) and every problem found, each naming
// "<root>/<path>:<line>" (root as for LoadNamed). err is set only when the
// MANIFEST cannot be read.
func VerifyNamed(fsys fs.FS, root string) (manifestSHA256 string, problemList []string, err error) {
	mdata, err := ReadFile(fsys, ManifestPath)
	if err != nil {
		return "", nil, fmt.Errorf("%s/%s: %w", root, ManifestPath, err)
	}
	sum := sha256.Sum256(mdata)
	p := problems{root: root} // no limit: VerifyNamed lists every problem
	entries := parseManifest(mdata, &p)
	if len(entries) == 0 {
		p.add(p.where(ManifestPath, 1), "lists no vector files")
	}
	listed := make(map[string]bool)
	set := setReader{fsys: fsys}
	for _, e := range entries {
		listed[e.path] = true
		data, err := set.read(e.path)
		if err != nil {
			p.add(p.where(ManifestPath, e.line), "listed file %s cannot be read: %v", e.path, err)
			continue
		}
		got := sha256.Sum256(data)
		if h := hex.EncodeToString(got[:]); h != e.sum {
			p.add(p.where(ManifestPath, e.line), "%s has sha256 %s, MANIFEST says %s", e.path, h, e.sum)
		}
		if len(data) == 0 {
			p.add(p.where(e.path, 1), "empty file")
		}
		_, lp := splitLines(data)
		for _, q := range lp {
			p.add(p.where(e.path, q.line), "%s", q.msg)
		}
	}
	unlisted(fsys, listed, &p)
	return hex.EncodeToString(sum[:]), p.list, nil
}
