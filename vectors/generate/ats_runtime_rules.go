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
func arRuleCase(op, name string, d textDoc) vcase { return arExpect(op, op+"-rules", name, d) }

// arRuleFiles are the object rules' files: each rule each way it fires,
// on the validators' bases.
func arRuleFiles() []vfile {
	caps, profile, probe := arBase("runtime-capabilities"), arBase("data-profile"), arBase("data-probe")
	art, act := arBase("strategy-compile-artifact"), arBase("strategy-activation")
	j, note := arBase("trade-journal"), arBase("human-note-revision")
	mode := func(d textDoc, req, eff, grant, reason string) textDoc {
		return d.set("requested_mode", arQ(req)).set("effective_mode", arQ(eff)).set("execution_grant_ref", grant).set("reason", reason)
	}
	const g, why = `"grant_7Qm2Xw9"`, `"operator_limit"`
	return []vfile{
		arFile("runtime-capabilities", "rules", "a snapshot not authored by the runtime is offline (seed invariant 8)",
			arRuleCase("runtime-capabilities", "local-observe", caps.set("authored_by", arQ("local")).set("effective_mode", arQ("observe"))),
			arRuleCase("runtime-capabilities", "local-paper", caps.set("authored_by", arQ("local"))),
			arRuleCase("runtime-capabilities", "local-auto", caps.set("authored_by", arQ("local")).set("effective_mode", arQ("auto"))),
			arRuleCase("runtime-capabilities", "local-orders-paused", caps.set("authored_by", arQ("local")).set("effective_mode", arQ("orders_paused"))),
			arRuleCase("runtime-capabilities", "runtime-offline", caps.set("effective_mode", arQ("offline"))),
			arRuleCase("runtime-capabilities", "runtime-emergency-locked", caps.set("effective_mode", arQ("emergency_locked")).set("reason", arQ("kill_switch"))),
		),
		arFile("data-profile", "rules", "configured is not verified: no member can hold a connection verdict (seed invariant 2)",
			arRefused("connected-true", profile.set("connected", "true").json(), "ats-runtime.unknown_member"),
			arRefused("connection-status", profile.set("status", arQ("verified")).json(), "ats-runtime.unknown_member"),
			arRefused("last-probe", profile.set("last_probe", probe.json()).json(), "ats-runtime.unknown_member"),
			arRefused("verified-first", append(textDoc{{"verified", "true"}}, profile...).json(), "ats-runtime.unknown_member"),
		),
		arFile("data-probe", "rules", "a verified probe has no reason, any other has one",
			arRuleCase("data-probe", "verified-with-reason", probe.set("reason", arQ("feed_ok"))),
			arRuleCase("data-probe", "failed-without-reason", probe.set("status", arQ("failed"))),
			arRuleCase("data-probe", "stale-without-reason", probe.set("status", arQ("stale"))),
			arRuleCase("data-probe", "stale-with-reason", probe.set("status", arQ("stale")).set("reason", arQ("feed_delayed"))),
		),
		arFile("strategy-compile-artifact", "rules", "a compiled artifact has a program, a failed one none",
			arRuleCase("strategy-compile-artifact", "compiled-without-program", art.set("program", "null")),
			arRuleCase("strategy-compile-artifact", "failed-with-program", art.set("status", arQ("failed"))),
			arRuleCase("strategy-compile-artifact", "unsealed-id-validates", art.set("artifact_id", arQ("sha256:"+repeatHex))),
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
			arRuleCase("trade-journal", "reflection-at-revision-0", j.set("reflection", arQ("early note"))),
			arRuleCase("trade-journal", "null-after-revision", j.set("reflection_revision", "2")),
			arRuleCase("trade-journal", "reflection-at-revision-2", j.set("reflection_revision", "2").set("reflection", arQ("second thoughts"))),
			arRuleCase("trade-journal", "fact-revision-3", j.set("fact_revision", "3")),
		),
		arFile("human-note-revision", "rules", "a revision supersedes exactly its predecessor (seed invariant 7)",
			arRuleCase("human-note-revision", "first-supersedes-1", note.set("supersedes", "1")),
			arRuleCase("human-note-revision", "second-supersedes-null", note.set("revision", "2")),
			arRuleCase("human-note-revision", "second-supersedes-itself", note.set("revision", "2").set("supersedes", "2")),
			arRuleCase("human-note-revision", "third-skips-second", note.set("revision", "3").set("supersedes", "1")),
			arRuleCase("human-note-revision", "third-supersedes-fourth", note.set("revision", "3").set("supersedes", "4")),
			arRuleCase("human-note-revision", "third-supersedes-second", note.set("revision", "3").set("supersedes", "2")),
			arRuleCase("human-note-revision", "max-supersedes-predecessor", note.set("revision", "9007199254740991").set("supersedes", "9007199254740990")),
		),
	}
}

