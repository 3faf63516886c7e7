package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/spec"
)

type evalOptions struct {
	implFlags
	contract  string
	op        string
	inputFile string
	jsonl     bool
}

// evalLine is one line of eval's output, in batch and single mode alike.
// An ok answer always carries output_hex, "" for an acceptance without
// output bytes (a contract whose answer is its verdict).
type evalLine struct {
	ID        string  `json:"id,omitempty"`
	Impl      string  `json:"impl"`
	Outcome   string  `json:"outcome"`
	OutputHex *string `json:"output_hex,omitempty"`
	Message   string  `json:"message,omitempty"`
	Reason    string  `json:"reason,omitempty"`
}

// The bounds of eval's input (README.md, "Bounds"): one input (stdin or
// --input-file) is at most maxEvalInput bytes, which a protocol line
// carries with room to spare; a --jsonl line at most maxEvalLine bytes;
// a --jsonl batch at most maxEvalLines lines and maxEvalBatch input bytes
// in all; an id at most maxEvalID bytes.
const (
	maxEvalInput = 32 << 20
	maxEvalLine  = 64 << 20
	maxEvalLines = 1_000_000
	maxEvalBatch = 256 << 20
	maxEvalID    = 1024
)

var (
	evalInputBound = infile.Bound{Max: maxEvalInput, What: "one eval input"}
	evalLineBound  = infile.Bound{Max: maxEvalLine, What: "one eval --jsonl line"}
	evalLinesBound = infile.Bound{Max: maxEvalLines, What: "the lines of one eval --jsonl batch"}
	evalBatchBound = infile.Bound{Max: maxEvalBatch, What: "the inputs of one eval --jsonl batch together"}
	evalIDBound    = infile.Bound{Max: maxEvalID, What: "one eval --jsonl id"}
)

// evalAgreement is the line eval writes after the answers of each input
// when it asks several implementations: Groups are the implementations
// that answered (ok or refused), grouped by identical answer, in the
// order they were named; Failed those asked that gave no answer (errored,
// timed out, or skipped); NotAnnounced those not asked, their handshake
// not announcing the contract and operation. Agree is true when every
// implementation asked gave the same answer: one group, none failed.
type evalAgreement struct {
	ID           string     `json:"id,omitempty"`
	Agree        bool       `json:"agree"`
	Groups       [][]string `json:"groups"`
	Failed       []string   `json:"failed,omitempty"`
	NotAnnounced []string   `json:"not_announced,omitempty"`
}

// notDeclared is the reason of the skipped line of an implementation
// eval does not ask, its handshake not announcing the contract and
// operation: the reason conform run gives such a case.
const notDeclared = "not declared in the handshake"

