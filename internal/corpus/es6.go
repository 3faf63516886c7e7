package corpus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/vectors"
)

// isES6Name reports whether a file name is that of an es6numbers file:
// es6testfile*.txt or es6testfile*.txt.gz.
func isES6Name(name string) bool {
	return strings.HasPrefix(name, "es6testfile") &&
		(strings.HasSuffix(name, ".txt") || strings.HasSuffix(name, ".txt.gz"))
}

// loadES6 reads one KindES6Numbers file, gzip-compressed when its name ends
// in .gz, streaming it. The format is cyberphone's es6testfile100m
// (shared/corpora/jcs/README.md): each line is "ieeehex,expected\n", where
// ieeehex is the binary64 bit pattern in lowercase hex without leading zeros
// and expected is the ECMAScript Number::toString of that double.
//
// Each line becomes an entry expecting exactly expected (the exact policy),
// whose input is strconv.FormatFloat(x, 'E', 16, 64), such as
// "-3.3333333333333335E+21":
// 17 significant digits, which always denote exactly x, with an upper-case
// exponent, which ECMAScript's Number::toString never writes, so the input is
// never already canonical and an implementation must reformat the number.
// (With a lower-case 'e' the input equals the expected output on 43,179 of
// the 100,000 lines: every double whose shortest form needs 17 digits and is
// written with an exponent of two digits.)
//
// A line is malformed, and named by path:line, when it lacks the comma or its
// final LF (a CR is not stripped), has a bad or non-minimal hex field, a NaN
// or infinite double, or an expected field that is not a JSON number denoting
// the same double ("0" for -0, as RFC 8785 section 3.2.2.3 requires).
func loadES6(path, corpus string) (found, error) {
	file, err := infile.Open(path)
	if err != nil {
		return found{}, fsError(path, err)
	}
	defer file.Close()
	var r io.Reader = infile.Reader(file, fileBound)
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return found{}, &Error{Path: path, Err: streamError(err)}
		}
		defer zr.Close()
		r = infile.Reader(zr, gzipBound)
	}
	base := filepath.Base(path)
	f := found{layout: Layout{Kind: KindES6Numbers, Path: path}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxES6Line)
	sc.Split(splitLF)
	line := 0
	for sc.Scan() {
		line++
		if !bytes.HasSuffix(sc.Bytes(), []byte{'\n'}) {
			// A read that failed ends the stream where it failed: a
			// truncated or damaged file, not a missing final LF.
			if err := sc.Err(); err != nil {
				return found{}, &Error{Path: path, Line: line, Err: streamError(err)}
			}
			return found{}, errorf(path, line, "last line lacks its LF")
		}
		if line > MaxLines {
			return found{}, &Error{Path: path, Line: line, Err: &infile.TooLargeError{Bound: linesBound, Unit: "lines"}}
		}
		c, err := es6Case(string(sc.Bytes()[:len(sc.Bytes())-1]))
		if err != nil {
			return found{}, &Error{Path: path, Line: line, Err: err}
		}
		lineText := strconv.Itoa(line)
		c.Name = "es6numbers/" + base + ":" + lineText
		c.Source = path + ":" + lineText
		c.Corpus = corpus
		f.cases = append(f.cases, c)
	}
	if err := sc.Err(); err != nil {
		return found{}, &Error{Path: path, Line: line + 1, Err: streamError(err)}
	}
	if line == 0 {
		return found{}, errorf(path, 0, "no lines")
	}
	f.layout.Entries = line
	return f, nil
}

// maxES6Line bounds one line of an es6numbers file: a double's 16 hex
// digits and its shortest form take under 40 bytes.
const maxES6Line = 4096

// streamError says what a failed read of an es6numbers stream means: a
// gzip stream cut short is truncated (not a line without its LF), a line
// over maxES6Line is over its bound, and a bound of infile or a damaged
// gzip stream says so itself.
func streamError(err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("the compressed stream is truncated: the file ends before its gzip trailer (%w)", err)
	case errors.Is(err, bufio.ErrTooLong):
		return &infile.TooLargeError{Bound: infile.Bound{Max: maxES6Line, What: "one es6numbers line"}}
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader):
		return fmt.Errorf("the compressed stream is damaged: %w", err)
	}
	return err
}

// splitLF is a bufio.SplitFunc returning each line with its LF, if any.
// Unlike bufio.ScanLines it keeps a CR and lets the caller see whether the
// last line was terminated.
func splitLF(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// es6Case parses one "ieeehex,expected" line into an entry without its
// Name, Source and Corpus.
func es6Case(text string) (vectors.Case, error) {
	h, expected, ok := strings.Cut(text, ",")
	if !ok {
		return vectors.Case{}, fmt.Errorf("missing comma in %q", text)
	}
	if h == "" || len(h) > 16 || strings.Trim(h, "0123456789abcdef") != "" {
		return vectors.Case{}, fmt.Errorf("bad hex %q: want 1 to 16 lowercase hex digits", h)
	}
	if len(h) > 1 && h[0] == '0' {
		return vectors.Case{}, fmt.Errorf("hex %q has a leading zero", h)
	}
	bits, err := strconv.ParseUint(h, 16, 64)
	if err != nil {
		return vectors.Case{}, fmt.Errorf("bad hex %q: %v", h, err)
	}
	x := math.Float64frombits(bits)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return vectors.Case{}, fmt.Errorf("hex %s is %v, which has no JSON form", h, x)
	}
	if !isJSONNumber(expected) {
		return vectors.Case{}, fmt.Errorf("expected %q is not a JSON number", expected)
	}
	if y, err := strconv.ParseFloat(expected, 64); err != nil || y != x {
		return vectors.Case{}, fmt.Errorf("expected %q does not denote the double %s", expected, h)
	}
	if x == 0 && expected != "0" {
		return vectors.Case{}, fmt.Errorf("expected %q for a zero: RFC 8785 writes 0", expected)
	}
	return vectors.Case{
		Input:  []byte(strconv.FormatFloat(x, 'E', 16, 64)),
		Expect: vectors.ExpectOK,
		Output: []byte(expected),
	}, nil
}

// isJSONNumber reports whether s matches the RFC 8259 number grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
func isJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
