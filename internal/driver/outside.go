package driver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/transport"
)

// Outside is an outside implementation (impl.Outside).
type Outside = impl.Outside

// BuiltinNames lists the built-in names (go, the mirrors, and each fake),
// for messages.
func BuiltinNames() []string { return impl.BuiltinNames(fake.Names()) }

// checkOutside refuses, with a *ConfigError naming its origin, an outside
// implementation whose name is not of NamePattern or shadows a built-in,
// that has both or neither of a command and an image, args without an
// image or an empty args list, or whose claimed contracts conform does
// not know; and a name given twice.
func checkOutside(list []Outside) error {
	seen := map[string]string{}
	for _, x := range list {
		switch {
		case !impl.NamePattern.MatchString(x.Name):
			return configErr("%s: implementation name %q is not of the form [a-z][a-z0-9_-]{0,31}", x.Origin, x.Name)
		case impl.IsBuiltin(x.Name):
			return configErr("%s: implementation name %q shadows a built-in implementation (%s)", x.Origin, x.Name, strings.Join(BuiltinNames(), ", "))
		case seen[x.Name] != "":
			return configErr("%s: implementation %q is already named at %s", x.Origin, x.Name, seen[x.Name])
		case len(x.Command) == 0 && x.Image == "":
			return configErr("%s: implementation %q has no command (or image)", x.Origin, x.Name)
		case len(x.Command) > 0 && x.Image != "":
			return configErr("%s: implementation %q has both a command and an image", x.Origin, x.Name)
		case x.Args != nil && x.Image == "":
			return configErr("%s: implementation %q has args but no image (args replace an image's CMD; a command carries its own)", x.Origin, x.Name)
		case x.Args != nil && len(x.Args) == 0:
			return configErr("%s: implementation %q has an empty args list (leave it out to run the image's own CMD)", x.Origin, x.Name)
		case x.Timeout < 0:
			return configErr("%s: implementation %q: the timeout must be positive", x.Origin, x.Name)
		case x.MaxRestarts != nil && *x.MaxRestarts < 0:
			return configErr("%s: implementation %q: max_restarts must not be negative", x.Origin, x.Name)
		}
		seen[x.Name] = x.Origin
		if err := spec.MustLoad().CheckClaims(x.Name, x.Contracts); err != nil {
			return configErr("%s: %v", x.Origin, err)
		}
	}
	return nil
}

// knownContracts lists the catalogue's contracts ("<name>/<version>"), sorted.
func knownContracts() []string { return spec.MustLoad().SortedNames() }

// CheckAnnounced refuses, with a *ConfigError, a handshake that announces
// a contract or an operation the catalogue (spec/catalogue.json) does not
// hold, or that does not announce a contract in claimed: conform cannot
// judge answers for a contract version it does not know, and an
// implementation that claims a contract and does not serve it would pass
// by skipping. who names the implementation in the message.
func CheckAnnounced(who string, info impl.Info, claimed []string) error {
	cat := spec.MustLoad()
	var names []string
	for c := range info.Contracts {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		k, ok := cat.Contract(c)
		if !ok {
			return configErr("%s announces contract %q in its handshake, which this conform does not know (known: %s)", who, c, strings.Join(knownContracts(), ", "))
		}
		for _, op := range info.Contracts[c] {
			if _, ok := k.Operation(op); !ok {
				return configErr("%s announces operation %q of %s in its handshake, which %s does not have (%s)", who, op, c, c, strings.Join(k.OpNames(), ", "))
			}
		}
	}
	for _, c := range claimed {
		if len(info.Contracts[c]) == 0 {
			return configErr("%s claims contract %s, but its handshake does not announce it (it announces: %s)", who, c, announced(info))
		}
	}
	return nil
}

