package rfc8785

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

// corpusRoot is the public corpora's folder (reftest.CorpusRoot).
const corpusRoot = reftest.CorpusRoot

// TestCorpusPairs runs the independent JCS vectors: each input must give
// exactly its output file's bytes.
func TestCorpusPairs(t *testing.T) {
	for _, set := range []string{"cyberphone", "gowebpki"} {
		inputs, err := filepath.Glob(filepath.Join(corpusRoot, "jcs", set, "input", "*"))
		if err != nil || len(inputs) == 0 {
			t.Fatalf("corpus jcs/%s: no inputs (%v)", set, err)
		}
		for _, f := range inputs {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(corpusRoot, "jcs", set, "output", filepath.Base(f)))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Canonicalize(in)
			if err != nil {
				t.Errorf("%s/%s: %v", set, filepath.Base(f), err)
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/%s:\n got  %q\n want %q", set, filepath.Base(f), got, want)
			}
		}
	}
}

// TestES6Numbers runs cyberphone's es6 number corpus ("ieeehex,expected"
// per line): each double, written as a JSON number with 17 significant
// digits (which round-trips exactly) and in its shortest form, must
// canonicalize to the expected text. Nothing is skipped.
func TestES6Numbers(t *testing.T) {
	for _, name := range []string{"es6testfile_10k.txt", "es6testfile_100k.txt.gz"} {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join(corpusRoot, "jcs", "es6numbers", name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var r io.Reader = f
			if strings.HasSuffix(name, ".gz") {
				if r, err = gzip.NewReader(f); err != nil {
					t.Fatal(err)
				}
			}
			sc := bufio.NewScanner(r)
			lines, bad := 0, 0
			for sc.Scan() {
				lines++
				hex, want, found := strings.Cut(sc.Text(), ",")
				bits, err := strconv.ParseUint(hex, 16, 64)
				if !found || err != nil {
					t.Fatalf("line %d: malformed %q", lines, sc.Text())
				}
				f := math.Float64frombits(bits)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					t.Fatalf("line %d: %s is not a finite double, which no JSON number denotes", lines, hex)
				}
				for _, text := range []string{strconv.FormatFloat(f, 'e', 16, 64), strconv.FormatFloat(f, 'g', -1, 64)} {
					got, err := Canonicalize([]byte(text))
					if err != nil || string(got) != want {
						bad++
						if bad <= 10 {
							t.Errorf("line %d: %s (%s) gave %q, %v; want %q", lines, hex, text, got, err, want)
						}
					}
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if lines < 10000 {
				t.Fatalf("%d lines; the corpus has at least 10000", lines)
			}
			if bad > 0 {
				t.Fatalf("%d of %d numbers wrong", bad, 2*lines)
			}
		})
	}
}

// TestConcurrent runs Canonicalize from many goroutines at once, so that
// the pooled parser state is shared between calls (run with -race).
func TestConcurrent(t *testing.T) {
	var inputs [][]byte
	for _, rows := range [][]row{inputRows(), objectsRows(), numbersRows()} {
		for _, r := range rows {
			if r.Refuse == nil && r.Ignore == nil {
				inputs = append(inputs, []byte(r.In))
			}
		}
	}
	want := make([][]byte, len(inputs))
	for i, in := range inputs {
		want[i], _ = Canonicalize(in)
	}
	done := make(chan error)
	for g := 0; g < 8; g++ {
		go func() {
			for k := 0; k < 20; k++ {
				for i := range inputs {
					i := (i + g*7) % len(inputs)
					got, err := Canonicalize(inputs[i])
					if err != nil || !bytes.Equal(got, want[i]) {
						done <- fmt.Errorf("%q: got %q, %v; want %q", inputs[i], got, err, want[i])
						return
					}
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestJSONTestSuite runs JSONTestSuite's test_parsing files: every y_ file
// is accepted except the duplicate member names this contract refuses
// (spec/rfc8785.md, "Input", rule 6), and every n_ file is refused.
func TestJSONTestSuite(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusRoot, "jsontestsuite", "test_parsing", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus jsontestsuite/test_parsing: no files (%v)", err)
	}
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		out, err := Canonicalize(in)
		switch {
		case strings.HasPrefix(base, "n_") && err == nil:
			t.Errorf("accepted %s: %q", base, out)
		case strings.HasPrefix(base, "y_") && err != nil && !strings.HasPrefix(base, "y_object_duplicated_key"):
			t.Errorf("refused %s: %v", base, err)
		}
	}
}
