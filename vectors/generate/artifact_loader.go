package main

import "github.com/conform-dev/conform/internal/fuzz/gen"

// artifact/1 loader and lifecycle cases (spec/artifact.md, "trace" and
// "lifecycle"): v1 traces (absent and explicit 1, full and reduced),
// current and newer ones, the envelope, the projection, the definition
// hash and the lifecycle order.

// afLoaderFiles are the trace and lifecycle case files.
func afLoaderFiles() []vfile {
	t2, t1 := afV2, afV1
	accepted := func(name string, t afTrace, v int) vcase { return ok(name, t.json(), afTraceOut(t, v)) }
	ref := func(name string, t afTrace, code string) vcase { return afRefused(name, t.json(), code) }
	last := t2.entries[4]
	reduced := afV1Reduced
	versions := afTagAll(afFile("trace", "versions", "version detection: absent or 1 is v1, upgraded in memory; 2 is current; newer is refused",
		accepted("v2-current", t2, 2),
		accepted("v1-absent-marker", t1, 1),
		accepted("v1-explicit-1", t2.set("trace_schema_version", "1"), 1),
		accepted("v1-reduced-entries", reduced, 1),
		accepted("v1-reduced-marker-last", afTrace{top: gen.Doc{kv("run_id", afQ("r"))}, entries: reduced.entries}.set("trace_schema_version", "1"), 1),
		ref("newer-3", t2.set("trace_schema_version", "3"), "artifact.version_newer"),
		ref("newer-max", t2.set("trace_schema_version", "9007199254740991"), "artifact.version_newer"),
		ref("newer-on-v1-body", reduced.set("trace_schema_version", "3"), "artifact.version_newer"),
		ref("version-0", t2.set("trace_schema_version", "0"), "artifact.version"),
		ref("version-negative", t2.set("trace_schema_version", "-1"), "artifact.version"),
		ref("version-fraction", t2.set("trace_schema_version", "2.0"), "artifact.version"),
		ref("version-exponent", t2.set("trace_schema_version", "2e0"), "artifact.version"),
		ref("version-string", t2.set("trace_schema_version", `"2"`), "artifact.version"),
		ref("version-null", t2.set("trace_schema_version", "null"), "artifact.version"),
		ref("version-above-safe", t2.set("trace_schema_version", "9007199254740992"), "artifact.version"),
		afRefused("input-truncated", t2.json()[:40], "artifact.input"),
		afRefused("input-duplicate-member", `{"run_id":"a","run_id":"b","entries":[]}`, "artifact.input"),
		afRefused("type-array", "[]", "artifact.type"),
		afRefused("type-string", `"run"`, "artifact.type"),
	), nil)
	envelope := afTagAll(afFile("trace", "envelope", "the envelope is a non-empty run_id and a non-empty entries list, for v1 and v2, and no more",
		ref("run-id-absent", afTrace{top: t2.top.Drop("run_id"), entries: t2.entries}, "artifact.envelope_run_id"),
		ref("run-id-empty", t2.set("run_id", `""`), "artifact.envelope_run_id"),
		ref("run-id-number", t2.set("run_id", "7"), "artifact.envelope_run_id"),
		ref("v1-run-id-absent", afTrace{top: gen.Doc{}, entries: reduced.entries}, "artifact.envelope_run_id"),
		ref("v1-run-id-null", reduced.set("run_id", "null"), "artifact.envelope_run_id"),
		accepted("run-id-not-a-uuid", t2.set("run_id", afQ("x")), 2),
		afRefused("entries-absent", t2.top.String(), "artifact.envelope_entries"),
		afRefused("entries-empty", t2.top.Set("entries", "[]").String(), "artifact.envelope_entries"),
		afRefused("entries-object", t2.top.Set("entries", "{}").String(), "artifact.envelope_entries"),
		afRefused("v1-entries-empty", reduced.top.Set("entries", "[]").String(), "artifact.envelope_entries"),
		accepted("header-not-checked", t2.set("header", `"not a header"`), 2),
		accepted("header-absent-on-v2", afTrace{top: t2.top.Drop("header"), entries: t2.entries}, 2),
		accepted("unknown-top-member", t2.set("producer", afQ("cli")), 2),
		accepted("earlier-entries-reduced", t2.with(0, gen.Doc{}).with(1, gen.Doc{kv("phase", "7")}), 2),
		accepted("fingerprint-not-checked", t2.with(-1, last.Set("fingerprint", afQ("tampered"))), 2),
		accepted("failure-artifact-not-checked", t2.with(-1, last.Set("failure", "[1,2]")), 2),
		accepted("phases-out-of-order", t2.with(0, t2.entries[4]), 2),
	), map[string]string{"run-id-absent": "", "run-id-empty": "", "run-id-number": "", "v1-run-id-absent": "", "v1-run-id-null": ""})
	decision := afDocOf(last.Value("decision"))
	projection := afTagAll(afFile("trace", "projection", "the projection is the last entry's epistemic state and decision: verdict, confidence, stop reason",
		afRefused("last-entry-not-an-object", t2.top.Set("entries", "["+t2.entries[4].String()+",7]").String(), "artifact.projection"),
		ref("last-decision-null", t2.with(-1, last.Set("decision", "null")), "artifact.projection"),
		ref("last-decision-absent", t2.with(-1, last.Drop("decision")), "artifact.projection"),
		ref("last-epistemic-absent", t2.with(-1, last.Drop("epistemic_state")), "artifact.projection"),
		ref("last-epistemic-bogus", t2.with(-1, last.Set("epistemic_state", afQ("maybe"))), "artifact.projection"),
		ref("verdict-bogus", t2.with(-1, last.Set("decision", decision.Set("verdict", afQ("PASS")).String())), "artifact.projection"),
		ref("confidence-above-one", t2.with(-1, last.Set("decision", decision.Set("confidence", "1.5").String())), "artifact.projection"),
		ref("confidence-string", t2.with(-1, last.Set("decision", decision.Set("confidence", `"0.87"`).String())), "artifact.projection"),
		ref("stop-reason-bad", t2.with(-1, last.Set("decision", decision.Set("stop_reason", afQ("Done")).String())), "artifact.projection"),
		ref("stop-reason-absent", t2.with(-1, last.Set("decision", decision.Drop("stop_reason").String())), "artifact.projection"),
		ref("v1-decision-absent", reduced.with(0, reduced.entries[0].Drop("decision")), "artifact.projection"),
		accepted("termination-not-read", t2.with(-1, last.Set("decision", decision.Drop("termination_reason").String())), 2),
		accepted("decision-on-an-earlier-entry-only", t2.with(0, t2.entries[0].Set("decision", "7")), 2),
		accepted("veto-decision", t2.with(-1, last.Set("decision", decision.Set("verdict", afQ("veto")).Set("confidence", "0").String())), 2),
		accepted("confidence-trailing-zeros", t2.with(-1, last.Set("decision", decision.Set("confidence", "0.870").String())), 2),
	), nil)
	return append([]vfile{versions, envelope, projection}, afLifecycleFile())
}

