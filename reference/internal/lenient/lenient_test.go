package lenient

import (
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/conform-dev/conform/reference/refusal"
)

func TestDecode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"\xff", "\uFFFD"},
		{"a\x80b", "a\uFFFDb"},
		{"\xe2\x82", "\uFFFD"},                 // truncated 3-byte: one subpart
		{"\xe2\x82\xac", "€"},                  // well formed
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"}, // ED A0 is never a prefix
		{"\xed\x9f\xbf", "\ud7ff"},
		{"\xf0\x9f\x98", "\uFFFD"},
		{"\xf0\x9f\x98\x80", "\U0001F600"},
		{"\xf0\x8f\xbf\xbf", "\uFFFD\uFFFD\uFFFD\uFFFD"}, // overlong 4-byte
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"}, // above U+10FFFF
		{"\xc0\xaf", "\uFFFD\uFFFD"},
		{"\xc2", "\uFFFD"},
		{"\xc2x", "\uFFFDx"},
		{"\xf8\x88\x80\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD"},
	} {
		if got := Decode([]byte(tc.in)); string(got) != tc.want {
			t.Errorf("Decode(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// TestDecodeMatchesCPython compares Decode with CPython's
// bytes.decode("utf-8", "replace") on random byte strings rich in UTF-8
// edge bytes. The contracts pin that decoder for an ignored UTF-8 guard.
func TestDecodeMatchesCPython(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	edge := []byte{0x00, 'a', 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff}
	var inputs [][]byte
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.IntN(12))
		for j := range b {
			b[j] = edge[rng.IntN(len(edge))]
		}
		inputs = append(inputs, b)
	}
	var stdin strings.Builder
	for _, b := range inputs {
		stdin.WriteString(base64.StdEncoding.EncodeToString(b) + "\n")
	}
	python := os.Getenv("CONFORM_PYTHON")
	if python == "" {
		python = "python3"
	}
	cmd := exec.Command(python, "-c", `
import base64, sys
for line in sys.stdin:
    b = base64.b64decode(line)
    print(base64.b64encode(b.decode("utf-8", "replace").encode("utf-8")).decode())
`)
	cmd.Stdin = strings.NewReader(stdin.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python (%s): %v", python, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("python gave %d lines for %d inputs", len(lines), len(inputs))
	}
	for i, b := range inputs {
		want, _ := base64.StdEncoding.DecodeString(lines[i])
		got := Decode(b)
		if !bytes.Equal(got, want) {
			t.Fatalf("Decode(%q) = %q; CPython gives %q", b, got, want)
		}
		if !utf8.Valid(got) {
			t.Fatalf("Decode(%q) = %q is not valid UTF-8", b, got)
		}
	}
}

func TestOrigin(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int // Origin of each offset of Decode(in), and of its length
	}{
		{"", []int{0}},
		{"ab", []int{0, 1, 2}},
		{"a\xffb", []int{0, 1, 1, 1, 2, 3}},
		{"\xe2\x82x", []int{0, 0, 0, 2, 3}},     // one U+FFFD for the truncated 3-byte sequence
		{"\u00e9\xc0", []int{0, 1, 2, 2, 2, 3}}, // é is copied, C0 replaced
	} {
		out := Decode([]byte(tc.in))
		if len(tc.want) != len(out)+1 {
			t.Fatalf("%q: Decode gives %d bytes, table has %d offsets", tc.in, len(out), len(tc.want))
		}
		for off, want := range tc.want {
			if got := Origin([]byte(tc.in), off); got != want {
				t.Errorf("Origin(%q, %d) = %d; want %d", tc.in, off, got, want)
			}
		}
	}
}

func TestRelocate(t *testing.T) {
	g := refusal.Guard{Contract: "x/1", Code: "x.y", Message: "m"}
	in := []byte("\xff\xff{")
	err := Relocate(refusal.Locate(&refusal.Error{Guard: g}, refusal.At(6, "/a")), in)
	e, _ := refusal.As(err)
	if e.At.Offset != 2 || e.At.Pointer != "/a" {
		t.Errorf("relocated to %+v", e.At)
	}
	if err := Relocate(&refusal.Error{Guard: g}, in); err.(*refusal.Error).At.HasOffset {
		t.Error("a refusal without an offset gained one")
	}
	if Relocate(nil, in) != nil {
		t.Error("nil")
	}
}
