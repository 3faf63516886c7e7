package main

// artifact/1 parity and acceptance cases (spec/artifact.md, "parity"
// and "accept"): each parity outcome, each non-parity field proven
// ignored, each acceptance step's refusal and each path escape.

import (
	"encoding/json"
	"reflect"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// afEqual is the evidence equality of two JSON texts ("" for absent):
// numbers as doubles, objects in any order.
func afEqual(a, b string) bool {
	if a == "" || b == "" {
		return a == b
	}
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		panic("artifact: not JSON: " + a + " " + b)
	}
	return reflect.DeepEqual(x, y)
}

// afDiffers lists the parity fields of s and t that differ.
func afDiffers(s gen.Doc, t afTrace) []string {
	e := t.entries[len(t.entries)-1]
	d := afDocOf(e.Value("decision"))
	out := []string{}
	if s.Value("verdict") != d.Value("verdict") {
		out = append(out, "verdict")
	}
	if afNum(s.Value("confidence")) != afNum(d.Value("confidence")) {
		out = append(out, "confidence")
	}
	if s.Value("epistemic_status") != e.Value("epistemic_state") {
		out = append(out, "epistemic_status")
	}
	if s.Value("stop_reason") != d.Value("stop_reason") {
		out = append(out, "stop_reason")
	}
	return out
}

// afEvidence lists the evidence fields of s and t that differ.
func afEvidence(s gen.Doc, t afTrace) []string {
	var h gen.Doc
	if text := t.top.Value("header"); text != "" {
		h = afDocOf(text)
	}
	d := afDocOf(t.entries[len(t.entries)-1].Value("decision"))
	out := []string{}
	for _, k := range []string{"runtime_version", "model", "convergence"} {
		if !afEqual(s.Value(k), h.Value(k)) {
			out = append(out, k)
		}
	}
	if !afEqual(s.Value("termination_reason"), d.Value("termination_reason")) {
		out = append(out, "termination_reason")
	}
	return out
}

// afList is a JSON array of strings.
func afList(ss []string) string {
	b, _ := json.Marshal(ss)
	return string(b)
}

// afParityInput is a parity input ("null" summary for none).
func afParityInput(s string, t afTrace) string {
	return gen.Doc{kv("summary", s), kv("trace", t.json())}.String()
}

// afParity is the parity case of summary s (valid) and trace t (loadable).
func afParity(name string, s gen.Doc, t afTrace) vcase {
	diff := afDiffers(s, t)
	outcome := "match"
	if len(diff) > 0 {
		outcome = "mismatch"
	}
	return ok(name, afParityInput(s.String(), t), afJCS(`{"differs":`+afList(diff)+`,"evidence":`+afList(afEvidence(s, t))+`,"parity":"`+outcome+`"}`))
}

