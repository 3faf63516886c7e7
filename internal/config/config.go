// Package config reads the outside implementations a user names (README.md,
// "Bring your own implementation"): the --impl values NAME=COMMAND… and
// NAME=image:REF [-- ARGS…], and the configuration file, conform.toml or
// conform.yaml in the working directory or the file --config gives. Each
// becomes a impl.Outside, which the driver starts like any harness.
//
// Reading is strict: an unknown key, a missing command, both a command and
// an image, args without an image or empty, a name given twice or
// shadowing a built-in, a bad timeout or restart budget, a value of the
// wrong type are each an *Error naming the file and line.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kballard/go-shellquote"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/spec"
)

// Names of the configuration file Find looks for in a directory.
const (
	TOMLName = "conform.toml"
	YAMLName = "conform.yaml"
)

// FileBound bounds a configuration file, as every file conform reads from
// outside is bounded (README.md, "Bounds").
var FileBound = infile.Bound{Max: 1 << 20, What: "a configuration file"}

// ImagePrefix starts the COMMAND part of an --impl value that names a
// container image instead of a local command.
const ImagePrefix = "image:"

// ArgsSeparator is the word that, after an --impl value's image:REF,
// starts the arguments that replace the image's CMD: NAME=image:REF --
// ARGS....
const ArgsSeparator = "--"

// Error is a bad configuration: Where is "FILE:LINE" (or "--impl"), Msg
// what is wrong. conform reports it as a usage error (exit 2).
type Error struct {
	Where string
	Msg   string
}

// Error returns "WHERE: MSG".
func (e *Error) Error() string { return e.Where + ": " + e.Msg }

// File is one configuration file read: its path and the implementations it
// defines, in order.
type File struct {
	// Path is the file's absolute path (what a reproducer's --config
	// carries).
	Path string
	// Impls are the implementations it defines, each with Origin
	// "FILE:LINE" and Dir made absolute against the file's directory.
	Impls []impl.Outside
}

// Names returns the names of f's implementations, in order.
func (f *File) Names() []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, x := range f.Impls {
		out = append(out, x.Name)
	}
	return out
}

// IsSpec reports whether an --impl value defines an outside implementation
// (NAME=COMMAND… or NAME=image:REF) rather than naming implementations
// (a name, or names separated by commas).
func IsSpec(value string) bool { return strings.Contains(value, "=") }

// ParseImpl reads one --impl value NAME=COMMAND ARGS… (the command line
// split into words as a POSIX shell would, without running one: quotes and
// backslashes work, variables and globs are not expanded), NAME=image:REF,
// or NAME=image:REF -- ARGS… (the words after the one word --, split the
// same way, replace the image's CMD: impl.Outside.Args). The result has
// Origin "--impl NAME" and Spec value; a command's Dir is conform's
// working directory, absolute (a relative program or argument is relative
// to it, wherever a reproducer line runs). A bad name, an empty command or
// image, words after REF that do not start with --, no word after --, or
// unbalanced quotes is an *Error; shadowing and duplicates are the
// driver's checks.
func ParseImpl(value string) (impl.Outside, error) {
	name, rest, _ := strings.Cut(value, "=")
	name = strings.TrimSpace(name)
	where := "--impl " + name
	x := impl.Outside{Name: name, Origin: where, Spec: value}
	if !impl.NamePattern.MatchString(name) {
		return x, &Error{"--impl", fmt.Sprintf("%q: the name before = must be of the form [a-z][a-z0-9_-]{0,31}", value)}
	}
	if image, ok := strings.CutPrefix(strings.TrimSpace(rest), ImagePrefix); ok {
		words, err := shellquote.Split(image)
		if err != nil {
			return x, &Error{where, fmt.Sprintf("%q: the image and its arguments do not split into words: %v", value, err)}
		}
		switch {
		case len(words) == 0 || words[0] == "" || strings.ContainsAny(words[0], " \t\n"):
			return x, &Error{where, fmt.Sprintf("%q: want NAME=image:REF with one image reference", value)}
		case len(words) > 1 && words[1] != ArgsSeparator:
			return x, &Error{where, fmt.Sprintf("%q: want NAME=image:REF, or NAME=image:REF -- ARGS... (the image's arguments after the word --)", value)}
		case len(words) == 2:
			return x, &Error{where, fmt.Sprintf("%q: no argument after --: leave -- out to run the image's own CMD", value)}
		}
		x.Image = words[0]
		if len(words) > 2 {
			x.Args = words[2:]
		}
		return x, nil
	}
	words, err := shellquote.Split(rest)
	if err != nil {
		return x, &Error{where, fmt.Sprintf("%q: the command does not split into words: %v", value, err)}
	}
	if len(words) == 0 {
		return x, &Error{where, fmt.Sprintf("%q: no command after =", value)}
	}
	x.Command = words
	wd, err := os.Getwd()
	if err != nil {
		return x, &Error{where, fmt.Sprintf("the working directory, which the command %q runs in: %v", rest, err)}
	}
	x.Dir = wd
	return x, nil
}

