package main

// toolhost/1: spec/toolhost.md. Every vector is the base chain of section
// 8.3 with one mutation, resealed as section 8.4 says (gen.ThChain),
// wrapped in its operation's envelope. Expected messages are written from
// the spec's message scheme (section 1.3 and the Refusals table); expected
// verdicts are built from the sealed documents (the digests this generator
// sealed, the epoch milliseconds by Go's time package, byte counts by
// gowebpki/jcs), never by the reference.
//
// Test keys: NOT FOR PRODUCTION. The four Ed25519 keys of section 8.2 are
// derived from published seeds and sign nothing but these vectors.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	mathbig "math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/spec"
)

func init() {
	register(source{
		contract:   "toolhost/1",
		files:      toolhostFiles,
		minCases:   1326,
		exceptions: toolhostExceptions(),
	})
}

// thMS is the epoch milliseconds of a timestamp string (gen.Millis, by
// Go's time package: an independent computation; the spec's rule is
// prim/1's).
func thMS(v *jv) int64 {
	ms, ok := gen.Millis(v)
	if !ok {
		panic("toolhost: accept vector with a bad timestamp " + v.Text())
	}
	return ms
}

// canonLen is the number of canonical bytes of v.
func canonLen(v *jv) int64 {
	c, ok := canon(v)
	if !ok {
		panic("toolhost: accept vector without a JCS form")
	}
	return int64(len(c))
}

// thVerdict is the verdict of op on the sealed chain c (spec/toolhost.md
// section 1.10 and section 4), as JCS: the members the Operations table's
// output column names (from the catalogue), each read from the sealed
// documents: "X_ms" is the epoch milliseconds of timestamp X, key_ids the
// trust keys' ids, tools their count, arguments_bytes and
// serialized_bytes canonical sizes; any other the member of that name of
// the first document of thVerdictDocs that has it, else of the registry's
// tool (tool_name its name).
func thVerdict(op string, c *chain) string {
	v := O()
	for _, name := range thOutputs[op] {
		var x *jv
		switch field, isMS := strings.CutSuffix(name, "_ms"); {
		case name == "key_ids":
			x = A()
			for _, k := range c.Get("trust.keys").Elems() {
				x.Push(k.Member("key_id"))
			}
		case name == "tools":
			x = I(int64(len(c.Get("registry.tools").Elems())))
		case name == "arguments_bytes":
			x = I(canonLen(c.Doc("workspace_status_input")))
		case name == "serialized_bytes":
			x = I(canonLen(c.Doc("workspace_status")))
		case isMS:
			x = I(thMS(thVerdictMember(op, c, field)))
		default:
			x = thVerdictMember(op, c, name)
		}
		v.Add(S(name), x)
	}
	out, ok := canon(v)
	if !ok {
		panic("toolhost: verdict without a JCS form")
	}
	return out
}

// thVerdictMember is member name of the first of op's documents that has
// it: the document a validate- operation validates, then the envelope's
// documents from the last (the lease's expiry, not the trust's), then
// the inner documents and their holders, then the registry's tool
// (tool_name and tool_version its name and version). The relations of
// section 4 make every document that has it agree on an accepted chain.
func thVerdictMember(op string, c *chain, name string) *jv {
	docs := []string{strings.ReplaceAll(strings.TrimPrefix(op, "validate-"), "-", "_")}
	members := gen.ToolhostEnvelopes[op]
	for i := len(members) - 1; i >= 0; i-- {
		docs = append(docs, members[i])
	}
	docs = append(docs, "workspace_status", "invocation")
	for _, d := range docs {
		if doc := c.Doc(d); doc != nil && doc.Member(name) != nil {
			return doc.Member(name)
		}
	}
	if x := c.Get("registry.tools[0]." + strings.TrimPrefix(name, "tool_")); x != nil {
		return x
	}
	panic("toolhost: no verdict member " + name + " for " + op)
}

// thOutputs are the verdict members of each toolhost/1 operation, from
// the catalogue's output column ("JCS of `{a, b}`").
var thOutputs = func() map[string][]string {
	k, _ := spec.MustLoad().Contract("toolhost/1")
	out := map[string][]string{}
	for _, o := range k.Operations {
		_, list, _ := strings.Cut(o.Output, "`{")
		list, _, _ = strings.Cut(list, "}`")
		out[o.Op] = strings.Split(list, ", ")
	}
	return out
}()

// thAccept is an accept vector of op: the base chain with mut, sealed.
func thAccept(op, name string, mut func(c *chain)) vcase {
	c := newChain()
	mut(c)
	c.Seal()
	return thExpand(ok(name, c.Text(gen.ToolhostEnvelopes[op]...), thVerdict(op, c)))
}

// thReject is a reject vector of op.
func thReject(op, name, msg string, mut func(c *chain)) vcase {
	c := newChain()
	mut(c)
	c.Seal()
	return thExpand(refused(name, c.Text(gen.ToolhostEnvelopes[op]...), msg).withException(thTableTag(msg)))
}

// thExpand writes an input of more than 16 KiB as input_expand: its
// longest run of the padding's repeated unit (padUnit) becomes the fill.
func thExpand(v vcase) vcase {
	if len(v.input) < 16384 {
		return v
	}
	i := strings.Index(v.input, padUnit)
	if i < 0 {
		return v
	}
	n := 0
	for strings.HasPrefix(v.input[i+n*len(padUnit):], padUnit) {
		n++
	}
	v.expand = &expand{prefix: v.input[:i], fill: padUnit, count: n, suffix: v.input[i+n*len(padUnit):]}
	v.input = ""
	return v
}

