// Package driver starts the implementations conform compares, for every
// command that drives them (run, repro, eval, guards, mutate) and for each
// fuzz worker process: the Go reference in-process, the mirrors as harness
// processes, locally or in containers, and the fuzz test doubles. It owns
// the choices made at start: which names are implementations, the restart
// budget before quarantine, preparing a mirror (building the TypeScript
// mirror on first use), checking that a mirror's container image is built
// and reading its labels, and finding the harness binary that serves a
// fake.
//
// Start takes the names and functional options, as testcontainers-go's Run
// does, and, like it, returns what it built even when it fails, so that the
// caller's deferred Close always cleans up:
//
//	s, err := driver.Start(ctx, []string{"ts", "python"}, driver.WithTimeout(5*time.Second))
//	defer s.Close()
//	if err != nil { ... }
package driver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/transport"
)

// Defaults of the options.
const (
	// DefaultTimeout is the longest silence allowed from a harness that
	// owes an answer.
	DefaultTimeout = 10 * time.Second
	// DefaultMaxRestarts is how many times a broken harness is restarted
	// before it is quarantined (mirrors/PROTOCOL.md, "What conform
	// enforces").
	DefaultMaxRestarts = 3
)

// Transports Start knows, for WithTransport.
const (
	// Local runs each harness as a child process (transport.Local).
	Local = "local"
	// Container runs each harness in a container of its own from the
	// mirror's image (transport.Container).
	Container = "container"
)

// InProcess is the transport recorded for the Go reference, which runs in
// conform's own process.
const InProcess = "in-process"

// Option configures Start.
type Option func(*options)

type options struct {
	transport   string
	timeout     time.Duration
	maxRestarts int
	progress    io.Writer
	version     string
	harness     string
	images      map[string]string
	outside     []Outside
}

// WithTransport runs the mirrors through the named transport: Local (the
// default) or Container.
func WithTransport(name string) Option { return func(o *options) { o.transport = name } }

// WithTimeout bounds each harness's silence while it owes an answer: to
// the handshake, to a run request, to a whole batch (mirrors/PROTOCOL.md,
// "batch"). It must be positive; the default is DefaultTimeout.
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// WithMaxRestarts is how many times a harness that breaks the protocol is
// restarted before it is quarantined for the rest of its life: 0 means
// never restarted; negative is refused. The default is
// DefaultMaxRestarts.
func WithMaxRestarts(n int) Option { return func(o *options) { o.maxRestarts = n } }

// WithProgress is told what preparing a mirror does (building the
// TypeScript mirror on first use takes a while). The default discards it.
func WithProgress(w io.Writer) Option { return func(o *options) { o.progress = w } }

// WithVersion is the version the in-process Go reference reports in its
// description (impl.Info.Version): conform's version.
func WithVersion(v string) Option { return func(o *options) { o.version = v } }

// WithImages runs the named mirrors' harnesses (under the Container
// transport) in the given images, by reference or image ID, instead of the
// images built from the sources compiled into conform: what a reproducer
// line of a container run carries (repro.Setup.Images). A name that is no
// mirror, or any image with another transport, is a *ConfigError.
func WithImages(images map[string]string) Option { return func(o *options) { o.images = images } }

// WithOutside defines outside implementations (Outside): a name of one of
// them among Start's names starts it. A bad definition (checkOutside: a
// name that shadows a built-in, given twice, with no command) is a
// *ConfigError naming where it was given, whether or not it is started.
func WithOutside(list ...Outside) Option {
	return func(o *options) { o.outside = append(o.outside, list...) }
}

// WithHarness names the conform-harness binary that serves the fakes
// (--impl fake:<bug>). Without it, Start looks for conform-harness beside
// the running executable, and failing that builds it with go build from
// the module that holds the working directory, into a temporary directory
// that Close removes.
func WithHarness(path string) Option { return func(o *options) { o.harness = path } }

// Started describes one started implementation, as a report header records
// it.
type Started struct {
	// Name is the short name: go, ts, python, fake:<bug>.
	Name string
	// Info is what the implementation said about itself at start (its
	// handshake).
	Info impl.Info
	// Transport is InProcess for the reference, else Local or Container.
	Transport string
	// Command is the program and arguments that started the harness (none
	// for the reference).
	Command []string
	// Image is the container image the harness runs in (Container only),
	// ImageID its ID, and BaseImage and BaseImageID the base image it was
	// built from and that base's ID, read from the image's labels
	// (mirrors.LabelBaseImage, mirrors.LabelBaseImageID).
	Image, ImageID, BaseImage, BaseImageID string
	// Outside is the definition of an outside implementation (nil for
	// conform's own).
	Outside *Outside
}

// Set is what Start started: the implementations, the Go reference first,
// and how each was started. Close ends them.
type Set struct {
	// Impls are the implementations, in order: the in-process reference
	// ("go"), then the others in the order their names were given. Every
	// one but the reference is a *harness.Client, and so an impl.Health.
	Impls []impl.Impl
	// Started describes Impls, one each, in the same order.
	Started []Started
	// closers end, in reverse order, what Start made: the transport, the
	// harness binary it built, each harness.
	closers []func()
}

