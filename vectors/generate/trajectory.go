package main

// trajectory/1: spec/trajectory.md, "Vectors". Each scenario is a literal
// event stream with the executions and the reference written by hand from
// the spec; messages and tags are the catalogue's.

import (
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/spec"
)

func init() {
	register(source{contract: tjContract, files: tjFiles, minCases: 1})
}

const tjContract = "trajectory/1"

var tjMsg, tjTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(tjContract)
	if !ok {
		panic("trajectory: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		short := strings.TrimPrefix(r.Code, "trajectory.")
		msg[short], tag[short] = r.Message, r.Exception
	}
	return msg, tag
}()

func tjNo(name, input, short string) vcase {
	msg, ok := tjMsg[short]
	if !ok {
		panic("trajectory: no refusal " + short)
	}
	return refused(name, input, msg).withException(tjTag[short])
}

// tjIn is the input of events (JSON text each).
func tjIn(events ...string) string { return `{"events":[` + strings.Join(events, ",") + `]}` }

// tjStep is a step of execution e: kind, element and actor.
func tjStep(e, kind, element, actor string) string {
	return fmt.Sprintf(`{"kind":%q,"id":"s-%s-%s","llmEventId":%q,"element":%q,"actor":%q}`, kind, e, element, e, element, actor)
}

// tjLLM closes execution e of molecule in lane ("" for none) with skill
// ("" for none).
func tjLLM(e, molecule, lane, skill string) string {
	s := fmt.Sprintf(`{"kind":"llm","id":%q,"molecule":%q`, e, molecule)
	if lane != "" {
		s += fmt.Sprintf(`,"lane":%q`, lane)
	}
	if skill != "" {
		s += fmt.Sprintf(`,"skill":%q`, skill)
	}
	return s + "}"
}

// tjSuccess is a skill.success for molecule in lane ("" none) naming
// skill ("" none).
func tjSuccess(molecule, lane, skill string) string {
	s := fmt.Sprintf(`{"kind":"skill.success","molecule":%q`, molecule)
	if lane != "" {
		s += fmt.Sprintf(`,"lane":%q`, lane)
	}
	if skill != "" {
		s += fmt.Sprintf(`,"skill":%q`, skill)
	}
	return s + "}"
}

// tjTrust is a trust event with verdict for molecule in lane.
func tjTrust(molecule, lane, verdict string) string {
	s := fmt.Sprintf(`{"kind":"trust","molecule":%q,"verdict":%q`, molecule, verdict)
	if lane != "" {
		s += fmt.Sprintf(`,"lane":%q`, lane)
	}
	return s + "}"
}

// tjX is one execution of the output; steps are JSON text.
func tjX(e, molecule, skill, lane string, completed, credited bool, steps ...string) string {
	q := func(s string) string {
		if s == "" {
			return "null"
		}
		return `"` + s + `"`
	}
	return fmt.Sprintf(`{"id":%q,"molecule":%s,"skill":%s,"lane":%s,"completed":%t,"credited":%t,"steps":[%s]}`,
		e, q(molecule), q(skill), q(lane), completed, credited, strings.Join(steps, ","))
}

// tjS is a step of the output.
func tjS(kind, element, actor string) string { return fmt.Sprintf(`[%q,%q,%q]`, kind, element, actor) }

// tjOut is the output.
func tjOut(executions []string, reference ...string) string {
	refs := make([]string, len(reference))
	for i, r := range reference {
		refs[i] = `"` + r + `"`
	}
	return `{"executions":[` + strings.Join(executions, ",") + `],"reference":[` + strings.Join(refs, ",") + `]}`
}

func tj(behaviour, description string, cases ...vcase) vfile {
	return vfile{contract: tjContract, op: "derive", dir: "trajectory", behaviour: behaviour, description: description, cases: cases}
}

