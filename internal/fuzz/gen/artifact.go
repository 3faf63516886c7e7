package gen

// artifact/1 (spec/artifact.md): structured inputs for the five
// operations. Each draw is a valid output root (a summary and its trace,
// v2, v1 with full entries or a reduced v1 trace; or the veto form) with
// one change applied: a member of the summary, the trace, its header, an
// entry, the last decision or the definition dropped, added or replaced
// from its pool; a version marker; the tree itself (a file dropped,
// doubled or turned into a symlink, a stale trace beside a veto); or the
// trace path from the escapes' pool. The pools are derived from the
// declaration (spec/artifact/shapes.json: each member's type,
// nullability and rules, with the bounds and values it states); what is
// written here by hand is the valid root and the defects of each named
// check. The definition digest is sealed with crypto/sha256 over
// gowebpki/jcs.

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// afDecl is the declaration of artifact/1's shapes.
var afDecl = spec.MustShapes("artifact")

// afParse reads a JSON object text (nil when the text is not one, an
// empty non-nil document for {}).
func afParse(text string) Doc {
	d, ok := ParseDoc(text)
	if !ok {
		return nil
	}
	return append(Doc{}, d...)
}

// afText is o's JSON text; an object of the one member named "" stands
// for a value that is not an object, its value's text.
func afText(o Doc) string {
	if len(o) == 1 && o[0].Name == "" {
		return o[0].Value
	}
	return o.String()
}

// afDigest is D(text), JCSDigest (OtherDigest, all zeros, when text has no
// JCS form).
func afDigest(text string) string {
	if d, ok := JCSDigest([]byte(text)); ok {
		return d
	}
	return OtherDigest
}

func afQ(s string) string { return strconv.Quote(s) }

// afHash is a digest made from a seed word.
func afHash(w string) string {
	sum := sha256.Sum256([]byte(w))
	return afQ("sha256:" + hex.EncodeToString(sum[:]))
}

// The valid root's documents (spec/artifact.md).
var (
	afModel       = Doc{{"name", afQ("reviewer-7b")}, {"digest", afHash("model")}}
	afConvergence = Doc{{"state", afQ("converged")}, {"iterations", "3"}}
	afDefinition  = Doc{{"name", afQ("review-pipeline")}, {"phases", `["intake","analysis","scoring","convergence","decision"]`}}
	afDecision    = Doc{{"verdict", afQ("pass")}, {"confidence", "0.87"}, {"stop_reason", afQ("threshold_met")}, {"termination_reason", afQ("completed")}}
	afSummary     = Doc{{"verdict", afQ("pass")}, {"confidence", "0.87"}, {"epistemic_status", afQ("inferred")},
		{"stop_reason", afQ("threshold_met")}, {"termination_reason", afQ("completed")}, {"convergence", afConvergence.String()},
		{"runtime_version", afQ("1.4.2")}, {"trace_path", afQ("trace/run_trace.json")}, {"model", afModel.String()}}
	afVeto = Doc{{"verdict", afQ("veto")}, {"confidence", "0"}, {"epistemic_status", afQ("unknown")},
		{"stop_reason", afQ("dry_run")}, {"termination_reason", afQ("dry_run")},
		{"convergence", Doc{{"state", afQ("not_run")}, {"iterations", "0"}}.String()}, {"runtime_version", afQ("1.4.2")}}
)

// afEntry is a full v2 entry.
func afEntry(phase string, d string) Doc {
	return Doc{{"phase", afQ(phase)}, {"at_ms", "1790000000050"}, {"input", `{"doc":"d"}`}, {"output", `{"note":"n"}`},
		{"scores", `{"relevance":0.9}`}, {"prompt_hash", afHash("prompt-" + phase)}, {"model_hash", afHash("model")},
		{"replay", `{"seed":7}`}, {"epistemic_state", afQ("inferred")}, {"decision", d}, {"failure", "null"}, {"fingerprint", afHash("fp-" + phase)}}
}

// afRoot is one output root under construction: the summary, the trace's
// top level, header and entries, and the definition.
type afRoot struct {
	summary, top, header, def Doc
	entries                   []Doc
}

