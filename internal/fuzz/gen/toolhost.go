package gen

// toolhost/1 (spec/toolhost.md): valid, sealed chains of the twelve
// documents drawn from fuzz bytes, then one mutation (toolhost_mutate.go).
//
// The chain starts from the base chain of section 8.3 and is varied within
// the rules (shared ids, generations, times shifted together, result
// states, array sizes, the device key, open values), then sealed as
// section 8.4 says: every digest over the declared projection (section
// 1.6), every signature with the test key that signs it. Sealing uses
// crypto/sha256, crypto/ed25519 and the independent canonicalizer
// github.com/gowebpki/jcs, never the reference.
//
// Test keys: NOT FOR PRODUCTION. The four Ed25519 keys of section 8.2 are
// derived from published seeds.

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strings"
	"unicode/utf16"

	gowebpki "github.com/gowebpki/jcs"
)

// thBase is the base chain of spec/toolhost.md section 8.3 (its digests
// and signatures real), at thBaseNow.
const thBase = `{"trust":{"expires_at":"2027-09-01T00:00:00.000Z","issued_at":"2026-09-01T00:00:00.000Z","keys":[{"key_id":"cloud-a","public_key":"N49pgJq3lCtwOj9YupJPXpRHU3IZKsKup0SmPp7bGMM"},{"key_id":"cloud-b","public_key":"dc5O4ubgm8KvARLOHUbOXg9hh758b0p65DEJoik4d1A"}],"schema_id":"aether.managed-tool-trust/1"},
"device_proof":{"account_subject":"user:4f1c2a","cloud_origin_id":"https://cloud.aethersystems.net","cloud_signature":"xKGQbWdRtJkoCe-zdDbDNFPXAVO0RWhW7Wf031syFlmwiIAw9fUb7w_2T2GtzSbWT7n9MI_1b1DcYlFWH-4rCw","device_id":"scdev_01J8Z3D5Q2A7","device_public_key":"jU0gcr_1M3CSIYvrV8BaccSiTMLAuzYRRiXz4G6P9c0","expires_at":"2026-10-22T00:00:00.000Z","issued_at":"2026-09-22T00:00:00.000Z","key_id":"cloud-a","proof_digest":"sha256:de6aa2b805b9eb5738702de075c41b1be6b8c05f00416f5db14ab9a9733a9cbb","revocation_epoch":3,"schema_id":"aether.managed-tool-device-proof/1"},
"host_open_proof":{"agent_id":"agent-ats-observer","challenge":"JKs_m7J89q9k4-rnelOLStMWvkD23zHnc9VNVuxgeXE","conversation_id":"conv-5b8e1f","device_proof_digest":"sha256:de6aa2b805b9eb5738702de075c41b1be6b8c05f00416f5db14ab9a9733a9cbb","device_signature":"DwdyHcR5qcGQ235mZxbUQx-V8FX5RBl-uyER-DZn_5FXHFbJPNSrR0lNo4snwTIi6nDxfWUhFTwRnI9txV_sBA","local_session_id":"ls-7d2e9c","registry_digest":"sha256:abfea67ac46d0f163da2d70d52d5cd33482ee1e4193a0c2d0bc33c29502f873f","schema_id":"aether.managed-tool-host-open-proof/1","session_generation":4},
"observer_channel_receipt":{"capability_digest":"sha256:36b2c75801f28d816ef4cde99ed88d89635f5361d5911ba68a3c358a46459a06","channel_id":"obs-ch-0001","device_id":"scdev_01J8Z3D5Q2A7","grants_execution_authority":false,"local_session_id":"ls-7d2e9c","opened_at":"2026-09-22T11:59:59.000Z","receipt_digest":"sha256:6770c7fdcbb2fe4b69a65252fa1670b8c9a437ca992c37c96a80a60e13cc47c0","runtime_version":"ats-runtime 2.4.1","schema_id":"aether.managed-tool-observer-channel-receipt/1","session_generation":4},
"runtime_capability":{"capability_digest":"sha256:36b2c75801f28d816ef4cde99ed88d89635f5361d5911ba68a3c358a46459a06","device_id":"scdev_01J8Z3D5Q2A7","execution_authority":"none","grants_execution_authority":false,"observed_at":"2026-09-22T12:00:00.000Z","orders_enabled":false,"runtime_version":"ats-runtime 2.4.1","schema_id":"aether.managed-tool-runtime-capability/1","supported_read_operations":["read_ats_status","read_local_status"]},
"registry":{"agent_id":"agent-ats-observer","device_id":"scdev_01J8Z3D5Q2A7","local_session_id":"ls-7d2e9c","registry_digest":"sha256:abfea67ac46d0f163da2d70d52d5cd33482ee1e4193a0c2d0bc33c29502f873f","schema_id":"aether.managed-tool-registry/1","session_generation":4,"tools":[{"data_classes":["ats_status","local_status"],"dependencies":["ats_observer_channel","local_workspace"],"input_schema_digest":"sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852","input_schema_id":"aether.managed-tool-workspace-status-input/1","max_argument_bytes":1024,"max_duration_ms":30000,"max_result_bytes":65536,"name":"ats.workspace_status","output_schema_digest":"sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305","output_schema_id":"aether.managed-tool-workspace-status/1","version":1}]},
"host_lease":{"account_subject":"user:4f1c2a","agent_id":"agent-ats-observer","capabilities":["cancel","invoke"],"cloud_origin_id":"https://cloud.aethersystems.net","cloud_signature":"1eKKM1fscpOYnguWJYP7wxuOE0BulCrcPf5Oz8jbU9uxmkXXvU8H1c1CUtZN_UeK1dmqde8tcuVEGnnddrsZBQ","conversation_id":"conv-5b8e1f","device_id":"scdev_01J8Z3D5Q2A7","expires_at":"2026-09-22T13:00:00.000Z","issued_at":"2026-09-22T12:00:00.000Z","key_id":"cloud-b","lease_id":"lease-01J8Z4","local_session_id":"ls-7d2e9c","max_calls":100,"registry_digest":"sha256:abfea67ac46d0f163da2d70d52d5cd33482ee1e4193a0c2d0bc33c29502f873f","revocation_epoch":3,"schema_id":"aether.managed-tool-host-lease/1","session_generation":4},
"invocation":{"agent_id":"agent-ats-observer","arguments":{"include_diagnostics":true,"schema_id":"aether.managed-tool-workspace-status-input/1"},"arguments_digest":"sha256:55ca615c1715e015e2f02fa5c96e83e74e90c637fb3b822e1b9a252a4bf322bf","conversation_id":"conv-5b8e1f","deadline_at":"2026-09-22T12:30:30.000Z","device_id":"scdev_01J8Z3D5Q2A7","input_schema_digest":"sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852","input_schema_id":"aether.managed-tool-workspace-status-input/1","invocation_digest":"sha256:c55672044602e723ad609b7cfcbc273686e26261cc041a8b8d206aecac78d9a7","invocation_id":"inv-0001","issued_at":"2026-09-22T12:30:00.000Z","lease_id":"lease-01J8Z4","local_session_id":"ls-7d2e9c","schema_id":"aether.managed-tool-invocation/1","sequence":1,"session_generation":4,"tool_name":"ats.workspace_status","tool_version":1},
"cancellation":{"cancellation_digest":"sha256:8cfa3e90c57ab2611d93fca30a35777971a619093a4a36a42c467ab514986c35","cancellation_id":"cxl-0001","lease_id":"lease-01J8Z4","reason_code":"OPERATOR_REQUESTED","requested_at":"2026-09-22T12:30:10.000Z","schema_id":"aether.managed-tool-cancellation/1","session_generation":4,"target_invocation_digest":"sha256:c55672044602e723ad609b7cfcbc273686e26261cc041a8b8d206aecac78d9a7","target_invocation_id":"inv-0001"},
"result":{"bounded_bytes":579,"completed_at":"2026-09-22T12:30:01.200Z","diagnostics":[],"error":null,"evidence_refs":["ev-obs-0001"],"invocation_digest":"sha256:c55672044602e723ad609b7cfcbc273686e26261cc041a8b8d206aecac78d9a7","invocation_id":"inv-0001","lease_id":"lease-01J8Z4","output_schema_digest":"sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305","output_schema_id":"aether.managed-tool-workspace-status/1","payload":{"ats_status":{"connection":"connected","effective_mode":"observe","execution_authority":"none","orders_enabled":false},"device_id":"scdev_01J8Z3D5Q2A7","diagnostics":[{"code":"ATS_FEED_DELAYED","summary":"Market status feed is 2 s behind"}],"local_session_id":"ls-7d2e9c","local_status":{"active_invocations":1,"host_state":"ready"},"observed_at":"2026-09-22T12:30:01.000Z","runtime_version":"ats-runtime 2.4.1","schema_id":"aether.managed-tool-workspace-status/1","session_generation":4,"status_digest":"sha256:432937c2d6908171556e5257a8aef4a50bfb4deae117f9d5041c377d7e8024b1"},"redaction_profile":"aether.safe-display/1","replay_status":"original","result_digest":"sha256:29b52710195c151cc3974eb6fd992e96ad8715f31f227475eecf9a141d7cbb64","retry_class":"none","schema_id":"aether.managed-tool-result/1","started_at":"2026-09-22T12:30:00.500Z","state":"succeeded","tool_name":"ats.workspace_status","tool_version":1}}`

