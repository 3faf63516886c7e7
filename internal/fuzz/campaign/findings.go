package campaign

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing/fstest"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/vectors"
)

// Written is one finding as written to the vectors.
type Written struct {
	// ID is the vector's id (vectors.CaseID), for conform repro.
	ID string
	// Path is the findings file, relative to the vectors directory; for a
	// case the vectors already held, where it is (file:line).
	Path string
	// New is false when the vectors already held the case.
	New bool
}

// WriteFindings writes each disagreement's case into the vector set at dir
// (the vectors/ directory of the repository) as a finding: appended to
// findings/<contract-dir>/fuzz-<op>.jsonl, expecting the reference's answer,
// with a note naming the target and who disagreed; and updates MANIFEST.
// A case whose id the vectors already hold is not written again; a
// failure of the reference itself and a batch break (Break) are no case's
// expectation and are not written. The new
// vector set is loaded and verified in memory before anything is written;
// then each file is published atomically, MANIFEST, then the LOCK that
// records the findings (an additive change, lockedFindings), last, and each
// only while it still holds what was read (atomicfile.Update): a findings
// file, MANIFEST or LOCK that someone changed meanwhile is never
// overwritten, and the error names it. Everything is read through
// internal/infile (Dir).
func WriteFindings(dir, target string, ds []differential.Disagreement) ([]Written, error) {
	fsys := infile.Dir(dir)
	files, err := vectors.LoadNamed(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("the vectors in %s do not load: %v", dir, err)
	}
	have := map[string]string{} // id -> file:line inside dir
	for _, c := range vectors.Cases(files) {
		have[c.ID] = fmt.Sprintf("%s:%d", c.File, c.Line)
	}
	edits := map[string][]byte{} // path -> new content
	olds := map[string][]byte{}  // path -> content read, nil for a new file
	var out []Written
	for _, d := range ds {
		if d.Impl == "go" || d.Break != "" {
			// The reference did not answer, or no case is at fault: there
			// is no case to expect anything of.
			continue
		}
		id := vectors.CaseID(d.Job.Contract, d.Job.Op, d.Job.Input)
		cdir, _, _ := strings.Cut(d.Job.Contract, "/")
		path := vectors.FindingsDir + "/" + cdir + "/fuzz-" + d.Job.Op + ".jsonl"
		if at, dup := have[id]; dup {
			out = append(out, Written{ID: id, Path: at})
			continue
		}
		have[id] = path
		content, ok := edits[path]
		if !ok {
			content, err = vectors.ReadFile(fsys, path)
			if err == nil {
				olds[path] = content
			}
			if errors.Is(err, fs.ErrNotExist) {
				content = []byte(`{"conform_vectors":1,"contract":` + vectors.QuoteASCII(d.Job.Contract) +
					`,"op":` + vectors.QuoteASCII(d.Job.Op) + `,"behaviour":` + vectors.QuoteASCII("fuzz-"+d.Job.Op) +
					`,"description":"Differential fuzzing findings: inputs on which an implementation disagreed with the Go reference"}` + "\n")
			} else if err != nil {
				return nil, err
			}
		}
		line, err := findingLine(id, target, d)
		if err != nil {
			return nil, err
		}
		edits[path] = append(bytes.Clone(content), line...)
		out = append(out, Written{ID: id, Path: path, New: true})
	}
	if len(edits) == 0 {
		return out, nil
	}
	oldManifest, err := vectors.ReadFile(fsys, vectors.ManifestPath)
	if err != nil {
		return nil, err
	}
	manifest := withEntries(oldManifest, edits)
	// Check the whole new set in memory first: its vector files, read as
	// Load reads them. Other files (a README, notes) are none of its
	// business and are not opened.
	m := fstest.MapFS{}
	err = fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		b, err := vectors.ReadFile(fsys, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		return nil, err
	}
	for p, b := range edits {
		m[p] = &fstest.MapFile{Data: b}
	}
	m[vectors.ManifestPath] = &fstest.MapFile{Data: manifest}
	if _, problems, err := vectors.VerifyNamed(m, dir); err != nil || len(problems) > 0 {
		return nil, fmt.Errorf("the findings would break the vectors: %v %v", err, problems)
	}
	if _, err := vectors.LoadNamed(m, dir); err != nil {
		return nil, fmt.Errorf("the findings would break the vectors: %v", err)
	}
	readLockInto(m, fsys)
	var oldLock []byte
	if f, ok := m[vectors.LockPath]; ok {
		oldLock = f.Data
	}
	locked := lockedFindings(m, dir)
	paths := make([]string, 0, len(edits))
	for p := range edits {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if err := writeAtomic(filepath.Join(dir, filepath.FromSlash(p)), olds[p], edits[p]); err != nil {
			return nil, err
		}
	}
	if err := writeAtomic(filepath.Join(dir, vectors.ManifestPath), oldManifest, manifest); err != nil {
		return nil, err
	}
	if locked != nil {
		return out, writeAtomic(filepath.Join(dir, vectors.LockPath), oldLock, locked)
	}
	return out, nil
}

