package main

import "slices"

// exceptionTags are the vectors of a source whose exception tag differs
// from their message's catalogue tag, by "<behaviour>.jsonl:<name>" (the
// source's exceptions).
type exceptionTags map[string]string

// tag returns case c of the file of behaviour with exception tag tag,
// recorded in x when c does not carry it already.
func (x exceptionTags) tag(behaviour string, c vcase, tag string) vcase {
	if tag == c.exception {
		return c
	}
	x[behaviour+".jsonl:"+c.name] = tag
	return c.withException(tag)
}

// tagNamed gives the cases of f named names the exception tag tag (tag).
func (x exceptionTags) tagNamed(f vfile, tag string, names ...string) {
	for i, c := range f.cases {
		if slices.Contains(names, c.name) {
			f.cases[i] = x.tag(f.behaviour, c, tag)
		}
	}
}
