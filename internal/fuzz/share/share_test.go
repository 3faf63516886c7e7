package share

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/module"

	fuzzheaders "github.com/AdaLogics/go-fuzz-headers"
)

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return b
}

func TestGoFileRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		data := randomBytes(r, r.IntN(300))
		got, err := DecodeGo(EncodeGo(data))
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%d: %q -> %q, %v", i, data, got, err)
		}
	}
	// Go's own spellings decode too: a raw string literal, no final LF.
	got, err := DecodeGo([]byte("go test fuzz v1\n[]byte(`a\"b`)"))
	if err != nil || string(got) != `a"b` {
		t.Errorf("raw literal: %q, %v", got, err)
	}
	for _, bad := range []string{"", "go test fuzz v2\n[]byte(\"\")\n", "go test fuzz v1\n", "go test fuzz v1\n[]byte(\"x)\n"} {
		if _, err := DecodeGo([]byte(bad)); err == nil {
			t.Errorf("DecodeGo(%q) accepted", bad)
		}
	}
	if _, err := DecodeGo([]byte("go test fuzz v1\nstring(\"x\")\nint(1)\n")); !errors.Is(err, ErrNotBytes) {
		t.Errorf("two values: %v, want ErrNotBytes", err)
	}
}

// TestLibFuzzerFramingMatchesTheShim checks DecodeLibFuzzer against
// go-fuzz-headers' GetBytes itself, which the go-118-fuzz-build shim calls
// for a []byte argument, on random raw inputs and on EncodeLibFuzzer's.
func TestLibFuzzerFramingMatchesTheShim(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(raw []byte) {
		want, err := fuzzheaders.NewConsumer(raw).GetBytes()
		got, ok := DecodeLibFuzzer(raw)
		if (err == nil) != ok || !bytes.Equal(got, want) {
			t.Fatalf("raw %x: DecodeLibFuzzer %x %v, GetBytes %x %v", raw, got, ok, want, err)
		}
	}
	for range 3000 {
		raw := randomBytes(r, r.IntN(40))
		if r.IntN(3) == 0 && len(raw) >= 4 {
			raw[0], raw[1], raw[2] = 0, 0, 0
		}
		check(raw)
	}
	for range 500 {
		data := randomBytes(r, 1+r.IntN(200))
		raw, err := EncodeLibFuzzer(data)
		if err != nil {
			t.Fatal(err)
		}
		check(raw)
		if got, _ := DecodeLibFuzzer(raw); !bytes.Equal(got, data) {
			t.Fatalf("round trip %x -> %x", data, got)
		}
	}
	raw, err := EncodeLibFuzzer(nil)
	if err != nil {
		t.Fatal(err)
	}
	check(raw)
	if got, ok := DecodeLibFuzzer(raw); !ok || len(got) != 0 {
		t.Errorf("the empty input's form %x decodes to %x, %v", raw, got, ok)
	}
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestConvertBothWays(t *testing.T) {
	tmp := t.TempDir()
	goDir := filepath.Join(tmp, "go")
	values := [][]byte{[]byte("a"), []byte("{\"x\":1}"), {0, 1, 2, 0xff}, {}}
	files := map[string][]byte{}
	for _, v := range values {
		f := EncodeGo(v)
		files[GoName(f)] = f
	}
	writeFiles(t, goDir, files)
	lf := filepath.Join(tmp, "lf")
	c, err := GoToLibFuzzer(goDir, lf)
	if err != nil {
		t.Fatal(err)
	}
	if c.Written != 4 || c.Skipped != 0 {
		t.Errorf("go -> libfuzzer: %v", c)
	}
	back := filepath.Join(tmp, "back")
	if c, err = LibFuzzerToGo(lf, back); err != nil || c.Written != 4 {
		t.Fatalf("libfuzzer -> go: %v, %v", c, err)
	}
	for _, v := range values {
		f := EncodeGo(v)
		b, err := os.ReadFile(filepath.Join(back, GoName(f)))
		if err != nil || !bytes.Equal(b, f) {
			t.Errorf("%q did not come back: %v", v, err)
		}
	}
	// Converting again writes nothing: every file is already there.
	if c, err = GoToLibFuzzer(goDir, lf); err != nil || c.Written != 0 || c.Present != 4 {
		t.Errorf("second conversion: %v, %v", c, err)
	}
	// A destination where one name holds other content: nothing written.
	clash := filepath.Join(tmp, "clash")
	taken := sortedKeys(files)[0]
	writeFiles(t, clash, map[string][]byte{taken: []byte("a user's file")})
	if _, err := LibFuzzerToGo(lf, clash); err == nil || !strings.Contains(err.Error(), "nothing written") {
		t.Errorf("conversion onto a taken name: %v", err)
	}
	if entries, _ := os.ReadDir(clash); len(entries) != 1 {
		t.Errorf("%d files after a refused conversion, want the user's one", len(entries))
	}
}

func TestDirNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{"x": []byte("old"), "y": []byte("same")})
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if wrote, err := d.Put("z", []byte("same")); wrote || err != nil {
		t.Errorf("content already present under another name: wrote %v, %v", wrote, err)
	}
	if _, err := d.Put("x", []byte("new")); err == nil {
		t.Error("Put replaced a file with other content")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "x")); string(b) != "old" {
		t.Errorf("x is now %q", b)
	}
	if wrote, err := d.Put("w", []byte("fresh")); !wrote || err != nil {
		t.Errorf("new file: %v, %v", wrote, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%d files, want 3 (no temporary file left behind)", len(entries))
	}
}

