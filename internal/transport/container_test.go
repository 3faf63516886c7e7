package transport_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/reference"
)

// These tests need a Docker engine and the local base image: ci/docker.sh
// sets both up, and CI runs it first. A missing engine fails them; nothing
// is skipped. A mirror image that is missing for the current sources is
// built here, from $CONFORM_BASE_IMAGE (default conform-base:bookworm,
// which ci/docker.sh tags).

func newContainer(t testing.TB) *transport.Container {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ct, err := transport.NewContainer(ctx, transport.ContainerOptions{})
	if err != nil {
		t.Fatalf("%v (run ci/docker.sh)", err)
	}
	t.Cleanup(func() { _ = ct.Close() })
	return ct
}

// mirrorCommand returns the command that starts the named mirror in its
// image, building the image first if it is not there.
func mirrorCommand(t testing.TB, ct *transport.Container, name string) transport.Command {
	t.Helper()
	m, ok := mirrors.Lookup(name)
	if !ok {
		t.Fatalf("no mirror %s", name)
	}
	cmd, err := m.ContainerCommand()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := ct.Image(ctx, cmd.Image); err == nil {
		return cmd
	}
	base := os.Getenv("CONFORM_BASE_IMAGE")
	if base == "" {
		base = "conform-base:bookworm"
	}
	var ca []byte
	if f := os.Getenv("NODE_EXTRA_CA_CERTS"); f != "" {
		ca, _ = os.ReadFile(f)
	}
	var log bytes.Buffer
	if _, err := m.BuildImage(ctx, ct, mirrors.ImageBuild{Base: base, CA: ca, Log: &log}); err != nil {
		t.Fatalf("building %s (run ci/docker.sh): %v\n%s", cmd.Image, err, log.String())
	}
	return cmd
}

// ours lists this test process's harness containers, in any state.
func ours(t testing.TB, ct *transport.Container) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	list, err := ct.Client().ContainerList(ctx, client.ContainerListOptions{
		All:     true,
		Filters: make(client.Filters).Add("label", transport.LabelPID+"="+strconv.Itoa(os.Getpid())),
	})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range list.Items {
		ids = append(ids, c.ID[:12]+" "+string(c.State))
	}
	return ids
}

// noneLeft waits up to 20 s for every container of this process to be gone.
func noneLeft(t testing.TB, ct *transport.Container) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		left := ours(t, ct)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("containers left behind: %v", left)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// jobs are a few JSON texts, each given to every operation of the catalogue:
// the answers do not matter, only that a container gives the same ones as
// a local process.
func jobs() []impl.Job {
	var js []impl.Job
	for i, in := range []string{`{"b":1,"a":2}`, `[1e21, "\u00e9"]`, `{"a":1,"a":2}`, `{"c":[3,2,1],"b":0.1}`} {
		for _, k := range spec.MustLoad().Contracts {
			for _, o := range k.Operations {
				js = append(js, impl.Job{Contract: k.Contract, Op: o.Op, Input: []byte(in + strings.Repeat(" ", i))})
			}
		}
	}
	return js
}

// firstBytesOp is the first operation of the catalogue whose input is
// JSON text, as bytes, and whose output is more than its verdict: JSON
// text of any size is a valid input for it, answered with bytes, and the
// reference says what the answer is.
func firstBytesOp(t *testing.T) (contract, op string) {
	for _, k := range spec.MustLoad().Contracts {
		for _, o := range k.Operations {
			// JSON text in, bytes out (not a verdict alone): the test
			// below compares canonical outputs.
			if o.Input == spec.InputBytes && o.Accepts == "JSON text" && !strings.HasPrefix(o.Output, "empty") {
				return k.Contract, o.Op
			}
		}
	}
	t.Fatal("the catalogue has no operation with bytes input")
	return "", ""
}

func sameResults(t *testing.T, what string, got, want []impl.Result) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d results, want %d", what, len(got), len(want))
	}
	for i := range got {
		if fmt.Sprintf("%+v", got[i]) != fmt.Sprintf("%+v", want[i]) {
			t.Errorf("%s: job %d: %+v, want %+v", what, i, got[i], want[i])
		}
	}
}

