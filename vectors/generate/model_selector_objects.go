package main

// model-selector/1: the operations over objects (payer, tier-selectors,
// run-payers, publication-receipt) and commit-sha; the member variants of
// the declared objects come from spec/model-selector/shapes.json.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// The commit shas the vectors use: 40 lowercase hex digits each.
const (
	msSha1 = "0123456789abcdef0123456789abcdef01234567"
	msSha2 = "fedcba9876543210fedcba9876543210fedcba98"
)

// msAllVendors is org_keys holding every vendor.
const msAllVendors = `["anthropic","google","ollama","openai"]`

func msPayerIn(selector, orgKeys string) string {
	return `{"selector":` + selector + `,"org_keys":` + orgKeys + `}`
}

func msPayerOut(p string) string { return `{"payer":"` + p + `"}` }

func msPayerFiles() []vfile {
	var cases []vcase
	for _, s := range msSelectors {
		cases = append(cases,
			ok(s.name+".no-org-key", msPayerIn(s.input, `[]`), msPayerOut(s.payer)),
			ok(s.name+".org-keys", msPayerIn(s.input, msAllVendors), msPayerOut(s.orgPayer)))
	}
	cases = append(cases,
		ok("org-key.other-vendor", msPayerIn(`"api:openai:gpt-5"`, `["anthropic","google"]`), msPayerOut("host-key")).
			withNote("The organisation brought another vendor's key: the host's key pays."),
		ok("org-key.own-vendor", msPayerIn(`"api:openai:gpt-5"`, `["openai"]`), msPayerOut("org-key")),
		ok("org-key.repeat", msPayerIn(`"api:google:gemini-2.5-pro"`, `["google","google"]`), msPayerOut("org-key")),
		ok("org-key.ollama", msPayerIn(`"api:ollama:llama3"`, `["ollama"]`), msPayerOut("host-selfhosted")).
			withNote("A self-hosted model has no vendor key, whatever org_keys holds."),
		ok("org-key.sub-ignores", msPayerIn(`"sub:openai:gpt-5"`, `["openai"]`), msPayerOut("host-subscription")),
		ok("org-key.own-ignores", msPayerIn(`"own:anthropic:claude-opus-4-1"`, `["anthropic"]`), msPayerOut("principal-subscription")),
		ok("members.reordered", `{"org_keys":["openai"], "selector":"api:openai:gpt-5"}`, msPayerOut("org-key")),
		refused("org-keys.unknown-vendor", msPayerIn(`"api:openai:gpt-5"`, `["mistral"]`), msM("org_keys")),
		refused("org-keys.upper", msPayerIn(`"api:openai:gpt-5"`, `["OpenAI"]`), msM("org_keys")),
		refused("org-keys.second", msPayerIn(`"api:openai:gpt-5"`, `["openai","chatgpt"]`), msM("org_keys")),
	)
	for _, b := range msBadSelectors {
		cases = append(cases, refused(b.name, msPayerIn(b.input, `[]`), msM(b.code)))
	}
	cases = append(cases, msJSON()...)
	return []vfile{msFile("payer", "payer", "payerForSelector: the payer is the selector's first segment", cases...)}
}

// msEnv is an environment with the three pins (JSON text each, "" for
// absent) and the extra members.
func msEnv(l1, l2, l3, extra string) string {
	var ms []string
	for i, v := range []string{l1, l2, l3} {
		if v != "" {
			ms = append(ms, `"ATOMA_MODEL_L`+string(rune('1'+i))+`":`+v)
		}
	}
	if extra != "" {
		ms = append(ms, extra)
	}
	return "{" + strings.Join(ms, ",") + "}"
}

