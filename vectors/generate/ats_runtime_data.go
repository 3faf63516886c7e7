package main

// ats-runtime/1 canonical instances (spec/ats-runtime.md, "Decisions" 11):
// the fifteen frozen documents that stand for the seed's
// ats_spec2_golden.json, literal.

const (
	arTagInstallation = "aether.ats.runtime-installation/1"
	arTagCapabilities = "aether.ats.runtime-capabilities/1"
	arTagProfile      = "aether.ats.data-profile/1"
	arTagProbe        = "aether.ats.data-probe/1"
	arTagSource       = "aether.ats.strategy-source/1"
	arTagArtifact     = "aether.ats.strategy-compile-artifact/1"
	arTagActivation   = "aether.ats.strategy-activation/1"
	arTagJournal      = "aether.ats.trade-journal/2"
	arTagNote         = "aether.ats.human-note-revision/1"
	arTagPreferences  = "aether.ats.journal-preferences/1"
)

const (
	arSourceDigest = "sha256:5f1c7b0e9d3a4c2b8e6f0a1d3c5b7e9f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b"
	arRuntimeHash  = "sha256:0b7e3d9c1a5f4e2d6c8b0a9f7e5d3c1b2a4f6e8d0c2b4a6f8e0d2c4b6a8f0e1d"
)

var (
	arInstallation = arDoc{
		{"schema_version", arQ(arTagInstallation)},
		{"installation_id", arQ("install_7Qm2Xw9")},
		{"runtime_version", arQ("2.4.1")},
		{"artifact_digest", arQ(arRuntimeHash)},
		{"provenance_verified", "true"},
		{"installed_at_ms", "1790000000000"},
	}
	arCapabilities = arDoc{
		{"schema_version", arQ(arTagCapabilities)},
		{"installation_id", arQ("install_7Qm2Xw9")},
		{"runtime_version", arQ("2.4.1")},
		{"authored_by", arQ("runtime")},
		{"effective_mode", arQ("paper")},
		{"reason", "null"},
		{"observed_at_ms", "1790000060000"},
	}
	arCapabilitiesLocal = arCapabilities.set("authored_by", arQ("local")).set("effective_mode", arQ("offline")).set("reason", arQ("no_runtime_reply"))
	arProfile           = arDoc{
		{"schema_version", arQ(arTagProfile)},
		{"profile_id", arQ("profile_Alpaca1")},
		{"provider", arQ("alpaca")},
		{"feed", arQ("realtime")},
		{"credential_ref", arQ("env:ALPACA_KEY_ID")},
		{"max_probe_age_ms", "300000"},
		{"configured_at_ms", "1790000000000"},
	}
	arProbe = arDoc{
		{"schema_version", arQ(arTagProbe)},
		{"probe_id", arQ("probe_9Kd2")},
		{"profile_id", arQ("profile_Alpaca1")},
		{"status", arQ("verified")},
		{"observed_at_ms", "1790000100000"},
		{"max_age_ms", "300000"},
		{"reason", "null"},
	}
	arProbeFailed = arProbe.set("probe_id", arQ("probe_9Kd3")).set("status", arQ("failed")).set("reason", arQ("auth_rejected"))
	arSource      = arDoc{
		{"schema_version", arQ(arTagSource)},
		{"source_id", arQ("src_Mom3ntum")},
		{"language", arQ("nano")},
		{"content_digest", arQ(arSourceDigest)},
		{"byte_length", "2048"},
		{"imported_at_ms", "1790000200000"},
	}
	arSourcePine = arSource.set("source_id", arQ("src_PineRef1")).set("language", arQ("pine"))
	// arArtifact and arArtifactFailed are sealed: artifact_id is D(the
	// artifact without artifact_id).
	arArtifact = arSeal(arDoc{
		{"schema_version", arQ(arTagArtifact)},
		{"artifact_id", ""},
		{"source_id", arQ("src_Mom3ntum")},
		{"source_digest", arQ(arSourceDigest)},
		{"status", arQ("compiled")},
		{"program", arQ(`strategy momentum\nbuy when close > sma(20)\n`)},
		{"compiler_version", arQ("1.3.0")},
		{"compiled_at_ms", "1790000300000"},
	})
	arArtifactFailed = arSeal(arArtifact.set("status", arQ("failed")).set("program", "null"))
	arActivation     = arDoc{
		{"schema_version", arQ(arTagActivation)},
		{"activation_id", arQ("activation_P4per")},
		{"artifact_id", arArtifact.get("artifact_id")},
		{"requested_mode", arQ("paper")},
		{"effective_mode", arQ("paper")},
		{"execution_grant_ref", arQ("grant_7Qm2Xw9")},
		{"reason", "null"},
		{"requested_at_ms", "1790000150000"},
	}
	arActivationObserve = arActivation.set("activation_id", arQ("activation_Obs1")).set("effective_mode", arQ("observe")).
				set("execution_grant_ref", "null").set("reason", arQ("no_execution_grant"))
	arFacts = arDoc{
		{"receipt_id", arQ("receipt_9Kd2")},
		{"symbol", arQ("AAPL")},
		{"side", arQ("buy")},
		{"quantity", "10"},
		{"price_minor", "58012"},
		{"executed_at_ms", "1790000500000"},
	}
	arJournal = arDoc{
		{"schema_version", arQ(arTagJournal)},
		{"entry_id", arQ("entry_T1")},
		{"facts", arFacts.json()},
		{"fact_revision", "1"},
		{"reflection_revision", "0"},
		{"reflection", "null"},
	}
	arNote = arDoc{
		{"schema_version", arQ(arTagNote)},
		{"entry_id", arQ("entry_T1")},
		{"revision", "1"},
		{"supersedes", "null"},
		{"text", arQ(`Entered on the breakout; sized small.\nReview after earnings.`)},
		{"authored_at_ms", "1790000600000"},
	}
	arPreferences = arDoc{
		{"schema_version", arQ(arTagPreferences)},
		{"review_reminder", arQ("daily")},
		{"show_pnl", "true"},
		{"grants_execution_authority", "false"},
		{"updated_at_ms", "1790000700000"},
	}
)

// arSeal returns artifact d with artifact_id := D(d without artifact_id).
func arSeal(d arDoc) arDoc { return d.set("artifact_id", arQ(textDigest(d.del("artifact_id").json()))) }

// arFrozen are the fifteen canonical instances, by validator.
var arFrozen = []struct {
	op, name string
	doc      arDoc
}{
	{"runtime-installation", "canonical", arInstallation},
	{"runtime-capabilities", "canonical-runtime-reply", arCapabilities},
	{"runtime-capabilities", "canonical-local-offline", arCapabilitiesLocal},
	{"data-profile", "canonical", arProfile},
	{"data-probe", "canonical-verified", arProbe},
	{"data-probe", "canonical-failed", arProbeFailed},
	{"strategy-source", "canonical-nano", arSource},
	{"strategy-source", "canonical-pine", arSourcePine},
	{"strategy-compile-artifact", "canonical-compiled", arArtifact},
	{"strategy-compile-artifact", "canonical-failed", arArtifactFailed},
	{"strategy-activation", "canonical-paper", arActivation},
	{"strategy-activation", "canonical-observe", arActivationObserve},
	{"trade-journal", "canonical", arJournal},
	{"human-note-revision", "canonical", arNote},
	{"journal-preferences", "canonical", arPreferences},
}
