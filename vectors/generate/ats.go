package main

// ats/1: spec/ats.md, "Vectors". Every case is a canonical instance of
// "Canonical instances" (read from the spec's prose by the fuzz
// generator, gen.ATSState and the rest) with the change the spec
// names, written as JSON text. Expected messages are the spec's
// (atsRefusals, from the catalogue); expected verdicts are built from the
// documents themselves: the digest D(v) is crypto/sha256 over JCS(v) as gowebpki/jcs (an independent
// RFC 8785 implementation) computes it, never by the reference. Chain
// cases are resealed as the spec says (gen.ATSChain.Reseal).

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

func init() {
	register(source{
		contract:   "ats/1",
		files:      atsFiles,
		minCases:   1500,
		exceptions: atsExceptions,
	})
}

// atsDoc is a document, members in order: the fuzz generator's document
// model (gen.Doc), which reads the canonical instances of spec/ats.md.
type atsDoc = gen.ATSDoc

// atsQ is the JSON text of an ASCII string without quotes or backslashes
// (or with \u escapes already written in s).
func atsQ(s string) string { return `"` + s + `"` }

// atsList is the JSON text of an array of such strings.
func atsList(ss ...string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = atsQ(s)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// atsJCS is JCS(text) by gowebpki/jcs.
func atsJCS(text string) string {
	out, ok := textJCS(text)
	if !ok {
		panic("ats: gowebpki/jcs refuses an accept vector's value: " + text)
	}
	return out
}

// atsVerdict is a validator's verdict for d (spec/ats.md, "Validator
// verdicts"): {"digest","schema_version"}, or {"digest"} for the untagged
// usage.
func atsVerdict(d atsDoc) string {
	tag := d.Value("schema_version")
	if tag == "" {
		return `{"digest":"` + textDigest(d.String()) + `"}`
	}
	return `{"digest":"` + textDigest(d.String()) + `","schema_version":` + tag + `}`
}

// atsExport is redact-binding-for-export's output for the binding d: the
// members it keeps, schema_version as binding_schema_version, in JCS
// order.
func atsExport(d atsDoc) string {
	var out atsDoc
	for _, name := range []string{"account_binding_id", "binding_generation", "binding_schema_version", "environment", "masked_label", "provider", "status"} {
		from := name
		if name == "binding_schema_version" {
			from = "schema_version"
		}
		out = out.Set(name, d.Value(from))
	}
	return atsJCS(out.String())
}

// atsOp is one validator-like operation: its name, the canonical document
// it is written from, and how it answers an accepted document.
type atsOp struct {
	name string
	base atsDoc
	out  func(atsDoc) string
}

// atsOpOf is the operation name, written from the canonical document the
// fuzz generator gives it (gen.ATSDocOps), answering with out.
func atsOpOf(name string, out func(atsDoc) string) atsOp {
	base, ok := gen.ATSDocOps[name]
	if !ok {
		panic("ats: no canonical document for " + name)
	}
	return atsOp{name, base, out}
}

func (o atsOp) ok(name string, d atsDoc) vcase { return ok(name, d.String(), o.out(d)) }

// The nineteen validator-like operations, in table order.
var (
	atsOpState       = atsOpOf("execution-state", atsVerdict)
	atsOpCapability  = atsOpOf("connector-capability", atsVerdict)
	atsOpBindingV1   = atsOpOf("account-binding-v1", atsVerdict)
	atsOpBindingV2   = atsOpOf("account-binding-v2", atsVerdict)
	atsOpGrantV1     = atsOpOf("delegated-trading-grant-v1", atsVerdict)
	atsOpGrantV2     = atsOpOf("delegated-trading-grant-v2", atsVerdict)
	atsOpUsage       = atsOpOf("grant-usage", atsVerdict)
	atsOpIntentV1    = atsOpOf("equity-order-intent-v1", atsVerdict)
	atsOpIntentV2    = atsOpOf("equity-order-intent-v2", atsVerdict)
	atsOpReview      = atsOpOf("order-review-receipt", atsVerdict)
	atsOpApprovalV1  = atsOpOf("operator-approval-v1", atsVerdict)
	atsOpApprovalV2  = atsOpOf("operator-approval-v2", atsVerdict)
	atsOpReceiptV1   = atsOpOf("execution-receipt-v1", atsVerdict)
	atsOpReceiptV2   = atsOpOf("execution-receipt-v2", atsVerdict)
	atsOpProposalV1  = atsOpOf("model-order-proposal-v1", atsVerdict)
	atsOpProposalV2  = atsOpOf("model-order-proposal-v2", atsVerdict)
	atsOpRedact      = atsOpOf("redact-binding-for-export", atsExport)
	atsOpOptional    = atsOpOf("optional-binding", func(d atsDoc) string { return `{"binding":` + atsVerdict(d) + `}` })
	atsOpOptionalV2  = atsOpOf("optional-binding-v2", func(d atsDoc) string { return `{"binding":` + atsVerdict(d) + `}` })
	atsValidatorOps  = []atsOp{atsOpState, atsOpCapability, atsOpBindingV1, atsOpBindingV2, atsOpGrantV1, atsOpGrantV2, atsOpUsage, atsOpIntentV1, atsOpIntentV2, atsOpReview, atsOpApprovalV1, atsOpApprovalV2, atsOpReceiptV1, atsOpReceiptV2, atsOpProposalV1, atsOpProposalV2, atsOpRedact, atsOpOptional, atsOpOptionalV2}
	atsExceptions    = exceptionTags{}
	atsExceptionNote = map[string]string{}
)

// atsRefusals is the refusal table of spec/ats.md, "Refusals", from the
// catalogue.
var atsRefusals = refusalsOf("ats/1")

// atsRefused is a refused case with the message of code and its
// catalogue tag.
func atsRefused(name, input, code string) vcase { return atsRefusals.refused(name, input, code) }

// atsTagged records that the vector name of file behaviour carries tag
// (which differs from its message's catalogue tag), for the reason why,
// and returns c with the tag.
func atsTagged(behaviour string, c vcase, tag, why string) vcase {
	key := behaviour + ".jsonl:" + c.name
	if _, dup := atsExceptions[key]; dup {
		panic("ats: exception declared twice: " + key)
	}
	atsExceptionNote[key] = why
	return atsExceptions.tag(behaviour, c, tag)
}

// atsFile is one vector file of ats/1.
func atsFile(op, aspect, description string, cases ...vcase) vfile {
	return vfile{contract: "ats/1", op: op, dir: "ats", behaviour: op + "-" + aspect, description: description, cases: cases}
}

// atsFiles lists every ats/1 vector file; atsFiles builds them once (the
// exception declarations are made while building).
var atsBuilt []vfile

// atsSeen holds "<op>\n<input>" of every case written so far: a field
// variant that repeats an input the operation already has (a variant equal
// to the canonical document, say) is not written twice.
var atsSeen = map[string]bool{}

func atsFiles() []vfile {
	if atsBuilt == nil {
		atsBuilt = append(atsBuilt, atsDocumentFiles()...)
		for _, f := range atsBuilt {
			for _, c := range f.cases {
				atsSeen[f.op+"\n"+c.input] = true
			}
		}
		atsBuilt = append(atsBuilt, atsFieldFiles()...)
		atsBuilt = append(atsBuilt, atsChainFiles()...)
	}
	return atsBuilt
}
