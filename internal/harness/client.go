// Package harness drives one implementation behind the harness protocol
// (mirrors/PROTOCOL.md): it starts the process through a transport, does the
// handshake, pipelines requests, validates every answer, and kills and
// restarts a harness that breaks the protocol, up to a bound after which the
// implementation is quarantined for the run.
package harness

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/transport"
)

// Options bound a client's patience.
type Options struct {
	// Timeout is the longest silence allowed while an answer is owed: to
	// the handshake (the runtime's start-up included), to a run request,
	// to a whole batch. Zero means 10 s.
	Timeout time.Duration
	// StartTimeout, when not zero, bounds the handshake instead of
	// Timeout.
	StartTimeout time.Duration
	// MaxRestarts is how many times a broken harness is restarted in one
	// run before it is quarantined. Negative means zero; the zero value
	// means 3.
	MaxRestarts int
	// Progress, when set, is told, one line each, what the client waits
	// for once a harness owing an answer has been silent for NoticeAfter,
	// and again every NoticeEvery while the silence lasts.
	Progress io.Writer
}

// The waiting notices: the first after NoticeAfter of silence, then one
// every NoticeEvery.
const (
	NoticeAfter = 3 * time.Second
	NoticeEvery = 10 * time.Second
)

func (o Options) timeout() time.Duration {
	if o.Timeout <= 0 {
		return 10 * time.Second
	}
	return o.Timeout
}

func (o Options) startTimeout() time.Duration {
	if o.StartTimeout <= 0 {
		return o.timeout()
	}
	return o.StartTimeout
}

func (o Options) maxRestarts() int {
	switch {
	case o.MaxRestarts < 0:
		return 0
	case o.MaxRestarts == 0:
		return 3
	}
	return o.MaxRestarts
}

// Client drives one implementation. It is not safe for concurrent use.
type Client struct {
	name      string
	transport transport.Transport
	cmd       transport.Command
	opts      Options

	inc         *incarnation
	info        impl.Info
	ignore      []protocol.GuardPair
	shift       []protocol.Shift
	mutant      string
	restarts    int
	quarantined bool
	breaks      []string
	// unbatched is set once a batch timed out and its cases then answered
	// one run request each within the timeout: the harness is slow in
	// aggregate, not hung, and is sent no batch again.
	unbatched bool
}

// New returns a client for the implementation called name, started with cmd
// through t. Nothing starts until Start.
func New(name string, t transport.Transport, cmd transport.Command, opts Options) *Client {
	return &Client{name: name, transport: t, cmd: cmd, opts: opts}
}

// Name is the implementation's short name ("ts", "python").
func (c *Client) Name() string { return c.name }

// Implementation is what the harness said about itself in its last
// handshake.
func (c *Client) Implementation() impl.Info { return c.info }

// Restarts counts the restarts so far in this run.
func (c *Client) Restarts() int { return c.restarts }

// Quarantined reports whether the implementation has been given up on.
func (c *Client) Quarantined() bool { return c.quarantined }

// Breaks lists, in order, every protocol break seen (one line each).
func (c *Client) Breaks() []string { return c.breaks }

// Start launches the harness and does the handshake. An error means the
// implementation failed to start or refused protocol version 1.
func (c *Client) Start(ctx context.Context) (impl.Info, error) {
	if err := c.spawn(ctx); err != nil {
		return impl.Info{}, err
	}
	return c.info, nil
}

// Close ends the harness by closing its stdin, and kills it if it has not
// exited within two seconds. A line the harness writes after its last
// answer is unsolicited: Close records it as a protocol break (see Breaks),
// so callers that report breaks call Close first.
func (c *Client) Close() {
	if c.inc == nil {
		return
	}
	inc := c.inc
	c.inc = nil
	_ = inc.conn.Stdin().Close()
	deadline := time.After(2 * time.Second)
	for {
		select {
		case ev := <-inc.lines:
			inc.release(len(ev.line))
			if ev.err != nil {
				<-inc.exited
				return
			}
			c.breaks = append(c.breaks, fmt.Sprintf("violation: unsolicited line after the last answer: %q", clipLine(ev.line)))
		case <-deadline:
			inc.kill()
			return
		}
	}
}

// Batch bounds: how many cases, and how many input bytes, one batch
// request carries. Large enough that a fuzz input's cases (at most 64) go
// in one line, small enough that a batch that times out costs little to
// replay one case at a time.
const (
	batchCases = 64
	batchBytes = 1 << 20
)

