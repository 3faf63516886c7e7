package harness

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/transport"
)

// The test binary doubles as a fake harness: with FAKE_HARNESS set it
// speaks the protocol and misbehaves on command. Each input names what the
// fake does with it, so every misbehaviour is deterministic:
//
//	crash    exit 1 without answering
//	hang     never answer
//	late     answer after 3 s
//	twice    answer twice
//	garbage  write a line that is not JSON
//	wrongseq answer with the wrong seq
//	badb64   answer ok with non-canonical base64
//	extra    answer with an unknown field
//	supported refuse a run with the handshake's field supported
//	flood    write 8 MiB to stderr, then answer
//	slow     answer after 150 ms
//	spew     answer, then write 300 unsolicited lines of 1 MiB
//	anything else: ok, echoing the input
//
// In mode "batch" the fake also lists the batch feature and answers batch
// requests: a case that misbehaves spoils the whole batch line as it would
// a run answer (crash, hang, garbage, ...), plus
//
//	short      a batch answer with one entry too few
//	badentry   a batch entry that is not a run answer
//	batchonly  crash in a batch, answer ok in a run request (a break that
//	           does not come back on the replay)
func TestMain(m *testing.M) {
	if mode := os.Getenv("FAKE_HARNESS"); mode != "" {
		fake(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fake(mode string) {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return
		}
		var req struct {
			Cmd   string `json:"cmd"`
			Seq   int64  `json:"seq"`
			Input string `json:"input"`
			Cases []struct {
				Input string `json:"input"`
			} `json:"cases"`
		}
		json.Unmarshal(line, &req)
		switch req.Cmd {
		case "start":
			switch mode {
			case "badversion":
				say(`{"seq":%d,"outcome":"refused","message":"unsupported protocol version","supported":[2]}`, req.Seq)
			case "silent":
			case "crashstart":
				os.Exit(3)
			default:
				features := ""
				if mode == "batch" {
					features = `"features":["batch"],`
				}
				say(`{"seq":%d,"outcome":"started","protocol":1,%s"implementation":{"name":"fake","language":"go","language_version":"x","runtime":"go","runtime_version":"x","version":"0","contracts":{"echo/1":["echo"]}}}`, req.Seq, features)
			}
			continue
		case "batch":
			fakeBatch(req.Seq, req.Cases, say)
			continue
		}
		if mode == "ahead" {
			// Answers this request and the next 399 it has not read, then
			// reads no more.
			for i := int64(0); i < 400; i++ {
				say(`{"seq":%d,"outcome":"ok","output":""}`, req.Seq+i)
			}
			time.Sleep(time.Hour)
		}
		switch req.Cmd {
		case "ignore":
			say(`{"seq":%d,"outcome":"ack","unknown":[]}`, req.Seq)
			continue
		}
		input, _ := base64.StdEncoding.DecodeString(req.Input)
		switch string(input) {
		case "crash":
			os.Exit(1)
		case "hang":
			time.Sleep(time.Hour)
		case "late":
			time.Sleep(3 * time.Second)
		case "garbage":
			say(`this is not json`)
			continue
		case "twice":
			say(`{"seq":%d,"outcome":"ok","output":%q}`, req.Seq, base64.StdEncoding.EncodeToString(input))
		case "wrongseq":
			say(`{"seq":%d,"outcome":"ok","output":""}`, req.Seq+7)
			continue
		case "badb64":
			say(`{"seq":%d,"outcome":"ok","output":"YQ"}`, req.Seq)
			continue
		case "extra":
			say(`{"seq":%d,"outcome":"ok","output":"","bonus":1}`, req.Seq)
			continue
		case "supported":
			say(`{"seq":%d,"outcome":"refused","message":"no","supported":[1]}`, req.Seq)
			continue
		case "flood":
			chunk := strings.Repeat("x", 1<<20)
			for i := 0; i < 8; i++ {
				fmt.Fprint(os.Stderr, chunk)
			}
		case "slow":
			time.Sleep(150 * time.Millisecond)
		case "spew":
			say(`{"seq":%d,"outcome":"ok","output":%q}`, req.Seq, base64.StdEncoding.EncodeToString(input))
			junk := strings.Repeat("j", 1<<20)
			for i := 0; i < 300; i++ {
				say("%s", junk)
			}
			continue
		}
		say(`{"seq":%d,"outcome":"ok","output":%q}`, req.Seq, base64.StdEncoding.EncodeToString(input))
	}
}

// fakeBatch answers a batch request for the fake harness; a misbehaving
// case spoils the whole line.
func fakeBatch(seq int64, cases []struct {
	Input string `json:"input"`
}, say func(string, ...any)) {
	var entries []string
	for _, c := range cases {
		input, _ := base64.StdEncoding.DecodeString(c.Input)
		switch string(input) {
		case "crash", "batchonly":
			os.Exit(1)
		case "hang":
			time.Sleep(time.Hour)
		case "slow":
			time.Sleep(150 * time.Millisecond)
		case "garbage":
			say(`this is not json`)
			return
		case "wrongseq":
			seq += 7
		case "badentry":
			entries = append(entries, `{"outcome":"ack","unknown":[]}`)
			continue
		case "short":
			continue
		}
		entries = append(entries, fmt.Sprintf(`{"outcome":"ok","output":%q}`, c.Input))
	}
	say(`{"seq":%d,"outcome":"batch","answers":[%s]}`, seq, strings.Join(entries, ","))
}

// startTimeout bounds the fake's handshake in the tests whose timeout is
// short to see hangs quickly: the test binary starting again as a fake on
// a loaded machine may take longer than those.
const startTimeout = 10 * time.Second

func fakeClient(t *testing.T, mode string, opts Options) *Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := transport.Command{Path: exe, Env: []string{"FAKE_HARNESS=" + mode}}
	c := New("fake", transport.Local{}, cmd, opts)
	t.Cleanup(c.Close)
	return c
}

