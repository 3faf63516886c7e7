package gen

// The declared defects (declared.go) on a document of the Doc model: the
// document is read into the value model (tv), changed there, and written
// back, so that a generator that keeps its documents as Doc applies the
// same mutations as one that builds them as tv, for any contract; and an
// envelope of documents built as a Doc, whose declared defects reach into
// the documents it holds.

import (
	"slices"
	"unicode/utf16"

	"github.com/conform-dev/conform/spec/shapes"
)

// docDefect returns d, an instance of the object named name of decl, with
// one declared defect (declaredDefect) drawn from s, or now and then a
// member under an enum given another enum's member (enumCross); pool gives
// the values of the contract's named checks. A d that does not read as
// JSON is returned as it is.
func docDefect(s *Source, decl *shapes.Decl, name string, d Doc, pool checkPool) Doc {
	v, ok := tvOfJSON(string(d.JSON()))
	if !ok {
		return d
	}
	if o := decl.Object(name); !s.Chance(8) || !enumCross(s, decl, o, v) {
		declaredDefect(s, decl, o, v, pool)
	}
	out := make(Doc, len(v.keys))
	for i, k := range v.keys {
		out[i] = Member{Name: string(utf16.Decode(k)), Value: string(v.vals[i].write(nil, nil))}
	}
	return out
}

// envelopeOf is an envelope (a Doc) of the members kv, name and value in
// turn: a value a Doc, written as its JSON text, or a JSON text.
func envelopeOf(kv ...any) Doc {
	var out Doc
	for i := 0; i+1 < len(kv); i += 2 {
		v, ok := kv[i+1].(Doc)
		if !ok {
			out = append(out, Member{kv[i].(string), kv[i+1].(string)})
			continue
		}
		out = append(out, Member{kv[i].(string), string(v.JSON())})
	}
	return out
}

// enumCross gives a place of v (an instance of object o of decl) under an
// enum rule a member of any enum of decl: another enum's is a valid
// spelling in the wrong place, as constsOf gives for pinned values. It
// reports false when v has no such place.
func enumCross(s *Source, decl *shapes.Decl, o *shapes.Object, v *tv) bool {
	var at []place
	for _, p := range places(decl, o, v, nil) {
		if slices.ContainsFunc(p.rules, func(r shapes.Rule) bool { return r.Rule == shapes.RuleEnum }) {
			at = append(at, p)
		}
	}
	var values []string
	for _, ob := range decl.Objects {
		for _, m := range ob.Members {
			for _, r := range m.Rules {
				values = append(values, r.Values...)
			}
		}
	}
	if len(at) == 0 || len(values) == 0 {
		return false
	}
	Pick(s, at).set(tS(Pick(s, values)))
	return true
}
