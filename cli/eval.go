package cli

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"conform/impl"
	"conform/report"
	"conform/runner"
)

type evalOptions struct {
	implFlags
	contract  string
	op        string
	inputFile string
	jsonl     bool
}

// evalLine is one line of eval's output, in batch and single mode alike.
type evalLine struct {
	ID        string `json:"id,omitempty"`
	Impl      string `json:"impl"`
	Outcome   string `json:"outcome"`
	OutputHex string `json:"output_hex,omitempty"`
	Message   string `json:"message,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// evalInput is one line of eval's --jsonl input.
type evalInput struct {
	ID       string  `json:"id"`
	InputHex *string `json:"input_hex"`
}

func newEvalCmd(env *Env) *cobra.Command {
	o := &evalOptions{}
	cmd := &cobra.Command{
		Use:   "eval --contract C --impl I",
		Short: "Give one implementation's answer for an input, or a JSONL batch of inputs",
		Long: `eval runs one input (--input-file F, or stdin) through one implementation
and prints its answer as one JSON line:
  {"impl":"ts","outcome":"ok","output_hex":"..."}
  {"impl":"ts","outcome":"refused","message":"..."}
With --jsonl it reads lines {"id":...,"input_hex":...} from the input and
writes one answer line per input, with its id, pipelined through one harness.
An output outcome is ok, refused, errored or skipped; a harness timeout is
errored. Exit 0 when every input was answered (ok or refused), 3 when an
implementation errored or broke, 2 on a usage error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEval(cmd, env, o) },
	}
	o.register(cmd, nil)
	f := cmd.Flags()
	f.StringVar(&o.contract, "contract", "", "contract name with its version, as spec/catalogue.json and conform run's matrix list them (required)")
	f.StringVar(&o.op, "op", "", "operation (default: the contract's only operation)")
	f.StringVar(&o.inputFile, "input-file", "", "read the input from this file instead of stdin")
	f.BoolVar(&o.jsonl, "jsonl", false, `batch mode: input lines {"id":...,"input_hex":...}`)
	return cmd
}

func runEval(cmd *cobra.Command, env *Env, o *evalOptions) error {
	if len(o.impls) != 1 {
		return usageErr("eval needs exactly one --impl (go, ts or python)")
	}
	name := o.impls[0]
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
	in := env.Stdin
	if o.inputFile != "" {
		f, err := os.Open(o.inputFile)
		if err != nil {
			return usageErr("%v", err)
		}
		defer f.Close()
		in = f
	}
	var ids []string
	var jobs []impl.Job
	if o.jsonl {
		var err error
		if ids, jobs, err = readEvalBatch(in, o.inputFileName(), o.contract, o.op); err != nil {
			return err
		}
	} else {
		b, err := io.ReadAll(in)
		if err != nil {
			return usageErr("reading the input: %v", err)
		}
		ids, jobs = []string{""}, []impl.Job{{Contract: o.contract, Op: o.op, Input: b}}
	}
	s, err := startImpls(cmd.Context(), &o.implFlags, env.Stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	var im impl.Impl
	for _, x := range s.impls {
		if x.Name() == name {
			im = x
		}
	}
	results := im.RunBatch(cmd.Context(), jobs)
	if cmd.Context().Err() != nil {
		// Interrupted: the answers are not answers.
		return &exitError{code: report.ExitInterrupted, err: cmd.Context().Err()}
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	failed := false
	for i, r := range results {
		line := evalLine{ID: ids[i], Impl: name, Outcome: r.Outcome, Message: r.Message, Reason: r.Reason}
		switch r.Outcome {
		case impl.OK:
			line.OutputHex = hex.EncodeToString(r.Output)
		case impl.Timeout:
			line.Outcome = impl.Errored
		}
		if line.Outcome == impl.Errored || line.Outcome == impl.Skipped {
			failed = true
		}
		js, _ := json.Marshal(line) // plain strings always marshal
		w.Write(append(js, '\n'))
	}
	// A break the client could not pin to one case (a batch that broke,
	// then answered clean one request at a time) leaves every answer
	// above ok; it is still the implementation breaking the protocol.
	if h, ok := im.(impl.Health); ok {
		h.Close()
		for _, b := range h.Breaks() {
			fmt.Fprintf(env.Stderr, "conform eval: %s broke the protocol: %s\n", name, b)
			failed = true
		}
	}
	if failed {
		return exitCode(report.ExitBroken)
	}
	return nil
}

func (o *evalOptions) inputFileName() string {
	if o.inputFile == "" {
		return "stdin"
	}
	return o.inputFile
}

// readEvalBatch parses --jsonl input. Every malformed line is a usage error
// naming the input and the line.
func readEvalBatch(r io.Reader, name, contract, op string) ([]string, []impl.Job, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 64<<20)
	var ids []string
	var jobs []impl.Job
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := oneObjectNoDuplicates(line); err != nil {
			return nil, nil, usageErr("%s:%d: %v", name, n, err)
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		var in evalInput
		if err := dec.Decode(&in); err != nil {
			return nil, nil, usageErr("%s:%d: %v", name, n, err)
		}
		if in.InputHex == nil {
			return nil, nil, usageErr("%s:%d: no input_hex", name, n)
		}
		b, err := hex.DecodeString(*in.InputHex)
		if err != nil {
			return nil, nil, usageErr("%s:%d: input_hex: %v", name, n, err)
		}
		ids = append(ids, in.ID)
		jobs = append(jobs, impl.Job{Contract: contract, Op: op, Input: b})
	}
	if err := sc.Err(); err != nil {
		return nil, nil, usageErr("%s:%d: %v", name, n+1, err)
	}
	if len(jobs) == 0 {
		return nil, nil, usageErr("%s: no input lines", name)
	}
	return ids, jobs, nil
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
