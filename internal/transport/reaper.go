package transport

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"
	tclog "github.com/testcontainers/testcontainers-go/log"
)

// LabelOwner is, on every harness container, a random token of the conform
// process that started it (one per process, whatever number of transports
// it makes): its reaper removes every container that carries it.
const LabelOwner = "org.conform.owner"

// ReaperName is the name (argv[0]) the reaper runs under, which ps shows.
const ReaperName = "conform-reaper"

// reaperVar is the environment variable that turns the program into the
// reaper of the owner token it holds (see init below). conform sets it only
// in the reaper's own environment.
const reaperVar = "CONFORM_CONTAINER_REAPER"

// How the reaper sweeps once its conform is gone: it lists and removes the
// owner's containers until a listing has come back empty for reaperSettle
// (a create request that conform sent just before it died may still be
// under way in the engine), retrying an engine that does not answer, and
// gives up after reaperGiveUp.
const (
	reaperSettle = 2 * time.Second
	reaperGiveUp = 60 * time.Second
	reaperPoll   = 250 * time.Millisecond
	// reaperReady bounds the wait for a new reaper to say it runs.
	reaperReady = 10 * time.Second
)

// ownerToken is this process's LabelOwner value.
var ownerToken = sync.OnceValue(func() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24 and later)
	return hex.EncodeToString(b[:])
})

// validToken reports whether s has the form of an owner token: 32
// lower-case hex digits.
func validToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}

// init turns any program that links this package (conform, and the test
// binaries that start containers) into the reaper when it was started as
// one: reaperVar holds a valid token and stdin is a pipe. It then never
// returns to the program's own initialisation or main.
func init() {
	token, ok := os.LookupEnv(reaperVar)
	if !ok || !validToken(token) {
		return
	}
	if st, err := os.Stdin.Stat(); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return
	}
	os.Exit(reaperMain(token))
}

// reaperMain is the reaper: it says on fd 3 that it runs, waits until its
// stdin (a pipe whose only writer is the conform that started it) reaches
// its end, which happens when that conform exits however it exits, SIGKILL
// included, then force-removes every container labelled with token and
// exits. SIGTERM, SIGINT and SIGHUP make it sweep at once: a supervisor
// that stops conform's whole process tree or cgroup with SIGTERM before
// SIGKILL (systemd, docker stop, most CI runners) gives it the time to.
func reaperMain(token string) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	if ready := os.NewFile(3, "ready"); ready != nil {
		_, _ = ready.Write([]byte("ready\n"))
		_ = ready.Close()
	}
	eof := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		close(eof)
	}()
	select {
	case <-eof:
	case <-sigs:
	}
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	sweep(token)
	return 0
}

// sweep force-removes every container labelled LabelOwner=token until
// none has been listed for reaperSettle, or reaperGiveUp has passed.
func sweep(token string) {
	disableRyuk()
	tclog.SetDefault(tclog.NewNoopLogger())
	ctx, cancel := context.WithTimeout(context.Background(), reaperGiveUp)
	defer cancel()
	var cli *testcontainers.DockerClient
	defer func() {
		if cli != nil {
			_ = cli.Close()
		}
	}()
	var quiet time.Time // when listings began to come back empty
	for ctx.Err() == nil {
		if cli == nil {
			// testcontainers-go resolves the engine as conform did: the
			// reaper has conform's environment.
			c, err := dockerClient(ctx, nil)
			if err != nil {
				sleep(ctx, time.Second)
				continue
			}
			cli = c
		}
		list, err := cli.ContainerList(ctx, client.ContainerListOptions{
			All:     true,
			Filters: make(client.Filters).Add("label", LabelOwner+"="+token),
		})
		switch {
		case err != nil:
			quiet = time.Time{}
		case len(list.Items) == 0:
			if quiet.IsZero() {
				quiet = time.Now()
			} else if time.Since(quiet) >= reaperSettle {
				return
			}
		default:
			quiet = time.Time{}
			for _, s := range list.Items {
				_, _ = cli.ContainerRemove(ctx, s.ID, client.ContainerRemoveOptions{Force: true})
			}
		}
		sleep(ctx, reaperPoll)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// reaperProc is a running reaper, from conform's side.
type reaperProc struct {
	pid  int
	w    *os.File      // the pipe's only writer: never written, closed when conform exits
	done chan struct{} // closed when the reaper has exited
}

var reaper struct {
	mu sync.Mutex
	p  *reaperProc
}

// ensureReaper makes sure this process's reaper runs, starting it when it
// does not (the first container, or a reaper that someone killed); a new
// one covers the containers an old one did, by their LabelOwner.
func ensureReaper(ctx context.Context) error {
	reaper.mu.Lock()
	defer reaper.mu.Unlock()
	if p := reaper.p; p != nil {
		select {
		case <-p.done:
			_ = p.w.Close()
			reaper.p = nil
		default:
			return nil
		}
	}
	p, err := startReaper(ctx, ownerToken())
	if err != nil {
		return fmt.Errorf("container transport: start the reaper that removes this conform's containers when it dies: %w", err)
	}
	reaper.p = p
	return nil
}

// reaperExecutable is the program to run as the reaper: this very program
// (/proc/self/exe, which names it even when its file was replaced or
// removed, as go run does), through init above.
func reaperExecutable() (string, error) {
	if _, err := os.Stat("/proc/self/exe"); err == nil {
		return "/proc/self/exe", nil
	}
	return os.Executable()
}

// startReaper starts a reaper for token, detached from this process: in a
// session (and process group) of its own, so that neither a signal to
// conform's process group nor a terminal's reaches it, without the
// parent-death signal, with none of conform's files but the pipe whose end
// it waits for, in /. It returns once the reaper said it runs.
func startReaper(ctx context.Context, token string) (*reaperProc, error) {
	exe, err := reaperExecutable()
	if err != nil {
		return nil, err
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	rr, rw, err := os.Pipe()
	if err != nil {
		_ = pr.Close()
		_ = pw.Close()
		return nil, err
	}
	defer rr.Close()
	cmd := &exec.Cmd{
		Path:        exe,
		Args:        []string{ReaperName},
		Env:         append(os.Environ(), reaperVar+"="+token),
		Dir:         "/",
		Stdin:       pr,
		ExtraFiles:  []*os.File{rw},
		SysProcAttr: &syscall.SysProcAttr{Setsid: true},
	}
	err = cmd.Start()
	_ = pr.Close()
	_ = rw.Close()
	if err != nil {
		_ = pw.Close()
		return nil, err
	}
	p := &reaperProc{pid: cmd.Process.Pid, w: pw, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.done)
	}()
	said := make(chan error, 1)
	go func() {
		buf := make([]byte, 6)
		_, err := io.ReadFull(rr, buf)
		if err == nil && string(buf) != "ready\n" {
			err = fmt.Errorf("it said %q", buf)
		}
		said <- err
	}()
	fail := func(err error) (*reaperProc, error) {
		_ = cmd.Process.Kill()
		_ = pw.Close()
		<-p.done
		return nil, err
	}
	timer := time.NewTimer(reaperReady)
	defer timer.Stop()
	select {
	case err := <-said:
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = fmt.Errorf("%s exited before it ran as the reaper", exe)
			}
			return fail(err)
		}
		return p, nil
	case <-ctx.Done():
		return fail(ctx.Err())
	case <-timer.C:
		return fail(fmt.Errorf("it did not start within %s", reaperReady))
	}
}