// RunBatch runs jobs pipelined and returns one Result per job, in order.
// To a harness whose handshake lists protocol.FeatureBatch the jobs go as
// batch requests of up to 64 cases, otherwise as one run request each.
// Every answer, a batch's included, is owed within the timeout of
// silence. A protocol break fails only the job it is pinned to: on a run
// request, the job in flight at the oldest unanswered position; on a
// batch, the harness is restarted and the batch's jobs are sent again one
// run request each, to find the one that breaks it (mirrors/PROTOCOL.md,
// "batch"). A batch that times out is no break by itself: its replay
// finds the case that hangs, or shows that the harness is only slow in
// aggregate, and then no batch is sent to it again.
// The harness is restarted after each break and the jobs after it are sent
// again. Once quarantined, every remaining job is errored "implementation
// quarantined".
func (c *Client) RunBatch(ctx context.Context, jobs []impl.Job) []impl.Result {
	results := make([]impl.Result, len(jobs))
	next := 0
	// Jobs before replayUntil are sent one run request each: they are the
	// replay of a batch that broke. unspent is that batch's break, which
	// spends a restart only if the replay does not break on its own.
	replayUntil, unspent := 0, false
	for next < len(jobs) {
		if c.quarantined || ctx.Err() != nil {
			msg := "implementation quarantined"
			if !c.quarantined {
				msg = "run cancelled"
			}
			for i := next; i < len(jobs); i++ {
				results[i] = impl.Result{Outcome: impl.Errored, Message: msg, Uncaught: c.quarantined}
			}
			break
		}
		if c.inc == nil {
			if err := c.spawn(ctx); err != nil {
				if ctx.Err() == nil { // an interrupted start is no break
					c.broke(fmt.Sprintf("restart failed: %v", err))
				}
				continue
			}
		}
		if line, ok := c.inc.stray(); ok {
			// A line nobody asked for: the harness answered something twice
			// or on its own. No case of this batch is to blame for it.
			c.broke(fmt.Sprintf("violation: unsolicited line before seq %d: %q", c.inc.nextSeq, clipLine(line)))
			continue
		}
		end, batching := len(jobs), c.inc.batching && !c.unbatched
		if next < replayUntil {
			end, batching = replayUntil, false
		}
		reqs, at := requests(jobs[:end], next, batching, results)
		if len(reqs) == 0 {
			next = end
			continue
		}
		answers, fail := c.inc.roundTrip(ctx, reqs, c.opts.timeout(), c.waiter())
		for k, a := range answers {
			if reqs[k].Cmd == protocol.CmdBatch {
				for n, e := range a.Answers {
					results[at[k][n]] = fromAnswer(e)
				}
			} else {
				results[at[k][0]] = fromAnswer(a)
			}
		}
		if fail == nil {
			if unspent && end == replayUntil {
				// The replay ran clean: the batch's break did not come back,
				// and it spends the restart it was owed.
				c.spend()
				unspent = false
			}
			next = end
			continue
		}
		failed := at[len(answers)]
		if fail.kind == "cancelled" {
			// The run was interrupted: the harness did nothing wrong, and
			// its state is unknown, so it is stopped without a restart
			// being spent.
			c.inc.kill()
			c.inc = nil
			next = failed[0]
			continue
		}
		if reqs[len(answers)].Cmd == protocol.CmdBatch && fail.kind == "timeout" {
			// A batch's answer is one line, owed within the timeout like
			// any other: the replay, each case with its own timeout,
			// tells a hung case from a harness slow in aggregate. The
			// restart is no break's, and spends nothing; batches stop.
			c.inc.kill()
			c.inc = nil
			c.unbatched = true
			next, replayUntil, unspent = failed[0], failed[len(failed)-1]+1, false
			continue
		}
		if reqs[len(answers)].Cmd == protocol.CmdBatch {
			what := fmt.Sprintf("%s on a batch of %d cases: %s", fail.kind, len(failed), fail.detail)
			if c.restarts >= c.opts.maxRestarts() {
				// No restart is left for a replay: the break quarantines
				// the implementation, and the batch's cases with it.
				c.broke(what)
				next = failed[0]
				continue
			}
			c.breaks = append(c.breaks, what+" (replaying them one run request each)")
			c.inc.kill()
			c.inc = nil
			next, replayUntil, unspent = failed[0], failed[len(failed)-1]+1, true
			continue
		}
		results[failed[0]] = fail.result()
		unspent = false
		c.broke(fmt.Sprintf("%s on %s %s: %s", fail.kind, jobs[failed[0]].Contract, jobs[failed[0]].Op, fail.detail))
		next = failed[0] + 1
	}
	return results
}

