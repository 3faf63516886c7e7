package gocheck

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/conform-dev/conform/internal/fuzz/differential"
	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/impl"
	abo "github.com/conform-dev/conform/reference/agentbrowseratsorder"
)

// aboEnvelope is the verify-result input of an exchange.
func aboEnvelope(call, result []byte, now string) []byte {
	return []byte(`{"call":` + string(call) + `,"result":` + string(result) + `,"now":` + now + `}`)
}

// aboDiffer starts both mirrors for FuzzAgentBrowserATSOrder; the
// properties below run every input through them too.
func aboDiffer(t *testing.T) *differential.Differ {
	t.Helper()
	set, err := differential.Start(context.Background(), differential.Config{Impls: []string{"ts", "python"}}, io.Discard)
	t.Cleanup(set.Close)
	if err != nil {
		t.Fatalf("starting the mirrors: %v", err)
	}
	tg, ok := differential.Lookup("FuzzAgentBrowserATSOrder")
	if !ok {
		t.Fatal("no target FuzzAgentBrowserATSOrder")
	}
	if err := set.Declared(tg); err != nil {
		t.Fatal(err)
	}
	return set.For(tg)
}

// aboAgree runs op on in through both mirrors and reports the first
// disagreement with the reference, or "".
func aboAgree(d *differential.Differ, op string, in []byte) string {
	if dis := d.Check(context.Background(), []impl.Job{{Contract: abo.Contract, Op: op, Input: in}}); len(dis) > 0 {
		return dis[0].String()
	}
	return ""
}

// TestAgentBrowserATSOrderProperties are the gopter properties of
// spec/agent-browser-ats-order.md (seed 001, section 4, invariants 10 and
// 11), each input run through the reference and both mirrors, which must
// agree: every faithful exchange verifies; every change to an identity
// field of its result refuses, with the gate's message for that field;
// requiresReconciliation is false for a mutation exactly when it was
// refused other than as a duplicate_commit, and always false for a read.
func TestAgentBrowserATSOrderProperties(t *testing.T) {
	d := aboDiffer(t)
	p := parameters()
	p.MinSuccessfulTests = 300
	props := gopter.NewProperties(p)
	props.Property("every faithful exchange verifies", prop.ForAll(func(b []byte) string {
		call, res, now := fgen.ABOExchange(fgen.New(b))
		in := aboEnvelope(call, res, now)
		if _, err := abo.VerifyResult(in); err != nil {
			return fmt.Sprintf("refused %v: %s", err, in)
		}
		return aboAgree(d, abo.OpVerifyResult, in)
	}, drawn()))
	gateOf := map[string]string{"request_id": abo.ErrGateRequest.Message, "session_generation": abo.ErrGateGeneration.Message,
		"principal": abo.ErrGatePrincipal.Message, "adapter": abo.ErrGateAdapter.Message}
	props.Property("every change to an identity field refuses", prop.ForAll(func(b []byte, i int) string {
		call, res, now := fgen.ABOExchange(fgen.New(b))
		field := fgen.ABOIdentityFields[i]
		in := aboEnvelope(call, fgen.ABOChangeIdentity(res, i), now)
		_, err := abo.VerifyResult(in)
		head, _, _ := strings.Cut(field, ".")
		switch {
		case err == nil:
			return fmt.Sprintf("a changed %s verified: %s", field, in)
		case gateOf[head] != "" && err.Error() != gateOf[head]:
			return fmt.Sprintf("a changed %s refused %q, want %q", field, err, gateOf[head])
		}
		return aboAgree(d, abo.OpVerifyResult, in)
	}, drawn(), gen.IntRange(0, len(fgen.ABOIdentityFields)-1)))
	props.Property("requiresReconciliation is false only for refused mutations other than duplicate_commit", prop.ForAll(func(b []byte) string {
		_, res, _ := fgen.ABOExchange(fgen.New(b))
		out, err := abo.RequiresReconciliation(res)
		if err != nil {
			return fmt.Sprintf("refused %v: %s", err, res)
		}
		text := string(res)
		mutation := strings.Contains(text, `"operation":"commit_once"`) || strings.Contains(text, `"operation":"cancel_order"`)
		refusedPlain := strings.Contains(text, `"status":"refused"`) && !strings.Contains(text, `"reason":"duplicate_commit"`)
		want := fmt.Sprintf(`{"requires_reconciliation":%t}`, mutation && !refusedPlain)
		if string(out) != want {
			return fmt.Sprintf("got %s, want %s: %s", out, want, res)
		}
		return aboAgree(d, abo.OpRequiresReconciliation, res)
	}, drawn()))
	props.TestingRun(t)
}
