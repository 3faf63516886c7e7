// Package singlecause proves, for one implementation at a time, that every
// guard is single-cause: the method of seed 001, section 6 ("Golden vectors
// and the Python mirror"), run through the protocol's `ignore` control
// instead of a throwaway build.
//
// For each guard (contract, message) of the implementation's table:
//
//  1. the implementation is told to ignore exactly that guard;
//  2. every vector is run again (one pipelined batch);
//  3. each vector aimed at the guard (expect refused, that message) must now
//     be accepted, or carry an exception tag from the closed vocabulary of
//     vectors/README.md and still be refused (with any message);
//  4. no other vector's answer may change: outcome, output bytes and
//     message are compared with the implementation's own answers under an
//     empty ignore set (the baseline).
//
// Grammar guards. A guard whose aimed vectors all carry the `grammar` tag is
// the contract's grammar guard. The specs say it has no accept path and is
// never ignored by the mutation runner, and the seeds did not run it either
// (ignoring the generic grammar message would also remove a parser's loop
// exits). It is reported as an exception with reason "grammar" and not run,
// unless Options.ProbeGrammar is set: it is then run like any guard, and
// must change nothing at all, its own vectors included (they stay refused
// with the same message), which checks the "no accept path" claim itself.
//
// Declared unreachable guards. A refusal whose row of its contract's
// Refusals table has the exception `unreachable` (vectors.DeclaredUnreachable)
// has no vector aimed at it by design. It is still ignored and its
// contract's vectors rerun: it is an Exception when no vector changes, and
// Broken when any does or when a vector aims at it after all.
//
// Each guard ends as Flipped, Exception or Broken, with the reason.
package singlecause

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mutation/control"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/vectors"
)

// Status is a guard's verdict.
type Status string

// The three verdicts of the single-cause proof.
const (
	// Flipped: with the guard ignored, every vector aimed at it was
	// accepted and no other vector changed.
	Flipped Status = "flipped"
	// Exception: the aimed vectors that were not accepted all carry an
	// exception tag (or the guard is the grammar guard, not run), and no
	// other vector changed.
	Exception Status = "exception"
	// Broken: the guard is not proven single-cause; Reasons say why.
	Broken Status = "broken"
)

// GrammarTag is the exception tag that marks grammar vectors
// (vectors/README.md, "Exception vocabulary").
const GrammarTag = "grammar"

// Options shape an audit.
type Options struct {
	// Contracts limits the audit to these contracts; nil means every
	// contract the implementation's table or the cases name.
	Contracts []string
	// ProbeGrammar runs grammar guards too, requiring that ignoring them
	// changes nothing.
	ProbeGrammar bool
	// RerunAll reruns every vector, of every contract, for every guard: the
	// seeds' method to the letter. By default a guard's batch is the
	// vectors of its own contract, and one sweep per contract, with all of
	// that contract's audited guards ignored at once, reruns the vectors of
	// every other contract; a change there is then traced to the guards
	// that cause it one by one. The verdicts are the same; the work grows
	// with guards x vectors of a contract rather than guards x all vectors.
	RerunAll bool
}

// Answer is what an implementation said about one case.
type Answer struct {
	Outcome string `json:"outcome"`
	Message string `json:"message,omitempty"`
	Output  []byte `json:"output,omitempty"`
}

func answerOf(r impl.Result) Answer {
	return Answer{Outcome: r.Outcome, Message: r.Message, Output: r.Output}
}

// String renders an answer in one short line: ok, ok <n> bytes,
// refused "msg", errored "msg".
func (a Answer) String() string {
	switch a.Outcome {
	case protocol.OutcomeOK:
		return fmt.Sprintf("ok (%d bytes)", len(a.Output))
	case "":
		return "no answer"
	}
	if a.Message != "" {
		return fmt.Sprintf("%s %q", a.Outcome, a.Message)
	}
	return a.Outcome
}

// Equal reports whether a and b are the same answer, output bytes included.
func (a Answer) Equal(b Answer) bool {
	return a.Outcome == b.Outcome && a.Message == b.Message && bytes.Equal(a.Output, b.Output)
}

// Vector names one vector in a finding.
type Vector struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Source string `json:"source"`
	// Exception is the vector's exception tag, if any.
	Exception string `json:"exception,omitempty"`
}