// ImageSpec returns the --impl value that ParseImpl reads back as the
// image ref of the implementation name, with args replacing its CMD:
// "NAME=image:REF", or "NAME=image:REF -- ARGS..." with each argument
// quoted for sh where it needs to be. A reproducer line names an image by
// its ID with it.
func ImageSpec(name, ref string, args []string) string {
	s := name + "=" + ImagePrefix + ref
	if len(args) > 0 {
		s += " " + ArgsSeparator + " " + shellquote.Join(args...)
	}
	return s
}

// Find returns the configuration file of dir: conform.toml or
// conform.yaml, "" when there is none. Both at once is an *Error: conform
// would have to choose.
func Find(dir string) (string, error) {
	var found []string
	for _, n := range []string{TOMLName, YAMLName} {
		p := filepath.Join(dir, n)
		if _, err := os.Lstat(p); err == nil {
			found = append(found, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", &Error{p, err.Error()}
		}
	}
	switch len(found) {
	case 0:
		return "", nil
	case 1:
		return found[0], nil
	}
	return "", &Error{found[1], fmt.Sprintf("both %s and %s are in %s: keep one", TOMLName, YAMLName, dir)}
}

// Load reads the configuration file at path: TOML for a name ending in
// .toml, YAML for .yaml or .yml. Every problem is an *Error naming the
// file and, where there is one, the line.
func Load(path string) (*File, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, &Error{path, err.Error()}
	}
	data, err := infile.ReadFile(abs, FileBound)
	if err != nil {
		return nil, &Error{path, err.Error()}
	}
	var entries []entry
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".toml":
		entries, err = parseTOML(path, data)
	case ".yaml", ".yml":
		entries, err = parseYAML(path, data)
	default:
		return nil, &Error{path, "a configuration file is .toml or .yaml"}
	}
	if err != nil {
		return nil, err
	}
	f := &File{Path: abs}
	seen := map[string]int{}
	for _, e := range entries {
		x, err := e.outside(path, filepath.Dir(abs))
		if err != nil {
			return nil, err
		}
		if line, dup := seen[x.Name]; dup {
			return nil, &Error{fmt.Sprintf("%s:%d", path, e.line("name")), fmt.Sprintf("implementation %q is already defined at line %d", x.Name, line)}
		}
		seen[x.Name] = e.line("name")
		f.Impls = append(f.Impls, x)
	}
	return f, nil
}

// keys are the keys an implementation entry may have.
var keys = []string{"name", "command", "image", "args", "dir", "env", "timeout", "max_restarts", "contracts", "compare", "messages"}

// entry is one implementation as read from a file, before its checks:
// each value as the format decoded it, and the line of the entry and of
// each of its keys.
type entry struct {
	start  int
	lines  map[string]int
	values map[string]any
}

func (e entry) line(key string) int {
	if l, ok := e.lines[key]; ok {
		return l
	}
	return e.start
}

