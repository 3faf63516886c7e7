package cases

import (
	"fmt"
	"path/filepath"

	"github.com/conform-dev/conform/internal/corpus"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/vectors"
)

// MaxSeed bounds the input of a golden vector used as a seed: a larger one
// (a 32 MiB ceiling trace) is run by conform run and the audits, not by the
// fuzz engine, which would copy, mutate and send megabytes per execution.
const MaxSeed = 1 << 20

// Seeds returns the seed corpus of the targets reading t's format, as fuzz
// inputs:
//
//   - every golden vector (and finding) of t's operations up to MaxSeed
//     bytes, one raw input each;
//   - the entries of t.Corpora under corpora (the shared/corpora
//     directory), in raw inputs of up to MaxBatch
//     records (the es6numbers file alone has 10000 lines); none when
//     corpora is "";
//   - 16 structured inputs of pseudo-random bytes fixed by t's name (each
//     a filled batch of MaxBatch cases, so that the engine's mutations
//     start from batches too).
//
// A corpus that is missing or holds nothing is an error: a seed corpus
// that silently lost its seeds would still pass.
func Seeds(t Target, corpora string) ([][]byte, error) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		return nil, err
	}
	var seeds [][]byte
	for _, c := range vectors.Cases(files) {
		if c.Contract != t.Contract || t.OpIndex(c.Op) < 0 || len(c.Input) > MaxSeed {
			continue
		}
		in, err := t.RawInput(c.Op, c.Input)
		if err != nil {
			return nil, err
		}
		seeds = append(seeds, in)
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("%s: no golden vectors for %s", t.Name, t.Contract)
	}
	for _, rel := range t.Corpora {
		if corpora == "" {
			break
		}
		inputs, err := corpusInputs(t, filepath.Join(corpora, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		for len(inputs) > 0 {
			n := min(len(inputs), MaxBatch)
			var b []byte
			for i, in := range inputs[:n] {
				r, _ := t.RawInput(t.Ops[0], in)
				if i > 0 {
					r = r[1:] // one mode byte per input
				}
				b = append(b, r...)
			}
			seeds = append(seeds, b)
			inputs = inputs[n:]
		}
	}
	for i := range 16 {
		seeds = append(seeds, StructuredSeed(t.Name, i, 512))
	}
	return seeds, nil
}

// corpusInputs reads the inputs of one public corpus path: a layout
// corpus.Load knows, or (test_transform) a directory of raw JSON files.
func corpusInputs(t Target, path string) ([][]byte, error) {
	if filepath.Base(path) == "test_transform" {
		// Read as corpus.Load reads a corpus directory: regular files
		// only, within its bounds.
		entries, err := infile.ReadDir(path, infile.Bound{Max: corpus.MaxDirEntries, What: "the names in one corpus directory"})
		if err != nil {
			return nil, err
		}
		var out [][]byte
		for _, e := range entries {
			b, err := infile.ReadFile(filepath.Join(path, e.Name()), infile.Bound{Max: corpus.MaxFile, What: "one corpus file"})
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%s: no files", path)
		}
		return out, nil
	}
	res, err := corpus.Load(path)
	if err != nil {
		return nil, err
	}
	// The inputs of t's own contract, where the catalogue feeds it the
	// corpus; every input otherwise (a JSON text seeds every contract
	// that reads JSON text).
	own := false
	for _, c := range res.Cases {
		own = own || c.Contract == t.Contract
	}
	seen := map[string]bool{}
	var out [][]byte
	for _, c := range res.Cases {
		if own && c.Contract != t.Contract {
			continue
		}
		if seen[string(c.Input)] {
			continue
		}
		seen[string(c.Input)] = true
		out = append(out, c.Input)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no entries for %s", path, t.Contract)
	}
	return out, nil
}
