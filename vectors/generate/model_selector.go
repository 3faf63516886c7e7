package main

// model-selector/1: spec/model-selector.md, "Vectors". The selector
// table below is literal data written from the spec: each input with the
// parse output, the transport and the payer it must give. The member
// variants of the closed objects (absent, of another type, outside the
// shape) are derived from the declaration (spec/model-selector/shapes.json);
// messages are the catalogue's.

import (
	"strings"

	"github.com/conform-dev/conform/internal/spec"
	specdata "github.com/conform-dev/conform/spec"
)

func init() {
	register(source{
		contract:   msContract,
		files:      msFiles,
		minCases:   1,
		exceptions: msExceptions,
	})
}

const msContract = "model-selector/1"

// msDecl is the declaration of the closed objects.
var msDecl = specdata.MustShapes("model-selector")

// msMsg and msCatalogueTag are each code's message and exception tag,
// from the catalogue.
var msMsg, msCatalogueTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(msContract)
	if !ok {
		panic("model-selector: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		msg[r.Code], tag[r.Code] = r.Message, r.Exception
	}
	return msg, tag
}()

// msCode is each message's code.
var msCode = func() map[string]string {
	out := map[string]string{}
	for code, msg := range msMsg {
		out[msg] = code
	}
	return out
}()

// msM is the message of code model-selector.<short>.
func msM(short string) string {
	msg, ok := msMsg["model-selector."+short]
	if !ok {
		panic("model-selector: no refusal " + short)
	}
	return msg
}

// msExceptions are the vectors whose tag differs from their message's
// catalogue tag: a member of another type whose type code is its rule's
// code stands when ignored (spec/model-selector.md, "Shapes").
var msExceptions = msStandingTags()

// msSel is one accepted selector: its JSON text, the parse output, the
// transport, and the payer without and with its vendor in org_keys.
type msSel struct {
	name, input, parsed, transport, payer, orgPayer string
}

// msSelectors are the accepted selectors (spec/model-selector.md, "The
// selector grammar", "transportOf", "payerForSelector").
var msSelectors = []msSel{
	{"api.anthropic", `"api:anthropic:claude-sonnet-4-5"`, `{"mode":"api","vendor":"anthropic","model":"claude-sonnet-4-5"}`, "anthropic-api", "host-key", "org-key"},
	{"api.openai", `"api:openai:gpt-5"`, `{"mode":"api","vendor":"openai","model":"gpt-5"}`, "openai-api", "host-key", "org-key"},
	{"api.google", `"api:google:gemini-2.5-pro"`, `{"mode":"api","vendor":"google","model":"gemini-2.5-pro"}`, "google-api", "host-key", "org-key"},
	{"api.ollama.tag-colon", `"api:ollama:llama3.1:8b"`, `{"mode":"api","vendor":"ollama","model":"llama3.1:8b"}`, "ollama-selfhosted", "host-selfhosted", "host-selfhosted"},
	{"api.ollama.two-colons", `"api:ollama:qwen2.5:14b:q4_K_M"`, `{"mode":"api","vendor":"ollama","model":"qwen2.5:14b:q4_K_M"}`, "ollama-selfhosted", "host-selfhosted", "host-selfhosted"},
	{"sub.openai", `"sub:openai:gpt-5-codex"`, `{"mode":"sub","vendor":"openai","model":"gpt-5-codex"}`, "openai-subscription", "host-subscription", "host-subscription"},
	{"own.openai", `"own:openai:gpt-5"`, `{"mode":"own","vendor":"openai","model":"gpt-5"}`, "openai-subscription", "principal-subscription", "principal-subscription"},
	{"sub.anthropic", `"sub:anthropic:claude-opus-4-1"`, `{"mode":"sub","vendor":"anthropic","model":"claude-opus-4-1"}`, "anthropic-subscription", "host-subscription", "host-subscription"},
	{"own.anthropic", `"own:anthropic:claude-opus-4-1"`, `{"mode":"own","vendor":"anthropic","model":"claude-opus-4-1"}`, "anthropic-subscription", "principal-subscription", "principal-subscription"},
	{"sub.google", `"sub:google:gemini-2.5-pro"`, `{"mode":"sub","vendor":"google","model":"gemini-2.5-pro"}`, "google-subscription", "host-subscription", "host-subscription"},
	{"own.google", `"own:google:gemini-2.5-flash"`, `{"mode":"own","vendor":"google","model":"gemini-2.5-flash"}`, "google-subscription", "principal-subscription", "principal-subscription"},
	{"model.one-char", `"api:openai:x"`, `{"mode":"api","vendor":"openai","model":"x"}`, "openai-api", "host-key", "org-key"},
	{"model.leading-colon", `"api:openai::x"`, `{"mode":"api","vendor":"openai","model":":x"}`, "openai-api", "host-key", "org-key"},
	{"model.only-colon", `"api:openai::"`, `{"mode":"api","vendor":"openai","model":":"}`, "openai-api", "host-key", "org-key"},
	{"model.space", `"api:openai:gpt 5 "`, `{"mode":"api","vendor":"openai","model":"gpt 5 "}`, "openai-api", "host-key", "org-key"},
	{"model.only-space", `"api:anthropic: "`, `{"mode":"api","vendor":"anthropic","model":" "}`, "anthropic-api", "host-key", "org-key"},
	{"model.upper-case", `"api:openai:GPT-5"`, `{"mode":"api","vendor":"openai","model":"GPT-5"}`, "openai-api", "host-key", "org-key"},
	{"model.non-ascii", `"api:openai:mod\u00e8le-\u6a21\u578b"`, `{"mode":"api","vendor":"openai","model":"mod\u00e8le-\u6a21\u578b"}`, "openai-api", "host-key", "org-key"},
	{"model.astral", `"api:google:\ud83d\ude00"`, `{"mode":"api","vendor":"google","model":"\ud83d\ude00"}`, "google-api", "host-key", "org-key"},
	{"model.lone-surrogate", `"api:google:\ud800"`, `{"mode":"api","vendor":"google","model":"\ud800"}`, "google-api", "host-key", "org-key"},
	{"model.quote-backslash", `"api:openai:a\"b\\c/d"`, `{"mode":"api","vendor":"openai","model":"a\u0022b\u005cc/d"}`, "openai-api", "host-key", "org-key"},
	{"model.controls", `"api:openai:a\n\t\u007f\u0000"`, `{"mode":"api","vendor":"openai","model":"a\u000a\u0009\u007f\u0000"}`, "openai-api", "host-key", "org-key"},
	{"model.escaped-colons", `"api\u003aollama\u003allama3:8b"`, `{"mode":"api","vendor":"ollama","model":"llama3:8b"}`, "ollama-selfhosted", "host-selfhosted", "host-selfhosted"},
	{"model.long", `"api:openai:` + strings.Repeat("m", 1000) + `"`, `{"mode":"api","vendor":"openai","model":"` + strings.Repeat("m", 1000) + `"}`, "openai-api", "host-key", "org-key"},
}