// findingLine renders one finding as a vector case line.
func findingLine(id, target string, d differential.Disagreement) (string, error) {
	var b strings.Builder
	b.WriteString(`{"id":"` + id + `","name":"fuzz-` + id + `"`)
	if utf8.Valid(d.Job.Input) {
		b.WriteString(`,"input":` + vectors.QuoteASCII(string(d.Job.Input)))
	} else {
		b.WriteString(`,"input_hex":"` + hex.EncodeToString(d.Job.Input) + `"`)
	}
	switch d.Want.Outcome {
	case impl.OK:
		b.WriteString(`,"expect":"ok"`)
		if utf8.Valid(d.Want.Output) {
			b.WriteString(`,"output":` + vectors.QuoteASCII(string(d.Want.Output)))
		} else {
			b.WriteString(`,"output_hex":"` + hex.EncodeToString(d.Want.Output) + `"`)
		}
	case impl.Refused:
		b.WriteString(`,"expect":"refused","message":` + vectors.QuoteASCII(d.Want.Message))
	default:
		return "", fmt.Errorf("the reference gave %s: no expectation to write", d.Want.Outcome)
	}
	got := d.Got.Outcome
	switch {
	case d.Got.Outcome == impl.Refused:
		got = fmt.Sprintf("refused %q", d.Got.Message)
	case d.Got.Outcome == impl.OK:
		got = "other output bytes"
	case d.Got.Message != "":
		got += ": " + d.Got.Message
	}
	if len(got) > 200 {
		got = got[:200] + "..."
	}
	b.WriteString(`,"note":` + vectors.QuoteASCII(strings.ToValidUTF8(fmt.Sprintf("found by %s; %s gave %s", target, d.Impl, got), "?")) + "}\n")
	return b.String(), nil
}

// withEntries returns the MANIFEST with a line for each edited file, the
// lines sorted by path.
func withEntries(manifest []byte, edits map[string][]byte) []byte {
	lines := map[string]string{}
	for _, l := range strings.Split(strings.TrimSuffix(string(manifest), "\n"), "\n") {
		if sum, path, ok := strings.Cut(l, "  "); ok {
			lines[path] = sum
		}
	}
	for p, b := range edits {
		sum := sha256.Sum256(b)
		lines[p] = hex.EncodeToString(sum[:])
	}
	paths := make([]string, 0, len(lines))
	for p := range lines {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b strings.Builder
	for _, p := range paths {
		b.WriteString(lines[p] + "  " + p + "\n")
	}
	return []byte(b.String())
}

// writeAtomic publishes b at path in place of old, what was read there
// (nil: nothing, and nothing may have appeared), with atomicfile.Update,
// making its directory first: a finding may open a new contract directory.
func writeAtomic(path string, old, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Update(path, old, b)
}

// Rerun expands a fuzz input of target t into its cases and runs them
// through d: how conform fuzz turns the failing input Go's engine wrote
// into findings. A panic while expanding the input (a bug of the
// generators, not of an implementation) is an error.
func Rerun(ctx context.Context, d *differential.Differ, t differential.Target, data []byte) (ds []differential.Disagreement, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("expanding the input into cases panics (a bug of internal/fuzz/gen or internal/fuzz/cases, not of an implementation): %v", p)
		}
	}()
	jobs := differential.Jobs(t, data)
	return d.Check(ctx, jobs), nil
}
