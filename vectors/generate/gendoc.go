package main

import "github.com/conform-dev/conform/internal/fuzz/gen"

// textDocOf is a document of the fuzz generator's model (gen.Doc) as a
// textDoc, each member's JSON text as it is: the canonical documents a
// contract's fuzz generator holds are the vectors' too, written once.
func textDocOf(d gen.Doc) textDoc {
	out := make(textDoc, len(d))
	for i, m := range d {
		out[i] = textKV{m.Name, m.Value}
	}
	return out
}

// genDocOf is d in the fuzz generator's model, for the functions of
// package gen (a seal) that compute on a document.
func genDocOf(d textDoc) gen.Doc {
	out := make(gen.Doc, len(d))
	for i, m := range d {
		out[i] = gen.Member{Name: m.k, Value: m.v}
	}
	return out
}