// thBaseTV is the base chain, parsed once.
var thBaseTV = parseTV(thBase)

// thBaseNow is the base chain's now: 2026-09-22T12:30:05.000Z.
const thBaseNow = 1790080205000

// ToolhostEnvelopes are the envelope members of each toolhost/1 operation,
// in order (spec/toolhost.md, Operations).
var ToolhostEnvelopes = map[string][]string{
	"validate-trust":                    {"trust"},
	"validate-device-proof":             {"trust", "device_proof", "now"},
	"validate-host-open-proof":          {"host_open_proof", "device_proof"},
	"validate-observer-channel-receipt": {"observer_channel_receipt"},
	"validate-runtime-capability":       {"runtime_capability"},
	"validate-registry":                 {"registry"},
	"validate-host-lease":               {"trust", "host_lease", "now"},
	"validate-invocation":               {"invocation"},
	"validate-cancellation":             {"cancellation"},
	"validate-result":                   {"result"},
	"validate-workspace-status-input":   {"workspace_status_input"},
	"validate-workspace-status":         {"workspace_status"},
	"check-lease-binding":               {"trust", "device_proof", "registry", "host_lease", "now"},
	"check-host-open-binding":           {"trust", "device_proof", "host_open_proof", "registry", "host_lease", "challenge", "now"},
	"check-invocation":                  {"trust", "registry", "host_lease", "invocation", "now"},
	"check-tool-arguments":              {"invocation"},
	"check-tool-payload":                {"result"},
	"check-cancellation":                {"trust", "host_lease", "invocation", "cancellation", "now"},
	"check-result":                      {"registry", "invocation", "result"},
	"assert-e1-canary-registry":         {"registry"},
	"check-capability-receipt":          {"runtime_capability", "observer_channel_receipt"},
}

