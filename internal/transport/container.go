package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/containerd/errdefs"
	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
	tclog "github.com/testcontainers/testcontainers-go/log"
)

// Labels on every container the container transport starts, so that conform
// (and its tests) can find them.
const (
	// LabelTransport is "container" on every harness container.
	LabelTransport = "org.conform.transport"
	// LabelPID is the process id of the conform that started the container.
	LabelPID = "org.conform.pid"
	// LabelBoot is the boot id of the machine that conform runs on, and
	// LabelPIDNamespace its pid namespace, so that a pid is only ever
	// compared with the processes it can name.
	LabelBoot         = "org.conform.boot"
	LabelPIDNamespace = "org.conform.pidns"
)

// Hermetic defaults of the container transport.
const (
	// DefaultMemory is a harness container's memory limit, swap included.
	DefaultMemory = 1 << 30
	// DefaultPids bounds the processes and threads in a harness container.
	DefaultPids = 256
	// DefaultUser is the uid:gid a harness runs as: not root, and no user
	// the image defines.
	DefaultUser = "65532:65532"
)

// ContainerOptions tune the container transport. The zero value is the
// hermetic default.
type ContainerOptions struct {
	// Memory is the memory limit of each container in bytes, swap included;
	// zero means DefaultMemory.
	Memory int64
	// Pids is the limit on processes and threads in each container; zero
	// means DefaultPids.
	Pids int64
	// User is the "uid:gid" the harness runs as; empty means DefaultUser.
	// Root ("0", "root", "0:0") is refused.
	User string
	// Labels are added to every container, beside the transport's own.
	Labels map[string]string
	// Log receives testcontainers-go's log lines; nil discards them.
	Log io.Writer
	// Progress, when set, is told when the engine is slow to answer.
	Progress io.Writer
}

// Container starts each harness in a container of its own, through
// testcontainers-go, from an image that must already be on the Docker
// engine: it never pulls. Each container has no network, a read-only root
// file system, a non-root user, memory and pids limits, no capabilities and
// no mounts (so no Docker socket). conform talks to the harness over the
// container's attached stdin and stdout; closing stdin ends the harness,
// and the engine removes the container when it exits (AutoRemove). Because
// stdin is attached once (StdinOnce), the engine closes the harness's stdin
// when conform's connection goes away. A harness that ignores that (and
// SIGTERM) is removed by conform's reaper (reaper.go): a process of its
// own, started with the first container, that outlives conform, sees its
// end (SIGKILL included) as the end of a pipe, and force-removes every
// container labelled with conform's LabelOwner. What remains (README.md,
// "Mirrors in containers"): a reaper killed with conform, which the start
// sweep of the next conform on the machine makes up for (NewContainer).
type Container struct {
	opts   ContainerOptions
	logger tclog.Logger
	// client is the Docker client testcontainers-go exposes; it attaches,
	// waits, kills and inspects.
	client *testcontainers.DockerClient
	labels map[string]string
}

// ryukOnce makes sure Ryuk, testcontainers-go's reaper, stays off unless
// the user asked for it: its image would have to be pulled, and conform
// has a reaper of its own (reaper.go).
var ryukOnce sync.Once

func disableRyuk() {
	ryukOnce.Do(func() {
		if _, set := os.LookupEnv("TESTCONTAINERS_RYUK_DISABLED"); !set {
			_ = os.Setenv("TESTCONTAINERS_RYUK_DISABLED", "true")
		}
	})
}

// NewContainer connects to the Docker engine (DOCKER_HOST, or the
// testcontainers-go configuration, or the default socket) and returns the
// transport. It fails when no engine answers. It also removes what a
// conform of this machine that died before it could start its harnesses may
// have left: containers created but not started, and harness containers
// whose conform is gone.
func NewContainer(ctx context.Context, opts ContainerOptions) (*Container, error) {
	if opts.Memory == 0 {
		opts.Memory = DefaultMemory
	}
	if opts.Pids == 0 {
		opts.Pids = DefaultPids
	}
	if opts.User == "" {
		opts.User = DefaultUser
	}
	if isRoot(opts.User) {
		return nil, fmt.Errorf("container transport: user %q is root; harnesses run as a non-root user", opts.User)
	}
	disableRyuk()
	var logger tclog.Logger = tclog.NewNoopLogger()
	if opts.Log != nil {
		logger = log.New(opts.Log, "testcontainers: ", 0)
	}
	// testcontainers-go logs its connection through the default logger.
	tclog.SetDefault(logger)
	cli, err := dockerClient(ctx, opts.Progress)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("no Docker engine answers (%v); start one (ci/docker.sh does) or use --transport local", err)
	}
	c := &Container{opts: opts, logger: logger, client: cli, labels: map[string]string{}}
	for k, v := range opts.Labels {
		c.labels[k] = v
	}
	c.labels[LabelTransport] = "container"
	c.labels[LabelPID] = strconv.Itoa(os.Getpid())
	c.labels[LabelBoot] = bootID()
	c.labels[LabelPIDNamespace], _ = os.Readlink("/proc/self/ns/pid")
	c.labels[LabelOwner] = ownerToken()
	c.reap(ctx)
	return c, nil
}