func jobs(inputs ...string) []impl.Job {
	var js []impl.Job
	for _, in := range inputs {
		js = append(js, impl.Job{Contract: "echo/1", Op: "echo", Input: []byte(in)})
	}
	return js
}

// check asserts each result: "ok" means an echo of the input; anything
// else is the expected outcome with Uncaught set.
func check(t *testing.T, inputs []string, got []impl.Result, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d", len(got), len(want))
	}
	for i, w := range want {
		r := got[i]
		if w == "ok" {
			if r.Outcome != protocol.OutcomeOK || string(r.Output) != inputs[i] || r.Uncaught {
				t.Errorf("case %d (%s): got %+v, want an echo", i, inputs[i], r)
			}
			continue
		}
		if r.Outcome != w || !r.Uncaught {
			t.Errorf("case %d (%s): got outcome %q uncaught=%v (%s), want %q uncaught", i, inputs[i], r.Outcome, r.Uncaught, r.Message, w)
		}
	}
}

func TestPipelinedEcho(t *testing.T) {
	c := fakeClient(t, "good", Options{})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var inputs []string
	var want []string
	for i := 0; i < 5000; i++ {
		inputs = append(inputs, fmt.Sprintf("input-%d", i))
		want = append(want, "ok")
	}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), want)
	if c.Restarts() != 0 {
		t.Errorf("restarts = %d", c.Restarts())
	}
}

