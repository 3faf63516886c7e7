package main

// attestation/1: spec/attestation.md, "Vectors". Records and expected
// verdicts are literal text written from the spec; the member variants of
// the declared objects come from the declaration
// (spec/attestation/shapes.json, memberVariants); messages and tags are the
// catalogue's.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/spec"
	specdata "github.com/conform-dev/conform/spec"
)

func init() {
	register(source{
		contract:   atContract,
		files:      atFiles,
		minCases:   1,
		exceptions: atExceptions,
	})
}

const atContract = "attestation/1"

var atDecl = specdata.MustShapes("attestation")

// atMsg and atTag are each code's message and exception tag, by the code
// without its prefix, from the catalogue.
var atMsg, atTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(atContract)
	if !ok {
		panic("attestation: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		short := strings.TrimPrefix(r.Code, "attestation.")
		msg[short], tag[short] = r.Message, r.Exception
	}
	return msg, tag
}()

func atNo(name, input, short string) vcase {
	msg, ok := atMsg[short]
	if !ok {
		panic("attestation: no refusal " + short)
	}
	return refused(name, input, msg).withException(atTag[short])
}

// Documents as members.
var (
	atControl   = `{"step":"control","target":"#add"}`
	atMilestone = `{"step":"milestone","target":"#count"}`
	atReset     = `{"step":"reset","target":"#reset"}`
	atObs       = gen.Doc{kv("writer", `"runtime"`), kv("tool", `"validate_html"`), kv("ok", `true`), kv("error", `null`),
		kv("requestedInteractions", "["+atControl+"]"), kv("executedInteractions", "["+atControl+","+atMilestone+","+atReset+"]")}
	atModelW     = `{"observer":"model","declaredBy":"model","ref":"probe-1","cmd":"npm test"}`
	atTransportW = `{"observer":"transport","declaredBy":"transport","ref":"trace:e7"}`
	atRecord     = gen.Doc{kv("obligation", `"dom-interaction"`), kv("observation", atObs.String()), kv("witnesses", "["+atModelW+","+atTransportW+"]")}
)

// atWith is the base record with the observation's members changed.
func atWith(obs gen.Doc, witnesses ...string) string {
	return atRecord.Set("observation", obs.String()).Set("witnesses", "["+strings.Join(witnesses, ",")+"]").String()
}

// atVerdict is a verdict.
func atVerdict(proven bool, reason, probes, refs string) string {
	p := "false"
	if proven {
		p = "true"
	}
	return `{"obligation":"dom-interaction","proven":` + p + `,"reason":"` + reason + `","recordedProbes":[` + probes + `],"references":[` + refs + `]}`
}

func atFile(op, behaviour, description string, cases ...vcase) vfile {
	for i, c := range cases {
		if tag, own := atExceptions[behaviour+".jsonl:"+c.name]; own {
			cases[i].exception = tag
		}
	}
	return vfile{contract: atContract, op: op, dir: "attestation", behaviour: behaviour, description: description, cases: cases}
}

func atLog(steps ...string) string { return "[" + strings.Join(steps, ",") + "]" }