func tjFiles() []vfile {
	click := tjStep("e1", "tool", "add-button", "cell")
	clickS := tjS("tool", "add-button", "cell")
	return []vfile{
		tj("derive-executions", "one execution per llmEventId, closed by its llm event; credits by skill.success and trust RESULT",
			ok("empty", tjIn(), tjOut(nil)),
			ok("closed-credited", tjIn(click, tjLLM("e1", "counter", "c/m", ""), tjSuccess("counter", "c/m", "")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, true, clickS)}, "e1")),
			ok("prefix-uncredited", tjIn(click, tjSuccess("counter", "c/m", "")),
				tjOut([]string{tjX("e1", "", "", "", false, false, clickS)})).withNote("Without its llm event a signature is a prefix: not completed, never credited."),
			ok("closed-waiting", tjIn(click, tjLLM("e1", "counter", "c/m", "")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, false, clickS)})),
			ok("steps-after-close-ignored", tjIn(click, tjLLM("e1", "counter", "c/m", ""), tjStep("e1", "tool", "late", "cell"), tjTrust("counter", "c", "RESULT")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, true, clickS)}, "e1")),
			ok("trust-result", tjIn(tjLLM("e1", "counter", "c/m", ""), tjTrust("counter", "c/m", "RESULT")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, true)}, "e1")),
			ok("trust-other-verdict", tjIn(tjLLM("e1", "counter", "c/m", ""), tjTrust("counter", "c/m", "REVIEW")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, false)})),
			ok("other-molecule", tjIn(tjLLM("e1", "counter", "c/m", ""), tjSuccess("timer", "c/m", "")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, false)})),
			ok("credit-before-close", tjIn(tjSuccess("counter", "c/m", ""), tjLLM("e1", "counter", "c/m", "")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, false)})).withNote("A credit is the next one after the close."),
			ok("credit-without-molecule", tjIn(tjLLM("e1", "counter", "c/m", ""), `{"kind":"skill.success"}`),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, false)})),
			ok("llm-without-molecule", tjIn(tjLLM("e1", "", "c/m", "")[:0]+`{"kind":"llm","id":"e1"}`, tjSuccess("counter", "", "")),
				tjOut([]string{tjX("e1", "", "", "", true, false)})),
			ok("skill.named", tjIn(tjLLM("e1", "counter", "c/m", "sk1"), tjSuccess("counter", "c/m", "sk1")),
				tjOut([]string{tjX("e1", "counter", "sk1", "c/m", true, true)}, "e1")),
			ok("skill.other", tjIn(tjLLM("e1", "counter", "c/m", "sk1"), tjSuccess("counter", "c/m", "sk2")),
				tjOut([]string{tjX("e1", "counter", "sk1", "c/m", true, false)})).withNote("A skill.success credits an execution with a skill only when it names it."),
			ok("skill.unnamed", tjIn(tjLLM("e1", "counter", "c/m", "sk1"), tjSuccess("counter", "c/m", "")),
				tjOut([]string{tjX("e1", "counter", "sk1", "c/m", true, false)})),
			ok("skill.trust-needs-none", tjIn(tjLLM("e1", "counter", "c/m", "sk1"), tjTrust("counter", "c/m", "RESULT")),
				tjOut([]string{tjX("e1", "counter", "sk1", "c/m", true, true)}, "e1")),
			ok("skill.execution-without", tjIn(tjLLM("e1", "counter", "c/m", ""), tjSuccess("counter", "c/m", "sk9")),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, true)}, "e1")),
			ok("identities-only", tjIn(
				`{"kind":"tool","id":"s1","llmEventId":"e1","element":"add","actor":"cell","args":{"x":1},"result":"ok","text":"I clicked it"}`,
				`{"kind":"llm","id":"e1","molecule":"counter","lane":"c/m","prompt":"p","result":{"output":[1,2]},"usage":7}`,
				`{"kind":"skill.success","molecule":"counter","lane":"c","args":null,"result":"done","summary":"it works"}`),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, true, tjS("tool", "add", "cell"))}, "e1")).
				withNote("Args, result and prose are never read: identity-only-twin gives the same output."),
			ok("identities-only-twin", tjIn(
				`{"kind":"tool","id":"s1","llmEventId":"e1","element":"add","actor":"cell","args":[],"result":{"error":"x"},"text":null}`,
				`{"kind":"llm","id":"e1","molecule":"counter","lane":"c/m","prompt":{"a":[]},"result":false,"usage":"lots"}`,
				`{"kind":"skill.success","molecule":"counter","lane":"c","args":"--force","result":[],"summary":7}`),
				tjOut([]string{tjX("e1", "counter", "", "c/m", true, true, tjS("tool", "add", "cell"))}, "e1")),
			ok("step-without-element-actor", tjIn(`{"kind":"inject","llmEventId":"e1"}`, tjLLM("e1", "m", "", "")),
				tjOut([]string{`{"id":"e1","molecule":"m","skill":null,"lane":null,"completed":true,"credited":false,"steps":[["inject",null,null]]}`})),
		),
		tj("derive-lanes", "lanes nest: equal, ancestor, descendant and lane-less agree; siblings do not",
			ok("ancestor-credits", tjIn(tjLLM("e1", "counter", "cell/mol", ""), tjSuccess("counter", "cell", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/mol", true, true)}, "e1")).withNote("The Cell credits in its own lane; the Molecule ran in a child lane."),
			ok("descendant-credits", tjIn(tjLLM("e1", "counter", "cell", ""), tjSuccess("counter", "cell/mol/x", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell", true, true)}, "e1")),
			ok("laneless-event", tjIn(tjLLM("e1", "counter", "cell/mol", ""), tjSuccess("counter", "", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/mol", true, true)}, "e1")),
			ok("laneless-execution", tjIn(tjLLM("e1", "counter", "", ""), tjSuccess("counter", "other", "")),
				tjOut([]string{tjX("e1", "counter", "", "", true, true)}, "e1")),
			ok("sibling-not", tjIn(tjLLM("e1", "counter", "cell/a", ""), tjSuccess("counter", "cell/b", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/a", true, false)})),
			ok("prefix-not-ancestor", tjIn(tjLLM("e1", "counter", "cell/ab", ""), tjSuccess("counter", "cell/a", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/ab", true, false)})).withNote("An ancestor is a prefix up to a slash."),
			ok("siblings-keep-waiting", tjIn(tjLLM("e1", "counter", "cell/a", ""), tjLLM("e2", "counter", "cell/b", ""), tjSuccess("counter", "cell", ""), tjSuccess("counter", "cell", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/a", true, true), tjX("e2", "counter", "", "cell/b", true, true)}, "e1", "e2")).
				withNote("The first credit takes the latest attempt (e2, lane cell/b); e1 in a sibling lane waits for the next."),
			ok("retry-pair", tjIn(tjLLM("e1", "counter", "cell/m", ""), tjLLM("e2", "counter", "cell/m", ""), tjTrust("counter", "cell", "RESULT"), tjSuccess("counter", "cell", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/m", true, false), tjX("e2", "counter", "", "cell/m", true, true)}, "e2")).
				withNote("A remediation retry leaves its first attempt uncredited: the trust RESULT beside skill.success cannot credit it."),
			ok("retry-credited-between", tjIn(tjLLM("e1", "counter", "cell/m", ""), tjSuccess("counter", "cell", ""), tjLLM("e2", "counter", "cell/m", ""), tjSuccess("counter", "cell", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/m", true, true), tjX("e2", "counter", "", "cell/m", true, true)}, "e1", "e2")),
			ok("next-execution-other-lane", tjIn(tjLLM("e1", "counter", "cell/a", ""), tjLLM("e2", "counter", "cell/b", ""), tjSuccess("counter", "cell/a", "")),
				tjOut([]string{tjX("e1", "counter", "", "cell/a", true, true), tjX("e2", "counter", "", "cell/b", true, false)}, "e1")),
		),
		tj("derive-reference", "the reference: completed and credited only, the newest 3 per key, oldest first",
			tjReferenceCase(),
			ok("keys-by-skill", tjIn(tjLLM("a", "m", "", "s1"), tjSuccess("m", "", "s1"), tjLLM("b", "m", "", ""), tjSuccess("m", "", ""), tjLLM("c", "n", "", ""), tjTrust("n", "", "RESULT")),
				tjOut([]string{tjX("a", "m", "s1", "", true, true), tjX("b", "m", "", "", true, true), tjX("c", "n", "", "", true, true)}, "a", "b", "c")),
		),
		tj("derive-refusals", "every refusal, single-cause",
			tjNo("input.empty", ``, "input"),
			tjNo("input.duplicate", `{"events":[],"events":[]}`, "input"),
			tjNo("type.array", `[]`, "type"),
			tjNo("type.no-events", `{"event":[]}`, "type"),
			tjNo("type.events-object", `{"events":{}}`, "type"),
			tjNo("event.string", tjIn(`"llm"`), "event"),
			tjNo("event.null", tjIn(tjLLM("e1", "m", "", ""), `null`), "event"),
			tjNo("kind.absent", tjIn(`{"id":"e1"}`), "kind"),
			tjNo("kind.number", tjIn(`{"kind":1}`), "kind"),
			tjNo("field.id", tjIn(`{"kind":"llm","id":1}`), "field"),
			tjNo("field.molecule-null", tjIn(`{"kind":"llm","id":"e1","molecule":null}`), "field"),
			tjNo("field.lane-number", tjIn(`{"kind":"tool","lane":5}`), "field"),
			tjNo("field.element", tjIn(`{"kind":"tool","llmEventId":"e1","element":["x"]}`), "field"),
			tjNo("field.verdict", tjIn(`{"kind":"trust","molecule":"m","verdict":true}`), "field"),
			tjNo("lane.empty", tjIn(`{"kind":"tool","lane":""}`), "lane"),
			tjNo("lane.double-slash", tjIn(tjLLM("e1", "m", "a//b", "")), "lane"),
			tjNo("lane.leading-slash", tjIn(tjSuccess("m", "/a", "")), "lane"),
			tjNo("lane.trailing-slash", tjIn(tjSuccess("m", "a/", "")), "lane"),
			tjNo("llm-id.absent", tjIn(`{"kind":"llm","molecule":"m"}`), "llm_id"),
			tjNo("closed-twice", tjIn(tjLLM("e1", "m", "", ""), tjLLM("e1", "m", "", "")), "closed_twice").
				withNote("Ignored, the second llm event is ignored."),
			ok("lane.null", tjIn(`{"kind":"llm","id":"e1","molecule":"m","lane":null}`), tjOut([]string{tjX("e1", "m", "", "", true, false)})),
		),
	}
}

// tjReferenceCase: five credited executions of one key and one uncredited:
// the newest three credited, oldest first.
func tjReferenceCase() vcase {
	var events, xs []string
	for i := 1; i <= 5; i++ {
		e := fmt.Sprintf("e%d", i)
		events = append(events, tjLLM(e, "m", "", ""), tjSuccess("m", "", ""))
		xs = append(xs, tjX(e, "m", "", "", true, true))
	}
	events = append(events, tjLLM("e6", "m", "", ""))
	xs = append(xs, tjX("e6", "m", "", "", true, false))
	return ok("newest-three-oldest-first", tjIn(events...), tjOut(xs, "e3", "e4", "e5")).
		withNote("Five credited signatures of one key: the newest three, assembled oldest first; e6 is completed but not credited.")
}
