package delta

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/vectors"
)

// VectorFiles returns the vector set the findings of res make
// (vectors/README.md): the path of each file, relative to the set's
// directory, and its bytes, the set's MANIFEST last. With two operations,
// <contract-dir>/delta-<op>.jsonl of each, every finding's input as that
// side is given it, expecting that side's answer; with one operation (two
// implementations), one file expecting the new side's answer. A note on
// each case names its class and the other side's answer. A finding a side
// did not answer with ok or refused writes no case for it; a side without
// any case writes no file.
func VectorFiles(c Config, res *Result) (paths []string, data map[string][]byte) {
	dir, _, _ := strings.Cut(c.Contract, "/")
	data = map[string][]byte{}
	type side struct {
		op    string
		input func([]byte) []byte
		mine  func(Finding) impl.Result
		other func(Finding) impl.Result
		who   string
	}
	sides := []side{{op: c.New.Op, input: c.NewInput, mine: func(f Finding) impl.Result { return f.New },
		other: func(f Finding) impl.Result { return f.Old }, who: "the old side (" + c.Old.Impl.Name() + " " + c.Old.Op + ")"}}
	if c.Old.Op != c.New.Op {
		sides = append([]side{{op: c.Old.Op, input: c.OldInput, mine: func(f Finding) impl.Result { return f.Old },
			other: func(f Finding) impl.Result { return f.New }, who: "the new side (" + c.New.Impl.Name() + " " + c.New.Op + ")"}}, sides...)
	}
	for _, s := range sides {
		path := dir + "/delta-" + s.op + ".jsonl"
		var b strings.Builder
		b.WriteString(`{"conform_vectors":1,"contract":` + vectors.QuoteASCII(c.Contract) + `,"op":` + vectors.QuoteASCII(s.op) +
			`,"behaviour":` + vectors.QuoteASCII("delta-"+s.op) + `,"description":` +
			vectors.QuoteASCII("conform delta findings: inputs on which "+c.Old.Impl.Name()+" "+c.Old.Op+" and "+c.New.Impl.Name()+" "+c.New.Op+" differ") + "}\n")
		ids := map[string]bool{}
		for _, f := range res.Findings {
			in := s.input(f.Input)
			id := vectors.CaseID(c.Contract, s.op, in)
			line, ok := caseLine(id, f.Class, in, s.mine(f), s.other(f), s.who)
			if !ok || ids[id] {
				continue
			}
			ids[id] = true
			b.WriteString(line)
		}
		if len(ids) > 0 {
			paths = append(paths, path)
			data[path] = []byte(b.String())
		}
	}
	slices.Sort(paths)
	var m strings.Builder
	for _, p := range paths {
		sum := sha256.Sum256(data[p])
		m.WriteString(hex.EncodeToString(sum[:]) + "  " + p + "\n")
	}
	paths = append(paths, vectors.ManifestPath)
	data[vectors.ManifestPath] = []byte(m.String())
	return paths, data
}

// caseLine renders one finding as a vector case expecting the answer
// mine; ok is false when mine is neither ok nor refused.
func caseLine(id string, class Class, in []byte, mine, other impl.Result, who string) (string, bool) {
	var b strings.Builder
	b.WriteString(`{"id":"` + id + `","name":"delta-` + string(class) + "-" + id + `"`)
	if utf8.Valid(in) {
		b.WriteString(`,"input":` + vectors.QuoteASCII(string(in)))
	} else {
		b.WriteString(`,"input_hex":"` + hex.EncodeToString(in) + `"`)
	}
	switch mine.Outcome {
	case impl.OK:
		b.WriteString(`,"expect":"ok"`)
		if utf8.Valid(mine.Output) {
			b.WriteString(`,"output":` + vectors.QuoteASCII(string(mine.Output)))
		} else {
			b.WriteString(`,"output_hex":"` + hex.EncodeToString(mine.Output) + `"`)
		}
	case impl.Refused:
		if !utf8.ValidString(mine.Message) {
			return "", false
		}
		b.WriteString(`,"expect":"refused","message":` + vectors.QuoteASCII(mine.Message))
	default:
		return "", false
	}
	said := other.Outcome
	if other.Outcome == impl.Refused {
		said = fmt.Sprintf("refused %q", other.Message)
	}
	note := strings.ToValidUTF8(fmt.Sprintf("%s: %s gave %s", class, who, said), "?")
	b.WriteString(`,"note":` + vectors.QuoteASCII(escapeClip(note, 300)) + "}\n")
	return b.String(), true
}

func escapeClip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// WriteVectors writes VectorFiles into the directory dir (made when
// missing): each file published atomically (internal/atomicfile), none
// replacing a file there unless force; every target is checked before
// anything is written. It returns the paths written, relative to dir.
func WriteVectors(dir string, c Config, res *Result, force bool) ([]string, error) {
	paths, data := VectorFiles(c, res)
	for _, p := range paths {
		if err := atomicfile.CheckTarget(filepath.Join(dir, filepath.FromSlash(p)), force); err != nil {
			return nil, err
		}
	}
	for _, p := range paths {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := atomicfile.Write(full, data[p], force); err != nil {
			return nil, err
		}
	}
	return paths, nil
}
