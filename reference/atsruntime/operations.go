package atsruntime

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// validator returns the operation of the validator of shape name
// (spec/ats-runtime.md, "Validators"): on acceptance JCS of {"digest":
// D(document), "schema_version": its tag}.
func validator(name string) func(in []byte, opts ...refusal.Option) ([]byte, error) {
	return func(in []byte, opts ...refusal.Option) ([]byte, error) {
		c := refusal.New(opts...)
		v, err := read(c, in)
		if err != nil {
			return nil, err
		}
		if err := validate(c, name, v); err != nil {
			return nil, err
		}
		d, err := digestOf(c, v)
		if err != nil {
			return nil, err
		}
		return jcs(c, ptr(object(member("digest", str16(d)), member("schema_version", *get(v, "schema_version")))))
	}
}

func ptr(v jsonvalue.Value) *jsonvalue.Value { return &v }

// The ten validator operations, each func(input []byte, opts
// ...refusal.Option) ([]byte, error): input a JSON value input holding the
// document; output on acceptance JCS of {"digest", "schema_version"}. Each
// refuses, in order (spec/ats-runtime.md, "Precedence"): ErrInput; the
// declaration's type, closed, missing and member guards; the shape's
// object rules; ErrCanonical. Source: seed 001, section 3.
var (
	// RuntimeInstallation validates aether.ats.runtime-installation/1
	// (provenance_verified pinned true, invariant 1).
	RuntimeInstallation = validator(OpRuntimeInstallation)
	// RuntimeCapabilities validates aether.ats.runtime-capabilities/1 (a
	// snapshot not authored by the runtime is offline, invariant 8).
	RuntimeCapabilities = validator(OpRuntimeCapabilities)
	// DataProfile validates aether.ats.data-profile/1 (closed: no
	// connection verdict, invariant 2; credential_ref prefixes, invariant 4).
	DataProfile = validator(OpDataProfile)
	// DataProbe validates aether.ats.data-probe/1.
	DataProbe = validator(OpDataProbe)
	// StrategySource validates aether.ats.strategy-source/1.
	StrategySource = validator(OpStrategySource)
	// StrategyCompileArtifact validates
	// aether.ats.strategy-compile-artifact/1.
	StrategyCompileArtifact = validator(OpStrategyCompileArtifact)
	// StrategyActivation validates aether.ats.strategy-activation/1 (the
	// mode ladder and the grant rules, invariant 6).
	StrategyActivation = validator(OpStrategyActivation)
	// TradeJournal validates aether.ats.trade-journal/2.
	TradeJournal = validator(OpTradeJournal)
	// HumanNoteRevision validates aether.ats.human-note-revision/1 (a
	// revision supersedes exactly its predecessor, invariant 7).
	HumanNoteRevision = validator(OpHumanNoteRevision)
	// JournalPreferences validates aether.ats.journal-preferences/1.
	JournalPreferences = validator(OpJournalPreferences)
)

// age is ageProbeReceipt (spec/ats-runtime.md, "age-probe-receipt"): it
// refuses ErrProbeClock when now_ms is before observed_at_ms, and returns
// the aged probe: a verified probe at least max_age_ms old becomes stale
// with reason probe_expired; any other probe is unchanged.
func age(c *refusal.Checker, probe *jsonvalue.Value, now float64) (jsonvalue.Value, error) {
	observed := num(probe, "observed_at_ms")
	if now < observed {
		if err := c.Refuse(ErrProbeClock); err != nil {
			return jsonvalue.Value{}, err
		}
	}
	if is(probe, "status", "verified") && now-observed >= num(probe, "max_age_ms") {
		aged := with(probe, "status", str16("stale"))
		return with(&aged, "reason", str16("probe_expired")), nil
	}
	return *probe, nil
}

// AgeProbeReceipt takes {probe, now_ms} and answers JCS of {"probe": the
// aged probe, "usable": whether its status is verified}: a verified probe
// is not perpetual evidence (seed 001, section 3, invariant 3). It refuses
// as the envelope's procedure does, then ErrProbeClock, then ErrCanonical.
func AgeProbeReceipt(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := validateEnvelope(c, OpAgeProbeReceipt, v, [2]string{"probe", OpDataProbe}); err != nil {
		return nil, err
	}
	aged, err := age(c, get(v, "probe"), num(v, "now_ms"))
	if err != nil {
		return nil, err
	}
	usable := jsonvalue.Value{Kind: jsonvalue.False}
	if is(&aged, "status", "verified") {
		usable.Kind = jsonvalue.True
	}
	return jcs(c, ptr(object(member("probe", aged), member("usable", usable))))
}

