package main

import (
	"strings"

	gowebpki "github.com/gowebpki/jcs"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// textKV is one member of a document: its name and its value as JSON
// text.
type textKV struct{ k, v string }

// textDoc is a document as its members in order, each value kept as the
// JSON text it is written with (so a vector can hold any literal).
type textDoc []textKV

// set returns a copy of d with member k's value v (appended when d has no
// member k).
func (d textDoc) set(k, v string) textDoc {
	out := append(textDoc(nil), d...)
	for i := range out {
		if out[i].k == k {
			out[i].v = v
			return out
		}
	}
	return append(out, textKV{k, v})
}

// del returns a copy of d without member k.
func (d textDoc) del(k string) textDoc {
	var out textDoc
	for _, m := range d {
		if m.k != k {
			out = append(out, m)
		}
	}
	return out
}

// get returns member k's JSON text ("" when absent).
func (d textDoc) get(k string) string {
	for _, m := range d {
		if m.k == k {
			return m.v
		}
	}
	return ""
}

// json is d as JSON text, members in order.
func (d textDoc) json() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, m := range d {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + m.k + `":` + m.v)
	}
	b.WriteByte('}')
	return b.String()
}

// textJCS is JCS(text) by gowebpki/jcs (an RFC 8785 implementation
// independent of the reference); ok false when it refuses text.
func textJCS(text string) (string, bool) {
	out, err := gowebpki.Transform([]byte(text))
	if err != nil {
		return "", false
	}
	return string(out), true
}

// textDigest is gen.JCSDigest(text): "sha256:" and the lowercase hex
// SHA-256 of JCS(text), the digest D(v) of the contracts whose digest is
// the ATS digest. A text without a JCS form is a programming error of an
// accept vector: it panics.
func textDigest(text string) string {
	d, ok := gen.JCSDigest([]byte(text))
	if !ok {
		panic("gowebpki/jcs refuses an accept vector's value: " + text)
	}
	return d
}
