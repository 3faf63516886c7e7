// Package mirrors prepares the TypeScript and Python mirrors, and the
// starter kits their harnesses are built on (kit/ts, kit/python), compiled
// into conform by the public package mirrors, to run: it extracts them into a cache
// directory keyed by their content, builds the TypeScript mirror there the
// first time (npm ci, then tsc), and returns the command that starts each
// harness.
package mirrors

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/transport"
	tree "github.com/conform-dev/conform/mirrors"
)

// sources are the mirrors' sources and the kits they are served by, as
// the public package mirrors compiles them in.
var sources = tree.Sources()

// Mirror is one independent implementation of the contracts.
type Mirror struct {
	// Name is the short name used with --impl: "ts" or "python".
	Name string
	// Dir is the mirror's directory in the source tree ("ts", "python").
	Dir string
	// Kit is the directory of the starter kit its harness is built on
	// ("kit/ts", "kit/python"). The mirror imports it as ../kit/<language>
	// (the TypeScript sources as ../../kit/ts from src/), so a prepared
	// mirror keeps both at their places in the source tree, under mirrors/.
	Kit string
	// Needs lists the programs that must be on PATH to build and run it.
	Needs []string
	build func(ctx context.Context, dir string, progress io.Writer) error
	cmd   func(dir string) transport.Command
}

// All returns the mirrors in their fixed order: ts, then python.
func All() []Mirror {
	return []Mirror{
		{
			Name: impl.TS, Dir: "ts", Kit: "kit/ts", Needs: []string{"node", "npm"},
			build: buildTS,
			cmd: func(dir string) transport.Command {
				return transport.Command{Path: "node", Args: []string{"dist/harness.js"}, Dir: dir}
			},
		},
		{
			Name: impl.Python, Dir: "python", Kit: "kit/python", Needs: []string{"python3"},
			cmd: func(dir string) transport.Command {
				return transport.Command{Path: "python3", Args: []string{"-B", "harness.py"}, Dir: dir,
					Env: []string{"PYTHONDONTWRITEBYTECODE=1"}}
			},
		},
	}
}

// Lookup returns the mirror called name.
func Lookup(name string) (Mirror, bool) {
	for _, m := range All() {
		if m.Name == name {
			return m, true
		}
	}
	return Mirror{}, false
}

// MissingRuntimeError says which program a mirror needs and is not on PATH.
type MissingRuntimeError struct {
	Mirror  string
	Program string
}

func (e *MissingRuntimeError) Error() string {
	hint := map[string]string{
		"node":    "install Node.js 20 or later with npm (Debian bookworm's nodejs is 18, too old: use the official binaries or NodeSource)",
		"npm":     "install npm (Debian: apt-get install npm)",
		"python3": "install Python 3.11 (Debian: apt-get install python3)",
	}[e.Program]
	return fmt.Sprintf("the %s mirror needs %s on PATH: %s, or leave it out with --impl", e.Mirror, e.Program, hint)
}

// CacheDir is where prepared mirrors live: $CONFORM_CACHE, or "conform"
// under the user cache directory.
func CacheDir() (string, error) {
	if d := os.Getenv("CONFORM_CACHE"); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set CONFORM_CACHE): %w", err)
	}
	return filepath.Join(base, "conform"), nil
}

// Prepare makes the mirror runnable and returns the command that starts its
// harness. It checks Needs first (a *MissingRuntimeError), then extracts the
// compiled-in sources under cache into a directory named by their hash (the
// mirror in its Dir, the kit in its Kit, as in the source tree), and builds
// them there if that directory is new, telling progress what it does. The
// command runs in the mirror's Dir.
// Concurrent Prepares are safe: each builds in a private directory and
// renames it into place.
func (m Mirror) Prepare(ctx context.Context, cache string, progress io.Writer) (transport.Command, error) {
	for _, p := range m.Needs {
		if _, err := exec.LookPath(p); err != nil {
			return transport.Command{}, &MissingRuntimeError{Mirror: m.Name, Program: p}
		}
	}
	sum, err := m.SourceHash()
	if err != nil {
		return transport.Command{}, err
	}
	dir := filepath.Join(cache, m.Name+"-"+sum[:16])
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		if err := verifyInstall(dir); err == nil {
			return m.cmd(filepath.Join(dir, m.Dir)), nil
		} else {
			// Edited or damaged since it was built: build it again
			// rather than run something conform did not build.
			fmt.Fprintf(progress, "conform: the cached %s mirror at %s changed since it was built (%v); rebuilding\n", m.Name, dir, err)
			if err := os.RemoveAll(dir); err != nil {
				return transport.Command{}, fmt.Errorf("remove the changed %s mirror: %w", m.Name, err)
			}
		}
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return transport.Command{}, err
	}
	tmp := dir + ".tmp-" + randomSuffix()
	defer os.RemoveAll(tmp)
	if err := m.extract(tmp); err != nil {
		return transport.Command{}, err
	}
	if m.build != nil {
		if err := m.build(ctx, filepath.Join(tmp, m.Dir), progress); err != nil {
			return transport.Command{}, err
		}
	}
	manifest, err := installManifest(tmp)
	if err != nil {
		return transport.Command{}, err
	}
	if err := os.WriteFile(filepath.Join(tmp, ".complete"), manifest, 0o644); err != nil {
		return transport.Command{}, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another conform won the race; its build is as good as ours.
		if _, serr := os.Stat(filepath.Join(dir, ".complete")); serr != nil {
			return transport.Command{}, fmt.Errorf("install %s mirror into %s: %w", m.Name, dir, err)
		}
	}
	return m.cmd(filepath.Join(dir, m.Dir)), nil
}