// ToolhostOps are the operations of toolhost/1 in table order.
var ToolhostOps = []string{"validate-trust", "validate-device-proof", "validate-host-open-proof",
	"validate-observer-channel-receipt", "validate-runtime-capability", "validate-registry", "validate-host-lease",
	"validate-invocation", "validate-cancellation", "validate-result", "validate-workspace-status-input",
	"validate-workspace-status", "check-lease-binding", "check-host-open-binding", "check-invocation",
	"check-tool-arguments", "check-tool-payload", "check-cancellation", "check-result", "assert-e1-canary-registry",
	"check-capability-receipt"}

// thDeclared are the declared members of each document and nested object
// (spec/toolhost.md section 2, from the declaration), for the projection
// digests cover.
var thDeclared = declaredMembers(thDecl)

// proj is the declared projection of document doc (section 1.6).
func proj(doc string, v *tv) *tv {
	keep := func(o *tv, names []string) *tv {
		out := &tv{k: 'o'}
		for i, k := range o.keys {
			for _, n := range names {
				if eqUnits(k, n) {
					out.keys = append(out.keys, k)
					out.vals = append(out.vals, o.vals[i])
					break
				}
			}
		}
		return out
	}
	if v == nil || v.k != 'o' {
		return v
	}
	out := keep(v, thDeclared[doc])
	for i, k := range out.keys {
		sub := thDeclared[doc+"."+string(utf16.Decode(k))]
		if sub == nil {
			continue
		}
		switch x := out.vals[i]; x.k {
		case 'o':
			out.vals[i] = keep(x, sub)
		case 'a':
			a := tA()
			for _, e := range x.elems {
				if e.k == 'o' {
					e = keep(e, sub)
				}
				a.elems = append(a.elems, e)
			}
			out.vals[i] = a
		}
	}
	return out
}

