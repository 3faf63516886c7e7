package main

// toolhost/1: the base chain of spec/toolhost.md section 8.3, a small
// ordered JSON model to mutate it, and the sealing of section 8.4.
//
// Sealing uses only what the generator may use to seal (vectors/README.md,
// spec/toolhost.md section 8): SHA-256 (crypto/sha256), Ed25519 signatures
// (crypto/ed25519) from the four fixed test keys of section 8.2, and the
// independent RFC 8785 canonicalizer github.com/gowebpki/jcs. Nothing here
// calls the Go reference.
//
// Test keys: NOT FOR PRODUCTION.

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// jv is one JSON value of the model: strings keep their JSON literal (pure
// ASCII, so a lone surrogate is its \u escape), numbers their literal text,
// objects their member order.
type jv struct {
	k     byte   // 'o' object, 'a' array, 's' string, 'n' number, 'l' true/false/null
	lit   string // 's': the quoted literal; 'n': the number literal; 'l': the word
	keys  []string
	vals  []*jv
	elems []*jv
}

// S is a string value from a Go string (UTF-8), written with \u escapes
// for everything outside printable ASCII.
func S(s string) *jv { return &jv{k: 's', lit: jsonString(s)} }

// Sraw is a string value from its JSON literal, quotes included (for lone
// surrogates, which a Go string cannot hold).
func Sraw(lit string) *jv { return &jv{k: 's', lit: lit} }

// N is a number value from its literal.
func N(lit string) *jv { return &jv{k: 'n', lit: lit} }

// I is a number value from an integer.
func I(n int64) *jv { return N(strconv.FormatInt(n, 10)) }

// B is true or false; Null is null.
func B(b bool) *jv {
	if b {
		return &jv{k: 'l', lit: "true"}
	}
	return &jv{k: 'l', lit: "false"}
}

// Null is the JSON null.
func Null() *jv { return &jv{k: 'l', lit: "null"} }

// A is an array of the values given.
func A(elems ...*jv) *jv { return &jv{k: 'a', elems: elems} }

// Strs is an array of strings.
func Strs(ss ...string) *jv {
	a := A()
	for _, s := range ss {
		a.elems = append(a.elems, S(s))
	}
	return a
}

// O is an object from alternating names and values.
func O(kv ...any) *jv {
	o := &jv{k: 'o'}
	for i := 0; i+1 < len(kv); i += 2 {
		o.keys = append(o.keys, kv[i].(string))
		o.vals = append(o.vals, kv[i+1].(*jv))
	}
	return o
}

// text writes v compactly, members in order.
func (v *jv) text() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v *jv) write(b *strings.Builder) {
	switch v.k {
	case 'o':
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			if strings.HasPrefix(k, `"`) {
				b.WriteString(k) // a raw key literal
			} else {
				b.WriteString(jsonString(k))
			}
			b.WriteByte(':')
			v.vals[i].write(b)
		}
		b.WriteByte('}')
	case 'a':
		b.WriteByte('[')
		for i, e := range v.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			e.write(b)
		}
		b.WriteByte(']')
	default:
		b.WriteString(v.lit)
	}
}

// clone returns a deep copy of v.
func (v *jv) clone() *jv {
	out := &jv{k: v.k, lit: v.lit, keys: append([]string(nil), v.keys...)}
	for _, x := range v.vals {
		out.vals = append(out.vals, x.clone())
	}
	for _, x := range v.elems {
		out.elems = append(out.elems, x.clone())
	}
	return out
}

// str returns the Go string of a string value with no escapes other than
// those jsonString writes for printable ASCII (the chain's own strings).
func (v *jv) str() string {
	s, err := strconv.Unquote(v.lit)
	if err != nil {
		panic("toolhost: not a plain string: " + v.lit)
	}
	return s
}

// member returns the value of member k of object v, or nil.
func (v *jv) member(k string) *jv {
	for i, name := range v.keys {
		if name == k {
			return v.vals[i]
		}
	}
	return nil
}

// step is one step of a path: a member name, or an index (name "").
type step struct {
	name  string
	index int
}

