package cases_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/delta"
	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/vectors"
)

// atsPairs are ats/1's six documents with a /1 and a /2 validator: the
// operations' stem and the schema tag's.
var atsPairs = []struct{ op, tag string }{
	{"account-binding", "aether.ats.account-binding"},
	{"delegated-trading-grant", "aether.ats.delegated-trading-grant"},
	{"equity-order-intent", "aether.ats.equity-order-intent"},
	{"operator-approval", "aether.ats.operator-approval"},
	{"execution-receipt", "aether.ats.execution-receipt"},
	{"model-order-proposal", "aether.ats.model-order-proposal"},
}

// atsFuzzBudget is the fuzz time per document here: the issue's
// measurement is 5 minutes per document (conform delta --time 5m), too
// long for a test.
const atsFuzzBudget = time.Second

// The behavioural delta of ats/1's /1 and /2 validators, through the Go
// reference, each document read as its own version by the validator of
// each side (the schema tag rewritten): over the vectors of both
// operations and a short fuzz run per document, the /2 closure narrows and
// never widens, and what it narrows holds all 41 frozen weaknesses of the
// source (vectors/ats/*-v1-weakness.jsonl). The findings written as
// vectors load as a vector set.
func TestATSDeltaNarrowsOnly(t *testing.T) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	all := vectors.Cases(files)
	target, ok := cases.Lookup("FuzzATSDocuments")
	if !ok {
		t.Fatal("no FuzzATSDocuments target")
	}
	ref := &runner.Reference{}
	ctx := context.Background()
	weak, narrowed := map[string]string{}, map[string]bool{}
	for i, p := range atsPairs {
		v1, v2 := p.op+"-v1", p.op+"-v2"
		cfg := delta.Config{Contract: "ats/1", Old: delta.Side{Impl: ref, Op: v1}, New: delta.Side{Impl: ref, Op: v2},
			Rewrites: []delta.Rewrite{{From: p.tag + "/1", To: p.tag + "/2"}}}
		var inputs []delta.Input
		for _, c := range all {
			if c.Contract != "ats/1" || c.Op != v1 && c.Op != v2 {
				continue
			}
			in := c.Input
			if c.Op == v2 {
				in = cfg.OldInput(in)
			}
			inputs = append(inputs, delta.Input{Bytes: in, Kind: "vectors", Origin: c.Source + " " + c.Name})
			if c.File == "ats/"+v1+"-weakness.jsonl" {
				weak[string(in)] = c.Source
			}
		}
		res := delta.Compare(ctx, cfg, inputs)
		drawn := delta.Fuzz(ctx, cfg, res, target.Draw, atsFuzzBudget, uint64(i+1))
		if res.Counts[delta.Widened] > 0 || res.Unanswered > 0 || drawn == 0 {
			var b strings.Builder
			_ = delta.WriteText(&b, res, 5)
			t.Errorf("%s: %d widened, %d unanswered, %d drawn:\n%s", p.op, res.Counts[delta.Widened], res.Unanswered, drawn, b.String())
		}
		for _, f := range res.Findings {
			if f.Class == delta.Narrowed {
				narrowed[string(f.Input)] = true
			}
		}
		t.Logf("%s: %d inputs (%d fuzz), narrowed %d, accepted-both %d, refused-both %d", p.op,
			res.Inputs["vectors"]+res.Inputs["fuzz"], res.Inputs["fuzz"], res.Counts[delta.Narrowed], res.Counts[delta.AcceptedBoth], res.Counts[delta.RefusedBoth])

		if p.op == "equity-order-intent" {
			checkWritten(t, cfg, res)
		}
	}
	if len(weak) != 41 {
		t.Errorf("%d frozen weaknesses in the vectors, want 41", len(weak))
	}
	for in, src := range weak {
		if !narrowed[in] {
			t.Errorf("the frozen weakness %s is not in the delta's narrowed inputs", src)
		}
	}
}

// checkWritten minimizes the narrowed findings of res a little, writes
// them as vectors, and loads them back: each side's file expects that
// side's answer, on the input as that side is given it.
func checkWritten(t *testing.T, cfg delta.Config, res *delta.Result) {
	t.Helper()
	var keep []delta.Finding
	for _, f := range res.Findings {
		if f.Class == delta.Narrowed && len(keep) < 3 {
			keep = append(keep, f)
		}
	}
	res.Findings = keep
	delta.Minimize(context.Background(), cfg, res, 5*time.Second)
	dir := t.TempDir()
	paths, err := delta.WriteVectors(dir, cfg, res, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(paths, " ") != "ats/delta-equity-order-intent-v1.jsonl ats/delta-equity-order-intent-v2.jsonl MANIFEST" {
		t.Errorf("wrote %q", paths)
	}
	files, err := vectors.LoadNamed(infile.Dir(dir), dir)
	if err != nil {
		t.Fatalf("the written findings do not load: %v", err)
	}
	for _, c := range vectors.Cases(files) {
		switch {
		case !strings.HasPrefix(c.Name, "delta-narrowed-"):
			t.Errorf("%s: name %s", c.Source, c.Name)
		case c.Op == cfg.Old.Op && c.Expect != vectors.ExpectOK, c.Op == cfg.New.Op && c.Expect != vectors.ExpectRefused:
			t.Errorf("%s: %s expects %s", c.Source, c.Op, c.Expect)
		case c.Op == cfg.New.Op && !strings.Contains(string(c.Input), "equity-order-intent/2"):
			t.Errorf("%s: the new side's input is not its own version: %.200q", c.Source, c.Input)
		}
	}
	if _, err := delta.WriteVectors(dir, cfg, res, false); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "ats")) && !strings.Contains(err.Error(), "exists") {
		t.Errorf("writing over the findings without force: %v", err)
	}
}
