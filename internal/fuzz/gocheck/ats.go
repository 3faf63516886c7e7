package gocheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/ats"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// init registers ats/1's Go-only targets: FuzzATSDocumentProperties,
// reading FuzzATSDocuments' format, and FuzzATSGateProperties, reading
// FuzzATSGates'.
func init() {
	register(Target{Name: "FuzzATSDocumentProperties", Input: "FuzzATSDocuments", check: func(c cases.Case, s *gen.Source) error {
		if err := ATSPairsAgree(c.Op, c.Input); err != nil {
			return err
		}
		if c.Op == ats.OpRedactBindingForExport {
			return ATSExportProjection(c.Input, s)
		}
		return nil
	}})
	register(Target{Name: "FuzzATSGateProperties", Input: "FuzzATSGates", check: func(c cases.Case, s *gen.Source) error {
		if err := ATSGateMemberOrder(c.Op, c.Input, s); err != nil {
			return err
		}
		if err := ATSExecutableAgrees(c.Op, c.Input); err != nil {
			return err
		}
		return ATSOneNeverExecutable(c.Op, c.Input, s)
	}})
}

// atsRun is an ats/1 operation of the Go reference.
type atsRun = func([]byte, ...refusal.Option) ([]byte, error)

// atsPairs maps each operation of a /1 and /2 validator pair to the /1
// and /2 validators and their tags (spec/ats.md, "One body per pair").
var atsPairs = func() map[string]struct {
	v1, v2     atsRun
	tag1, tag2 string
} {
	type pair = struct {
		v1, v2     atsRun
		tag1, tag2 string
	}
	out := map[string]pair{}
	for _, p := range []struct {
		op1, op2 string
		p        pair
	}{
		{ats.OpAccountBindingV1, ats.OpAccountBindingV2, pair{ats.AccountBindingV1, ats.AccountBindingV2, ats.TagAccountBindingV1, ats.TagAccountBindingV2}},
		{ats.OpDelegatedTradingGrantV1, ats.OpDelegatedTradingGrantV2, pair{ats.DelegatedTradingGrantV1, ats.DelegatedTradingGrantV2, ats.TagGrantV1, ats.TagGrantV2}},
		{ats.OpEquityOrderIntentV1, ats.OpEquityOrderIntentV2, pair{ats.EquityOrderIntentV1, ats.EquityOrderIntentV2, ats.TagIntentV1, ats.TagIntentV2}},
		{ats.OpOperatorApprovalV1, ats.OpOperatorApprovalV2, pair{ats.OperatorApprovalV1, ats.OperatorApprovalV2, ats.TagApprovalV1, ats.TagApprovalV2}},
		{ats.OpExecutionReceiptV1, ats.OpExecutionReceiptV2, pair{ats.ExecutionReceiptV1, ats.ExecutionReceiptV2, ats.TagReceiptV1, ats.TagReceiptV2}},
		{ats.OpModelOrderProposalV1, ats.OpModelOrderProposalV2, pair{ats.ModelOrderProposalV1, ats.ModelOrderProposalV2, ats.TagProposalV1, ats.TagProposalV2}},
	} {
		out[p.op1], out[p.op2] = p.p, p.p
	}
	return out
}()

// atsCheckMessages are the messages of the symbol and label checks, the
// only place where a /1 and a /2 validator of one pair may answer
// differently (spec/ats.md, "Value rules").
var atsCheckMessages = map[string]bool{}

func init() {
	for _, g := range []refusal.Guard{ats.ErrSymbol, ats.ErrEquityTicker, ats.ErrLabelControl, ats.ErrLabelSurrogate,
		ats.ErrLabelDigitsV1, ats.ErrLabelChar, ats.ErrLabelDigits} {
		atsCheckMessages[g.Message] = true
	}
}

// atsAnswer is an operation's answer in one comparable form: "ok " and the
// output bytes, or "refused " and the message.
func atsAnswer(out []byte, err error) string {
	if err == nil {
		return "ok " + string(out)
	}
	if e, ok := refusal.As(err); ok {
		return "refused " + e.Guard.Message
	}
	return "error " + err.Error()
}

