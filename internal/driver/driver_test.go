package driver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/vectors"
)

var harnessOnce struct {
	sync.Once
	dir, bin string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if harnessOnce.dir != "" {
		os.RemoveAll(harnessOnce.dir)
	}
	os.Exit(code)
}

// harnessBinary builds cmd/conform-harness once for this test binary.
func harnessBinary(t *testing.T) string {
	t.Helper()
	harnessOnce.Do(func() {
		if harnessOnce.dir, harnessOnce.err = os.MkdirTemp("", "conform-driver-test-"); harnessOnce.err != nil {
			return
		}
		harnessOnce.bin = filepath.Join(harnessOnce.dir, HarnessName)
		harnessOnce.err = BuildHarness(context.Background(), "", harnessOnce.bin)
	})
	if harnessOnce.err != nil {
		t.Fatal(harnessOnce.err)
	}
	return harnessOnce.bin
}

func TestNames(t *testing.T) {
	got := Names([]string{"ts, python", "go", "", "ts", " fake:batch-cr ,python"})
	if want := []string{"ts", "python", "fake:batch-cr"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names: %q, want %q", got, want)
	}
}

func TestCheck(t *testing.T) {
	for _, ok := range []string{"go", "ts", "python", "fake:codepoint-sort", "fake:batch-cr"} {
		if err := Check(ok); err != nil {
			t.Errorf("Check(%q): %v", ok, err)
		}
	}
	for name, msg := range map[string]string{
		"rust":      `unknown implementation "rust" (known: go, ts, python)`,
		"fake:nope": `unknown fake "nope" (known: ` + strings.Join(fake.Names(), ", ") + `)`,
	} {
		err := Check(name)
		if err == nil || err.Error() != msg || !IsConfig(err) {
			t.Errorf("Check(%q): %v, want the configuration error %q", name, err, msg)
		}
	}
}

// Every check comes before anything starts: a bad option, a bad name, a
// fake in a container. Each is a ConfigError, and the set returned closes.
func TestStartRefusesBeforeStarting(t *testing.T) {
	for _, c := range []struct {
		names []string
		opts  []Option
		msg   string
	}{
		{nil, []Option{WithTimeout(0)}, "the timeout must be positive, not 0s"},
		{nil, []Option{WithMaxRestarts(-1)}, "the restart budget must not be negative"},
		{[]string{"cobol"}, []Option{WithTransport("pigeon")}, `unknown implementation "cobol"`},
		{nil, []Option{WithTransport("pigeon")}, `unknown transport "pigeon" (local or container)`},
		// No engine is asked: the fake is refused first.
		{[]string{"fake:codepoint-sort"}, []Option{WithTransport(Container)}, "the fakes run only with the local transport"},
	} {
		if err := Validate(c.names, c.opts...); err == nil || !IsConfig(err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Validate %v: %v, want a configuration error %q", c.names, err, c.msg)
		}
		s, err := Start(context.Background(), c.names, c.opts...)
		if err == nil || !IsConfig(err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v: %v, want a configuration error %q", c.names, err, c.msg)
		}
		if s == nil || len(s.Impls) > 0 {
			t.Errorf("%v: set %+v", c.names, s)
		}
		s.Close()
	}
}

// The reference alone: in-process, first, with the version given.
func TestStartReference(t *testing.T) {
	if err := Validate([]string{"go", "ts", "fake:batch-cr"}); err != nil {
		t.Errorf("Validate: %v", err)
	}
	s, err := Start(context.Background(), []string{"go"}, WithVersion("9.9"))
	defer s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Impls) != 1 || len(s.Started) != 1 {
		t.Fatalf("impls %d, started %d", len(s.Impls), len(s.Started))
	}
	if _, ok := s.Impls[0].(*runner.Reference); !ok || s.Started[0].Name != "go" || s.Started[0].Transport != InProcess ||
		s.Started[0].Info.Version != "9.9" || s.Started[0].Command != nil {
		t.Errorf("reference: %T %+v", s.Impls[0], s.Started[0])
	}
}