// requests turns jobs[next:] into requests: batch requests of up to
// batchCases cases and batchBytes input bytes when batching, else one run
// request per job. at[k] lists the job indices request k carries. A job too
// large for a protocol line is answered skipped in results and not sent.
func requests(jobs []impl.Job, next int, batching bool, results []impl.Result) (reqs []protocol.Request, at [][]int) {
	size := 0
	for i := next; i < len(jobs); i++ {
		j := jobs[i]
		if tooLarge(j.Input) {
			results[i] = impl.Result{Outcome: impl.Skipped,
				Reason: fmt.Sprintf("input of %d bytes does not fit a protocol line (%d MiB)", len(j.Input), protocol.MaxLine>>20)}
			continue
		}
		if !batching {
			reqs = append(reqs, protocol.Request{Cmd: protocol.CmdRun, Contract: j.Contract, Op: j.Op, Input: j.Input})
			at = append(at, []int{i})
			continue
		}
		k := len(reqs) - 1
		if k < 0 || len(at[k]) == batchCases || size+len(j.Input) > batchBytes {
			reqs = append(reqs, protocol.Request{Cmd: protocol.CmdBatch})
			at = append(at, nil)
			k, size = k+1, 0
		}
		reqs[k].Cases = append(reqs[k].Cases, protocol.Case{Contract: j.Contract, Op: j.Op, Input: j.Input})
		at[k] = append(at[k], i)
		size += len(j.Input)
	}
	return reqs, at
}

// tooLarge reports whether a run request for input would exceed the
// protocol's line bound once base64-encoded (the rest of the request is
// far below the 1 KiB of slack).
func tooLarge(input []byte) bool {
	return (len(input)+2)/3*4+1024 > protocol.MaxLine
}

// SetIgnore replaces the harness's ignore set (the guard-mutation control)
// and returns the pairs the implementation has no guard for. The set is
// replayed after every restart.
func (c *Client) SetIgnore(ctx context.Context, pairs []protocol.GuardPair) ([]protocol.GuardPair, error) {
	c.ignore = append([]protocol.GuardPair(nil), pairs...)
	a, err := c.control(ctx, protocol.Request{Cmd: protocol.CmdIgnore, Ignore: c.ignore}, protocol.OutcomeAck)
	if err != nil {
		return nil, err
	}
	return a.Unknown, nil
}

// ErrNoShift is SetShift's error for a harness whose handshake does not
// list protocol.FeatureShift: it has no threshold to move.
var ErrNoShift = errors.New("the harness does not serve shift (its handshake lists no \"shift\" feature)")

// SetShift replaces the harness's shift set (the threshold-mutation
// control, PROTOCOL.md "shift") and returns the thresholds the
// implementation does not have. The set is replayed after every restart.
// A harness without the feature is never sent the request: ErrNoShift.
func (c *Client) SetShift(ctx context.Context, shifts []protocol.Shift) ([]protocol.ThresholdPair, error) {
	if c.inc == nil && !c.quarantined {
		if err := c.spawn(ctx); err != nil {
			return nil, err
		}
	}
	if c.inc != nil && !c.inc.shifting {
		return nil, ErrNoShift
	}
	c.shift = append([]protocol.Shift(nil), shifts...)
	a, err := c.control(ctx, protocol.Request{Cmd: protocol.CmdShift, Shift: c.shift}, protocol.OutcomeShifted)
	if err != nil {
		return nil, err
	}
	return a.UnknownThresholds, nil
}

// ErrNoMutant is SetMutant's error for a harness whose handshake does not
// list protocol.FeatureMutant: it is not a schemata build.
var ErrNoMutant = errors.New("the harness does not serve mutant (its handshake lists no \"mutant\" feature)")