// atsRetag replaces the schema tag from with to in b, the member
// schema_version as the generators write it (another pinned member may
// hold a tag too: the declared defects draw another object's pinned value).
func atsRetag(b []byte, from, to string) []byte {
	return bytes.Replace(b, []byte(`"schema_version":"`+from+`"`), []byte(`"schema_version":"`+to+`"`), 1)
}

// ATSPairsAgree checks that the /1 and /2 validators of a pair, given the
// same document tagged /1 and /2 respectively, answer alike except where
// the symbol or label check decides: both accept (each with its own tag in
// the verdict), or both refuse with one message, unless either answer is a
// symbol or label check's refusal. Other operations pass.
func ATSPairsAgree(op string, in []byte) error {
	p, ok := atsPairs[op]
	if !ok {
		return nil
	}
	in1 := atsRetag(in, p.tag2, p.tag1)
	in2 := atsRetag(in1, p.tag1, p.tag2)
	out1, err1 := p.v1(in1)
	out2, err2 := p.v2(in2)
	a1, a2 := atsAnswer(out1, err1), atsAnswer(out2, err2)
	check := func(a string) bool { return atsCheckMessages[strings.TrimPrefix(a, "refused ")] }
	switch {
	case err1 == nil && err2 == nil:
		if !bytes.Contains(out1, []byte(p.tag1)) || !bytes.Contains(out2, []byte(p.tag2)) {
			return fmt.Errorf("verdicts without their tags: %s / %s", out1, out2)
		}
	case check(a1) || check(a2):
	case (err1 == nil) != (err2 == nil) || a1 != a2:
		return fmt.Errorf("/1 and /2 differ beyond the symbol and label checks:\n  /1 %q -> %s\n  /2 %q -> %s", in1, a1, in2, a2)
	}
	return nil
}

// atsNeverExported are the binding members redact-binding-for-export never
// exports (spec/ats.md, "redact-binding-for-export"), with other valid
// values for them.
var atsNeverExported = map[string][]string{
	"account_ref":            {`"acct_Other00001"`, `"acct_000123456789"`},
	"adapter_id":             {`"acme-fix"`, `"a"`},
	"endpoint_schema_digest": {`"sha256:` + strings.Repeat("0", 63) + `1"`},
	"currency":               {`"EUR"`, `"JPY"`},
	"linked_at_ms":           {"0", "9007199254740991"},
}

