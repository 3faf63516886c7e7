package cli

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/moby/moby/client"
	"github.com/testcontainers/testcontainers-go"

	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/internal/vectors"
)

// The container transport's tests need a Docker engine and the local base
// image, which ci/docker.sh sets up (CI runs it first): a missing engine
// fails them, nothing is skipped. The mirror images are built once per test
// binary through `conform images build`, from $CONFORM_BASE_IMAGE (default
// conform-base:bookworm); the engine's build cache makes that quick.

var imagesOnce struct {
	sync.Once
	r result
}

// containerImages makes sure both mirror images for the current sources
// are on the engine, building them with conform images build if not.
func containerImages(t testing.TB) {
	t.Helper()
	imagesOnce.Do(func() {
		imagesOnce.r = result{code: -1}
		ctx := context.Background()
		ct, err := transport.NewContainer(ctx, transport.ContainerOptions{})
		if err != nil {
			imagesOnce.r.stderr = err.Error()
			return
		}
		defer ct.Close()
		missing := false
		for _, name := range []string{"ts", "python"} {
			m, _ := mirrors.Lookup(name)
			ref, err := m.ImageRef()
			if err != nil {
				imagesOnce.r.stderr = err.Error()
				return
			}
			if _, err := ct.Image(ctx, ref); err != nil {
				missing = true
			}
		}
		if !missing {
			imagesOnce.r = result{0, "ts\npython\n", ""}
			return
		}
		base := os.Getenv("CONFORM_BASE_IMAGE")
		if base == "" {
			base = "conform-base:bookworm"
		}
		var out, errb bytes.Buffer
		code := Main([]string{"images", "build", "--base", base}, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
		imagesOnce.r = result{code, out.String(), errb.String()}
	})
	if r := imagesOnce.r; r.code != 0 || strings.Count(r.stdout, "\n") != 2 {
		t.Fatalf("the mirror images (run ci/docker.sh first): exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// containersOf lists the harness containers that the conform process pid
// started, in any state.
func containersOf(t *testing.T, pid int) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// A plain client: transport.NewContainer would reap the containers of
	// a dead conform itself, and this must see what the engine does alone.
	cli, err := testcontainers.NewDockerClientWithOpts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	list, err := cli.ContainerList(ctx, client.ContainerListOptions{
		All:     true,
		Filters: make(client.Filters).Add("label", transport.LabelPID+"="+strconv.Itoa(pid)),
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range list.Items {
		out = append(out, c.ID[:12]+" "+string(c.State))
	}
	return out
}

// waitNoContainers waits up to 20 s for pid's containers to be gone.
func waitNoContainers(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		left := containersOf(t, pid)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("containers left behind by conform (pid %d): %v", pid, left)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// caseLines returns a report's case lines as raw JSON: a report has no
// timing field below its header and footer, so these compare byte for
// byte, where a refusal said it happened (at) included: the Python mirror
// uses no regular expression construct whose failed match CPython 3.11
// releases end differently (mirrors/python/tests/test_jsonscan.py), so the
// image's CPython locates every refusal where the host's does.
func caseLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, `{"type":"case"`) {
			rows = append(rows, l)
		}
	}
	return rows
}

// The full vector set and the corpora give, through containers, the same
// result on every case as through local processes; the header records each
// container's image, base and the runtime it reported from inside; and no
// container is left behind.
func TestContainerRunMatchesLocal(t *testing.T) {
	containerImages(t)
	args := []string{"run", "--corpus", corpora + "/jcs/cyberphone", "--corpus", corpora + "/jcs/gowebpki",
		"--corpus", corpora + "/jcs/es6numbers/es6testfile_10k.txt",
		"--corpus", corpora + "/jsontestsuite/test_parsing"}
	dir := t.TempDir()
	reports := map[string]string{}
	for _, tr := range []string{"local", "container"} {
		reports[tr] = filepath.Join(dir, tr+".jsonl")
		r := conform(t, "", append(args, "--transport", tr, "--report", reports[tr])...)
		if r.code != 0 {
			t.Fatalf("%s: exit %d\n%.5000s\n%s", tr, r.code, r.stdout, r.stderr)
		}
	}
	local, inContainers := caseLines(t, reports["local"]), caseLines(t, reports["container"])
	if len(local) != len(inContainers) || len(local) < 3*vectorCount(t) {
		t.Fatalf("%d case lines locally, %d in containers", len(local), len(inContainers))
	}
	differ := 0
	for i := range local {
		if local[i] != inContainers[i] {
			if differ++; differ <= 5 {
				t.Errorf("case line %d differs:\nlocal     %s\ncontainer %s", i, local[i], inContainers[i])
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d case lines differ", differ, len(local))
	}
	lr, cr := readReport(t, reports["local"]), readReport(t, reports["container"])
	if !reflect.DeepEqual(lr.Footer.Counts, cr.Footer.Counts) || cr.Footer.ExitCode != 0 {
		t.Errorf("footers: local %+v, container %+v", lr.Footer, cr.Footer)
	}
	if cr.Header.Transport != "container" || len(cr.Header.Impls) != 3 {
		t.Fatalf("header: %+v", cr.Header)
	}
	for _, im := range cr.Header.Impls[1:] {
		if im.Transport != "container" || !strings.HasPrefix(im.Image, "conform-mirror-"+im.Impl+":") ||
			!strings.HasPrefix(im.ImageID, "sha256:") || im.BaseImage == "" || !strings.HasPrefix(im.BaseImageID, "sha256:") ||
			im.RuntimeVersion == "" || im.LanguageVersion == "" {
			t.Errorf("header for %s: %+v", im.Impl, im)
		}
	}
	waitNoContainers(t, os.Getpid())
}

// eval and repro drive the mirrors through containers too.
func TestContainerEvalAndRepro(t *testing.T) {
	containerImages(t)
	contract, accepted, _ := evalVectors(t)
	for _, im := range []string{"ts", "python"} {
		r := conform(t, string(accepted.Input), "eval", "--transport", "container", "--contract", contract, "--impl", im)
		want := `{"impl":"` + im + `","outcome":"ok","output_hex":"` + hex.EncodeToString(accepted.Output) + `"}` + "\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("eval %s: exit %d %q, want %q (%s)", im, r.code, r.stdout, want, r.stderr)
		}
	}
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	c := vectors.Cases(files)[0]
	r := conform(t, "", "repro", c.ID, "--transport", "container", "--impl", "ts,python", "--format", "jsonl")
	if r.code != 0 {
		t.Fatalf("repro: exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
	rep, err := report.Read(strings.NewReader(r.stdout), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 3 || rep.Rows[2].Impl != "python" || rep.Rows[2].Outcome != report.Agree || rep.Header.Transport != "container" {
		t.Errorf("repro rows: %+v", rep.Rows)
	}
	waitNoContainers(t, os.Getpid())
}

var binOnce struct {
	sync.Once
	path string
	err  error
	out  []byte
}

// conformBinary builds cmd/conform once per test binary.
func conformBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "conform-bin-")
		if err != nil {
			binOnce.err = err
			return
		}
		binOnce.path = filepath.Join(dir, "conform")
		cmd := exec.Command("go", "build", "-o", binOnce.path, module.Package("cmd/conform"))
		binOnce.out, binOnce.err = cmd.CombinedOutput()
	})
	if binOnce.err != nil {
		t.Fatalf("go build: %v\n%s", binOnce.err, binOnce.out)
	}
	return binOnce.path
}

// A conform killed with SIGKILL in the middle of a run leaves no container
// behind: the engine closes each harness's stdin when conform's attached
// connection goes, the harness exits, and AutoRemove removes it.
func TestContainerSIGKILLLeavesNoContainer(t *testing.T) {
	containerImages(t)
	bin := conformBinary(t)
	cmd := exec.Command(bin, "run", "--transport", "container", "--format", "jsonl",
		"--corpus", corpora+"/jcs/es6numbers/es6testfile_10k.txt", "--corpus", corpora+"/jsontestsuite/test_parsing")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	// The header line is written once both harnesses are up; the first
	// case line, once the run is under way.
	buf := make([]byte, 64<<10)
	seen := 0
	deadline := time.Now().Add(60 * time.Second)
	for seen < 2 {
		n, err := stdout.Read(buf)
		if err != nil || time.Now().After(deadline) {
			t.Fatalf("conform ended before the run was under way (%v): %s", err, stderr.String())
		}
		seen += bytes.Count(buf[:n], []byte("\n"))
	}
	if running := containersOf(t, pid); len(running) != 2 {
		t.Fatalf("containers of conform mid-run: %v", running)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	waitNoContainers(t, pid)
}

// No Docker engine is a configuration error, with a hint. conform runs in
// a mount namespace of its own where /run (and so the engine's socket) is
// an empty tmpfs: testcontainers-go then finds no engine anywhere.
func TestContainerWithoutEngineIsAConfigurationError(t *testing.T) {
	bin := conformBinary(t)
	cmd := exec.Command("unshare", "--mount", "--propagation", "private",
		"sh", "-c", `mount -t tmpfs none /run && exec "$0" "$@"`, bin, "run", "--transport", "container", "--impl", "python")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DOCKER_HOST=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != report.ExitUsage || !strings.Contains(string(out), "no Docker engine answers") {
		t.Errorf("err %v, output %s", err, out)
	}
}

// conform images build never pulls a base: a missing one is a
// configuration error that says so.
func TestImagesBuildNeverPulls(t *testing.T) {
	r := conform(t, "", "images", "build", "--impl", "python", "--base", "conform-no-such-base:0")
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, "never pulls") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	r = conform(t, "", "images", "build", "--impl", "cobol")
	if r.code != report.ExitUsage {
		t.Errorf("unknown mirror: exit %d, stderr %q", r.code, r.stderr)
	}
}

// The header's image fields are optional: a local run's header has none,
// and a report of either kind reads back.
func TestImageFieldsAreOmittedLocally(t *testing.T) {
	b, err := json.Marshal(report.ImplMeta{Impl: "ts", Transport: "local"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "image") {
		t.Errorf("local header carries image fields: %s", b)
	}
}

// Kind 7 under the container transport: the repro line of a disagreement
// found in containers names the transport and each mirror's image ID, and
// run as printed it answers the same, in the same image.
func TestContainerReproLineCarriesTransportAndImage(t *testing.T) {
	containerImages(t)
	bin := conformBinary(t)
	contract := spec.MustLoad().Contracts[0].Contract
	dir, _ := editedVectors(t, contract)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := runLimited(t, 300*time.Second, nil, nil, bin, "run", "--transport", "container", "--impl", "ts,python",
		"--vectors", dir, "--contract", contract, "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("run: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	images := map[string]string{}
	for _, im := range rep.Header.Impls {
		images[im.Impl] = im.ImageID
	}
	ran := 0
	for _, row := range rep.Rows {
		if row.Repro == "" || row.Impl == "go" {
			continue
		}
		if !strings.Contains(row.Repro, "--transport container") || images[row.Impl] == "" ||
			!strings.Contains(row.Repro, "--image '"+row.Impl+"="+images[row.Impl]+"'") {
			t.Errorf("repro line %q lacks the transport or the image %s", row.Repro, images[row.Impl])
			continue
		}
		out, _ := exec.Command("sh", "-c", row.Repro+" --format jsonl").Output()
		again, err := report.Read(bytes.NewReader(out), "repro")
		if err != nil {
			t.Fatalf("%s: %v", row.Repro, err)
		}
		for _, x := range again.Rows {
			if x.Impl == row.Impl && (x.Outcome != row.Outcome || fmt.Sprint(x.Got) != fmt.Sprint(row.Got)) {
				t.Errorf("%s: %s, the run had %s", row.Repro, x.Outcome, row.Outcome)
			}
		}
		for _, im := range again.Header.Impls {
			if im.Impl == row.Impl && (im.Transport != "container" || im.ImageID != images[row.Impl]) {
				t.Errorf("%s ran %s in %s %s", row.Repro, im.Impl, im.Transport, im.ImageID)
			}
		}
		ran++
	}
	if ran != 2 {
		t.Errorf("%d container repro lines run, want 2", ran)
	}
}

// Kind 8 under the container transport: SIGINT while conform connects to
// the engine, while it starts the containers, and once both run, is 130
// and "interrupted" (it was 2, "no Docker engine answers (context
// canceled)", or a panic of testcontainers-go), and leaves no container.
// Each signal is sent once conform is seen in that phase.
func TestContainerEarlyInterrupt(t *testing.T) {
	containerImages(t)
	bin := conformBinary(t)
	for _, tc := range []struct {
		what  string
		ready func(pid int) bool
	}{
		{"connecting to the engine", func(pid int) bool { return hasSocket(pid) }},
		{"starting the containers", func(pid int) bool { return len(containersOf(t, pid)) >= 1 }},
		{"with both containers up", func(pid int) bool { return len(containersOf(t, pid)) >= 2 }},
	} {
		cmd, _, errb := limitedCmd(bin, "run", "--transport", "container", "--impl", "ts,python")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		pid := cmd.Process.Pid
		for deadline := time.Now().Add(60 * time.Second); !tc.ready(pid); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				_ = cmd.Process.Kill()
				t.Fatalf("conform did not reach %s", tc.what)
			}
		}
		_ = cmd.Process.Signal(os.Interrupt)
		code := waitCode(t, cmd, 60*time.Second)
		if code != report.ExitInterrupted || !strings.Contains(errb.String(), "conform: interrupted") {
			t.Errorf("SIGINT %s: exit %d, stderr %q", tc.what, code, errb.String())
		}
		waitNoContainers(t, pid)
	}
}

// hasSocket reports whether the process pid has a socket open (the
// engine's, the first conform opens).
func hasSocket(pid int) bool {
	fds, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	for _, fd := range fds {
		if l, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + fd.Name()); err == nil && strings.HasPrefix(l, "socket:") {
			return true
		}
	}
	return false
}