// SetMutant makes id the harness's active mutant ("" for none; the
// mutation audit's switch, PROTOCOL.md "mutant") and returns the reach
// keys the harness recorded since the previous mutant request, and
// whether it has the mutant. The mutant is activated again after every
// restart (the reach recorded before a restart is lost). A harness
// without the feature is never sent the request: ErrNoMutant.
func (c *Client) SetMutant(ctx context.Context, id string) (reached []string, known bool, err error) {
	if c.inc == nil && !c.quarantined {
		if err := c.spawn(ctx); err != nil {
			return nil, false, err
		}
	}
	if c.inc != nil && !c.inc.mutating {
		return nil, false, ErrNoMutant
	}
	c.mutant = id
	a, err := c.control(ctx, protocol.Request{Cmd: protocol.CmdMutant, Mutant: id}, protocol.OutcomeSwitched)
	if err != nil {
		return nil, false, err
	}
	return a.Reached, a.Known, nil
}

// Guards asks the implementation for its refusal table.
func (c *Client) Guards(ctx context.Context) ([]protocol.Guard, error) {
	a, err := c.control(ctx, protocol.Request{Cmd: protocol.CmdGuards}, protocol.OutcomeGuards)
	if err != nil {
		return nil, err
	}
	return a.Guards, nil
}

func (c *Client) control(ctx context.Context, req protocol.Request, want string) (protocol.Answer, error) {
	if c.quarantined {
		return protocol.Answer{}, errors.New("implementation quarantined")
	}
	if c.inc == nil {
		if err := c.spawn(ctx); err != nil {
			return protocol.Answer{}, err
		}
	}
	answers, fail := c.inc.roundTrip(ctx, []protocol.Request{req}, c.opts.timeout(), c.waiter())
	if fail != nil {
		c.broke(fmt.Sprintf("%s on %s: %s", fail.kind, req.Cmd, fail.detail))
		return protocol.Answer{}, fmt.Errorf("%s: %s", fail.kind, fail.detail)
	}
	if answers[0].Outcome != want {
		err := fmt.Errorf("%w: %s answered %q", protocol.ErrViolation, req.Cmd, answers[0].Outcome)
		c.broke(err.Error())
		return protocol.Answer{}, err
	}
	return answers[0], nil
}

// broke records a protocol break, kills the harness, and spends a restart
// or quarantines the implementation.
func (c *Client) broke(what string) {
	c.breaks = append(c.breaks, what)
	if c.inc != nil {
		c.inc.kill()
		c.inc = nil
	}
	c.spend()
}

// spend spends a restart on a break, or quarantines the implementation
// when none is left.
func (c *Client) spend() {
	if c.restarts >= c.opts.maxRestarts() {
		c.quarantined = true
		return
	}
	c.restarts++
}

// spawn starts a process, does the handshake and replays the ignore and
// shift sets and the active mutant.
func (c *Client) spawn(ctx context.Context) error {
	// Starting a container can take the engine a while: say so after
	// NoticeAfter (the start itself is bounded by ctx and the engine).
	started := make(chan struct{})
	if c.opts.Progress != nil {
		go func() {
			select {
			case <-started:
			case <-time.After(NoticeAfter):
				fmt.Fprintf(c.opts.Progress, "conform: waiting for the %s transport to start the %s harness\n", c.transport.Name(), c.name)
			}
		}()
	}
	conn, err := c.transport.Start(ctx, c.cmd)
	close(started)
	if err != nil {
		return fmt.Errorf("cannot start %s harness: %w", c.name, err)
	}
	inc := newIncarnation(conn)
	answers, fail := inc.roundTrip(ctx, []protocol.Request{{Cmd: protocol.CmdStart, Protocol: protocol.Version}}, c.opts.startTimeout(), c.waiter())
	if fail != nil {
		inc.kill()
		return fmt.Errorf("%s harness handshake: %s: %s", c.name, fail.kind, fail.detail)
	}
	a := answers[0]
	if a.Outcome != protocol.OutcomeStarted {
		inc.kill()
		return fmt.Errorf("%s harness refused protocol %d (%s; supports %v)", c.name, protocol.Version, a.Message, a.Supported)
	}
	inc.batching = a.HasFeature(protocol.FeatureBatch)
	inc.shifting = a.HasFeature(protocol.FeatureShift)
	inc.mutating = a.HasFeature(protocol.FeatureMutant)
	c.inc, c.info = inc, infoOf(*a.Implementation)
	for _, replay := range []struct {
		req  protocol.Request
		want string
		set  bool
	}{
		{protocol.Request{Cmd: protocol.CmdIgnore, Ignore: c.ignore}, protocol.OutcomeAck, len(c.ignore) > 0},
		{protocol.Request{Cmd: protocol.CmdShift, Shift: c.shift}, protocol.OutcomeShifted, len(c.shift) > 0 && inc.shifting},
		{protocol.Request{Cmd: protocol.CmdMutant, Mutant: c.mutant}, protocol.OutcomeSwitched, c.mutant != "" && inc.mutating},
	} {
		if !replay.set {
			continue
		}
		answers, fail := inc.roundTrip(ctx, []protocol.Request{replay.req}, c.opts.timeout(), c.waiter())
		if fail != nil || answers[0].Outcome != replay.want {
			inc.kill()
			c.inc = nil
			return fmt.Errorf("%s harness did not take the %s set after a restart", c.name, replay.req.Cmd)
		}
	}
	return nil
}