// msBad is one refused selector: its JSON text, the refusal's short code,
// and with the guard ignored the parse output, the transport and the
// payer (empty for a shadowed guard).
type msBad struct {
	name, input, code, parsed, transport, payer string
}

// msBadSelectors are the selectors each rule refuses, one defect each.
var msBadSelectors = []msBad{
	{"segments.pre-grammar-bare", `"claude-sonnet-4"`, "segments", "", "", ""},
	{"segments.pre-grammar-vendor-model", `"anthropic:claude-sonnet-4"`, "segments", "", "", ""},
	{"segments.mode-vendor", `"api:openai"`, "segments", "", "", ""},
	{"segments.empty", `""`, "segments", "", "", ""},
	{"segments.slash", `"api/openai/gpt-5"`, "segments", "", "", ""},
	{"mode.upper", `"API:openai:gpt-5"`, "mode", `{"mode":"API","vendor":"openai","model":"gpt-5"}`, "openai-api", "host-key"},
	{"mode.unknown", `"key:openai:gpt-5"`, "mode", `{"mode":"key","vendor":"openai","model":"gpt-5"}`, "openai-api", "host-key"},
	{"mode.empty", `":anthropic:claude"`, "mode", `{"mode":"","vendor":"anthropic","model":"claude"}`, "anthropic-api", "host-key"},
	{"mode.space", `" api:openai:gpt-5"`, "mode", `{"mode":" api","vendor":"openai","model":"gpt-5"}`, "openai-api", "host-key"},
	{"mode.long", `"subscription:openai:gpt-5"`, "mode", `{"mode":"subscription","vendor":"openai","model":"gpt-5"}`, "openai-api", "host-key"},
	{"mode.prefix", `"su:openai:gpt-5"`, "mode", `{"mode":"su","vendor":"openai","model":"gpt-5"}`, "openai-api", "host-key"},
	{"mode.ollama", `"Own:ollama:llama3"`, "mode", `{"mode":"Own","vendor":"ollama","model":"llama3"}`, "ollama-selfhosted", "host-selfhosted"},
	{"vendor.upper", `"api:OpenAI:gpt-5"`, "vendor", `{"mode":"api","vendor":"OpenAI","model":"gpt-5"}`, "OpenAI-api", "host-key"},
	{"vendor.unknown", `"api:mistral:large"`, "vendor", `{"mode":"api","vendor":"mistral","model":"large"}`, "mistral-api", "host-key"},
	{"vendor.chatgpt", `"sub:chatgpt:gpt-5"`, "vendor", `{"mode":"sub","vendor":"chatgpt","model":"gpt-5"}`, "chatgpt-subscription", "host-subscription"},
	{"vendor.empty", `"api::gpt-5"`, "vendor", `{"mode":"api","vendor":"","model":"gpt-5"}`, "-api", "host-key"},
	{"vendor.trailing-space", `"own:openai :gpt-5"`, "vendor", `{"mode":"own","vendor":"openai ","model":"gpt-5"}`, "openai -subscription", "principal-subscription"},
	{"vendor.non-ascii", `"api:\u00f6llama:x"`, "vendor", `{"mode":"api","vendor":"\u00f6llama","model":"x"}`, "\\u00f6llama-api", "host-key"},
	{"model.empty", `"api:openai:"`, "model", `{"mode":"api","vendor":"openai","model":""}`, "openai-api", "host-key"},
	{"model.empty-ollama", `"api:ollama:"`, "model", `{"mode":"api","vendor":"ollama","model":""}`, "ollama-selfhosted", "host-selfhosted"},
	{"ollama.sub", `"sub:ollama:llama3.1:8b"`, "ollama", `{"mode":"sub","vendor":"ollama","model":"llama3.1:8b"}`, "ollama-subscription", "host-subscription"},
	{"ollama.own", `"own:ollama:llama3"`, "ollama", `{"mode":"own","vendor":"ollama","model":"llama3"}`, "ollama-subscription", "principal-subscription"},
}