func msTierFile() vfile {
	const (
		a  = `"api:openai:gpt-5"`
		b  = `"sub:anthropic:claude-opus-4-1"`
		c  = `"api:ollama:llama3.1:8b"`
		pa = `{"mode":"api","vendor":"openai","model":"gpt-5"}`
		pb = `{"mode":"sub","vendor":"anthropic","model":"claude-opus-4-1"}`
		pc = `{"mode":"api","vendor":"ollama","model":"llama3.1:8b"}`
	)
	out := `{"l1":` + pa + `,"l2":` + pb + `,"l3":` + pc + `}`
	cases := []vcase{
		ok("three-pins", msEnv(a, b, c, ""), out),
		ok("other-variables-ignored", msEnv(a, b, c, `"PATH":"/usr/bin","ATOMA_MODEL_L4":"x","ATOMA_MODEL":5,"HOME":null,"atoma_model_l1":""`), out).
			withNote("Only the three pins are read; another variable's value is never looked at."),
		ok("member-order", `{"ATOMA_MODEL_L3":`+c+`,"ATOMA_MODEL_L1":`+a+`,"ATOMA_MODEL_L2":`+b+`}`, out),
		ok("same-selector", msEnv(a, a, a, ""), `{"l1":`+pa+`,"l2":`+pa+`,"l3":`+pa+`}`),
		ok("own-every-tier", msEnv(`"own:openai:gpt-5"`, `"own:openai:gpt-5-mini"`, `"own:openai:gpt-5-nano"`, ""),
			`{"l1":{"mode":"own","vendor":"openai","model":"gpt-5"},"l2":{"mode":"own","vendor":"openai","model":"gpt-5-mini"},"l3":{"mode":"own","vendor":"openai","model":"gpt-5-nano"}}`),
	}
	pins := []string{a, b, c}
	for i := range 3 {
		tier := "l" + string(rune('1'+i))
		for _, v := range []struct{ name, value string }{{"absent", ""}, {"empty", `""`}, {"null", `null`}, {"number", `1`}, {"object", `{"selector":` + pins[i] + `}`}} {
			p := append([]string(nil), pins...)
			p[i] = v.value
			cases = append(cases, refused("pin."+tier+"."+v.name, msEnv(p[0], p[1], p[2], ""), msM("pin")))
		}
		p := append([]string(nil), pins...)
		p[i] = ""
		lower := `"atoma_model_l` + string(rune('1'+i)) + `":` + pins[i]
		cases = append(cases, refused("pin."+tier+".lower-case-name", msEnv(p[0], p[1], p[2], lower), msM("pin")))
	}
	cases = append(cases,
		refused("pin.none", `{}`, msM("pin")).withNote("There is no default."),
		refused("pin.pre-grammar", msEnv(a, `"claude-sonnet-4"`, c, ""), msM("segments")).withNote("A pin stored before the grammar is not recognised."),
		refused("pin.mode", msEnv(a, b, `"API:ollama:llama3"`, ""), msM("mode")),
		refused("pin.vendor", msEnv(`"api:openrouter:x"`, b, c, ""), msM("vendor")),
		refused("pin.model", msEnv(a, `"sub:anthropic:"`, c, ""), msM("model")),
		refused("pin.ollama", msEnv(a, b, `"own:ollama:llama3"`, ""), msM("ollama")),
	)
	for _, n := range []struct{ name, input string }{{"string", `"api:openai:gpt-5"`}, {"array", `[]`}, {"null", `null`}} {
		cases = append(cases, refused("type."+n.name, n.input, msM("type")))
	}
	cases = append(cases, msJSON()...)
	return msFile("tier-selectors", "tier-selectors", "readTierSelectors: the three required pins, no default", cases...)
}

// msPin is a tier pin's JSON text.
func msPin(selector, level string) string {
	return `{"selector":` + selector + `,"level":"` + level + `"}`
}

// msRow is one payer row.
func msRow(tier, selector, transport, payer, level string) string {
	return `{"tier":"` + tier + `","selector":` + selector + `,"transport":"` + transport + `","payer":"` + payer + `","level":"` + level + `"}`
}

// msRunIn is a run-payers input.
func msRunIn(l1, l2, l3, orgKeys string) string {
	return `{"l1":` + l1 + `,"l2":` + l2 + `,"l3":` + l3 + `,"org_keys":` + orgKeys + `}`
}

// The base run: an org-level api pin, account-level sub and own pins.
var (
	msRunL1   = msPin(`"api:openai:gpt-5"`, "org")
	msRunL2   = msPin(`"sub:openai:gpt-5-codex"`, "account")
	msRunL3   = msPin(`"own:anthropic:claude-opus-4-1"`, "account")
	msRunBase = msRunIn(msRunL1, msRunL2, msRunL3, `["openai"]`)
	msRunOut  = "[" + msRow("l1", `"api:openai:gpt-5"`, "openai-api", "org-key", "org") + "," +
		msRow("l2", `"sub:openai:gpt-5-codex"`, "openai-subscription", "host-subscription", "account") + "," +
		msRow("l3", `"own:anthropic:claude-opus-4-1"`, "anthropic-subscription", "principal-subscription", "account") + "]"
)

