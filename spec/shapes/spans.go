package shapes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Spans returns where each row mutant's change lies in text, the bytes of
// a declaration (the format Parse reads), as byte offsets [start, end),
// keyed by the row's id up to its mutator (Row.ID without "/<mutator>"
// and its detail): "<object>/closed" is the object's "unknown" member,
// its value; "<object>.<member>/<rule path>" is the rule's JSON object,
// among the member's own rules or, for a member {"use": key}, among the
// rules of the shared definition Fields[key] (so that all its users'
// rows point there). It fails only on text that is not JSON; a part of
// the format it does not find is left out.
func Spans(text []byte) (map[string][2]int, error) {
	root, err := spanTree(text)
	if err != nil {
		return nil, err
	}
	out := map[string][2]int{}
	fields := root.member("fields")
	for _, o := range root.member("objects").elemsOf() {
		name := o.member("name").str
		if u := o.member("unknown"); u != nil {
			out[name+"/closed"] = [2]int{u.start, u.end}
		}
		for _, m := range o.member("members").elemsOf() {
			def := m
			if use := m.member("use"); use != nil {
				def = fields.member(use.str)
			}
			if def == nil {
				continue
			}
			ruleSpans(name+"."+def.member("name").str+"/", "", def.member("rules"), out)
		}
	}
	return out, nil
}

// RowSpanKey is the key of Spans for the row mutant id: the id without
// its mutator and detail ("trust.keys/1.0/BoundWiden/max" is
// "trust.keys/1.0").
func RowSpanKey(id string) string {
	object, member, path, _, _ := RowSite(id)
	if member != "" {
		object += "." + member
	}
	return object + "/" + path
}

// ruleSpans records the span of each rule of the array rules, and of the
// rules nested in each (an element's), under prefix and the rule path.
func ruleSpans(prefix, path string, rules *spanNode, out map[string][2]int) {
	for i, r := range rules.elemsOf() {
		p := path + strconv.Itoa(i)
		out[prefix+p] = [2]int{r.start, r.end}
		ruleSpans(prefix, p+".", r.member("rules"), out)
	}
}

// spanNode is one JSON value of a declaration and where it lies.
type spanNode struct {
	start, end int
	members    map[string]*spanNode // an object's
	elems      []*spanNode          // an array's
	str        string               // a string's
}

// member is the member key of an object node, or nil.
func (n *spanNode) member(key string) *spanNode {
	if n == nil {
		return nil
	}
	return n.members[key]
}

// elemsOf is the elements of an array node, or none.
func (n *spanNode) elemsOf() []*spanNode {
	if n == nil {
		return nil
	}
	return n.elems
}

// spanTree reads text as one JSON value, with the span of each value.
func spanTree(text []byte) (*spanNode, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	return readSpan(dec, text)
}

// readSpan reads the next value of dec; text is what dec reads, for the
// value's start (the decoder's offset is where the previous token ended:
// white space, a colon or a comma may come first).
func readSpan(dec *json.Decoder, text []byte) (*spanNode, error) {
	start := int(dec.InputOffset())
	for start < len(text) && strings.IndexByte(" \t\r\n:,", text[start]) >= 0 {
		start++
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	n := &spanNode{start: start}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			n.members = map[string]*spanNode{}
		}
		for dec.More() {
			if t == '{' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := k.(string)
				if !ok {
					return nil, fmt.Errorf("a member name that is not a string at byte %d", dec.InputOffset())
				}
				if n.members[key], err = readSpan(dec, text); err != nil {
					return nil, err
				}
				continue
			}
			e, err := readSpan(dec, text)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, e)
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
	case string:
		n.str = t
	}
	n.end = int(dec.InputOffset())
	return n, nil
}