// parsePath reads "tools[0].data_classes[1]" into steps.
func parsePath(path string) []step {
	var out []step
	for _, part := range strings.Split(path, ".") {
		name := part
		var idx []int
		for {
			i := strings.IndexByte(name, '[')
			if i < 0 {
				break
			}
			j := strings.IndexByte(name[i:], ']') + i
			n, err := strconv.Atoi(name[i+1 : j])
			if err != nil {
				panic("toolhost: bad path " + path)
			}
			idx = append(idx, n)
			name = name[:i] + name[j+1:]
		}
		out = append(out, step{name: name, index: -1})
		for _, n := range idx {
			out = append(out, step{index: n})
		}
	}
	return out
}

// at returns the value at path under v (nil when absent).
func (v *jv) at(path string) *jv {
	cur := v
	for _, s := range parsePath(path) {
		if cur == nil {
			return nil
		}
		if s.index >= 0 {
			if cur.k != 'a' || s.index >= len(cur.elems) {
				return nil
			}
			cur = cur.elems[s.index]
		} else {
			cur = cur.member(s.name)
		}
	}
	return cur
}

// parentOf returns the container holding the last step of path, and that
// step.
func (v *jv) parentOf(path string) (*jv, step) {
	steps := parsePath(path)
	cur := v
	for _, s := range steps[:len(steps)-1] {
		if s.index >= 0 {
			cur = cur.elems[s.index]
		} else {
			cur = cur.member(s.name)
		}
		if cur == nil {
			panic("toolhost: no parent for " + path)
		}
	}
	return cur, steps[len(steps)-1]
}

// put sets the value at path, adding the member at the end when absent.
func (v *jv) put(path string, x *jv) {
	p, s := v.parentOf(path)
	if s.index >= 0 {
		p.elems[s.index] = x
		return
	}
	for i, k := range p.keys {
		if k == s.name {
			p.vals[i] = x
			return
		}
	}
	p.keys = append(p.keys, s.name)
	p.vals = append(p.vals, x)
}

// del removes the member (or element) at path.
func (v *jv) del(path string) {
	p, s := v.parentOf(path)
	if s.index >= 0 {
		p.elems = append(p.elems[:s.index], p.elems[s.index+1:]...)
		return
	}
	for i, k := range p.keys {
		if k == s.name {
			p.keys = append(p.keys[:i], p.keys[i+1:]...)
			p.vals = append(p.vals[:i], p.vals[i+1:]...)
			return
		}
	}
	panic("toolhost: no member " + path)
}

// without returns a copy of object v without the members named.
func (v *jv) without(names ...string) *jv {
	out := &jv{k: 'o'}
	for i, k := range v.keys {
		drop := false
		for _, n := range names {
			if k == n {
				drop = true
			}
		}
		if !drop {
			out.keys = append(out.keys, k)
			out.vals = append(out.vals, v.vals[i])
		}
	}
	return out
}

// parseJV reads JSON text (the chain's literal data) into the model.
func parseJV(s string) *jv {
	p := &jvParser{s: s}
	v := p.value()
	p.ws()
	if p.i != len(p.s) {
		panic("toolhost: trailing data in literal JSON")
	}
	return v
}

type jvParser struct {
	s string
	i int
}

func (p *jvParser) ws() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *jvParser) value() *jv {
	p.ws()
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		o := &jv{k: 'o'}
		for {
			p.ws()
			if p.s[p.i] == '}' {
				p.i++
				return o
			}
			if p.s[p.i] == ',' {
				p.i++
				p.ws()
			}
			k := p.value()
			p.ws()
			p.i++ // ':'
			o.keys = append(o.keys, k.str())
			o.vals = append(o.vals, p.value())
		}
	case c == '[':
		p.i++
		a := &jv{k: 'a'}
		for {
			p.ws()
			if p.s[p.i] == ']' {
				p.i++
				return a
			}
			if p.s[p.i] == ',' {
				p.i++
			}
			a.elems = append(a.elems, p.value())
		}
	case c == '"':
		j := p.i + 1
		for p.s[j] != '"' {
			if p.s[j] == '\\' {
				j++
			}
			j++
		}
		v := &jv{k: 's', lit: p.s[p.i : j+1]}
		p.i = j + 1
		return v
	case c == 't' || c == 'f' || c == 'n':
		for _, w := range []string{"true", "false", "null"} {
			if strings.HasPrefix(p.s[p.i:], w) {
				p.i += len(w)
				return &jv{k: 'l', lit: w}
			}
		}
	}
	j := p.i
	for j < len(p.s) && strings.IndexByte("+-0123456789.eE", p.s[j]) >= 0 {
		j++
	}
	v := &jv{k: 'n', lit: p.s[p.i:j]}
	p.i = j
	return v
}