// Close ends every harness the set started, then whatever they needed (the
// container transport's connection, a harness binary Start built), in
// reverse order of start. It may be called on a nil set and more than
// once.
func (s *Set) Close() {
	if s == nil {
		return
	}
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// ConfigError is a start that failed on its configuration rather than on an
// implementation: a name that is no implementation, a bad option, a
// runtime missing from PATH, no Docker engine, a mirror image not built, no
// harness binary for a fake. conform reports it as a usage or
// configuration error (exit 2); any other error of Start is an
// implementation that failed to start or refused the handshake (exit 3).
type ConfigError struct{ Err error }

// Error returns Err's message.
func (e *ConfigError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *ConfigError) Unwrap() error { return e.Err }

func configErr(format string, args ...any) error {
	return &ConfigError{fmt.Errorf(format, args...)}
}

// IsConfig reports whether err is (or wraps) a *ConfigError.
func IsConfig(err error) bool {
	var ce *ConfigError
	return errors.As(err, &ce)
}

// Names normalizes a list of implementation names as --impl gives them:
// each entry may hold several names separated by commas; blanks are
// dropped, and so is each repeat of a name and "go" (the reference, which
// Start always starts first).
func Names(list []string) []string {
	var out []string
	for _, n := range list {
		for _, n := range strings.Split(n, ",") {
			n = strings.TrimSpace(n)
			if n == "" || n == "go" || slices.Contains(out, n) {
				continue
			}
			out = append(out, n)
		}
	}
	return out
}

// Check refuses, with a *ConfigError, a name that is no implementation: a
// mirror's name (mirrors.Lookup), "go", or fake:<bug> for a bug of package
// fake.
func Check(name string) error {
	if err := impl.CheckBuiltin(name, fake.Names()); err != nil {
		return configErr("%v", err)
	}
	return nil
}

// Validate makes every check Start makes before it starts anything: the
// options (a positive timeout, a restart budget not negative, a known
// transport) and the names (Check; no fake in a container). It returns
// the first problem as a *ConfigError, or nil.
func Validate(names []string, opts ...Option) error {
	_, err := validate(names, opts)
	return err
}

// validate applies opts over the defaults and checks them and names.
func validate(names []string, opts []Option) (options, error) {
	o := options{transport: Local, timeout: DefaultTimeout, maxRestarts: DefaultMaxRestarts, progress: io.Discard}
	for _, opt := range opts {
		opt(&o)
	}
	if o.timeout <= 0 {
		return o, configErr("the timeout must be positive, not %s", o.timeout)
	}
	if o.maxRestarts < 0 {
		return o, configErr("the restart budget must not be negative")
	}
	if err := checkOutside(o.outside); err != nil {
		return o, err
	}
	for _, n := range Names(names) {
		if o.find(n) != nil {
			continue
		}
		if err := Check(n); err != nil {
			return o, err
		}
	}
	if o.transport != Local && o.transport != Container {
		return o, configErr("unknown transport %q (local or container)", o.transport)
	}
	for _, n := range Names(names) {
		if strings.HasPrefix(n, "fake:") && o.transport == Container {
			return o, configErr("the fakes run only with the local transport")
		}
	}
	for n := range o.images {
		if _, ok := mirrors.Lookup(n); !ok {
			return o, configErr("--image %s: %q is not a mirror (ts, python)", n, n)
		}
		if o.transport != Container {
			return o, configErr("--image needs --transport container")
		}
	}
	return o, nil
}

// find returns the outside implementation named name, or nil.
func (o *options) find(name string) *Outside {
	for i := range o.outside {
		if o.outside[i].Name == name {
			return &o.outside[i]
		}
	}
	return nil
}

// Start starts the Go reference in-process and the implementations named
// (see Names; "go" is the reference), each harness through the transport
// and with the budgets the options give, preparing every mirror first. It
// makes every check of Validate before it starts anything. It returns the
// set even when it fails, holding what it started (the caller closes it);
// the error is a *ConfigError for a configuration problem and otherwise
// names the implementation that failed to start.
func Start(ctx context.Context, names []string, opts ...Option) (*Set, error) {
	s := &Set{}
	o, err := validate(names, opts)
	if err != nil {
		return s, err
	}
	names = Names(names)

	ref := &runner.Reference{Version: o.version}
	s.Impls = append(s.Impls, ref)
	s.Started = append(s.Started, Started{Name: "go", Info: ref.Implementation(), Transport: InProcess})

	var t transport.Transport = transport.Local{}
	var ct *transport.Container
	needsEngine := o.transport == Container
	for _, n := range names {
		if x := o.find(n); x != nil && x.Image != "" {
			needsEngine = true
		}
	}
	if needsEngine {
		var err error
		if ct, err = transport.NewContainer(ctx, transport.ContainerOptions{Progress: o.progress}); err != nil {
			return s, &ConfigError{err}
		}
		if o.transport == Container {
			t = ct
		}
		s.closers = append(s.closers, func() { _ = ct.Close() })
	}
	cache, err := mirrors.CacheDir()
	if err != nil {
		return s, &ConfigError{err}
	}
	// harness.Options reads 0 as its default and a negative number as none.
	restarts := o.maxRestarts
	if restarts == 0 {
		restarts = -1
	}
	for _, name := range names {
		if x := o.find(name); x != nil {
			st := Started{Name: name, Transport: Local, Outside: x}
			var xt transport.Transport = transport.Local{}
			if x.Image != "" {
				xt, st.Transport = ct, Container
			}
			c, cmd, err := startOutside(ctx, xt, ct, *x, o, &st)
			if c != nil {
				s.closers = append(s.closers, c.Close)
			}
			if err != nil {
				return s, err
			}
			s.Impls = append(s.Impls, c)
			st.Command = append([]string{cmd.Path}, cmd.Args...)
			s.Started = append(s.Started, st)
			continue
		}
		st := Started{Name: name, Transport: t.Name()}
		var cmd transport.Command
		if bug, ok := strings.CutPrefix(name, "fake:"); ok {
			if o.harness == "" {
				if o.harness, err = s.harnessBinary(ctx); err != nil {
					return s, err
				}
			}
			cmd = transport.Command{Path: o.harness, Args: []string{"--fake", bug}}
		} else {
			m, _ := mirrors.Lookup(name)
			if ct != nil {
				cmd, err = containerCommand(ctx, ct, m, o.images[name], &st)
			} else {
				cmd, err = m.Prepare(ctx, cache, o.progress)
				var missing *mirrors.MissingRuntimeError
				if errors.As(err, &missing) {
					err = &ConfigError{err}
				}
			}
			if err != nil {
				return s, err
			}
		}
		c := harness.New(name, t, cmd, harness.Options{Timeout: o.timeout, MaxRestarts: restarts, Progress: o.progress})
		info, err := c.Start(ctx)
		if err != nil {
			return s, err
		}
		s.closers = append(s.closers, c.Close)
		if err := CheckAnnounced(name, info, nil); err != nil {
			return s, err
		}
		s.Impls = append(s.Impls, c)
		st.Info, st.Command = info, append([]string{cmd.Path}, cmd.Args...)
		s.Started = append(s.Started, st)
	}
	return s, nil
}

// containerCommand returns the command that starts m's harness in its
// image (the one built from the compiled-in sources, or image when not
// empty) and fills st's image fields from the image and its labels. An
// image that is not there is a *ConfigError that says how to build it.
func containerCommand(ctx context.Context, ct *transport.Container, m mirrors.Mirror, image string, st *Started) (transport.Command, error) {
	cmd, err := m.ContainerCommand()
	if err != nil {
		return transport.Command{}, err
	}
	if image != "" {
		cmd.Image = image
	}
	img, err := ct.Image(ctx, cmd.Image)
	if err != nil {
		var nf *transport.ImageNotFoundError
		if errors.As(err, &nf) {
			if image != "" {
				return transport.Command{}, configErr("the %s mirror's image %s (--image) is not on the Docker engine", m.Name, image)
			}
			return transport.Command{}, configErr("the %s mirror's image %s is not built for these sources: run conform images build", m.Name, cmd.Image)
		}
		return transport.Command{}, &ConfigError{err}
	}
	st.Image = cmd.Image
	st.ImageID = img.ID
	st.BaseImage = img.Labels[mirrors.LabelBaseImage]
	st.BaseImageID = img.Labels[mirrors.LabelBaseImageID]
	return cmd, nil
}

// HarnessName is the file name of the harness binary that serves the
// fakes (cmd/conform-harness).
const HarnessName = "conform-harness"

// harnessBinary finds the conform-harness that serves the fakes: beside
// the running executable, or else built from the module of the working
// directory into a temporary directory, which s's Close removes.
func (s *Set) harnessBinary(ctx context.Context) (string, error) {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), HarnessName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	dir, err := os.MkdirTemp("", "conform-harness-")
	if err != nil {
		return "", &ConfigError{err}
	}
	s.closers = append(s.closers, func() { _ = os.RemoveAll(dir) })
	bin := filepath.Join(dir, HarnessName)
	if err := BuildHarness(ctx, "", bin); err != nil {
		return "", configErr("the fakes are served by %s --fake, which is not beside this program, and building it failed (run from conform's source): %v", HarnessName, err)
	}
	return bin, nil
}

// BuildHarness builds cmd/conform-harness into the file bin with go build,
// in the module directory dir ("" is the working directory). The error
// carries go build's output.
func BuildHarness(ctx context.Context, dir, bin string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, module.Package("cmd/conform-harness"))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", module.Package("cmd/conform-harness"), err, strings.TrimSpace(string(out)))
	}
	return nil
}
