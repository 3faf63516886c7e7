package main

// ats/1 document classes of spec/ats.md, "Plan and counts": canonical
// instances, strict variants, single-cause rejects, frozen weaknesses and
// the raw documents of the member cases.

import (
	"strconv"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// atsSymbolDocs are the four documents that carry a symbol, /1 and /2.
var atsSymbolDocs = []struct {
	v1, v2 atsOp
	label  string
}{
	{atsOpIntentV1, atsOpIntentV2, "intent"},
	{atsOpApprovalV1, atsOpApprovalV2, "approval"},
	{atsOpReceiptV1, atsOpReceiptV2, "receipt"},
	{atsOpProposalV1, atsOpProposalV2, "proposal"},
}

// atsVersionedOps are the twelve operations with a /1 and a /2 validator
// of one shape, each /1 before its /2, in the order of their -strict, -reject and -weakness files.
var atsVersionedOps = []atsOp{atsOpIntentV1, atsOpIntentV2, atsOpApprovalV1, atsOpApprovalV2, atsOpReceiptV1, atsOpReceiptV2,
	atsOpProposalV1, atsOpProposalV2, atsOpGrantV1, atsOpGrantV2, atsOpBindingV1, atsOpBindingV2}

// atsWeakSymbols are the seven frozen symbol weaknesses (seed section 5),
// each with the allowlist it makes when inserted in code point order into
// ["AAPL","BRK.B","SPY"].
var atsWeakSymbols = []struct{ name, symbol, allowlist string }{
	{"url", "HTTPS://X", `["AAPL","BRK.B","HTTPS://X","SPY"]`},
	{"colon", "A:B", `["A:B","AAPL","BRK.B","SPY"]`},
	{"slash", "X/Y", `["AAPL","BRK.B","SPY","X/Y"]`},
	{"seven-letters", "ABCDEFG", `["AAPL","ABCDEFG","BRK.B","SPY"]`},
	{"long-class", "BRK.BBBBB", `["AAPL","BRK.B","BRK.BBBBB","SPY"]`},
	{"caret", "A^B", `["AAPL","A^B","BRK.B","SPY"]`},
	{"leading-digit", "1ABC", `["1ABC","AAPL","BRK.B","SPY"]`},
}

// atsWeakLabels are the six frozen label weaknesses (seed section 5).
var atsWeakLabels = []struct{ name, label string }{
	{"fullwidth-digits", `"Acct \uff14\uff18\uff12\uff11\uff19"`},
	{"arabic-indic-digits", `"Acct \u0664\u0668\u0662\u0661\u0669"`},
	{"cyrillic-a", `"\u0410cct 4821"`},
	{"rtl-override", `"Acct \u202e4821"`},
	{"zero-width-space", `"Acct\u200b4821"`},
	{"byte-order-mark", `"\ufeffAcct 4821"`},
}

func atsDocumentFiles() []vfile {
	var files []vfile
	add := func(f vfile) { files = append(files, f) }

	// Canonical: each of the 17 documents through its validator, the
	// exports and the optional bindings.
	for _, o := range atsValidatorOps[:16] {
		cases := []vcase{o.ok("canonical", o.base)}
		if o.name == atsOpReview.name {
			cases = []vcase{o.ok("canonical-of-v1-intent", gen.ATSReviewV1), o.ok("canonical-of-v2-intent", gen.ATSReviewV2)}
		}
		add(atsFile(o.name, "canonical", "the canonical instance of spec/ats.md, accepted with its digest", cases...))
	}
	add(atsFile(atsOpRedact.name, "canonical", "the export projection of the canonical /1 and /2 bindings",
		atsOpRedact.ok("binding-v1", gen.ATSBindingV1), atsOpRedact.ok("binding-v2", gen.ATSBindingV2)))
	add(atsFile(atsOpOptional.name, "canonical", "no binding, and the canonical /1 binding",
		ok("null", "null", `{"binding":null}`), atsOpOptional.ok("binding-v1", gen.ATSBindingV1)))
	add(atsFile(atsOpOptionalV2.name, "canonical", "no binding, and the canonical /2 binding",
		ok("null", "null", `{"binding":null}`), atsOpOptionalV2.ok("binding-v2", gen.ATSBindingV2)))

	// Strict variants: accepted by /1 and /2 alike.
	strict := map[string][]vcase{}
	both := func(v1, v2 atsOp, name string, change func(atsDoc) atsDoc) {
		strict[v1.name] = append(strict[v1.name], v1.ok(name, change(v1.base)))
		strict[v2.name] = append(strict[v2.name], v2.ok(name, change(v2.base)))
	}
	sym := func(s string) func(atsDoc) atsDoc {
		return func(d atsDoc) atsDoc { return d.Set("symbol", atsQ(s)) }
	}
	both(atsOpIntentV1, atsOpIntentV2, "symbol-brk.b", sym("BRK.B"))
	both(atsOpApprovalV1, atsOpApprovalV2, "symbol-brk-b", sym("BRK-B"))
	both(atsOpReceiptV1, atsOpReceiptV2, "symbol-abcdef", sym("ABCDEF"))
	both(atsOpProposalV1, atsOpProposalV2, "symbol-a", sym("A"))
	both(atsOpGrantV1, atsOpGrantV2, "allowlist-brk.bbbb", func(d atsDoc) atsDoc {
		return d.Set("symbol_allowlist", `["AAPL","BRK.BBBB","SPY"]`)
	})
	for _, l := range gen.ATSStrictLabels {
		label := strconv.QuoteToASCII(l.Label)
		both(atsOpBindingV1, atsOpBindingV2, l.Name, func(d atsDoc) atsDoc { return d.Set("masked_label", label) })
	}
	for _, o := range atsVersionedOps {
		add(atsFile(o.name, "strict", "strict variants that /1 and /2 both accept", strict[o.name]...))
	}

	// Single-cause rejects: lowercase spy, five ASCII digits, and each
	// version's validator given the other version's tag.
	reject := map[string][]vcase{}
	rej := func(o atsOp, c vcase) { reject[o.name] = append(reject[o.name], c) }
	for _, s := range atsSymbolDocs {
		rej(s.v1, atsRefused("symbol-lowercase", s.v1.base.Set("symbol", `"spy"`).String(), "ats.symbol"))
		rej(s.v2, atsRefused("symbol-lowercase", s.v2.base.Set("symbol", `"spy"`).String(), "ats.equity_ticker"))
	}
	rej(atsOpGrantV1, atsRefused("allowlist-lowercase", gen.ATSGrantV1.Set("symbol_allowlist", `["AAPL","BRK.B","spy"]`).String(), "ats.symbol"))
	rej(atsOpGrantV2, atsRefused("allowlist-lowercase", gen.ATSGrantV2.Set("symbol_allowlist", `["AAPL","BRK.B","spy"]`).String(), "ats.equity_ticker"))
	rej(atsOpBindingV1, atsRefused("label-five-digits", gen.ATSBindingV1.Set("masked_label", `"Acct 48213"`).String(), "ats.label_digits_v1"))
	rej(atsOpBindingV2, atsRefused("label-five-digits", gen.ATSBindingV2.Set("masked_label", `"Acct 48213"`).String(), "ats.label_digits"))
	for i := 0; i < len(atsVersionedOps); i += 2 {
		v1, v2 := atsVersionedOps[i], atsVersionedOps[i+1]
		rej(v2, atsRefused("v1-document", v1.base.String(), "ats.schema_version"))
		rej(v1, atsRefused("v2-document", v2.base.String(), "ats.schema_version"))
	}
	for _, o := range atsVersionedOps {
		add(atsFile(o.name, "reject", "single-cause rejects: a lowercase ticker, five ASCII digits, the other version's tag", reject[o.name]...))
	}

	// Frozen weaknesses: /1 accepts, /2 refuses.
	weak := map[string][]vcase{}
	for _, s := range atsSymbolDocs {
		for _, w := range atsWeakSymbols {
			d1, d2 := s.v1.base.Set("symbol", atsQ(w.symbol)), s.v2.base.Set("symbol", atsQ(w.symbol))
			weak[s.v1.name] = append(weak[s.v1.name], s.v1.ok("symbol-"+w.name, d1))
			weak[s.v2.name] = append(weak[s.v2.name], atsRefused("symbol-"+w.name, d2.String(), "ats.equity_ticker"))
		}
	}
	for _, w := range atsWeakSymbols {
		d1, d2 := gen.ATSGrantV1.Set("symbol_allowlist", w.allowlist), gen.ATSGrantV2.Set("symbol_allowlist", w.allowlist)
		weak[atsOpGrantV1.name] = append(weak[atsOpGrantV1.name], atsOpGrantV1.ok("allowlist-"+w.name, d1))
		weak[atsOpGrantV2.name] = append(weak[atsOpGrantV2.name], atsRefused("allowlist-"+w.name, d2.String(), "ats.equity_ticker"))
	}
	for _, w := range atsWeakLabels {
		d1, d2 := gen.ATSBindingV1.Set("masked_label", w.label), gen.ATSBindingV2.Set("masked_label", w.label)
		weak[atsOpBindingV1.name] = append(weak[atsOpBindingV1.name], atsOpBindingV1.ok("label-"+w.name, d1))
		weak[atsOpBindingV2.name] = append(weak[atsOpBindingV2.name], atsRefused("label-"+w.name, d2.String(), "ats.label_char"))
	}
	for _, o := range atsVersionedOps {
		add(atsFile(o.name, "weakness", "the frozen weaknesses: /1 accepts them, /2 refuses them", weak[o.name]...))
	}

	// Raw documents of the member cases: M4's intent, M5's review, M6's
	// approval and M7's usage through their validators. M1's four
	// documents are weakness vectors already (the /1 document with the
	// weakness, through /1 accepted and, tagged /2, through /2 refused:
	// the same bytes as symbol-url, allowlist-url and label-rtl-override).
	raw := map[string][]vcase{}
	rr := func(o atsOp, c vcase) { raw[o.name] = append(raw[o.name], c) }
	rr(atsOpIntentV2, atsRefused("m4-intent-account-number", atsM4Intent().String(), "ats.unknown_member"))
	rr(atsOpReview, atsRefused("m5-review-deadline-after-reservation", atsM5Review().String(), "ats.review_reservation"))
	rr(atsOpApprovalV2, atsRefused("m6-approval-session", atsM6Approval().String(), "ats.confirmation"))
	rr(atsOpUsage, atsTagged("grant-usage-raw",
		atsRefused("m7-usage-nan", atsM7Usage().String(), "ats.notional_submitted_minor"), "type-guard",
		"the string NaN is not a number: with the guard ignored there is no number to accept"))
	for _, o := range []atsOp{atsOpIntentV2, atsOpApprovalV2, atsOpReview, atsOpUsage} {
		add(atsFile(o.name, "raw", "the documents of the gate member cases, through their own validators", raw[o.name]...))
	}
	return files
}