// without returns a copy of object v without the members named.
func without(v *tv, names ...string) *tv {
	out := &tv{k: 'o'}
	for i, k := range v.keys {
		drop := false
		for _, n := range names {
			drop = drop || eqUnits(k, n)
		}
		if !drop {
			out.keys = append(out.keys, k)
			out.vals = append(out.vals, v.vals[i])
		}
	}
	return out
}

// jcsOf is JCS(v) by gowebpki/jcs, and false when it has none.
func jcsOf(v *tv) ([]byte, bool) { return ThJCS(v.write(nil, nil)) }

// hOf is H(prefix, v) of digest/1.
func hOf(prefix string, v *tv) (string, bool) { return ThDigest(prefix, v.write(nil, nil)) }

// ThJCS is the RFC 8785 canonical form of the JSON text text, by the
// independent canonicalizer github.com/gowebpki/jcs (never the
// reference), and false when it has none (a lone surrogate, a number out
// of the double range, text that is not JSON). The toolhost/1 sealing of
// the fuzz generator and of the vectors generator both go through it.
func ThJCS(text []byte) ([]byte, bool) {
	out, err := gowebpki.Transform(text)
	return out, err == nil
}

// ThDigest is H(prefix, v) of digest/1 for the JSON text of v
// (spec/toolhost.md section 1.6): "sha256:" and the lowercase hex
// SHA-256 of ASCII(prefix) + LF + JCS(v); false when v has no JCS form.
func ThDigest(prefix string, text []byte) (string, bool) {
	c, ok := ThJCS(text)
	if !ok {
		return "", false
	}
	sum := sha256.Sum256(append([]byte(prefix+"\n"), c...))
	return "sha256:" + hex.EncodeToString(sum[:]), true
}

// ThSign is the unpadded base64url Ed25519 signature, by the test key
// labelled label (ThKey; NOT FOR PRODUCTION), of ASCII(prefix) + LF +
// JCS(v) for the JSON text of v (spec/toolhost.md sections 1.6 and 8.2);
// false when v has no JCS form.
func ThSign(label, prefix string, text []byte) (string, bool) {
	c, ok := ThJCS(text)
	if !ok {
		return "", false
	}
	return thB64(ed25519.Sign(ThKey(label), append([]byte(prefix+"\n"), c...))), true
}

// ThKey is the test key of section 8.2 labelled label (cloud-a, cloud-b,
// device-a, device-b), from the seed SHA-256("conform toolhost/1 test key
// <label> NOT FOR PRODUCTION"), or nil for another label. NOT FOR
// PRODUCTION.
func ThKey(label string) ed25519.PrivateKey { return thKeys[label] }

