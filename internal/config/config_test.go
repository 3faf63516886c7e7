package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/spec"
)

// known is a contract of the catalogue, unknown one at a version it does
// not have (a contract is named only in its own files).
var (
	known   = spec.MustLoad().Contracts[0].Contract
	unknown = spec.MustLoad().Contracts[0].Name + "/999"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The same two implementations, in TOML and in YAML, read alike: command
// as a list and as a string split as sh would, dir relative to the file,
// env, timeout, restart budget, claimed contracts, an image's args (a
// list, a string split as sh would), and each one's line.
func TestLoadBothFormats(t *testing.T) {
	files := map[string]string{
		"conform.toml": `# the team's implementations
[[impl]]
name = "team-ts"
command = ["node", "team.mjs"]
dir = "ts"
env = { B = "2", A = "1" }
timeout = "5s"
max_restarts = 1
contracts = ["` + known + `"]

[[impl]]
name = "team-img"
image = "team-py:1.4"
args = ["--variant", "fast"]
`,
		"conform.yaml": `# the team's implementations
impl:
  - name: team-ts
    command: [node, team.mjs]
    dir: ts
    env: {B: "2", A: "1"}
    timeout: 5s
    max_restarts: 1
    contracts: [` + known + `]

  - name: team-img
    image: team-py:1.4
    args: --variant fast
`,
	}
	for name, text := range files {
		p := write(t, name, text)
		f, err := Load(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(f.Impls) != 2 {
			t.Fatalf("%s: %d implementations", name, len(f.Impls))
		}
		a, b := f.Impls[0], f.Impls[1]
		if a.Name != "team-ts" || !slices.Equal(a.Command, []string{"node", "team.mjs"}) || a.Dir != filepath.Join(filepath.Dir(p), "ts") ||
			!slices.Equal(a.Env, []string{"A=1", "B=2"}) || a.Timeout != 5*time.Second || a.MaxRestarts == nil || *a.MaxRestarts != 1 ||
			!slices.Equal(a.Contracts, []string{known}) || a.Origin != p+":3" || a.Spec != "" {
			t.Errorf("%s: first %+v", name, a)
		}
		if b.Name != "team-img" || b.Image != "team-py:1.4" || !slices.Equal(b.Args, []string{"--variant", "fast"}) || len(b.Command) != 0 || b.Dir != "" || b.Origin != p+map[string]string{"conform.toml": ":12", "conform.yaml": ":11"}[name] {
			t.Errorf("%s: second %+v", name, b)
		}
		if !slices.Equal(f.Names(), []string{"team-ts", "team-img"}) {
			t.Errorf("%s: names %v", name, f.Names())
		}
	}
}

// Every bad configuration is an *Error naming the file and the line of
// what is wrong.
func TestBadConfiguration(t *testing.T) {
	for _, c := range []struct {
		name, text, line, msg string
	}{
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ncolour = \"red\"\n", "4", `unknown key "colour"`},
		{"conform.toml", "verbose = true\n", "1", `unknown key "verbose"`},
		{"conform.toml", "[[impl]]\nname = \"a\"\ndir = \"x\"\n", "2", "has no command (or image)"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\nimage = \"y\"\n", "4", "both a command and an image"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\n\n[[impl]]\nname = \"a\"\ncommand = \"y\"\n", "6", "already defined at line 2"},
		{"conform.toml", "[[impl]]\nname = \"ts\"\ncommand = \"x\"\n", "2", "shadows a built-in"},
		{"conform.toml", "[[impl]]\nname = \"fake:flaky\"\ncommand = \"x\"\n", "2", "is not of the form"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ntimeout = \"soon\"\n", "4", "timeout must be a positive Go duration"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ntimeout = \"-1s\"\n", "4", "timeout must be a positive Go duration"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\nmax_restarts = -1\n", "4", "max_restarts must be"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"'x\"\n", "3", "does not split into words"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ncontracts = [\"" + unknown + "\"]\n", "4", "conform does not know"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = x\n", "3", ""},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\n    colour: red\n", "4", `unknown key "colour"`},
		{"conform.yaml", "impls:\n  - name: a\n", "1", `unknown key "impls"`},
		{"conform.yaml", "impl:\n  - name: a\n    dir: x\n", "2", "has no command (or image)"},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\n  - name: a\n    command: y\n", "4", "already defined at line 2"},
		{"conform.yaml", "impl:\n  - name: python\n    command: x\n", "2", "shadows a built-in"},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\n    timeout: 10\n", "4", "timeout must be"},
		{"conform.yaml", "impl:\n  - name: a\n    command: [x, 1]\n", "3", "command must be a string or a list of strings"},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\n    command: y\n", "4", ""},
		{"conform.yaml", "impl:\n  - name: a\n    command: [x\n", "", ""},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\nargs = [\"y\"]\n", "4", "args are the arguments of an image"},
		{"conform.toml", "[[impl]]\nname = \"a\"\nimage = \"x\"\nargs = []\n", "4", "args is empty"},
		{"conform.toml", "[[impl]]\nname = \"a\"\nimage = \"x\"\nargs = [1]\n", "4", "args must be a string or a list of strings"},
		{"conform.yaml", "impl:\n  - name: a\n    image: x\n    args: \"'y\"\n", "4", "args \"'y\" does not split into words"},
		{"conform.yaml", "impl:\n  - name: a\n    image: x\n    args:\n", "4", "args is empty"},
		{"conform.yaml", "impl:\n  - name: a\n    image: x\n    args: {y: z}\n", "4", "args must be a string or a list of strings"},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\nimpl:\n  - name: b\n    command: y\n", "4", "key impl given twice (first at line 1)"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ncompare = \"fuzzy\"\n", "4", "compare must be one of exact, verdict, map"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ncompare = \"map\"\n", "4", "compare = \"map\" and messages go together"},
		{"conform.toml", "[[impl]]\nname = \"a\"\ncommand = \"x\"\ncompare = \"map\"\n[impl.messages]\n\"bad key\" = \"no.such_code\"\n", "5", "must map to a refusal code of the catalogue"},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\n    messages: {\"bad key\": 3}\n    compare: map\n", "4", "must map to a refusal code of the catalogue"},
		{"conform.yaml", "impl:\n  - name: a\n    command: x\n---\nimpl:\n  - name: b\n    command: y\n", "4", "a second YAML document"},
	} {
		p := write(t, c.name, c.text)
		_, err := Load(p)
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("%s %q: %v, want an *Error", c.name, c.text, err)
			continue
		}
		want := p + ":" + c.line
		if c.line == "" {
			want = p + ":"
		}
		if !strings.HasPrefix(ce.Where, want) || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("%s %q: %v; want at %s, saying %q", c.name, c.text, err, want, c.msg)
		}
	}
}

