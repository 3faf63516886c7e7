package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// night returns the report of night n (0, 1, 2) of a made-up suite, as
// JSONL: go, ts and team (an outside implementation announcing y/1
// alone; its name is hostile). x/1 has 4 cases; ts gets n of them wrong,
// and its version goes from 1.0 to 1.1 on night 2. y/1 (one case, all
// agree) runs from night 1 on; the vector set changes on night 2.
func night(n int) []byte {
	xy := map[string][]string{"x/1": {"op"}, "y/1": {"op"}}
	tsVersion, vectors := "1.0", "aaaaaaaaaaaaaaaa"
	if n == 2 {
		tsVersion, vectors = "1.1", "bbbbbbbbbbbbbbbb"
	}
	contracts := []string{"x/1"}
	if n > 0 {
		contracts = append(contracts, "y/1")
	}
	h := report.Header{ConformVersion: "0.1.0", Protocol: 1, VectorsSHA256: vectors, Transport: "container",
		StartedAt: time.Date(2030, 6, 1+n, 3, 17, 0, 0, time.UTC), Contracts: contracts,
		Impls: []report.ImplMeta{{Impl: "go", Name: "reference", Version: "0.1.0", Contracts: xy},
			{Impl: "ts", Name: "mirror", Version: tsVersion, Contracts: xy},
			{Impl: "team", Name: "team " + reporttest.Markup + reporttest.Bidi, Version: "2.0" + reporttest.Script, Outside: "--impl",
				Contracts: map[string][]string{"y/1": {"op"}}}}}
	var rows []report.Row
	add := func(id, contract string, outcome func(impl string) report.Outcome) {
		for _, im := range []string{"go", "ts", "team"} {
			rows = append(rows, report.Row{Case: id, Name: id, Contract: contract, Op: "op", Source: "s", Impl: im, Outcome: outcome(im)})
		}
	}
	for i := range 4 {
		add(fmt.Sprintf("x%d", i), "x/1", func(im string) report.Outcome {
			switch {
			case im == "team":
				return report.Skipped
			case im == "ts" && i < n:
				return report.WrongOutput
			}
			return report.Agree
		})
	}
	if n > 0 {
		add("y0", "y/1", func(string) report.Outcome { return report.Agree })
	}
	return reporttest.JSONL(reporttest.Complete(h, rows))
}