// thKeys are the four test keys, derived once.
var thKeys = func() map[string]ed25519.PrivateKey {
	m := map[string]ed25519.PrivateKey{}
	for _, l := range ThLabels() {
		seed := sha256.Sum256([]byte("conform toolhost/1 test key " + l + " NOT FOR PRODUCTION"))
		m[l] = ed25519.NewKeyFromSeed(seed[:])
	}
	return m
}()

// thPublics are the test keys' public keys, base64url.
var thPublics = func() map[string]string {
	m := map[string]string{}
	for l, k := range thKeys {
		m[l] = thB64(k.Public().(ed25519.PublicKey))
	}
	return m
}()

// thB64 is unpadded base64url.
func thB64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// thLabels are the test keys' labels (ThLabels).
var thLabels = ThLabels()

// ThLabels are the labels of the four test keys of spec/toolhost.md
// section 8.2, in order: cloud-a, cloud-b, device-a, device-b.
func ThLabels() []string { return []string{"cloud-a", "cloud-b", "device-a", "device-b"} }

// thPublic is a test key's public key, base64url.
func thPublic(label string) string { return thPublics[label] }

// ThPublic is the unpadded base64url public key of the test key labelled
// label (ThKey), or "" for another label. NOT FOR PRODUCTION.
func ThPublic(label string) string { return thPublics[label] }

// labelOf returns the label of the test key whose public key is v, or "".
func labelOf(v *tv) string {
	if v == nil || v.k != 's' {
		return ""
	}
	for _, l := range thLabels {
		if eqUnits(v.us, thPublic(l)) {
			return l
		}
	}
	return ""
}

// ThChain is a chain of the ten documents of spec/toolhost.md section 8.3
// with its now and issued challenge, as a toolhost/1 input draws it and
// as a vector mutates it.
type ThChain struct {
	// Docs are the ten documents by envelope member name.
	Docs map[string]*Value
	// Now is the envelope's now (epoch milliseconds); Challenge is the
	// issued challenge.
	Now, Challenge *Value
	// Pinned are the members (path "registry.registry_digest", the inner
	// documents at their places: "result.payload.status_digest") that
	// keep the value a mutation wrote when the chain is sealed.
	Pinned map[string]bool
	// Signer overrides the test key (a label of section 8.2) that signs
	// "device_proof", "host_lease" or "host_open_proof".
	Signer map[string]string
	// forge signs the host-open proof with the all-zero key's forgery
	// (section 8.5) instead of a test key.
	forge bool
}

var thDocNames = []string{"trust", "device_proof", "host_open_proof", "observer_channel_receipt", "runtime_capability",
	"registry", "host_lease", "invocation", "cancellation", "result"}

// NewThChain is the base chain of section 8.3, unsealed and unpinned, at
// its now (2026-09-22T12:30:05.000Z) with its issued challenge.
func NewThChain() *ThChain {
	base := thBaseTV.clone()
	c := &ThChain{Docs: map[string]*tv{}, Now: tI(thBaseNow), Pinned: map[string]bool{}, Signer: map[string]string{}}
	for _, d := range thDocNames {
		c.Docs[d] = base.get(d)
	}
	c.Challenge = tU(c.Docs["host_open_proof"].get("challenge").us)
	return c
}

// Doc is a document of the chain by envelope member name (nil for
// another name); workspace_status_input and workspace_status are the
// invocation's arguments and the result's payload.
func (c *ThChain) Doc(name string) *Value { return c.doc(name) }

// doc is Doc.
func (c *ThChain) doc(name string) *tv {
	switch name {
	case "workspace_status_input":
		return c.Docs["invocation"].get("arguments")
	case "workspace_status":
		return c.Docs["result"].get("payload")
	}
	return c.Docs[name]
}