// waiter returns what roundTrip tells about a long silence: a line on
// Options.Progress naming the harness, what it owes and for how long it
// has been silent, out of the timeout; nil without Progress.
func (c *Client) waiter() func(inc *incarnation, req protocol.Request, silent time.Duration) {
	if c.opts.Progress == nil {
		return nil
	}
	return func(inc *incarnation, req protocol.Request, silent time.Duration) {
		what := req.Cmd
		switch req.Cmd {
		case protocol.CmdStart:
			what = "the handshake (its runtime starting)"
		case protocol.CmdBatch:
			what = fmt.Sprintf("a batch of %d cases", len(req.Cases))
		case protocol.CmdRun:
			what = "a " + req.Contract + " " + req.Op + " case"
		}
		fmt.Fprintf(c.opts.Progress, "conform: waiting for the %s harness (%s) to answer %s (seq %d): silent for %s of the %s --timeout allows\n",
			c.name, inc.conn.Describe(), what, req.Seq, silent.Round(time.Second), c.opts.timeout())
	}
}

// fromAnswer converts a validated run answer (or batch entry) into a
// Result. impl's outcome names are the protocol's run outcomes, so the
// outcome carries over as it is.
func fromAnswer(a protocol.Answer) impl.Result {
	return impl.Result{Outcome: a.Outcome, Output: a.Output, Message: a.Message, Trace: a.Trace, Reason: a.Reason, At: a.At.String()}
}

// infoOf converts the handshake's implementation object.
func infoOf(im protocol.Implementation) impl.Info {
	return impl.Info{
		Name: im.Name, Language: im.Language, LanguageVersion: im.LanguageVersion,
		Runtime: im.Runtime, RuntimeVersion: im.RuntimeVersion, Version: im.Version, Contracts: im.Contracts,
	}
}

// failure is a protocol break at one position of a round trip.
type failure struct {
	kind   string // "timeout", "exited", "violation", "cancelled"
	detail string
}

func (f *failure) result() impl.Result {
	if f.kind == "timeout" {
		return impl.Result{Outcome: impl.Timeout, Message: f.detail, Uncaught: true}
	}
	return impl.Result{Outcome: impl.Errored, Message: f.kind + ": " + f.detail, Uncaught: true}
}

// incarnation is one process's life: its pipes, its reader and its seqs.
// When it is killed, everything it read is discarded with it, so a late
// answer can never be taken for a later request's.
type incarnation struct {
	conn    transport.Conn
	lines   chan lineEvent
	dead    chan struct{} // closed by kill
	exited  chan struct{} // closed when the reader saw EOF and Wait returned
	waitErr error
	nextSeq int64
	// batching: the handshake listed protocol.FeatureBatch.
	batching bool
	// shifting: the handshake listed protocol.FeatureShift.
	shifting bool
	// mutating: the handshake listed protocol.FeatureMutant.
	mutating bool
	// w buffers requests to stdin; one roundTrip writes at a time (a
	// roundTrip that fails kills the incarnation).
	w   *bufio.Writer
	buf []byte
	// queued counts the bytes of the lines read and not yet taken, which
	// the reader keeps within maxQueued (mu and room guard it): a harness
	// that writes lines nobody asked for costs conform that much memory
	// at most, beside the line being read.
	mu     sync.Mutex
	room   *sync.Cond
	queued int
}

// maxQueued bounds the bytes of answer lines read ahead of the client: one
// line of the protocol's largest is always taken.
const maxQueued = protocol.MaxLine

