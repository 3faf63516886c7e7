// Package weaken makes deliberately weakened copies of a vector set for the
// guard audit's tests: an fstest.MapFS copy of the set with some case lines
// removed or edited and the MANIFEST regenerated, so that vectors.Verify and
// vectors.Load accept it and the audit must find what the edit broke.
package weaken

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing/fstest"

	"github.com/conform-dev/conform/internal/vectors"
)

// Edit decides the fate of one case line of the vector file path: it
// returns the line to write (line itself to keep it unchanged) and false to
// drop it. id is the case's id.
type Edit func(path, id, line string) (string, bool)

// Copy returns a copy of the vector set src with edit applied to every case
// line (header lines are kept), and a MANIFEST regenerated over the result:
// a file left with no case is dropped, with its MANIFEST line. It fails
// when src's MANIFEST or a listed file cannot be read, or a case line has
// no id.
func Copy(src fs.FS, edit Edit) (fstest.MapFS, error) {
	manifest, err := fs.ReadFile(src, vectors.ManifestPath)
	if err != nil {
		return nil, err
	}
	out := fstest.MapFS{}
	var paths []string
	for _, line := range strings.Split(strings.TrimSpace(string(manifest)), "\n") {
		_, path, ok := strings.Cut(line, "  ")
		if !ok {
			return nil, fmt.Errorf("MANIFEST line %q", line)
		}
		data, err := fs.ReadFile(src, path)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		kept := []string{lines[0]}
		for _, l := range lines[1:] {
			var c struct{ ID string }
			if err := json.Unmarshal([]byte(l), &c); err != nil || c.ID == "" {
				return nil, fmt.Errorf("%s: a case line without an id: %q", path, l)
			}
			if nl, keep := edit(path, c.ID, l); keep {
				kept = append(kept, nl)
			}
		}
		if len(kept) == 1 {
			continue
		}
		out[path] = &fstest.MapFile{Data: []byte(strings.Join(kept, "\n") + "\n")}
		paths = append(paths, path)
	}
	sort.Strings(paths)
	var m strings.Builder
	for _, p := range paths {
		sum := sha256.Sum256(out[p].Data)
		fmt.Fprintf(&m, "%s  %s\n", hex.EncodeToString(sum[:]), p)
	}
	out[vectors.ManifestPath] = &fstest.MapFile{Data: []byte(m.String())}
	return out, nil
}

// Without returns a copy of src without the cases whose ids are in ids.
func Without(src fs.FS, ids ...string) (fstest.MapFS, error) {
	drop := map[string]bool{}
	for _, id := range ids {
		drop[id] = true
	}
	return Copy(src, func(_, id, line string) (string, bool) { return line, !drop[id] })
}

// Cases loads fsys with vectors.Verify and vectors.Load and returns its
// cases, failing on any problem either reports.
func Cases(fsys fs.FS) ([]vectors.Case, error) {
	if _, problems, err := vectors.Verify(fsys); err != nil || len(problems) > 0 {
		return nil, fmt.Errorf("verify: %v %v", err, problems)
	}
	files, err := vectors.Load(fsys)
	if err != nil {
		return nil, err
	}
	return vectors.Cases(files), nil
}

// WriteDir writes fsys under dir, for commands that take --vectors DIR.
func WriteDir(fsys fstest.MapFS, dir string) error {
	for name, f := range fsys {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