func msRunFile() vfile {
	cases := []vcase{
		ok("base", msRunBase, msRunOut),
		ok("every-api-level", msRunIn(msPin(`"api:anthropic:claude-sonnet-4-5"`, "host"), msPin(`"api:google:gemini-2.5-pro"`, "org"), msPin(`"api:ollama:llama3:8b"`, "account"), `["google","ollama"]`),
			"["+msRow("l1", `"api:anthropic:claude-sonnet-4-5"`, "anthropic-api", "host-key", "host")+","+
				msRow("l2", `"api:google:gemini-2.5-pro"`, "google-api", "org-key", "org")+","+
				msRow("l3", `"api:ollama:llama3:8b"`, "ollama-selfhosted", "host-selfhosted", "account")+"]").
			withNote("An api selector is admissible from every chain level."),
		ok("chatgpt-every-tier", msRunIn(msPin(`"sub:openai:gpt-5"`, "account"), msPin(`"own:openai:gpt-5-mini"`, "account"), msPin(`"sub:openai:gpt-5-nano"`, "account"), `[]`),
			"["+msRow("l1", `"sub:openai:gpt-5"`, "openai-subscription", "host-subscription", "account")+","+
				msRow("l2", `"own:openai:gpt-5-mini"`, "openai-subscription", "principal-subscription", "account")+","+
				msRow("l3", `"sub:openai:gpt-5-nano"`, "openai-subscription", "host-subscription", "account")+"]").
			withNote("Both ChatGPT families admit all three tiers."),
		ok("selector-verbatim", msRunIn(msPin(`"api:ollama:qwen2.5:14b:q4"`, "host"), msRunL2, msRunL3, `[]`),
			"["+msRow("l1", `"api:ollama:qwen2.5:14b:q4"`, "ollama-selfhosted", "host-selfhosted", "host")+","+
				msRow("l2", `"sub:openai:gpt-5-codex"`, "openai-subscription", "host-subscription", "account")+","+
				msRow("l3", `"own:anthropic:claude-opus-4-1"`, "anthropic-subscription", "principal-subscription", "account")+"]"),
		ok("member-order", `{"org_keys":["openai"],"l3":`+msRunL3+`,"l2":{"level":"account","selector":"sub:openai:gpt-5-codex"},"l1":`+msRunL1+`}`, msRunOut),
	}
	// Admissibility by chain level: sub and own from org or host, at each tier.
	for i, tier := range []string{"l1", "l2", "l3"} {
		for _, mode := range []string{"sub", "own"} {
			for _, level := range []string{"org", "host"} {
				pins := []string{msRunL1, msRunL2, msRunL3}
				pins[i] = msPin(`"`+mode+`:openai:gpt-5"`, level)
				cases = append(cases, refused("admissible."+tier+"."+mode+"."+level, msRunIn(pins[0], pins[1], pins[2], `[]`), msM("admissible")))
			}
		}
	}
	for _, l := range []struct{ name, value string }{{"upper", "Account"}, {"unknown", "tenant"}, {"empty", ""}, {"space", "account "}} {
		cases = append(cases, refused("level."+l.name, msRunIn(msPin(`"api:openai:gpt-5"`, l.value), msRunL2, msRunL3, `[]`), msM("level")))
	}
	cases = append(cases,
		refused("org-keys.unknown-vendor", msRunIn(msRunL1, msRunL2, msRunL3, `["openrouter"]`), msM("org_keys")),
		refused("l2.selector.mode", msRunIn(msRunL1, msPin(`"Sub:openai:gpt-5"`, "account"), msRunL3, `[]`), msM("mode")),
		refused("l2.selector.segments", msRunIn(msRunL1, msPin(`"claude-opus-4-1"`, "account"), msRunL3, `[]`), msM("segments")).
			withNote("A pin stored before the grammar is not recognised at any tier."),
		refused("l3.selector.ollama", msRunIn(msRunL1, msRunL2, msPin(`"sub:ollama:llama3"`, "account"), `[]`), msM("ollama")),
		refused("l1.selector.vendor", msRunIn(msPin(`"api:azure:gpt-5"`, "org"), msRunL2, msRunL3, `[]`), msM("vendor")),
		refused("l1.selector.model", msRunIn(msPin(`"api:openai:"`, "org"), msRunL2, msRunL3, `[]`), msM("model")),
	)
	cases = append(cases, msJSON()...)
	return msFile("run-payers", "run-payers", "the per-tier payer rows and admissibility by chain level", cases...)
}