// hold waits until a line of n bytes fits the queue (or the incarnation
// is killed) and counts it.
func (inc *incarnation) hold(n int) {
	inc.mu.Lock()
	defer inc.mu.Unlock()
	for inc.queued > 0 && inc.queued+n > maxQueued {
		select {
		case <-inc.dead:
			return
		default:
		}
		inc.room.Wait()
	}
	inc.queued += n
}

// release takes a line of n bytes off the queue.
func (inc *incarnation) release(n int) {
	inc.mu.Lock()
	inc.queued -= n
	inc.mu.Unlock()
	inc.room.Broadcast()
}

type lineEvent struct {
	line []byte
	err  error
}

func newIncarnation(conn transport.Conn) *incarnation {
	inc := &incarnation{conn: conn, lines: make(chan lineEvent, 256), dead: make(chan struct{}), exited: make(chan struct{}),
		w: bufio.NewWriterSize(conn.Stdin(), 1<<16)}
	inc.room = sync.NewCond(&inc.mu)
	go inc.read()
	return inc
}

func (inc *incarnation) read() {
	r := bufio.NewReaderSize(inc.conn.Stdout(), 1<<16)
	for {
		line, err := readLine(r)
		if err != nil {
			// EOF, a read error or an over-long line ends this process's
			// answers; an unterminated last line is not an answer.
			inc.send(lineEvent{err: err})
			break
		}
		inc.hold(len(line))
		if !inc.send(lineEvent{line: line}) {
			break
		}
	}
	// Drain, so that a dying harness never blocks on a full pipe.
	_, _ = io.Copy(io.Discard, r)
	inc.waitErr = inc.conn.Wait()
	close(inc.exited)
}

// send hands a line to roundTrip; it gives up once the incarnation is killed.
func (inc *incarnation) send(ev lineEvent) bool {
	select {
	case inc.lines <- ev:
		return true
	case <-inc.dead:
		return false
	}
}

var errLineTooLong = errors.New("answer line over 64 MiB")

func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > protocol.MaxLine {
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return line, err
		}
		return line[:len(line)-1], nil
	}
}

// stray returns a line that is waiting although no request is owed one.
func (inc *incarnation) stray() ([]byte, bool) {
	select {
	case ev := <-inc.lines:
		inc.release(len(ev.line))
		if ev.err != nil {
			// The harness exited between batches; the next round trip
			// would see it, so hand the event back by failing fast.
			return []byte("(harness exited between requests: " + inc.exitDetail(ev.err) + ")"), true
		}
		return ev.line, true
	default:
		return nil, false
	}
}

func (inc *incarnation) kill() {
	inc.mu.Lock()
	select {
	case <-inc.dead:
	default:
		close(inc.dead)
	}
	inc.mu.Unlock()
	inc.room.Broadcast()
	inc.conn.Kill()
	select {
	case <-inc.exited:
	case <-time.After(5 * time.Second):
	}
}