// The documents of the chain, in the order of section 8.3.
var thDocs = []string{"trust", "device_proof", "host_open_proof", "observer_channel_receipt", "runtime_capability",
	"registry", "host_lease", "invocation", "cancellation", "result"}

// thBaseChain is section 8.3's base chain, valid under all 21 operations
// at thNow. Its digests and signatures are real (TestToolhostBaseChain).
const thBaseChain = `{
  "trust": {"expires_at":"2027-09-01T00:00:00.000Z","issued_at":"2026-09-01T00:00:00.000Z","keys":[{"key_id":"cloud-a","public_key":"N49pgJq3lCtwOj9YupJPXpRHU3IZKsKup0SmPp7bGMM"},{"key_id":"cloud-b","public_key":"dc5O4ubgm8KvARLOHUbOXg9hh758b0p65DEJoik4d1A"}],"schema_id":"aether.managed-tool-trust/1"},
  "device_proof": {"account_subject":"user:4f1c2a","cloud_origin_id":"https://cloud.aethersystems.net","cloud_signature":"xKGQbWdRtJkoCe-zdDbDNFPXAVO0RWhW7Wf031syFlmwiIAw9fUb7w_2T2GtzSbWT7n9MI_1b1DcYlFWH-4rCw","device_id":"scdev_01J8Z3D5Q2A7","device_public_key":"jU0gcr_1M3CSIYvrV8BaccSiTMLAuzYRRiXz4G6P9c0","expires_at":"2026-10-22T00:00:00.000Z","issued_at":"2026-09-22T00:00:00.000Z","key_id":"cloud-a","proof_digest":"sha256:de6aa2b805b9eb5738702de075c41b1be6b8c05f00416f5db14ab9a9733a9cbb","revocation_epoch":3,"schema_id":"aether.managed-tool-device-proof/1"},
  "host_open_proof": {"agent_id":"agent-ats-observer","challenge":"JKs_m7J89q9k4-rnelOLStMWvkD23zHnc9VNVuxgeXE","conversation_id":"conv-5b8e1f","device_proof_digest":"sha256:de6aa2b805b9eb5738702de075c41b1be6b8c05f00416f5db14ab9a9733a9cbb","device_signature":"DwdyHcR5qcGQ235mZxbUQx-V8FX5RBl-uyER-DZn_5FXHFbJPNSrR0lNo4snwTIi6nDxfWUhFTwRnI9txV_sBA","local_session_id":"ls-7d2e9c","registry_digest":"sha256:abfea67ac46d0f163da2d70d52d5cd33482ee1e4193a0c2d0bc33c29502f873f","schema_id":"aether.managed-tool-host-open-proof/1","session_generation":4},
  "observer_channel_receipt": {"capability_digest":"sha256:36b2c75801f28d816ef4cde99ed88d89635f5361d5911ba68a3c358a46459a06","channel_id":"obs-ch-0001","device_id":"scdev_01J8Z3D5Q2A7","grants_execution_authority":false,"local_session_id":"ls-7d2e9c","opened_at":"2026-09-22T11:59:59.000Z","receipt_digest":"sha256:6770c7fdcbb2fe4b69a65252fa1670b8c9a437ca992c37c96a80a60e13cc47c0","runtime_version":"ats-runtime 2.4.1","schema_id":"aether.managed-tool-observer-channel-receipt/1","session_generation":4},
  "runtime_capability": {"capability_digest":"sha256:36b2c75801f28d816ef4cde99ed88d89635f5361d5911ba68a3c358a46459a06","device_id":"scdev_01J8Z3D5Q2A7","execution_authority":"none","grants_execution_authority":false,"observed_at":"2026-09-22T12:00:00.000Z","orders_enabled":false,"runtime_version":"ats-runtime 2.4.1","schema_id":"aether.managed-tool-runtime-capability/1","supported_read_operations":["read_ats_status","read_local_status"]},
  "registry": {"agent_id":"agent-ats-observer","device_id":"scdev_01J8Z3D5Q2A7","local_session_id":"ls-7d2e9c","registry_digest":"sha256:abfea67ac46d0f163da2d70d52d5cd33482ee1e4193a0c2d0bc33c29502f873f","schema_id":"aether.managed-tool-registry/1","session_generation":4,"tools":[{"data_classes":["ats_status","local_status"],"dependencies":["ats_observer_channel","local_workspace"],"input_schema_digest":"sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852","input_schema_id":"aether.managed-tool-workspace-status-input/1","max_argument_bytes":1024,"max_duration_ms":30000,"max_result_bytes":65536,"name":"ats.workspace_status","output_schema_digest":"sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305","output_schema_id":"aether.managed-tool-workspace-status/1","version":1}]},
  "host_lease": {"account_subject":"user:4f1c2a","agent_id":"agent-ats-observer","capabilities":["cancel","invoke"],"cloud_origin_id":"https://cloud.aethersystems.net","cloud_signature":"1eKKM1fscpOYnguWJYP7wxuOE0BulCrcPf5Oz8jbU9uxmkXXvU8H1c1CUtZN_UeK1dmqde8tcuVEGnnddrsZBQ","conversation_id":"conv-5b8e1f","device_id":"scdev_01J8Z3D5Q2A7","expires_at":"2026-09-22T13:00:00.000Z","issued_at":"2026-09-22T12:00:00.000Z","key_id":"cloud-b","lease_id":"lease-01J8Z4","local_session_id":"ls-7d2e9c","max_calls":100,"registry_digest":"sha256:abfea67ac46d0f163da2d70d52d5cd33482ee1e4193a0c2d0bc33c29502f873f","revocation_epoch":3,"schema_id":"aether.managed-tool-host-lease/1","session_generation":4},
  "invocation": {"agent_id":"agent-ats-observer","arguments":{"include_diagnostics":true,"schema_id":"aether.managed-tool-workspace-status-input/1"},"arguments_digest":"sha256:55ca615c1715e015e2f02fa5c96e83e74e90c637fb3b822e1b9a252a4bf322bf","conversation_id":"conv-5b8e1f","deadline_at":"2026-09-22T12:30:30.000Z","device_id":"scdev_01J8Z3D5Q2A7","input_schema_digest":"sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852","input_schema_id":"aether.managed-tool-workspace-status-input/1","invocation_digest":"sha256:c55672044602e723ad609b7cfcbc273686e26261cc041a8b8d206aecac78d9a7","invocation_id":"inv-0001","issued_at":"2026-09-22T12:30:00.000Z","lease_id":"lease-01J8Z4","local_session_id":"ls-7d2e9c","schema_id":"aether.managed-tool-invocation/1","sequence":1,"session_generation":4,"tool_name":"ats.workspace_status","tool_version":1},
  "cancellation": {"cancellation_digest":"sha256:8cfa3e90c57ab2611d93fca30a35777971a619093a4a36a42c467ab514986c35","cancellation_id":"cxl-0001","lease_id":"lease-01J8Z4","reason_code":"OPERATOR_REQUESTED","requested_at":"2026-09-22T12:30:10.000Z","schema_id":"aether.managed-tool-cancellation/1","session_generation":4,"target_invocation_digest":"sha256:c55672044602e723ad609b7cfcbc273686e26261cc041a8b8d206aecac78d9a7","target_invocation_id":"inv-0001"},
  "result": {"bounded_bytes":579,"completed_at":"2026-09-22T12:30:01.200Z","diagnostics":[],"error":null,"evidence_refs":["ev-obs-0001"],"invocation_digest":"sha256:c55672044602e723ad609b7cfcbc273686e26261cc041a8b8d206aecac78d9a7","invocation_id":"inv-0001","lease_id":"lease-01J8Z4","output_schema_digest":"sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305","output_schema_id":"aether.managed-tool-workspace-status/1","payload":{"ats_status":{"connection":"connected","effective_mode":"observe","execution_authority":"none","orders_enabled":false},"device_id":"scdev_01J8Z3D5Q2A7","diagnostics":[{"code":"ATS_FEED_DELAYED","summary":"Market status feed is 2 s behind"}],"local_session_id":"ls-7d2e9c","local_status":{"active_invocations":1,"host_state":"ready"},"observed_at":"2026-09-22T12:30:01.000Z","runtime_version":"ats-runtime 2.4.1","schema_id":"aether.managed-tool-workspace-status/1","session_generation":4,"status_digest":"sha256:432937c2d6908171556e5257a8aef4a50bfb4deae117f9d5041c377d7e8024b1"},"redaction_profile":"aether.safe-display/1","replay_status":"original","result_digest":"sha256:29b52710195c151cc3974eb6fd992e96ad8715f31f227475eecf9a141d7cbb64","retry_class":"none","schema_id":"aether.managed-tool-result/1","started_at":"2026-09-22T12:30:00.500Z","state":"succeeded","tool_name":"ats.workspace_status","tool_version":1}
}`