// announced renders the contracts of a handshake, sorted, for messages.
func announced(info impl.Info) string {
	var names []string
	for c := range info.Contracts {
		names = append(names, c)
	}
	if len(names) == 0 {
		return "none"
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// outsideCommand returns the command that starts x's harness: its words
// (the program looked up on PATH, or relative to Dir), or its image's
// entrypoint and command, run through ct, x.Args in place of the image's
// command when given (as `docker run IMAGE ARGS...` does: the entrypoint
// stays, and without one the first argument is the program); st gets the
// image's reference and ID. A working directory, program or image that is
// not there is a *ConfigError naming x's origin.
func outsideCommand(ctx context.Context, ct *transport.Container, x Outside, st *Started) (transport.Command, error) {
	if x.Image == "" {
		prog := x.Command[0]
		if x.Dir != "" {
			// Checked first: a missing directory would otherwise surface as
			// the program missing (fork/exec fails on the chdir).
			if fi, err := os.Stat(x.Dir); err != nil || !fi.IsDir() {
				return transport.Command{}, configErr("%s: implementation %s: dir %q is not a directory", x.Origin, x.Name, x.Dir)
			}
		}
		if !strings.ContainsRune(prog, '/') {
			if _, err := exec.LookPath(prog); err != nil {
				return transport.Command{}, configErr("%s: implementation %s: program %q is not on PATH", x.Origin, x.Name, prog)
			}
		} else {
			p := prog
			if !filepath.IsAbs(p) && x.Dir != "" {
				p = filepath.Join(x.Dir, p)
			}
			if _, err := exec.LookPath(p); err != nil {
				return transport.Command{}, configErr("%s: implementation %s: program %s: %v", x.Origin, x.Name, prog, errors.Unwrap(err))
			}
		}
		return transport.Command{Path: prog, Args: slices.Clone(x.Command[1:]), Dir: x.Dir, Env: slices.Clone(x.Env)}, nil
	}
	img, err := ct.Image(ctx, x.Image)
	if err != nil {
		var nf *transport.ImageNotFoundError
		if errors.As(err, &nf) {
			return transport.Command{}, configErr("%s: implementation %s: image %s is not on the Docker engine (conform never pulls: build or pull it first)", x.Origin, x.Name, x.Image)
		}
		return transport.Command{}, &ConfigError{err}
	}
	cmd := img.Cmd
	if len(x.Args) > 0 {
		cmd = x.Args
	}
	words := append(slices.Clone(img.Entrypoint), cmd...)
	if len(words) == 0 {
		return transport.Command{}, configErr("%s: implementation %s: image %s has neither an entrypoint nor a command to start its harness", x.Origin, x.Name, x.Image)
	}
	st.Image, st.ImageID = x.Image, img.ID
	return transport.Command{Path: words[0], Args: words[1:], Dir: img.WorkingDir, Env: slices.Clone(x.Env), Image: x.Image}, nil
}

// startOutside starts x's harness through t (the container transport for
// an image) and checks its handshake (CheckAnnounced). Every failure is a
// *ConfigError naming x's origin: an outside implementation that does not
// start, or never answers the handshake within its timeout, is a problem
// of the configuration that named it, not of conform's own mirrors.
func startOutside(ctx context.Context, t transport.Transport, ct *transport.Container, x Outside, o options, st *Started) (*harness.Client, transport.Command, error) {
	cmd, err := outsideCommand(ctx, ct, x, st)
	if err != nil {
		return nil, cmd, err
	}
	timeout := o.timeout
	if x.Timeout > 0 {
		timeout = x.Timeout
	}
	restarts := o.maxRestarts
	if x.MaxRestarts != nil {
		restarts = *x.MaxRestarts
	}
	if restarts == 0 {
		restarts = -1
	}
	c := harness.New(x.Name, t, cmd, harness.Options{Timeout: timeout, MaxRestarts: restarts, Progress: o.progress})
	info, err := c.Start(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return c, cmd, err
		}
		return c, cmd, configErr("%s: implementation %s did not start (within --timeout %s for the handshake): %v", x.Origin, x.Name, timeout, err)
	}
	if err := CheckAnnounced(fmt.Sprintf("%s: implementation %s", x.Origin, x.Name), info, x.Contracts); err != nil {
		return c, cmd, err
	}
	st.Info = info
	return c, cmd, nil
}