// split is the document holding path ("workspace_status.status_digest"),
// the path inside it ("payload.status_digest") and the path sealing knows
// it by ("result.payload.status_digest").
func (c *ThChain) split(path string) (*tv, string, string) {
	doc, rest, _ := strings.Cut(path, ".")
	holder := doc
	switch doc {
	case "workspace_status_input":
		holder, rest = "invocation", strings.TrimSuffix("arguments."+rest, ".")
	case "workspace_status":
		holder, rest = "result", strings.TrimSuffix("payload."+rest, ".")
	}
	return c.Docs[holder], rest, strings.TrimSuffix(holder+"."+rest, ".")
}

// Set sets the value at path (a document's name, then the path inside
// it: "registry.tools[0].version") to v and pins it; it returns c.
func (c *ThChain) Set(path string, v *Value) *ThChain {
	d, p, full := c.split(path)
	d.Put(p, v)
	c.Pinned[full] = true
	return c
}

// Del removes the member or element at path (as Set's) and pins it; it
// returns c.
func (c *ThChain) Del(path string) *ThChain {
	d, p, full := c.split(path)
	d.Del(p)
	c.Pinned[full] = true
	return c
}

// Get is the value at path (as Set's), or nil.
func (c *ThChain) Get(path string) *Value {
	d, p, _ := c.split(path)
	return d.At(p)
}

// Seal reseals the whole chain in the order of section 8.4, leaving the
// pinned members as written, and returns c.
func (c *ThChain) Seal() *ThChain {
	c.sealFor("")
	return c
}

// Text is the envelope of the members given, in that order, as pure-ASCII
// JSON text (Value.Text): a document by name, "now" or "challenge"; it
// panics on a member without a value (the generator's own list).
func (c *ThChain) Text(members ...string) string {
	o := tO()
	for _, m := range members {
		v := map[string]*tv{"now": c.Now, "challenge": c.Challenge}[m]
		if v == nil {
			v = c.doc(m)
		}
		if v == nil {
			panic("gen: envelope member " + m + " has no value")
		}
		o.Add(tS(m), v)
	}
	return o.Text()
}

// reseal sets member name of document d (at path "d.name") unless pinned.
func (c *ThChain) reseal(d *tv, path, name string, v *tv) {
	if c.Pinned[path] || d == nil || d.k != 'o' {
		return
	}
	d.put(name, v)
}

func (c *ThChain) sealDigest(d *tv, doc, path, name, prefix string, omit ...string) {
	if d == nil || d.k != 'o' {
		return
	}
	if h, ok := hOf(prefix, without(proj(doc, d), omit...)); ok {
		c.reseal(d, path, name, tS(h))
	}
}

func (c *ThChain) sign(d *tv, doc, path, name, prefix string, pub *tv, omit ...string) {
	if c.Pinned[path] || d == nil || d.k != 'o' {
		return
	}
	label := c.Signer[doc]
	if label == "" {
		label = labelOf(pub)
	}
	if label == "" {
		return
	}
	if sig, ok := ThSign(label, prefix, without(proj(doc, d), omit...).write(nil, nil)); ok {
		d.put(name, tS(sig))
	}
}

// trustKey is the public key the trust document has for keyID.
func (c *ThChain) trustKey(keyID *tv) *tv {
	keys := c.Docs["trust"].get("keys")
	if keys == nil || keys.k != 'a' || keyID == nil {
		return nil
	}
	for _, k := range keys.elems {
		if id := k.get("key_id"); id != nil && id.k == 's' && keyID.k == 's' && slices.Equal(id.us, keyID.us) {
			return k.get("public_key")
		}
	}
	return nil
}

