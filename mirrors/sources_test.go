package mirrors

import (
	"io/fs"
	"path/filepath"
	"testing"
)

// TestEmbeddedSourcesAreTheTree checks that every TypeScript and Python
// source of the mirrors on disk, in folders too, is compiled in, so that a
// contract's module folder (mirrors/ts/src/<name>/) reaches the build.
func TestEmbeddedSourcesAreTheTree(t *testing.T) {
	for _, c := range []struct{ dir, ext string }{{"ts/src", ".ts"}, {"python/conform_mirror", ".py"}} {
		n := 0
		err := filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) != c.ext {
				return err
			}
			n++
			if _, err := sources.ReadFile(filepath.ToSlash(p)); err != nil {
				t.Errorf("%s is not compiled in: %v", p, err)
			}
			return nil
		})
		if err != nil || n == 0 {
			t.Errorf("%s: %d sources, %v", c.dir, n, err)
		}
	}
}