// In both modes a misbehaving case is pinned and costs one restart. In
// batch mode the batch's break is recorded too, and the replay pins it,
// but for a hang: a batch that times out is no break of its own (its
// answer is owed within the timeout, like any), and the replay's timeout
// on the hanging case is the one break.
func TestMisbehaviourIsClassifiedAndRecovered(t *testing.T) {
	for _, tc := range []struct {
		mode, bad, want string
	}{
		{"good", "crash", protocol.OutcomeErrored},
		{"good", "hang", impl.Timeout},
		{"good", "garbage", protocol.OutcomeErrored},
		{"good", "wrongseq", protocol.OutcomeErrored},
		{"good", "badb64", protocol.OutcomeErrored},
		{"good", "extra", protocol.OutcomeErrored},
		{"good", "supported", protocol.OutcomeErrored},
		{"batch", "crash", protocol.OutcomeErrored},
		{"batch", "hang", impl.Timeout},
		{"batch", "garbage", protocol.OutcomeErrored},
		{"batch", "wrongseq", protocol.OutcomeErrored},
	} {
		t.Run(tc.mode+"/"+tc.bad, func(t *testing.T) {
			c := fakeClient(t, tc.mode, Options{Timeout: 500 * time.Millisecond, StartTimeout: startTimeout})
			if _, err := c.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			inputs := []string{"a", "b", tc.bad, "c", "d"}
			check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok", "ok", tc.want, "ok", "ok"})
			breaks := 1
			if tc.mode == "batch" && tc.bad != "hang" {
				breaks = 2
			}
			if c.Restarts() != 1 || len(c.Breaks()) != breaks || c.Quarantined() {
				t.Errorf("restarts=%d breaks=%q quarantined=%v; want one restart, %d breaks", c.Restarts(), c.Breaks(), c.Quarantined(), breaks)
			}
			if breaks == 2 && !strings.Contains(c.Breaks()[0], "on a batch of 5 cases") {
				t.Errorf("first break %q does not name the batch", c.Breaks()[0])
			}
		})
	}
}

// --timeout is the longest silence, a batch's included: a harness that
// hangs on the tenth case of a batch of 64 costs about two timeouts (the
// batch's, then the hanging case's in the replay), never 64; the other
// cases are answered.
func TestHangInABatchCostsTwoTimeouts(t *testing.T) {
	const timeout = 500 * time.Millisecond
	c := fakeClient(t, "batch", Options{Timeout: timeout, StartTimeout: startTimeout})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var inputs, want []string
	for i := range 64 {
		in, w := fmt.Sprintf("in-%d", i), "ok"
		if i == 10 {
			in, w = "hang", impl.Timeout
		}
		inputs, want = append(inputs, in), append(want, w)
	}
	t0 := time.Now()
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), want)
	if took := time.Since(t0); took > 4*timeout {
		t.Errorf("a hang in a batch of 64 took %s, over 4 timeouts of %s", took, timeout)
	}
	if len(c.Breaks()) != 1 || !strings.Contains(c.Breaks()[0], "timeout on echo/1 echo") {
		t.Errorf("breaks %q", c.Breaks())
	}
}

// A harness that writes its answers before reading the requests (and then
// reads no more) would deadlock the client: its output fills, so it stops,
// and conform's writer blocks on its input. The writer gets the timeout
// too: the batch ends, with a violation.
func TestAnswersBeforeRequestsDoNotHang(t *testing.T) {
	c := fakeClient(t, "ahead", Options{Timeout: time.Second, StartTimeout: startTimeout, MaxRestarts: 1})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for i := range 300 {
		inputs = append(inputs, fmt.Sprintf("%d-%s", i, strings.Repeat("x", 4096)))
	}
	done := make(chan []impl.Result, 1)
	go func() { done <- c.RunBatch(context.Background(), jobs(inputs...)) }()
	select {
	case rs := <-done:
		if len(rs) != len(inputs) {
			t.Errorf("%d results for %d jobs", len(rs), len(inputs))
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("RunBatch still waits on a harness that answered before reading")
	}
	// Which break comes first depends on timing (answers that arrive
	// before any request are unsolicited lines); the hang is caught on a
	// batch whose requests were sent.
	if b := c.Breaks(); !slices.ContainsFunc(b, func(s string) bool { return strings.Contains(s, "answers written before their requests were read") }) {
		t.Errorf("breaks %q", b)
	}
}

// A harness slow in aggregate but within the timeout on every case: its
// batch times out, its replay answers every case, nothing is a break, and
// it gets no batch again (so no second timeout).
func TestSlowBatchIsReplayedThenUnbatched(t *testing.T) {
	c := fakeClient(t, "batch", Options{Timeout: 500 * time.Millisecond, StartTimeout: startTimeout})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"slow", "slow", "slow", "slow", "slow", "a"}
	want := []string{"ok", "ok", "ok", "ok", "ok", "ok"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), want)
	if len(c.Breaks()) != 0 || c.Restarts() != 0 || !c.unbatched {
		t.Errorf("breaks %q restarts %d unbatched %v", c.Breaks(), c.Restarts(), c.unbatched)
	}
	t0 := time.Now()
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), want)
	if took := time.Since(t0); took > 450*time.Millisecond*2 {
		t.Errorf("the second round took %s: batched again?", took)
	}
}

