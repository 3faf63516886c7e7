package main

// artifact/1 vector files: the member variants of every shape in the
// operation that reads it, then the loader (versions, envelope,
// projection), the lifecycle, parity and acceptance cases
// (spec/artifact.md, "Vectors").

import (
	"encoding/json"
	"strings"
)

// afZero reports whether a confidence literal is zero: only 0 and '.'.
func afZero(lit string) bool { return strings.Trim(lit, "0.") == "" }

// afSummaryCode is the first summary rule s breaks, or "".
func afSummaryCode(s textDoc) string {
	traced, model := s.get("trace_path") != "", s.get("model") != ""
	switch {
	case traced && !model:
		return "artifact.traced_model"
	case traced:
		return ""
	case s.get("verdict") != afQ("veto"):
		return "artifact.untraced_verdict"
	case !afZero(s.get("confidence")):
		return "artifact.untraced_confidence"
	case model:
		return "artifact.untraced_model"
	}
	return ""
}

// afForm is a summary's form.
func afForm(s textDoc) string {
	if s.get("trace_path") == "" {
		return "veto"
	}
	return "traced"
}

// afSummaryExpect is the summary operation's case for a shape-valid s.
func afSummaryExpect(name string, s textDoc) vcase {
	if code := afSummaryCode(s); code != "" {
		return afRefused(name, s.json(), code)
	}
	return ok(name, s.json(), afJCS(`{"decision":`+afSumProj(s)+`,"form":"`+afForm(s)+`"}`))
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
		p := strings.Trim(e.get("phase"), `"`)
		if len(out) == 0 || out[len(out)-1] != p {
			out = append(out, p)
		}
	}
	return out
}

// afLifeCode is the first of definition_ends, lifecycle_definition and
// lifecycle_order that t and def break (both shape-valid), or "".
func afLifeCode(t afTrace, def textDoc) string {
	phases := afStrings(def.get("phases"))
	if len(phases) == 0 || phases[0] != "intake" || phases[len(phases)-1] != "decision" {
		return "artifact.definition_ends"
	}
	if afDocOf(t.top.get("header")).get("definition_hash") != afQ(afD(def.json())) {
		return "artifact.lifecycle_definition"
	}
	if strings.Join(afCollapsed(t), ",") != strings.Join(phases, ",") {
		return "artifact.lifecycle_order"
	}
	return ""
}

// afLifeInput is a lifecycle input.
func afLifeInput(t afTrace, def textDoc) string {
	return textDoc{{"trace", t.json()}, {"definition", def.json()}}.json()
}

// afLifeExpect is the lifecycle operation's case for shape-valid t, def.
func afLifeExpect(name string, t afTrace, def textDoc) vcase {
	in := afLifeInput(t, def)
	if code := afLifeCode(t, def); code != "" {
		return afRefused(name, in, code)
	}
	ph, _ := json.Marshal(afCollapsed(t))
	return ok(name, in, afJCS(`{"definition_hash":"`+afD(def.json())+`","entries":`+afItoa(len(t.entries))+`,"phases":`+string(ph)+`}`))
}

// afItoa is a small int's decimal.
func afItoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// afSealed returns t with its header's definition_hash D(def).
func afSealed(t afTrace, def textDoc) afTrace {
	h := afDocOf(t.top.get("header")).set("definition_hash", afQ(afD(def.json())))
	return t.set("header", afKeep(h))
}

// afEntriesJSON is t's entries as a JSON array text.
func afEntriesJSON(t afTrace) string {
	return afTrace{top: textDoc{}, entries: t.entries}.json()[len(`{"entries":`) : len(afTrace{top: textDoc{}, entries: t.entries}.json())-1]
}

