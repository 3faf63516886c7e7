package corpus

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/vectors"
)

// loadJCS reads a KindJCS directory: input/X.json with output/X.json, the
// layout of the cyberphone and gowebpki test data (shared/corpora/jcs/README.md).
// Each input is one entry expecting exactly its output file's bytes (the
// exact policy). output/ holds the exact canonical bytes; outhex/X.txt, where present, holds
// the same bytes as whitespace-separated hex and must agree with output/X.json.
// gowebpki's outhex/ lacks simpleString, so outhex files are optional.
func loadJCS(dir, corpus string) (found, error) {
	inputs, err := listFiles(filepath.Join(dir, "input"), ".json")
	if err != nil {
		return found{}, err
	}
	if len(inputs) == 0 {
		return found{}, errorf(filepath.Join(dir, "input"), 0, "no .json input files")
	}
	outputs, err := listFiles(filepath.Join(dir, "output"), ".json")
	if err != nil {
		return found{}, err
	}
	var hexes []string
	if fi, err := os.Stat(filepath.Join(dir, "outhex")); err == nil && fi.IsDir() {
		if hexes, err = listFiles(filepath.Join(dir, "outhex"), ".txt"); err != nil {
			return found{}, err
		}
	}
	stems := map[string]bool{}
	for _, name := range inputs {
		stems[strings.TrimSuffix(name, ".json")] = true
	}
	for _, name := range outputs {
		if !stems[strings.TrimSuffix(name, ".json")] {
			return found{}, errorf(filepath.Join(dir, "output", name), 0, "output without input/%s", name)
		}
	}
	for _, name := range hexes {
		if !stems[strings.TrimSuffix(name, ".txt")] {
			return found{}, errorf(filepath.Join(dir, "outhex", name), 0, "outhex without input/%s.json", strings.TrimSuffix(name, ".txt"))
		}
	}

	set := filepath.Base(filepath.Clean(dir))
	f := found{layout: Layout{Kind: KindJCS, Path: dir, Entries: len(inputs)}}
	for _, name := range inputs {
		stem := strings.TrimSuffix(name, ".json")
		inPath := filepath.Join(dir, "input", name)
		outPath := filepath.Join(dir, "output", name)
		input, err := readFile(inPath)
		if err != nil {
			return found{}, err
		}
		output, err := readFile(outPath)
		if errors.Is(err, os.ErrNotExist) {
			return found{}, errorf(inPath, 0, "input without output/%s", name)
		} else if err != nil {
			return found{}, err
		}
		hexPath := filepath.Join(dir, "outhex", stem+".txt")
		if h, err := readFile(hexPath); err == nil {
			want, err := hex.DecodeString(strings.Join(strings.Fields(string(h)), ""))
			if err != nil {
				return found{}, errorf(hexPath, 0, "bad hex: %v", err)
			}
			if !bytes.Equal(want, output) {
				return found{}, errorf(hexPath, 0, "disagrees with %s", outPath)
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			return found{}, err
		}
		f.cases = append(f.cases, vectors.Case{
			Name:   set + "/" + stem,
			Input:  input,
			Expect: vectors.ExpectOK,
			Output: output,
			Source: inPath,
			Corpus: corpus,
		})
	}
	return f, nil
}

// listFiles returns the sorted names in dir, which must all be regular files
// ending in ext (symbolic links followed).
func listFiles(dir, ext string) ([]string, error) {
	entries, err := infile.ReadDir(dir, dirBound)
	if err != nil {
		return nil, fsError(dir, err)
	}
	var names []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fsError(p, err)
		}
		if !fi.IsDir() && !fi.Mode().IsRegular() {
			return nil, fsError(p, &infile.NotRegularError{Mode: fi.Mode()})
		}
		if !fi.Mode().IsRegular() || !strings.HasSuffix(e.Name(), ext) || e.Name() == ext {
			return nil, errorf(p, 0, "unexpected entry: want only *%s files", ext)
		}
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names, nil
}