func atFiles() []vfile {
	smoke := `"smoke preflight refused: the page has no milestone"`
	probeURL := `"probe url refused: http://127.0.0.1/ has no port"`
	failed := atObs.Set("ok", `false`).Set("error", `"timeout"`)
	return append([]vfile{
		atFile("attest", "attest-verdict", "the verdict: requested and executed apart, a control before any reset, pre-flight refusals observe nothing",
			ok("proven", atRecord.String(), atVerdict(true, "proven", `"npm test"`, `"trace:e7"`)),
			ok("proven.control-only", atWith(atObs.Set("executedInteractions", atLog(atControl))), atVerdict(true, "proven", "", "")),
			ok("proven.milestone-then-control", atWith(atObs.Set("executedInteractions", atLog(atMilestone, atControl))), atVerdict(true, "proven", "", "")),
			ok("nothing-executed.requested", atWith(atObs.Set("executedInteractions", `[]`)), atVerdict(false, "nothing-executed", "", "")).
				withNote("ok: true with an empty executed log is not proof, whatever was requested."),
			ok("nothing-executed.nothing-requested", atWith(atObs.Set("requestedInteractions", `[]`).Set("executedInteractions", `[]`)), atVerdict(false, "nothing-executed", "", "")),
			ok("no-control.milestones", atWith(atObs.Set("executedInteractions", atLog(atMilestone, atMilestone))), atVerdict(false, "no-control", "", "")),
			ok("no-control.requested-control", atWith(atObs.Set("requestedInteractions", atLog(atControl, atControl)).Set("executedInteractions", atLog(atMilestone))), atVerdict(false, "no-control", "", "")),
			ok("reset-first", atWith(atObs.Set("executedInteractions", atLog(atReset, atControl))), atVerdict(false, "reset-first", "", "")).
				withNote("A reset on a fresh page proves nothing."),
			ok("reset-only", atWith(atObs.Set("executedInteractions", atLog(atReset))), atVerdict(false, "no-control", "", "")),
			ok("not-ok", atWith(failed), atVerdict(false, "not-ok", "", "")),
			ok("not-ok.executed", atWith(failed.Set("executedInteractions", atLog(atControl))), atVerdict(false, "not-ok", "", "")),
			ok("preflight.smoke", atWith(atObs.Set("ok", `false`).Set("error", smoke).Set("executedInteractions", `[]`)), atVerdict(false, "preflight", "", "")),
			ok("preflight.probe-url", atWith(atObs.Set("ok", `false`).Set("error", probeURL).Set("executedInteractions", `[]`)), atVerdict(false, "preflight", "", "")),
			ok("preflight.requested-kept", atWith(atObs.Set("ok", `false`).Set("error", smoke).Set("executedInteractions", `[]`).Set("requestedInteractions", atLog(atControl, atMilestone))), atVerdict(false, "preflight", "", "")),
			ok("not-preflight.inside", atWith(atObs.Set("ok", `false`).Set("error", `"error: smoke preflight refused: x"`).Set("executedInteractions", atLog(atControl))), atVerdict(false, "not-ok", "", "")).
				withNote("The prefix counts only at the beginning."),
			ok("witnesses.order", atWith(atObs, atTransportW, `{"observer":"model","declaredBy":"model","ref":"p2","cmd":"make"}`, atModelW, `{"observer":"transport","declaredBy":"transport","ref":"trace:e9"}`),
				atVerdict(true, "proven", `"make","npm test"`, `"trace:e7","trace:e9"`)).withNote("Transport witnesses are references, never folded into the recorded probes."),
			ok("witnesses.transport-declared-model-observed", atWith(atObs, `{"observer":"model","declaredBy":"transport","ref":"p","cmd":"ls"}`), atVerdict(true, "proven", `"ls"`, "")),
			ok("witnesses.none", atWith(atObs), atVerdict(true, "proven", "", "")),
			ok("escapes", atWith(atObs, `{"observer":"model","declaredBy":"model","ref":"r","cmd":"echo \"\u00e9\""}`), atVerdict(true, "proven", `"echo \u0022\u00e9\u0022"`, "")),
		),
		atFile("attest", "attest-rules", "the record's rules, each single-cause",
			atNo("ok-error.ok-with-error", atWith(atObs.Set("error", `"boom"`)), "ok_error"),
			atNo("ok-error.failed-without-error", atWith(atObs.Set("ok", `false`)), "ok_error").
				withNote("Ignored, the verdict reads ok as given: not-ok."),
			atNo("preflight-executed.smoke", atWith(atObs.Set("ok", `false`).Set("error", smoke)), "preflight_executed"),
			atNo("preflight-executed.probe-url", atWith(atObs.Set("ok", `false`).Set("error", probeURL).Set("executedInteractions", atLog(atMilestone))), "preflight_executed"),
			atNo("relabel", atWith(atObs, `{"observer":"transport","declaredBy":"model","ref":"trace:e1"}`), "relabel").
				withNote("A model-declared witness is never transport-observed."),
			atNo("relabel.second", atWith(atObs, atModelW, `{"observer":"transport","declaredBy":"model","ref":"x"}`), "relabel"),
			atNo("witness-cmd", atWith(atObs, `{"observer":"transport","declaredBy":"transport","ref":"trace:e1","cmd":"curl x"}`), "witness_cmd"),
			atNo("witness-no-cmd", atWith(atObs, `{"observer":"model","declaredBy":"model","ref":"p"}`), "witness_no_cmd"),
			atNo("obligation.other", atRecord.Set("obligation", `"dom-interactions"`).String(), "obligation").
				withNote("The obligation vocabulary is closed and has one member."),
			atNo("obligation.upper", atRecord.Set("obligation", `"DOM-interaction"`).String(), "obligation"),
			atNo("writer.model", atWith(atObs.Set("writer", `"model"`)), "writer").withNote("No model-authored payload enters an observation."),
			atNo("tool.empty", atWith(atObs.Set("tool", `""`)), "tool"),
			atNo("step.click", atWith(atObs.Set("executedInteractions", `[{"step":"click","target":"#add"}]`)), "step"),
			atNo("step.requested", atWith(atObs.Set("requestedInteractions", `[{"step":"Reset","target":"#r"}]`)), "step"),
			atNo("target.empty", atWith(atObs.Set("executedInteractions", `[{"step":"control","target":""}]`)), "target"),
			atNo("observer.other", atWith(atObs, `{"observer":"runtime","declaredBy":"transport","ref":"r","cmd":"ls"}`), "observer"),
			atNo("declared-by.other", atWith(atObs, `{"observer":"transport","declaredBy":"runtime","ref":"r"}`), "declared_by"),
			atNo("ref.empty", atWith(atObs, `{"observer":"transport","declaredBy":"transport","ref":""}`), "ref"),
			atNo("cmd.empty", atWith(atObs, `{"observer":"model","declaredBy":"model","ref":"r","cmd":""}`), "cmd"),
			atNo("input.empty", ``, "input"),
			atNo("input.duplicate", `{"obligation":"dom-interaction","obligation":"dom-interaction"}`, "input"),
			atNo("type.array", `[]`, "type"),
			atNo("type.string", `"dom-interaction"`, "type"),
		),
		atFile("preflight", "preflight", "isPreflightRefusal: the one predicate over the two prefixes",
			ok("smoke", `"smoke preflight refused: no milestone"`, `{"preflight":true,"prefix":"smoke"}`),
			ok("smoke.bare", `"smoke preflight refused: "`, `{"preflight":true,"prefix":"smoke"}`),
			ok("probe-url", `"probe url refused: http://127.0.0.1/ has no port"`, `{"preflight":true,"prefix":"probe-url"}`),
			ok("probe-url.escaped", `"probe\u0020url refused: x"`, `{"preflight":true,"prefix":"probe-url"}`),
			ok("no.empty", `""`, `{"preflight":false,"prefix":null}`),
			ok("no.plain-error", `"net::ERR_CONNECTION_REFUSED"`, `{"preflight":false,"prefix":null}`),
			ok("no.inside", `"validate_html: smoke preflight refused: x"`, `{"preflight":false,"prefix":null}`).withNote("Never grep the literals: only the beginning counts."),
			ok("no.upper", `"Smoke preflight refused: x"`, `{"preflight":false,"prefix":null}`),
			ok("no.without-space", `"smoke preflight refused:x"`, `{"preflight":false,"prefix":null}`),
			ok("no.leading-space", `" probe url refused: x"`, `{"preflight":false,"prefix":null}`),
			ok("no.prefix-cut", `"probe url refused"`, `{"preflight":false,"prefix":null}`),
			atNo("type.null", `null`, "type"),
			atNo("type.object", `{"error":"smoke preflight refused: x"}`, "type"),
			atNo("input.bare", `smoke preflight refused: x`, "input"),
		),
	}, atShapeFiles()...)
}