// thNow is the base chain's now, 2026-09-22T12:30:05.000Z.
const thNow = "1790080205000"

// The prefixes of the digests and signing inputs (spec/toolhost.md section
// 1.6; decision 30: the constant schema id, never the member's value).
const (
	thIDTrust        = "aether.managed-tool-trust/1"
	thIDDeviceProof  = "aether.managed-tool-device-proof/1"
	thIDHostOpen     = "aether.managed-tool-host-open-proof/1"
	thIDReceipt      = "aether.managed-tool-observer-channel-receipt/1"
	thIDCapability   = "aether.managed-tool-runtime-capability/1"
	thIDRegistry     = "aether.managed-tool-registry/1"
	thIDLease        = "aether.managed-tool-host-lease/1"
	thIDInvocation   = "aether.managed-tool-invocation/1"
	thIDCancellation = "aether.managed-tool-cancellation/1"
	thIDResult       = "aether.managed-tool-result/1"
	thIDWSInput      = "aether.managed-tool-workspace-status-input/1"
	thIDWS           = "aether.managed-tool-workspace-status/1"
	thPrefixHostOpen = "aether.managed-tool-host-open/1"
	thPrefixArgs     = "aether.managed-tool-arguments/1"
	thE1InputDigest  = "sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852"
	thE1OutputDigest = "sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305"
)