// Each mirror answers through its container exactly as through a local
// process, reports its runtime from inside the container, and its
// container is gone once the client closes stdin.
func TestContainerHarnessAnswersAsLocal(t *testing.T) {
	ct := newContainer(t)
	cache, err := mirrors.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ts", "python"} {
		m, _ := mirrors.Lookup(name)
		local, err := m.Prepare(context.Background(), cache, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		lc := harness.New(name, transport.Local{}, local, harness.Options{})
		if _, err := lc.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := lc.RunBatch(context.Background(), jobs())
		lc.Close()

		cc := harness.New(name, ct, mirrorCommand(t, ct, name), harness.Options{})
		im, err := cc.Start(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if im.RuntimeVersion == "" || len(im.Contracts) != len(spec.MustLoad().Contracts) {
			t.Errorf("%s handshake: %+v", name, im)
		}
		got := cc.RunBatch(context.Background(), jobs())
		cc.Close()
		sameResults(t, name, got, want)
		if cc.Restarts() != 0 {
			t.Errorf("%s: restarts %d, breaks %v", name, cc.Restarts(), cc.Breaks())
		}
		noneLeft(t, ct)
	}
}

// The container runs with every hermetic setting: no network, a read-only
// root, a non-root user, memory and pids limits, no capabilities, no
// mounts (so no Docker socket), removal on exit, stdin attached once.
func TestContainerIsHermetic(t *testing.T) {
	ct := newContainer(t)
	cmd := mirrorCommand(t, ct, "python")
	conn, err := ct.Start(context.Background(), cmd)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.Fields(conn.Describe())[1]
	insp, err := ct.Client().ContainerInspect(context.Background(), id, client.ContainerInspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	hc, cfg := insp.Container.HostConfig, insp.Container.Config
	if hc.NetworkMode != "none" || !cfg.NetworkDisabled || !hc.ReadonlyRootfs || !hc.AutoRemove ||
		hc.Memory != transport.DefaultMemory || hc.PidsLimit == nil || *hc.PidsLimit != transport.DefaultPids ||
		len(hc.Binds) != 0 || len(hc.Mounts) != 0 || len(insp.Container.Mounts) != 0 || hc.Privileged ||
		len(hc.CapDrop) != 1 || hc.CapDrop[0] != "ALL" {
		t.Errorf("host config: %+v", hc)
	}
	if cfg.User != transport.DefaultUser || !cfg.OpenStdin || !cfg.StdinOnce || cfg.Tty {
		t.Errorf("config: user %q, open stdin %v, stdin once %v, tty %v", cfg.User, cfg.OpenStdin, cfg.StdinOnce, cfg.Tty)
	}
	if err := conn.Stdin().Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, conn.Stdout()); err != nil {
		t.Fatal(err)
	}
	if err := conn.Wait(); err != nil {
		t.Errorf("harness exit after stdin closed: %v (stderr %q)", err, conn.StderrTail())
	}
	noneLeft(t, ct)
}

// hostAddress returns a non-loopback IPv4 address of this machine.
func hostAddress(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && ipn.IP.To4() != nil && !ipn.IP.IsLoopback() {
			return ipn.IP.String()
		}
	}
	t.Fatal("this machine has no non-loopback IPv4 address")
	return ""
}

// A program in a mirror image, started with the same hermetic settings,
// cannot open a connection to a listener on this machine's address, which
// the same program reaches as a local process; it also runs as a non-root
// user on a read-only root without a Docker socket.
func TestContainerHasNoNetwork(t *testing.T) {
	ct := newContainer(t)
	ln, err := net.Listen("tcp4", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	host, port := hostAddress(t), strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	python := `
import os, socket, sys
def attempt(what, f):
    try:
        f()
        print(what, "ok")
    except OSError as e:
        print(what, "failed", e.errno)
attempt("connect", lambda: socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=5).close())
attempt("write-root", lambda: open("/conform-probe", "w").close())
print("uid", os.getuid())
print("docker-socket", os.path.exists("/var/run/docker.sock") or os.path.exists("/run/docker.sock"))
print("interfaces", ",".join(sorted(os.listdir("/sys/class/net"))))
`
	node := `
const net = require("net");
const s = net.connect({host: process.argv[1], port: +process.argv[2], timeout: 5000});
s.on("connect", () => { console.log("connect ok"); s.destroy(); });
s.on("error", e => console.log("connect failed " + e.code));
s.on("timeout", () => { console.log("connect failed timeout"); s.destroy(); });
`
	run := func(tr transport.Transport, cmd transport.Command) string {
		t.Helper()
		conn, err := tr.Start(context.Background(), cmd)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.Stdin().Close()
		out, _ := io.ReadAll(conn.Stdout())
		if err := conn.Wait(); err != nil {
			t.Fatalf("%s: %v; stderr %q", cmd.Path, err, conn.StderrTail())
		}
		return string(out)
	}
	py := mirrorCommand(t, ct, "python")
	py.Args = []string{"-c", python, host, port}
	ts := mirrorCommand(t, ct, "ts")
	ts.Args = []string{"-e", node, host, port}

	// The control: as local processes, both reach the listener.
	for _, c := range []transport.Command{py, ts} {
		local := c
		local.Image, local.Dir = "", ""
		if out := run(transport.Local{}, local); !strings.Contains(out, "connect ok") {
			t.Fatalf("local %s does not reach %s:%s, so the test proves nothing: %s", c.Path, host, port, out)
		}
	}
	out := run(ct, py)
	for _, want := range []string{
		"connect failed " + strconv.Itoa(int(syscall.ENETUNREACH)),
		"write-root failed " + strconv.Itoa(int(syscall.EROFS)),
		"uid 65532", "docker-socket False", "interfaces lo\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("python in its container: want %q in:\n%s", want, out)
		}
	}
	if out := run(ct, ts); !strings.Contains(out, "connect failed ENETUNREACH") {
		t.Errorf("node in its container: %s", out)
	}
	noneLeft(t, ct)
}