// roundTrip sends reqs pipelined, numbering them, and reads their answers
// in order. It returns the answers read before the first failure. timeout
// bounds the silence before each answer, a batch's included. wait, when
// not nil, is told of a silence of NoticeAfter, then every NoticeEvery.
func (inc *incarnation) roundTrip(ctx context.Context, reqs []protocol.Request, timeout time.Duration,
	wait func(*incarnation, protocol.Request, time.Duration)) ([]protocol.Answer, *failure) {
	for i := range reqs {
		reqs[i].Seq = inc.nextSeq
		inc.nextSeq++
	}
	writeErr := make(chan error, 1)
	go func() {
		for _, r := range reqs {
			inc.buf = r.AppendTo(inc.buf[:0])
			if _, err := inc.w.Write(inc.buf); err != nil {
				writeErr <- err
				return
			}
		}
		writeErr <- inc.w.Flush()
	}()
	answers := make([]protocol.Answer, 0, len(reqs))
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	notice := time.NewTimer(NoticeAfter)
	defer notice.Stop()
	for k, req := range reqs {
		var ev lineEvent
		since := time.Now()
		notice.Reset(NoticeAfter)
	wait:
		for {
			select {
			case ev = <-inc.lines:
				break wait
			case <-timer.C:
				return answers, &failure{"timeout", fmt.Sprintf("no answer to seq %d within %s", req.Seq, timeout)}
			case <-ctx.Done():
				return answers, &failure{"cancelled", ctx.Err().Error()}
			case <-notice.C:
				if wait != nil {
					wait(inc, req, time.Since(since))
				}
				notice.Reset(NoticeEvery)
			}
		}
		inc.release(len(ev.line))
		if ev.err != nil {
			return answers, &failure{"exited", inc.exitDetail(ev.err)}
		}
		a, err := protocol.DecodeAnswer(ev.line)
		if err != nil {
			return answers, &failure{"violation", err.Error()}
		}
		if a.Seq != req.Seq {
			return answers, &failure{"violation", fmt.Sprintf("answer has seq %d, expected %d", a.Seq, req.Seq)}
		}
		if why := unfit(req.Cmd, a); why != "" {
			return answers, &failure{"violation", why}
		}
		if req.Cmd == protocol.CmdBatch && len(a.Answers) != len(req.Cases) {
			return answers, &failure{"violation", fmt.Sprintf("batch answer has %d entries for %d cases", len(a.Answers), len(req.Cases))}
		}
		answers = append(answers, a)
		if k+1 < len(reqs) {
			// Since Go 1.23 Reset discards a pending expiry; draining the
			// channel here could block for ever.
			timer.Reset(timeout)
		}
	}
	// Every answer came back. A harness that read each request before
	// answering it has read them all, and the writer finishes at once (a
	// write error then cannot matter). One that answered before reading
	// may never read the rest: it blocks writing to an output nobody
	// reads, and the writer blocks writing to it. The writer gets the
	// timeout too; not finishing in it is a violation of the first
	// request, since no answer of such a harness can be trusted (the
	// harness is then ended, which ends the writer).
	timer.Reset(timeout)
	select {
	case <-writeErr:
	case <-timer.C:
		return answers[:0], &failure{"violation", fmt.Sprintf("answered every request but had not read them all within %s: answers written before their requests were read", timeout)}
	case <-ctx.Done():
		return answers[:0], &failure{"cancelled", ctx.Err().Error()}
	}
	return answers, nil
}

// unfit says why answer a cannot answer a cmd request, or "" when it can:
// an outcome of another command, or the handshake's field supported on a
// refusal of anything but start.
func unfit(cmd string, a protocol.Answer) string {
	if fits(cmd, a.Outcome) {
		if a.Supported != nil && cmd != protocol.CmdStart {
			return fmt.Sprintf("a refused answer to %s has the handshake's field \"supported\"", cmd)
		}
		return ""
	}
	return fmt.Sprintf("%q is not an answer to %s", a.Outcome, cmd)
}

func fits(cmd, outcome string) bool {
	switch cmd {
	case protocol.CmdStart:
		return outcome == protocol.OutcomeStarted || outcome == protocol.OutcomeRefused
	case protocol.CmdRun:
		switch outcome {
		case protocol.OutcomeOK, protocol.OutcomeRefused, protocol.OutcomeErrored, protocol.OutcomeSkipped:
			return true
		}
	case protocol.CmdIgnore:
		return outcome == protocol.OutcomeAck
	case protocol.CmdGuards:
		return outcome == protocol.OutcomeGuards
	case protocol.CmdBatch:
		return outcome == protocol.OutcomeBatch
	case protocol.CmdShift:
		return outcome == protocol.OutcomeShifted
	case protocol.CmdMutant:
		return outcome == protocol.OutcomeSwitched
	}
	return false
}

// exitDetail describes a harness that stopped answering: its exit status
// when it has one, and the end of its stderr.
func (inc *incarnation) exitDetail(readErr error) string {
	var b strings.Builder
	if errors.Is(readErr, errLineTooLong) {
		b.WriteString(readErr.Error())
	} else {
		select {
		case <-inc.exited:
			if inc.waitErr != nil {
				fmt.Fprintf(&b, "harness exited (%v)", inc.waitErr)
			} else {
				b.WriteString("harness exited (status 0)")
			}
		case <-time.After(2 * time.Second):
			b.WriteString("harness closed stdout")
		}
		b.WriteString(" with answers owed")
	}
	if t := lastLines(inc.conn.StderrTail(), 400); t != "" {
		fmt.Fprintf(&b, "; stderr ends: %q", t)
	}
	return b.String()
}

// clipLine bounds a line quoted from a misbehaving harness.
func clipLine(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}

func lastLines(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	if len(s) > n {
		s = "..." + s[len(s)-n:]
	}
	return s
}
