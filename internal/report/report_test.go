package report

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func sample(rows int, disagree bool) []byte {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Header(Header{ConformVersion: "t", Protocol: 1, Contracts: []string{"t/1"}, Impls: []ImplMeta{{Impl: "go"}}, Cases: rows})
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
	if disagree && rows > 0 {
		f.ExitCode = ExitDisagree
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
		"bad compare":    {strings.Replace(lines[0], `{"impl":"go"`, `{"impl":"go","compare":"fuzzy"`, 1) + lines[1] + lines[2] + lines[3], `r:1: implementation go: compare "fuzzy" is not exact, verdict or map`},
		"map, no map":    {strings.Replace(lines[0], `{"impl":"go"`, `{"impl":"go","compare":"map"`, 1) + lines[1] + lines[2] + lines[3], `r:1: implementation go: compare "map" with 0 mapped messages`},
		"no identity":    {lines[0] + `{"type":"case"}` + "\n" + lines[3], "r:2: case line lacks"},
		"bad outcome":    {lines[0] + strings.Replace(lines[1], `"agree"`, `"bogus"`, 1) + lines[2] + lines[3], `r:2: unknown outcome "bogus"`},
		"outcome edited": {lines[0] + strings.Replace(lines[1], `"agree"`, `"wrong-output"`, 1) + lines[2] + lines[3], "r:4: footer says 0 disagreements, the case lines hold 1"},
		"rows dropped":   {lines[0] + lines[3], "r:2: footer counts 2 agree for go, the case lines hold 0"},
		"exit code":      {lines[0] + lines[1] + lines[2] + strings.Replace(lines[3], `"exit_code":0`, `"exit_code":77`, 1), "r:4: exit code 77"},
		// The footer's exit code must be the one its lines call for.
		"exit code contradicts": {lines[0] + lines[1] + lines[2] + strings.Replace(lines[3], `"exit_code":0`, `"exit_code":1`, 1), "r:4: footer says exit code 1, its lines call for 0"},
		"breaks but exit 0":     {lines[0] + lines[1] + lines[2] + strings.Replace(lines[3], `"exit_code":0`, `"breaks":{"go":["violation"]},"exit_code":0`, 1), "r:4: footer says exit code 0, its lines call for 3"},
		"interrupted exit 0":    {lines[0] + lines[1] + strings.Replace(lines[3], `"exit_code":0`, `"stopped":"interrupted","exit_code":0`, 1), "its lines call for 130"},
		// Invalid UTF-8 anywhere in a line: encoding/json would take it.
		"invalid UTF-8": {lines[0] + strings.Replace(lines[1], `"case":"c"`, "\"case\":\"c\xff\"", 1) + lines[2] + lines[3], "r:2: not valid UTF-8"},
		// Counts are keyed by the header's implementations and contracts only.
		"unknown impl":     {lines[0] + strings.Replace(lines[1], `"impl":"go"`, `"impl":"zz"`, 1) + lines[2] + lines[3], `r:2: case line of implementation "zz", which the header does not list`},
		"unknown contract": {lines[0] + strings.Replace(lines[1], `"contract":"t/1"`, `"contract":"u/1"`, 1) + lines[2] + lines[3], `r:2: case line of contract "u/1", which the header does not list`},
		"line too long":    {lines[0] + `{"type":"case","name":"` + strings.Repeat("a", MaxLine) + "\"}\n", "r:2: more than 268435456 bytes (256 MiB), the bound on one report line"},
	} {
		_, err := Read(strings.NewReader(tc.text), "r")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}

// ReadHeader reads the first line alone (a report cut after it still
// gives its header) and refuses a first line Scan refuses.
func TestReadHeader(t *testing.T) {
	lines := strings.SplitAfter(string(sample(2, false)), "\n")
	h, err := ReadHeader(strings.NewReader(lines[0]), "r")
	if err != nil || len(h.Impls) != 1 || h.Impls[0].Impl != "go" || h.Contracts[0] != "t/1" {
		t.Fatalf("%+v %v", h, err)
	}
	for text, want := range map[string]string{
		"":       "r:1: empty, no header",
		lines[1]: "r:1: first line is \"case\", not the header",
		"nope\n": "r:1: not a JSON object",
		"\xff\n": "r:1: not valid UTF-8",
		strings.Replace(lines[0], `"format":1`, `"format":9`, 1):       "r:1: report format 9",
		strings.Replace(lines[0], `"format"`, `"bogus":1,"format"`, 1): "r:1: json: unknown field",
	} {
		if _, err := ReadHeader(strings.NewReader(text), "r"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
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
	for _, want := range []string{"wrong-out", "... 5 more disagreements", "    - output: \"a\"\n    + output: \"b\"\n", "    outcome: ok\n", "105 disagreements"} {
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

// skipReport is a report of one case that the implementation ts announced
// in its handshake and answered skipped, with the footer a run writes.
func skipReport(allow bool) []byte {
	var b bytes.Buffer
	w := NewWriter(&b)
	h := Header{Contracts: []string{"t/1"}, Cases: 2, AllowSkips: allow, Impls: []ImplMeta{
		{Impl: "go", Contracts: map[string][]string{"t/1": {"op"}}},
		{Impl: "ts", Contracts: map[string][]string{"t/1": {"op"}}},
	}}
	w.Header(h)
	f := Footer{Counts: map[string]map[Outcome]int{"go": {Agree: 2}, "ts": {Skipped: 1, Agree: 1}}}
	for i, c := range []string{"a", "b"} {
		w.Row(Row{Case: c, Contract: "t/1", Op: "op", Impl: "go", Outcome: Agree})
		o := Agree
		if i == 0 {
			o = Skipped
		}
		w.Row(Row{Case: c, Contract: "t/1", Op: "op", Impl: "ts", Outcome: o, Got: Answer{Outcome: "skipped", Reason: "not mine"}})
	}
	f.AnnouncedSkips = 1
	f.ExitCode = ExitCodeOf(h, f, 0, 1)
	w.Footer(f)
	return b.Bytes()
}

// A skip of an announced case is no pass: exit 1 unless the run allowed
// skips; the footer must count it, and the rendering shows it apart.
func TestAnnouncedSkipsAreNoPass(t *testing.T) {
	for _, allow := range []bool{false, true} {
		text := skipReport(allow)
		rep, err := Read(bytes.NewReader(text), "r")
		if err != nil {
			t.Fatalf("allow %v: %v", allow, err)
		}
		want := ExitDisagree
		if allow {
			want = ExitAgree
		}
		if rep.Footer.ExitCode != want || rep.Footer.AnnouncedSkips != 1 || rep.Footer.Disagreements != 0 {
			t.Errorf("allow %v: footer %+v", allow, rep.Footer)
		}
		var out bytes.Buffer
		RenderText(&out, Summarize(rep))
		for _, w := range []string{"skipped: ts answered skipped to 1 cases of contracts its handshake announced", "0 disagreements, 1 skips of announced cases; exit code " + strings.Repeat("1", want)} {
			if !strings.Contains(out.String(), w) {
				t.Errorf("allow %v: rendering lacks %q:\n%s", allow, w, out.String())
			}
		}
	}
	// A footer that leaves the skip out, or passes it, is refused.
	text := string(skipReport(false))
	for name, edit := range map[string][2]string{
		"uncounted": {`"announced_skips":1,`, ``},
		"passed":    {`"exit_code":1`, `"exit_code":0`},
	} {
		if _, err := Read(strings.NewReader(strings.Replace(text, edit[0], edit[1], 1)), "r"); err == nil {
			t.Errorf("%s: a footer that contradicts its skipped line was accepted", name)
		}
	}
	// A skip of a case the implementation never announced is not one.
	h := Header{Impls: []ImplMeta{{Impl: "ts", Contracts: map[string][]string{"t/1": {"other"}}}}}
	if Announced(h, Row{Impl: "ts", Contract: "t/1", Op: "op", Outcome: Skipped}) {
		t.Error("a skip of an unannounced operation counted as announced")
	}
}

// hostile holds control characters (an SGR colour, an OSC window title
// ended by BEL, a carriage return, a line feed that would forge a line), a
// C1 control, bidirectional overrides and invalid UTF-8.
const hostile = "\x1b[31mred\x1b]0;pwned\x07\r\nforged\u0085\u202egnp.exe\u2066x\u2069\xff\xfe"

// Every string of a saved report reaches the text rendering escaped: no
// control character, bidirectional control or invalid byte gets through,
// and no field spans two lines.
func TestRenderingEscapesWhatCameFromOutside(t *testing.T) {
	h := Header{ConformVersion: hostile, Transport: hostile, Contracts: []string{"t/1"}, Cases: 1,
		Impls: []ImplMeta{
			{Impl: "go", Name: hostile, Version: hostile, Language: hostile, LanguageVersion: hostile, Runtime: hostile, RuntimeVersion: hostile},
		},
		Corpora: []CorpusMeta{{Path: hostile, Layouts: []string{hostile}}},
	}
	rows := []Row{{Case: hostile, Name: hostile, Contract: "t/1", Op: "op", Source: hostile, Impl: "go", Outcome: WrongMessage,
		Input: []byte(hostile), ExpectedBy: hostile, Expected: Answer{Outcome: "refused", Message: hostile},
		Got: Answer{Outcome: "refused", Message: "x" + hostile, Trace: hostile, Reason: hostile}, Repro: hostile}}
	f := Footer{Disagreements: 1, Breaks: map[string][]string{"go": {hostile}}, Quarantined: []string{hostile}, Stopped: hostile, ExitCode: 3}
	s := &Summary{}
	s.Header(h)
	for _, r := range rows {
		s.Row(r)
	}
	s.Footer(f)
	var out bytes.Buffer
	RenderText(&out, s)
	text := out.String()
	checkEscaped(t, text)
	if strings.Contains(text, "\nforged") {
		t.Errorf("a field forged a line:\n%s", text)
	}
	if !strings.Contains(text, `\u001b[31mred`) || !strings.Contains(text, `\u202e`) || !strings.Contains(text, `\xff`) {
		t.Errorf("the escapes do not show:\n%s", text)
	}
}

// checkEscaped fails when text holds a control character other than LF,
// a bidirectional control, a C1 control or invalid UTF-8.
func checkEscaped(t *testing.T, text string) {
	t.Helper()
	if !utf8.ValidString(text) {
		t.Errorf("invalid UTF-8 in the output:\n%q", text)
	}
	for i, r := range text {
		switch {
		case r == '\n':
		case r < 0x20, r >= 0x7f && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f:
			t.Errorf("%U at byte %d of the output:\n%q", r, i, text)
			return
		}
	}
}

// A report file that appears at the path while the run writes its own is
// not replaced: Commit fails, naming where the finished report was kept;
// with force it is replaced. Two reports committed to one path: the
// second fails.
func TestCommitNeverReplacesAFileThatAppeared(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.jsonl")
	f, err := Create(path, false)
	if err != nil {
		t.Fatal(err)
	}
	f.Header(Header{})
	if err := os.WriteFile(path, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.Footer(Footer{})
	err = f.Commit()
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), ".partial") {
		t.Fatalf("commit over a file that appeared: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "theirs" {
		t.Errorf("the file that appeared was replaced: %q", b)
	}
	kept := err.Error()[strings.LastIndex(err.Error(), " ")+1:]
	if _, err := Read(mustOpen(t, kept), kept); err != nil {
		t.Errorf("the kept report: %v", err)
	}
	// Two runs, one path.
	other := filepath.Join(dir, "y.jsonl")
	a, err1 := Create(other, false)
	b, err2 := Create(other, false)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for _, g := range []*File{a, b} {
		g.Header(Header{})
		g.Footer(Footer{})
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); !errors.Is(err, ErrExists) {
		t.Errorf("the second of two reports to one path: %v", err)
	}
	// With force, what appeared is replaced.
	g, err := Create(path, true)
	if err != nil {
		t.Fatal(err)
	}
	g.Header(Header{})
	g.Footer(Footer{})
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) == "theirs" {
		t.Error("force did not replace")
	}
}

// Diff shows a disagreement in the text rendering's lines, the same bytes
// every time (no Go syntax, no go-cmp's random non-breaking spaces).
func TestDiffIsTheTextLines(t *testing.T) {
	r := Row{Outcome: WrongMessage,
		Expected: Answer{Outcome: "refused", Message: "a \u00a0b"},
		Got:      Answer{Outcome: "refused", Message: "c", At: "byte 3"}}
	want := "  outcome: refused\n- message: \"a \\u00a0b\"\n+ message: \"c\"\n" +
		"where (shown, never compared): expected (not said) (the reference's), got byte 3\n"
	for range 3 {
		if got := Diff(r); got != want {
			t.Fatalf("Diff:\n%q\nwant\n%q", got, want)
		}
	}
	if d := Diff(Row{Expected: Answer{Outcome: "ok", Output: []byte("x")}, Got: Answer{Outcome: "ok", Output: []byte("x")}}); d != "" {
		t.Errorf("equal answers: %q", d)
	}
}
