package share

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
)

// Counts says what a conversion or an import did.
type Counts struct {
	// Written files are new in the destination.
	Written int
	// Present files were already there (same content), and were skipped.
	Present int
	// Skipped inputs have no form in the destination format: a libFuzzer
	// input under five bytes, which the go-118-fuzz-build shim never
	// passes to the fuzz function.
	Skipped int
}

// String says what was done, for a person.
func (c Counts) String() string {
	return fmt.Sprintf("%d written, %d already present, %d without a form in the destination format", c.Written, c.Present, c.Skipped)
}

// files reads every file of dir but its directories and dot files, by
// name, through internal/infile: a name that is not a regular file (a
// named pipe) is refused unopened, and the bounds hold (MaxEntries names,
// MaxEntry bytes each, MaxTotal bytes together).
func files(dir string) (map[string][]byte, error) {
	entries, err := infile.ReadDir(dir, entriesBound)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	total := int64(0)
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			continue // a symbolic link to a directory
		}
		b, err := infile.ReadFile(p, entryBound)
		if err != nil {
			return nil, err
		}
		if total += int64(len(b)); total > MaxTotal {
			return nil, fmt.Errorf("%s: %v", dir, &infile.TooLargeError{Bound: totalBound})
		}
		out[e.Name()] = b
	}
	return out, nil
}

// GoToLibFuzzer writes each Go corpus file of src (one []byte value each)
// into dst as the raw libFuzzer input that reaches the fuzz function with
// the same bytes (EncodeLibFuzzer), named by its SHA-1 as libFuzzer names
// files. A file that does not hold one []byte value is an error. When a
// name in dst is taken by other content, nothing is written.
func GoToLibFuzzer(src, dst string) (Counts, error) {
	in, err := files(src)
	if err != nil {
		return Counts{}, err
	}
	out, skipped, bad, err := libFuzzerForms(in)
	if err != nil {
		return Counts{}, fmt.Errorf("%s: %v", filepath.Join(src, bad), err)
	}
	return putAll(dst, out, skipped)
}

// LibFuzzerToGo writes each raw libFuzzer input of src into dst as the Go
// corpus file of the []byte the fuzz function receives for it
// (DecodeLibFuzzer), named as Go names corpus files. When a name in dst is
// taken by other content, nothing is written.
func LibFuzzerToGo(src, dst string) (Counts, error) {
	in, err := files(src)
	if err != nil {
		return Counts{}, err
	}
	out := map[string][]byte{}
	skipped := 0
	for _, name := range sortedKeys(in) {
		data, ok := DecodeLibFuzzer(in[name])
		if !ok {
			skipped++
			continue
		}
		file := EncodeGo(data)
		out[GoName(file)] = file
	}
	return putAll(dst, out, skipped)
}

// libFuzzerForms converts Go corpus files (by any key) to raw libFuzzer
// inputs keyed by their libFuzzer names, counting those with no form (too
// short for the shim to pass). On a file that does not decode it returns
// that file's key and the error.
func libFuzzerForms(goFiles map[string][]byte) (out map[string][]byte, skipped int, bad string, err error) {
	out = map[string][]byte{}
	for _, name := range sortedKeys(goFiles) {
		data, err := DecodeGo(goFiles[name])
		if err != nil {
			return nil, 0, name, err
		}
		raw, err := EncodeLibFuzzer(data)
		if err != nil {
			skipped++
			continue
		}
		out[LibFuzzerName(raw)] = raw
	}
	return out, skipped, "", nil
}

// ImportGo writes target's files of a into the Go corpus directory dst
// (Go's names), never overwriting: when a name is taken by other content,
// nothing is written and the error lists every such file.
func ImportGo(a *Archive, target, dst string) (Counts, error) {
	files := map[string][]byte{}
	for _, file := range a.Files[target] {
		files[GoName(file)] = file
	}
	return putAll(dst, files, 0)
}

// ImportLibFuzzer writes target's files of a into the libFuzzer directory
// dst, converted (EncodeLibFuzzer), never overwriting: when a name is taken
// by other content, nothing is written and the error lists every such file.
func ImportLibFuzzer(a *Archive, target, dst string) (Counts, error) {
	out, skipped, _, err := libFuzzerForms(a.Files[target])
	if errors.Is(err, ErrNotBytes) {
		return Counts{}, fmt.Errorf("%s takes other arguments than one []byte: it has no libFuzzer form", target)
	}
	if err != nil {
		return Counts{}, err
	}
	return putAll(dst, out, skipped)
}

// CheckImportGo reports, as ImportGo's error would, the files of dst that
// would stop ImportGo of target; nil when there are none. Nothing is
// written (dst is not created).
func CheckImportGo(a *Archive, target, dst string) error {
	if _, err := os.Stat(dst); err != nil {
		return nil // a missing directory has nothing to clash with
	}
	files := map[string][]byte{}
	for _, file := range a.Files[target] {
		files[GoName(file)] = file
	}
	d, err := OpenDir(dst)
	if err != nil {
		return err
	}
	return clashError(d.Clashes(files))
}

// putAll writes files into the directory dst after checking that none
// clashes.
func putAll(dst string, files map[string][]byte, skipped int) (Counts, error) {
	c := Counts{Skipped: skipped}
	d, err := OpenDir(dst)
	if err != nil {
		return c, err
	}
	if err := clashError(d.Clashes(files)); err != nil {
		return c, err
	}
	for _, name := range sortedKeys(files) {
		if err := put(d, &c, name, files[name]); err != nil {
			return c, err
		}
	}
	return c, nil
}

func clashError(paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	more := ""
	if len(paths) > 5 {
		more = fmt.Sprintf(" and %d more", len(paths)-5)
		paths = paths[:5]
	}
	verb := "exists"
	if len(paths) > 1 {
		verb = "exist"
	}
	return fmt.Errorf("%s%s %s with other content; nothing written, nothing overwritten", strings.Join(paths, ", "), more, verb)
}

// AddLibFuzzerDir adds the inputs of a libFuzzer directory to target's
// files of a, converted to Go corpus files, and counts them.
func (a *Archive) AddLibFuzzerDir(target, pkg, dir string) (Counts, error) {
	var c Counts
	in, err := files(dir)
	if err != nil {
		return c, err
	}
	for _, name := range sortedKeys(in) {
		data, ok := DecodeLibFuzzer(in[name])
		if !ok {
			c.Skipped++
			continue
		}
		added, err := a.Add(target, pkg, EncodeGo(data))
		if err != nil {
			return c, err
		}
		if added {
			c.Written++
		} else {
			c.Present++
		}
	}
	return c, nil
}

func put(d *Dir, c *Counts, name string, b []byte) error {
	wrote, err := d.Put(name, b)
	if err != nil {
		return err
	}
	if wrote {
		c.Written++
	} else {
		c.Present++
	}
	return nil
}