// afParityFiles are the parity and accept files.
func afParityFiles() []vfile {
	s, t := afSummary, afV2
	last := t.entries[4]
	dec := afDocOf(last.Value("decision"))
	withDecision := func(d gen.Doc) afTrace { return t.with(-1, last.Set("decision", afKeep(d))) }
	header := func(k, v string) afTrace { return t.set("header", afKeep(afHeader.Set(k, v))) }
	skipped := ok("skipped-without-summary", afParityInput("null", t), `{"differs":[],"evidence":[],"parity":"skipped"}`)
	parity := afTagAll(afFile("parity", "cases", "parity over exactly verdict, confidence, epistemic state and stop reason; every other field is evidence or observational",
		afParity("match", s, t),
		skipped,
		ok("skipped-v1", afParityInput("null", afV1Reduced), `{"differs":[],"evidence":[],"parity":"skipped"}`),
		afParity("match-v1-full", s, afV1),
		afParity("match-v1-reduced-evidence-absent", s, afV1Reduced),
		afParity("mismatch-verdict", s.Set("verdict", afQ("fail")), t),
		afParity("mismatch-confidence", s.Set("confidence", "0.5"), t),
		afParity("mismatch-epistemic-state", s.Set("epistemic_status", afQ("known")), t),
		afParity("mismatch-stop-reason", s.Set("stop_reason", afQ("budget_exhausted")), t),
		afParity("mismatch-all-four", s.Set("verdict", afQ("fail")).Set("confidence", "0.2").Set("epistemic_status", afQ("uncertain")).Set("stop_reason", afQ("budget_exhausted")), t),
		afParity("mismatch-veto-summary-beside-trace", afVeto.Set("trace_path", afQ("trace/run_trace.json")).Set("model", afModel.String()), t),
		afParity("match-confidence-trailing-zeros", s.Set("confidence", "0.870"), t),
		afParity("match-confidence-one", s.Set("confidence", "1"), withDecision(dec.Set("confidence", "1.000000"))),
		afParity("ignores-runtime-version", s.Set("runtime_version", afQ("1.5.0")), t),
		afParity("ignores-termination-reason", s.Set("termination_reason", afQ("interrupted")), t),
		afParity("ignores-convergence-state", s.Set("convergence", gen.Doc{kv("state", afQ("not_converged")), kv("iterations", "3")}.String()), t),
		afParity("ignores-convergence-iterations", s, header("convergence", gen.Doc{kv("state", afQ("converged")), kv("iterations", "4")}.String())),
		afParity("ignores-model-metadata", s.Set("model", gen.Doc{kv("name", afQ("reviewer-13b")), kv("digest", afQ(afHex("model-13b")))}.String()), t),
		afParity("ignores-trace-path", s.Set("trace_path", afQ("elsewhere/trace.json")), t),
		afParity("ignores-config-hash", s, header("config_hash", afQ(afHex("config-2")))),
		afParity("ignores-definition-hash", s, header("definition_hash", afQ(afHex("definition-2")))),
		afParity("ignores-prompt-hash", s, t.with(1, t.entries[1].Set("prompt_hash", afQ(afHex("prompt-2"))))),
		afParity("ignores-fingerprint", s, t.with(-1, last.Set("fingerprint", afQ(afHex("fp-2"))))),
		afParity("ignores-run-id", s, t.set("run_id", afQ("00000000-0000-0000-0000-000000000000"))),
		afParity("ignores-created-at", s, t.set("created_at_ms", "1790000099999")),
		afParity("ignores-entry-time", s, t.with(-1, last.Set("at_ms", "1790000099999"))),
		afParity("ignores-model-hash", s, t.with(-1, last.Set("model_hash", afQ(afHex("model-2"))))),
		afParity("evidence-model-member-order-is-equal", s.Set("model", gen.Doc{kv("digest", afModel.Value("digest")), kv("name", afModel.Value("name"))}.String()), t),
		afParity("evidence-iterations-as-double", s.Set("convergence", gen.Doc{kv("state", afQ("converged")), kv("iterations", "3")}.String()), header("convergence", gen.Doc{kv("iterations", "3.0"), kv("state", afQ("converged"))}.String())),
		afRefused("summary-rule", afParityInput(s.Drop("model").String(), t), "artifact.traced_model"),
		afRefused("summary-shape", afParityInput(s.Set("verdict", afQ("maybe")).String(), t), "artifact.verdict"),
		afRefused("trace-newer", afParityInput(s.String(), t.set("trace_schema_version", "3")), "artifact.version_newer"),
		afRefused("trace-no-projection", afParityInput(s.String(), t.with(-1, last.Set("decision", "null"))), "artifact.projection"),
		afRefused("summary-absent", gen.Doc{kv("trace", t.json())}.String(), "artifact.missing_member"),
		afRefused("trace-absent", gen.Doc{kv("summary", s.String())}.String(), "artifact.missing_member"),
		afRefused("summary-array", afParityInput("[]", t), "artifact.type"),
		afRefused("trace-null", gen.Doc{kv("summary", s.String()), kv("trace", "null")}.String(), "artifact.type"),
		afRefused("unknown-member", gen.Doc{kv("summary", s.String()), kv("trace", t.json()), kv("mode", `"strict"`)}.String(), "artifact.unknown_member"),
		afRefused("input-truncated", afParityInput(s.String(), t)[:50], "artifact.input"),
		afRefused("type-array", "[]", "artifact.type"),
	), nil)
	return []vfile{parity, afAcceptFile()}
}

