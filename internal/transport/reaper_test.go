package transport

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/moby/moby/client"
)

// The token has one form; init takes no other for the reaper's.
func TestValidToken(t *testing.T) {
	if !validToken(ownerToken()) || ownerToken() != ownerToken() {
		t.Errorf("owner token %q", ownerToken())
	}
	for _, s := range []string{"", "1", "0123456789abcdef0123456789abcdeF", "0123456789abcdef0123456789abcdef0", "0123456789abcdef0123456789abcdeg"} {
		if validToken(s) {
			t.Errorf("validToken(%q)", s)
		}
	}
}

// A reaper removes its owner's containers, a harness that ignores the end
// of its stdin and SIGTERM included, when its pipe reaches its end (its
// conform exited, however: internal/cli's
// TestContainerHostileHarnessDiesWithConform kills one) or when it gets
// SIGTERM, and then exits; while its owner lives, it leaves them alone.
func TestReaperRemovesTheOwnersContainers(t *testing.T) {
	ctx := context.Background()
	ct, err := NewContainer(ctx, ContainerOptions{})
	if err != nil {
		t.Fatalf("%v (run ci/docker.sh)", err)
	}
	defer ct.Close()
	base := os.Getenv("CONFORM_BASE_IMAGE")
	if base == "" {
		base = "conform-base:bookworm"
	}
	hostile := Command{Image: base, Path: "/bin/sh", Args: []string{"-c", "trap '' TERM INT HUP; cat >/dev/null; while :; do sleep 1; done"}}
	state := func(id string) string {
		insp, err := ct.Client().ContainerInspect(ctx, id, client.ContainerInspectOptions{})
		if err != nil {
			return err.Error()
		}
		return string(insp.Container.State.Status)
	}
	for _, end := range []string{"end of pipe", "SIGTERM"} {
		conn, err := ct.Start(ctx, hostile)
		if err != nil {
			t.Fatal(err)
		}
		cc := conn.(*containerConn)
		t.Cleanup(func() { ct.remove(cc.id) })
		if err := conn.Stdin().Close(); err != nil {
			t.Fatal(err)
		}
		p, err := startReaper(ctx, ownerToken())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = p.w.Close(); _ = syscall.Kill(p.pid, syscall.SIGKILL); <-p.done })
		// The harness outlives the end of its stdin, and the reaper leaves
		// it alone while its owner lives.
		time.Sleep(reaperSettle + time.Second)
		if s := state(cc.id); s != "running" {
			t.Fatalf("%s: container %s, before its owner ended: %s", end, short(cc.id), s)
		}
		if end == "SIGTERM" {
			err = syscall.Kill(p.pid, syscall.SIGTERM)
		} else {
			err = p.w.Close()
		}
		if err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- conn.Wait() }()
		select {
		case <-waited:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: container %s still there 20 s after: %s", end, short(cc.id), state(cc.id))
		}
		select {
		case <-p.done:
		case <-time.After(reaperGiveUp):
			t.Fatalf("%s: the reaper still runs after it removed the container", end)
		}
	}
}
