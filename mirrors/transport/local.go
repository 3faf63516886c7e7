package transport

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
)

// Local starts harnesses as child processes of conform, each in its own
// process group so that Kill reaches whatever the harness started.
type Local struct{}

// Name returns "local".
func (Local) Name() string { return "local" }

// Start launches cmd as a local process with piped stdin, stdout and stderr.
// It fails when the program cannot be started (not found, not executable).
func (Local) Start(ctx context.Context, c Command) (Conn, error) {
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), c.Env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	errTail := newTail(64 << 10)
	cmd.Stderr = errTail
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &localConn{cmd: cmd, stdin: stdin, stdout: stdout, stderr: errTail}, nil
}

type localConn struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.Reader
	stderr *tail
}

func (l *localConn) Stdin() io.WriteCloser { return l.stdin }
func (l *localConn) Stdout() io.Reader     { return l.stdout }
func (l *localConn) StderrTail() string    { return l.stderr.String() }
func (l *localConn) Describe() string      { return fmt.Sprintf("pid %d", l.cmd.Process.Pid) }

func (l *localConn) Kill() {
	// The negative pid signals the whole process group.
	_ = syscall.Kill(-l.cmd.Process.Pid, syscall.SIGKILL)
	_ = l.stdin.Close()
}

func (l *localConn) Wait() error { return l.cmd.Wait() }
