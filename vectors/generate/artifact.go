package main

// artifact/1: spec/artifact.md, "Vectors". Valid output roots written
// here by hand (a traced summary with its v2 trace, the veto form, v1
// traces), each member's variants derived from the declaration
// (spec/artifact/shapes.json: its members, types and rules; what a named
// check's defects are is written here), and the loader, lifecycle, parity
// and acceptance cases. Expected outputs are computed here from the
// documents themselves (JCS by gowebpki/jcs, D(v) by crypto/sha256), never
// by the reference; expected messages are the catalogue's.

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/spec"
	specdata "github.com/conform-dev/conform/spec"
)

func init() {
	register(source{
		contract:   afContract,
		files:      afFiles,
		minCases:   300,
		exceptions: afExceptions,
	})
}

// afContract is the contract these vectors are of.
const afContract = "artifact/1"

// afDecl is the declaration of the shapes (spec/artifact/shapes.json).
var afDecl = specdata.MustShapes("artifact")

// afCat is the contract's catalogue entry: each code's message and
// exception tag.
var afMsg, afTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(afContract)
	if !ok {
		panic("artifact: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		msg[r.Code] = r.Message
		tag[r.Code] = r.Exception
	}
	return msg, tag
}()

// afExceptions are the vectors whose tag differs from their message's
// catalogue tag, by "<behaviour>.jsonl:<name>" (filled while building).
var afExceptions = exceptionTags{}

// afQ quotes an ASCII string (escapes already written).
func afQ(s string) string { return `"` + s + `"` }

// afJCS is JCS(text) by gowebpki/jcs (textJCS).
func afJCS(text string) string {
	out, ok := textJCS(text)
	if !ok {
		panic("artifact: no JCS for " + text)
	}
	return out
}

// afHex is a digest body of 64 lowercase hex digits made from seed s.
func afHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// afNum is a literal's nearest double.
func afNum(text string) float64 {
	f, _ := strconv.ParseFloat(text, 64)
	return f
}

// The base documents (spec/artifact.md): a traced summary and its trace.
var (
	afModel       = gen.Doc{kv("name", afQ("reviewer-7b")), kv("digest", afQ(afHex("model")))}
	afConvergence = gen.Doc{kv("state", afQ("converged")), kv("iterations", "3")}
	afSummary     = gen.Doc{
		kv("verdict", afQ("pass")), kv("confidence", "0.87"), kv("epistemic_status", afQ("inferred")),
		kv("stop_reason", afQ("threshold_met")), kv("termination_reason", afQ("completed")),
		kv("convergence", afConvergence.String()), kv("runtime_version", afQ("1.4.2")),
		kv("trace_path", afQ("trace/run_trace.json")), kv("model", afModel.String()),
	}
	afVeto = gen.Doc{
		kv("verdict", afQ("veto")), kv("confidence", "0"), kv("epistemic_status", afQ("unknown")),
		kv("stop_reason", afQ("dry_run")), kv("termination_reason", afQ("dry_run")),
		kv("convergence", gen.Doc{kv("state", afQ("not_run")), kv("iterations", "0")}.String()), kv("runtime_version", afQ("1.4.2")),
	}
	afDefinition = gen.Doc{kv("name", afQ("review-pipeline")), kv("phases", `["intake","analysis","scoring","convergence","decision"]`)}
	afDecision   = gen.Doc{kv("verdict", afQ("pass")), kv("confidence", "0.87"), kv("stop_reason", afQ("threshold_met")), kv("termination_reason", afQ("completed"))}
	afHeader     = gen.Doc{
		kv("config_hash", afQ(afHex("config"))), kv("definition_hash", afQ(textDigest(afDefinition.String()))),
		kv("runtime_version", afQ("1.4.2")), kv("convergence", afConvergence.String()), kv("model", afModel.String()),
	}
)

// afEntry is a full v2 entry of phase at time at, with decision d ("null"
// for none).
func afEntry(phase string, at int, d string) gen.Doc {
	prompt := afQ(afHex("prompt-" + phase))
	if phase == "intake" {
		prompt = "null"
	}
	return gen.Doc{
		kv("phase", afQ(phase)), kv("at_ms", strconv.Itoa(1790000000000+at)),
		kv("input", `{"document":"doc-`+phase+`"}`), kv("output", `{"note":"`+phase+` done"}`),
		kv("scores", `{"relevance":0.9}`), kv("prompt_hash", prompt), kv("model_hash", afQ(afHex("model"))),
		kv("replay", `{"seed":7,"cached":false}`), kv("epistemic_state", afQ("inferred")),
		kv("decision", d), kv("failure", "null"), kv("fingerprint", afQ(afHex("fp-"+phase))),
	}
}

// afTrace is a trace: its top-level members without entries, and its
// entries.
type afTrace struct {
	top     gen.Doc
	entries []gen.Doc
}

// json is the trace's JSON text, entries last.
func (t afTrace) json() string {
	var es []string
	for _, e := range t.entries {
		es = append(es, e.String())
	}
	return t.top.Set("entries", "["+strings.Join(es, ",")+"]").String()
}

// with returns a copy of t with entry i (negative: from the end) replaced
// by e.
func (t afTrace) with(i int, e gen.Doc) afTrace {
	out := afTrace{top: t.top, entries: append([]gen.Doc(nil), t.entries...)}
	if i < 0 {
		i += len(out.entries)
	}
	out.entries[i] = e
	return out
}

// top returns a copy of t with top-level member k set to v.
func (t afTrace) set(k, v string) afTrace {
	return afTrace{top: t.top.Set(k, v), entries: t.entries}
}