// --impl values: a command split as sh would (quotes kept together,
// nothing expanded), an image, and the bad ones.
func TestParseImpl(t *testing.T) {
	x, err := ParseImpl(`team=node "my dir/team.mjs" --flag $HOME`)
	if err != nil || x.Name != "team" || !slices.Equal(x.Command, []string{"node", "my dir/team.mjs", "--flag", "$HOME"}) ||
		x.Image != "" || x.Spec != `team=node "my dir/team.mjs" --flag $HOME` || x.Origin != "--impl team" {
		t.Errorf("command: %+v, %v", x, err)
	}
	x, err = ParseImpl("team-py=image:team-py:1.4")
	if err != nil || x.Image != "team-py:1.4" || len(x.Command) != 0 || x.Args != nil || x.Dir != "" {
		t.Errorf("image: %+v, %v", x, err)
	}
	for _, bad := range []string{"Team=x", "=x", "team=", "team=image:", "team=image:a b", `team=node "x`, "a.b=x",
		"team=image:a --", "team=image:a -- 'x", "team=image:a -x", "team=image:'' -- x"} {
		if _, err := ParseImpl(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	// Arguments after the word --, split as sh would, replace the image's
	// CMD; ImageSpec writes the value that reads back the same.
	x, err = ParseImpl(`team=image:team:1.4 -- --variant "fast path" -- x`)
	if err != nil || x.Image != "team:1.4" || !slices.Equal(x.Args, []string{"--variant", "fast path", "--", "x"}) || len(x.Command) != 0 {
		t.Errorf("image with arguments: %+v, %v", x, err)
	}
	again, err := ParseImpl(ImageSpec("team", "sha256:0a", x.Args))
	if err != nil || again.Image != "sha256:0a" || !slices.Equal(again.Args, x.Args) {
		t.Errorf("ImageSpec %q: %+v, %v", ImageSpec("team", "sha256:0a", x.Args), again, err)
	}
	if s := ImageSpec("team", "t:1", nil); s != "team=image:t:1" {
		t.Errorf("ImageSpec without arguments: %q", s)
	}
	// A command runs in conform's working directory, recorded absolute.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if x, err := ParseImpl("team=./harness"); err != nil || x.Dir != wd || !filepath.IsAbs(x.Dir) {
		t.Errorf("command dir: %+v, %v; want %s", x, err, wd)
	}
	if IsSpec("ts,python") || !IsSpec("t=x") {
		t.Error("IsSpec")
	}
}

// Find takes conform.toml or conform.yaml, neither, and refuses both.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	if p, err := Find(dir); p != "" || err != nil {
		t.Errorf("empty: %q, %v", p, err)
	}
	os.WriteFile(filepath.Join(dir, YAMLName), nil, 0o644)
	if p, err := Find(dir); p != filepath.Join(dir, YAMLName) || err != nil {
		t.Errorf("yaml: %q, %v", p, err)
	}
	os.WriteFile(filepath.Join(dir, TOMLName), nil, 0o644)
	if _, err := Find(dir); err == nil {
		t.Error("both: no error")
	}
}
