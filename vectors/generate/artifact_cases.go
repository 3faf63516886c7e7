package main

// artifact/1 vector files: the member variants of every shape in the
// operation that reads it, then the loader (versions, envelope,
// projection), the lifecycle, parity and acceptance cases
// (spec/artifact.md, "Vectors").

import (
	"encoding/json"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// afZero reports whether a confidence literal is zero: only 0 and '.'.
func afZero(lit string) bool { return strings.Trim(lit, "0.") == "" }

// afSummaryCode is the first summary rule s breaks, or "".
func afSummaryCode(s gen.Doc) string {
	traced, model := s.Value("trace_path") != "", s.Value("model") != ""
	switch {
	case traced && !model:
		return "artifact.traced_model"
	case traced:
		return ""
	case s.Value("verdict") != afQ("veto"):
		return "artifact.untraced_verdict"
	case !afZero(s.Value("confidence")):
		return "artifact.untraced_confidence"
	case model:
		return "artifact.untraced_model"
	}
	return ""
}

// afForm is a summary's form.
func afForm(s gen.Doc) string {
	if s.Value("trace_path") == "" {
		return "veto"
	}
	return "traced"
}

// afSummaryExpect is the summary operation's case for a shape-valid s.
func afSummaryExpect(name string, s gen.Doc) vcase {
	if code := afSummaryCode(s); code != "" {
		return afRefused(name, s.String(), code)
	}
	return ok(name, s.String(), afJCS(`{"decision":`+afSumProj(s)+`,"form":"`+afForm(s)+`"}`))
}

// afStrings decodes a JSON array of strings (nil when it is not one).
func afStrings(text string) []string {
	var out []string
	if json.Unmarshal([]byte(text), &out) != nil {
		return nil
	}
	return out
}

// afCollapsed is t's entry phases with equal neighbours collapsed.
func afCollapsed(t afTrace) []string {
	out := []string{}
	for _, e := range t.entries {
		p := strings.Trim(e.Value("phase"), `"`)
		if len(out) == 0 || out[len(out)-1] != p {
			out = append(out, p)
		}
	}
	return out
}

// afLifeCode is the first of definition_ends, lifecycle_definition and
// lifecycle_order that t and def break (both shape-valid), or "".
func afLifeCode(t afTrace, def gen.Doc) string {
	phases := afStrings(def.Value("phases"))
	if len(phases) == 0 || phases[0] != "intake" || phases[len(phases)-1] != "decision" {
		return "artifact.definition_ends"
	}
	if afDocOf(t.top.Value("header")).Value("definition_hash") != afQ(textDigest(def.String())) {
		return "artifact.lifecycle_definition"
	}
	if strings.Join(afCollapsed(t), ",") != strings.Join(phases, ",") {
		return "artifact.lifecycle_order"
	}
	return ""
}

// afLifeInput is a lifecycle input.
func afLifeInput(t afTrace, def gen.Doc) string {
	return gen.Doc{kv("trace", t.json()), kv("definition", def.String())}.String()
}

// afLifeExpect is the lifecycle operation's case for shape-valid t, def.
func afLifeExpect(name string, t afTrace, def gen.Doc) vcase {
	in := afLifeInput(t, def)
	if code := afLifeCode(t, def); code != "" {
		return afRefused(name, in, code)
	}
	ph, _ := json.Marshal(afCollapsed(t))
	return ok(name, in, afJCS(`{"definition_hash":"`+textDigest(def.String())+`","entries":`+afItoa(len(t.entries))+`,"phases":`+string(ph)+`}`))
}

// afItoa is a small int's decimal.
func afItoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// afSealed returns t with its header's definition_hash D(def).
func afSealed(t afTrace, def gen.Doc) afTrace {
	h := afDocOf(t.top.Value("header")).Set("definition_hash", afQ(textDigest(def.String())))
	return t.set("header", afKeep(h))
}

// afEntriesJSON is t's entries as a JSON array text.
func afEntriesJSON(t afTrace) string {
	return afTrace{top: gen.Doc{}, entries: t.entries}.json()[len(`{"entries":`) : len(afTrace{top: gen.Doc{}, entries: t.entries}.json())-1]
}

// afMemberFiles are the derived member files.
func afMemberFiles() []vfile {
	// summary: the summary shape, convergence and model nested.
	sumVars := afVariants(afDecl.Object("summary"), afSummary, nil, nil, true)
	summary := afFile("summary", "members", "each member of the summary absent, of another type, and on each side of its rules",
		afCases("summary-members", sumVars, func(d gen.Doc) string { return d.String() }, afSummaryExpect)...)

	// lifecycle: the trace's top level, header, entries, decision and the
	// definition, each in place in a sealed trace.
	def := afDefinition
	life := func(behaviour string, vars []afVar, build func(gen.Doc) afTrace) []vcase {
		return afCases(behaviour, vars, func(d gen.Doc) string { return afLifeInput(build(d), def) },
			func(name string, d gen.Doc) vcase { return afLifeExpect(name, build(d), def) })
	}
	top := afV2.top.Set("entries", afEntriesJSON(afV2))
	topVars := afVariants(afDecl.Object("trace"), top, map[string]string{"trace_schema_version": "all", "entries": "all", "run_id": "presence"},
		map[string]bool{"artifact.definition_hash": true}, true)
	topBuild := func(d gen.Doc) afTrace {
		return afTrace{top: d.Drop("entries"), entries: afV2.entries}
	}
	var lifeCases []vcase
	lifeCases = append(lifeCases, life("lifecycle-members", topVars, topBuild)...)
	first := afVariants(afDecl.Object("entry"), afV2.entries[0], map[string]string{"decision": "all"}, map[string]bool{"artifact.phase": true}, true)
	for i := range first {
		first[i].name = "first-entry-" + first[i].name
	}
	lifeCases = append(lifeCases, life("lifecycle-members", first, func(d gen.Doc) afTrace { return afV2.with(0, d) })...)
	for _, v := range []string{"[]", `"none"`, "true"} {
		in := afLifeInput(afV2.with(0, afV2.entries[0].Set("decision", v)), def)
		lifeCases = append(lifeCases, afExceptions.tag("lifecycle-members", afRefused("first-entry-decision-"+strings.Trim(v, `"[]`)+"-type", in, "artifact.decision"), "type-guard"))
	}
	dec := afVariants(afDecl.Object("decision"), afDecision, nil, nil, true)
	for i := range dec {
		dec[i].name = "last-decision-" + dec[i].name
	}
	lifeCases = append(lifeCases, life("lifecycle-members", dec, func(d gen.Doc) afTrace {
		return afV2.with(-1, afV2.entries[4].Set("decision", afKeep(d)))
	})...)
	defVars := afVariants(afDecl.Object("definition"), afDefinition, nil, map[string]bool{"artifact.definition_phases": true}, true)
	for i := range defVars {
		defVars[i].name = "definition-" + defVars[i].name
	}
	seen := map[string]bool{}
	for _, c := range lifeCases {
		seen[c.input] = true
	}
	for _, v := range defVars {
		t := afSealed(afV2, v.doc)
		in := afLifeInput(t, v.doc)
		if seen[in] {
			continue
		}
		seen[in] = true
		if v.code == "" {
			lifeCases = append(lifeCases, afLifeExpect(v.name, t, v.doc))
		} else {
			lifeCases = append(lifeCases, afExceptions.tag("lifecycle-members", afRefused(v.name, in, v.code), v.tag))
		}
	}
	lifecycle := afFile("lifecycle", "members", "each member of the trace, its header, an entry, the decision and the definition absent, of another type, and on each side of its rules",
		lifeCases...)
	summary = afTagAll(summary, map[string]string{"trace_path-absent": "shadowed"})
	return []vfile{summary, lifecycle}
}

// afSummaryRules are the summary rules each way they fire (spec/artifact.md,
// "summary"; seed 002, "Absence Has Meaning").
func afSummaryRules() vfile {
	v, s := afVeto, afSummary
	return afFile("summary", "rules", "the veto form (zero confidence, no trace path, no model) is the only summary without a trace",
		afSummaryExpect("veto", v),
		afSummaryExpect("veto-zero-one-digit", v.Set("confidence", "0.0")),
		afSummaryExpect("veto-zero-six-digits", v.Set("confidence", "0.000000")),
		afSummaryExpect("veto-converged", v.Set("convergence", afConvergence.String())),
		afSummaryExpect("untraced-pass", v.Set("verdict", afQ("pass"))),
		afSummaryExpect("untraced-fail", v.Set("verdict", afQ("fail"))),
		afSummaryExpect("untraced-smallest-confidence", v.Set("confidence", "0.000001")),
		afSummaryExpect("untraced-full-confidence", v.Set("confidence", "1")),
		afSummaryExpect("untraced-with-model", v.Set("model", afModel.String())),
		afSummaryExpect("traced-without-model", s.Drop("model")),
		afSummaryExpect("traced-veto", v.Set("trace_path", afQ("trace/run_trace.json")).Set("model", afModel.String())),
		afSummaryExpect("traced-zero-confidence", s.Set("confidence", "0")),
		afSummaryExpect("traced-fail", s.Set("verdict", afQ("fail")).Set("confidence", "0.12")),
		afSummaryExpect("traced-any-path-value", s.Set("trace_path", afQ("../elsewhere"))),
		afRefused("input-truncated", s.String()[:25], "artifact.input"),
		afRefused("input-bom", "\ufeff"+s.String(), "artifact.input"),
		afRefused("input-duplicate-member", `{"verdict":"veto",`+v.String()[1:], "artifact.input"),
		afRefused("type-array", "[]", "artifact.type"),
		afRefused("type-null", "null", "artifact.type"),
	)
}

// afCaseFiles are the hand-written files.
func afCaseFiles() []vfile {
	return append(append([]vfile{afSummaryRules()}, afLoaderFiles()...), afParityFiles()...)
}
