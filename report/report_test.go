package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sample(rows int, disagree bool) []byte {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Header(Header{ConformVersion: "t", Protocol: 1, Impls: []ImplMeta{{Impl: "go"}}, Cases: rows})
	f := Footer{Counts: map[string]map[Outcome]int{"go": {}}}
	for i := 0; i < rows; i++ {
		o := Agree
		if disagree {
			o = WrongOutput
			f.Disagreements++
		}
		f.Counts["go"][o]++
		w.Row(Row{Case: "c", Contract: "t/1", Op: "op", Impl: "go", Outcome: o, Expected: Answer{Outcome: "ok", Output: []byte("a")}, Got: Answer{Outcome: "ok", Output: []byte("b")}})
	}
	w.Footer(f)
	if err := w.Err(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func TestReadRoundTrip(t *testing.T) {
	rep, err := Read(bytes.NewReader(sample(3, false)), "r")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 3 || rep.Header.Format != FormatVersion || rep.Footer.Counts["go"][Agree] != 3 {
		t.Errorf("%+v", rep)
	}
}

func TestReadRefusesMalformedReports(t *testing.T) {
	good := string(sample(2, false))
	lines := strings.SplitAfter(good, "\n")
	for name, tc := range map[string]struct {
		text string
		want string
	}{
		"empty":          {"", "r: empty report"},
		"no footer":      {strings.Join(lines[:3], ""), "incomplete"},
		"header second":  {lines[1] + lines[0], "r:1: first line"},
		"garbage":        {lines[0] + "nope\n", "r:2: not a JSON object"},
		"unknown field":  {lines[0] + `{"type":"case","bogus":1}` + "\n", "r:2: json: unknown field"},
		"unknown type":   {lines[0] + `{"type":"mystery"}` + "\n", `r:2: unknown line type "mystery"`},
		"after footer":   {good + lines[1], "r:5: line after the footer"},
		"two headers":    {lines[0] + lines[0], "r:2: a second header"},
		"bad format":     {strings.Replace(lines[0], `"format":1`, `"format":9`, 1), "r:1: report format 9"},
		"no identity":    {lines[0] + `{"type":"case"}` + "\n" + lines[3], "r:2: case line lacks"},
		"bad outcome":    {lines[0] + strings.Replace(lines[1], `"agree"`, `"bogus"`, 1) + lines[2] + lines[3], `r:2: unknown outcome "bogus"`},
		"outcome edited": {lines[0] + strings.Replace(lines[1], `"agree"`, `"wrong-output"`, 1) + lines[2] + lines[3], "r:4: footer says 0 disagreements, the case lines hold 1"},
		"rows dropped":   {lines[0] + lines[3], "r:2: footer counts 2 agree for go, the case lines hold 0"},
		"exit code":      {lines[0] + lines[1] + lines[2] + strings.Replace(lines[3], `"exit_code":0`, `"exit_code":77`, 1), "r:4: exit code 77"},
	} {
		_, err := Read(strings.NewReader(tc.text), "r")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}

func TestFileIsAtomicAndKeepsWhatWasThere(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, false); err == nil {
		t.Fatal("Create replaced an existing file without force")
	}
	f, err := Create(path, true)
	if err != nil {
		t.Fatal(err)
	}
	f.Header(Header{})
	if b, _ := os.ReadFile(path); string(b) != "mine" {
		t.Fatal("the old file changed before Commit")
	}
	f.Footer(Footer{})
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(mustOpen(t, path), path); err != nil {
		t.Errorf("committed report: %v", err)
	}
	g, err := Create(filepath.Join(dir, "cut.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	g.Header(Header{})
	partial := g.Abandon()
	if !strings.HasSuffix(partial, ".partial") {
		t.Errorf("abandoned report at %s", partial)
	}
	if _, err := os.Stat(filepath.Join(dir, "cut.jsonl")); err == nil {
		t.Error("an abandoned report appeared at its path")
	}
}

func mustOpen(t *testing.T, p string) *os.File {
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestSummaryBoundsDisagreementsAndRenders(t *testing.T) {
	rep, err := Read(bytes.NewReader(sample(MaxShown+5, true)), "r")
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(rep)
	if len(s.Disagreements) != MaxShown || s.Counts["t/1"]["go"][WrongOutput] != MaxShown+5 {
		t.Fatalf("kept %d, counted %v", len(s.Disagreements), s.Counts)
	}
	var out bytes.Buffer
	RenderText(&out, s)
	text := out.String()
	for _, want := range []string{"wrong-out", "... 5 more disagreements", "Output:  `\"a\"`", "105 disagreements"} {
		if !strings.Contains(text, want) {
			t.Errorf("rendering lacks %q:\n%.2000s", want, text)
		}
	}
}

// The header's implementation entries keep the names and order
// report/README.md documents: the report owns them, so this fails when
// they change, whatever the harness protocol does.
func TestImplMetaBytes(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Header(Header{ConformVersion: "0.1.0", Protocol: 1, Transport: "container", Contracts: []string{"t/1"}, Cases: 1,
		Impls: []ImplMeta{{
			Impl: "ts", Name: "conform-ts", Language: "typescript", LanguageVersion: "5", Runtime: "node", RuntimeVersion: "20",
			Version: "0.1.0", Contracts: map[string][]string{"u/1": {"b"}, "t/1": {"a"}}, Transport: "container",
			Command: []string{"node", "dist/harness.js"}, Image: "conform-mirror-ts:1", ImageID: "sha256:2",
			BaseImage: "base", BaseImageID: "sha256:3",
		}, {Impl: "go", Name: "conform-go-reference", Transport: "in-process"}},
	})
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
	want := `{"type":"header","format":1,"conform_version":"0.1.0","protocol":1,"started_at":"0001-01-01T00:00:00Z",` +
		`"vectors_manifest_sha256":"","transport":"container","contracts":["t/1"],"implementations":[` +
		`{"impl":"ts","name":"conform-ts","language":"typescript","language_version":"5","runtime":"node","runtime_version":"20",` +
		`"version":"0.1.0","contracts":{"t/1":["a"],"u/1":["b"]},"transport":"container","command":["node","dist/harness.js"],` +
		`"image":"conform-mirror-ts:1","image_id":"sha256:2","base_image":"base","base_image_id":"sha256:3"},` +
		`{"impl":"go","name":"conform-go-reference","language":"","language_version":"","runtime":"","runtime_version":"",` +
		`"version":"","contracts":null,"transport":"in-process"}],"corpora":null,"cases":1}` + "\n"
	if b.String() != want {
		t.Errorf("header\n%s\nwant\n%s", b.String(), want)
	}
}