func msShaFile() vfile {
	cases := []vcase{
		ok("lower-hex", `"`+msSha1+`"`, `{"sha":"`+msSha1+`"}`),
		ok("all-zero", `"`+strings.Repeat("0", 40)+`"`, `{"sha":"`+strings.Repeat("0", 40)+`"}`),
		ok("all-f", `"`+strings.Repeat("f", 40)+`"`, `{"sha":"`+strings.Repeat("f", 40)+`"}`),
		ok("escaped", `"\u0030123456789abcdef0123456789abcdef01234567"`, `{"sha":"`+msSha1+`"}`),
		refused("length.39", `"`+msSha1[:39]+`"`, msM("commit_sha")),
		refused("length.41", `"`+msSha1+`8"`, msM("commit_sha")),
		refused("length.64", `"`+msSha1+msSha2[:24]+`"`, msM("commit_sha")).withNote("A SHA-256 object name is not a 40-hex commit sha."),
		refused("length.0", `""`, msM("commit_sha")),
		refused("short.7", `"0123456"`, msM("commit_sha")),
		refused("upper", `"`+strings.ToUpper(msSha1)+`"`, msM("commit_sha")),
		refused("one-upper", `"`+msSha1[:39]+`A"`, msM("commit_sha")),
		refused("g", `"`+msSha1[:39]+`g"`, msM("commit_sha")),
		refused("space", `" `+msSha1[1:]+`"`, msM("commit_sha")),
		refused("newline", `"`+msSha1+`\n"`, msM("commit_sha")),
		refused("fullwidth-digit", `"\uff10`+msSha1[1:]+`"`, msM("commit_sha")),
	}
	for _, n := range msNotString {
		cases = append(cases, refused("type."+n.name, n.input, msM("type")))
	}
	cases = append(cases, msJSON()...)
	return msFile("commit-sha", "commit-sha", "commitShaSchema: the one 40-hex commit sha", cases...)
}

func msReceiptIn(commit, base string) string {
	return `{"commitSha":` + commit + `,"baseSha":` + base + `}`
}

func msReceiptFile() vfile {
	q := func(s string) string { return `"` + s + `"` }
	cases := []vcase{
		ok("base-sha", msReceiptIn(q(msSha1), q(msSha2)), `{"commitSha":"`+msSha1+`","baseSha":"`+msSha2+`"}`),
		ok("base-null", msReceiptIn(q(msSha1), `null`), `{"commitSha":"`+msSha1+`","baseSha":null}`).
			withNote("A required key with a nullable value: null states that nothing was built on."),
		ok("same-sha", msReceiptIn(q(msSha1), q(msSha1)), `{"commitSha":"`+msSha1+`","baseSha":"`+msSha1+`"}`).
			withNote("baseSha is observed, never compared with anything."),
		ok("member-order", `{"baseSha":null,"commitSha":"`+msSha1+`"}`, `{"commitSha":"`+msSha1+`","baseSha":null}`),
		refused("commit.upper", msReceiptIn(q(strings.ToUpper(msSha1)), `null`), msM("commit_sha")),
		refused("commit.short", msReceiptIn(q(msSha1[:39]), q(msSha2)), msM("commit_sha")),
		refused("base.upper", msReceiptIn(q(msSha1), q(strings.ToUpper(msSha2))), msM("base_sha")),
		refused("base.long", msReceiptIn(q(msSha1), q(msSha2+"0")), msM("base_sha")),
		refused("base.empty", msReceiptIn(q(msSha1), `""`), msM("base_sha")).withNote("The empty string is not null."),
	}
	cases = append(cases, msJSON()...)
	return msFile("publication-receipt", "publication-receipt", "the receipt's commit sha and its required, nullable baseSha", cases...)
}

