// Package module names conform's Go module for the places that must spell
// a package path as text rather than import it: the go build and go test
// command lines conform runs, Go's fuzz cache ($GOCACHE/fuzz/<package>/),
// and the package paths stored in corpus archives. The module path is
// written once, in go.mod; Path derives it from this package's own import
// path, and a test checks the two agree.
package module

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
)

type marker struct{}

// Path is conform's module path, "github.com/conform-dev/conform": this
// package's import path without its own directory.
var Path = strings.TrimSuffix(reflect.TypeFor[marker]().PkgPath(), "/internal/module")

// Legacy is the module path conform had before it could be fetched
// ("conform"): corpus archives written then name their packages under it.
const Legacy = "conform"

// Package returns the import path of the module's package in directory dir
// (slash-separated, relative to the module root): Package("fuzz") is
// Path + "/fuzz".
func Package(dir string) string { return Path + "/" + dir }

// Upgrade returns pkg with a Legacy module path replaced by Path, and
// whether it was replaced; any other path is returned as it is. Archives
// written under the old path are read through it.
func Upgrade(pkg string) (string, bool) {
	if pkg == Legacy {
		return Path, true
	}
	if rest, ok := strings.CutPrefix(pkg, Legacy+"/"); ok {
		return Package(rest), true
	}
	return pkg, false
}

// goModBound bounds the go.mod files Root reads.
var goModBound = infile.Bound{Max: 1 << 20, What: "a go.mod"}

// Declares reports whether dir holds a go.mod whose module is Path (read
// as conform reads every file: a regular file, bounded).
func Declares(dir string) bool {
	b, err := infile.ReadFile(filepath.Join(dir, "go.mod"), goModBound)
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(first) == "module "+Path
}

// Root returns the root of conform's module source at or above the
// working directory: the nearest directory that Declares it. It fails when
// there is none, as for a conform binary run outside its source.
func Root() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if Declares(d) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod of module %s at or above %s", Path, wd)
		}
	}
}
