package main

// ats-runtime/1 object rules and decisions (spec/ats-runtime.md, "The
// shapes" and "Decisions over more than one document"): each rule each way
// it fires, with its neighbours accepted; each decision's accepting and
// refusing cases, with their expected canonical bytes computed here.

import (
	"strconv"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// arRuleCase is a validator case on d, its expectation from arExpect.
func arRuleCase(op, name string, d gen.Doc) vcase { return arExpect(op, op+"-rules", name, d) }

// arRuleFiles are the object rules' files: each rule each way it fires,
// on the validators' bases.
func arRuleFiles() []vfile {
	caps, profile, probe := arBase("runtime-capabilities"), arBase("data-profile"), arBase("data-probe")
	art, act := arBase("strategy-compile-artifact"), arBase("strategy-activation")
	j, note := arBase("trade-journal"), arBase("human-note-revision")
	mode := func(d gen.Doc, req, eff, grant, reason string) gen.Doc {
		return d.Set("requested_mode", arQ(req)).Set("effective_mode", arQ(eff)).Set("execution_grant_ref", grant).Set("reason", reason)
	}
	const g, why = `"grant_7Qm2Xw9"`, `"operator_limit"`
	return []vfile{
		arFile("runtime-capabilities", "rules", "a snapshot not authored by the runtime is offline (seed invariant 8)",
			arRuleCase("runtime-capabilities", "local-observe", caps.Set("authored_by", arQ("local")).Set("effective_mode", arQ("observe"))),
			arRuleCase("runtime-capabilities", "local-paper", caps.Set("authored_by", arQ("local"))),
			arRuleCase("runtime-capabilities", "local-auto", caps.Set("authored_by", arQ("local")).Set("effective_mode", arQ("auto"))),
			arRuleCase("runtime-capabilities", "local-orders-paused", caps.Set("authored_by", arQ("local")).Set("effective_mode", arQ("orders_paused"))),
			arRuleCase("runtime-capabilities", "runtime-offline", caps.Set("effective_mode", arQ("offline"))),
			arRuleCase("runtime-capabilities", "runtime-emergency-locked", caps.Set("effective_mode", arQ("emergency_locked")).Set("reason", arQ("kill_switch"))),
		),
		arFile("data-profile", "rules", "configured is not verified: no member can hold a connection verdict (seed invariant 2)",
			arRefused("connected-true", profile.Set("connected", "true").String(), "ats-runtime.unknown_member"),
			arRefused("connection-status", profile.Set("status", arQ("verified")).String(), "ats-runtime.unknown_member"),
			arRefused("last-probe", profile.Set("last_probe", probe.String()).String(), "ats-runtime.unknown_member"),
			arRefused("verified-first", append(gen.Doc{kv("verified", "true")}, profile...).String(), "ats-runtime.unknown_member"),
		),
		arFile("data-probe", "rules", "a verified probe has no reason, any other has one",
			arRuleCase("data-probe", "verified-with-reason", probe.Set("reason", arQ("feed_ok"))),
			arRuleCase("data-probe", "failed-without-reason", probe.Set("status", arQ("failed"))),
			arRuleCase("data-probe", "stale-without-reason", probe.Set("status", arQ("stale"))),
			arRuleCase("data-probe", "stale-with-reason", probe.Set("status", arQ("stale")).Set("reason", arQ("feed_delayed"))),
		),
		arFile("strategy-compile-artifact", "rules", "a compiled artifact has a program, a failed one none",
			arRuleCase("strategy-compile-artifact", "compiled-without-program", art.Set("program", "null")),
			arRuleCase("strategy-compile-artifact", "failed-with-program", art.Set("status", arQ("failed"))),
			arRuleCase("strategy-compile-artifact", "unsealed-id-validates", art.Set("artifact_id", arQ("sha256:"+repeatHex))),
		),
		arFile("strategy-activation", "rules", "the mode ladder and the execution grant (seed invariant 6)",
			arRuleCase("strategy-activation", "exceeds-observe-to-paper", mode(act, "observe", "paper", g, why)),
			arRuleCase("strategy-activation", "exceeds-paper-to-auto", mode(act, "paper", "auto", g, why)),
			arRuleCase("strategy-activation", "exceeds-offline-to-observe", mode(act, "offline", "observe", "null", why)),
			arRuleCase("strategy-activation", "differs-without-reason", mode(act, "paper", "observe", "null", "null")),
			arRuleCase("strategy-activation", "halt-without-reason", mode(act, "paper", "orders_paused", g, "null")),
			arRuleCase("strategy-activation", "paper-without-grant", mode(act, "paper", "paper", "null", "null")),
			arRuleCase("strategy-activation", "paper-under-auto-without-grant", mode(act, "auto", "paper", "null", why)),
			arRuleCase("strategy-activation", "approve-without-grant", mode(act, "approve", "approve", "null", "null")),
			arRuleCase("strategy-activation", "auto-without-grant", mode(act, "auto", "auto", "null", "null")),
			arRuleCase("strategy-activation", "observe-with-grant", mode(act, "observe", "observe", g, "null")),
			arRuleCase("strategy-activation", "observe-under-paper-with-grant", mode(act, "paper", "observe", g, why)),
			arRuleCase("strategy-activation", "offline-with-grant", mode(act, "offline", "offline", g, "null")),
			arRuleCase("strategy-activation", "review-only-with-grant", mode(act, "review_only", "review_only", g, "null")),
			arRuleCase("strategy-activation", "review-only-without-grant", mode(act, "review_only", "review_only", "null", "null")),
			arRuleCase("strategy-activation", "approve-with-grant", mode(act, "approve", "approve", g, "null")),
			arRuleCase("strategy-activation", "auto-with-grant", mode(act, "auto", "auto", g, "null")),
			arRuleCase("strategy-activation", "orders-paused-with-grant", mode(act, "auto", "orders_paused", g, why)),
			arRuleCase("strategy-activation", "emergency-locked-without-grant", mode(act, "observe", "emergency_locked", "null", why)),
			arRuleCase("strategy-activation", "same-mode-with-reason", mode(act, "paper", "paper", g, why)),
		),
		arFile("trade-journal", "rules", "a reflection exists exactly when reflection_revision is above 0",
			arRuleCase("trade-journal", "reflection-at-revision-0", j.Set("reflection", arQ("early note"))),
			arRuleCase("trade-journal", "null-after-revision", j.Set("reflection_revision", "2")),
			arRuleCase("trade-journal", "reflection-at-revision-2", j.Set("reflection_revision", "2").Set("reflection", arQ("second thoughts"))),
			arRuleCase("trade-journal", "fact-revision-3", j.Set("fact_revision", "3")),
		),
		arFile("human-note-revision", "rules", "a revision supersedes exactly its predecessor (seed invariant 7)",
			arRuleCase("human-note-revision", "first-supersedes-1", note.Set("supersedes", "1")),
			arRuleCase("human-note-revision", "second-supersedes-null", note.Set("revision", "2")),
			arRuleCase("human-note-revision", "second-supersedes-itself", note.Set("revision", "2").Set("supersedes", "2")),
			arRuleCase("human-note-revision", "third-skips-second", note.Set("revision", "3").Set("supersedes", "1")),
			arRuleCase("human-note-revision", "third-supersedes-fourth", note.Set("revision", "3").Set("supersedes", "4")),
			arRuleCase("human-note-revision", "third-supersedes-second", note.Set("revision", "3").Set("supersedes", "2")),
			arRuleCase("human-note-revision", "max-supersedes-predecessor", note.Set("revision", "9007199254740991").Set("supersedes", "9007199254740990")),
		),
	}
}

// repeatHex is 64 lowercase hex digits.
const repeatHex = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// arEnv is an envelope's JSON text from its members in order.
func arEnv(members ...gen.Member) string { return gen.Doc(members).String() }

// arAge is ageProbeReceipt: the aged probe at now (spec/ats-runtime.md,
// "age-probe-receipt"), the probe valid and now not before it.
func arAge(p gen.Doc, now string) gen.Doc {
	if arIs(p, "status", "verified") && arNum(now)-arNum(p.Value("observed_at_ms")) >= arNum(p.Value("max_age_ms")) {
		return p.Set("status", arQ("stale")).Set("reason", arQ("probe_expired"))
	}
	return p
}

// arAgeOut is age-probe-receipt's output.
func arAgeOut(p gen.Doc, now string) string {
	aged := arAge(p, now)
	out, _ := textJCS(`{"probe":` + aged.String() + `,"usable":` + strconv.FormatBool(arIs(aged, "status", "verified")) + `}`)
	return out
}

// arNow is now_ms d milliseconds after p's observed_at_ms (gen.ARAt).
func arNow(p gen.Doc, d int64) string { return gen.ARAt(p, d) }

// arDecisionFiles are the four decisions' files, each case's expected
// answer computed here.
func arDecisionFiles() []vfile {
	p, src, art := arBase("data-probe"), arBase("strategy-source"), arBase("strategy-compile-artifact")
	act, journal, note := arBase("strategy-activation"), arBase("trade-journal"), arBase("human-note-revision")
	age := func(name string, probe gen.Doc, now string) vcase {
		return ok(name, arEnv(kv("probe", probe.String()), kv("now_ms", now)), arAgeOut(probe, now))
	}
	ageRefused := func(name string, probe, now, code string) vcase {
		return arRefused(name, arEnv(kv("probe", probe), kv("now_ms", now)), code)
	}
	fresh := arNow(p, 1000)
	ages := arFile("age-probe-receipt", "cases", "a verified probe expires against the clock (seed invariant 3)",
		age("fresh", p, fresh),
		age("at-observation", p, arNow(p, 0)),
		age("one-ms-before-expiry", p, arNow(p, 299999)),
		age("at-expiry", p, arNow(p, 300000)),
		age("long-after", p, arNow(p, 86400000)),
		age("max-now", p, "9007199254740991"),
		age("failed-stays-failed", arProbeFailed, arNow(p, 900000)),
		age("stale-stays-stale", p.Set("status", arQ("stale")).Set("reason", arQ("feed_delayed")), fresh),
		age("min-age-at-expiry", p.Set("max_age_ms", "1000"), arNow(p, 1000)),
		ageRefused("now-before-observation", p.String(), arNow(p, -1), "ats-runtime.probe_clock"),
		ageRefused("now-zero", p.String(), "0", "ats-runtime.probe_clock"),
		ageRefused("input-truncated", `{"probe":`+p.String(), fresh, "ats-runtime.input"),
		arRefused("type-array", "[]", "ats-runtime.type"),
		arRefused("missing-probe", arEnv(kv("now_ms", fresh)), "ats-runtime.missing_member"),
		arRefused("missing-now", arEnv(kv("probe", p.String())), "ats-runtime.missing_member"),
		arRefused("unknown-member", arEnv(kv("probe", p.String()), kv("now_ms", fresh), kv("clock", "1")), "ats-runtime.unknown_member"),
		ageRefused("probe-array", "[]", fresh, "ats-runtime.type"),
		ageRefused("probe-null", "null", fresh, "ats-runtime.type"),
		ageRefused("now-string", p.String(), `"`+fresh+`"`, "ats-runtime.now_ms"),
		ageRefused("now-fraction", p.String(), fresh+".5", "ats-runtime.now_ms"),
		ageRefused("now-above-max", p.String(), "9007199254740992", "ats-runtime.now_ms"),
		ageRefused("now-negative", p.String(), "-1", "ats-runtime.now_ms"),
		ageRefused("probe-bad-id", p.Set("probe_id", arQ("probe-9")).String(), fresh, "ats-runtime.probe_id"),
		ageRefused("probe-verified-with-reason", p.Set("reason", arQ("ok")).String(), fresh, "ats-runtime.probe_reason_extra"),
		ageRefused("probe-bad-tag", p.Set("schema_version", arBase("data-profile").Value("schema_version")).String(), fresh, "ats-runtime.schema_version"),
	)
	arExceptions.tagNamed(ages, "type-guard", "now-string", "probe-array", "probe-null")
	arExceptions.tagNamed(ages, "shadowed", "now-negative", "missing-now", "missing-probe")

	// stage-artifact.
	stage := func(source, artifact gen.Doc) string {
		return arEnv(kv("source", source.String()), kv("artifact", artifact.String()))
	}
	staged := func(name string, source, artifact gen.Doc) vcase {
		return ok(name, stage(source, artifact), `{"artifact_id":`+artifact.Value("artifact_id")+`}`)
	}
	stageRefused := func(name string, source, artifact gen.Doc, code string) vcase {
		return arRefused(name, stage(source, artifact), code)
	}
	pine := arSourcePine
	python := src.Set("source_id", arQ("src_PyRef1")).Set("language", arQ("python"))
	stages := arFile("stage-artifact", "cases", "only a compiled, content-addressed artifact of a Nano source is staged (seed invariant 5)",
		staged("compiled-nano", src, art),
		staged("compiled-max-source", src.Set("byte_length", "1048576"), art),
		stageRefused("pine-never-compiles", pine, arSeal(art.Set("source_id", pine.Value("source_id"))), "ats-runtime.stage_language"),
		stageRefused("python-never-compiles", python, arSeal(art.Set("source_id", python.Value("source_id"))), "ats-runtime.stage_language"),
		stageRefused("pine-failed-artifact", pine, arSeal(arArtifactFailed.Set("source_id", pine.Value("source_id"))), "ats-runtime.stage_language"),
		stageRefused("other-source-id", src, arSeal(art.Set("source_id", arQ("src_Other1"))), "ats-runtime.stage_source_id"),
		stageRefused("other-source-digest", src, arSeal(art.Set("source_digest", arQ("sha256:"+repeatHex))), "ats-runtime.stage_source_digest"),
		stageRefused("failed-artifact", src, arArtifactFailed, "ats-runtime.stage_not_compiled"),
		stageRefused("id-of-another-artifact", src, art.Set("artifact_id", arArtifactFailed.Value("artifact_id")), "ats-runtime.stage_id"),
		stageRefused("tampered-program", src, art.Set("program", arQ(`strategy momentum\nbuy when close > sma(5)\n`)), "ats-runtime.stage_id"),
		stageRefused("tampered-compiled-at", src, art.Set("compiled_at_ms", "1790000300001"), "ats-runtime.stage_id"),
		stageRefused("tampered-compiler", src, art.Set("compiler_version", arQ("1.3.1")), "ats-runtime.stage_id"),
		stageRefused("id-of-whole-artifact", src, art.Set("artifact_id", arQ(textDigest(art.String()))), "ats-runtime.stage_id"),
		arRefused("missing-artifact", arEnv(kv("source", src.String())), "ats-runtime.missing_member"),
		arRefused("unknown-member", stage(src, art)[:len(stage(src, art))-1]+`,"staged":true}`, "ats-runtime.unknown_member"),
		arRefused("artifact-array", arEnv(kv("source", src.String()), kv("artifact", "[]")), "ats-runtime.type"),
		stageRefused("compiled-without-program", src, arSeal(art.Set("program", "null")), "ats-runtime.artifact_program_missing"),
		stageRefused("artifact-bad-id-form", src, art.Set("artifact_id", arQ("sha256:XYZ")), "ats-runtime.artifact_id"),
		stageRefused("source-bad-language", src.Set("language", arQ("pinescript")), art, "ats-runtime.language"),
	)
	arExceptions.tagNamed(stages, "type-guard", "artifact-array")
	arExceptions.tagNamed(stages, "shadowed", "missing-artifact", "artifact-bad-id-form", "pine-failed-artifact")

	// admit-activation.
	admit := func(a, probe gen.Doc, now string) string {
		return arEnv(kv("activation", a.String()), kv("probe", probe.String()), kv("now_ms", now))
	}
	admitOut := func(a, probe gen.Doc, now string) string {
		out, _ := textJCS(`{"activation_digest":"` + textDigest(a.String()) + `","probe_digest":"` + textDigest(arAge(probe, now).String()) + `"}`)
		return out
	}
	admitted := func(name string, a, probe gen.Doc, now string) vcase {
		return ok(name, admit(a, probe, now), admitOut(a, probe, now))
	}
	admitRefused := func(name string, a, probe gen.Doc, now, code string) vcase {
		return arRefused(name, admit(a, probe, now), code)
	}
	admits := arFile("admit-activation", "cases", "a stale feed blocks a new activation (seed invariants 3 and 6)",
		admitted("fresh-probe", act, p, fresh),
		admitted("observe-fresh-probe", arActivationObserve, p, arNow(p, 299999)),
		admitRefused("probe-at-expiry", act, p, arNow(p, 300000), "ats-runtime.activation_probe"),
		admitRefused("probe-long-stale", act, p, arNow(p, 3600000), "ats-runtime.activation_probe"),
		admitRefused("probe-failed", act, arProbeFailed, fresh, "ats-runtime.activation_probe"),
		admitRefused("probe-stale-already", act, p.Set("status", arQ("stale")).Set("reason", arQ("feed_delayed")), fresh, "ats-runtime.activation_probe"),
		admitRefused("clock-before-probe", act, p, arNow(p, -1), "ats-runtime.probe_clock"),
		admitRefused("paper-without-grant", act.Set("execution_grant_ref", "null"), p, fresh, "ats-runtime.activation_grant_missing"),
		admitRefused("observe-with-grant", arActivationObserve.Set("execution_grant_ref", `"grant_7Qm2Xw9"`), p, fresh, "ats-runtime.activation_grant_extra"),
		admitRefused("exceeds", act.Set("requested_mode", arQ("observe")).Set("reason", arQ("operator_limit")), p, fresh, "ats-runtime.activation_exceeds"),
		admitRefused("now-string", act, p, `"1"`, "ats-runtime.now_ms"),
		admitRefused("activation-bad-mode", act.Set("requested_mode", arQ("orders_paused")).Set("reason", arQ("operator_limit")), p, fresh, "ats-runtime.requested_mode"),
		admitRefused("now-fraction", act, p, fresh+".5", "ats-runtime.now_ms"),
		admitRefused("now-above-max", act, p, "9007199254740992", "ats-runtime.now_ms"),
		admitRefused("probe-bad-id", act, p.Set("probe_id", arQ("probe_")), fresh, "ats-runtime.probe_id"),
		arRefused("unknown-member", admit(act, p, fresh)[:len(admit(act, p, fresh))-1]+`,"force":true}`, "ats-runtime.unknown_member"),
		arRefused("missing-activation", arEnv(kv("probe", p.String()), kv("now_ms", fresh)), "ats-runtime.missing_member"),
		arRefused("activation-string", arEnv(kv("activation", `"activation_P4per"`), kv("probe", p.String()), kv("now_ms", fresh)), "ats-runtime.type"),
	)
	arExceptions.tagNamed(admits, "type-guard", "now-string", "activation-string")
	arExceptions.tagNamed(admits, "shadowed", "now-above-max", "missing-activation")

	// save-note.
	j1 := journal.Set("reflection_revision", "1").Set("reflection", note.Value("text"))
	n2 := note.Set("revision", "2").Set("supersedes", "1").Set("text", arQ("Sold half at target."))
	save := func(e, n gen.Doc) string {
		return arEnv(kv("entry", e.String()), kv("note", n.String()))
	}
	saveOut := func(e, n gen.Doc) string {
		next := e.Set("reflection", n.Value("text")).Set("reflection_revision", n.Value("revision"))
		out, _ := textJCS(`{"digest":"` + textDigest(next.String()) + `","fact_revision":` + e.Value("fact_revision") + `,"reflection_revision":` + n.Value("revision") + `}`)
		return out
	}
	saved := func(name string, e, n gen.Doc) vcase { return ok(name, save(e, n), saveOut(e, n)) }
	saveRefused := func(name string, e, n gen.Doc, code string) vcase { return arRefused(name, save(e, n), code) }
	saves := arFile("save-note", "cases", "notes append: a revision supersedes its predecessor, a stale base conflicts, fact_revision never moves (seed invariant 7)",
		saved("first-note", journal, note),
		saved("second-note", j1, n2),
		saved("keeps-fact-revision", j1.Set("fact_revision", "3"), n2),
		saved("at-max", journal.Set("reflection_revision", "9007199254740990").Set("reflection", arQ("old")), note.Set("revision", "9007199254740991").Set("supersedes", "9007199254740990")),
		saveRefused("stale-base", j1.Set("reflection_revision", "2"), n2, "ats-runtime.note_conflict"),
		saveRefused("first-note-on-noted-entry", j1, note, "ats-runtime.note_conflict"),
		saveRefused("ahead-of-entry", journal, n2, "ats-runtime.note_conflict"),
		saveRefused("other-entry", journal, note.Set("entry_id", arQ("entry_T2")), "ats-runtime.note_entry"),
		saveRefused("note-skips-revision", j1, n2.Set("revision", "3"), "ats-runtime.note_supersedes"),
		saveRefused("entry-reflection-missing", journal.Set("reflection_revision", "1"), n2, "ats-runtime.journal_reflection_missing"),
		saveRefused("entry-bad-fact-revision", journal.Set("fact_revision", "0"), note, "ats-runtime.fact_revision"),
		saveRefused("note-control-character", journal, note.Set("text", arQ(`sized small\u0007`)), "ats-runtime.text"),
		arRefused("missing-note", arEnv(kv("entry", journal.String())), "ats-runtime.missing_member"),
		arRefused("note-array", arEnv(kv("entry", journal.String()), kv("note", "[]")), "ats-runtime.type"),
		arRefused("unknown-member", arEnv(kv("entry", journal.String()), kv("note", note.String()), kv("force", "true")), "ats-runtime.unknown_member"),
	)
	// entry-reflection-missing has no tag: ignored, the entry's null
	// reflection is replaced by the note's text and the save goes on.
	arExceptions.tagNamed(saves, "type-guard", "note-array")
	arExceptions.tagNamed(saves, "shadowed", "missing-note")
	return []vfile{ages, stages, admits, saves}
}