// A fake starts under conform-harness --fake, says so in its handshake,
// and answers with its bug.
func TestStartFake(t *testing.T) {
	bin := harnessBinary(t)
	s, err := Start(context.Background(), []string{"fake:codepoint-sort"}, WithHarness(bin))
	defer s.Close()
	if err != nil {
		t.Fatal(err)
	}
	st := s.Started[1]
	if st.Name != "fake:codepoint-sort" || st.Transport != Local || st.Info.Name != "conform-fake-codepoint-sort" ||
		!reflect.DeepEqual(st.Command, []string{bin, "--fake", "codepoint-sort"}) {
		t.Errorf("started %+v", st)
	}
	in := []byte("{\"\U0001F600\":2,\"\uf885\":1}")
	// The fake's bug is in the contract of FuzzJCS.
	tg, ok := cases.Lookup("FuzzJCS")
	if !ok {
		t.Fatal("no fuzz target FuzzJCS")
	}
	job := []impl.Job{{Contract: tg.Contract, Op: tg.Ops[0], Input: in}}
	ref, got := s.Impls[0].RunBatch(context.Background(), job)[0], s.Impls[1].RunBatch(context.Background(), job)[0]
	if ref.Outcome != impl.OK || got.Outcome != impl.OK || string(got.Output) == string(ref.Output) {
		t.Errorf("reference %+v, fake %+v: the fake should give other bytes", ref, got)
	}
}

// The restart budget reaches the client: batch-cr breaks every batch, and
// with no restart a break quarantines at once, where the default budget
// replays the batch one run request each and answers.
func TestStartRestartBudget(t *testing.T) {
	bin := harnessBinary(t)
	jobs := acceptedAndRefused(t)
	for _, c := range []struct {
		opts        []Option
		quarantined bool
	}{
		{[]Option{WithHarness(bin), WithMaxRestarts(0)}, true},
		{[]Option{WithHarness(bin)}, false},
	} {
		s, err := Start(context.Background(), []string{"fake:batch-cr"}, c.opts...)
		if err != nil {
			s.Close()
			t.Fatal(err)
		}
		rs := s.Impls[1].RunBatch(context.Background(), jobs)
		h := s.Impls[1].(impl.Health)
		h.Close()
		if h.Quarantined() != c.quarantined || len(h.Breaks()) == 0 {
			t.Errorf("quarantined %v (want %v), breaks %q", h.Quarantined(), c.quarantined, h.Breaks())
		}
		if !c.quarantined && (rs[0].Outcome != impl.OK || rs[1].Outcome != impl.Refused) {
			t.Errorf("replayed answers %+v", rs)
		}
		s.Close()
	}
}

// acceptedAndRefused returns two jobs of one operation: the input of its
// first accepted golden vector, then that of its first refused one.
func acceptedAndRefused(t *testing.T) []impl.Job {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	first := map[[2]string][2]*vectors.Case{}
	var order [][2]string
	for _, c := range vectors.Cases(files) {
		k := [2]string{c.Contract, c.Op}
		pair, seen := first[k]
		if !seen {
			order = append(order, k)
		}
		switch {
		case c.Expect == vectors.ExpectOK && pair[0] == nil:
			pair[0] = &c
		case c.Expect == vectors.ExpectRefused && pair[1] == nil:
			pair[1] = &c
		}
		first[k] = pair
	}
	for _, k := range order {
		if p := first[k]; p[0] != nil && p[1] != nil {
			return []impl.Job{{Contract: k[0], Op: k[1], Input: p[0].Input}, {Contract: k[0], Op: k[1], Input: p[1].Input}}
		}
	}
	t.Fatal("no operation has both an accepted and a refused vector")
	return nil
}

// A start that fails returns what it started, and a missing runtime is a
// configuration error naming it.
func TestStartFailureReturnsWhatItBuilt(t *testing.T) {
	bin := harnessBinary(t)
	t.Setenv("PATH", t.TempDir())
	s, err := Start(context.Background(), []string{"fake:codepoint-sort", "python"}, WithHarness(bin), WithTimeout(5*time.Second))
	var missing *mirrors.MissingRuntimeError
	if !IsConfig(err) || !errors.As(err, &missing) || missing.Program != "python3" {
		t.Errorf("error %v, want the missing python3", err)
	}
	if len(s.Impls) != 2 || s.Started[1].Name != "fake:codepoint-sort" {
		t.Fatalf("the set holds %d implementations: %+v", len(s.Impls), s.Started)
	}
	h := s.Impls[1].(impl.Health)
	s.Close()
	s.Close()
	if h.Quarantined() || len(h.Breaks()) > 0 {
		t.Errorf("closing the fake broke it: %q", h.Breaks())
	}
}