// msNotString are JSON values that are not strings.
var msNotString = []struct{ name, input string }{
	{"number", `5`}, {"null", `null`}, {"true", `true`}, {"array", `["api:openai:gpt-5"]`}, {"object", `{"selector":"api:openai:gpt-5"}`},
}

// msBadJSON are inputs that are not one JSON value.
var msBadJSON = []struct{ name, input string }{
	{"empty", ``}, {"bare", `api:openai:gpt-5`}, {"unterminated", `"api:openai:gpt-5`}, {"trailing", `"api:openai:x" 1`},
	{"bom", "\ufeff\"api:openai:x\""}, {"bad-utf8", "\"api:openai:\xff\""}, {"duplicate", `{"a":1,"a":2}`},
}

// msFile is a vector file of op; each refused case carries its message's
// catalogue tag, or its own from msExceptions.
func msFile(op, behaviour, description string, cases ...vcase) vfile {
	for i, c := range cases {
		if c.expect != "refused" {
			continue
		}
		tag, own := msExceptions[behaviour+".jsonl:"+c.name]
		if !own {
			tag = msCatalogueTag[msCode[c.message]]
		}
		cases[i].exception = tag
	}
	return vfile{contract: msContract, op: op, dir: "model-selector", behaviour: behaviour, description: description, cases: cases}
}

// msJSON returns the JSON-value-input refusals of op.
func msJSON() []vcase {
	var out []vcase
	for _, b := range msBadJSON {
		out = append(out, refused("input."+b.name, b.input, msM("input")))
	}
	return out
}

// msStringOp is the file of a selector-string operation: out maps an
// accepted selector to its output.
func msStringOp(op, description string, acc func(msSel) string, bad func(msBad) string) vfile {
	var cases []vcase
	for _, s := range msSelectors {
		cases = append(cases, ok(s.name, s.input, acc(s)))
	}
	for _, b := range msBadSelectors {
		c := refused(b.name, b.input, msM(b.code))
		if b.parsed != "" {
			c = c.withNote("Ignored, it gives " + bad(b) + ".")
		}
		cases = append(cases, c)
	}
	for _, n := range msNotString {
		cases = append(cases, refused("type."+n.name, n.input, msM("type")))
	}
	return msFile(op, op, description, append(cases, msJSON()...)...)
}

func msFiles() []vfile {
	files := []vfile{
		msStringOp("parse", "parseModelSelector: the three segments, the model verbatim", func(s msSel) string { return s.parsed }, func(b msBad) string { return b.parsed }),
		msStringOp("transport", "transportOf: the transport of a selector's mode and vendor",
			func(s msSel) string { return `{"transport":"` + s.transport + `"}` }, func(b msBad) string { return `{"transport":"` + b.transport + `"}` }),
	}
	files = append(files, msPayerFiles()...)
	files = append(files, msTierFile(), msRunFile(), msShaFile(), msReceiptFile())
	return append(files, msShapeFiles()...)
}
