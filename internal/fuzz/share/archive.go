package share

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/module"

	jsonv2 "github.com/go-json-experiment/json"
)

// FormatVersion is the archive format this package writes and reads.
const FormatVersion = 1

// ManifestName is the manifest's name inside an archive; it is the first
// entry.
const ManifestName = "manifest.json"

// The bounds of a corpus (README.md, "Bounds"), which keep a hostile
// archive or directory from exhausting memory and disk, each checked as it
// is read: one entry (a Go corpus file or a raw input) at most MaxEntry
// bytes, an archive or a directory at most MaxEntries entries, and the
// entries of an archive (expanded) or of a merge at most MaxTotal bytes
// together. Go's engine writes the corpus files of conform's targets
// (inputs of at most 256 KiB, quoted) in under 1.2 MiB each; a 5-minute
// campaign grows a target's corpus to a few hundred entries.
const (
	MaxEntry   = 4 << 20
	MaxEntries = 100_000
	MaxTotal   = 256 << 20
)

var (
	entryBound   = infile.Bound{Max: MaxEntry, What: "one corpus entry"}
	entriesBound = infile.Bound{Max: MaxEntries, What: "the entries of one corpus archive or directory"}
	totalBound   = infile.Bound{Max: MaxTotal, What: "the entries of one corpus archive, directory or merge together"}
)

// Manifest lists an archive's targets and their entries.
type Manifest struct {
	// Format is FormatVersion.
	Format int `json:"conform_fuzz_corpus"`
	// Targets are keyed by fuzz function name ("FuzzJCS").
	Targets map[string]TargetManifest `json:"targets"`
}

// TargetManifest is one target's part of a manifest.
type TargetManifest struct {
	// Package is the Go package of the fuzz function (<module>/fuzz; an archive written under the module path "conform" is read with its packages moved to this one, module.Upgrade).
	Package string `json:"package"`
	// Entries are the content names (ContentName) of its Go corpus files,
	// sorted.
	Entries []string `json:"entries"`
}

// Archive is a set of Go corpus files by target, content-addressed, of
// at most MaxEntries files and MaxTotal bytes (Add refuses more).
type Archive struct {
	// Packages maps each target to its Go package.
	Packages map[string]string
	// Files maps target, then content name, to the Go corpus file.
	Files map[string]map[string][]byte
	// size and count total the files added.
	size  int64
	count int
}

// NewArchive returns an empty archive.
func NewArchive() *Archive {
	return &Archive{Packages: map[string]string{}, Files: map[string]map[string][]byte{}}
}

