package repro

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"ts":                  "ts",
		"/abs/path-1_2.x":     "/abs/path-1_2.x",
		"ts,python":           "'ts,python'",
		"fake:codepoint-sort": "'fake:codepoint-sort'",
		"a b":                 "'a b'",
		"it's":                `'it'\''s'`,
		"":                    "''",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

// The lines conform prints, each in the one form it has always had.
func TestLines(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ got, want string }{
		{Case("conform", "0123456789abcdef", "ts", "", ""), "conform repro 0123456789abcdef --impl ts"},
		{Case("go run ./cmd/conform", "0123456789abcdef", "python", "my vectors", ""),
			"go run ./cmd/conform repro 0123456789abcdef --impl python --vectors '" + filepath.Join(wd, "my vectors") + "'"},
		{Case("conform", "0123456789abcdef", "go", "v", "/c/jcs"), "conform repro 0123456789abcdef --impl go --corpus /c/jcs"},
		{Finding("conform", "0123456789abcdef", "/v", "ts,python"), "conform repro 0123456789abcdef --vectors /v --impl 'ts,python'"},
		{FuzzReplay("CONFORM_FUZZ_IMPLS", "none", "FuzzJCS", "88a3f8"), "CONFORM_FUZZ_IMPLS=none go test -run 'FuzzJCS/88a3f8' ./fuzz/"},
		{Conform("conform", "repro").Placeholder("<id>").Flag("impl", "ts").String(), "conform repro <id> --impl ts"},
		{Conform("go run ./cmd/conform", "eval").Flag("contract", "demo/1").Flag("op", "run").Stdin([]byte("{'%\\\x00\xff\n}")).String(),
			`printf '{\047\045\134\000\377\012}' | go run ./cmd/conform eval --contract demo/1 --op run`},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}

// A Stdin line gives its command exactly the bytes it was built from,
// whatever they are: sh runs it.
func TestStdinRoundTrips(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	in := make([]byte, 256)
	for i := range in {
		in[i] = byte(i)
	}
	l := &Line{words: []string{"od", "-An", "-v", "-tx1"}}
	want, err := exec.Command("od", "-An", "-v", "-tx1", writeTemp(t, in)).Output()
	if err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(sh, "-c", l.Stdin(in).String()).Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("through printf:\n%s\nwant:\n%s", got, want)
	}
}

func writeTemp(t *testing.T, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A Setup's lines carry what chose what ran: the transport, each asked
// implementation's image, the vectors, and the flags that are not the
// defaults; with the zero Setup they are the lines of old.
func TestSetupLinesCarryTheRun(t *testing.T) {
	two := 2
	s := Setup{Invocation: "conform", Transport: "container", Vectors: "/v",
		Images:  map[string]string{"ts": "sha256:aa", "python": "sha256:bb"},
		Timeout: 7 * time.Second, MaxRestarts: &two, AllowSkips: true}
	for _, c := range []struct{ got, want string }{
		{s.Case("0123456789abcdef", "ts", ""), "conform repro 0123456789abcdef --impl ts --vectors /v --transport container --image 'ts=sha256:aa' --timeout 7s --max-restarts 2 --allow-skips"},
		{s.Case("0123456789abcdef", "python", "/c"), "conform repro 0123456789abcdef --impl python --corpus /c --transport container --image 'python=sha256:bb' --timeout 7s --max-restarts 2 --allow-skips"},
		{s.Case("0123456789abcdef", "go", ""), "conform repro 0123456789abcdef --impl go --vectors /v --transport container --timeout 7s --max-restarts 2 --allow-skips"},
		{s.Finding("0123456789abcdef", "ts,python"), "conform repro 0123456789abcdef --vectors /v --impl 'ts,python' --transport container --image 'python=sha256:bb' --image 'ts=sha256:aa' --timeout 7s --max-restarts 2 --allow-skips"},
		{s.Eval("demo/1", "run", "ts", []byte("x")), "printf 'x' | conform eval --contract demo/1 --op run --impl ts --transport container --image 'ts=sha256:aa' --timeout 7s --max-restarts 2 --allow-skips"},
		{Setup{Transport: "container", Timeout: time.Second}.FuzzReplay(FuzzEnv{"I", "T", "O", "X"}, "ts", "FuzzX", "ab"), "I=ts T=container O=1s go test -run 'FuzzX/ab' ./fuzz/"},
		{Setup{Transport: "local"}.Case("0123456789abcdef", "ts", ""), "conform repro 0123456789abcdef --impl ts"},
		// An outside implementation of the command line is named by its
		// whole --impl value; one of a configuration file by its name and
		// the file.
		{Setup{Outside: map[string]string{"team": "team=node 'my harness.js'"}}.Case("0123456789abcdef", "team", ""),
			`conform repro 0123456789abcdef --impl 'team=node '\''my harness.js'\'''`},
		{Setup{Config: "/c/conform.toml", ConfigNames: []string{"team-py"}}.Case("0123456789abcdef", "team-py", ""),
			"conform repro 0123456789abcdef --config /c/conform.toml --impl team-py"},
		{Setup{Config: "/c/conform.toml", ConfigNames: []string{"team-py"}}.Case("0123456789abcdef", "ts", ""),
			"conform repro 0123456789abcdef --impl ts"},
		// A command of the command line may be relative to the directory
		// conform ran in: the line goes there first, printf and all.
		{Setup{Outside: map[string]string{"team": "team=./harness"}, Dirs: map[string]string{"team": "/src/my team"}}.Case("0123456789abcdef", "team", ""),
			`cd '/src/my team' && conform repro 0123456789abcdef --impl 'team=./harness'`},
		{Setup{Outside: map[string]string{"team": "team=./harness"}, Dirs: map[string]string{"team": "/src/team"}}.Eval("demo/1", "run", "team", []byte("x")),
			`cd /src/team && printf 'x' | conform eval --contract demo/1 --op run --impl 'team=./harness'`},
		{Setup{Vectors: "/v", Outside: map[string]string{"team": "team=./harness"}, Dirs: map[string]string{"team": "/src/team"}}.Finding("0123456789abcdef", "ts,team"),
			`cd /src/team && conform repro 0123456789abcdef --vectors /v --impl ts --impl 'team=./harness'`},
		{Setup{Outside: map[string]string{"team": "team=./harness"}, Dirs: map[string]string{"team": "/src/team"}}.Case("0123456789abcdef", "ts", ""),
			"conform repro 0123456789abcdef --impl ts"},
		{Setup{OutsideEnv: `[{"Name":"t"}]`}.FuzzReplay(FuzzEnv{"I", "T", "O", "X"}, "t", "FuzzX", "ab"),
			`I=t X='[{"Name":"t"}]' go test -run 'FuzzX/ab' ./fuzz/`},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}