// afV2 is the current trace that afSummary summarizes.
var afV2 = afTrace{
	top: gen.Doc{kv("trace_schema_version", "2"), kv("run_id", afQ("3f2b8c1e-9a4d-4e6f-8b21-0c7d5e9a1f34")),
		kv("created_at_ms", "1790000000000"), kv("header", afHeader.String())},
	entries: []gen.Doc{
		afEntry("intake", 10, "null"), afEntry("analysis", 20, "null"), afEntry("scoring", 30, "null"),
		afEntry("convergence", 40, "null"), afEntry("decision", 50, afDecision.String()),
	},
}

// afV1 is afV2 without its marker: a v1 trace with full entries.
var afV1 = afTrace{top: afV2.top.Drop("trace_schema_version"), entries: afV2.entries}

// afV1Reduced is a v1 trace as an old runtime wrote it: a run ID and one
// entry holding the decision state, no header.
var afV1Reduced = afTrace{
	top:     gen.Doc{kv("run_id", afQ("run-2025-11-04-001"))},
	entries: []gen.Doc{{kv("phase", afQ("decision")), kv("epistemic_state", afQ("inferred")), kv("decision", afDecision.String())}},
}

// afTraceOut is the trace operation's output for t with source version v
// (t's projection read from its last entry).
func afTraceOut(t afTrace, v int) string {
	return afJCS(`{"decision":` + afProj(t) + `,"entries":` + strconv.Itoa(len(t.entries)) +
		`,"source_version":` + strconv.Itoa(v) + `,"trace_schema_version":2}`)
}

// afProj is the decision projection of t's last entry, as JSON text.
func afProj(t afTrace) string {
	e := t.entries[len(t.entries)-1]
	d := afDocOf(e.Value("decision"))
	return `{"confidence":` + d.Value("confidence") + `,"epistemic_status":` + e.Value("epistemic_state") +
		`,"stop_reason":` + d.Value("stop_reason") + `,"verdict":` + d.Value("verdict") + `}`
}

// afSumProj is a summary's four parity fields as JSON text.
func afSumProj(s gen.Doc) string {
	return `{"confidence":` + s.Value("confidence") + `,"epistemic_status":` + s.Value("epistemic_status") +
		`,"stop_reason":` + s.Value("stop_reason") + `,"verdict":` + s.Value("verdict") + `}`
}

// afDocs are the base documents by their JSON text, so that a nested
// member's text can be read back as a gen.Doc.
var afDocs = map[string]gen.Doc{}

// afDocOf returns the gen.Doc whose JSON text is text (one of the base
// documents or a variant made by afNested).
func afDocOf(text string) gen.Doc {
	if d, ok := afDocs[text]; ok {
		return d
	}
	out, ok := gen.ParseDoc(text)
	if !ok {
		panic("artifact: not an object: " + text)
	}
	if out.String() != text {
		panic("artifact: not written compactly: " + text)
	}
	return out
}

// afKeep records d so that afDocOf can find it, and returns its text.
func afKeep(d gen.Doc) string {
	afDocs[d.String()] = d
	return d.String()
}

func init() {
	for _, d := range []gen.Doc{afModel, afConvergence, afSummary, afVeto, afDefinition, afDecision, afHeader} {
		afKeep(d)
	}
}

// afB64 is standard padded base64 of s.
func afB64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// afFileEntry is one tree entry.
func afFileEntry(path, kind, content string) string {
	return gen.Doc{kv("path", afQ(path)), kv("kind", afQ(kind)), kv("bytes_b64", afQ(afB64(content)))}.String()
}

// afRoot is an accept input: the files (entry JSON texts) and the
// definition.
func afRoot(def gen.Doc, files ...string) string {
	return gen.Doc{kv("files", "["+strings.Join(files, ",")+"]"), kv("definition", def.String())}.String()
}

// afSummaryFile and afTraceFile are the two files of a root.
func afSummaryFile(s string) string { return afFileEntry("result/final_result.json", "file", s) }
func afTraceFile(t string) string   { return afFileEntry("trace/run_trace.json", "file", t) }

// afRefused is a refused case with the code's message and catalogue tag.
func afRefused(name, input, code string) vcase {
	m, ok := afMsg[code]
	if !ok {
		panic("artifact: no refusal " + code)
	}
	return refused(name, input, m).withException(afTag[code])
}

// afFile is one vector file of op.
// A case whose input an earlier case of the file has is dropped (a good
// value equal to the base document's).
func afFile(op, aspect, description string, cases ...vcase) vfile {
	var kept []vcase
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.input] {
			seen[c.input] = true
			kept = append(kept, c)
		}
	}
	return vfile{contract: afContract, op: op, dir: "artifact", behaviour: op + "-" + aspect, description: description, cases: kept}
}

// afTagAll sets tags on the named cases of f (name -> tag).
func afTagAll(f vfile, tags map[string]string) vfile {
	for i, c := range f.cases {
		if tag, ok := tags[c.name]; ok {
			f.cases[i] = afExceptions.tag(f.behaviour, c, tag)
		}
	}
	return f
}

var afBuilt []vfile

// afFiles lists every artifact/1 vector file (built once: the exception
// declarations are made while building).
func afFiles() []vfile {
	if afBuilt != nil {
		return afBuilt
	}
	// The hand-written files first: a derived variant whose input one of
	// them has (a good value equal to the base document's) is dropped.
	seen := map[string]bool{}
	for _, f := range append(afCaseFiles(), afMemberFiles()...) {
		var kept []vcase
		for _, c := range f.cases {
			if k := f.op + "\n" + c.input; !seen[k] {
				seen[k] = true
				kept = append(kept, c)
				continue
			}
			delete(afExceptions, f.behaviour+".jsonl:"+c.name)
		}
		f.cases = kept
		afBuilt = append(afBuilt, f)
	}
	return afBuilt
}
