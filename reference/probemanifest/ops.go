package probemanifest

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// read parses the JSON value input; ErrInput has no accept path.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, err := jsonvalue.Parse(in)
	if err != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrInput}
	}
	return &v, nil
}

// readObject reads the input as the declared object named object.
func readObject(c *refusal.Checker, in []byte, object string) (*jsonvalue.Value, error) {
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := declared.Validate(c, object, v); err != nil {
		return nil, err
	}
	return v, nil
}

// member returns member name of v (declared present).
func member(v *jsonvalue.Value, name string) *jsonvalue.Value {
	f, _ := v.Get(name)
	return f
}

// checkManifest is the on-disk checker: v as the declared manifest, its
// probes as entries with no alias.
func checkManifest(c *refusal.Checker, v *jsonvalue.Value) ([]Entry, error) {
	if err := declared.Validate(c, "manifest", v); err != nil {
		return nil, err
	}
	return readEntries(c, member(v, "probes"), false)
}

// Check is the on-disk checker (spec/probe-manifest.md, "check"): its input
// is a manifest, {"probes": [entries]}, each entry shell, web or http with
// no alias (the web kind only as "web"). It answers the manifest's
// canonical bytes. It refuses ErrInput, then the declaration's guards
// (type, closed, missing, probes) and per entry ErrKind and its members'
// guards (cmd, exit, file, smoke, url, status).
func Check(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	entries, err := checkManifest(c, v)
	if err != nil {
		return nil, err
	}
	return canonical(entries), nil
}

// WriteGuard is the write guard (spec/probe-manifest.md, "write-guard"):
// its input is {path, writer}; a model writer whose normalized path is the
// manifest is ErrHandEdit. It answers {"path","manifest"}: the normalized
// path and whether it is the manifest. It refuses ErrInput, the
// declaration's guards (path, writer), then ErrHandEdit.
func WriteGuard(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readObject(c, in, OpWriteGuard)
	if err != nil {
		return nil, err
	}
	norm, _ := normalize(member(v, "path").Units)
	isManifest := jsonvalue.EqualString(norm, Manifest)
	if isManifest && jsonvalue.EqualString(member(v, "writer").Units, "model") {
		if err := c.Refuse(ErrHandEdit); err != nil {
			return nil, err
		}
	}
	out := jsonvalue.AppendJSON([]byte(`{"path":`), &jsonvalue.Value{Kind: jsonvalue.String, Units: norm})
	if isManifest {
		return append(out, `,"manifest":true}`...), nil
	}
	return append(out, `,"manifest":false}`...), nil
}

// existingEntries reads the existing manifest's text: nil for an absent
// file; ok false when it is corrupt (not JSON by the input rules, or
// refused by the on-disk checker, decided with no guard ignored).
func existingEntries(v *jsonvalue.Value) ([]Entry, bool) {
	if v.Kind == jsonvalue.Null {
		return nil, true
	}
	doc, err := jsonvalue.Parse(jsonvalue.AppendUTF8(nil, v.Units))
	if err != nil {
		return nil, false
	}
	entries, err := checkManifest(refusal.New(), &doc)
	return entries, err == nil
}

// Merge is the one merge (spec/probe-manifest.md, "merge"): its input is
// {path, writer, existing, entries}: the path must normalize to the
// manifest (ErrNotManifest), a model writer is ErrHandEdit, a corrupt
// existing manifest is decided by the writer's policy (record_probe:
// ErrCorrupt; distill: writes nothing, empty output; any other: rebuilt
// from nothing), then the entries, read with the web aliases tolerated,
// are merged by identity (shell by cmd, web by file and smoke, http
// appended). It answers the merged manifest's canonical bytes. It
// refuses ErrInput, the declaration's guards (path, writer, existing,
// entries, and per entry ErrKind and its members' guards), then
// ErrNotManifest, ErrHandEdit, ErrCorrupt.
func Merge(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := readObject(c, in, OpMerge)
	if err != nil {
		return nil, err
	}
	entries, err := readEntries(c, member(v, "entries"), true)
	if err != nil {
		return nil, err
	}
	norm, _ := normalize(member(v, "path").Units)
	if !jsonvalue.EqualString(norm, Manifest) {
		if err := c.Refuse(ErrNotManifest); err != nil {
			return nil, err
		}
	}
	writer := member(v, "writer").Units
	if jsonvalue.EqualString(writer, "model") {
		if err := c.Refuse(ErrHandEdit); err != nil {
			return nil, err
		}
	}
	existing, ok := existingEntries(member(v, "existing"))
	if !ok {
		switch {
		case jsonvalue.EqualString(writer, "record_probe"):
			if err := c.Refuse(ErrCorrupt); err != nil {
				return nil, err
			}
		case jsonvalue.EqualString(writer, "distill"):
			return []byte{}, nil
		}
		existing = nil
	}
	return canonical(merge(existing, entries)), nil
}