func vectorOf(c vectors.Case) Vector {
	return Vector{ID: c.ID, Name: c.Name, Source: c.Source, Exception: c.Exception}
}

// String is "source name (id)".
func (v Vector) String() string { return fmt.Sprintf("%s %s (%s)", v.Source, v.Name, v.ID) }

// Change is one vector whose answer was not what the proof requires.
type Change struct {
	Vector Vector `json:"vector"`
	// Before is the baseline answer, After the answer with the guard
	// ignored.
	Before Answer `json:"before"`
	After  Answer `json:"after"`
}

// Guard is the verdict on one guard of one implementation.
type Guard struct {
	Contract string `json:"contract"`
	Code     string `json:"code,omitempty"`
	Message  string `json:"message"`
	Status   Status `json:"status"`
	// Reasons says why, one line each; a Broken guard has at least one.
	Reasons []string `json:"reasons"`
	// Ran is false when the guard was not ignored and rerun: a grammar
	// guard without ProbeGrammar, a guard no vector aims at and not
	// declared unreachable, or one the implementation does not have.
	Ran bool `json:"ran"`
	// Aimed counts the vectors aimed at the guard; Flipped those accepted
	// with it ignored.
	Aimed   int `json:"aimed"`
	Flipped int `json:"flipped"`
	// Excepted counts, per exception tag, the aimed vectors that stayed
	// refused and carry that tag.
	Excepted map[string]int `json:"excepted,omitempty"`
	// Unflipped are aimed vectors that were neither accepted nor excused
	// by a tag (including crashes and timeouts).
	Unflipped []Change `json:"unflipped,omitempty"`
	// Collateral are other vectors whose answer changed.
	Collateral []Change `json:"collateral,omitempty"`
	// UnusedTags are aimed vectors that carry an exception tag and were
	// accepted anyway: the tag is stale (a note, not a failure).
	UnusedTags []Vector `json:"unused_tags,omitempty"`
}

// Result is the audit of one implementation.
type Result struct {
	Impl           string    `json:"impl"`
	Implementation impl.Info `json:"implementation"`
	Guards         []Guard   `json:"guards"`
	// Thresholds are the verdicts on the thresholds of the audited
	// contracts (their Thresholds tables), in catalogue order per contract.
	Thresholds []Threshold `json:"thresholds,omitempty"`
	// Baseline lists the vectors the implementation disagrees with under
	// an empty ignore set; any makes the audit's premise false.
	Baseline []Change `json:"baseline,omitempty"`
	// Broke is set when the implementation broke (a control failed, or the
	// harness was restarted or quarantined): the audit is incomplete.
	Broke    string        `json:"broke,omitempty"`
	Duration time.Duration `json:"duration_ns"`
	// Runs counts the batches sent (baseline and sweeps included), and
	// Vectors the vector runs in them.
	Runs    int `json:"runs"`
	Vectors int `json:"vectors"`
	// Unreached counts the vector runs left out because the vector never
	// asks the guards ignored (control.Reacher): their answers are the
	// baseline's.
	Unreached int `json:"unreached,omitempty"`
}

// Counts returns how many guards have each status.
func (r Result) Counts() map[Status]int {
	n := map[Status]int{}
	for _, g := range r.Guards {
		n[g.Status]++
	}
	return n
}

// ThresholdCounts returns how many thresholds have each status.
func (r Result) ThresholdCounts() map[Status]int {
	n := map[Status]int{}
	for _, t := range r.Thresholds {
		n[t.Status]++
	}
	return n
}

// OK reports whether the audit of r is complete and every guard and
// threshold is Flipped or Exception.
func (r Result) OK() bool {
	if r.Broke != "" || len(r.Baseline) > 0 {
		return false
	}
	for _, g := range r.Guards {
		if g.Status == Broken {
			return false
		}
	}
	for _, t := range r.Thresholds {
		if t.Status == Broken {
			return false
		}
	}
	return true
}

// expected returns whether got is what vector c requires.
func expected(c vectors.Case, got impl.Result) bool {
	switch c.Expect {
	case vectors.ExpectOK:
		return got.Outcome == protocol.OutcomeOK && bytes.Equal(got.Output, c.Output)
	case vectors.ExpectRefused:
		return got.Outcome == protocol.OutcomeRefused && got.Message == c.Message
	}
	return true
}