// The handshake is owed within --timeout too: a silent harness fails to
// start after the timeout, not after a fixed 30 s.
func TestHandshakeTimeoutIsTheTimeout(t *testing.T) {
	c := fakeClient(t, "silent", Options{Timeout: 700 * time.Millisecond})
	t0 := time.Now()
	_, err := c.Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "within 700ms") {
		t.Errorf("start of a silent harness: %v", err)
	}
	if took := time.Since(t0); took > 3*time.Second {
		t.Errorf("the handshake waited %s with a timeout of 700ms", took)
	}
}

// While a harness owing an answer is silent for more than NoticeAfter,
// progress says what the client waits for, and for how long.
func TestLongSilenceIsAnnounced(t *testing.T) {
	var progress lockedBuffer
	c := fakeClient(t, "good", Options{Timeout: 4 * time.Second, Progress: &progress})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	check(t, []string{"hang"}, c.RunBatch(context.Background(), jobs("hang")), []string{impl.Timeout})
	got := progress.String()
	if !strings.Contains(got, "conform: waiting for the fake harness (pid ") || !strings.Contains(got, "to answer a echo/1 echo case (seq 1): silent for 3s of the 4s --timeout allows") {
		t.Errorf("progress: %q", got)
	}
}

// A harness that writes lines nobody asked for costs the client at most
// maxQueued bytes of them, however many it writes: the reader waits.
func TestUnsolicitedLinesAreHeldWithinTheBound(t *testing.T) {
	c := fakeClient(t, "good", Options{})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	check(t, []string{"spew"}, c.RunBatch(context.Background(), jobs("spew")), []string{"ok"})
	inc := c.inc
	time.Sleep(2 * time.Second)
	inc.mu.Lock()
	queued := inc.queued
	inc.mu.Unlock()
	if queued > maxQueued || queued < maxQueued/2 {
		t.Errorf("%d bytes queued, want at most (and near) %d", queued, maxQueued)
	}
	// The next batch sees the unsolicited line and restarts the harness.
	check(t, []string{"a"}, c.RunBatch(context.Background(), jobs("a")), []string{"ok"})
	if len(c.Breaks()) != 1 || !strings.Contains(c.Breaks()[0], "unsolicited") {
		t.Errorf("breaks %q", c.Breaks())
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A batch answer that breaks the batch rules (entry count, entry shape) is
// a break of the batch; the replay, one run request each, then answers
// every case, and the batch's break spends the restart.
func TestBatchViolationsAndFlakyBreaks(t *testing.T) {
	for _, bad := range []string{"short", "badentry", "batchonly"} {
		t.Run(bad, func(t *testing.T) {
			c := fakeClient(t, "batch", Options{Timeout: time.Second, StartTimeout: startTimeout})
			if _, err := c.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			inputs := []string{"a", bad, "c"}
			check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok", "ok", "ok"})
			if c.Restarts() != 1 || len(c.Breaks()) != 1 || !strings.Contains(c.Breaks()[0], "batch of 3") {
				t.Errorf("restarts=%d breaks=%q; want one restart for the batch", c.Restarts(), c.Breaks())
			}
			// After the replay the client batches again.
			check(t, []string{"x", "y"}, c.RunBatch(context.Background(), jobs("x", "y")), []string{"ok", "ok"})
		})
	}
}

// Batches are cut at 64 cases, pipelined, and answered in order.
func TestBatchesArePipelinedInOrder(t *testing.T) {
	c := fakeClient(t, "batch", Options{})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var inputs, want []string
	for i := 0; i < 5000; i++ {
		inputs = append(inputs, fmt.Sprintf("input-%d", i))
		want = append(want, "ok")
	}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), want)
	if c.Restarts() != 0 || len(c.Breaks()) != 0 {
		t.Errorf("restarts %d, breaks %q", c.Restarts(), c.Breaks())
	}
	reqs, at := requests(jobs(inputs...), 0, true, make([]impl.Result, len(inputs)))
	if len(reqs) != (5000+63)/64 || len(at[0]) != 64 || reqs[0].Cmd != protocol.CmdBatch {
		t.Errorf("%d requests, first of %d cases", len(reqs), len(at[0]))
	}
}