// ATSExportProjection checks redact-binding-for-export on an accepted
// binding: its output is already canonical (canonicalizing it again
// changes nothing), and it depends only on the exported members, so the
// binding with its never-exported members given other valid values, and
// its members reordered, exports the same bytes.
func ATSExportProjection(in []byte, s *gen.Source) error {
	out, err := ats.RedactBindingForExport(in)
	if err != nil {
		return nil
	}
	if again, err := rfc8785.Canonicalize(out); err != nil || !bytes.Equal(again, out) {
		return fmt.Errorf("export %s is not canonical: %s %v", out, again, err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(in, &m); err != nil {
		return nil // a text encoding/json reads otherwise (a duplicate member)
	}
	for name, vals := range atsNeverExported {
		if _, has := m[name]; has {
			m[name] = json.RawMessage(gen.Pick(s, vals))
		}
	}
	changed, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	canon, err := rfc8785.Canonicalize(changed)
	if err != nil {
		return nil
	}
	shuffled := Shuffle(canon, s)
	got, err := ats.RedactBindingForExport(shuffled)
	if err != nil || !bytes.Equal(got, out) {
		return fmt.Errorf("export depends on a never-exported member or on order:\n  %q -> %s\n  %q -> %s (%v)", in, out, shuffled, got, err)
	}
	return nil
}

// atsGates maps each gate to itself, its version-blind variant and
// whether it is executable.
var atsGates = map[string]struct {
	run, blind atsRun
	executable bool
}{
	ats.OpVerifyApprovalChain:             {ats.VerifyApprovalChain, ats.VerifyApprovalChain, false},
	ats.OpVerifyCommitAuthority:           {ats.VerifyCommitAuthority, ats.VerifyCommitAuthority, false},
	ats.OpVerifyExecutableApprovalChain:   {ats.VerifyExecutableApprovalChain, ats.VerifyApprovalChain, true},
	ats.OpVerifyExecutableCommitAuthority: {ats.VerifyExecutableCommitAuthority, ats.VerifyCommitAuthority, true},
}

// ATSGateMemberOrder checks that a gate's answer does not depend on the
// order of the members of the envelope or of any member document: the
// input, canonicalized where it can be, and its shuffle by draws from s
// answer alike.
func ATSGateMemberOrder(op string, in []byte, s *gen.Source) error {
	g, ok := atsGates[op]
	if !ok {
		return fmt.Errorf("no ats/1 gate %q", op)
	}
	canon, err := rfc8785.Canonicalize(in)
	if err != nil {
		return nil
	}
	// The canonical form rewrites number literals (-0, 1.0), which the
	// executable gates' re-validation reads: compare with it, not with in.
	want := atsAnswer(g.run(canon))
	shuffled := Shuffle(canon, s)
	if got := atsAnswer(g.run(shuffled)); got != want {
		return fmt.Errorf("member order changes %s:\n  %q -> %s\n  %q -> %s", op, canon, want, shuffled, got)
	}
	return nil
}

// ATSExecutableAgrees checks that an executable gate answers as its
// version-blind variant on every input it does not refuse at the version
// or re-validation step: the same verdict bytes on acceptance, the same
// message on refusal (spec/ats.md, "Step 8").
func ATSExecutableAgrees(op string, in []byte) error {
	g := atsGates[op]
	if !g.executable {
		return nil
	}
	out, err := g.run(in)
	if e, ok := refusal.As(err); ok && (e.Guard == ats.ErrExecutableChain || e.Guard == ats.ErrExecutableMember) {
		return nil
	}
	got, want := atsAnswer(out, err), atsAnswer(g.blind(in))
	if got != want {
		return fmt.Errorf("executable and version-blind gates differ on %q:\n  executable %s\n  blind      %s", in, got, want)
	}
	return nil
}

// atsRoles are the members the version step checks, with their /1 tags
// (spec/ats.md, "Step 3: version"); the commit gates check all four.
var atsRoles = []struct {
	member, tag1 string
	commitOnly   bool
}{
	{"intent", ats.TagIntentV1, false},
	{"approval", ats.TagApprovalV1, false},
	{"binding", ats.TagAccountBindingV1, true},
	{"grant", ats.TagGrantV1, true},
}

// ATSOneNeverExecutable checks that an executable gate refuses with
// ats.executable_chain every envelope in which a role member (drawn by s)
// carries its /1 tag, however consistent the rest: a /1 chain is never
// executable. Inputs whose envelope is refused, or that encoding/json
// cannot read, pass.
func ATSOneNeverExecutable(op string, in []byte, s *gen.Source) error {
	g := atsGates[op]
	if !g.executable {
		return nil
	}
	var env map[string]json.RawMessage
	if json.Unmarshal(in, &env) != nil {
		return nil
	}
	commit := strings.Contains(op, "commit")
	var roles []int
	for i, r := range atsRoles {
		if !r.commitOnly || commit {
			roles = append(roles, i)
		}
	}
	r := atsRoles[gen.Pick(s, roles)]
	var member map[string]json.RawMessage
	if json.Unmarshal(env[r.member], &member) != nil {
		return nil
	}
	member["schema_version"] = json.RawMessage(`"` + r.tag1 + `"`)
	var err error
	if env[r.member], err = json.Marshal(member); err != nil {
		return nil
	}
	retagged, err := json.Marshal(env)
	if err != nil {
		return nil
	}
	out, err := g.run(retagged)
	e, ok := refusal.As(err)
	switch {
	case ok && e.Guard == ats.ErrExecutableChain:
		return nil
	case ok && (e.Guard == ats.ErrEnvelope || e.Guard == ats.ErrInput):
		return nil
	}
	return fmt.Errorf("%s with a /1 %s is not refused as a historical record: %q -> %s", op, r.member, retagged, atsAnswer(out, err))
}
