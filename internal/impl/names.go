package impl

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// The names of the implementations conform ships (README.md, "Using it":
// --impl): the Go reference, the mirrors in their fixed order, and the
// test doubles, each "fake:<bug>".
const (
	// Reference is the Go reference's name.
	Reference = "go"
	// TS is the TypeScript mirror's name.
	TS = "ts"
	// Python is the Python mirror's name.
	Python = "python"
	// FakePrefix begins the name of every test double.
	FakePrefix = "fake:"
)

// Mirrors are the mirrors' names in their fixed order: ts, then python.
var Mirrors = []string{TS, Python}

// NamePattern is the grammar of an outside implementation's name.
var NamePattern = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,31}$`)

// IsBuiltin reports whether name is one of conform's own implementations,
// which no outside implementation may shadow: go, a mirror's name, or
// anything starting with FakePrefix.
func IsBuiltin(name string) bool {
	return name == Reference || strings.HasPrefix(name, FakePrefix) || slices.Contains(Mirrors, name)
}

// BuiltinNames lists the built-in names for messages: go, the mirrors,
// and "fake:<bug>" for each of fakes (the test doubles' bugs).
func BuiltinNames(fakes []string) []string {
	names := append([]string{Reference}, Mirrors...)
	for _, f := range fakes {
		names = append(names, FakePrefix+f)
	}
	return names
}

// CheckBuiltin returns nil when name is an implementation conform ships:
// go, a mirror, or "fake:<bug>" for one of fakes; otherwise an error that
// names it and the known ones ("unknown fake ...", "unknown implementation
// ...").
func CheckBuiltin(name string, fakes []string) error {
	if bug, ok := strings.CutPrefix(name, FakePrefix); ok {
		if !slices.Contains(fakes, bug) {
			return fmt.Errorf("unknown fake %q (known: %s)", bug, strings.Join(fakes, ", "))
		}
		return nil
	}
	if name != Reference && !slices.Contains(Mirrors, name) {
		return fmt.Errorf("unknown implementation %q (known: %s)", name, strings.Join(append([]string{Reference}, Mirrors...), ", "))
	}
	return nil
}

// Outside is an implementation conform does not ship: a team's own code
// behind a harness that speaks mirrors/PROTOCOL.md, started as a local
// command or from a container image the user built (README.md, "Bring your
// own implementation"). It is named on the command line (--impl
// NAME=COMMAND, --impl NAME=image:REF) or in a configuration file
// (package config reads both into this). The JSON names are those of the
// configuration file, which conform fuzz passes to its workers
// (differential.EnvOutside).
type Outside struct {
	// Name is what --impl and reports call it; it matches NamePattern and
	// is no built-in name (IsBuiltin).
	Name string `json:"name"`
	// Command is the program and its arguments, for a local process; empty
	// when Image is set.
	Command []string `json:"command,omitempty"`
	// Image is the container image reference ("team-ts:1.4"), run with
	// the container transport's hardening and never pulled; empty when
	// Command is set. The image's own entrypoint and command start the
	// harness (Args replaces the command).
	Image string `json:"image,omitempty"`
	// Args, for an Image only, replaces the image's CMD, as the arguments
	// of `docker run IMAGE ARGS...` do: the image's ENTRYPOINT runs with
	// them, and an image without one runs Args as its command. Empty (nil)
	// keeps the image's CMD; it is never an empty non-nil list (package
	// config refuses one), so that each variant of a library can be one
	// image started with other arguments.
	Args []string `json:"args,omitempty"`
	// Dir is the local process's working directory (absolute, or relative
	// to conform's); empty is conform's. An implementation of the command
	// line (config.ParseImpl) gets conform's working directory, absolute:
	// its program and arguments may be relative to it, and a reproducer
	// line goes there first (repro.Setup.Dirs).
	Dir string `json:"dir,omitempty"`
	// Env is extra environment, "KEY=value" each.
	Env []string `json:"env,omitempty"`
	// Timeout, when positive, replaces the driver's timeout for this
	// implementation.
	Timeout time.Duration `json:"timeout,omitempty"`
	// MaxRestarts, when not nil, replaces the driver's restart budget for
	// it.
	MaxRestarts *int `json:"max_restarts,omitempty"`
	// Contracts are the contracts it claims ("example/1"): its handshake
	// must announce each, or the driver fails before any case runs.
	Contracts []string `json:"contracts,omitempty"`
	// Origin says where it was named, for errors: "--impl" or
	// "conform.toml:12".
	Origin string `json:"origin"`
	// Compare is how its refusals are compared with the expectation: "" or
	// "exact" (the default), "verdict" (any refusal is the right verdict) or "map" (its
	// messages mapped to refusal codes by Messages first); Messages maps
	// each message of its to the contract's refusal code it stands for.
	Compare  string            `json:"compare,omitempty"`
	Messages map[string]string `json:"messages,omitempty"`
	// Spec is how a reproducer names it again on the command line: the
	// whole --impl value ("team=node harness.js"); empty for one read from
	// a configuration file (the reproducer then carries --config).
	Spec string `json:"spec,omitempty"`
}