// repeatHex is 64 lowercase hex digits.
const repeatHex = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// arEnv is an envelope's JSON text from its members in order.
func arEnv(kv ...textKV) string { return textDoc(kv).json() }

// arAge is ageProbeReceipt: the aged probe at now (spec/ats-runtime.md,
// "age-probe-receipt"), the probe valid and now not before it.
func arAge(p textDoc, now string) textDoc {
	if arIs(p, "status", "verified") && arNum(now)-arNum(p.get("observed_at_ms")) >= arNum(p.get("max_age_ms")) {
		return p.set("status", arQ("stale")).set("reason", arQ("probe_expired"))
	}
	return p
}

// arAgeOut is age-probe-receipt's output.
func arAgeOut(p textDoc, now string) string {
	aged := arAge(p, now)
	out, _ := textJCS(`{"probe":` + aged.json() + `,"usable":` + strconv.FormatBool(arIs(aged, "status", "verified")) + `}`)
	return out
}

// arNow is now_ms d milliseconds after p's observed_at_ms (gen.ARAt).
func arNow(p textDoc, d int64) string { return gen.ARAt(genDocOf(p), d) }

// arDecisionFiles are the four decisions' files, each case's expected
// answer computed here.
func arDecisionFiles() []vfile {
	p, src, art := arBase("data-probe"), arBase("strategy-source"), arBase("strategy-compile-artifact")
	act, journal, note := arBase("strategy-activation"), arBase("trade-journal"), arBase("human-note-revision")
	age := func(name string, probe textDoc, now string) vcase {
		return ok(name, arEnv(textKV{"probe", probe.json()}, textKV{"now_ms", now}), arAgeOut(probe, now))
	}
	ageRefused := func(name string, probe, now, code string) vcase {
		return arRefused(name, arEnv(textKV{"probe", probe}, textKV{"now_ms", now}), code)
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
		age("stale-stays-stale", p.set("status", arQ("stale")).set("reason", arQ("feed_delayed")), fresh),
		age("min-age-at-expiry", p.set("max_age_ms", "1000"), arNow(p, 1000)),
		ageRefused("now-before-observation", p.json(), arNow(p, -1), "ats-runtime.probe_clock"),
		ageRefused("now-zero", p.json(), "0", "ats-runtime.probe_clock"),
		ageRefused("input-truncated", `{"probe":`+p.json(), fresh, "ats-runtime.input"),
		arRefused("type-array", "[]", "ats-runtime.type"),
		arRefused("missing-probe", arEnv(textKV{"now_ms", fresh}), "ats-runtime.missing_member"),
		arRefused("missing-now", arEnv(textKV{"probe", p.json()}), "ats-runtime.missing_member"),
		arRefused("unknown-member", arEnv(textKV{"probe", p.json()}, textKV{"now_ms", fresh}, textKV{"clock", "1"}), "ats-runtime.unknown_member"),
		ageRefused("probe-array", "[]", fresh, "ats-runtime.type"),
		ageRefused("probe-null", "null", fresh, "ats-runtime.type"),
		ageRefused("now-string", p.json(), `"`+fresh+`"`, "ats-runtime.now_ms"),
		ageRefused("now-fraction", p.json(), fresh+".5", "ats-runtime.now_ms"),
		ageRefused("now-above-max", p.json(), "9007199254740992", "ats-runtime.now_ms"),
		ageRefused("now-negative", p.json(), "-1", "ats-runtime.now_ms"),
		ageRefused("probe-bad-id", p.set("probe_id", arQ("probe-9")).json(), fresh, "ats-runtime.probe_id"),
		ageRefused("probe-verified-with-reason", p.set("reason", arQ("ok")).json(), fresh, "ats-runtime.probe_reason_extra"),
		ageRefused("probe-bad-tag", p.set("schema_version", arBase("data-profile").get("schema_version")).json(), fresh, "ats-runtime.schema_version"),
	)
	arExceptions.tagNamed(ages, "type-guard", "now-string", "probe-array", "probe-null")
	arExceptions.tagNamed(ages, "shadowed", "now-negative", "missing-now", "missing-probe")

	// stage-artifact.
	stage := func(source, artifact textDoc) string {
		return arEnv(textKV{"source", source.json()}, textKV{"artifact", artifact.json()})
	}
	staged := func(name string, source, artifact textDoc) vcase {
		return ok(name, stage(source, artifact), `{"artifact_id":`+artifact.get("artifact_id")+`}`)
	}
	stageRefused := func(name string, source, artifact textDoc, code string) vcase {
		return arRefused(name, stage(source, artifact), code)
	}
	pine := arSourcePine
	python := src.set("source_id", arQ("src_PyRef1")).set("language", arQ("python"))
	stages := arFile("stage-artifact", "cases", "only a compiled, content-addressed artifact of a Nano source is staged (seed invariant 5)",
		staged("compiled-nano", src, art),
		staged("compiled-max-source", src.set("byte_length", "1048576"), art),
		stageRefused("pine-never-compiles", pine, arSeal(art.set("source_id", pine.get("source_id"))), "ats-runtime.stage_language"),
		stageRefused("python-never-compiles", python, arSeal(art.set("source_id", python.get("source_id"))), "ats-runtime.stage_language"),
		stageRefused("pine-failed-artifact", pine, arSeal(arArtifactFailed.set("source_id", pine.get("source_id"))), "ats-runtime.stage_language"),
		stageRefused("other-source-id", src, arSeal(art.set("source_id", arQ("src_Other1"))), "ats-runtime.stage_source_id"),
		stageRefused("other-source-digest", src, arSeal(art.set("source_digest", arQ("sha256:"+repeatHex))), "ats-runtime.stage_source_digest"),
		stageRefused("failed-artifact", src, arArtifactFailed, "ats-runtime.stage_not_compiled"),
		stageRefused("id-of-another-artifact", src, art.set("artifact_id", arArtifactFailed.get("artifact_id")), "ats-runtime.stage_id"),
		stageRefused("tampered-program", src, art.set("program", arQ(`strategy momentum\nbuy when close > sma(5)\n`)), "ats-runtime.stage_id"),
		stageRefused("tampered-compiled-at", src, art.set("compiled_at_ms", "1790000300001"), "ats-runtime.stage_id"),
		stageRefused("tampered-compiler", src, art.set("compiler_version", arQ("1.3.1")), "ats-runtime.stage_id"),
		stageRefused("id-of-whole-artifact", src, art.set("artifact_id", arQ(textDigest(art.json()))), "ats-runtime.stage_id"),
		arRefused("missing-artifact", arEnv(textKV{"source", src.json()}), "ats-runtime.missing_member"),
		arRefused("unknown-member", stage(src, art)[:len(stage(src, art))-1]+`,"staged":true}`, "ats-runtime.unknown_member"),
		arRefused("artifact-array", arEnv(textKV{"source", src.json()}, textKV{"artifact", "[]"}), "ats-runtime.type"),
		stageRefused("compiled-without-program", src, arSeal(art.set("program", "null")), "ats-runtime.artifact_program_missing"),
		stageRefused("artifact-bad-id-form", src, art.set("artifact_id", arQ("sha256:XYZ")), "ats-runtime.artifact_id"),
		stageRefused("source-bad-language", src.set("language", arQ("pinescript")), art, "ats-runtime.language"),
	)
	arExceptions.tagNamed(stages, "type-guard", "artifact-array")
	arExceptions.tagNamed(stages, "shadowed", "missing-artifact", "artifact-bad-id-form", "pine-failed-artifact")

	// admit-activation.
	admit := func(a, probe textDoc, now string) string {
		return arEnv(textKV{"activation", a.json()}, textKV{"probe", probe.json()}, textKV{"now_ms", now})
	}
	admitOut := func(a, probe textDoc, now string) string {
		out, _ := textJCS(`{"activation_digest":"` + textDigest(a.json()) + `","probe_digest":"` + textDigest(arAge(probe, now).json()) + `"}`)
		return out
	}
	admitted := func(name string, a, probe textDoc, now string) vcase {
		return ok(name, admit(a, probe, now), admitOut(a, probe, now))
	}
	admitRefused := func(name string, a, probe textDoc, now, code string) vcase {
		return arRefused(name, admit(a, probe, now), code)
	}
	admits := arFile("admit-activation", "cases", "a stale feed blocks a new activation (seed invariants 3 and 6)",
		admitted("fresh-probe", act, p, fresh),
		admitted("observe-fresh-probe", arActivationObserve, p, arNow(p, 299999)),
		admitRefused("probe-at-expiry", act, p, arNow(p, 300000), "ats-runtime.activation_probe"),
		admitRefused("probe-long-stale", act, p, arNow(p, 3600000), "ats-runtime.activation_probe"),
		admitRefused("probe-failed", act, arProbeFailed, fresh, "ats-runtime.activation_probe"),
		admitRefused("probe-stale-already", act, p.set("status", arQ("stale")).set("reason", arQ("feed_delayed")), fresh, "ats-runtime.activation_probe"),
		admitRefused("clock-before-probe", act, p, arNow(p, -1), "ats-runtime.probe_clock"),
		admitRefused("paper-without-grant", act.set("execution_grant_ref", "null"), p, fresh, "ats-runtime.activation_grant_missing"),
		admitRefused("observe-with-grant", arActivationObserve.set("execution_grant_ref", `"grant_7Qm2Xw9"`), p, fresh, "ats-runtime.activation_grant_extra"),
		admitRefused("exceeds", act.set("requested_mode", arQ("observe")).set("reason", arQ("operator_limit")), p, fresh, "ats-runtime.activation_exceeds"),
		admitRefused("now-string", act, p, `"1"`, "ats-runtime.now_ms"),
		admitRefused("activation-bad-mode", act.set("requested_mode", arQ("orders_paused")).set("reason", arQ("operator_limit")), p, fresh, "ats-runtime.requested_mode"),
		admitRefused("now-fraction", act, p, fresh+".5", "ats-runtime.now_ms"),
		admitRefused("now-above-max", act, p, "9007199254740992", "ats-runtime.now_ms"),
		admitRefused("probe-bad-id", act, p.set("probe_id", arQ("probe_")), fresh, "ats-runtime.probe_id"),
		arRefused("unknown-member", admit(act, p, fresh)[:len(admit(act, p, fresh))-1]+`,"force":true}`, "ats-runtime.unknown_member"),
		arRefused("missing-activation", arEnv(textKV{"probe", p.json()}, textKV{"now_ms", fresh}), "ats-runtime.missing_member"),
		arRefused("activation-string", arEnv(textKV{"activation", `"activation_P4per"`}, textKV{"probe", p.json()}, textKV{"now_ms", fresh}), "ats-runtime.type"),
	)
	arExceptions.tagNamed(admits, "type-guard", "now-string", "activation-string")
	arExceptions.tagNamed(admits, "shadowed", "now-above-max", "missing-activation")

	// save-note.
	j1 := journal.set("reflection_revision", "1").set("reflection", note.get("text"))
	n2 := note.set("revision", "2").set("supersedes", "1").set("text", arQ("Sold half at target."))
	save := func(e, n textDoc) string { return arEnv(textKV{"entry", e.json()}, textKV{"note", n.json()}) }
	saveOut := func(e, n textDoc) string {
		next := e.set("reflection", n.get("text")).set("reflection_revision", n.get("revision"))
		out, _ := textJCS(`{"digest":"` + textDigest(next.json()) + `","fact_revision":` + e.get("fact_revision") + `,"reflection_revision":` + n.get("revision") + `}`)
		return out
	}
	saved := func(name string, e, n textDoc) vcase { return ok(name, save(e, n), saveOut(e, n)) }
	saveRefused := func(name string, e, n textDoc, code string) vcase { return arRefused(name, save(e, n), code) }
	saves := arFile("save-note", "cases", "notes append: a revision supersedes its predecessor, a stale base conflicts, fact_revision never moves (seed invariant 7)",
		saved("first-note", journal, note),
		saved("second-note", j1, n2),
		saved("keeps-fact-revision", j1.set("fact_revision", "3"), n2),
		saved("at-max", journal.set("reflection_revision", "9007199254740990").set("reflection", arQ("old")), note.set("revision", "9007199254740991").set("supersedes", "9007199254740990")),
		saveRefused("stale-base", j1.set("reflection_revision", "2"), n2, "ats-runtime.note_conflict"),
		saveRefused("first-note-on-noted-entry", j1, note, "ats-runtime.note_conflict"),
		saveRefused("ahead-of-entry", journal, n2, "ats-runtime.note_conflict"),
		saveRefused("other-entry", journal, note.set("entry_id", arQ("entry_T2")), "ats-runtime.note_entry"),
		saveRefused("note-skips-revision", j1, n2.set("revision", "3"), "ats-runtime.note_supersedes"),
		saveRefused("entry-reflection-missing", journal.set("reflection_revision", "1"), n2, "ats-runtime.journal_reflection_missing"),
		saveRefused("entry-bad-fact-revision", journal.set("fact_revision", "0"), note, "ats-runtime.fact_revision"),
		saveRefused("note-control-character", journal, note.set("text", arQ(`sized small\u0007`)), "ats-runtime.text"),
		arRefused("missing-note", arEnv(textKV{"entry", journal.json()}), "ats-runtime.missing_member"),
		arRefused("note-array", arEnv(textKV{"entry", journal.json()}, textKV{"note", "[]"}), "ats-runtime.type"),
		arRefused("unknown-member", arEnv(textKV{"entry", journal.json()}, textKV{"note", note.json()}, textKV{"force", "true"}), "ats-runtime.unknown_member"),
	)
	// entry-reflection-missing has no tag: ignored, the entry's null
	// reflection is replaced by the note's text and the save goes on.
	arExceptions.tagNamed(saves, "type-guard", "note-array")
	arExceptions.tagNamed(saves, "shadowed", "missing-note")
	return []vfile{ages, stages, admits, saves}
}