// Crashing cases in batches quarantine the implementation after as many
// restarts as run requests would: each crash costs one restart.
func TestBatchQuarantine(t *testing.T) {
	c := fakeClient(t, "batch", Options{MaxRestarts: 2})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, false, true} {
		res := c.RunBatch(context.Background(), jobs("a", "crash"))
		if res[1].Outcome != protocol.OutcomeErrored || !res[1].Uncaught || c.Quarantined() != want {
			t.Fatalf("crash %d: %+v, quarantined %v, restarts %d", i, res[1], c.Quarantined(), c.Restarts())
		}
	}
}

// A late answer must never be taken for the next case's: the harness that
// owed it is killed before the next request goes out.
func TestLateAnswerIsNotTakenForTheNext(t *testing.T) {
	c := fakeClient(t, "good", Options{Timeout: time.Second, StartTimeout: startTimeout})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"late", "next"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{impl.Timeout, "ok"})
	time.Sleep(3 * time.Second)
	inputs = []string{"after"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok"})
}

func TestStderrFloodIsDrained(t *testing.T) {
	c := fakeClient(t, "good", Options{Timeout: 5 * time.Second})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"flood", "a", "flood", "b"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok", "ok", "ok", "ok"})
}

func TestQuarantineAfterMaxRestarts(t *testing.T) {
	c := fakeClient(t, "good", Options{MaxRestarts: 2})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"crash", "crash", "crash", "a", "b"}
	res := c.RunBatch(context.Background(), jobs(inputs...))
	check(t, inputs, res, []string{protocol.OutcomeErrored, protocol.OutcomeErrored, protocol.OutcomeErrored, protocol.OutcomeErrored, protocol.OutcomeErrored})
	if !c.Quarantined() || c.Restarts() != 2 {
		t.Fatalf("quarantined=%v restarts=%d, want quarantined after 2 restarts", c.Quarantined(), c.Restarts())
	}
	if res[4].Message != "implementation quarantined" {
		t.Errorf("last message = %q", res[4].Message)
	}
}

func TestStartFailures(t *testing.T) {
	for _, mode := range []string{"badversion", "silent", "crashstart"} {
		t.Run(mode, func(t *testing.T) {
			c := fakeClient(t, mode, Options{StartTimeout: time.Second})
			if _, err := c.Start(context.Background()); err == nil {
				t.Fatal("Start succeeded")
			}
		})
	}
	c := New("missing", transport.Local{}, transport.Command{Path: "/nonexistent/harness"}, Options{})
	if _, err := c.Start(context.Background()); err == nil {
		t.Fatal("Start of a missing program succeeded")
	}
}

func TestIgnoreSetIsReplayedAfterRestart(t *testing.T) {
	c := fakeClient(t, "good", Options{})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetIgnore(context.Background(), []protocol.GuardPair{{Contract: "echo/1", Message: "m"}}); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"crash", "a"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{protocol.OutcomeErrored, "ok"})
}