// afBase draws a valid root: v2 (most often), v1 with full entries, a
// reduced v1 trace, or the veto form (no trace).
func afBase(s *Source) afRoot {
	def := afDefinition
	phases := []string{"intake", "analysis", "scoring", "convergence", "decision"}
	if s.Chance(4) {
		phases = []string{"intake", "scoring", "decision"}
		def = def.Set("phases", `["intake","scoring","decision"]`)
	}
	r := afRoot{summary: afSummary, def: def}
	r.header = Doc{{"config_hash", afHash("config")}, {"definition_hash", afQ(afDigest(def.String()))},
		{"runtime_version", afQ("1.4.2")}, {"convergence", afConvergence.String()}, {"model", afModel.String()}}
	for i, p := range phases {
		d := "null"
		if i == len(phases)-1 {
			d = afDecision.String()
		}
		r.entries = append(r.entries, afEntry(p, d))
		if s.Chance(6) {
			r.entries = append(r.entries, afEntry(p, d))
		}
	}
	r.top = Doc{{"trace_schema_version", "2"}, {"run_id", afQ("3f2b8c1e-9a4d-4e6f-8b21-0c7d5e9a1f34")}, {"created_at_ms", "1790000000000"}}
	switch s.Intn(8) {
	case 0:
		r.top = r.top.Drop("trace_schema_version")
	case 1:
		r.top = Doc{{"run_id", afQ("run-1")}}
		r.header = nil
		r.entries = []Doc{{{"phase", afQ("decision")}, {"epistemic_state", afQ("inferred")}, {"decision", afDecision.String()}}}
	case 2:
		r.summary = afVeto
		if s.Chance(4) {
			r.summary = r.summary.Set("model", afModel.String())
		}
	}
	return r
}

// traceJSON is the trace's text.
func (r afRoot) traceJSON() string {
	t := r.top
	if r.header != nil {
		t = t.Set("header", afText(r.header))
	}
	var es []string
	for _, e := range r.entries {
		es = append(es, afText(e))
	}
	return t.Set("entries", "["+strings.Join(es, ",")+"]").String()
}

// afPool is the values a member's value is replaced with: from its
// declaration and the defects of its named checks.
func afPool(m *shapes.Member) []string {
	pool := []string{"null", "1", `"x"`, "true", "[]", "{}"}
	for _, r := range m.Rules {
		switch r.Rule {
		case shapes.RuleEnum:
			for _, v := range r.Values {
				pool = append(pool, afQ(v), afQ(v), afQ(strings.ToUpper(v)))
			}
			pool = append(pool, afQ(""), afQ("bogus"))
		case shapes.RuleSize, shapes.RuleEach:
			pool = append(pool, `["intake","decision"]`, `["intake","analysis","decision"]`, `["analysis","decision"]`, `["intake","scoring","analysis","decision"]`,
				`["intake","intake","decision"]`, `["intake","x","decision"]`, `[1]`, `["intake","analysis","scoring","convergence","decision","decision"]`)
		}
		switch r.Check {
		case "int":
			pool = append(pool, r.Min, r.Max, r.Min+".0", "1e3", "-1", "1000001", "9007199254740992", "0.5")
		case "confidence":
			pool = append(pool, "0", "1", "0.5", "0.50", "1.0", "0.000001", "1.5", "-0", "0.1234567", "1e0", "2", "0.87", "0.870")
		case "digest":
			h := strings.Repeat("0f", 32)
			pool = append(pool, afQ("sha256:"+h), afQ("sha256:"+strings.ToUpper(h)), afQ("sha256:"+h[1:]), afQ(h))
		case "version":
			pool = append(pool, afQ("0.0.0"), afQ("1.4.3"), afQ("1.2"), afQ("01.2.3"), afQ("v1.2.3"), `"1.2.\uff13"`)
		case "uuid":
			pool = append(pool, afQ("00000000-0000-0000-0000-000000000000"), afQ("3F2B8C1E-9A4D-4E6F-8B21-0C7D5E9A1F34"), afQ("run-1"))
		case "name":
			pool = append(pool, afQ("a"), afQ("Reviewer"), afQ("1a"), afQ("a_b"), afQ("a"+strings.Repeat("b", 64)))
		case "reason-code":
			pool = append(pool, afQ("completed"), afQ("interrupted"), afQ("a-b"), afQ("A"), afQ("a"+strings.Repeat("b", 64)), `"r\ud800"`)
		case "tree-path":
			pool = append(pool, afQ("/a"), afQ("a//b"), afQ("./a"), afQ("a/../b"), afQ(`a\\b`), afQ(""), afQ("logs/run.log"))
		case "base64":
			pool = append(pool, afQ("eR=="), afQ("e==="), afQ("abc"), afQ(""), afQ("e30="))
		}
	}
	if m.Nullable {
		pool = append(pool, "null", "null")
	}
	return pool
}

// afChange returns o, an instance of the declared object name, with one
// change drawn from s.
func afChange(s *Source, name string, o Doc) Doc {
	decl := afDecl.Object(name)
	if len(o) == 0 || decl == nil {
		return o.Set("extra", "1")
	}
	switch s.Intn(10) {
	case 0:
		return o.Drop(o[s.Intn(len(o))].Name)
	case 1:
		return o.Set(Pick(s, []string{"extra", "status", "verified"}), Pick(s, []string{"true", "1", `"x"`}))
	}
	k := o[s.Intn(len(o))].Name
	m := decl.Member(k)
	if m == nil {
		return o
	}
	for _, r := range m.Rules {
		if inner := afParse(o.Value(k)); r.Rule == shapes.RuleObject && inner != nil && !s.Chance(4) {
			return o.Set(k, afChange(s, r.Object, inner).String())
		}
	}
	return o.Set(k, Pick(s, afPool(m)))
}