// A harness killed inside its container (SIGKILL to its process, from the
// host) in the middle of pipelined batch requests is restarted in a new
// container and the run goes on: the broken batch is replayed one run
// request each (mirrors/PROTOCOL.md, "batch"), where no case breaks, so
// every case is answered and the batch's break spends the one restart.
func TestContainerKilledHarnessIsRestarted(t *testing.T) {
	ct := newContainer(t)
	const n = 300000 // several seconds of work, so the kill lands mid-run
	contract, op := firstBytesOp(t)
	var batch []impl.Job
	for i := 0; i < n; i++ {
		batch = append(batch, impl.Job{Contract: contract, Op: op, Input: []byte(fmt.Sprintf(`{"b":%d,"a":"x"}`, i))})
	}
	for _, name := range []string{"ts", "python"} {
		c := harness.New(name, ct, mirrorCommand(t, ct, name), harness.Options{})
		if _, err := c.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		running := ours(t, ct)
		if len(running) != 1 {
			t.Fatalf("%s: containers %v", name, running)
		}
		id := strings.Fields(running[0])[0]
		insp, err := ct.Client().ContainerInspect(context.Background(), id, client.ContainerInspectOptions{})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan []impl.Result)
		go func() { done <- c.RunBatch(context.Background(), batch) }()
		time.Sleep(300 * time.Millisecond)
		if err := syscall.Kill(insp.Container.State.Pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		got := <-done
		ref, ok := reference.Lookup(contract, op)
		if !ok {
			t.Fatalf("the reference has no %s %s", contract, op)
		}
		for i, r := range got {
			want, err := ref.Run(batch[i].Input)
			if err != nil {
				t.Fatalf("the reference refuses case %d: %v", i, err)
			}
			if r.Outcome != protocol.OutcomeOK || !bytes.Equal(r.Output, want) {
				t.Errorf("%s: case %d: %+v, want %q", name, i, r, want)
				break
			}
		}
		if b := c.Breaks(); len(b) != 1 || !strings.Contains(b[0], "exited on a batch of") || c.Restarts() != 1 || c.Quarantined() {
			t.Errorf("%s: restarts %d, quarantined %v, breaks %q; want one break, on a batch", name, c.Restarts(), c.Quarantined(), b)
		}
		if after := ours(t, ct); len(after) != 1 || strings.Fields(after[0])[0] == id {
			t.Errorf("%s: containers after the restart %v (before %v)", name, after, running)
		}
		c.Close()
		noneLeft(t, ct)
	}
}

// conform never pulls: an image that is not on the engine is an error that
// says so, and nothing is created.
func TestContainerNeverPulls(t *testing.T) {
	ct := newContainer(t)
	_, err := ct.Start(context.Background(), transport.Command{Image: "conform-no-such-image:0", Path: "true"})
	if _, ok := err.(*transport.ImageNotFoundError); !ok {
		t.Fatalf("err = %v", err)
	}
	_, err = ct.Build(context.Background(), transport.BuildRequest{Ref: "conform-no-such-build:0", Base: "conform-no-such-base:0"})
	if err == nil || !strings.Contains(err.Error(), "never pulls") {
		t.Fatalf("build from a missing base: %v", err)
	}
	noneLeft(t, ct)
}

func TestContainerRefusesRoot(t *testing.T) {
	for _, u := range []string{"0", "root", "0:0"} {
		if _, err := transport.NewContainer(context.Background(), transport.ContainerOptions{User: u}); err == nil {
			t.Errorf("user %q accepted", u)
		}
	}
}