var (
	targetRE  = regexp.MustCompile(`^Fuzz[A-Za-z0-9_]*$`)
	contentRE = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// Add puts one Go corpus file of target (in package pkg) into the archive
// and reports whether it was new. The file must be a Go corpus file
// (GoLines: its header and every value line); two packages for one target,
// a file over MaxEntry bytes, and a new file that takes the archive past
// MaxEntries or MaxTotal are errors (an *infile.TooLargeError names the
// bound).
func (a *Archive) Add(target, pkg string, file []byte) (bool, error) {
	if !targetRE.MatchString(target) {
		return false, fmt.Errorf("target %q is not a fuzz function name", target)
	}
	if _, err := GoLines(file); err != nil {
		return false, fmt.Errorf("%s: %v", target, err)
	}
	if p, ok := a.Packages[target]; ok && p != pkg {
		return false, fmt.Errorf("target %s is in package %s and %s", target, p, pkg)
	}
	if len(file) > MaxEntry {
		return false, &infile.TooLargeError{Bound: entryBound}
	}
	a.Packages[target] = pkg
	if a.Files[target] == nil {
		a.Files[target] = map[string][]byte{}
	}
	name := ContentName(file)
	if _, dup := a.Files[target][name]; dup {
		return false, nil
	}
	if a.size+int64(len(file)) > MaxTotal {
		return false, &infile.TooLargeError{Bound: totalBound}
	}
	if a.count+1 > MaxEntries {
		return false, &infile.TooLargeError{Bound: entriesBound, Unit: "entries"}
	}
	a.Files[target][name] = bytes.Clone(file)
	a.size += int64(len(file))
	a.count++
	return true, nil
}

// Merge adds every file of b to a and returns how many were new.
func (a *Archive) Merge(b *Archive) (int, error) {
	n := 0
	for _, t := range b.Targets() {
		for _, name := range sortedKeys(b.Files[t]) {
			added, err := a.Add(t, b.Packages[t], b.Files[t][name])
			if err != nil {
				return n, err
			}
			if added {
				n++
			}
		}
	}
	return n, nil
}

// Targets lists the archive's targets, sorted.
func (a *Archive) Targets() []string { return sortedKeys(a.Packages) }

// Len is the number of files in the archive.
func (a *Archive) Len() int {
	n := 0
	for _, f := range a.Files {
		n += len(f)
	}
	return n
}

// Manifest describes the archive.
func (a *Archive) Manifest() Manifest {
	m := Manifest{Format: FormatVersion, Targets: map[string]TargetManifest{}}
	for _, t := range a.Targets() {
		m.Targets[t] = TargetManifest{Package: a.Packages[t], Entries: sortedKeys(a.Files[t])}
	}
	return m
}

// Write writes the archive as tar.gz: the manifest first, then
// <target>/<content name> for every file, sorted; no timestamps or owners,
// so that the same corpus gives the same bytes.
func (a *Archive) Write(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	put := func(name string, b []byte) error {
		hdr := &tar.Header{Name: name, Mode: 0o644, Size: int64(len(b)), ModTime: time.Unix(0, 0), Format: tar.FormatPAX, Typeflag: tar.TypeReg}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err := tw.Write(b)
		return err
	}
	m, err := json.MarshalIndent(a.Manifest(), "", "  ")
	if err != nil {
		return err
	}
	if err := put(ManifestName, append(m, '\n')); err != nil {
		return err
	}
	for _, t := range a.Targets() {
		for _, name := range sortedKeys(a.Files[t]) {
			if err := put(t+"/"+name, a.Files[t][name]); err != nil {
				return err
			}
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// maxPadding bounds the zero padding ReadArchive accepts after the tar end
// marker: GNU tar pads to 10 KiB records by default.
const maxPadding = 1 << 20

// ReadArchive reads and checks an archive: the manifest comes first and is
// of this format; every other entry is <target>/<content name> of a target
// in the manifest, its bytes hash to its name and form a Go corpus file
// (GoLines: header and body); the manifest lists exactly the entries
// present; the gzip stream is read to its end, so its checksum and length
// are checked. The bounds (MaxEntry, MaxEntries, MaxTotal) are checked on
// each entry's header before its bytes are read. Anything else is an
// error: a corpus is either taken whole or not at all.
func ReadArchive(r io.Reader) (*Archive, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("not a gzip archive: %v", err)
	}
	tr := tar.NewReader(zr)
	var m *Manifest
	a := NewArchive()
	total, entries := int64(0), 0
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading the archive: %v", readError(err))
		}
		if hdr.Typeflag != tar.TypeReg {
			return nil, fmt.Errorf("%s: not a regular file", shortName(hdr.Name))
		}
		if entries++; entries > MaxEntries+1 { // the manifest, then the entries
			return nil, &infile.TooLargeError{Bound: entriesBound, Unit: "entries"}
		}
		if hdr.Size > MaxEntry || hdr.Size < 0 {
			return nil, fmt.Errorf("%s: %v", shortName(hdr.Name), &infile.TooLargeError{Bound: entryBound})
		}
		if total += hdr.Size; total > MaxTotal {
			return nil, fmt.Errorf("%s: %v", shortName(hdr.Name), &infile.TooLargeError{Bound: totalBound})
		}
		b, err := io.ReadAll(io.LimitReader(tr, hdr.Size))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", shortName(hdr.Name), readError(err))
		}
		if m == nil {
			if hdr.Name != ManifestName {
				return nil, fmt.Errorf("first entry is %q, want %s", hdr.Name, ManifestName)
			}
			m = &Manifest{}
			// JSON v2 refuses unknown and duplicate members (a target
			// named twice would otherwise be the last one silently).
			if err := jsonv2.Unmarshal(b, m, jsonv2.RejectUnknownMembers(true)); err != nil {
				return nil, fmt.Errorf("%s: %v", ManifestName, err)
			}
			if m.Format != FormatVersion {
				return nil, fmt.Errorf("%s: format %d, this conform reads %d", ManifestName, m.Format, FormatVersion)
			}
			for t, tm := range m.Targets {
				if !targetRE.MatchString(t) {
					return nil, fmt.Errorf("%s: %q is not a fuzz function name", ManifestName, shortName(t))
				}
				if p, moved := module.Upgrade(tm.Package); moved {
					tm.Package = p
					m.Targets[t] = tm
				}
			}
			continue
		}
		target, name, ok := strings.Cut(hdr.Name, "/")
		tm, known := m.Targets[target]
		switch {
		case !ok || !contentRE.MatchString(name) || path.Clean(hdr.Name) != hdr.Name:
			return nil, fmt.Errorf("entry %q is not <target>/<sha256>", hdr.Name)
		case !known:
			return nil, fmt.Errorf("entry %q: target %s is not in the manifest", hdr.Name, target)
		case ContentName(b) != name:
			return nil, fmt.Errorf("entry %q: content hashes to %s", hdr.Name, ContentName(b))
		}
		added, err := a.Add(target, tm.Package, b)
		if err != nil {
			return nil, fmt.Errorf("entry %q: %v", hdr.Name, err)
		}
		if !added {
			return nil, fmt.Errorf("entry %q appears twice", hdr.Name)
		}
	}
	if m == nil {
		return nil, errors.New("empty archive: no manifest")
	}
	// The tar end marker comes before gzip's trailer: read to the end of
	// the stream, so that its CRC-32 and length are checked (a truncated or
	// damaged trailer is damage too, even where every entry checks out).
	// Only zero padding may follow the marker (tar programs pad to their
	// record size).
	rest, err := io.ReadAll(io.LimitReader(zr, maxPadding+1))
	if err != nil {
		return nil, fmt.Errorf("reading the archive: %v", readError(err))
	}
	if len(rest) > maxPadding || bytes.ContainsFunc(rest, func(r rune) bool { return r != 0 }) {
		return nil, errors.New("reading the archive: data after the tar end marker")
	}
	for t, tm := range m.Targets {
		if len(tm.Entries) != len(a.Files[t]) {
			return nil, fmt.Errorf("%s: manifest lists %d entries of %s, archive holds %d", ManifestName, len(tm.Entries), t, len(a.Files[t]))
		}
		for _, e := range tm.Entries {
			if a.Files[t][e] == nil {
				return nil, fmt.Errorf("%s: entry %s/%s is missing", ManifestName, t, e)
			}
		}
		a.Packages[t] = tm.Package
	}
	return a, nil
}

// readError says what a failed read of an archive means: a stream cut
// short is truncated.
func readError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("the archive is truncated (%w)", err)
	}
	return err
}

// AddDir adds every Go corpus file in dir to target's files and returns
// how many were new. A missing directory adds nothing; a file that is not
// a Go corpus file is an error.
func (a *Archive) AddDir(target, pkg, dir string) (int, error) {
	in, err := files(dir)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n := 0
	for _, name := range sortedKeys(in) {
		added, err := a.Add(target, pkg, in[name])
		if err != nil {
			return n, fmt.Errorf("%s: %v", filepath.Join(dir, name), err)
		}
		if added {
			n++
		}
	}
	return n, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// shortName bounds a name quoted from an archive in an error.
func shortName(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}