// msShapeBase is each declared top-level object's valid document, as
// members in order, and its operation.
var msShapeBase = []struct {
	object, op string
	doc        gen.Doc
}{
	{"payer", "payer", gen.Doc{kv("selector", `"api:openai:gpt-5"`), kv("org_keys", `["openai"]`)}},
	{"run-payers", "run-payers", gen.Doc{kv("l1", msRunL1), kv("l2", msRunL2), kv("l3", msRunL3), kv("org_keys", `["openai"]`)}},
	{"publication-receipt", "publication-receipt", gen.Doc{kv("commitSha", `"`+msSha1+`"`), kv("baseSha", `"`+msSha2+`"`)}},
}

// msOther is a JSON value not of type t (nor null).
func msOther(t string) string {
	if t == "string" {
		return `5`
	}
	return `"x"`
}

// msVariant is one member variant of a declared object.
type msVariant struct {
	name, input, code string
	stands            bool
}

// msVariants are the member variants of object o with document doc: the
// member absent, of another type, and a member outside the shape; then the
// same inside each member validated as a nested object.
func msVariants(prefix string, o *shapes.Object, doc gen.Doc, wrap func(string) string) []msVariant {
	out := []msVariant{{prefix + "unknown-member", wrap(doc.Set("extra", `1`).String()), "model-selector.unknown_member", false}}
	for _, m := range o.Members {
		out = append(out,
			msVariant{prefix + strings.ToLower(m.Name) + ".absent", wrap(doc.Drop(m.Name).String()), "model-selector.missing_member", false},
			msVariant{prefix + strings.ToLower(m.Name) + ".type", wrap(doc.Set(m.Name, msOther(m.Type)).String()), m.TypeCode, true})
		if m.Type == "array" {
			out = append(out, msVariant{prefix + m.Name + ".element-type", wrap(doc.Set(m.Name, `[1]`).String()), m.Rules[0].TypeCode, true})
		}
		for _, r := range m.Rules {
			if r.Rule != shapes.RuleObject {
				continue
			}
			inner := msDecl.Object(r.Object)
			sub := msRunBaseDoc(m.Name)
			name := m.Name
			out = append(out, msVariants(prefix+name+".", inner, sub, func(s string) string { return wrap(doc.Set(name, s).String()) })...)
		}
	}
	return out
}

// msRunBaseDoc is the base pin of tier as members.
func msRunBaseDoc(tier string) gen.Doc {
	pins := map[string]gen.Doc{
		"l1": {kv("selector", `"api:openai:gpt-5"`), kv("level", `"org"`)},
		"l2": {kv("selector", `"sub:openai:gpt-5-codex"`), kv("level", `"account"`)},
		"l3": {kv("selector", `"own:anthropic:claude-opus-4-1"`), kv("level", `"account"`)},
	}
	return pins[tier]
}

// msShapeFiles are the member variants of every declared object, one file
// per operation.
func msShapeFiles() []vfile {
	var files []vfile
	for _, b := range msShapeBase {
		var cases []vcase
		for _, v := range msVariants("", msDecl.Object(b.object), b.doc, func(s string) string { return s }) {
			cases = append(cases, refused(v.name, v.input, msMsg[v.code]))
		}
		for _, n := range []struct{ name, input string }{{"string", `"x"`}, {"array", `[]`}, {"null", `null`}, {"number", `0`}} {
			cases = append(cases, refused("type."+n.name, n.input, msM("type")))
		}
		files = append(files, msFile(b.op, b.op+"-members", "the members of the closed object "+b.object+", from its declaration", cases...))
	}
	return files
}

// msStandingTags are the exception tags of the member variants whose
// type code stands (spec/model-selector.md, "Shapes") while the
// catalogue gives their message no tag.
func msStandingTags() map[string]string {
	out := map[string]string{}
	for _, b := range msShapeBase {
		for _, v := range msVariants("", msDecl.Object(b.object), b.doc, func(s string) string { return s }) {
			if v.stands && msCatalogueTag[v.code] == "" {
				out[b.op+"-members.jsonl:"+v.name] = "type-guard"
			}
		}
	}
	return out
}
