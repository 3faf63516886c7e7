package gocheck

import (
	"bytes"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/ats"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestATSProperties checks the algebraic laws of ats/1 (spec/ats.md,
// "Gates" and "Validators") on drawn documents and chains.
func TestATSProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	gates := []string{ats.OpVerifyApprovalChain, ats.OpVerifyCommitAuthority, ats.OpVerifyExecutableApprovalChain, ats.OpVerifyExecutableCommitAuthority}

	props.Property("every valid /2 chain: the executable gate's verdict is the version-blind gate's", prop.ForAll(func(b []byte) bool {
		c := fgen.ATSValidChain(fgen.New(b))
		for _, g := range []struct {
			exec, blind atsRun
			in          []byte
		}{
			{ats.VerifyExecutableApprovalChain, ats.VerifyApprovalChain, c.ApprovalChain()},
			{ats.VerifyExecutableCommitAuthority, ats.VerifyCommitAuthority, c.Commit()},
		} {
			got, err1 := g.exec(g.in)
			want, err2 := g.blind(g.in)
			if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
				t.Logf("%s\n  executable %s %v\n  blind %s %v", g.in, got, err1, want, err2)
				return false
			}
		}
		return true
	}, drawn()))

	props.Property("a changed chain: the executable gate answers as the version-blind one past its own steps", prop.ForAll(func(b []byte) bool {
		s := fgen.New(b)
		c, _ := fgen.ATSMutateChain(s, fgen.ATSValidChain(s))
		for _, op := range []string{ats.OpVerifyExecutableApprovalChain, ats.OpVerifyExecutableCommitAuthority} {
			if err := ATSExecutableAgrees(op, c.Input(op)); err != nil {
				t.Log(err)
				return false
			}
		}
		return true
	}, drawn()))

	props.Property("no chain with a /1 member is executable", prop.ForAll(func(b []byte) bool {
		s := fgen.New(b)
		c := fgen.ATSValidChain(s)
		if s.Chance(2) {
			c, _ = fgen.ATSMutateChain(s, c)
		}
		one := map[int]func(){
			0: func() { c.Intent = c.Intent.Set("schema_version", `"`+ats.TagIntentV1+`"`) },
			1: func() { c.Approval = c.Approval.Set("schema_version", `"`+ats.TagApprovalV1+`"`) },
			2: func() { c.Binding = c.Binding.Set("schema_version", `"`+ats.TagAccountBindingV1+`"`) },
			3: func() { c.Grant = c.Grant.Set("schema_version", `"`+ats.TagGrantV1+`"`) },
		}
		k := s.Intn(4)
		one[k]()
		c = c.Reseal()
		ops := []atsRun{ats.VerifyExecutableCommitAuthority}
		if k < 2 {
			ops = append(ops, ats.VerifyExecutableApprovalChain)
		}
		for i, run := range ops {
			in := c.Commit()
			if i == 1 {
				in = c.ApprovalChain()
			}
			_, err := run(in)
			e, ok := refusal.As(err)
			// A change may break the envelope or the JSON text itself
			// (a literal such as 01), which steps 1 and 2 refuse first.
			if !ok || (e.Guard != ats.ErrExecutableChain && e.Guard != ats.ErrEnvelope && e.Guard != ats.ErrInput) {
				t.Logf("%s: %v", in, err)
				return false
			}
		}
		return true
	}, drawn()))

	props.Property("a gate's verdict does not depend on member order", prop.ForAll(func(b []byte) bool {
		s := fgen.New(b)
		c, _ := fgen.ATSMutateChain(s, fgen.ATSValidChain(s))
		for _, op := range gates {
			want := atsAnswer(atsGates[op].run(c.Input(op)))
			if got := atsAnswer(atsGates[op].run(c.Shuffled(s).Input(op))); got != want {
				t.Logf("%s: %s, shuffled %s", op, want, got)
				return false
			}
			if err := ATSGateMemberOrder(op, c.Input(op), s); err != nil {
				t.Log(err)
				return false
			}
		}
		return true
	}, drawn()))

	props.Property("/1 and /2 validators of a pair agree but for the symbol and label checks", prop.ForAll(func(b []byte) bool {
		s := fgen.New(b)
		for _, op := range []string{ats.OpAccountBindingV2, ats.OpDelegatedTradingGrantV1, ats.OpEquityOrderIntentV2,
			ats.OpOperatorApprovalV1, ats.OpExecutionReceiptV2, ats.OpModelOrderProposalV1} {
			if err := ATSPairsAgree(op, fgen.ATSDocument(s, op)); err != nil {
				t.Log(err)
				return false
			}
		}
		return true
	}, drawn()))

	props.Property("the export depends only on the exported members", prop.ForAll(func(b []byte) bool {
		s := fgen.New(b)
		if err := ATSExportProjection(fgen.ATSDocument(s, ats.OpRedactBindingForExport), s); err != nil {
			t.Log(err)
			return false
		}
		return true
	}, drawn()))

	props.TestingRun(t)
}