// outside checks e's values and converts them; dir is the file's
// directory, against which a relative dir is resolved.
func (e entry) outside(path, dir string) (impl.Outside, error) {
	bad := func(key, format string, args ...any) error {
		return &Error{fmt.Sprintf("%s:%d", path, e.line(key)), fmt.Sprintf(format, args...)}
	}
	x := impl.Outside{Origin: fmt.Sprintf("%s:%d", path, e.line("name"))}
	name, ok := e.values["name"].(string)
	if !ok {
		if _, has := e.values["name"]; has {
			return x, bad("name", "name must be a string")
		}
		return x, bad("name", "an implementation needs a name")
	}
	x.Name = name
	if !impl.NamePattern.MatchString(name) {
		return x, bad("name", "implementation name %q is not of the form [a-z][a-z0-9_-]{0,31}", name)
	}
	if impl.IsBuiltin(name) {
		return x, bad("name", "implementation name %q shadows a built-in implementation (%s)", name, strings.Join(impl.BuiltinNames(fake.Names()), ", "))
	}
	if v, has := e.values["command"]; has {
		words, err := wordsOf("command", v)
		if err != nil {
			return x, bad("command", "%v", err)
		}
		x.Command = words
	}
	if v, has := e.values["image"]; has {
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) == "" {
			return x, bad("image", "image must be a non-empty string (an image reference)")
		}
		x.Image = s
	}
	_, hasCommand := e.values["command"]
	switch {
	case x.Image != "" && hasCommand:
		return x, bad("image", "implementation %s has both a command and an image: give one", name)
	case x.Image == "" && len(x.Command) == 0:
		if hasCommand {
			return x, bad("command", "implementation %s: the command is empty", name)
		}
		return x, bad("name", "implementation %s has no command (or image)", name)
	}
	if v, has := e.values["args"]; has {
		if x.Image == "" {
			return x, bad("args", "args are the arguments of an image (they replace its CMD); a command carries its own")
		}
		words, err := wordsOf("args", v)
		if err != nil {
			return x, bad("args", "%v", err)
		}
		if len(words) == 0 {
			return x, bad("args", "args is empty: leave it out to run the image's own CMD")
		}
		x.Args = words
	}
	if v, has := e.values["dir"]; has {
		s, ok := v.(string)
		if !ok || s == "" {
			return x, bad("dir", "dir must be a non-empty string")
		}
		if x.Image != "" {
			return x, bad("dir", "dir is the working directory of a command; an image has its own")
		}
		if !filepath.IsAbs(s) {
			s = filepath.Join(dir, s)
		}
		x.Dir = s
	} else if x.Image == "" {
		x.Dir = dir
	}
	if v, has := e.values["env"]; has {
		m, ok := v.(map[string]any)
		if !ok {
			return x, bad("env", "env must be a table of strings")
		}
		for _, k := range sortedKeys(m) {
			s, ok := m[k].(string)
			if !ok || k == "" || strings.Contains(k, "=") {
				return x, bad("env", "env: %q must be a name without = and a string value", k)
			}
			x.Env = append(x.Env, k+"="+s)
		}
	}
	if v, has := e.values["timeout"]; has {
		s, ok := v.(string)
		d, err := time.ParseDuration(s)
		if !ok || err != nil || d <= 0 {
			return x, bad("timeout", "timeout must be a positive Go duration such as \"10s\", not %v", v)
		}
		x.Timeout = d
	}
	if v, has := e.values["max_restarts"]; has {
		n, ok := v.(int64)
		if !ok || n < 0 || n > 1000 {
			return x, bad("max_restarts", "max_restarts must be an integer from 0 to 1000, not %v", v)
		}
		r := int(n)
		x.MaxRestarts = &r
	}
	if v, has := e.values["contracts"]; has {
		list, ok := v.([]any)
		if !ok {
			return x, bad("contracts", "contracts must be a list of contract names such as \"example/1\"")
		}
		for _, c := range list {
			s, ok := c.(string)
			if !ok {
				return x, bad("contracts", "contracts must be a list of contract names such as \"example/1\"")
			}
			x.Contracts = append(x.Contracts, s)
		}
		if err := spec.MustLoad().CheckClaims(x.Name, x.Contracts); err != nil {
			return x, bad("contracts", "%v", err)
		}
	}
	if v, has := e.values["compare"]; has {
		s, ok := v.(string)
		if !ok || !slices.Contains(CompareModes, s) {
			return x, bad("compare", "compare must be one of %s, not %v", strings.Join(CompareModes, ", "), v)
		}
		x.Compare = s
	}
	if v, has := e.values["messages"]; has {
		m, ok := v.(map[string]any)
		if !ok || len(m) == 0 {
			return x, bad("messages", "messages must be a table from a message of the implementation to a refusal code of the catalogue")
		}
		x.Messages = map[string]string{}
		for _, k := range sortedKeys(m) {
			code, ok := m[k].(string)
			if !ok || k == "" || !knownCode(code) {
				return x, bad("messages", "messages: %q must map to a refusal code of the catalogue (spec/<name>.md, Refusals), not %v", k, m[k])
			}
			x.Messages[k] = code
		}
	}
	if (x.Compare == "map") != (x.Messages != nil) {
		return x, bad("compare", "compare = \"map\" and messages go together")
	}
	return x, nil
}

// CompareModes are the values of an implementation's compare key and of
// --compare (README.md, "Bring your own implementation").
var CompareModes = []string{"exact", "verdict", "map"}

// knownCode reports whether code is a refusal code of a contract of the
// catalogue.
func knownCode(code string) bool {
	for _, c := range spec.MustLoad().Contracts {
		for _, r := range c.Refusals {
			if r.Code == code {
				return true
			}
		}
	}
	return false
}

// wordsOf reads the value v of key (command or args): a string, split
// into words as a POSIX shell would (without running one), or a list of
// strings, taken as they are; nil (YAML's empty value) is no word.
func wordsOf(key string, v any) ([]string, error) {
	switch c := v.(type) {
	case nil:
		return nil, nil // YAML's "key:" with no value: empty
	case string:
		words, err := shellquote.Split(c)
		if err != nil {
			return nil, fmt.Errorf("%s %q does not split into words: %v", key, c, err)
		}
		return words, nil
	case []any:
		words := []string{}
		for _, w := range c {
			s, ok := w.(string)
			if !ok {
				return nil, fmt.Errorf("%s must be a string or a list of strings", key)
			}
			words = append(words, s)
		}
		return words, nil
	}
	return nil, fmt.Errorf("%s must be a string or a list of strings", key)
}