// sealFor reseals what op's envelope holds and what flows into it (the
// registry's digest into the lease and the host-open proof, the device
// proof's into the host-open proof, the invocation's into the result and
// the cancellation, the capability's into the receipt); "" reseals all.
func (c *ThChain) sealFor(op string) {
	need := map[string]bool{}
	for _, m := range ToolhostEnvelopes[op] {
		need[m] = true
	}
	all := op == ""
	want := func(docs ...string) bool {
		for _, d := range docs {
			if all || need[d] {
				return true
			}
		}
		return false
	}
	d := c.Docs
	reg, dp, hl, hop := d["registry"], d["device_proof"], d["host_lease"], d["host_open_proof"]
	inv, res, cxl, rc, rcpt := d["invocation"], d["result"], d["cancellation"], d["runtime_capability"], d["observer_channel_receipt"]
	if want("registry", "host_lease", "host_open_proof") {
		c.sealDigest(reg, "registry", "registry.registry_digest", "registry_digest", "aether.managed-tool-registry/1", "registry_digest")
	}
	regDigest := reg.get("registry_digest")
	if want("device_proof", "host_open_proof") {
		c.sealDigest(dp, "device_proof", "device_proof.proof_digest", "proof_digest", "aether.managed-tool-device-proof/1", "proof_digest", "cloud_signature")
		c.sign(dp, "device_proof", "device_proof.cloud_signature", "cloud_signature", "aether.managed-tool-device-proof/1", c.trustKey(dp.get("key_id")), "cloud_signature")
	}
	if regDigest != nil && want("host_lease") {
		c.reseal(hl, "host_lease.registry_digest", "registry_digest", regDigest.clone())
	}
	if regDigest != nil && want("host_open_proof") {
		c.reseal(hop, "host_open_proof.registry_digest", "registry_digest", regDigest.clone())
	}
	if want("host_lease") {
		c.sign(hl, "host_lease", "host_lease.cloud_signature", "cloud_signature", "aether.managed-tool-host-lease/1", c.trustKey(hl.get("key_id")), "cloud_signature")
	}
	if want("host_open_proof") {
		if h, ok := hOf("aether.managed-tool-device-proof/1", without(proj("device_proof", dp), "proof_digest", "cloud_signature")); ok {
			c.reseal(hop, "host_open_proof.device_proof_digest", "device_proof_digest", tS(h))
		}
		c.sign(hop, "host_open_proof", "host_open_proof.device_signature", "device_signature", "aether.managed-tool-host-open/1", dp.get("device_public_key"), "schema_id", "device_signature")
		if c.forge && !c.Pinned["host_open_proof.device_signature"] {
			if msg, ok := jcsOf(without(proj("host_open_proof", hop), "schema_id", "device_signature")); ok {
				hop.put("device_signature", tS(thB64(forgeHostOpen(append([]byte("aether.managed-tool-host-open/1\n"), msg...)))))
			}
		}
	}
	if want("invocation", "result", "cancellation") {
		if args := inv.get("arguments"); args != nil && args.k == 'o' {
			if h, ok := hOf("aether.managed-tool-arguments/1", args); ok {
				c.reseal(inv, "invocation.arguments_digest", "arguments_digest", tS(h))
			}
		}
		c.sealDigest(inv, "invocation", "invocation.invocation_digest", "invocation_digest", "aether.managed-tool-invocation/1", "invocation_digest")
	}
	if want("result", "workspace_status") {
		if p := res.get("payload"); p != nil && p.k == 'o' {
			c.sealDigest(p, "workspace_status", "result.payload.status_digest", "status_digest", "aether.managed-tool-workspace-status/1", "status_digest")
		}
	}
	if want("result") {
		if p := res.get("payload"); p != nil {
			n := 0
			if cp, ok := jcsOf(p); ok && p.k == 'o' {
				n = len(cp)
			}
			c.reseal(res, "result.bounded_bytes", "bounded_bytes", tI(int64(n)))
		}
		if id := inv.get("invocation_digest"); id != nil {
			c.reseal(res, "result.invocation_digest", "invocation_digest", id.clone())
		}
		c.sealDigest(res, "result", "result.result_digest", "result_digest", "aether.managed-tool-result/1", "result_digest")
	}
	if want("cancellation") {
		if id := inv.get("invocation_digest"); id != nil {
			c.reseal(cxl, "cancellation.target_invocation_digest", "target_invocation_digest", id.clone())
		}
		c.sealDigest(cxl, "cancellation", "cancellation.cancellation_digest", "cancellation_digest", "aether.managed-tool-cancellation/1", "cancellation_digest")
	}
	if want("runtime_capability", "observer_channel_receipt") {
		c.sealDigest(rc, "runtime_capability", "runtime_capability.capability_digest", "capability_digest", "aether.managed-tool-runtime-capability/1", "capability_digest")
	}
	if want("observer_channel_receipt") {
		if cd := rc.get("capability_digest"); cd != nil {
			c.reseal(rcpt, "observer_channel_receipt.capability_digest", "capability_digest", cd.clone())
		}
		c.sealDigest(rcpt, "observer_channel_receipt", "observer_channel_receipt.receipt_digest", "receipt_digest", "aether.managed-tool-observer-channel-receipt/1", "receipt_digest")
	}
}