func sample(t *testing.T) *Archive {
	a := NewArchive()
	for i, v := range []string{"a", "b", "c"} {
		target := []string{"FuzzJCS", "FuzzFrame"}[i%2]
		if _, err := a.Add(target, module.Package("fuzz"), EncodeGo([]byte(v))); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

func TestArchiveRoundTripIsDeterministic(t *testing.T) {
	a := sample(t)
	var b1, b2 bytes.Buffer
	if err := a.Write(&b1); err != nil {
		t.Fatal(err)
	}
	if err := sample(t).Write(&b2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Error("the same corpus gave two archives")
	}
	got, err := ReadArchive(bytes.NewReader(b1.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != 3 || got.Packages["FuzzJCS"] != module.Package("fuzz") || len(got.Files["FuzzJCS"]) != 2 {
		t.Errorf("read back %d files: %v", got.Len(), got.Manifest())
	}
}

func TestMergeDeduplicates(t *testing.T) {
	a, b := sample(t), sample(t)
	if _, err := b.Add("FuzzJCS", module.Package("fuzz"), EncodeGo([]byte("d"))); err != nil {
		t.Fatal(err)
	}
	n, err := a.Merge(b)
	if err != nil || n != 1 || a.Len() != 4 {
		t.Errorf("merge added %d (len %d), %v", n, a.Len(), err)
	}
	other := NewArchive()
	_, _ = other.Add("FuzzJCS", "github.com/conform-dev/conform/internal/fuzz/gocheck", EncodeGo([]byte("a")))
	if _, err := a.Merge(other); err == nil {
		t.Error("merged a target from another package")
	}
}

// rewrite rebuilds an archive's tar stream with edit applied to each entry
// (returning false drops it) and extra entries appended.
func rewrite(t *testing.T, a *Archive, edit func(h *tar.Header, b []byte) ([]byte, bool), extra map[string][]byte) []byte {
	var src bytes.Buffer
	if err := a.Write(&src); err != nil {
		t.Fatal(err)
	}
	zr, _ := gzip.NewReader(&src)
	tr := tar.NewReader(zr)
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	tw := tar.NewWriter(zw)
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		b := make([]byte, h.Size)
		_, _ = tr.Read(b)
		b, keep := edit(h, b)
		if !keep {
			continue
		}
		h.Size = int64(len(b))
		_ = tw.WriteHeader(h)
		_, _ = tw.Write(b)
	}
	for n, b := range extra {
		_ = tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg})
		_, _ = tw.Write(b)
	}
	_ = tw.Close()
	_ = zw.Close()
	return out.Bytes()
}

func TestReadArchiveRefusesTampering(t *testing.T) {
	a := sample(t)
	keep := func(h *tar.Header, b []byte) ([]byte, bool) { return b, true }
	cases := map[string][]byte{
		"content changed": rewrite(t, a, func(h *tar.Header, b []byte) ([]byte, bool) {
			if strings.HasPrefix(h.Name, "FuzzJCS/") {
				return EncodeGo([]byte("evil")), true
			}
			return b, true
		}, nil),
		"entry dropped": rewrite(t, a, func(h *tar.Header, b []byte) ([]byte, bool) {
			return b, !strings.HasPrefix(h.Name, "FuzzFrame/")
		}, nil),
		"no manifest": rewrite(t, a, func(h *tar.Header, b []byte) ([]byte, bool) { return b, h.Name != ManifestName }, nil),
		"unknown target": rewrite(t, a, keep, map[string][]byte{
			"FuzzOther/" + ContentName(EncodeGo([]byte("x"))): EncodeGo([]byte("x")),
		}),
		"path escape": rewrite(t, a, keep, map[string][]byte{"../x": []byte("x")}),
		"not a corpus file": rewrite(t, a, keep, map[string][]byte{
			"FuzzJCS/" + ContentName([]byte("plain")): []byte("plain"),
		}),
		"manifest field": rewrite(t, a, func(h *tar.Header, b []byte) ([]byte, bool) {
			if h.Name == ManifestName {
				return []byte(`{"conform_fuzz_corpus":1,"targets":{},"extra":1}`), true
			}
			return b, false
		}, nil),
		"not gzip": []byte("plain text"),
		"target named twice": rewrite(t, a, func(h *tar.Header, b []byte) ([]byte, bool) {
			if h.Name == ManifestName {
				return []byte(`{"conform_fuzz_corpus":1,"targets":{"FuzzX":{"package":"p","entries":[]},"FuzzX":{"package":"p","entries":[]}}}`), true
			}
			return b, false
		}, nil),
		"target name is a path": rewrite(t, a, func(h *tar.Header, b []byte) ([]byte, bool) {
			if h.Name == ManifestName {
				return []byte(`{"conform_fuzz_corpus":1,"targets":{"../../x":{"package":"p","entries":[]}}}`), true
			}
			return b, false
		}, nil),
	}
	// The gzip trailer (CRC-32, then length) comes after the tar end
	// marker: damage there must be seen too.
	var good bytes.Buffer
	if err := a.Write(&good); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadArchive(bytes.NewReader(good.Bytes())); err != nil {
		t.Fatalf("the untouched archive: %v", err)
	}
	n := good.Len()
	for _, at := range []int{n - 8, n - 5, n - 1} {
		b := bytes.Clone(good.Bytes())
		b[at] ^= 0x40
		cases[fmt.Sprintf("trailer byte %d flipped", at-n)] = b
	}
	for _, cut := range []int{1, 4, 8, 12} {
		cases[fmt.Sprintf("last %d bytes cut", cut)] = good.Bytes()[:n-cut]
	}
	for name, b := range cases {
		if _, err := ReadArchive(bytes.NewReader(b)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestImportNeverOverwrites(t *testing.T) {
	a := sample(t)
	dir := t.TempDir()
	c, err := ImportGo(a, "FuzzJCS", dir)
	if err != nil || c.Written != 2 {
		t.Fatalf("%v, %v", c, err)
	}
	if c, err = ImportGo(a, "FuzzJCS", dir); err != nil || c.Written != 0 || c.Present != 2 {
		t.Errorf("second import: %v, %v", c, err)
	}
	lf := t.TempDir()
	if c, err = ImportLibFuzzer(a, "FuzzJCS", lf); err != nil || c.Written != 2 {
		t.Errorf("libfuzzer import: %v, %v", c, err)
	}
	back := NewArchive()
	if c, err = back.AddLibFuzzerDir("FuzzJCS", module.Package("fuzz"), lf); err != nil || c.Written != 2 {
		t.Errorf("libfuzzer export: %v, %v", c, err)
	}
	for name := range a.Files["FuzzJCS"] {
		if back.Files["FuzzJCS"][name] == nil {
			t.Errorf("%s lost on the way through libFuzzer's format", name)
		}
	}
}

// An import into a directory where one name is taken by other content
// writes nothing at all, names the file, and leaves it as it was.
func TestImportWithAClashWritesNothing(t *testing.T) {
	a := sample(t)
	names := sortedKeys(a.Files["FuzzJCS"])
	if len(names) < 2 {
		t.Fatal("the sample needs two FuzzJCS entries")
	}
	dir := t.TempDir()
	taken := filepath.Join(dir, GoName(a.Files["FuzzJCS"][names[1]]))
	if err := os.WriteFile(taken, []byte("a user's file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckImportGo(a, "FuzzJCS", dir); err == nil || !strings.Contains(err.Error(), taken) {
		t.Errorf("check: %v", err)
	}
	if _, err := ImportGo(a, "FuzzJCS", dir); err == nil || !strings.Contains(err.Error(), "nothing written") {
		t.Fatalf("import: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want only the user's", len(entries))
	}
	if b, _ := os.ReadFile(taken); string(b) != "a user's file\n" {
		t.Errorf("the user's file became %q", b)
	}
}

// A Go corpus file is taken whole: its header and every value line, each
// of a type Go's engine reads with a literal of that type; one whose
// first line is right and whose body is broken is refused, in an archive
// too, naming the line.
func TestCorpusFilesAreCheckedWhole(t *testing.T) {
	good := "go test fuzz v1\n[]byte(\"a\\x00\")\nstring(\"b\")\nint(-3)\nuint8(255)\nrune('\\n')\nbyte('a')\nfloat64(1.5)\nfloat32(-2)\nfloat64(math.Float64frombits(0x7ff8000000000001))\nbool(true)\n"
	if _, err := GoLines([]byte(good)); err != nil {
		t.Fatalf("a whole corpus file: %v", err)
	}
	for name, body := range map[string]string{
		"unterminated string": "[]byte(\"abc",
		"not a call":          "abc",
		"two arguments":       "[]byte(\"a\", \"b\")",
		"unknown type":        "complex128(1)",
		"bad escape":          "string(\"\\q\")",
		"int of a string":     "int(\"1\")",
		"bool of a number":    "bool(1)",
		"float of a call":     "float64(os.Exit(1))",
		"trailing junk":       "[]byte(\"a\") x",
	} {
		_, err := GoLines([]byte("go test fuzz v1\n[]byte(\"ok\")\n" + body + "\n"))
		if err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%s: %v", name, err)
		}
	}
	broken := []byte("go test fuzz v1\n[]byte(\"abc\n")
	b := rewrite(t, sample(t), func(h *tar.Header, b []byte) ([]byte, bool) { return b, true }, map[string][]byte{
		"FuzzJCS/" + ContentName(broken): broken,
	})
	if _, err := ReadArchive(bytes.NewReader(b)); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("an archive entry with a broken body: %v", err)
	}
}

// The bounds of an archive are checked on each entry's header, before its
// bytes are read; Add keeps an archive within them.
func TestArchiveBounds(t *testing.T) {
	big := EncodeGo(bytes.Repeat([]byte("x"), MaxEntry))
	if _, err := NewArchive().Add("FuzzJCS", module.Package("fuzz"), big); err == nil || !strings.Contains(err.Error(), "the bound on one corpus entry") {
		t.Errorf("Add of an entry over the bound: %v", err)
	}
	b := rewrite(t, sample(t), func(h *tar.Header, b []byte) ([]byte, bool) { return b, true }, map[string][]byte{
		"FuzzJCS/" + ContentName(big): big,
	})
	if _, err := ReadArchive(bytes.NewReader(b)); err == nil || !strings.Contains(err.Error(), "more than 4194304 bytes (4 MiB), the bound on one corpus entry") {
		t.Errorf("an archive entry over the bound: %v", err)
	}
	// The total and the count: an archive near each bound takes no entry
	// past it (the sizes are set, rather than 256 MiB of entries made).
	a := sample(t)
	a.size = MaxTotal - 10
	if _, err := a.Add("FuzzJCS", module.Package("fuzz"), EncodeGo([]byte("eleven byte"))); err == nil || !strings.Contains(err.Error(), "the bound on the entries of one corpus archive, directory or merge together") {
		t.Errorf("an archive over its total: %v", err)
	}
	a = sample(t)
	a.count = MaxEntries
	if _, err := a.Add("FuzzJCS", module.Package("fuzz"), EncodeGo([]byte("one more"))); err == nil || !strings.Contains(err.Error(), "more than 100000 entries") {
		t.Errorf("an archive over its count: %v", err)
	}
}

// A directory read for a corpus refuses a named pipe in it, unopened.
func TestCorpusDirectoryRefusesNamedPipes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a"), EncodeGo([]byte("a")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "b"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := files(dir); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file (named pipe)") {
			t.Errorf("a corpus directory with a named pipe: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("files opened a named pipe")
	}
}

// An archive written while conform's module path was "conform" names its
// packages conform/fuzz and conform/fuzz/gocheck: it is read with them
// under today's module path, so that its entries import where the targets
// now are, and written back under that path.
func TestArchiveUnderTheOldModulePathIsRead(t *testing.T) {
	old := NewArchive()
	if _, err := old.Add("FuzzJCS", "conform/fuzz", EncodeGo([]byte("a"))); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Add("FuzzJCSOracle", "conform/fuzz/gocheck", EncodeGo([]byte("b"))); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := old.Write(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadArchive(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Packages["FuzzJCS"] != module.Package("fuzz") || got.Packages["FuzzJCSOracle"] != module.Package("fuzz/gocheck") {
		t.Fatalf("packages read %v", got.Packages)
	}
	if got.Len() != 2 || got.Manifest().Targets["FuzzJCS"].Package != module.Package("fuzz") {
		t.Errorf("read %d entries, manifest %v", got.Len(), got.Manifest())
	}
}