func newEvalCmd(env *Env) *cobra.Command {
	o := &evalOptions{}
	cmd := &cobra.Command{
		Use:   "eval --contract C [--impl I]...",
		Short: "Give implementations' answers for an input, or a JSONL batch of inputs, and whether they agree",
		Long: `eval runs one input (--input-file F, or stdin) through implementations
and prints their answers, one JSON line each.

With one implementation (one --impl naming one), the line is its answer:
  {"impl":"ts","outcome":"ok","output_hex":"..."}
  {"impl":"ts","outcome":"refused","message":"..."}
With several (--impl repeated or comma-separated; without --impl, go, ts,
python and every implementation of the configuration file), one answer
line per implementation, in the order named, then one agreement line:
  {"impl":"go","outcome":"ok","output_hex":"7b7d"}
  {"impl":"ts","outcome":"ok","output_hex":"7b7d"}
  {"impl":"python","outcome":"refused","message":"..."}
  {"agree":false,"groups":[["go","ts"],["python"]]}
groups are the implementations that answered (ok or refused), grouped by
identical answer (outcome, output bytes, refusal message; where a refusal
says it refused is not compared), in the order named; an outside
implementation's comparison applies as in conform run: its message map
first, and under --compare verdict (or compare = "verdict") its refusal
joins the first group of refusals, whatever its message; failed lists those
asked that gave no answer (errored, timed out, skipped); not_announced
those whose handshake does not announce the contract and operation,
which are not asked (their line is skipped, "not declared in the
handshake"). agree is true when every implementation asked gave the same
answer: one group, none failed. The Go reference is compared only when
named (it is among the defaults). An agreement line has no "impl".

With --jsonl it reads lines {"id":...,"input_hex":...} from the input and
writes, input by input, the same lines, each with the input's id,
pipelined through one harness per implementation (the implementations
side by side). An outcome is ok, refused, errored or skipped; a harness
timeout is errored. An ok answer always has output_hex: "" is an
acceptance with no output bytes, which is the whole answer of an
operation whose output is its verdict (spec/catalogue.json says "empty
(the verdict is the result)"); in single mode eval then says so on
stderr. Each id of --jsonl is a non-empty JSON string of valid UTF-8,
given once.

Bounds (exit 2 naming the bound): one input 32 MiB; one --jsonl line
64 MiB; a --jsonl batch 1,000,000 lines and 256 MiB of inputs; an id 1 KiB.
--input-file must be a regular file (a named pipe or a device is refused
unopened; to read a pipe, give it as stdin).

Exit codes, as conform run's: 0 when every input was answered (ok or
refused) and, with several implementations, they agreed on each; 1 when
they disagreed on an input; 3 when an implementation errored, skipped a
case it announced or broke the protocol (3 before 1); 2 on a usage error
(with one implementation, one that does not announce the contract and
operation; with several, none that does); 130 when interrupted.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEval(cmd, env, o) },
	}
	o.register(cmd, []string{impl.Reference, impl.TS, impl.Python})
	f := cmd.Flags()
	f.Lookup("impl").Usage = "the implementations to ask and compare (without --impl, the configuration file's join the defaults): go, ts, python (or fake:<bug>, a fuzz test double), a name the configuration file defines, or NAME=COMMAND ARGS... or NAME=image:REF [-- ARGS...]; repeatable, names also comma-separated; one implementation prints its answer alone"
	f.StringVar(&o.contract, "contract", "", "contract name with its version, as spec/catalogue.json and conform run's matrix list them (required)")
	f.StringVar(&o.op, "op", "", "operation (default: the contract's only operation)")
	f.StringVar(&o.inputFile, "input-file", "", "read the input from this file instead of stdin")
	f.BoolVar(&o.jsonl, "jsonl", false, `batch mode: input lines {"id":...,"input_hex":...}`)
	return cmd
}

// evalNames returns the implementations eval asks, in the order named:
// names (as --impl and the configuration file resolved them) trimmed,
// without blanks and repeats. The Go reference is among them only when
// named.
func evalNames(names []string) []string {
	var out []string
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func runEval(cmd *cobra.Command, env *Env, o *evalOptions) error {
	if err := o.resolve(); err != nil {
		return err
	}
	names := evalNames(o.names)
	if len(names) == 0 {
		return usageErr("eval needs an implementation to ask (--impl)")
	}
	if o.contract == "" {
		return usageErr("eval needs --contract")
	}
	ops := (&runner.Reference{}).Implementation().Contracts[o.contract]
	if ops == nil {
		return usageErr("unknown contract %q", o.contract)
	}
	if o.op == "" {
		if len(ops) != 1 {
			return usageErr("contract %s has several operations; name one with --op (%s)", o.contract, strings.Join(ops, ", "))
		}
		o.op = ops[0]
	} else if !slices.Contains(ops, o.op) {
		return usageErr("contract %s has no operation %q (it has %s)", o.contract, o.op, strings.Join(ops, ", "))
	}
	ctx := cmd.Context()
	in := env.Stdin
	if o.inputFile != "" {
		f, err := infile.Open(o.inputFile)
		if err != nil {
			return usageErr("--input-file: %v", err)
		}
		defer f.Close()
		in = f
	}
	var ids []string
	var jobs []impl.Job
	if o.jsonl {
		// Read in a goroutine: stdin may be a terminal or a pipe nobody
		// writes to, and an interrupt must still end the command.
		type batch struct {
			ids  []string
			jobs []impl.Job
			err  error
		}
		done := make(chan batch, 1)
		go func() {
			ids, jobs, err := readEvalBatch(in, o.inputFileName(), o.contract, o.op)
			done <- batch{ids, jobs, err}
		}()
		select {
		case b := <-done:
			if b.err != nil {
				return b.err
			}
			ids, jobs = b.ids, b.jobs
		case <-ctx.Done():
			return ctx.Err()
		}
	} else {
		b, err := infile.ReadAll(ctx, in, evalInputBound)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return usageErr("reading the input (%s): %v", o.inputFileName(), err)
		}
		ids, jobs = []string{""}, []impl.Job{{Contract: o.contract, Op: o.op, Input: b}}
	}
	s, err := startImpls(cmd.Context(), &o.implFlags, env.Stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	ims := make([]impl.Impl, len(names))
	for i, n := range names {
		for _, x := range s.impls {
			if x.Name() == n {
				ims[i] = x
			}
		}
		if ims[i] == nil {
			// The driver starts every name it validated; this is a bug.
			return brokenErr(fmt.Errorf("eval: %s was not started", n))
		}
	}
	if len(names) == 1 {
		return evalOne(ctx, env, o, ims[0], ids, jobs)
	}
	return evalMany(ctx, env, o, ims, ids, jobs)
}

// answerLine is the output line of one answer r of implementation name to
// the input with this id: a timeout is errored, and an ok answer carries
// its output in hex ("" for none).
func answerLine(id, name string, r impl.Result) evalLine {
	line := evalLine{ID: id, Impl: name, Outcome: r.Outcome, Message: r.Message, Reason: r.Reason}
	switch r.Outcome {
	case impl.OK:
		h := hex.EncodeToString(r.Output)
		line.OutputHex = &h
	case impl.Timeout:
		line.Outcome = impl.Errored
	}
	return line
}

// writeEvalLine writes v as one JSON line.
func writeEvalLine(w io.Writer, v any) {
	js, _ := json.Marshal(v) // plain strings and lists always marshal
	w.Write(append(js, '\n'))
}

// evalBreaks closes im when it can break (a harness) and says each break
// of the protocol it saw on stderr; it reports whether there was one. A
// break the client could not pin to one case (a batch that broke, then
// answered clean one request at a time) leaves every answer ok; it is
// still the implementation breaking the protocol.
func evalBreaks(env *Env, im impl.Impl) bool {
	h, ok := im.(impl.Health)
	if !ok {
		return false
	}
	h.Close()
	for _, b := range h.Breaks() {
		fmt.Fprintf(env.Stderr, "conform eval: %s broke the protocol: %s\n", im.Name(), b)
	}
	return len(h.Breaks()) > 0
}

// evalOne asks one implementation and prints its answers, one line per
// input: eval with one --impl. An implementation that does not announce
// the contract and operation is a usage error.
func evalOne(ctx context.Context, env *Env, o *evalOptions, im impl.Impl, ids []string, jobs []impl.Job) error {
	name := im.Name()
	// An implementation is asked only what its handshake announces (as
	// conform run asks it). Asking eval for anything else is a usage
	// error, not the implementation breaking the protocol.
	if !im.Implementation().Supports(o.contract, o.op) {
		return usageErr("%s does not announce %s %s in its handshake (it announces: %s)", name, o.contract, o.op, announcedOps(im.Implementation()))
	}
	results := im.RunBatch(ctx, jobs)
	if ctx.Err() != nil {
		// Interrupted: the answers are not answers.
		return &exitError{code: report.ExitInterrupted, err: ctx.Err()}
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	failed := false
	for i, r := range results {
		line := answerLine(ids[i], name, r)
		if !o.jsonl && line.Outcome == impl.OK && len(r.Output) == 0 {
			fmt.Fprintf(env.Stderr, "conform eval: accepted, with no output bytes: %s %s answers %s\n", o.contract, o.op, outputOf(o.contract, o.op))
		}
		if line.Outcome == impl.Errored || line.Outcome == impl.Skipped {
			failed = true
		}
		writeEvalLine(w, line)
	}
	if evalBreaks(env, im) {
		failed = true
	}
	if failed {
		return exitCode(report.ExitBroken)
	}
	return nil
}

// evalMany asks several implementations, side by side, and prints for
// each input their answers (in the order of ims) and the agreement line
// (evalAgreement). An implementation whose handshake does not announce
// the contract and operation is not asked; none that does is a usage
// error. The exit code is 3 for an implementation that gave no answer or
// broke the protocol, else 1 for a disagreement, else 0.
func evalMany(ctx context.Context, env *Env, o *evalOptions, ims []impl.Impl, ids []string, jobs []impl.Job) error {
	asked := make([]bool, len(ims))
	someAsked := false
	var announced []string
	for i, im := range ims {
		asked[i] = im.Implementation().Supports(o.contract, o.op)
		someAsked = someAsked || asked[i]
		announced = append(announced, im.Name()+": "+announcedOps(im.Implementation()))
	}
	if !someAsked {
		return usageErr("no implementation asked announces %s %s in its handshake (%s)", o.contract, o.op, strings.Join(announced, "; "))
	}
	results := make([][]impl.Result, len(ims))
	var wg sync.WaitGroup
	for i, im := range ims {
		if asked[i] {
			wg.Go(func() { results[i] = im.RunBatch(ctx, jobs) })
		}
	}
	wg.Wait()
	if ctx.Err() != nil {
		// Interrupted: the answers are not answers.
		return &exitError{code: report.ExitInterrupted, err: ctx.Err()}
	}
	// Each outside implementation's comparison (--compare, or its compare
	// and messages in the configuration file), as conform run applies it.
	cmps := map[string]runner.Comparison{}
	for _, x := range o.implFlags.outside {
		cmps[x.Name] = runner.Comparison{Mode: x.Compare, Messages: x.Messages}
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	failed, disagree, empty := false, false, false
	for j := range jobs {
		ag := evalAgreement{ID: ids[j], Groups: [][]string{}}
		var answers []string // the answer of each group, as a key
		// The refusals of implementations compared on their verdict join
		// the first group of refusals once the others are grouped.
		var anyRefusal []string
		for i, im := range ims {
			name := im.Name()
			if !asked[i] {
				ag.NotAnnounced = append(ag.NotAnnounced, name)
				writeEvalLine(w, evalLine{ID: ids[j], Impl: name, Outcome: impl.Skipped, Reason: notDeclared})
				continue
			}
			r := results[i][j]
			line := answerLine(ids[j], name, r)
			writeEvalLine(w, line)
			var key string
			switch line.Outcome {
			case impl.OK:
				key = "ok\x00" + *line.OutputHex
				empty = empty || len(r.Output) == 0
			case impl.Refused:
				cmp := cmps[name]
				if cmp.Mode == report.CompareVerdict {
					anyRefusal = append(anyRefusal, name)
					continue
				}
				key = "refused\x00" + cmp.Message(o.contract, r.Message)
			default:
				ag.Failed = append(ag.Failed, name)
				failed = true
				continue
			}
			if k := slices.Index(answers, key); k >= 0 {
				ag.Groups[k] = append(ag.Groups[k], name)
			} else {
				answers = append(answers, key)
				ag.Groups = append(ag.Groups, []string{name})
			}
		}
		if len(anyRefusal) > 0 {
			k := slices.IndexFunc(answers, func(a string) bool { return strings.HasPrefix(a, "refused\x00") })
			if k < 0 {
				answers = append(answers, "refused\x00")
				ag.Groups = append(ag.Groups, nil)
				k = len(ag.Groups) - 1
			}
			ag.Groups[k] = append(ag.Groups[k], anyRefusal...)
		}
		ag.Agree = len(ag.Groups) == 1 && len(ag.Failed) == 0
		disagree = disagree || !ag.Agree
		writeEvalLine(w, ag)
	}
	if empty && !o.jsonl {
		fmt.Fprintf(env.Stderr, "conform eval: accepted, with no output bytes: %s %s answers %s\n", o.contract, o.op, outputOf(o.contract, o.op))
	}
	for i, im := range ims {
		if asked[i] && evalBreaks(env, im) {
			failed = true
		}
	}
	switch {
	case failed:
		return exitCode(report.ExitBroken)
	case disagree:
		return exitCode(report.ExitDisagree)
	}
	return nil
}

func (o *evalOptions) inputFileName() string {
	if o.inputFile == "" {
		return "stdin"
	}
	return o.inputFile
}

// outputOf is what the catalogue says an operation answers on acceptance.
func outputOf(contract, op string) string {
	if k, ok := spec.MustLoad().Contract(contract); ok {
		if o, ok := k.Operation(op); ok {
			return strconv.Quote(o.Output)
		}
	}
	return "no output"
}

// readEvalBatch parses --jsonl input, within the bounds of eval's input.
// Every malformed line is a usage error naming the input and the line: a
// line that is not one JSON object of exactly id and input_hex, each once;
// invalid UTF-8; an id that is missing, not a string (null included),
// empty, over its bound or given twice; input_hex that is missing or not
// hex; a line, a batch or its inputs over their bounds.
func readEvalBatch(r io.Reader, name, contract, op string) ([]string, []impl.Job, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), maxEvalLine)
	var ids []string
	var jobs []impl.Job
	seen := map[string]int{}
	total := 0
	n := 0
	for sc.Scan() {
		n++
		if n > maxEvalLines {
			return nil, nil, usageErr("%s:%d: %v", name, n, &infile.TooLargeError{Bound: evalLinesBound, Unit: "lines"})
		}
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if !utf8.Valid(line) {
			return nil, nil, usageErr("%s:%d: not valid UTF-8", name, n)
		}
		if err := oneObjectNoDuplicates(line); err != nil {
			return nil, nil, usageErr("%s:%d: %v", name, n, err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			return nil, nil, usageErr("%s:%d: %v", name, n, err)
		}
		for k := range raw {
			if k != "id" && k != "input_hex" {
				return nil, nil, usageErr("%s:%d: unknown member %q (a line has id and input_hex)", name, n, k)
			}
		}
		id, err := evalString(raw, "id")
		if err != nil {
			return nil, nil, usageErr("%s:%d: %v", name, n, err)
		}
		switch {
		case id == "":
			return nil, nil, usageErr("%s:%d: empty id", name, n)
		case len(id) > maxEvalID:
			return nil, nil, usageErr("%s:%d: id of %v", name, n, &infile.TooLargeError{Bound: evalIDBound})
		case seen[id] > 0:
			return nil, nil, usageErr("%s:%d: id %q repeats line %d", name, n, id, seen[id])
		}
		seen[id] = n
		h, err := evalString(raw, "input_hex")
		if err != nil {
			return nil, nil, usageErr("%s:%d: %v", name, n, err)
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, nil, usageErr("%s:%d: input_hex: %v", name, n, err)
		}
		if total += len(b); total > maxEvalBatch {
			return nil, nil, usageErr("%s:%d: %v", name, n, &infile.TooLargeError{Bound: evalBatchBound})
		}
		ids = append(ids, id)
		jobs = append(jobs, impl.Job{Contract: contract, Op: op, Input: b})
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = &infile.TooLargeError{Bound: evalLineBound}
		}
		return nil, nil, usageErr("%s:%d: %v", name, n+1, err)
	}
	if len(jobs) == 0 {
		return nil, nil, usageErr("%s: no input lines", name)
	}
	return ids, jobs, nil
}

// evalString returns the member key of a --jsonl line, which must be
// there and be a JSON string (null is not one).
func evalString(raw map[string]json.RawMessage, key string) (string, error) {
	v, ok := raw[key]
	if !ok {
		return "", fmt.Errorf("no %s", key)
	}
	var s string
	if len(v) == 0 || v[0] != '"' {
		return "", fmt.Errorf("%s is not a JSON string: %.40s", key, v)
	}
	// JSON v2 refuses what would not be valid UTF-8: a lone surrogate
	// escape, which encoding/json turns into U+FFFD unseen.
	if err := jsonv2.Unmarshal(v, &s); err != nil {
		return "", fmt.Errorf("%s is not a string of valid UTF-8: %v", key, err)
	}
	return s, nil
}

// oneObjectNoDuplicates checks that line is exactly one JSON object, with
// nothing after it and no member name twice at its top level, which
// encoding/json would otherwise let through (keeping the last).
func oneObjectNoDuplicates(line []byte) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("not a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if seen[key] {
			return fmt.Errorf("member %q appears twice", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON object")
	}
	return nil
}

// announcedOps renders what a handshake announces, "<contract> <op>, ..."
// sorted, or "nothing", for messages.
func announcedOps(info impl.Info) string {
	var out []string
	for c, ops := range info.Contracts {
		for _, op := range ops {
			out = append(out, c+" "+op)
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