// envelope writes op's envelope with string escapes drawn from s (and, by
// draws, its members in another order).
func (c *ThChain) envelope(s *Source, op string) []byte {
	members := append([]string(nil), ToolhostEnvelopes[op]...)
	if s.Chance(4) {
		for i := len(members) - 1; i > 0; i-- {
			j := s.Intn(i + 1)
			members[i], members[j] = members[j], members[i]
		}
	}
	b := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, m...)
		b = append(b, '"', ':')
		var v *tv
		switch m {
		case "now":
			v = c.Now
		case "challenge":
			v = c.Challenge
		default:
			v = c.doc(m)
		}
		if v == nil {
			v = tL("null")
		}
		b = v.write(s, b)
	}
	return append(b, '}')
}

// ToolhostValue draws one toolhost/1 input for op: a chain varied within
// the rules and sealed (ToolhostChain), then, most of the time, one
// mutation of a document, the chain's times or keys, or the envelope
// itself (toolhost_mutate.go), written as op's envelope.
func ToolhostValue(s *Source, op string) []byte {
	c := ToolhostChain(s, op)
	m := s.Intn(8)
	if m == 0 {
		c.sealFor(op)
		return c.envelope(s, op)
	}
	if m == 1 {
		c.sealFor(op)
		return envelopeDefect(s, c, op)
	}
	mutate(s, c, op)
	c.sealFor(op)
	return c.envelope(s, op)
}

// ToolhostChain draws a chain valid for op (for every operation, with
// ""): the base chain with its shared values varied together (section
// 8.3's relations kept), unsealed.
func ToolhostChain(s *Source, op string) *ThChain {
	c := NewThChain()
	vary(s, c, op)
	return c
}

// SealedChain draws a chain valid for op and seals it (for the properties
// of fuzz/gocheck).
func SealedChain(s *Source, op string) *ThChain {
	return ToolhostChain(s, op).Seal()
}

// Envelope writes the chain as op's envelope, escapes drawn from s.
func (c *ThChain) Envelope(s *Source, op string) []byte { return c.envelope(s, op) }

// ToolhostSeals are the members that seal each sealed document of
// toolhost/1 (its digest or signature, spec/toolhost.md sections 1.6 and
// 8.4), by envelope member name; every other declared member of the
// document (ToolhostDeclared) is covered by them, directly or, for the
// host-open proof's schema_id, through its constant.
var ToolhostSeals = map[string][]string{
	"device_proof":             {"proof_digest", "cloud_signature"},
	"host_open_proof":          {"device_signature"},
	"observer_channel_receipt": {"receipt_digest"},
	"runtime_capability":       {"capability_digest"},
	"registry":                 {"registry_digest"},
	"host_lease":               {"cloud_signature"},
	"invocation":               {"invocation_digest"},
	"cancellation":             {"cancellation_digest"},
	"result":                   {"result_digest"},
	"workspace_status":         {"status_digest"},
}

// ToolhostDeclared returns the declared members of a toolhost/1 document
// (spec/toolhost.md section 2), by envelope member name, or nil.
func ToolhostDeclared(doc string) []string { return append([]string(nil), thDeclared[doc]...) }