// A second answer to one request is unsolicited: it is caught before the
// next batch is sent (or when the client closes), recorded as a break, and
// never blamed on a case of the next batch.
func TestDoubleAnswerIsABreak(t *testing.T) {
	c := fakeClient(t, "good", Options{})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	inputs := []string{"a", "twice"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok", "ok"})
	time.Sleep(200 * time.Millisecond) // let the second answer arrive
	inputs = []string{"b", "c"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok", "ok"})
	if len(c.Breaks()) != 1 || !strings.Contains(c.Breaks()[0], "unsolicited") || c.Restarts() != 1 {
		t.Errorf("breaks %q, restarts %d", c.Breaks(), c.Restarts())
	}
	inputs = []string{"twice"}
	check(t, inputs, c.RunBatch(context.Background(), jobs(inputs...)), []string{"ok"})
	c.Close()
	if len(c.Breaks()) != 2 || !strings.Contains(c.Breaks()[1], "after the last answer") {
		t.Errorf("breaks after close: %q", c.Breaks())
	}
}

// An interrupted run is not the harness's fault: no break, no restart.
func TestCancellationIsNotABreak(t *testing.T) {
	c := fakeClient(t, "good", Options{})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(300 * time.Millisecond); cancel() }()
	res := c.RunBatch(ctx, jobs("a", "hang", "b"))
	if res[0].Outcome != protocol.OutcomeOK || res[1].Uncaught || res[2].Uncaught {
		t.Errorf("results %+v", res)
	}
	if len(c.Breaks()) != 0 || c.Restarts() != 0 || c.Quarantined() {
		t.Errorf("breaks %q restarts %d", c.Breaks(), c.Restarts())
	}
}

func TestOversizeInputIsSkippedNotSent(t *testing.T) {
	if !tooLarge(make([]byte, protocol.MaxLine)) || tooLarge(make([]byte, 1<<20)) {
		t.Fatal("tooLarge bound")
	}
}

// With no restart left, a break on a batch quarantines at once: no harness
// is started for a replay, and the batch's cases are all quarantined.
func TestBatchBreakWithNoRestartLeft(t *testing.T) {
	c := fakeClient(t, "batch", Options{MaxRestarts: -1})
	if _, err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	res := c.RunBatch(context.Background(), jobs("a", "crash", "b"))
	for i, r := range res {
		if r.Outcome != protocol.OutcomeErrored || r.Message != "implementation quarantined" || !r.Uncaught {
			t.Errorf("case %d: %+v", i, r)
		}
	}
	if !c.Quarantined() || c.Restarts() != 0 || len(c.Breaks()) != 1 || strings.Contains(c.Breaks()[0], "replaying") {
		t.Errorf("quarantined %v, restarts %d, breaks %q", c.Quarantined(), c.Restarts(), c.Breaks())
	}
}

// fromAnswer carries a run answer's outcome over as it is: impl's outcome
// names must be the protocol's run outcomes, and infoOf must carry every
// field of the handshake's implementation object.
func TestOutcomesAndInfoConvert(t *testing.T) {
	for _, o := range [][2]string{
		{impl.OK, protocol.OutcomeOK}, {impl.Refused, protocol.OutcomeRefused},
		{impl.Errored, protocol.OutcomeErrored}, {impl.Skipped, protocol.OutcomeSkipped},
	} {
		if o[0] != o[1] {
			t.Errorf("impl outcome %q, protocol outcome %q", o[0], o[1])
		}
	}
	im := protocol.Implementation{Name: "n", Language: "l", LanguageVersion: "lv", Runtime: "r", RuntimeVersion: "rv",
		Version: "v", Contracts: map[string][]string{"c/1": {"op"}}}
	want, _ := json.Marshal(im)
	got, _ := json.Marshal(infoOf(im))
	if string(got) != string(want) {
		t.Errorf("infoOf: %s, want %s", got, want)
	}
}
