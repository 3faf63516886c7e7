package transport

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
)

// Local starts harnesses as child processes of conform. A local harness
// is run so that nothing it starts outlives it unseen:
//
//   - it leads a session of its own (and so a process group): Kill
//     signals the whole group;
//   - its environment carries HarnessVar, a value of its own that every
//     process it starts inherits: Kill, and Wait once it has exited,
//     kill every process whose environment still holds it, even one that
//     left the session with setsid(2) or was orphaned;
//   - it is started from an OS thread that lives as long as conform, with
//     the parent-death signal SIGKILL, so that a conform killed with
//     SIGKILL takes the harness itself down.
//
// What remains outside conform's reach (README.md, "Harness processes"):
// a descendant that starts a program with a cleared environment and
// leaves the harness's process group (it is neither tagged nor in the
// group); the descendants of a harness when conform itself is killed with
// SIGKILL (nothing is left to sweep them; the harness itself dies); a
// descendant that runs as another user. The container transport has none
// of these gaps: a container is removed whole, by the engine or, when
// conform dies before its harness, by conform's reaper (reaper.go).
type Local struct{}

// HarnessVar is the environment variable that tags the processes of one
// local harness (Local).
const HarnessVar = "CONFORM_HARNESS_ID"

// Name returns "local".
func (Local) Name() string { return "local" }

// Start launches cmd as a local process with piped stdin, stdout and stderr.
// It fails when the program cannot be started (not found, not executable).
func (Local) Start(ctx context.Context, c Command) (Conn, error) {
	var tag [16]byte
	if _, err := rand.Read(tag[:]); err != nil {
		return nil, err
	}
	id := hex.EncodeToString(tag[:])
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = append(append(os.Environ(), c.Env...), HarnessVar+"="+id)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
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
	if err := spawn(cmd); err != nil {
		return nil, err
	}
	return &localConn{cmd: cmd, stdin: stdin, stdout: stdout, stderr: errTail, id: id}, nil
}

// spawns carries each process start to the one goroutine locked to an OS
// thread that never exits: the parent-death signal is sent when the
// thread that started a process ends, not the process, and the Go runtime
// may end an idle thread that is not locked.
var spawns = make(chan spawnRequest)

type spawnRequest struct {
	cmd  *exec.Cmd
	done chan error
}

func init() {
	go func() {
		runtime.LockOSThread()
		// Never unlocked: the thread lives as long as conform.
		for r := range spawns {
			r.done <- r.cmd.Start()
		}
	}()
}

func spawn(cmd *exec.Cmd) error {
	done := make(chan error, 1)
	spawns <- spawnRequest{cmd, done}
	return <-done
}

type localConn struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.Reader
	stderr *tail
	id     string
}

func (l *localConn) Stdin() io.WriteCloser { return l.stdin }
func (l *localConn) Stdout() io.Reader     { return l.stdout }
func (l *localConn) StderrTail() string    { return l.stderr.String() }
func (l *localConn) Describe() string      { return fmt.Sprintf("pid %d", l.cmd.Process.Pid) }

// Kill ends the harness's process group at once, and every process that
// carries its HarnessVar.
func (l *localConn) Kill() {
	// The negative pid signals the whole process group.
	_ = syscall.Kill(-l.cmd.Process.Pid, syscall.SIGKILL)
	KillTagged(l.id)
	_ = l.stdin.Close()
}

// Wait waits for the harness to exit, then kills whatever it left
// running (its tagged processes), and returns its exit error.
func (l *localConn) Wait() error {
	err := l.cmd.Wait()
	KillTagged(l.id)
	return err
}

// KillTagged sends SIGKILL to every process whose environment holds
// HarnessVar=id, as /proc shows it (Linux; elsewhere it does nothing), a
// few rounds over, since a process may start another while it is killed.
// It returns how many it signalled.
func KillTagged(id string) int {
	n := 0
	for range 3 {
		pids := Tagged(id)
		if len(pids) == 0 {
			break
		}
		for _, pid := range pids {
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				n++
			}
		}
	}
	return n
}

// Tagged lists the processes whose environment, as /proc/<pid>/environ
// shows it, holds HarnessVar=id: what one local harness started.
func Tagged(id string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	needle := []byte(HarnessVar + "=" + id + "\x00")
	self := os.Getpid()
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := readEnviron(pid)
		if err != nil {
			continue
		}
		if bytes.HasPrefix(env, needle) || bytes.Contains(env, append([]byte{0}, needle...)) {
			out = append(out, pid)
		}
	}
	return out
}

// readEnviron reads a process's environment, at most 4 MiB of it (a
// process's environment is bounded by the kernel's argument limits).
func readEnviron(pid int) ([]byte, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 4<<20))
	if len(b) > 0 && b[len(b)-1] != 0 {
		b = append(b, 0)
	}
	return b, err
}
