package corpus

import (
	"fmt"
	"slices"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// Which contracts a layout feeds, and how: the catalogue's Corpora tables
// (spec/README.md, "Corpora"), never a table here.

// catalogue is the catalogue Load reads the feeds from. Tests may replace
// it.
var catalogue = spec.MustLoad()

// feedsOf returns what the catalogue feeds with the entries of a layout of
// kind k, in catalogue order, and fails when it names a policy the layout
// does not support. path names the layout in the error.
func feedsOf(l layout, path string) ([]spec.Feed, error) {
	feeds := catalogue.Feeds(string(l.kind))
	for _, f := range feeds {
		if !slices.Contains(l.policies, f.Policy) {
			return nil, errorf(path, 0, "the catalogue feeds this %s layout to %s %s with the %s policy; the layout supports %v", l.kind, f.Contract, f.Op, f.Policy, l.policies)
		}
	}
	return feeds, nil
}

// expand returns the cases of a layout's entries, entry by entry and, for
// each, one case per feed in feeds' order. An entry is a case without its
// contract, operation and ID, whose expectation is the layout's own
// (ExpectOK with its output, ExpectRefusedAny, or ExpectReference). The
// feed's policy maps it:
//
//   - exact and verdict keep it;
//   - strict keeps ExpectRefusedAny and makes anything else ExpectReference;
//   - reference makes it ExpectReference.
func expand(entries []vectors.Case, feeds []spec.Feed) ([]vectors.Case, error) {
	out := make([]vectors.Case, 0, len(entries)*len(feeds))
	for _, e := range entries {
		for _, f := range feeds {
			c := e
			c.Contract, c.Op = f.Contract, f.Op
			c.ID = vectors.CaseID(f.Contract, f.Op, c.Input)
			switch f.Policy {
			case spec.PolicyExact:
				if c.Expect != vectors.ExpectOK {
					return nil, fmt.Errorf("%s: the exact policy needs an expected output", c.Source)
				}
			case spec.PolicyVerdict:
			case spec.PolicyStrict:
				if c.Expect != vectors.ExpectRefusedAny {
					c.Expect, c.Output = vectors.ExpectReference, nil
				}
			case spec.PolicyReference:
				c.Expect, c.Output = vectors.ExpectReference, nil
			default:
				return nil, fmt.Errorf("%s: unknown corpus policy %q", c.Source, f.Policy)
			}
			out = append(out, c)
		}
	}
	return out, nil
}