// afLifecycleFile is the lifecycle cases.
func afLifecycleFile() vfile {
	def, t := afDefinition, afV2
	e := t.entries
	short := afDefinition.Set("phases", `["intake","analysis","decision"]`)
	shortTrace := afSealed(afTrace{top: t.top, entries: []gen.Doc{e[0], e[1], e[4]}}, short)
	ends := func(name, phases string) vcase {
		d := def.Set("phases", phases)
		return afRefused(name, afLifeInput(afSealed(t, d), d), "artifact.definition_ends")
	}
	in := func(t afTrace, d gen.Doc) string { return afLifeInput(t, d) }
	reducedUUID := afTrace{top: gen.Doc{kv("run_id", afQ("3f2b8c1e-9a4d-4e6f-8b21-0c7d5e9a1f34"))}, entries: afV1Reduced.entries}
	return afTagAll(afFile("lifecycle", "cases", "canonical lifecycle validation against the exact definition: the full shape, the definition hash and the lifecycle order",
		afLifeExpect("v2-five-phases", t, def),
		afLifeExpect("v1-full-entries", afV1, def),
		afLifeExpect("repeated-phase-collapses", afTrace{top: t.top, entries: []gen.Doc{e[0], e[1], e[1], e[2], e[3], e[4], e[4]}}, def),
		afLifeExpect("short-definition", shortTrace, short),
		afLifeExpect("missing-phase", afTrace{top: t.top, entries: []gen.Doc{e[0], e[1], e[3], e[4]}}, def),
		afLifeExpect("swapped-phases", afTrace{top: t.top, entries: []gen.Doc{e[0], e[2], e[1], e[3], e[4]}}, def),
		afLifeExpect("phase-returns", afTrace{top: t.top, entries: []gen.Doc{e[0], e[1], e[2], e[1], e[3], e[4]}}, def),
		afLifeExpect("extra-phase-for-short-definition", afSealed(t, short), short),
		afLifeExpect("ends-before-decision", afTrace{top: t.top, entries: e[:4]}, def),
		afLifeExpect("other-definition-hash", t.set("header", afKeep(afHeader.Set("definition_hash", afQ(afHex("other"))))), def),
		afLifeExpect("definition-renamed", t, def.Set("name", afQ("other-pipeline"))),
		afLifeExpect("definition-member-order-is-not-the-digest", t, gen.Doc{kv("phases", def.Value("phases")), kv("name", def.Value("name"))}),
		afRefused("v1-reduced-lacks-v2-members", in(reducedUUID, def), "artifact.missing_member"),
		afRefused("v1-reduced-run-id-not-a-uuid", in(afV1Reduced, def), "artifact.run_id"),
		ends("starts-with-analysis", `["analysis","decision"]`),
		ends("ends-with-scoring", `["intake","scoring"]`),
		ends("intake-only", `["intake"]`),
		afRefused("definition-first-not-a-phase", afLifeInput(afSealed(t, def.Set("phases", `["review","intake","decision"]`)), def.Set("phases", `["review","intake","decision"]`)), "artifact.definition_phases"),
		afRefused("newer-version", in(t.set("trace_schema_version", "3"), def), "artifact.version_newer"),
		afRefused("version-zero", in(t.set("trace_schema_version", "0"), def), "artifact.version"),
		afRefused("run-id-empty", in(t.set("run_id", `""`), def), "artifact.envelope_run_id"),
		afRefused("entries-empty", gen.Doc{kv("trace", t.top.Set("entries", "[]").String()), kv("definition", def.String())}.String(), "artifact.envelope_entries"),
		afRefused("entry-not-an-object", gen.Doc{kv("trace", t.top.Set("entries", "["+e[0].String()+",7,"+e[4].String()+"]").String()), kv("definition", def.String())}.String(), "artifact.entry"),
		afRefused("entry-array", gen.Doc{kv("trace", t.top.Set("entries", "["+e[0].String()+",[],"+e[4].String()+"]").String()), kv("definition", def.String())}.String(), "artifact.entry"),
		afRefused("input-truncated", in(t, def)[:30], "artifact.input"),
		afRefused("type-array", "[]", "artifact.type"),
		afRefused("trace-absent", gen.Doc{kv("definition", def.String())}.String(), "artifact.missing_member"),
		afRefused("definition-absent", gen.Doc{kv("trace", t.json())}.String(), "artifact.missing_member"),
		afRefused("trace-array", gen.Doc{kv("trace", "[]"), kv("definition", def.String())}.String(), "artifact.type"),
		afRefused("definition-string", gen.Doc{kv("trace", t.json()), kv("definition", afQ("review-pipeline"))}.String(), "artifact.type"),
		afRefused("unknown-member", gen.Doc{kv("trace", t.json()), kv("definition", def.String()), kv("strict", "true")}.String(), "artifact.unknown_member"),
	), map[string]string{"run-id-empty": "shadowed", "v1-reduced-run-id-not-a-uuid": "shadowed", "starts-with-analysis": "shadowed", "ends-with-scoring": "shadowed", "intake-only": "shadowed", "definition-first-not-a-phase": "shadowed"})
}
