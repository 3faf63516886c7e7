package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/delta"
	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/runner"
)

// deltaOptions are the flags of conform delta.
type deltaOptions struct {
	implFlags
	contract, op, newOp string
	rewrites            []string
	vectorsDir          string
	corpora             []string
	fuzzTime            time.Duration
	seed                uint64
	minimizeTime        time.Duration
	narrows             bool
	findings            string
	force               bool
	format              string
	out                 output
	max                 int
}

func newDeltaCmd(env *Env) *cobra.Command {
	o := &deltaOptions{}
	cmd := &cobra.Command{
		Use:   "delta --contract C --op OLD [--new-op NEW] [--impl OLD [--impl NEW]]",
		Short: "A version's behavioural delta: the inputs on which two operations, or two implementations, differ",
		Long: `delta runs two sides on the same inputs and reports the inputs whose verdict
or output differs. A side is an implementation and an operation of one
contract: two operations of one implementation (--op and --new-op, such as
a document's /1 and /2 validators), or one operation of two
implementations (--impl OLD --impl NEW, such as a team's old and new
build; the Go reference when --impl is not given). The inputs are the
vectors of both operations, the --corpus entries of the contract's
operations, and --time of fuzzing (the contract's fuzz generators, drawing
inputs of both operations; --seed fixes the stream). Four classes:

  widened        the old side refuses, the new side accepts
  narrowed       the old side accepts, the new side refuses
  accepted-both  both accept, with different outputs
  refused-both   both refuse, with different messages

--rewrite FROM=TO gives each side the input as its own version reads it:
the old side every TO replaced by FROM, the new side every FROM replaced
by TO (a schema tag: --rewrite aether.x/1=aether.x/2). --narrows asserts
the direction of a change that must not overreach: any widened input
fails it (exit 1). Each finding is minimized (bytes removed while it stays
in its class; --minimize-time in all), and with --findings DIR written as
a vector set (DIR/<contract-dir>/delta-<op>.jsonl, each side's file
expecting that side's answer, and DIR/MANIFEST; conform run --vectors DIR
runs them), never over an existing file without --force.

It exits 0, 1 with --narrows and a widened input, 2 on a usage or
configuration error, 3 when an implementation fails to start.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDelta(cmd, env, o) },
	}
	o.implFlags.register(cmd, nil)
	f := cmd.Flags()
	f.StringVar(&o.contract, "contract", "", "the contract of both operations (required)")
	f.StringVar(&o.op, "op", "", "the old side's operation (required)")
	f.StringVar(&o.newOp, "new-op", "", "the new side's operation (default: --op)")
	f.StringArrayVar(&o.rewrites, "rewrite", nil, "FROM=TO: the old side's input with TO replaced by FROM, the new side's with FROM replaced by TO (repeatable)")
	f.StringVar(&o.vectorsDir, "vectors", "", "the vector set whose inputs are compared (default: the one compiled in)")
	f.StringArrayVar(&o.corpora, "corpus", nil, "a corpus (file or directory) whose entries of the contract are compared too (repeatable)")
	f.DurationVar(&o.fuzzTime, "time", 30*time.Second, "fuzzing time (0: none)")
	f.Uint64Var(&o.seed, "seed", 1, "the seed of the fuzz stream")
	f.DurationVar(&o.minimizeTime, "minimize-time", 30*time.Second, "time to minimize the findings in, widened first (0: none)")
	f.BoolVar(&o.narrows, "narrows", false, "fail (exit 1) on any widened input: the new side must not accept what the old side refuses")
	f.StringVar(&o.findings, "findings", "", "write the findings as a vector set into this directory")
	f.BoolVar(&o.force, "force", false, "replace existing --findings files and --output file")
	f.StringVar(&o.format, "format", "text", "rendering: text or json")
	f.StringVarP(&o.out.path, "output", "o", "", "write the rendering to this file (atomically) instead of stdout")
	f.IntVar(&o.max, "max", 20, "findings of each class the text lists (0: all kept)")
	return cmd
}

// check refuses, before anything starts, what delta cannot run, and
// returns the rewrites.
func (o *deltaOptions) check() ([]delta.Rewrite, error) {
	if o.contract == "" || o.op == "" {
		return nil, usageErr("delta needs --contract and --op")
	}
	if o.newOp == "" {
		o.newOp = o.op
	}
	ops := (&runner.Reference{}).Implementation().Contracts[o.contract]
	if ops == nil {
		return nil, usageErr("unknown contract %q", o.contract)
	}
	for _, op := range []string{o.op, o.newOp} {
		if !slices.Contains(ops, op) {
			return nil, usageErr("contract %s has no operation %q (it has %s)", o.contract, op, strings.Join(ops, ", "))
		}
	}
	if o.format != "text" && o.format != "json" {
		return nil, usageErr("unknown --format %q (text, json)", o.format)
	}
	switch {
	case o.fuzzTime < 0:
		return nil, usageErr("--time %s: want 0 or more", o.fuzzTime)
	case o.minimizeTime < 0:
		return nil, usageErr("--minimize-time %s: want 0 or more", o.minimizeTime)
	case o.max < 0:
		return nil, usageErr("--max %d: want 0 (all) or more", o.max)
	}
	var rws []delta.Rewrite
	for _, r := range o.rewrites {
		from, to, ok := strings.Cut(r, "=")
		if !ok || from == "" || to == "" || from == to {
			return nil, usageErr("--rewrite %q: want FROM=TO, two different non-empty strings", r)
		}
		rws = append(rws, delta.Rewrite{From: from, To: to})
	}
	o.out.force = o.force
	if err := o.out.check(); err != nil {
		return nil, err
	}
	return rws, nil
}

// runDelta runs conform delta (newDeltaCmd).
func runDelta(cmd *cobra.Command, env *Env, o *deltaOptions) error {
	rws, err := o.check()
	if err != nil {
		return err
	}
	if err := o.resolve(); err != nil {
		return err
	}
	var names []string
	for _, n := range o.names {
		names = append(names, strings.Split(n, ",")...)
	}
	switch {
	case len(names) > 2:
		return usageErr("delta compares two sides: give --impl once (both sides) or twice (the old, then the new), not %d names", len(names))
	case len(names) == 0:
		names = []string{"go"}
	}
	oldName, newName := strings.TrimSpace(names[0]), strings.TrimSpace(names[len(names)-1])
	if oldName == newName && o.op == o.newOp {
		return usageErr("both sides are %s %s: name another --new-op, or a second --impl", oldName, o.op)
	}
	set, err := loadCases(o.vectorsDir, o.corpora, env.Stderr)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	s, err := startImpls(ctx, &o.implFlags, env.Stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	side := func(name, op string) (delta.Side, error) {
		for _, im := range s.impls {
			if im.Name() == name {
				if !slices.Contains(im.Implementation().Contracts[o.contract], op) {
					return delta.Side{}, usageErr("%s does not announce %s %s in its handshake", name, o.contract, op)
				}
				return delta.Side{Impl: im, Op: op}, nil
			}
		}
		return delta.Side{}, usageErr("no implementation %q started", name)
	}
	oldSide, err := side(oldName, o.op)
	if err != nil {
		return err
	}
	newSide, err := side(newName, o.newOp)
	if err != nil {
		return err
	}
	cfg := delta.Config{Contract: o.contract, Old: oldSide, New: newSide, Rewrites: rws}

	var inputs []delta.Input
	for _, c := range set.cases {
		if c.Contract != o.contract || c.Op != o.op && c.Op != o.newOp {
			continue
		}
		in := c.Input
		if c.Op == o.newOp && o.newOp != o.op {
			in = cfg.OldInput(in) // in the old side's space
		}
		kind, origin := "vectors", c.Source+" "+c.Name
		if c.Corpus != "" {
			kind, origin = "corpus", c.Source
		}
		inputs = append(inputs, delta.Input{Bytes: in, Kind: kind, Origin: origin})
	}
	fmt.Fprintf(env.Stderr, "conform delta: %d inputs of the vectors and corpora\n", len(inputs))
	res := delta.Compare(ctx, cfg, inputs)
	if o.fuzzTime > 0 && ctx.Err() == nil {
		if draw := fuzzDraw(o.contract, o.op, o.newOp); draw != nil {
			fmt.Fprintf(env.Stderr, "conform delta: fuzzing for %s\n", o.fuzzTime)
			delta.Fuzz(ctx, cfg, res, draw, o.fuzzTime, o.seed)
		} else {
			fmt.Fprintf(env.Stderr, "conform delta: no fuzz generator draws %s or %s: no fuzzing\n", escape.Line(o.op), escape.Line(o.newOp))
		}
	}
	if o.minimizeTime > 0 && len(res.Findings) > 0 && ctx.Err() == nil {
		n := delta.Minimize(ctx, cfg, res, o.minimizeTime)
		fmt.Fprintf(env.Stderr, "conform delta: %d findings minimized\n", n)
	}
	if ctx.Err() != nil {
		// Interrupted: what was found is no finding, and nothing is
		// published (--findings, --output), as conform run publishes no
		// report of an interrupted run.
		return &exitError{code: report.ExitInterrupted, err: ctx.Err()}
	}
	if o.findings != "" && len(res.Findings) > 0 {
		paths, err := delta.WriteVectors(o.findings, cfg, res, o.force)
		if err != nil {
			return usageErr("--findings: %v", err)
		}
		fmt.Fprintf(env.Stderr, "conform delta: findings written as vectors in %s: %s\n", escape.Line(o.findings), strings.Join(paths, " "))
	}
	if err := writeDelta(o.out.writer(env.Stdout), o.format, res, o.max); err != nil {
		return usageErr("rendering %s: %v", o.format, err)
	}
	if o.narrows {
		verdict := "--narrows: nothing widened"
		if n := res.Counts[delta.Widened]; n > 0 {
			verdict = fmt.Sprintf("--narrows: %d inputs widened: the new side accepts what the old side refuses; exit code 1", n)
		}
		if o.format == "text" {
			fmt.Fprintf(o.out.writer(env.Stdout), "\n%s\n", verdict)
		} else {
			fmt.Fprintf(env.Stderr, "conform delta: %s\n", verdict)
		}
	}
	if err := o.out.commit(); err != nil {
		return err
	}
	if o.narrows && res.Counts[delta.Widened] > 0 {
		return exitCode(report.ExitDisagree)
	}
	return nil
}

func writeDelta(w io.Writer, format string, res *delta.Result, limit int) error {
	if format == "json" {
		return delta.WriteJSON(w, res)
	}
	return delta.WriteText(w, res, limit)
}

// fuzzDraw returns a generator of inputs of the two operations from the
// contract's fuzz targets, each operation drawn by a target that has it;
// nil when none has either. An operation no target has is drawn as the
// other.
func fuzzDraw(contract, oldOp, newOp string) delta.Draw {
	targets := cases.ForContract(contract)
	pick := func(op string) (cases.Target, bool) {
		for _, t := range targets {
			if t.OpIndex(op) >= 0 {
				return t, true
			}
		}
		return cases.Target{}, false
	}
	ot, oldOK := pick(oldOp)
	nt, newOK := pick(newOp)
	switch {
	case !oldOK && !newOK:
		return nil
	case !oldOK:
		ot, oldOp = nt, newOp
	case !newOK:
		nt, newOp = ot, oldOp
	}
	return func(s *gen.Source, op string) []byte {
		if op == newOp && newOp != oldOp {
			return nt.Draw(s, newOp)
		}
		return ot.Draw(s, oldOp)
	}
}
