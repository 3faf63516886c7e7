package transport

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startSh starts script under sh through the local transport.
func startSh(t *testing.T, script string) *localConn {
	t.Helper()
	conn, err := Local{}.Start(context.Background(), Command{Path: "/bin/sh", Args: []string{"-c", script}})
	if err != nil {
		t.Fatal(err)
	}
	return conn.(*localConn)
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting until %s", what)
}

// sessionOf is the session id of pid, from /proc/<pid>/stat (field 6).
func sessionOf(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	sid, _ := strconv.Atoi(f[3])
	return sid
}

// alivePid reports whether pid is a process that has not exited (a
// zombie has).
func alivePid(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] != 'Z'
}

// A harness that forks a child into a session of its own (setsid), out of
// its process group, and then hangs: Kill ends both.
func TestKillReachesASetsidChild(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child")
	c := startSh(t, "setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! >"+pidFile+"; exec sleep 300")
	var child int
	// The child is tagged, and has left the harness's session (setsid
	// calls setsid(2) once it runs, a moment after the fork).
	waitFor(t, "the child is tagged and in a session of its own", func() bool {
		b, _ := os.ReadFile(pidFile)
		child, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return child > 0 && len(Tagged(c.id)) == 2 && sessionOf(child) == child
	})
	c.Kill()
	_ = c.Wait()
	waitFor(t, "the setsid child is gone", func() bool { return !alivePid(child) })
	if left := Tagged(c.id); len(left) != 0 {
		t.Errorf("processes left: %v", left)
	}
}

// A harness that exits on its own, closing its pipes, after starting a
// setsid child: Wait ends the child it left.
func TestWaitReapsWhatAHarnessLeft(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child")
	c := startSh(t, "setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! >"+pidFile+"; read x")
	var child int
	// The child is tagged once its exec is done: a process in the middle
	// of execve shows an empty environment, and a harness that exits in
	// that moment leaves a child Wait cannot see (a window of
	// microseconds, which a loaded machine widens).
	waitFor(t, "the child starts and is tagged", func() bool {
		b, _ := os.ReadFile(pidFile)
		child, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return child > 0 && slices.Contains(Tagged(c.id), child)
	})
	_ = c.Stdin().Close()
	_, _ = io.Copy(io.Discard, c.Stdout())
	_ = c.Wait()
	waitFor(t, "the child is gone", func() bool { return !alivePid(child) })
}

// Each harness is the leader of a session (and process group) of its own.
func TestHarnessLeadsItsOwnSession(t *testing.T) {
	c := startSh(t, "exec sleep 300")
	defer func() { c.Kill(); _ = c.Wait() }()
	pid := c.cmd.Process.Pid
	if sid := sessionOf(pid); sid != pid {
		t.Errorf("session of the harness %d: %d", pid, sid)
	}
	if pg, err := syscall.Getpgid(pid); err != nil || pg != pid {
		t.Errorf("process group of the harness %d: %d %v", pid, pg, err)
	}
}