// SourceHash is the hex SHA-256 over the mirror's compiled-in files and its
// kit's, paths included, in path order.
func (m Mirror) SourceHash() (string, error) {
	files, err := m.files()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, f := range files {
		b, err := sources.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\n%d\n", f, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// files lists the compiled-in files of the mirror and of its kit, by their
// paths under mirrors/ ("ts/src/harness.ts", "kit/ts/index.js"), sorted.
func (m Mirror) files() ([]string, error) {
	var files []string
	for _, root := range []string{m.Dir, m.Kit} {
		n := len(files)
		err := fs.WalkDir(sources, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return err
		})
		if err == nil && len(files) == n {
			err = fmt.Errorf("no sources compiled in for the %s mirror in %s", m.Name, root)
		}
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(files)
	return files, nil
}

func (m Mirror) extract(dst string) error {
	files, err := m.files()
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := sources.ReadFile(f)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// buildTS installs the pinned TypeScript compiler with npm ci and compiles
// the mirror with it. --omit=optional leaves out the linter's platform
// binaries (about 96 MB), which only `npm run lint` needs, never a build.
func buildTS(ctx context.Context, dir string, progress io.Writer) error {
	start := time.Now()
	steps := []struct {
		what string
		argv []string
	}{
		{"npm ci", []string{"npm", "ci", "--omit=optional", "--no-audit", "--no-fund", "--loglevel=error"}},
		{"tsc", []string{"node", "node_modules/typescript/bin/tsc", "-p", "."}},
	}
	for i, s := range steps {
		fmt.Fprintf(progress, "building the TypeScript mirror (first run only): step %d/%d, %s ...\n", i+1, len(steps), s.what)
		cmd := exec.CommandContext(ctx, s.argv[0], s.argv[1:]...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("building the TypeScript mirror: %s failed: %v\n%s", s.what, err, tailOf(out, 2000))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "dist", "harness.js")); err != nil {
		return errors.New("building the TypeScript mirror: tsc produced no dist/harness.js")
	}
	fmt.Fprintf(progress, "built the TypeScript mirror in %.1fs\n", time.Since(start).Seconds())
	return nil
}

// installManifest lists the SHA-256 of every file of a prepared mirror but
// its installed dependencies (node_modules) and Python's byte code
// (__pycache__), in path order: what verifyInstall checks on every later
// use.
func installManifest(dir string) ([]byte, error) {
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.IsDir() && (d.Name() == "node_modules" || d.Name() == "__pycache__"):
			return filepath.SkipDir
		case d.IsDir() || rel == ".complete":
			return nil
		}
		data, err := infile.ReadFile(p, infile.Bound{Max: 64 << 20, What: "one file of a prepared mirror"})
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%x  %s\n", sha256.Sum256(data), filepath.ToSlash(rel))
		return nil
	})
	return []byte(b.String()), err
}

// verifyInstall checks a prepared mirror against the manifest written when
// it was built.
func verifyInstall(dir string) error {
	want, err := infile.ReadFile(filepath.Join(dir, ".complete"), infile.Bound{Max: 1 << 20, What: "a prepared mirror's manifest"})
	if err != nil {
		return err
	}
	got, err := installManifest(dir)
	if err != nil {
		return err
	}
	if string(got) != string(want) {
		return errors.New("its files differ from the build's manifest")
	}
	return nil
}

func tailOf(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

func randomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
