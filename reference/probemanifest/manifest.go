package probemanifest

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the closed objects
// (spec/probe-manifest/shapes.json), run by the shape interpreter.
var declared = interp.MustLoad(Contract, Guards, checks, nil)

// checks are the declaration's named checks: path, nonempty, int[MIN,
// MAX] and url.
var checks = map[string]interp.Check{
	"path":     {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { _, ok := normalize(v.Units); return ok }},
	"nonempty": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return len(v.Units) > 0 }},
	"int": {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool {
		return jsonvalue.NaturalIn(v.Text, r.Min, r.Max)
	}, Bounds: "both"},
	"url": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isURL(v.Units) }},
}

// normalize is the path normalization of spec/probe-manifest.md, "Paths":
// backslashes as slashes, empty and "." segments dropped, ".." dropping
// the segment before it. ok is false for an empty, absolute or
// drive-lettered path, a ".." with nothing before it, or an empty result;
// the result is then what normalization gave anyway.
func normalize(u []uint16) (norm []uint16, ok bool) {
	ok = len(u) > 0
	p := make([]uint16, len(u))
	for i, x := range u {
		if x == '\\' {
			x = '/'
		}
		p[i] = x
	}
	if len(p) > 0 && p[0] == '/' || len(p) > 1 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z') {
		ok = false
	}
	var segs [][]uint16
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		seg := p[start:i]
		start = i + 1
		switch {
		case len(seg) == 0 || jsonvalue.EqualString(seg, "."):
		case jsonvalue.EqualString(seg, ".."):
			if len(segs) == 0 {
				ok = false
			} else {
				segs = segs[:len(segs)-1]
			}
		default:
			segs = append(segs, seg)
		}
	}
	if len(segs) == 0 {
		ok = false
	}
	for i, s := range segs {
		if i > 0 {
			norm = append(norm, '/')
		}
		norm = append(norm, s...)
	}
	return norm, ok
}

// isURL is the url rule: "http://" or "https://", then at least one unit,
// and no unit of the string in U+0000-U+0020 or U+007F.
func isURL(u []uint16) bool {
	for _, x := range u {
		if x <= 0x20 || x == 0x7F {
			return false
		}
	}
	for _, p := range []string{"http://", "https://"} {
		if len(u) > len(p) && jsonvalue.EqualString(u[:len(p)], p) {
			return true
		}
	}
	return false
}

// Entry is one manifest entry as read: its kind (shell, web or http) and
// its two members, cmd and exit, file and smoke, or url and status.
type Entry struct {
	Kind string
	A, B jsonvalue.Value
}

// members are each kind's two members after kind, in written order.
var members = map[string][2]string{"shell": {"cmd", "exit"}, "web": {"file", "smoke"}, "http": {"url", "status"}}

// readEntry reads the object v as an entry: its kind (ErrKind, standing,
// when absent, not a string, or not shell, web or http, an alias counting
// as web for the reader only), then the declared object of that kind.
func readEntry(c *refusal.Checker, v *jsonvalue.Value, reader bool) (Entry, error) {
	k, _ := v.Get("kind")
	kind := ""
	if k != nil && k.Kind == jsonvalue.String {
		for name := range members {
			if jsonvalue.EqualString(k.Units, name) {
				kind = name
			}
		}
		for _, a := range Aliases {
			if reader && jsonvalue.EqualString(k.Units, a) {
				kind = Discriminant
			}
		}
	}
	if kind == "" {
		if err := c.Refuse(ErrKind); err != nil {
			return Entry{}, err
		}
		return Entry{}, &refusal.Error{Guard: ErrKind}
	}
	if err := declared.Validate(c, kind, v); err != nil {
		return Entry{}, err
	}
	m := members[kind]
	a, _ := v.Get(m[0])
	b, _ := v.Get(m[1])
	return Entry{Kind: kind, A: *a, B: *b}, nil
}

// readEntries reads the elements of the array v (each an object, as the
// declaration checked) as entries, in order.
func readEntries(c *refusal.Checker, v *jsonvalue.Value, reader bool) ([]Entry, error) {
	out := make([]Entry, 0, len(v.Elems))
	for i := range v.Elems {
		e, err := readEntry(c, &v.Elems[i], reader)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// same reports whether e and f have the same identity: shell by cmd, web
// by file and smoke; http entries never do.
func same(e, f Entry) bool {
	switch {
	case e.Kind != f.Kind || e.Kind == "http":
		return false
	case e.Kind == "shell":
		return jsonvalue.Equal(e.A.Units, f.A.Units)
	}
	return jsonvalue.Equal(e.A.Units, f.A.Units) && jsonvalue.Equal(e.B.Units, f.B.Units)
}

// merge merges the new entries into existing (spec/probe-manifest.md,
// "merge", step 4): an entry of an existing identity replaces it in its
// place; any other, and every http entry, is appended.
func merge(existing, entries []Entry) []Entry {
	out := append([]Entry(nil), existing...)
	for _, e := range entries {
		at := -1
		for i := range out {
			if same(out[i], e) {
				at = i
				break
			}
		}
		if at >= 0 {
			out[at] = e
		} else {
			out = append(out, e)
		}
	}
	return out
}

// canonical returns the canonical bytes of a manifest of entries
// (spec/probe-manifest.md, "Output").
func canonical(entries []Entry) []byte {
	b := []byte(`{"probes":[`)
	for i, e := range entries {
		if i > 0 {
			b = append(b, ',')
		}
		m := members[e.Kind]
		b = append(b, `{"kind":"`+e.Kind+`","`+m[0]+`":`...)
		b = jsonvalue.AppendJSON(b, &e.A)
		b = append(b, `,"`+m[1]+`":`...)
		b = append(jsonvalue.AppendJSON(b, &e.B), '}')
	}
	return append(b, "]}\n"...)
}