// Audit runs the single-cause proof of every guard of im over cases (golden
// vectors; corpus cases, fuzz findings and cases of contracts im does not
// declare are left out) and returns its verdicts, in the implementation's table order, then
// any message vectors aim at that the table lacks. It reuses im across
// guards, setting its ignore set before each batch, and clears the set
// before it returns. A broken implementation ends the audit early with
// Result.Broke set.
func Audit(ctx context.Context, cases []vectors.Case, im control.Impl, opts Options) (res Result) {
	start := time.Now()
	res = Result{Impl: im.Name(), Implementation: im.Implementation()}
	defer func() { res.Duration = time.Since(start) }()

	decl := im.Implementation()
	want := map[string]bool{}
	for _, c := range opts.Contracts {
		want[c] = true
	}
	inScope := func(contract string) bool { return len(want) == 0 || want[contract] }
	a := &auditor{im: im, opts: opts, res: &res}
	for _, c := range cases {
		// Fuzz findings are not aimed at one guard (a minimized input can
		// trip several), so they are not single-cause evidence.
		if c.Corpus != "" || c.Finding() || !inScope(c.Contract) || !decl.Supports(c.Contract, c.Op) {
			continue
		}
		a.run = append(a.run, c)
	}

	table, err := im.Guards(ctx)
	if err != nil {
		res.Broke = fmt.Sprintf("guards: %v", err)
		return res
	}
	guards := guardList(table, a.run, decl, inScope)

	if _, err := im.SetIgnore(ctx, nil); err != nil {
		res.Broke = fmt.Sprintf("ignore (clear): %v", err)
		return res
	}
	all := make([]int, len(a.run))
	byContract := map[string][]int{}
	for i, c := range a.run {
		all[i] = i
		byContract[c.Contract] = append(byContract[c.Contract], i)
	}
	a.base = a.batch(ctx, all)
	if b := broke(im); b != "" {
		res.Broke = "baseline run: " + b
		return res
	}
	for i, c := range a.run {
		if !expected(c, a.base[i]) {
			res.Baseline = append(res.Baseline, Change{Vector: vectorOf(c), Before: expectedAnswer(c), After: answerOf(a.base[i])})
		}
	}
	if r, ok := im.(control.Reacher); ok && !opts.RerunAll {
		jobs := make([]impl.Job, len(a.run))
		for i, c := range a.run {
			jobs[i] = impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input}
		}
		a.reach = r.Reached(ctx, jobs)
	}

	// ran lists, per contract, the guards that were ignored and rerun, by
	// their index in res.Guards.
	ran := map[string][]int{}
	var order []string
	for _, g := range guards {
		if ctx.Err() != nil {
			res.Broke = "cancelled"
			break
		}
		scope := byContract[g.Contract]
		if opts.RerunAll {
			scope = all
		}
		v := a.guard(ctx, g, scope)
		res.Guards = append(res.Guards, v)
		if res.Broke != "" {
			break
		}
		if v.Ran {
			if len(ran[g.Contract]) == 0 {
				order = append(order, g.Contract)
			}
			ran[g.Contract] = append(ran[g.Contract], len(res.Guards)-1)
		}
	}
	if !opts.RerunAll {
		for _, c := range order {
			if res.Broke != "" || ctx.Err() != nil {
				break
			}
			var others []int
			for _, i := range all {
				if a.run[i].Contract != c {
					others = append(others, i)
				}
			}
			if len(others) > 0 {
				a.sweep(ctx, c, ran[c], others)
			}
		}
	}
	if res.Broke == "" {
		if _, err := im.SetIgnore(ctx, nil); err != nil {
			res.Broke = fmt.Sprintf("ignore (clear): %v", err)
		}
	}
	if res.Broke == "" && ctx.Err() == nil {
		a.thresholds(ctx, byContract, all)
	}
	return res
}

// declaredUnreachable reports whether a guard (contract, message) is
// declared unreachable by its contract's Refusals table; tests replace it.
var declaredUnreachable = vectors.DeclaredUnreachable

