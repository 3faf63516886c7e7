package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/transport"
)

// hostileScript is a harness that answers the handshake with hello, then
// reads its requests without answering them, and ignores both the end of
// its stdin and SIGTERM (and SIGINT, SIGHUP): it never exits of itself.
const hostileScript = `trap '' TERM INT HUP
read -r start
printf '%s\n' "$HELLO"
cat >/dev/null
while :; do sleep 1; done
`

// hostileImage builds, on the local base image, an image whose entrypoint
// is hostileScript announcing contract's operation op, and removes it when
// the test ends.
func hostileImage(t *testing.T, contract, op string) transport.ImageInfo {
	t.Helper()
	hello, err := json.Marshal(map[string]any{
		"seq": 0, "outcome": "started", "protocol": 1,
		"implementation": map[string]any{
			"name": "hostile", "language": "sh", "language_version": "0", "runtime": "dash",
			"runtime_version": "0", "version": "0", "contracts": map[string][]string{contract: {op}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := "HELLO='" + string(hello) + "'\n" + hostileScript
	dockerfile := "ARG BASE\nFROM ${BASE}\nCOPY hostile.sh /hostile/hostile.sh\nUSER 65532:65532\n" +
		"ENTRYPOINT [\"/bin/sh\", \"/hostile/hostile.sh\"]\n"
	for name, text := range map[string]string{"hostile.sh": script, "Dockerfile": dockerfile} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img := buildImage(t, dir, "conform-reaper-test-hostile")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cli, err := testcontainers.NewDockerClientWithOpts(ctx)
		if err != nil {
			t.Errorf("removing image %s: %v", img.Ref, err)
			return
		}
		defer cli.Close()
		if _, err := cli.ImageRemove(ctx, img.ID, client.ImageRemoveOptions{Force: true, PruneChildren: true}); err != nil {
			t.Errorf("removing image %s: %v", img.Ref, err)
		}
	})
	return img
}

// removeContainersOf force-removes the harness containers of the conform
// process pid: what a failed test would leave behind.
func removeContainersOf(t *testing.T, pid int) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cli, err := testcontainers.NewDockerClientWithOpts(ctx)
	if err != nil {
		t.Errorf("removing the containers of pid %d: %v", pid, err)
		return
	}
	defer cli.Close()
	list, err := cli.ContainerList(ctx, client.ContainerListOptions{
		All:     true,
		Filters: make(client.Filters).Add("label", transport.LabelPID+"="+strconv.Itoa(pid)),
	})
	if err != nil {
		t.Errorf("removing the containers of pid %d: %v", pid, err)
		return
	}
	for _, c := range list.Items {
		_, _ = cli.ContainerRemove(ctx, c.ID, client.ContainerRemoveOptions{Force: true})
	}
}

// procStat returns the parent pid and the session id of process pid, and
// whether it runs (exists and is not a zombie).
func procStat(pid int) (ppid, session int, running bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, false
	}
	// After the command: state, ppid, pgrp, session.
	f := strings.Fields(s[i+1:])
	if len(f) < 4 {
		return 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	session, _ = strconv.Atoi(f[3])
	return ppid, session, f[0] != "Z"
}

// reapersOf lists the processes that pid started as its reaper
// (transport.ReaperName).
func reapersOf(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, _, running := procStat(p); !running || ppid != pid {
			continue
		}
		argv, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err == nil && strings.HasPrefix(string(argv), transport.ReaperName+"\x00") {
			out = append(out, p)
		}
	}
	return out
}

// A harness in a container that ignores the end of its stdin and SIGTERM
// does not outlive a conform killed with SIGKILL: conform's reaper, in a
// session of its own, removes the container, then exits, and holds none
// of conform's output (the pipes of conform's stdout and stderr reach
// their end). Before the reaper, the container kept running (with its 256
// pids and 1 GiB) until the next conform's start sweep, if any.
func TestContainerHostileHarnessDiesWithConform(t *testing.T) {
	bin := conformBinary(t)
	k := spec.MustLoad().Contracts[0]
	op := k.OpNames()[0]
	img := hostileImage(t, k.Contract, op)
	cmd := exec.Command(bin, "run", "--contract", k.Contract, "--impl", "hostile=image:"+img.Ref, "--timeout", "300s")
	var out, errb lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() { removeContainersOf(t, pid) })
	waited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(waited) }()
	defer func() {
		_ = cmd.Process.Kill()
		<-waited
	}()

	// The handshake answered, conform waits for the answer to a case.
	want := "conform: waiting for the hostile harness (container "
	for deadline := time.Now().Add(90 * time.Second); !strings.Contains(errb.String(), want) ||
		!strings.Contains(errb.String(), "to answer a "+k.Contract+" "+op+" case"); time.Sleep(100 * time.Millisecond) {
		select {
		case <-waited:
			t.Fatalf("conform ended before it waited on the hostile harness: exit %d\n%s\n%s", cmd.ProcessState.ExitCode(), out.String(), errb.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("conform did not come to wait on the hostile harness:\n%s", errb.String())
		}
	}
	if running := containersOf(t, pid); len(running) != 1 || !strings.HasSuffix(running[0], " running") {
		t.Fatalf("containers of conform: %v, want one running", running)
	}
	reapers := reapersOf(pid)
	sessions := map[int]int{}
	for _, p := range reapers {
		_, sessions[p], _ = procStat(p)
	}

	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		t.Fatalf("conform's stdout and stderr stay open after its SIGKILL: something it started holds them")
	}
	waitNoContainers(t, pid)
	if len(reapers) != 1 {
		t.Fatalf("conform ran %d reapers (%v), want 1", len(reapers), reapers)
	}
	rp := reapers[0]
	if sessions[rp] != rp {
		t.Errorf("the reaper (pid %d) was in session %d, not one of its own", rp, sessions[rp])
	}
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if _, _, running := procStat(rp); !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the reaper (pid %d) still runs after it removed the containers", rp)
		}
	}
}
