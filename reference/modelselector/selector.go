package modelselector

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec/shapes"
)

// Selector is a selector read by the grammar (spec/model-selector.md, "The
// selector grammar"): its three segments as UTF-16 units, the model
// verbatim (colons kept).
type Selector struct {
	Mode, Vendor, Model []uint16
}

// vendors is the closed vendor vocabulary (spec/model-selector.md,
// "Decisions").
var vendors = []string{"anthropic", "google", "ollama", "openai"}

// The indexes of the grammar's rules in the check's codes
// (spec/model-selector/shapes.json, check "selector"), in rule order.
const (
	ruleSegments = iota
	ruleMode
	ruleVendor
	ruleModel
	ruleOllama
)

// readSelector reads u by the grammar's five rules in order, calling
// refuse(i) for a defect of rule i and returning its error when that is
// not nil; refuse returns nil for an ignored guard, and the reading goes
// on as the spec's Ignored notes say (missing segments empty, everything
// else kept as written).
func readSelector(u []uint16, refuse func(i int) error) (Selector, error) {
	first, second := -1, -1
	for i, x := range u {
		if x != ':' {
			continue
		}
		if first < 0 {
			first = i
		} else {
			second = i
			break
		}
	}
	var s Selector
	switch {
	case first < 0:
		s.Mode = u
	case second < 0:
		s.Mode, s.Vendor = u[:first], u[first+1:]
	default:
		s.Mode, s.Vendor, s.Model = u[:first], u[first+1:second], u[second+1:]
	}
	if second < 0 {
		if err := refuse(ruleSegments); err != nil {
			return s, err
		}
	}
	if !oneOf(s.Mode, "api", "sub", "own") {
		if err := refuse(ruleMode); err != nil {
			return s, err
		}
	}
	if !oneOf(s.Vendor, vendors...) {
		if err := refuse(ruleVendor); err != nil {
			return s, err
		}
	}
	if len(s.Model) == 0 {
		if err := refuse(ruleModel); err != nil {
			return s, err
		}
	}
	if jsonvalue.EqualString(s.Vendor, "ollama") && s.subscription() {
		if err := refuse(ruleOllama); err != nil {
			return s, err
		}
	}
	return s, nil
}

// parseSelector is readSelector refusing through c with the grammar's
// guards.
func parseSelector(c *refusal.Checker, u []uint16) (Selector, error) {
	return readSelector(u, func(i int) error {
		switch i {
		case ruleSegments:
			return c.Refuse(ErrSegments)
		case ruleMode:
			return c.Refuse(ErrMode)
		case ruleVendor:
			return c.Refuse(ErrVendor)
		case ruleModel:
			return c.Refuse(ErrModel)
		}
		return c.Refuse(ErrOllama)
	})
}

// subscription reports whether the mode is sub or own.
func (s Selector) subscription() bool { return oneOf(s.Mode, "sub", "own") }

// Transport is transportOf (spec/model-selector.md, "transportOf"): a sub
// or own selector is served by "<vendor>-subscription"; any other mode is
// api: "ollama-selfhosted" for Ollama, else "<vendor>-api". Its input is
// a selector as read (with ignored guards, any segments); it never refuses.
func (s Selector) Transport() []uint16 {
	switch {
	case s.subscription():
		return join(s.Vendor, "-subscription")
	case jsonvalue.EqualString(s.Vendor, "ollama"):
		return jsonvalue.FromString("ollama-selfhosted")
	}
	return join(s.Vendor, "-api")
}

// Payer is payerForSelector (spec/model-selector.md, "payerForSelector"):
// sub is host-subscription, own principal-subscription; any other mode is
// api: host-selfhosted for Ollama, org-key when orgKeys holds the vendor,
// else host-key. orgKeys are the elements of the org_keys array (strings
// as read); it never refuses.
func (s Selector) Payer(orgKeys []jsonvalue.Value) string {
	switch {
	case jsonvalue.EqualString(s.Mode, "sub"):
		return "host-subscription"
	case jsonvalue.EqualString(s.Mode, "own"):
		return "principal-subscription"
	case jsonvalue.EqualString(s.Vendor, "ollama"):
		return "host-selfhosted"
	}
	for i := range orgKeys {
		if orgKeys[i].Kind == jsonvalue.String && jsonvalue.Equal(orgKeys[i].Units, s.Vendor) {
			return "org-key"
		}
	}
	return "host-key"
}

// isSha is the commit sha: exactly 40 units, each 0-9 or a-f
// (commitShaSchema; lowercase only, spec/model-selector.md, "Decisions").
func isSha(u []uint16) bool {
	if len(u) != 40 {
		return false
	}
	for _, x := range u {
		if !(x >= '0' && x <= '9' || x >= 'a' && x <= 'f') {
			return false
		}
	}
	return true
}

// checks are the declaration's named checks: "selector", the grammar with
// its five codes in rule order, and "sha".
var checks = map[string]interpCheck{
	"selector": {Run: func(c *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(i int) error) error {
		_, err := readSelector(v.Units, refuse)
		return err
	}, Codes: 5},
	"sha": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isSha(v.Units) }},
}

// oneOf reports whether u is one of the ASCII strings values.
func oneOf(u []uint16, values ...string) bool {
	for _, v := range values {
		if jsonvalue.EqualString(u, v) {
			return true
		}
	}
	return false
}

// join returns u followed by the ASCII suffix.
func join(u []uint16, suffix string) []uint16 {
	out := make([]uint16, 0, len(u)+len(suffix))
	out = append(out, u...)
	return append(out, jsonvalue.FromString(suffix)...)
}