// padUnit is the text of one padding block (gen.PadBlock) and a comma.
var padUnit = gen.PadBlock().Text() + ","

// padded pads object o to exactly target canonical bytes (gen.PadTo); a
// target it cannot reach is a programming error of the generator: it
// panics.
func padded(o *jv, target int64) {
	if !gen.PadTo(o, target) {
		panic(fmt.Sprintf("toolhost: cannot pad to %d canonical bytes", target))
	}
}

// thFile is one vector file of toolhost/1.
func thFile(op, aspect, description string, cases ...vcase) vfile {
	behaviour := op
	if aspect != "" {
		behaviour += "-" + aspect
	}
	return vfile{contract: "toolhost/1", op: op, dir: "toolhost", behaviour: behaviour,
		description: description + " Test keys: NOT FOR PRODUCTION.", cases: cases}
}

// fieldCases turns a document's field vectors into reject vectors of op.
func fieldCases(op, doc string) []vcase {
	var out []vcase
	for _, f := range fieldVectors(doc) {
		c := thReject(op, f.name, f.msg, f.mut)
		if f.exc != "" || thTableTag(f.msg) == "" {
			c.exception = f.exc
		}
		if f.note != "" {
			c.note = f.note
		}
		out = append(out, c)
	}
	return out
}

// at sets now to the epoch milliseconds of a timestamp.
func at(c *chain, ts string) { c.Now = I(thMS(S(ts))) }

// plus returns the timestamp ms milliseconds after now's.
func plus(c *chain, ms int64) string {
	n, _ := strconv.ParseInt(c.Now.Lit(), 10, 64)
	return gen.Timestamp(n + ms)
}

// sPlusL returns a signature whose S is S+L: the same R, S not below L
// (ed25519/1 rule 7).
func sPlusL(sig string) string {
	raw, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		panic(err)
	}
	return b64(withS(raw, le32(new(mathbig.Int).Add(fromLE(raw[32:]), groupOrder))))
}

// Keys with no private key (section 8.5).
const (
	thKeyZero = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" // y = 0, order 4
	thKeyY2   = "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" // canonical, not listed, not on the curve
	// thForged is R || S of the forged host-open proof of section 8.5 for
	// the all-zero device key (TestToolhostForgedSignature derives it).
	thForged = "lZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZkBAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	// thIdentityR is the seed's variant: R the identity, S = 0.
	thIdentityR = "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
)

// thOtherDigest is a well-formed digest no document has.
const thOtherDigest = gen.OtherDigest

// toolhostExceptions are the vectors whose exception tag differs from the
// one the Refusals table gives their message (spec/toolhost.md, sections 5
// and 8.7), by "<behaviour>.jsonl:<name>".
func toolhostExceptions() map[string]string {
	ex := map[string]string{}
	for _, f := range toolhostFiles() {
		if f.contract != "toolhost/1" {
			continue
		}
		for _, c := range f.cases {
			if c.expect != "refused" {
				continue
			}
			if want := thTableTag(c.message); c.exception != want {
				ex[f.behaviour+".jsonl:"+c.name] = c.exception
			}
		}
	}
	return ex
}

// thTableTag is the exception column of the Refusals table for a message
// (spec/toolhost.md), from the catalogue.
func thTableTag(msg string) string { return thRefusals.tagOfMessage[msg] }

// thRefusals is the refusal table of spec/toolhost.md, from the catalogue.
var thRefusals = refusalsOf("toolhost/1")

// toolhostFiles is every vector file of toolhost/1, built once.
var toolhostFiles = sync.OnceValue(func() []vfile {
	var files []vfile
	files = append(files, thDocumentFiles()...)
	files = append(files, thCheckFiles()...)
	files = append(files, thEnvelopeFiles()...)
	files = append(files, thBundleDigests())
	return files
})

// thBundleDigests are digest/1 schema-digest vectors from the schema
// bundle (spec/toolhost.md section 6.2: "The schema digests are vectors
// of digest/1 schema-digest"): each schema file's bytes as the input, the
// manifest's schema_digest as the output, both read from the spec's data
// folder as written.
func thBundleDigests() vfile {
	root, err := module.Root()
	if err != nil {
		panic(err)
	}
	dir := filepath.Join(root, "spec", "toolhost")
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		panic(err)
	}
	var m struct {
		Schemas []struct {
			File         string `json:"file"`
			SchemaDigest string `json:"schema_digest"`
		} `json:"schemas"`
	}
	if err := json.Unmarshal(data, &m); err != nil || len(m.Schemas) == 0 {
		panic(fmt.Sprintf("manifest: %v", err))
	}
	var cases []vcase
	for _, e := range m.Schemas {
		doc, err := os.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			panic(err)
		}
		cases = append(cases, ok(strings.TrimSuffix(e.File, ".json"), string(doc), e.SchemaDigest))
	}
	return vfile{contract: "digest/1", op: "schema-digest", dir: "digest", behaviour: "schema-digest-bundle",
		description: "The schema digests of the managed ATS tool host v1 schema bundle, as its manifest pins them.", cases: cases}
}