// afMemberFiles are the derived member files.
func afMemberFiles() []vfile {
	// summary: the summary shape, convergence and model nested.
	sumVars := afVariants(afDecl.Object("summary"), afSummary, nil, nil, true)
	summary := afFile("summary", "members", "each member of the summary absent, of another type, and on each side of its rules",
		afCases("summary-members", sumVars, func(d textDoc) string { return d.json() }, afSummaryExpect)...)

	// lifecycle: the trace's top level, header, entries, decision and the
	// definition, each in place in a sealed trace.
	def := afDefinition
	life := func(behaviour string, vars []afVar, build func(textDoc) afTrace) []vcase {
		return afCases(behaviour, vars, func(d textDoc) string { return afLifeInput(build(d), def) },
			func(name string, d textDoc) vcase { return afLifeExpect(name, build(d), def) })
	}
	top := afV2.top.set("entries", afEntriesJSON(afV2))
	topVars := afVariants(afDecl.Object("trace"), top, map[string]string{"trace_schema_version": "all", "entries": "all", "run_id": "presence"},
		map[string]bool{"artifact.definition_hash": true}, true)
	topBuild := func(d textDoc) afTrace {
		return afTrace{top: d.del("entries"), entries: afV2.entries}
	}
	var lifeCases []vcase
	lifeCases = append(lifeCases, life("lifecycle-members", topVars, topBuild)...)
	first := afVariants(afDecl.Object("entry"), afV2.entries[0], map[string]string{"decision": "all"}, map[string]bool{"artifact.phase": true}, true)
	for i := range first {
		first[i].name = "first-entry-" + first[i].name
	}
	lifeCases = append(lifeCases, life("lifecycle-members", first, func(d textDoc) afTrace { return afV2.with(0, d) })...)
	for _, v := range []string{"[]", `"none"`, "true"} {
		in := afLifeInput(afV2.with(0, afV2.entries[0].set("decision", v)), def)
		lifeCases = append(lifeCases, afTagged("lifecycle-members", afRefused("first-entry-decision-"+strings.Trim(v, `"[]`)+"-type", in, "artifact.decision"), "type-guard"))
	}
	dec := afVariants(afDecl.Object("decision"), afDecision, nil, nil, true)
	for i := range dec {
		dec[i].name = "last-decision-" + dec[i].name
	}
	lifeCases = append(lifeCases, life("lifecycle-members", dec, func(d textDoc) afTrace {
		return afV2.with(-1, afV2.entries[4].set("decision", afKeep(d)))
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
			lifeCases = append(lifeCases, afTagged("lifecycle-members", afRefused(v.name, in, v.code), v.tag))
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
		afSummaryExpect("veto-zero-one-digit", v.set("confidence", "0.0")),
		afSummaryExpect("veto-zero-six-digits", v.set("confidence", "0.000000")),
		afSummaryExpect("veto-converged", v.set("convergence", afConvergence.json())),
		afSummaryExpect("untraced-pass", v.set("verdict", afQ("pass"))),
		afSummaryExpect("untraced-fail", v.set("verdict", afQ("fail"))),
		afSummaryExpect("untraced-smallest-confidence", v.set("confidence", "0.000001")),
		afSummaryExpect("untraced-full-confidence", v.set("confidence", "1")),
		afSummaryExpect("untraced-with-model", v.set("model", afModel.json())),
		afSummaryExpect("traced-without-model", s.del("model")),
		afSummaryExpect("traced-veto", v.set("trace_path", afQ("trace/run_trace.json")).set("model", afModel.json())),
		afSummaryExpect("traced-zero-confidence", s.set("confidence", "0")),
		afSummaryExpect("traced-fail", s.set("verdict", afQ("fail")).set("confidence", "0.12")),
		afSummaryExpect("traced-any-path-value", s.set("trace_path", afQ("../elsewhere"))),
		afRefused("input-truncated", s.json()[:25], "artifact.input"),
		afRefused("input-bom", "\ufeff"+s.json(), "artifact.input"),
		afRefused("input-duplicate-member", `{"verdict":"veto",`+v.json()[1:], "artifact.input"),
		afRefused("type-array", "[]", "artifact.type"),
		afRefused("type-null", "null", "artifact.type"),
	)
}

// afCaseFiles are the hand-written files.
func afCaseFiles() []vfile {
	return append(append([]vfile{afSummaryRules()}, afLoaderFiles()...), afParityFiles()...)
}