// dockerClient connects to the engine, giving up when ctx ends, and tells
// progress (when not nil) after 3 s that it is still waiting. The
// connection itself is made with a context that is never cancelled:
// testcontainers-go panics when the context of its first engine query is
// cancelled (MustExtractDockerSocket, in a sync.Once), which an interrupt
// in the first second of a run did. A connection still under way when ctx
// ends is closed when it completes.
func dockerClient(ctx context.Context, progress io.Writer) (*testcontainers.DockerClient, error) {
	type result struct {
		cli *testcontainers.DockerClient
		err error
	}
	done := make(chan result, 1)
	go func() {
		cli, err := testcontainers.NewDockerClientWithOpts(context.WithoutCancel(ctx))
		done <- result{cli, err}
	}()
	notice := time.After(3 * time.Second)
	for {
		select {
		case r := <-done:
			return r.cli, r.err
		case <-notice:
			if progress != nil {
				fmt.Fprintln(progress, "conform: waiting for the Docker engine to answer")
			}
		case <-ctx.Done():
			go func() {
				if r := <-done; r.cli != nil {
					_ = r.cli.Close()
				}
			}()
			return nil, ctx.Err()
		}
	}
}

func isRoot(user string) bool {
	u, _, _ := strings.Cut(user, ":")
	return u == "0" || u == "root"
}

// bootID identifies this boot of this machine.
func bootID() string {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		h, _ := os.Hostname()
		return h
	}
	return strings.TrimSpace(string(b))
}

// reap removes harness containers of this machine whose conform process
// has died. Those still running had their stdin closed when conform died
// and are on their way out, and its reaper removes the others; only a
// harness that ignores the end of its stdin, of a conform whose reaper
// died with it, can outlive its conform, and this catches it at the next
// run.
func (c *Container) reap(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	list, err := c.client.ContainerList(ctx, client.ContainerListOptions{
		All: true,
		Filters: make(client.Filters).Add("label", LabelTransport+"=container", LabelBoot+"="+c.labels[LabelBoot],
			LabelPIDNamespace+"="+c.labels[LabelPIDNamespace]),
	})
	if err != nil {
		return
	}
	for _, s := range list.Items {
		pid, err := strconv.Atoi(s.Labels[LabelPID])
		if err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		_, _ = c.client.ContainerRemove(ctx, s.ID, client.ContainerRemoveOptions{Force: true})
	}
}

func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Name returns "container".
func (*Container) Name() string { return "container" }

// Close releases the connection to the engine.
func (c *Container) Close() error { return c.client.Close() }

// Client is the Docker client testcontainers-go exposes, which the
// transport uses.
func (c *Container) Client() *testcontainers.DockerClient { return c.client }

// Labels returns the labels every container of this transport carries.
func (c *Container) Labels() map[string]string {
	out := make(map[string]string, len(c.labels))
	for k, v := range c.labels {
		out[k] = v
	}
	return out
}

// ExitError is a harness container's non-zero exit status.
type ExitError struct {
	// Status is the exit status; 137 is a SIGKILL.
	Status int64
	// Detail is what the engine said, if anything.
	Detail string
}

