package fake

import (
	"sort"

	"github.com/conform-dev/conform/internal/jsonmember"
)

// contractRFC8785 is the contract the codepoint-sort fake alters.
const contractRFC8785 = "rfc8785/1"

func init() {
	Fakes["codepoint-sort"] = Fake{
		Doc: "rfc8785/1 sorts object members by code point instead of by UTF-16 unit " +
			"(a Python sorted() on str, the trap spec/rfc8785.md names)",
		Alter: func(contract, _ string, out []byte) []byte {
			if contract != contractRFC8785 {
				return out
			}
			return resortCodePoints(out)
		},
	}
}

// resortCodePoints takes canonical JSON (RFC 8785 output: no whitespace, no
// lone surrogates) and sorts every object's members by code point order of
// their names instead of UTF-16 order. A Go string comparison is a code
// point comparison: UTF-8 preserves code point order.
func resortCodePoints(b []byte) []byte {
	return jsonmember.Reorder(b, func(members [][]byte) {
		type named struct {
			name string
			text []byte
		}
		ms := make([]named, len(members))
		for k, m := range members {
			ms[k] = named{jsonmember.Name(m), m}
		}
		sort.SliceStable(ms, func(x, y int) bool { return ms[x].name < ms[y].name })
		for k, m := range ms {
			members[k] = m.text
		}
	})
}
