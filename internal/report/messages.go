package report

import (
	"fmt"
	"io"
	"sort"

	"github.com/conform-dev/conform/internal/spec"
)

// Outside counts the refusal messages that are not in their contract's
// refusal table (spec/catalogue.json): the message of each
// UnknownMessage row, and of each OtherMessage row (a comparison on the
// verdict) whose message the table lacks. A library refusing in its own
// words, or a message map the team forgot, shows here with how often each
// message was seen.
type Outside map[OutsideKey]int

// OutsideKey is one message of one implementation for one contract.
type OutsideKey struct {
	Impl, Contract, Message string
}

// Add counts r when its message is outside its contract's table.
func (o Outside) Add(r Row) {
	switch r.Outcome {
	case UnknownMessage:
	case OtherMessage:
		if InTable(r.Contract, r.Got.Message) {
			return
		}
	default:
		return
	}
	o[OutsideKey{r.Impl, r.Contract, r.Got.Message}]++
}

// InTable reports whether msg is a message of contract's refusal table
// (spec/catalogue.json); true for a contract the catalogue does not hold,
// whose table cannot tell.
func InTable(contract, msg string) bool {
	c, ok := spec.MustLoad().Contract(contract)
	if !ok {
		return true
	}
	for _, r := range c.Refusals {
		if r.Message == msg {
			return true
		}
	}
	return false
}

// MaxOutsideShown bounds the messages renderOutside lists.
const MaxOutsideShown = 20

// renderOutside writes the messages outside the refusal tables, the most
// seen first (at most MaxOutsideShown, then how many more), each escaped.
func renderOutside(w io.Writer, o Outside) {
	if len(o) == 0 {
		return
	}
	keys := make([]OutsideKey, 0, len(o))
	total := 0
	for k, n := range o {
		keys = append(keys, k)
		total += n
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if o[a] != o[b] {
			return o[a] > o[b]
		}
		if a.Impl != b.Impl {
			return a.Impl < b.Impl
		}
		if a.Contract != b.Contract {
			return a.Contract < b.Contract
		}
		return a.Message < b.Message
	})
	fmt.Fprintf(w, "\n%d refusals gave %d messages outside their contract's refusal table (a library's own words, or a message map that lacks them):\n", total, len(keys))
	for i, k := range keys {
		if i == MaxOutsideShown {
			fmt.Fprintf(w, "  ... %d more messages\n", len(keys)-i)
			break
		}
		fmt.Fprintf(w, "  %6d  %s %s \"%s\"\n", o[k], esc(k.Impl), esc(k.Contract), esc(k.Message))
	}
}
