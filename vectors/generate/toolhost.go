package main

// toolhost/1: spec/toolhost.md. Every vector is the base chain of section
// 8.3 with one mutation, resealed as section 8.4 says (toolhost_chain.go),
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

// mustDigest is H(prefix, v) for an accept vector.
func mustDigest(prefix string, v *jv) *jv {
	d, ok := digestOf(prefix, v)
	if !ok {
		panic("toolhost: accept vector without a JCS form")
	}
	return S(d)
}

// thVerdict is the verdict of op on the sealed chain c (spec/toolhost.md
// section 1.10 and section 4), as JCS.
func thVerdict(op string, c *chain) string {
	d := func(name string) *jv { return c.Doc(name) }
	m := func(doc, path string) *jv { return c.Doc(doc).At(path) }
	ms := func(doc, path string) *jv { return I(thMS(m(doc, path))) }
	var v *jv
	switch op {
	case "validate-trust":
		ids := A()
		for _, k := range m("trust", "keys").Elems() {
			ids.Push(k.Member("key_id"))
		}
		v = O("expires_at_ms", ms("trust", "expires_at"), "issued_at_ms", ms("trust", "issued_at"), "key_ids", ids, "schema_id", S(thSchema("trust")))
	case "validate-device-proof":
		v = O("device_id", m("device_proof", "device_id"), "expires_at_ms", ms("device_proof", "expires_at"),
			"issued_at_ms", ms("device_proof", "issued_at"), "key_id", m("device_proof", "key_id"),
			"proof_digest", m("device_proof", "proof_digest"), "schema_id", S(thSchema("device_proof")))
	case "validate-host-open-proof":
		v = O("device_proof_digest", mustDigest(thSchema("device_proof"), d("device_proof").Without("proof_digest", "cloud_signature")), "schema_id", S(thSchema("host_open_proof")))
	case "validate-observer-channel-receipt":
		v = O("opened_at_ms", ms("observer_channel_receipt", "opened_at"), "receipt_digest", m("observer_channel_receipt", "receipt_digest"), "schema_id", S(thSchema("observer_channel_receipt")))
	case "validate-runtime-capability":
		v = O("capability_digest", m("runtime_capability", "capability_digest"), "observed_at_ms", ms("runtime_capability", "observed_at"), "schema_id", S(thSchema("runtime_capability")))
	case "validate-registry":
		v = O("registry_digest", m("registry", "registry_digest"), "schema_id", S(thSchema("registry")), "tools", I(int64(len(m("registry", "tools").Elems()))))
	case "validate-host-lease":
		v = O("expires_at_ms", ms("host_lease", "expires_at"), "issued_at_ms", ms("host_lease", "issued_at"), "key_id", m("host_lease", "key_id"),
			"lease_id", m("host_lease", "lease_id"), "schema_id", S(thSchema("host_lease")))
	case "validate-invocation":
		v = O("arguments_bytes", I(canonLen(m("invocation", "arguments"))), "arguments_digest", m("invocation", "arguments_digest"),
			"deadline_at_ms", ms("invocation", "deadline_at"), "invocation_digest", m("invocation", "invocation_digest"),
			"issued_at_ms", ms("invocation", "issued_at"), "schema_id", S(thSchema("invocation")))
	case "validate-cancellation":
		v = O("cancellation_digest", m("cancellation", "cancellation_digest"), "requested_at_ms", ms("cancellation", "requested_at"), "schema_id", S(thSchema("cancellation")))
	case "validate-result":
		v = O("bounded_bytes", m("result", "bounded_bytes"), "completed_at_ms", ms("result", "completed_at"), "result_digest", m("result", "result_digest"),
			"schema_id", S(thSchema("result")), "started_at_ms", ms("result", "started_at"), "state", m("result", "state"))
	case "validate-workspace-status-input":
		v = O("arguments_digest", mustDigest(gen.ToolhostPrefix("invocation", "arguments_digest"), d("workspace_status_input")), "schema_id", S(thSchema("workspace_status_input")))
	case "validate-workspace-status":
		v = O("observed_at_ms", ms("workspace_status", "observed_at"), "schema_id", S(thSchema("workspace_status")), "serialized_bytes", I(canonLen(d("workspace_status"))),
			"status_digest", m("workspace_status", "status_digest"))
	case "check-lease-binding":
		v = O("expires_at_ms", ms("host_lease", "expires_at"), "lease_id", m("host_lease", "lease_id"), "proof_digest", m("device_proof", "proof_digest"),
			"registry_digest", m("registry", "registry_digest"))
	case "check-host-open-binding":
		v = O("device_proof_digest", m("device_proof", "proof_digest"), "lease_id", m("host_lease", "lease_id"), "registry_digest", m("registry", "registry_digest"))
	case "check-invocation":
		v = O("arguments_bytes", I(canonLen(m("invocation", "arguments"))), "deadline_at_ms", ms("invocation", "deadline_at"),
			"invocation_digest", m("invocation", "invocation_digest"), "lease_id", m("host_lease", "lease_id"),
			"registry_digest", m("registry", "registry_digest"), "tool_name", m("invocation", "tool_name"), "tool_version", m("invocation", "tool_version"))
	case "check-tool-arguments":
		v = O("arguments_digest", m("invocation", "arguments_digest"), "input_schema_id", m("invocation", "input_schema_id"), "invocation_digest", m("invocation", "invocation_digest"))
	case "check-tool-payload":
		v = O("output_schema_id", m("result", "output_schema_id"), "result_digest", m("result", "result_digest"), "status_digest", m("workspace_status", "status_digest"))
	case "check-cancellation":
		v = O("cancellation_digest", m("cancellation", "cancellation_digest"), "invocation_digest", m("invocation", "invocation_digest"), "lease_id", m("host_lease", "lease_id"))
	case "check-result":
		v = O("bounded_bytes", m("result", "bounded_bytes"), "invocation_digest", m("invocation", "invocation_digest"), "result_digest", m("result", "result_digest"), "state", m("result", "state"))
	case "assert-e1-canary-registry":
		v = O("input_schema_digest", m("registry", "tools[0].input_schema_digest"), "output_schema_digest", m("registry", "tools[0].output_schema_digest"),
			"registry_digest", m("registry", "registry_digest"), "tool_name", m("registry", "tools[0].name"), "tool_version", m("registry", "tools[0].version"))
	case "check-capability-receipt":
		v = O("capability_digest", m("runtime_capability", "capability_digest"), "channel_id", m("observer_channel_receipt", "channel_id"),
			"receipt_digest", m("observer_channel_receipt", "receipt_digest"))
	default:
		panic("toolhost: no verdict for " + op)
	}
	out, ok := canon(v)
	if !ok {
		panic("toolhost: verdict without a JCS form")
	}
	return out
}

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
const thOtherDigest = "sha256:0000000000000000000000000000000000000000000000000000000000000000"

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
	root, err := moduleRoot()
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

// moduleRoot is the directory holding go.mod, above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		dir = parent
	}
}