// auditor is one implementation's audit in progress.
type auditor struct {
	im   control.Impl
	opts Options
	res  *Result
	run  []vectors.Case
	base []impl.Result
	// reach holds, per vector of run, the messages of the guards its
	// baseline run asked (control.Reacher); nil when im cannot tell.
	reach []map[string]bool
}

// rerun runs the vectors at idx with the guards ignored (contract to
// messages) that im has just been told to ignore: those that reach none
// of them keep their baseline answers without a run, when a.reach says.
func (a *auditor) rerun(ctx context.Context, idx []int, ignored map[string][]string) []impl.Result {
	if a.reach == nil {
		return a.batch(ctx, idx)
	}
	var run []int
	for _, i := range idx {
		for _, m := range ignored[a.run[i].Contract] {
			if a.reach[i][m] {
				run = append(run, i)
				break
			}
		}
	}
	out := a.batch(ctx, run)
	a.res.Unreached += len(idx) - len(run)
	reached := map[int]bool{}
	for _, i := range run {
		reached[i] = true
	}
	for _, i := range idx {
		if !reached[i] {
			out[i] = a.base[i]
		}
	}
	return out
}

// batch runs the vectors at idx (indices into a.run) and returns their
// results by index into a.run (other entries zero).
func (a *auditor) batch(ctx context.Context, idx []int) []impl.Result {
	jobs := make([]impl.Job, len(idx))
	for k, i := range idx {
		c := a.run[i]
		jobs[k] = impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input}
	}
	got := a.im.RunBatch(ctx, jobs)
	a.res.Runs++
	a.res.Vectors += len(jobs)
	out := make([]impl.Result, len(a.run))
	for k, i := range idx {
		out[i] = got[k]
	}
	return out
}

