// Package share moves fuzz corpora between machines, CI runs and fuzzing
// engines: Go's corpus file format ("go test fuzz v1"), libFuzzer's
// directory of raw inputs as the targets built by go-118-fuzz-build read
// them, and a content-addressed tar.gz archive with a manifest of targets
// that can be exported, imported and merged without ever overwriting a
// file.
package share

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// GoHeader is the first line of a Go fuzz corpus file.
const GoHeader = "go test fuzz v1"

// EncodeGo returns the Go corpus file holding one []byte value, exactly as
// Go's fuzzing engine writes it.
func EncodeGo(data []byte) []byte {
	return []byte(GoHeader + "\n[]byte(" + strconv.Quote(string(data)) + ")\n")
}

// ErrNotBytes is returned for a Go corpus file that is well formed but does
// not hold exactly one []byte value (a target with other arguments).
var ErrNotBytes = errors.New("not a single []byte value")

// DecodeGo parses a Go corpus file that holds exactly one []byte value and
// returns the value. A file of another shape is ErrNotBytes (when its
// header is right) or a format error.
func DecodeGo(file []byte) ([]byte, error) {
	lines, err := GoLines(file)
	if err != nil {
		return nil, err
	}
	if len(lines) != 1 {
		return nil, fmt.Errorf("%w: %d values", ErrNotBytes, len(lines))
	}
	lit, ok := strings.CutPrefix(lines[0], "[]byte(")
	if !ok || !strings.HasSuffix(lit, ")") {
		return nil, fmt.Errorf("%w: %.40q", ErrNotBytes, lines[0])
	}
	s, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
	if err != nil {
		return nil, fmt.Errorf("bad []byte literal %.40q: %v", lines[0], err)
	}
	return []byte(s), nil
}

// GoLines checks a Go corpus file's header and returns its value lines.
func GoLines(file []byte) ([]string, error) {
	text := string(file)
	head, rest, _ := strings.Cut(text, "\n")
	if head != GoHeader {
		return nil, fmt.Errorf("not a Go fuzz corpus file (first line %.40q, want %q)", head, GoHeader)
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil, errors.New("a Go fuzz corpus file with no value")
	}
	return lines, nil
}

// GoName is the name Go's engine gives a corpus file: the first 16 hex
// digits of its SHA-256.
func GoName(file []byte) string { return ContentName(file)[:16] }

// ContentName is a file's content address: the hex SHA-256 of its bytes.
func ContentName(file []byte) string {
	sum := sha256.Sum256(file)
	return hex.EncodeToString(sum[:])
}

// LibFuzzerName is the name libFuzzer gives a corpus file: the hex SHA-1
// of its bytes.
func LibFuzzerName(raw []byte) string {
	sum := sha1.Sum(raw)
	return hex.EncodeToString(sum[:])
}

// EncodeLibFuzzer returns the raw libFuzzer input that makes a target built
// by go-118-fuzz-build call its fuzz function with data. That tool's
// testing shim reads a []byte argument with go-fuzz-headers' GetBytes: a
// four-byte big-endian length, then the bytes (a length equal to what is
// left is taken whole). The empty value is spelled as length 2 over one
// byte (2 mod 1 is 0), since a plain length 0 means 30 to the shim.
func EncodeLibFuzzer(data []byte) ([]byte, error) {
	if len(data) == 0 {
		return []byte{0, 0, 0, 2, 0}, nil
	}
	if uint64(len(data)) > 1<<32-1 {
		return nil, errors.New("input too long")
	}
	raw := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	return append(raw, data...), nil
}

// DecodeLibFuzzer returns the []byte a go-118-fuzz-build target passes its
// fuzz function for the raw libFuzzer input raw (GetBytes: a four-byte
// big-endian length n, 0 meaning 30, taken modulo the bytes left unless it
// equals them). ok is false when the shim calls nothing: fewer than five
// bytes.
func DecodeLibFuzzer(raw []byte) (data []byte, ok bool) {
	if len(raw) < 5 {
		return nil, false
	}
	n := binary.BigEndian.Uint32(raw)
	left := uint32(len(raw) - 4)
	if n == 0 {
		n = 30
	}
	if n != left {
		n %= left
	}
	return bytes.Clone(raw[4 : 4+n]), true
}
