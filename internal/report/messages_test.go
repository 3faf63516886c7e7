package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/spec"
)

// The messages outside the refusal tables are listed most seen first,
// each escaped once (a control or bidirectional character as \uXXXX,
// never raw and never escaped twice); a message of the table, under a
// verdict comparison, is not listed.
func TestOutsideListsMessagesOutsideTheTables(t *testing.T) {
	k := spec.MustLoad().Contracts[0]
	o := Outside{}
	refused := func(out Outcome, msg string) Row {
		return Row{Contract: k.Contract, Impl: "team", Outcome: out, Got: Answer{Message: msg}}
	}
	o.Add(refused(UnknownMessage, "bad key"))
	o.Add(refused(UnknownMessage, "bad key"))
	o.Add(refused(OtherMessage, "\u202eevil\x1b[31m"))
	o.Add(refused(OtherMessage, k.Refusals[0].Message)) // in the table: not listed
	o.Add(refused(WrongMessage, "never counted"))
	var b bytes.Buffer
	renderOutside(&b, o)
	out := b.String()
	for _, want := range []string{"3 refusals gave 2 messages", `2  team ` + k.Contract + ` "bad key"`, `\u202eevil\u001b[31m`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\u202e") || strings.Contains(out, `\\u`) || strings.Contains(out, "never counted") || strings.Contains(out, k.Refusals[0].Message) {
		t.Errorf("raw, doubly escaped or wrongly listed:\n%s", out)
	}
}