// afAcceptOK is an accepted traced root's output.
func afAcceptOK(s gen.Doc, t afTrace) string {
	return afJCS(`{"accepted":true,"evidence":` + afList(afEvidence(s, t)) + `,"form":"traced","parity":"match"}`)
}

// afVetoOK is an accepted veto root's output.
const afVetoOK = `{"accepted":true,"evidence":[],"form":"veto","parity":"not_run"}`

// afLogs is n small log files, logs/0.log on.
func afLogs(n int) []string {
	var out []string
	for i := range n {
		out = append(out, afFileEntry("logs/"+afItoa(i)+".log", "file", "ok"))
	}
	return out
}

// afAcceptFile is the acceptance procedure's cases, then the tree's
// member variants.
func afAcceptFile() vfile {
	s, t, def := afSummary, afV2, afDefinition
	sf, tf := afSummaryFile(s.String()), afTraceFile(t.json())
	root := func(files ...string) string { return afRoot(def, files...) }
	at := func(name, path string, code string) vcase {
		return afRefused(name, root(afSummaryFile(s.Set("trace_path", path).String()), tf), code)
	}
	okAt := func(name, path string) vcase {
		return ok(name, root(afSummaryFile(s.Set("trace_path", path).String()), tf), afAcceptOK(s, t))
	}
	last := t.entries[4]
	cases := []vcase{
		ok("traced-root", root(sf, tf), afAcceptOK(s, t)),
		ok("traced-root-files-reversed", root(tf, sf), afAcceptOK(s, t)),
		ok("traced-root-with-a-log", root(sf, tf, afFileEntry("logs/run.log", "file", "started\n")), afAcceptOK(s, t)),
		ok("veto-root", root(afSummaryFile(afVeto.String())), afVetoOK),
		ok("veto-root-with-result-extra", root(afSummaryFile(afVeto.String()), afFileEntry("result/notes.txt", "file", "dry run")), afVetoOK),
		ok("evidence-differs", root(afSummaryFile(s.Set("runtime_version", afQ("1.5.0")).Set("termination_reason", afQ("interrupted")).String()), tf),
			afAcceptOK(s.Set("runtime_version", afQ("1.5.0")).Set("termination_reason", afQ("interrupted")), t)),
		ok("v1-trace-with-full-entries", root(sf, afTraceFile(afV1.json())), afAcceptOK(s, afV1)),
		// Step 1.
		afRefused("no-summary", root(tf), "artifact.summary_missing"),
		afRefused("empty-root", root(), "artifact.summary_missing"),
		afRefused("summary-is-a-symlink", root(afFileEntry("result/final_result.json", "symlink", "../elsewhere/final_result.json"), tf), "artifact.summary_missing"),
		afRefused("summary-at-the-root", root(afFileEntry("final_result.json", "file", s.String()), tf), "artifact.summary_missing"),
		afRefused("summary-result-is-a-symlink", root(afFileEntry("result", "symlink", "/tmp/result"), tf), "artifact.summary_missing"),
		afRefused("summary-not-json", root(afSummaryFile(s.String()[:20]), tf), "artifact.summary_json"),
		afRefused("summary-with-bom", root(afSummaryFile("\ufeff"+s.String()), tf), "artifact.summary_json"),
		afRefused("summary-empty-file", root(afSummaryFile(""), tf), "artifact.summary_json"),
		afRefused("summary-array", root(afSummaryFile("[]"), tf), "artifact.type"),
		afRefused("summary-untraced-pass", root(afSummaryFile(afVeto.Set("verdict", afQ("pass")).String())), "artifact.untraced_verdict"),
		afRefused("summary-untraced-confidence", root(afSummaryFile(afVeto.Set("confidence", "0.4").String())), "artifact.untraced_confidence"),
		afRefused("summary-untraced-model", root(afSummaryFile(afVeto.Set("model", afModel.String()).String())), "artifact.untraced_model"),
		afRefused("summary-traced-without-model", root(afSummaryFile(s.Drop("model").String()), tf), "artifact.traced_model"),
		afRefused("summary-bad-member", root(afSummaryFile(s.Set("termination_reason", afQ("Done")).String()), tf), "artifact.termination_reason"),
		// Step 2.
		afRefused("veto-beside-a-trace", root(afSummaryFile(afVeto.String()), tf), "artifact.veto_trace"),
		afRefused("veto-beside-a-trace-symlink", root(afSummaryFile(afVeto.String()), afFileEntry("trace", "symlink", "../old")), "artifact.veto_trace"),
		afRefused("veto-beside-another-trace-file", root(afSummaryFile(afVeto.String()), afFileEntry("trace/partial.json", "file", "{")), "artifact.veto_trace"),
		// Step 3.
		at("path-empty", `""`, "artifact.path_empty"),
		at("path-absolute", afQ("/trace/run_trace.json"), "artifact.path_absolute"),
		at("path-absolute-elsewhere", afQ("/etc/passwd"), "artifact.path_absolute"),
		at("path-backslash", afQ(`trace\\run_trace.json`), "artifact.path_backslash"),
		at("path-drive-letter", afQ(`C:\\out\\trace\\run_trace.json`), "artifact.path_backslash"),
		at("path-parent-escape", afQ("../trace/run_trace.json"), "artifact.path_parent"),
		at("path-parent-far-escape", afQ("../../etc/passwd"), "artifact.path_parent"),
		at("path-parent-back-in", afQ("trace/../trace/run_trace.json"), "artifact.path_parent"),
		at("path-parent-last", afQ("trace/run_trace.json/.."), "artifact.path_parent"),
		at("path-other-file", afQ("trace/other.json"), "artifact.path_target"),
		at("path-the-summary", afQ("result/final_result.json"), "artifact.path_target"),
		at("path-dot", afQ("."), "artifact.path_target"),
		at("path-case", afQ("Trace/run_trace.json"), "artifact.path_target"),
		at("path-nul", afQ(`trace/run_trace.json\u0000`), "artifact.path_target"),
		okAt("path-dot-segment", "\"./trace/run_trace.json\""),
		okAt("path-inner-dot", "\"trace/./run_trace.json\""),
		okAt("path-double-slash", "\"trace//run_trace.json\""),
		afRefused("path-through-symlink-dir", root(sf, afFileEntry("trace", "symlink", "/var/run")), "artifact.path_symlink"),
		afRefused("path-symlink-file", root(sf, afFileEntry("trace/run_trace.json", "symlink", "../../elsewhere/run_trace.json")), "artifact.path_symlink"),
		afRefused("trace-missing", root(sf), "artifact.trace_missing"),
		afRefused("trace-missing-other-trace-file", root(sf, afFileEntry("trace/other.json", "file", t.json())), "artifact.trace_missing"),
		// Step 4.
		afRefused("trace-not-json", root(sf, afTraceFile(t.json()[:30])), "artifact.trace_json"),
		afRefused("trace-lone-surrogate-bytes", root(sf, afFileEntry("trace/run_trace.json", "file", "{\"run_id\":\"\xed\xa0\x80\"}")), "artifact.trace_json"),
		afRefused("trace-array", root(sf, afTraceFile("[]")), "artifact.type"),
		afRefused("trace-newer", root(sf, afTraceFile(t.set("trace_schema_version", "3").json())), "artifact.version_newer"),
		afRefused("trace-empty-entries", root(sf, afTraceFile(t.top.Set("entries", "[]").String())), "artifact.envelope_entries"),
		afRefused("trace-v1-reduced", root(sf, afTraceFile(afV1Reduced.json())), "artifact.run_id"),
		afRefused("trace-header-absent", root(sf, afTraceFile(afTrace{top: t.top.Drop("header"), entries: t.entries}.json())), "artifact.missing_member"),
		afRefused("trace-entry-fingerprint", root(sf, afTraceFile(t.with(2, t.entries[2].Set("fingerprint", afQ("x"))).json())), "artifact.fingerprint"),
		afRefused("definition-not-the-traces", afRoot(def.Set("name", afQ("other-pipeline")), sf, tf), "artifact.lifecycle_definition"),
		afRefused("lifecycle-order", root(sf, afTraceFile(afTrace{top: t.top, entries: []gen.Doc{t.entries[0], t.entries[2], t.entries[1], t.entries[3], last}}.json())), "artifact.lifecycle_order"),
		// Step 5.
		afRefused("no-decision-state", root(sf, afTraceFile(t.with(-1, last.Set("decision", "null")).json())), "artifact.projection"),
		afRefused("parity-mismatch-verdict", root(afSummaryFile(s.Set("verdict", afQ("fail")).String()), tf), "artifact.parity_mismatch"),
		afRefused("parity-mismatch-confidence", root(afSummaryFile(s.Set("confidence", "0.86").String()), tf), "artifact.parity_mismatch"),
		// The tree and the input.
		afRefused("tree-duplicate-path", root(sf, sf, tf), "artifact.tree"),
		ok("tree-256-entries", root(append([]string{sf, tf}, afLogs(254)...)...), afAcceptOK(s, t)),
		afRefused("tree-257-entries", root(append([]string{sf, tf}, afLogs(255)...)...), "artifact.tree"),
		afRefused("tree-file-and-directory", root(sf, tf, afFileEntry("trace", "file", "x")), "artifact.tree"),
		afRefused("tree-files-not-a-list", gen.Doc{kv("files", "{}"), kv("definition", def.String())}.String(), "artifact.tree"),
		afRefused("tree-entry-not-an-object", root(sf, tf, `"logs/run.log"`), "artifact.tree"),
		afRefused("definition-ends", afRoot(def.Set("phases", `["intake","scoring"]`), sf, tf), "artifact.definition_ends"),
		afRefused("definition-bad-phase", afRoot(def.Set("phases", `["intake","review","decision"]`), sf, tf), "artifact.definition_phases"),
		afRefused("files-absent", gen.Doc{kv("definition", def.String())}.String(), "artifact.missing_member"),
		afRefused("definition-absent", gen.Doc{kv("files", "["+sf+","+tf+"]")}.String(), "artifact.missing_member"),
		afRefused("unknown-member", gen.Doc{kv("files", "["+sf+","+tf+"]"), kv("definition", def.String()), kv("root", `"/out"`)}.String(), "artifact.unknown_member"),
		afRefused("input-truncated", root(sf, tf)[:40], "artifact.input"),
		afRefused("type-array", "[]", "artifact.type"),
	}
	// The tree entry's members, derived: every defect stands but an
	// unknown member.
	file := gen.Doc{kv("path", afQ("result/final_result.json")), kv("kind", afQ("file")), kv("bytes_b64", afQ(afB64(s.String())))}
	vars := afVariants(afDecl.Object("file"), file, nil, nil, true)
	for i := range vars {
		vars[i].name = "tree-entry-" + vars[i].name
	}
	cases = append(cases, afCases("accept-cases", vars, func(d gen.Doc) string { return root(d.String(), tf) }, func(name string, d gen.Doc) vcase {
		if d.Value("kind") == afQ("symlink") {
			return afRefused(name, root(d.String(), tf), "artifact.summary_missing")
		}
		return ok(name, root(d.String(), tf), afAcceptOK(s, t))
	})...)
	f := afFile("accept", "cases", "the acceptance procedure over an output root given as a tree: each step's refusal and each path escape", cases...)
	return afTagAll(f, map[string]string{
		"path-absolute-elsewhere": "shadowed", "path-parent-escape": "shadowed", "path-parent-far-escape": "shadowed",
		"path-parent-last": "shadowed", "trace-v1-reduced": "shadowed", "tree-entry-unknown-member": "",
		"definition-ends": "shadowed", "definition-bad-phase": "shadowed", "summary-array": "type-guard",
		"trace-array": "type-guard", "tree-files-not-a-list": "type-guard", "tree-entry-not-an-object": "type-guard",
		"tree-duplicate-path": "no-accept-path",
	})
}