// thKey is one of the four test keys of section 8.2 (gen.ThKey, the
// sealing the fuzz generator uses too). NOT FOR PRODUCTION.
func thKey(label string) ed25519.PrivateKey { return gen.ThKey(label) }

// thPublic is the base64url of a test key's public key.
func thPublic(label string) string { return gen.ThPublic(label) }

// thLabels are the test keys' labels.
var thLabels = gen.ThLabels()

// thChallenge is the issued challenge of section 8.2: the base64url of
// SHA-256("conform toolhost/1 challenge NOT FOR PRODUCTION").
func thChallenge() string {
	sum := sha256.Sum256([]byte("conform toolhost/1 challenge NOT FOR PRODUCTION"))
	return b64(sum[:])
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// labelOf returns the label of the test key whose public key is the
// base64url pub, or "" (no private key: the all-zero key, an off-curve key).
func labelOf(pub *jv) string {
	if pub == nil || pub.k != 's' {
		return ""
	}
	for _, l := range thLabels {
		if pub.lit == `"`+thPublic(l)+`"` {
			return l
		}
	}
	return ""
}

// canon returns JCS(v) by gowebpki/jcs (gen.ThJCS), and false when it
// refuses v.
func canon(v *jv) (string, bool) {
	out, ok := gen.ThJCS([]byte(v.text()))
	return string(out), ok
}

// digestOf is H(prefix, v) (digest/1, gen.ThDigest), and false when v has
// no JCS form.
func digestOf(prefix string, v *jv) (string, bool) { return gen.ThDigest(prefix, []byte(v.text())) }

// thProj is the declared projection of document v (spec/toolhost.md
// section 1.6): only the members the field table of doc declares, closed
// objects and the elements of arrays of objects projected in turn, open
// values kept whole. Digests and signing inputs cover the projection.
func thProj(doc string, v *jv) *jv {
	if v == nil || v.k != 'o' {
		return v
	}
	keep := func(o *jv, names []string) *jv {
		out := &jv{k: 'o'}
		for i, k := range o.keys {
			if slices.Contains(names, k) {
				out.keys = append(out.keys, k)
				out.vals = append(out.vals, o.vals[i])
			}
		}
		return out
	}
	out := keep(v, gen.ToolhostDeclared(doc))
	for i, k := range out.keys {
		names := gen.ToolhostDeclared(doc + "." + k)
		if names == nil {
			continue
		}
		switch x := out.vals[i]; x.k {
		case 'o':
			out.vals[i] = keep(x, names)
		case 'a':
			a := A()
			for _, e := range x.elems {
				if e.k == 'o' {
					e = keep(e, names)
				}
				a.elems = append(a.elems, e)
			}
			out.vals[i] = a
		}
	}
	return out
}

// chain is a base chain being mutated: the ten documents, now, the issued
// challenge, and what the mutation pinned.
type chain struct {
	docs      map[string]*jv
	now       *jv
	challenge *jv
	// pinned are the paths ("registry.registry_digest") the mutation set:
	// sealing leaves them as written.
	pinned map[string]bool
	// signer overrides the key that signs a document ("device_proof",
	// "host_lease", "host_open_proof"): a label of section 8.2.
	signer map[string]string
}

// newChain parses the base chain.
func newChain() *chain {
	base := parseJV(thBaseChain)
	c := &chain{docs: map[string]*jv{}, now: N(thNow), challenge: S(thChallenge()), pinned: map[string]bool{}, signer: map[string]string{}}
	for _, d := range thDocs {
		c.docs[d] = base.member(d)
	}
	return c
}

// doc returns a document of the chain; workspace_status_input and
// workspace_status are the invocation's arguments and the result's payload.
func (c *chain) doc(name string) *jv {
	switch name {
	case "workspace_status_input":
		return c.docs["invocation"].member("arguments")
	case "workspace_status":
		return c.docs["result"].member("payload")
	}
	return c.docs[name]
}

// base splits "registry.tools[0].version" into its document and the path
// inside it, mapping the two inner documents to their places.
func (c *chain) split(path string) (*jv, string, string) {
	doc, rest, _ := strings.Cut(path, ".")
	inner := map[string]string{"workspace_status_input": "arguments", "workspace_status": "payload"}[doc]
	if inner != "" {
		holder := map[string]string{"arguments": "invocation", "payload": "result"}[inner]
		p := inner
		if rest != "" {
			p += "." + rest
		}
		return c.docs[holder], p, holder + "." + p
	}
	return c.docs[doc], rest, path
}

// set sets the value at path ("device_proof.revocation_epoch") and pins it.
func (c *chain) set(path string, v *jv) *chain {
	d, p, full := c.split(path)
	d.put(p, v)
	c.pinned[full] = true
	return c
}

// del removes the member at path and pins it.
func (c *chain) del(path string) *chain {
	d, p, full := c.split(path)
	d.del(p)
	c.pinned[full] = true
	return c
}

// get returns the value at path.
func (c *chain) get(path string) *jv {
	d, p, _ := c.split(path)
	return d.at(p)
}

// reseal sets member path to v unless the mutation pinned it.
func (c *chain) reseal(path string, v *jv) {
	if c.pinned[path] {
		return
	}
	d, p, _ := c.split(path)
	if d == nil || d.k != 'o' {
		return
	}
	d.put(p, v)
}

// sealDigest reseals a digest member with H(prefix, v), when v has a JCS
// form.
func (c *chain) sealDigest(path, prefix string, v *jv) {
	if v == nil || v.k != 'o' {
		return
	}
	if d, ok := digestOf(prefix, v); ok {
		c.reseal(path, S(d))
	}
}

// sign reseals a signature member: the key is the signer override or the
// test key whose public key pub is; without a private key the signature is
// left as the mutation wrote it.
func (c *chain) sign(path, doc, prefix string, v *jv, pub *jv) {
	if c.pinned[path] || v == nil || v.k != 'o' {
		return
	}
	label := c.signer[doc]
	if label == "" {
		label = labelOf(pub)
	}
	if label == "" {
		return
	}
	if sig, ok := gen.ThSign(label, prefix, []byte(v.text())); ok {
		c.reseal(path, S(sig))
	}
}

// trustKey returns the public key of the trust key named key_id in the
// chain's trust document (the first such), or nil.
func (c *chain) trustKey(keyID *jv) *jv {
	keys := c.docs["trust"].member("keys")
	if keys == nil || keys.k != 'a' || keyID == nil {
		return nil
	}
	for _, k := range keys.elems {
		if k.k == 'o' && k.member("key_id") != nil && k.member("key_id").lit == keyID.lit {
			return k.member("public_key")
		}
	}
	return nil
}

// seal reseals the chain in the order of section 8.4, leaving what the
// mutation pinned.
func (c *chain) seal() *chain {
	d := c.docs
	reg, dp, hl, hop := d["registry"], d["device_proof"], d["host_lease"], d["host_open_proof"]
	inv, res, cxl, rc, rcpt := d["invocation"], d["result"], d["cancellation"], d["runtime_capability"], d["observer_channel_receipt"]
	p := thProj
	// 1.
	c.sealDigest("registry.registry_digest", thIDRegistry, p("registry", reg).without("registry_digest"))
	regDigest := reg.member("registry_digest")
	// 2.
	c.sealDigest("device_proof.proof_digest", thIDDeviceProof, p("device_proof", dp).without("proof_digest", "cloud_signature"))
	c.sign("device_proof.cloud_signature", "device_proof", thIDDeviceProof, p("device_proof", dp).without("cloud_signature"), c.trustKey(dp.member("key_id")))
	// 3.
	if regDigest != nil {
		c.reseal("host_lease.registry_digest", regDigest.clone())
	}
	c.sign("host_lease.cloud_signature", "host_lease", thIDLease, p("host_lease", hl).without("cloud_signature"), c.trustKey(hl.member("key_id")))
	// 4.
	if regDigest != nil {
		c.reseal("host_open_proof.registry_digest", regDigest.clone())
	}
	if bound, ok := digestOf(thIDDeviceProof, p("device_proof", dp).without("proof_digest", "cloud_signature")); ok {
		c.reseal("host_open_proof.device_proof_digest", S(bound))
	}
	c.sign("host_open_proof.device_signature", "host_open_proof", thPrefixHostOpen, p("host_open_proof", hop).without("schema_id", "device_signature"), dp.member("device_public_key"))
	// 5.
	if args := inv.member("arguments"); args != nil && args.k == 'o' {
		c.sealDigest("invocation.arguments_digest", thPrefixArgs, args)
	}
	c.sealDigest("invocation.invocation_digest", thIDInvocation, p("invocation", inv).without("invocation_digest"))
	// 6.
	if pl := res.member("payload"); pl != nil && pl.k == 'o' {
		c.sealDigest("result.payload.status_digest", thIDWS, p("workspace_status", pl).without("status_digest"))
	}
	// 7.
	if pl := res.member("payload"); pl != nil {
		n := int64(0)
		if pl.k == 'o' {
			if cp, ok := canon(pl); ok {
				n = int64(len(cp))
			}
		}
		c.reseal("result.bounded_bytes", I(n))
	}
	if id := inv.member("invocation_digest"); id != nil {
		c.reseal("result.invocation_digest", id.clone())
		c.reseal("cancellation.target_invocation_digest", id.clone())
	}
	c.sealDigest("result.result_digest", thIDResult, p("result", res).without("result_digest"))
	// 8.
	c.sealDigest("cancellation.cancellation_digest", thIDCancellation, p("cancellation", cxl).without("cancellation_digest"))
	// 9.
	c.sealDigest("runtime_capability.capability_digest", thIDCapability, p("runtime_capability", rc).without("capability_digest"))
	if cd := rc.member("capability_digest"); cd != nil {
		c.reseal("observer_channel_receipt.capability_digest", cd.clone())
	}
	c.sealDigest("observer_channel_receipt.receipt_digest", thIDReceipt, p("observer_channel_receipt", rcpt).without("receipt_digest"))
	return c
}

// envelope writes the envelope of members from the chain (spec/toolhost.md
// section 1.1), in the order given.
func (c *chain) envelope(members ...string) string {
	o := &jv{k: 'o'}
	for _, m := range members {
		var v *jv
		switch m {
		case "now":
			v = c.now
		case "challenge":
			v = c.challenge
		default:
			v = c.doc(m)
		}
		if v == nil {
			panic(fmt.Sprintf("toolhost: envelope member %s has no value", m))
		}
		o.keys = append(o.keys, m)
		o.vals = append(o.vals, v)
	}
	return o.text()
}