func (e *ExitError) Error() string {
	s := "exit status " + strconv.FormatInt(e.Status, 10)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Start creates the container for cmd from cmd.Image, attaches to its
// stdin, stdout and stderr, and starts it. cmd.Path is the entrypoint,
// cmd.Args its arguments, cmd.Dir the working directory inside the image
// and cmd.Env extra environment. A failed start removes what it created.
// The first start of the process starts its reaper (reaper.go), and a start
// fails when no reaper runs.
func (c *Container) Start(ctx context.Context, cmd Command) (Conn, error) {
	if cmd.Image == "" {
		return nil, errors.New("container transport: the command names no image")
	}
	if cmd.Path == "" {
		return nil, errors.New("container transport: the command names no program")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, kv := range cmd.Env {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	labels := c.Labels()
	req := testcontainers.GenericContainerRequest{
		ContainerRequest: testcontainers.ContainerRequest{
			Image:      cmd.Image,
			Entrypoint: []string{cmd.Path},
			Cmd:        append([]string{}, cmd.Args...),
			Env:        env,
			Labels:     labels,
			ConfigModifier: func(cfg *container.Config) {
				cfg.User = c.opts.User
				cfg.WorkingDir = cmd.Dir
				cfg.Tty = false
				cfg.OpenStdin = true
				cfg.StdinOnce = true
				cfg.AttachStdin = true
				cfg.AttachStdout = true
				cfg.AttachStderr = true
				cfg.NetworkDisabled = true
			},
			HostConfigModifier: func(hc *container.HostConfig) {
				hc.NetworkMode = "none"
				hc.ReadonlyRootfs = true
				hc.AutoRemove = true
				hc.Binds = nil
				hc.Mounts = nil
				hc.CapDrop = []string{"ALL"}
				hc.SecurityOpt = []string{"no-new-privileges"}
				hc.Privileged = false
				// Attach carries every byte; a log driver would write each
				// answer to disk a second time.
				hc.LogConfig = container.LogConfig{Type: "none"}
				pids := c.opts.Pids
				hc.Resources.Memory = c.opts.Memory
				hc.Resources.MemorySwap = c.opts.Memory
				hc.Resources.PidsLimit = &pids
			},
		},
		Started: false,
		Logger:  c.logger,
	}
	// conform never pulls: an image that is not on the engine is an error
	// before testcontainers-go could decide to pull it.
	if _, err := c.client.ImageInspect(ctx, cmd.Image); err != nil {
		if errdefs.IsNotFound(err) {
			return nil, &ImageNotFoundError{Ref: cmd.Image}
		}
		return nil, fmt.Errorf("inspect image %s: %w", cmd.Image, err)
	}
	// The reaper runs before the container exists: whenever conform dies
	// from now on, it removes what carries this process's LabelOwner.
	if err := ensureReaper(ctx); err != nil {
		return nil, err
	}
	// Create, attach and start each run to their end, whatever ctx does
	// meanwhile (an interrupt that cut one short left a container created
	// and never started, which nothing removes); ctx is checked between
	// them, and an interrupted start removes what it made.
	steps := context.WithoutCancel(ctx)
	ctr, err := testcontainers.GenericContainer(steps, req)
	if err != nil {
		if ctr != nil {
			c.remove(ctr.GetContainerID())
		}
		return nil, fmt.Errorf("create container from %s: %w", cmd.Image, err)
	}
	id := ctr.GetContainerID()
	if err := ctx.Err(); err != nil {
		c.remove(id)
		return nil, err
	}
	// The wait is registered before the start, so that the exit of a
	// container that is removed at once is never missed.
	life, cancel := context.WithCancel(context.Background())
	wait := c.client.ContainerWait(life, id, client.ContainerWaitOptions{Condition: container.WaitConditionRemoved})
	att, err := c.client.ContainerAttach(steps, id, client.ContainerAttachOptions{Stream: true, Stdin: true, Stdout: true, Stderr: true})
	if err != nil {
		cancel()
		c.remove(id)
		return nil, fmt.Errorf("attach to container %s: %w", short(id), err)
	}
	if err := ctx.Err(); err != nil {
		att.Close()
		cancel()
		c.remove(id)
		return nil, err
	}
	if err := ctr.Start(steps); err != nil {
		att.Close()
		cancel()
		c.remove(id)
		return nil, fmt.Errorf("start container %s from %s: %w", short(id), cmd.Image, err)
	}
	pr, pw := io.Pipe()
	conn := &containerConn{
		c: c, id: id, image: cmd.Image, att: att.HijackedResponse,
		stdout: pr, stderr: newTail(64 << 10), demuxed: make(chan struct{}), cancel: cancel,
	}
	go conn.demux(pw)
	go conn.waitExit(wait)
	return conn, nil
}

// remove force-removes a container that failed to start.
func (c *Container) remove(id string) {
	if id == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = c.client.ContainerRemove(ctx, id, client.ContainerRemoveOptions{Force: true})
}

// ImageNotFoundError says that an image is not on the Docker engine.
type ImageNotFoundError struct{ Ref string }

func (e *ImageNotFoundError) Error() string {
	return fmt.Sprintf("image %s is not on the Docker engine, and conform never pulls", e.Ref)
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

type containerConn struct {
	c      *Container
	id     string
	image  string
	att    client.HijackedResponse
	stdout *io.PipeReader
	stderr *tail
	cancel context.CancelFunc

	demuxed chan struct{} // closed when the attached stream has ended

	exitOnce sync.Once
	exited   chan struct{} // closed when the container has been removed
	exitErr  error

	closeOnce sync.Once
}

// demux splits the attached stream (stdout and stderr multiplexed, since
// there is no TTY) into the stdout pipe and the stderr tail.
func (cc *containerConn) demux(pw *io.PipeWriter) {
	_, err := stdcopy.StdCopy(pw, cc.stderr, cc.att.Reader)
	if err == nil {
		err = io.EOF
	}
	_ = pw.CloseWithError(err)
	close(cc.demuxed)
}

func (cc *containerConn) exitChan() chan struct{} {
	cc.exitOnce.Do(func() { cc.exited = make(chan struct{}) })
	return cc.exited
}

// waitExit records the container's exit status once the engine has
// removed it.
func (cc *containerConn) waitExit(w client.ContainerWaitResult) {
	done := cc.exitChan()
	select {
	case r := <-w.Result:
		if r.Error != nil && r.Error.Message != "" {
			cc.exitErr = &ExitError{Status: r.StatusCode, Detail: r.Error.Message}
		} else if r.StatusCode != 0 {
			cc.exitErr = &ExitError{Status: r.StatusCode}
		}
	case err := <-w.Error:
		// Gone before the engine could say how it ended, or the wait was
		// cut short by Kill.
		if !errdefs.IsNotFound(err) && !errors.Is(err, context.Canceled) {
			cc.exitErr = fmt.Errorf("waiting for container %s: %w", short(cc.id), err)
		}
	}
	close(done)
}

// Stdin is the container's attached stdin; Close closes conform's side, and
// the engine then closes the harness's stdin.
func (cc *containerConn) Stdin() io.WriteCloser { return stdinConn{cc} }

func (cc *containerConn) Stdout() io.Reader  { return cc.stdout }
func (cc *containerConn) StderrTail() string { return cc.stderr.String() }
func (cc *containerConn) Describe() string {
	return fmt.Sprintf("container %s (%s)", short(cc.id), cc.image)
}

// Kill kills the container at once (the engine then removes it) and drops
// the attached connection.
func (cc *containerConn) Kill() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = cc.c.client.ContainerKill(ctx, cc.id, client.ContainerKillOptions{Signal: "KILL"})
	cc.closeAttach()
	// If the engine is slow to report the removal, Wait does not hang on it
	// for more than a few seconds.
	go func() {
		select {
		case <-cc.exitChan():
		case <-time.After(10 * time.Second):
			cc.cancel()
		}
	}()
}

func (cc *containerConn) closeAttach() {
	cc.closeOnce.Do(func() { cc.att.Close() })
}

// Wait waits until the container has exited and been removed and returns
// its exit status as an *ExitError when it is not zero.
func (cc *containerConn) Wait() error {
	<-cc.exitChan()
	<-cc.demuxed
	cc.closeAttach()
	cc.cancel()
	return cc.exitErr
}

type stdinConn struct{ cc *containerConn }

func (s stdinConn) Write(p []byte) (int, error) { return s.cc.att.Conn.Write(p) }

func (s stdinConn) Close() error { return s.cc.att.CloseWrite() }

// ImageInfo describes an image on the engine.
type ImageInfo struct {
	// Ref is the reference it was looked up by.
	Ref string
	// ID is the image ID ("sha256:...").
	ID string
	// Labels are the image's labels.
	Labels map[string]string
	// Entrypoint, Cmd and WorkingDir are the image's own: what starts a
	// container of it when the caller gives no program (an outside
	// implementation's image, impl.Outside).
	Entrypoint, Cmd []string
	WorkingDir      string
}

// Image looks up ref on the engine, never pulling. A missing image is an
// *ImageNotFoundError.
func (c *Container) Image(ctx context.Context, ref string) (ImageInfo, error) {
	img, err := c.client.ImageInspect(ctx, ref)
	if err != nil {
		if errdefs.IsNotFound(err) {
			return ImageInfo{}, &ImageNotFoundError{Ref: ref}
		}
		return ImageInfo{}, fmt.Errorf("inspect image %s: %w", ref, err)
	}
	info := ImageInfo{Ref: ref, ID: img.ID}
	if img.Config != nil {
		info.Labels = img.Config.Labels
		info.Entrypoint, info.Cmd, info.WorkingDir = img.Config.Entrypoint, img.Config.Cmd, img.Config.WorkingDir
	}
	return info, nil
}
