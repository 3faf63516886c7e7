package main

import "github.com/conform-dev/conform/internal/spec"

// refusalTable is one contract's refusal table, read from the catalogue
// (the spec's "Refusals" table): each code's message and the exception tag
// its single-cause vectors carry unless a vector says otherwise.
type refusalTable struct {
	msg, tag      map[string]string
	tagOfMessage  map[string]string
	contractLabel string
}

// refusalsOf reads contract's refusal table from the catalogue. A contract
// the catalogue lacks is a programming error of the generator (its
// contracts are fixed): it panics.
func refusalsOf(contract string) refusalTable {
	k, ok := spec.MustLoad().Contract(contract)
	if !ok {
		panic(contract + ": not in the catalogue")
	}
	t := refusalTable{msg: map[string]string{}, tag: map[string]string{}, tagOfMessage: map[string]string{}, contractLabel: contract}
	for _, r := range k.Refusals {
		t.msg[r.Code], t.tag[r.Code], t.tagOfMessage[r.Message] = r.Message, r.Exception, r.Exception
	}
	return t
}

// refused is a refused case with the message of code and its catalogue
// tag; a code the table lacks is a programming error: it panics.
func (t refusalTable) refused(name, input, code string) vcase {
	m, ok := t.msg[code]
	if !ok {
		panic(t.contractLabel + ": no refusal " + code)
	}
	return refused(name, input, m).withException(t.tag[code])
}