// sweep ignores every audited guard of contract c at once (the guards at
// gi in res.Guards) and reruns the vectors of the other contracts (idx).
// Each changed vector is traced to the guards that change it alone, which
// become Broken; a change no single guard reproduces breaks them all.
func (a *auditor) sweep(ctx context.Context, c string, gi []int, idx []int) {
	res := a.res
	var pairs []protocol.GuardPair
	for _, i := range gi {
		pairs = append(pairs, protocol.GuardPair{Contract: c, Message: res.Guards[i].Message})
	}
	if _, err := a.im.SetIgnore(ctx, pairs); err != nil {
		res.Broke = fmt.Sprintf("ignore (every audited guard of %s): %v", c, err)
		return
	}
	ignored := map[string][]string{}
	for _, p := range pairs {
		ignored[p.Contract] = append(ignored[p.Contract], p.Message)
	}
	got := a.rerun(ctx, idx, ignored)
	if b := broke(a.im); b != "" {
		res.Broke = fmt.Sprintf("with every audited guard of %s ignored: %s", c, b)
		return
	}
	var changed []int
	for _, i := range idx {
		if !answerOf(a.base[i]).Equal(answerOf(got[i])) {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 {
		return
	}
	traced := false
	for _, g := range gi {
		v := &res.Guards[g]
		if _, err := a.im.SetIgnore(ctx, []protocol.GuardPair{{Contract: c, Message: v.Message}}); err != nil {
			res.Broke = fmt.Sprintf("ignore %q: %v", v.Message, err)
			return
		}
		one := a.rerun(ctx, changed, map[string][]string{c: {v.Message}})
		var col []Change
		for _, i := range changed {
			if ch := (Change{Vector: vectorOf(a.run[i]), Before: answerOf(a.base[i]), After: answerOf(one[i])}); !ch.Before.Equal(ch.After) {
				col = append(col, ch)
			}
		}
		if len(col) > 0 {
			traced = true
			v.Collateral = append(v.Collateral, col...)
			v.Status = Broken
			v.Reasons = append(v.Reasons, fmt.Sprintf("ignoring it changes %d vectors of other contracts; first: %s: %s -> %s", len(col), col[0].Vector, col[0].Before, col[0].After))
		}
	}
	if !traced {
		first := changed[0]
		for _, g := range gi {
			v := &res.Guards[g]
			v.Status = Broken
			v.Reasons = append(v.Reasons, fmt.Sprintf("ignoring every audited guard of %s at once changes %d vectors of other contracts, though none alone does; first: %s: %s -> %s",
				c, len(changed), vectorOf(a.run[first]), answerOf(a.base[first]), answerOf(got[first])))
		}
	}
}

// expectedAnswer is the answer vector c requires.
func expectedAnswer(c vectors.Case) Answer {
	if c.Expect == vectors.ExpectOK {
		return Answer{Outcome: protocol.OutcomeOK, Output: c.Output}
	}
	return Answer{Outcome: protocol.OutcomeRefused, Message: c.Message}
}

// broke describes a protocol break of im, if it can break and did.
func broke(im control.Impl) string {
	h, ok := im.(interface {
		Breaks() []string
		Quarantined() bool
	})
	if !ok {
		return ""
	}
	if b := h.Breaks(); len(b) > 0 {
		return strings.Join(b, "; ")
	}
	if h.Quarantined() {
		return "quarantined"
	}
	return ""
}

// guardList is im's table for the contracts in scope that it declares (or
// that vectors name), then, per contract, every message vectors aim at that
// the table lacks, with an empty code.
func guardList(table []protocol.Guard, run []vectors.Case, decl impl.Info, inScope func(string) bool) []protocol.Guard {
	var out []protocol.Guard
	have := map[protocol.GuardPair]bool{}
	for _, g := range table {
		if !inScope(g.Contract) || len(decl.Contracts[g.Contract]) == 0 {
			continue
		}
		p := protocol.GuardPair{Contract: g.Contract, Message: g.Message}
		if have[p] {
			continue
		}
		have[p] = true
		out = append(out, g)
	}
	var missing []protocol.Guard
	for _, c := range run {
		p := protocol.GuardPair{Contract: c.Contract, Message: c.Message}
		if c.Expect != vectors.ExpectRefused || have[p] {
			continue
		}
		have[p] = true
		missing = append(missing, protocol.Guard{Contract: c.Contract, Message: c.Message})
	}
	sort.SliceStable(missing, func(i, j int) bool {
		if missing[i].Contract != missing[j].Contract {
			return missing[i].Contract < missing[j].Contract
		}
		return missing[i].Message < missing[j].Message
	})
	return append(out, missing...)
}

// guard proves one guard, rerunning the vectors at scope (indices into
// a.run), which hold every vector aimed at it.
func (a *auditor) guard(ctx context.Context, g protocol.Guard, scope []int) Guard {
	im, opts, res, run, base := a.im, a.opts, a.res, a.run, a.base
	v := Guard{Contract: g.Contract, Code: g.Code, Message: g.Message}
	var aimed []int
	grammar := 0
	for i, c := range run {
		if c.Contract == g.Contract && c.Expect == vectors.ExpectRefused && c.Message == g.Message {
			aimed = append(aimed, i)
			if c.Exception == GrammarTag {
				grammar++
			}
		}
	}
	v.Aimed = len(aimed)
	if g.Code == "" {
		v.Status = Broken
		v.Reasons = append(v.Reasons, fmt.Sprintf("%d vectors aim at this message, but it is not in the implementation's guard table", len(aimed)))
		return v
	}
	unreachable := declaredUnreachable(g.Contract, g.Message)
	switch {
	case unreachable && len(aimed) > 0:
		v.Status = Broken
		v.Reasons = append(v.Reasons, fmt.Sprintf("its contract's Refusals table declares it %s, yet %d vectors aim at it", vectors.Unreachable, len(aimed)))
		return v
	case len(aimed) == 0 && !unreachable:
		v.Status = Broken
		v.Reasons = append(v.Reasons, "no vector aims at this guard, so nothing proves it single-cause")
		return v
	}
	isGrammar := !unreachable && grammar == len(aimed)
	if isGrammar && !opts.ProbeGrammar {
		v.Status = Exception
		v.Excepted = map[string]int{GrammarTag: grammar}
		v.Reasons = append(v.Reasons, fmt.Sprintf("grammar guard: all %d vectors aimed at it are tagged %s; it has no accept path and is not ignored (run with --probe-grammar to check that ignoring it changes nothing)", grammar, GrammarTag))
		return v
	}

	unknown, err := im.SetIgnore(ctx, []protocol.GuardPair{{Contract: g.Contract, Message: g.Message}})
	if err != nil {
		res.Broke = fmt.Sprintf("ignore %q: %v", g.Message, err)
		v.Status = Broken
		v.Reasons = append(v.Reasons, "the implementation broke on the ignore request: "+err.Error())
		return v
	}
	if len(unknown) > 0 {
		v.Status = Broken
		v.Reasons = append(v.Reasons, "the implementation answered the ignore request with this guard as unknown")
		return v
	}
	got := a.rerun(ctx, scope, map[string][]string{g.Contract: {g.Message}})
	v.Ran = true
	if b := broke(im); b != "" {
		res.Broke = fmt.Sprintf("with %q ignored: %s", g.Message, b)
	}

	isAimed := map[int]bool{}
	for _, i := range aimed {
		isAimed[i] = true
	}
	for _, i := range scope {
		c := run[i]
		ch := Change{Vector: vectorOf(c), Before: answerOf(base[i]), After: answerOf(got[i])}
		if !isAimed[i] || (isGrammar && opts.ProbeGrammar) {
			if !ch.Before.Equal(ch.After) {
				v.Collateral = append(v.Collateral, ch)
			}
			continue
		}
		switch {
		case got[i].Outcome == protocol.OutcomeOK:
			v.Flipped++
			if c.Exception != "" {
				v.UnusedTags = append(v.UnusedTags, vectorOf(c))
			}
		case c.Exception != "" && got[i].Outcome == protocol.OutcomeRefused:
			if v.Excepted == nil {
				v.Excepted = map[string]int{}
			}
			v.Excepted[c.Exception]++
		default:
			v.Unflipped = append(v.Unflipped, ch)
		}
	}

	switch {
	case len(v.Unflipped) > 0 || len(v.Collateral) > 0 || res.Broke != "":
		v.Status = Broken
		if n := len(v.Unflipped); n > 0 {
			v.Reasons = append(v.Reasons, fmt.Sprintf("%d of %d vectors aimed at it were not accepted and carry no exception tag; first: %s: %s", n, v.Aimed, v.Unflipped[0].Vector, v.Unflipped[0].After))
		}
		if n := len(v.Collateral); n > 0 {
			c := v.Collateral[0]
			v.Reasons = append(v.Reasons, fmt.Sprintf("%d other vectors changed; first: %s: %s -> %s", n, c.Vector, c.Before, c.After))
		}
		if res.Broke != "" {
			v.Reasons = append(v.Reasons, "the implementation broke: "+res.Broke)
		}
	case unreachable:
		v.Status = Exception
		v.Reasons = append(v.Reasons, fmt.Sprintf("declared %s (its contract's Refusals table): no vector aims at it, and ignoring it changed none of the %d vectors rerun", vectors.Unreachable, len(scope)))
	case isGrammar:
		v.Status = Exception
		v.Excepted = map[string]int{GrammarTag: grammar}
		v.Reasons = append(v.Reasons, fmt.Sprintf("grammar guard, probed: ignoring it changed none of the %d vectors rerun (its %d tagged %s stayed refused)", len(scope), grammar, GrammarTag))
	case len(v.Excepted) > 0:
		v.Status = Exception
		v.Reasons = append(v.Reasons, fmt.Sprintf("%d of %d vectors flipped to accepted; the rest carry exception tags (%s); no other vector changed", v.Flipped, v.Aimed, tagList(v.Excepted)))
	default:
		v.Status = Flipped
		v.Reasons = append(v.Reasons, fmt.Sprintf("all %d vectors aimed at it flipped to accepted; none of the other %d rerun changed", v.Aimed, len(scope)-v.Aimed))
	}
	if n := len(v.UnusedTags); n > 0 {
		v.Reasons = append(v.Reasons, fmt.Sprintf("note: %d tagged vectors were accepted anyway (stale tag?); first: %s [%s]", n, v.UnusedTags[0], v.UnusedTags[0].Exception))
	}
	return v
}

func tagList(m map[string]int) string {
	var parts []string
	for t, n := range m {
		parts = append(parts, fmt.Sprintf("%s %d", t, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// AuditAll audits every implementation concurrently, each over its own
// process, and returns the results in the order of impls.
func AuditAll(ctx context.Context, cases []vectors.Case, impls []control.Impl, opts Options) []Result {
	out := make([]Result, len(impls))
	var wg sync.WaitGroup
	for i, im := range impls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = Audit(ctx, cases, im, opts)
		}()
	}
	wg.Wait()
	return out
}