// StageArtifact takes {source, artifact} and answers JCS of
// {"artifact_id"}: only a compiled artifact of a Nano source, compiled from
// that source, whose artifact_id is D(the artifact without artifact_id),
// can be staged (seed 001, section 3, invariant 5). It refuses as the
// envelope's procedure does, then ErrStageLanguage, ErrStageSourceID,
// ErrStageSourceDigest, ErrStageNotCompiled, ErrStageID, ErrCanonical.
func StageArtifact(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := validateEnvelope(c, OpStageArtifact, v, [2]string{"source", OpStrategySource}, [2]string{"artifact", OpStrategyCompileArtifact}); err != nil {
		return nil, err
	}
	src, art := get(v, "source"), get(v, "artifact")
	if is(src, "language", "pine") || is(src, "language", "python") {
		if err := c.Refuse(ErrStageLanguage); err != nil {
			return nil, err
		}
	}
	if !jsonvalue.Equal(units(art, "source_id"), units(src, "source_id")) {
		if err := c.Refuse(ErrStageSourceID); err != nil {
			return nil, err
		}
	}
	if !jsonvalue.Equal(units(art, "source_digest"), units(src, "content_digest")) {
		if err := c.Refuse(ErrStageSourceDigest); err != nil {
			return nil, err
		}
	}
	if !is(art, "status", "compiled") {
		if err := c.Refuse(ErrStageNotCompiled); err != nil {
			return nil, err
		}
	}
	contents := without(art, "artifact_id")
	id, err := digestOf(c, &contents)
	if err != nil {
		return nil, err
	}
	if !jsonvalue.EqualString(units(art, "artifact_id"), id) {
		if err := c.Refuse(ErrStageID); err != nil {
			return nil, err
		}
	}
	return jcs(c, ptr(object(member("artifact_id", *get(art, "artifact_id")))))
}

// AdmitActivation takes {activation, probe, now_ms} and answers JCS of
// {"activation_digest", "probe_digest"}: a new activation needs a probe
// still verified once aged at now_ms, so a stale feed blocks it (seed 001,
// section 3, invariants 3 and 6). It refuses as the envelope's procedure
// does (the activation's mode and grant rules included), then
// ErrProbeClock, ErrActivationProbe, ErrCanonical.
func AdmitActivation(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := validateEnvelope(c, OpAdmitActivation, v, [2]string{"activation", OpStrategyActivation}, [2]string{"probe", OpDataProbe}); err != nil {
		return nil, err
	}
	aged, err := age(c, get(v, "probe"), num(v, "now_ms"))
	if err != nil {
		return nil, err
	}
	if !is(&aged, "status", "verified") {
		if err := c.Refuse(ErrActivationProbe); err != nil {
			return nil, err
		}
	}
	ad, err := digestOf(c, get(v, "activation"))
	if err != nil {
		return nil, err
	}
	pd, err := digestOf(c, &aged)
	if err != nil {
		return nil, err
	}
	return jcs(c, ptr(object(member("activation_digest", str16(ad)), member("probe_digest", str16(pd)))))
}

// SaveNote takes {entry, note} and answers JCS of {"digest": D(next
// entry), "fact_revision", "reflection_revision"}: the note must be for the
// entry and based on its current reflection_revision (a stale base is a
// conflict); the next entry takes the note's text as its reflection and
// the note's revision as its reflection_revision, and keeps fact_revision
// (seed 001, section 3, invariant 7). It refuses as the envelope's
// procedure does, then ErrNoteEntry, ErrNoteConflict, ErrCanonical.
func SaveNote(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := validateEnvelope(c, OpSaveNote, v, [2]string{"entry", OpTradeJournal}, [2]string{"note", OpHumanNoteRevision}); err != nil {
		return nil, err
	}
	entry, note := get(v, "entry"), get(v, "note")
	base := 0.0
	if !isNull(note, "supersedes") {
		base = num(note, "supersedes")
	}
	if !jsonvalue.Equal(units(note, "entry_id"), units(entry, "entry_id")) {
		if err := c.Refuse(ErrNoteEntry); err != nil {
			return nil, err
		}
	}
	if base != num(entry, "reflection_revision") {
		if err := c.Refuse(ErrNoteConflict); err != nil {
			return nil, err
		}
	}
	next := with(entry, "reflection", *get(note, "text"))
	next = with(&next, "reflection_revision", *get(note, "revision"))
	d, err := digestOf(c, &next)
	if err != nil {
		return nil, err
	}
	return jcs(c, ptr(object(
		member("digest", str16(d)),
		member("fact_revision", *get(entry, "fact_revision")),
		member("reflection_revision", *get(note, "revision")),
	)))
}