// change applies one change to r.
func (r afRoot) change(s *Source) afRoot {
	if len(r.entries) == 0 {
		r.summary = afChange(s, "summary", r.summary)
		return r
	}
	switch s.Intn(9) {
	case 0, 1:
		r.summary = afChange(s, "summary", r.summary)
	case 2:
		r.top = r.top.Set(Pick(s, []string{"trace_schema_version", "run_id", "created_at_ms"}),
			Pick(s, []string{"1", "2", "3", "0", `"2"`, "2.0", "null", `""`, "7", afQ("run-1"), "9007199254740992"}))
		if s.Chance(3) {
			r.header = Doc{{"", Pick(s, []string{"[]", "7", "null", `"h"`})}}
		}
	case 3:
		if r.header != nil {
			r.header = afChange(s, "header", r.header)
		}
	case 4:
		i := s.Intn(len(r.entries))
		r.entries = append([]Doc(nil), r.entries...)
		r.entries[i] = afChange(s, "entry", r.entries[i])
	case 5:
		last := len(r.entries) - 1
		if d := afParse(r.entries[last].Value("decision")); d != nil {
			r.entries = append([]Doc(nil), r.entries...)
			r.entries[last] = r.entries[last].Set("decision", afChange(s, "decision", d).String())
		}
	case 6:
		r.def = afChange(s, "definition", r.def)
	case 7:
		r.summary = r.summary.Set("trace_path", Pick(s, []string{`""`, afQ("/trace/run_trace.json"), afQ(`trace\\run_trace.json`),
			afQ("../trace/run_trace.json"), afQ("trace/../trace/run_trace.json"), afQ("./trace/run_trace.json"), afQ("trace/other.json"),
			afQ("result/final_result.json"), afQ("trace//run_trace.json"), "7"}))
	case 8:
		switch s.Intn(4) {
		case 0:
			r.entries = r.entries[:len(r.entries)-1]
		case 1:
			r.entries = append([]Doc{r.entries[len(r.entries)-1]}, r.entries...)
		case 2:
			r.entries = append([]Doc{{{"", Pick(s, []string{"7", "[]", "null"})}}}, r.entries...)
		default:
			r.entries = nil
		}
	}
	return r
}

// afFile is one entry of a tree.
func afFile(path, kind, content string) string {
	return Doc{{"path", afQ(path)}, {"kind", afQ(kind)}, {"bytes_b64", afQ(base64.StdEncoding.EncodeToString([]byte(content)))}}.String()
}