// nights returns the history lines of nights 0 to 2, each of commit cN.
func nights(t *testing.T) []Line {
	t.Helper()
	var out []Line
	for n := range 3 {
		l, err := FromReport(bytes.NewReader(night(n)), fmt.Sprintf("night%d.jsonl", n), fmt.Sprintf("c%d%s", n, strings.Repeat("0", 39)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

// A report's line: date and commit, versions, the vector manifest, and
// per contract the interop score and each implementation's counts, an
// implementation that does not announce the contract marked so.
func TestFromReport(t *testing.T) {
	ls := nights(t)
	l := ls[2]
	if l.Format != 1 || l.Date != "2030-06-03" || l.Commit != "c2"+strings.Repeat("0", 39) || l.VectorsSHA256 != "bbbbbbbbbbbbbbbb" ||
		l.ConformVersion != "0.1.0" || l.ExitCode != report.ExitDisagree || l.Transport != "container" {
		t.Errorf("line %+v", l)
	}
	if len(l.Impls) != 3 || l.Impls[1] != (Impl{Impl: "ts", Name: "mirror", Version: "1.1"}) {
		t.Errorf("implementations %+v", l.Impls)
	}
	if len(l.Contracts) != 2 || l.Contracts[0].Contract != "x/1" || l.Contracts[1].Contract != "y/1" {
		t.Fatalf("contracts %+v", l.Contracts)
	}
	x := l.Contracts[0]
	if x.Interop != (report.InteropScore{Agree: 2, Cases: 4}) || len(x.Impls) != 3 {
		t.Errorf("x/1 %+v", x)
	}
	ts, team := x.Impls[1], x.Impls[2]
	if ts.Impl != "ts" || !ts.Announced || ts.Counts[report.Agree] != 2 || ts.Counts[report.WrongOutput] != 2 || ts.Agreement().String() != "2/4 (50.0%)" {
		t.Errorf("ts on x/1: %+v", ts)
	}
	if team.Impl != "team" || team.Announced || team.Counts[report.Skipped] != 4 {
		t.Errorf("team on x/1: %+v", team)
	}
	if y := l.Contracts[1]; y.Interop != (report.InteropScore{Agree: 1, Cases: 1}) || !y.Impls[2].Announced {
		t.Errorf("y/1 %+v", y)
	}
	for _, bad := range []string{"", "-x", "a b", "a;b", strings.Repeat("a", 101), "é"} {
		if _, err := FromReport(bytes.NewReader(night(0)), "r.jsonl", bad); err == nil || !strings.Contains(err.Error(), "commit") {
			t.Errorf("commit %q: %v", bad, err)
		}
	}
	broken := strings.Replace(string(night(0)), `"type":"case"`, `"type":"kase"`, 1)
	if _, err := FromReport(strings.NewReader(broken), "r.jsonl", "c0"); err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:2: ") {
		t.Errorf("a broken report: %v", err)
	}
}

// Append creates the file, adds each run as its last line, refuses the
// same run twice and a file it cannot read, naming the line; what it
// wrote reads back.
func TestAppend(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "history.jsonl")
	ls := nights(t)
	for i, l := range ls {
		n, err := Append(path, l)
		if err != nil || n != i+1 {
			t.Fatalf("append %d: line %d, %v", i, n, err)
		}
	}
	back, raw, err := Read(path)
	if err != nil || len(back) != 3 || strings.Count(string(raw), "\n") != 3 {
		t.Fatalf("read back: %d lines, %v", len(back), err)
	}
	want, _ := json.Marshal(ls[1])
	got, _ := json.Marshal(back[1])
	if !bytes.Equal(want, got) {
		t.Errorf("line 2 reads back as\n%s\nwant\n%s", got, want)
	}
	if _, err := Append(path, ls[1]); err == nil || !strings.Contains(err.Error(), path+":2: already holds the run") {
		t.Errorf("the same run again: %v", err)
	}
	// A file without its last newline gets one before the new line.
	cut := filepath.Join(dir, "cut.jsonl")
	if err := os.WriteFile(cut, bytes.TrimSuffix(raw, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	late := ls[2]
	late.StartedAt, late.Date = late.StartedAt.AddDate(0, 0, 1), "2030-06-04"
	if n, err := Append(cut, late); err != nil || n != 4 {
		t.Errorf("append to a file without its last newline: %d, %v", n, err)
	}
	if back, _, err := Read(cut); err != nil || len(back) != 4 {
		t.Errorf("read back: %d lines, %v", len(back), err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, append(raw, "{\"format\":1}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Append(bad, late); err == nil || !strings.HasPrefix(err.Error(), bad+":4: date") {
		t.Errorf("a malformed file: %v", err)
	}
	if b, _ := os.ReadFile(bad); !bytes.Equal(b, append(raw, "{\"format\":1}\n"...)) {
		t.Error("a malformed file was changed")
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Append(fifo, late); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a named pipe: %v", err)
	}
	if _, err := Append(filepath.Join(dir, "no", "such", "dir"), late); err == nil {
		t.Error("a file in a missing directory was written")
	}
}

// Parse refuses, naming the line, each malformed line; it accepts a
// member it does not know.
func TestParseRefuses(t *testing.T) {
	good, err := json.Marshal(nights(t)[0])
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) string {
		s := strings.Replace(string(good), from, to, 1)
		if s == string(good) {
			t.Fatalf("%q is not in %s", from, good)
		}
		return s
	}
	for line, want := range map[string]string{
		edit(`"format":1`, `"format":2`):                                     "history format 2 is newer than this conform reads (1)",
		edit(`"format":1`, `"format":0`):                                     "history format 0 is older than any this conform reads (1)",
		edit(`"format":1,`, ``):                                              "no format member",
		edit(`"format":1`, `"format":"1"`):                                   "not a history line",
		edit(`"date":"2030-06-01"`, `"date":"2030-02-30"`):                   "date \"2030-02-30\"",
		edit(`"date":"2030-06-01"`, `"date":"2030-06-02"`):                   "is not on the date 2030-06-02",
		edit(`"commit":"c0`, `"commit":" c0`):                                "commit",
		edit(`"agree":4,"cases":4`, `"agree":5,"cases":4`):                   "interop 5 of 4 cases",
		edit(`"agree":4}`, `"agree":-4}`):                                    "-4 agree",
		edit(`"agree":4}`, `"agree":9223372036854775807}`):                   "counts are 0 to 1099511627776 together",
		edit(`"exit_code":0`, `"exit_code":-7`):                              "exit code -7 is not one conform gives",
		edit(`"agree":4,"cases":4`, `"agree":4,"cases":9223372036854775807`): "interop 4 of 9223372036854775807 cases",
		edit(`"contracts":[`, `"contracts":3,"x":[`):                         "cannot unmarshal",
		"":                                 "an empty line",
		"{\"format\":1,\"date\":\"\xff\"}": "not valid UTF-8",
		"[1]":                              "not a history line",
		`{"format":1,"date":"2030-06-01","started_at":"2030-06-01T00:00:00Z","commit":"a","contracts":[{"impls":[]}]}`: "a contract without its name",
	} {
		in := string(good) + "\n" + line + "\n"
		if _, err := Parse(strings.NewReader(in), "h.jsonl"); err == nil || !strings.HasPrefix(err.Error(), "h.jsonl:2: ") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s\n  -> %v; want h.jsonl:2: ...%s", line, err, want)
		}
	}
	long := string(good) + "\n" + strings.Repeat(" ", MaxLine+1) + "\n"
	if _, err := Parse(strings.NewReader(long), "h.jsonl"); err == nil || !strings.Contains(err.Error(), "h.jsonl:2: more than 1048576 bytes (1 MiB), the bound on one history line") {
		t.Errorf("a long line: %v", err)
	}
	more := edit(`"format":1,`, `"format":1,"added_later":{"x":[1]},`)
	if ls, err := Parse(strings.NewReader(more+"\n"), "h.jsonl"); err != nil || len(ls) != 1 {
		t.Errorf("an unknown member: %v", err)
	}
}

// The text: the runs with their versions as they changed, and per
// contract the interop score and each implementation's agreement, "-"
// where it did not take part; hostile strings escaped.
func TestText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, "h.jsonl", nights(t)); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"history h.jsonl: 3 runs, 2030-06-01 to 2030-06-03\n",
		"go 0.1.0, ts 1.0, team 2.0</script>", // text: only hidden characters are escaped
		"(same)", "ts 1.0 -> 1.1",
		"x/1: interop (cases every implementation agrees on) and each implementation's agreement",
		"  2030-06-03  c20000000000  2/4 (50.0%)  4/4 (100%)  2/4 (50.0%)\n",
		"y/1: interop",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	// team takes no part in x/1: no column; in y/1 it has one.
	xBlock := text[strings.Index(text, "x/1: interop"):strings.Index(text, "y/1: interop")]
	if strings.Contains(xBlock, "team") {
		t.Errorf("x/1 has a column of team, which took no part:\n%s", xBlock)
	}
	yBlock := text[strings.Index(text, "y/1: interop"):]
	if !strings.Contains(yBlock, "team") || !strings.Contains(yBlock, "2030-06-02") || strings.Contains(yBlock, "2030-06-01") {
		t.Errorf("y/1's table:\n%s", yBlock)
	}
	if strings.Contains(text, "\u202e") {
		t.Errorf("the text holds a bidirectional control")
	}
	b.Reset()
	if err := WriteText(&b, "empty.jsonl", nil); err != nil || b.String() != "history empty.jsonl: no run yet\n" {
		t.Errorf("no line: %q, %v", b.String(), err)
	}
}