// atVariants are the member variants of the record, its observation, an
// interaction and a witness.
func atVariants() []memberVariant {
	out := memberVariants(atDecl, atDecl.Object("record"), atRecord, func(s string) string { return s },
		func(string) gen.Doc { return atObs }, nil, "")
	inLog := func(s string) string { return atWith(atObs.Set("executedInteractions", "["+s+"]")) }
	out = append(out, memberVariants(atDecl, atDecl.Object("interaction"), gen.Doc{kv("step", `"control"`), kv("target", `"#add"`)}, inLog, nil, nil, "interaction.")...)
	inWitnesses := func(s string) string { return atWith(atObs, s) }
	out = append(out, memberVariants(atDecl, atDecl.Object("witness"),
		gen.Doc{kv("observer", `"model"`), kv("declaredBy", `"model"`), kv("ref", `"probe-1"`), kv("cmd", `"npm test"`)}, inWitnesses, nil, nil, "witness.")...)
	return out
}

func atShapeFiles() []vfile {
	var cases []vcase
	for _, v := range atVariants() {
		cases = append(cases, atNo(v.name, v.input, strings.TrimPrefix(v.code, "attestation.")))
	}
	return []vfile{atFile("attest", "attest-members", "the members of the closed objects, from the declaration", cases...)}
}

// atExceptions are the vectors whose tag differs from their message's
// catalogue tag: a member of another type stands when ignored.
var atExceptions = func() map[string]string {
	out := map[string]string{}
	for _, v := range atVariants() {
		if v.stands && atTag[strings.TrimPrefix(v.code, "attestation.")] == "" {
			out["attest-members.jsonl:"+v.name] = "type-guard"
		}
	}
	return out
}()
