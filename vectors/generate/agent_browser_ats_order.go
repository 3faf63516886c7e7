package main

// agent-browser-ats-order/1: spec/agent-browser-ats-order.md, "Vectors".
// The faithful exchanges (literal documents below), every member's
// variants derived from the declaration
// (spec/agent-browser-ats-order/shapes.json: what each named check refuses
// is written here), the object rules, the decisions, the gate mismatches
// and the traps. Expected digests are crypto/sha256 over gowebpki/jcs,
// never the reference's; expected messages are the catalogue's.

import (
	"github.com/conform-dev/conform/internal/spec"
	specdata "github.com/conform-dev/conform/spec"
)

func init() {
	register(source{
		contract:   abContract,
		files:      abFiles,
		minCases:   1238,
		exceptions: abExceptions,
	})
}

const (
	abContract = "agent-browser-ats-order/1"
	abPrefix   = "agent-browser-ats-order."
	abCallTag  = "aether.ats.browser-order-call/1"
	abResTag   = "aether.ats.browser-order-result/1"
)

// abDecl is the declaration (spec/agent-browser-ats-order/shapes.json).
var abDecl = specdata.MustShapes("agent-browser-ats-order")

// abMsg is each code's message, from the catalogue; abTag its exception.
var abMsg, abTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(abContract)
	if !ok {
		panic("agent-browser-ats-order: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		msg[r.Code], tag[r.Code] = r.Message, r.Exception
	}
	return msg, tag
}()

// abExceptions are the vectors whose tag differs from their message's
// catalogue tag, by "<behaviour>.jsonl:<name>".
var abExceptions = exceptionTags{}

// abQ quotes s (ASCII, escapes already written).
func abQ(s string) string { return `"` + s + `"` }

// abRefused is a refused case with the message of code (a short code, the
// prefix added) and its catalogue tag.
func abRefused(name, input, code string) vcase {
	m, ok := abMsg[abPrefix+code]
	if !ok {
		panic("agent-browser-ats-order: no refusal " + code)
	}
	return refused(name, input, m).withException(abTag[abPrefix+code])
}

// abFile is one vector file of op.
func abFile(op, aspect, description string, cases ...vcase) vfile {
	f := vfile{contract: abContract, op: op, dir: "agent-browser-ats-order", behaviour: op + "-" + aspect, description: description}
	for _, c := range cases {
		if abSeen[op+"\n"+c.input] {
			continue
		}
		abSeen[op+"\n"+c.input] = true
		if c.exception != "" && c.exception != abTag[abCodeOf(c.message)] {
			abExceptions[f.behaviour+".jsonl:"+c.name] = c.exception
		}
		f.cases = append(f.cases, c)
	}
	return f
}

// abCodeOf is the code of a message.
func abCodeOf(message string) string {
	for c, m := range abMsg {
		if m == message {
			return c
		}
	}
	return ""
}

var abBuilt []vfile

// abSeen holds "<op>\n<input>" of every case written: a variant that
// repeats an earlier case is not written twice.
var abSeen = map[string]bool{}

// abFiles lists every vector file (built once).
func abFiles() []vfile {
	if abBuilt == nil {
		abBuilt = append(abBuilt, abExchangeFiles()...)
		abBuilt = append(abBuilt, abMemberFiles()...)
		abBuilt = append(abBuilt, abRuleFiles()...)
		abBuilt = append(abBuilt, abDecisionFiles()...)
		abBuilt = append(abBuilt, abTrapFiles()...)
	}
	return abBuilt
}