// files is r's tree, now and then with one change to the tree itself.
func (r afRoot) files(s *Source) []string {
	sum := afFile("result/final_result.json", "file", r.summary.String())
	tr := afFile("trace/run_trace.json", "file", r.traceJSON())
	out := []string{sum}
	if r.summary.Value("trace_path") != "" || s.Chance(6) {
		out = append(out, tr)
	}
	switch s.Intn(17) {
	case 0:
		out = out[1:]
	case 10:
		out = out[:1]
	case 1:
		out = append(out, out[0])
	case 2:
		out = append(out, afFile("trace", "symlink", "/var/run"))
	case 3:
		out = []string{afFile("result/final_result.json", "symlink", "x"), tr}
	case 4:
		out = []string{sum, afFile("trace/run_trace.json", "symlink", "../x")}
	case 5:
		out = append(out, afFile("logs/run.log", "file", "ok"))
	case 6:
		out = []string{sum, afFile("trace/run_trace.json", "file", r.traceJSON()[:20])}
	case 7:
		out = []string{afFile("result/final_result.json", "file", "\ufeff"+r.summary.String()), tr}
	case 8:
		out = append(out, Doc{{"path", afQ("a")}, {"kind", afQ("file")}, {"bytes_b64", `""`}, {"mode", "1"}}.String())
	case 9:
		f := afParse(sum)
		out[0] = afChange(s, "file", f).String()
	}
	if s.Chance(4) {
		for i := len(out) - 1; i > 0; i-- {
			j := s.Intn(i + 1)
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// Artifacts draws an input for one of artifact/1's operations: a valid
// root with one change (sometimes none, sometimes two), now and then no
// JSON object at all or a truncated text.
func Artifacts(s *Source, op string) []byte {
	r := afBase(s)
	for range s.Intn(3) {
		r = r.change(s)
	}
	var in string
	switch op {
	case "summary":
		in = r.summary.String()
	case "trace":
		in = r.traceJSON()
	case "lifecycle":
		in = Doc{{"trace", r.traceJSON()}, {"definition", r.def.String()}}.String()
	case "parity":
		sum := r.summary.String()
		if s.Chance(6) {
			sum = "null"
		}
		in = Doc{{"summary", sum}, {"trace", r.traceJSON()}}.String()
	default:
		in = Doc{{"files", "[" + strings.Join(r.files(s), ",") + "]"}, {"definition", r.def.String()}}.String()
	}
	switch s.Intn(40) {
	case 0:
		return []byte(Pick(s, []string{"null", "[]", "1", `"x"`}))
	case 1:
		return []byte(in[:s.Intn(len(in))])
	case 2:
		if o := afParse(in); len(o) > 0 {
			return []byte(afChange(s, op, o).String())
		}
	}
	return []byte(in)
}

// ArtifactsNonParity returns the parity input in ({summary, trace}) with
// one field that parity never compares changed to another valid value
// (spec/artifact.md, "parity"): the summary's runtime version,
// termination reason, convergence, model or trace path (the last two only
// where present), the trace's marker (absent, 1 or 2), run ID, creation
// time or header, an entry before the last, or a member of the last entry
// other than its decision's verdict, confidence and stop reason and its
// epistemic state. An input that is not such an object is returned as is.
func ArtifactsNonParity(s *Source, in []byte) []byte {
	o := afParse(string(in))
	sum, tr := afParse(o.Value("summary")), afParse(o.Value("trace"))
	if o == nil || tr == nil {
		return in
	}
	switch s.Intn(4) {
	case 0:
		if sum == nil {
			break
		}
		keys := []string{"runtime_version", "termination_reason", "convergence"}
		for _, k := range []string{"model", "trace_path"} {
			if sum.Value(k) != "" {
				keys = append(keys, k)
			}
		}
		k := Pick(s, keys)
		sum = sum.Set(k, Pick(s, map[string][]string{
			"runtime_version":    {afQ("0.0.0"), afQ("1.4.3"), afQ("999999999.1.2")},
			"termination_reason": {afQ("interrupted"), afQ("budget_exhausted"), afQ("a")},
			"convergence":        {Doc{{"state", afQ("not_converged")}, {"iterations", "9"}}.String(), Doc{{"iterations", "0"}, {"state", afQ("not_run")}}.String()},
			"model":              {Doc{{"name", afQ("other")}, {"digest", afHash("other")}}.String()},
			"trace_path":         {afQ("elsewhere.json"), afQ("../x"), afQ("")},
		}[k]))
		o = o.Set("summary", sum.String())
	case 1:
		switch s.Intn(4) {
		case 0:
			v := Pick(s, []string{"", "1", "2"})
			if v == "" {
				tr = tr.Drop("trace_schema_version")
			} else if tr.Value("trace_schema_version") == "" || tr.Value("trace_schema_version") == "1" || tr.Value("trace_schema_version") == "2" {
				tr = tr.Set("trace_schema_version", v)
			}
		case 1:
			if id := tr.Value("run_id"); strings.HasPrefix(id, `"`) && id != `""` {
				tr = tr.Set("run_id", Pick(s, []string{afQ("r"), afQ("00000000-0000-0000-0000-000000000000"), `"\ud800"`}))
			}
		case 2:
			tr = tr.Set("created_at_ms", Pick(s, []string{"0", `"later"`, "1e400"}))
		default:
			tr = tr.Set("header", Pick(s, []string{"{}", "[]", "null", Doc{{"config_hash", afHash("c2")}, {"definition_hash", afHash("d2")}}.String()}))
		}
	default:
		var es []json.RawMessage
		if json.Unmarshal([]byte(tr.Value("entries")), &es) != nil || len(es) == 0 {
			break
		}
		last := afParse(string(es[len(es)-1]))
		if s.Chance(2) && len(es) > 1 {
			es[s.Intn(len(es)-1)] = json.RawMessage(Pick(s, []string{"{}", "7", `{"phase":"x"}`}))
		} else if last != nil {
			k := Pick(s, []string{"phase", "at_ms", "input", "output", "scores", "prompt_hash", "model_hash", "replay", "failure", "fingerprint", "extra", "decision"})
			if k == "decision" {
				if d := afParse(last.Value("decision")); d != nil {
					last = last.Set("decision", d.Set(Pick(s, []string{"termination_reason", "extra"}), Pick(s, []string{afQ("other_reason"), "1", "null"})).String())
				}
			} else {
				last = last.Set(k, Pick(s, []string{"null", "7", `"x"`, "{}", afHash("z")}))
			}
			es[len(es)-1] = json.RawMessage(last.String())
		}
		b, _ := json.Marshal(es)
		tr = tr.Set("entries", string(b))
	}
	return []byte(o.Set("trace", tr.String()).String())
}
