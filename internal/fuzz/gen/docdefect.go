package gen

// The declared defects (declared.go) on a document of the Doc model: the
// document is read into the value model (tv), changed there, and written
// back, so that a generator that keeps its documents as Doc applies the
// same mutations as one that builds them as tv, for any contract; and an
// envelope of documents built as a Doc, whose declared defects reach into
// the documents it holds.

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

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

// tvOfJSON reads one JSON value into the value model: strings as their
// UTF-16 units, a lone surrogate's escape as one unit (jsonUnits), numbers
// as written, members in order; ok is false when text is not one JSON
// value.
func tvOfJSON(text string) (*tv, bool) {
	text = strings.TrimSpace(text)
	if !json.Valid([]byte(text)) {
		return nil, false
	}
	if u, ok := jsonUnits(text); ok {
		return tU(u), true
	}
	var raw []string
	v := &tv{k: 'o'}
	switch text[0] {
	case '{':
		d, _ := ParseDoc(text)
		for _, m := range d {
			v.keys, raw = append(v.keys, units(m.Name)), append(raw, m.Value)
		}
	case '[':
		var elems []json.RawMessage
		_ = json.Unmarshal([]byte(text), &elems)
		v.k = 'a'
		for _, e := range elems {
			raw = append(raw, string(e))
		}
	case 't', 'f', 'n':
		return tL(text), true
	default:
		return tN(text), true
	}
	for _, r := range raw {
		x, _ := tvOfJSON(r)
		if v.k == 'o' {
			v.vals = append(v.vals, x)
		} else {
			v.elems = append(v.elems, x)
		}
	}
	return v, true
}

// jsonUnits is the UTF-16 units of lit, a JSON string literal (its quotes
// included), each escape read as written, so that a lone surrogate's stays
// one unit; ok is false for a text that is not one such literal.
func jsonUnits(lit string) (out []uint16, ok bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, false
	}
	body := lit[1 : len(lit)-1]
	for i := 0; i < len(body); {
		switch {
		case body[i] == '"':
			return nil, false
		case body[i] != '\\':
			r, n := utf8.DecodeRuneInString(body[i:])
			out = utf16.AppendRune(out, r)
			i += n
		case strings.HasPrefix(body[i:], `\u`) && i+6 <= len(body):
			x, err := strconv.ParseUint(body[i+2:i+6], 16, 16)
			if err != nil {
				return nil, false
			}
			out = append(out, uint16(x))
			i += 6
		default:
			k := -1
			if i+1 < len(body) {
				k = strings.IndexByte(`"\/bfnrt`, body[i+1])
			}
			if k < 0 {
				return nil, false
			}
			out = append(out, uint16("\"\\/\b\f\n\r\t"[k]))
			i += 2
		}
	}
	return out, true
}
