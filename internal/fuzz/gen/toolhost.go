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
	"cmp"
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// thBaseTV is the base chain of spec/toolhost.md section 8.3, "Canonical
// instances" (its digests and signatures real), read from the spec's
// prose and parsed once, without its now (thBaseNow).
var thBaseTV, thBaseNow = func() (*tv, int64) {
	all := spec.MustInstances("toolhost")
	i, ok := spec.FindInstance(all, "base-chain", "")
	base, valid := tvOfJSON(i.Text)
	if !ok || !valid || base.k != 'o' || base.get("now") == nil {
		var at []string
		for _, i := range all {
			at = append(at, fmt.Sprintf("spec/toolhost.md:%d `%s`", i.Line, i.Name))
		}
		panic(fmt.Sprintf("gen: spec/toolhost.md, section 8.3, needs one canonical instance `base-chain`, an object with its now; it has %v", at))
	}
	now := base.get("now")
	base.del("now")
	ms, err := strconv.ParseInt(now.text, 10, 64)
	if err != nil {
		panic("gen: spec/toolhost.md: the base chain's now is not an integer: " + now.text)
	}
	return base, ms
}()

// ToolhostOps are the operations of toolhost/1 in table order, and
// ToolhostEnvelopes the envelope members of each, in order
// (spec/toolhost.md, Operations, from the catalogue).
var ToolhostOps, ToolhostEnvelopes = envelopesOf("toolhost/1")

// thDeclared are the declared members of each document and nested object
// (spec/toolhost.md section 2, from the declaration), for the projection
// digests cover.
var thDeclared = declaredMembers(thDecl)

// ThSign is the unpadded base64url Ed25519 signature, by the test key
// labelled label (ThKey; NOT FOR PRODUCTION), of ASCII(prefix) + LF +
// JCS(v) for the JSON text of v (spec/toolhost.md sections 1.6 and 8.2);
// false when v has no JCS form.
func ThSign(label, prefix string, text []byte) (string, bool) {
	c, ok := JCS(text)
	if !ok {
		return "", false
	}
	return base64url(ed25519.Sign(ThKey(label), append([]byte(prefix+"\n"), c...))), true
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
		m[l] = base64url(k.Public().(ed25519.PublicKey))
	}
	return m
}()

// ThLabels are the labels of the four test keys of spec/toolhost.md
// section 8.2, in order: cloud-a, cloud-b, device-a, device-b.
func ThLabels() []string { return []string{"cloud-a", "cloud-b", "device-a", "device-b"} }

// ThPublic is the unpadded base64url public key of the test key labelled
// label (ThKey), or "" for another label. NOT FOR PRODUCTION.
func ThPublic(label string) string { return thPublics[label] }

// labelOf returns the label of the test key whose public key is v, or "".
func labelOf(v *tv) string {
	if v == nil || v.k != 's' {
		return ""
	}
	for _, l := range ThLabels() {
		if eqUnits(v.us, ThPublic(l)) {
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

// thDocNames are the ten documents of the chain, in the order of section
// 8.3 (the base chain's).
var thDocNames = func() []string {
	var out []string
	for _, k := range thBaseTV.keys {
		out = append(out, string(utf16.Decode(k)))
	}
	return out
}()

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
func (c *ThChain) Doc(name string) *Value {
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
// JSON text (Value.Text): a document by name, "now" or "challenge"; a
// member without a value is left out.
func (c *ThChain) Text(members ...string) string { return c.envelopeOf(members).Text() }

// envelopeOf is the envelope object of the members given, in that order,
// those without a value left out.
func (c *ThChain) envelopeOf(members []string) *tv {
	o := tO()
	for _, m := range members {
		v := map[string]*tv{"now": c.Now, "challenge": c.Challenge}[m]
		if v == nil {
			v = c.Doc(m)
		}
		if v != nil {
			o.Add(tS(m), v)
		}
	}
	return o
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

// thSeal is one step of the sealing of spec/toolhost.md section 8.4: the
// member member of document doc becomes
//   - a copy of the value at from ("doc.member"), when from is set;
//   - with size, the canonical size in bytes of the document of;
//   - else, without a key, the digest H(prefix, v) (section 1.6);
//   - else the Ed25519 signature of ASCII(prefix) + LF + JCS(v) by the
//     test key whose public key key names: "trust", the trust document's
//     key for the document's key_id, or the path "doc.member" of a public
//     key.
//
// v is the declared projection of document of (doc when "") without the
// members omit, or the whole document when whole is set; the prefix is,
// unless given, the constant schema id of that document (decision 30).
type thSeal struct {
	doc, member, prefix, key, of, from string
	omit                               []string
	whole, size                        bool
}

// thSeals are the steps of section 8.4, in its order.
var thSeals = []thSeal{
	{doc: "registry", member: "registry_digest", omit: []string{"registry_digest"}},
	{doc: "device_proof", member: "proof_digest", omit: []string{"proof_digest", "cloud_signature"}},
	{doc: "device_proof", member: "cloud_signature", key: "trust", omit: []string{"cloud_signature"}},
	{doc: "host_lease", member: "registry_digest", from: "registry.registry_digest"},
	{doc: "host_open_proof", member: "registry_digest", from: "registry.registry_digest"},
	{doc: "host_lease", member: "cloud_signature", key: "trust", omit: []string{"cloud_signature"}},
	{doc: "host_open_proof", member: "device_proof_digest", of: "device_proof", omit: []string{"proof_digest", "cloud_signature"}},
	{doc: "host_open_proof", member: "device_signature", prefix: "aether.managed-tool-host-open/1", key: "device_proof.device_public_key", omit: []string{"schema_id", "device_signature"}},
	{doc: "invocation", member: "arguments_digest", prefix: "aether.managed-tool-arguments/1", of: "workspace_status_input", whole: true},
	{doc: "invocation", member: "invocation_digest", omit: []string{"invocation_digest"}},
	{doc: "workspace_status", member: "status_digest", omit: []string{"status_digest"}},
	{doc: "result", member: "bounded_bytes", of: "workspace_status", size: true},
	{doc: "result", member: "invocation_digest", from: "invocation.invocation_digest"},
	{doc: "result", member: "result_digest", omit: []string{"result_digest"}},
	{doc: "cancellation", member: "target_invocation_digest", from: "invocation.invocation_digest"},
	{doc: "cancellation", member: "cancellation_digest", omit: []string{"cancellation_digest"}},
	{doc: "runtime_capability", member: "capability_digest", omit: []string{"capability_digest"}},
	{doc: "observer_channel_receipt", member: "capability_digest", from: "runtime_capability.capability_digest"},
	{doc: "observer_channel_receipt", member: "receipt_digest", omit: []string{"receipt_digest"}},
}

// thHolder is the document an inner document lives in (the invocation's
// arguments, the result's payload), or doc itself.
func thHolder(doc string) string {
	switch doc {
	case "workspace_status_input":
		return "invocation"
	case "workspace_status":
		return "result"
	}
	return doc
}

// sealFor reseals, in the order of section 8.4, what op's envelope holds
// and what flows into it (a step whose document is needed needs the
// documents it reads); "" reseals all. A pinned member keeps the value the
// mutation wrote.
func (c *ThChain) sealFor(op string) {
	need := map[string]bool{}
	for _, m := range ToolhostEnvelopes[op] {
		need[m], need[thHolder(m)] = true, true
	}
	wanted := make([]bool, len(thSeals))
	for i := len(thSeals) - 1; i >= 0; i-- {
		st := thSeals[i]
		if wanted[i] = op == "" || need[st.doc] || need[thHolder(st.doc)]; wanted[i] {
			need[st.of], need[thHolder(st.of)] = true, true
			from, _, _ := strings.Cut(st.from, ".")
			need[from] = true
		}
	}
	for i, st := range thSeals {
		d := c.Doc(st.doc)
		if !wanted[i] || d == nil || d.k != 'o' || c.Pinned[pinPath(st.doc, st.member)] {
			continue
		}
		if v := c.sealed(st); v != nil {
			d.put(st.member, v)
		}
	}
}

// sealed is the value step st gives its member, or nil when there is
// none (nothing to copy, no canonical form, no private key).
func (c *ThChain) sealed(st thSeal) *tv {
	of := st.of
	if of == "" {
		of = st.doc
	}
	v := c.Doc(of)
	switch {
	case v == nil:
		return nil
	case st.from != "":
		doc, name, _ := strings.Cut(st.from, ".")
		if x := c.Doc(doc).get(name); x != nil {
			return x.clone()
		}
		return nil
	case st.size:
		n := 0
		if cv, ok := jcsOf(v); ok && v.k == 'o' {
			n = len(cv)
		}
		return tI(int64(n))
	case st.whole && v.k != 'o':
		return nil
	case !st.whole:
		v = without(project(thDeclared, of, v), st.omit...)
	}
	prefix := ToolhostPrefix(st.doc, st.member)
	var out string
	var ok bool
	switch label := c.signer(st); {
	case st.key == "":
		out, ok = hOf(prefix, v)
	case c.forge && st.key != "trust":
		var msg []byte
		if msg, ok = jcsOf(v); ok {
			out = base64url(ForgeHostOpen(append([]byte(prefix+"\n"), msg...)))
		}
	case label != "":
		out, ok = ThSign(label, prefix, v.write(nil, nil))
	}
	if !ok {
		return nil
	}
	return tS(out)
}

// ToolhostPrefix is the prefix of the digest or signature that is member
// member of toolhost/1 document doc (spec/toolhost.md sections 1.6 and
// 8.4): the seal's own, else the constant schema id of the document it
// covers, from the declaration; for a member that seals nothing (""
// included), doc's schema id; "" for a document without one.
func ToolhostPrefix(doc, member string) string {
	of := doc
	for _, st := range thSeals {
		if st.doc == doc && st.member == member && st.from == "" && !st.size {
			if st.prefix != "" {
				return st.prefix
			}
			of = cmp.Or(st.of, doc)
		}
	}
	if o := thDecl.Object(of); o != nil && o.Member("schema_id") != nil {
		if r := o.Member("schema_id").Rules; len(r) > 0 && r[0].Rule == shapes.RuleConst {
			return r[0].Value
		}
	}
	return ""
}

// signer is the label of the test key that signs step st: the Signer
// override, else the test key whose public key st.key names; "" when no
// test key has it.
func (c *ThChain) signer(st thSeal) string {
	if l := c.Signer[st.doc]; l != "" || st.key == "" {
		return l
	}
	if st.key == "trust" {
		return labelOf(c.trustKey(c.Doc(st.doc).get("key_id")))
	}
	doc, name, _ := strings.Cut(st.key, ".")
	return labelOf(c.Doc(doc).get(name))
}

// Envelope writes op's envelope with string escapes (member names
// included) drawn from s and, by a draw, its members in another order;
// a member without a value is left out.
func (c *ThChain) Envelope(s *Source, op string) []byte {
	members := append([]string(nil), ToolhostEnvelopes[op]...)
	if s.Chance(4) {
		for i := len(members) - 1; i > 0; i-- {
			j := s.Intn(i + 1)
			members[i], members[j] = members[j], members[i]
		}
	}
	return c.envelopeOf(members).write(s, nil)
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
		return c.Envelope(s, op)
	}
	if m == 1 {
		c.sealFor(op)
		return envelopeDefect(s, c, op)
	}
	mutate(s, c, op)
	c.sealFor(op)
	return c.Envelope(s, op)
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

// ToolhostSeals are the members that seal each sealed document of
// toolhost/1 (its own digest or signature, spec/toolhost.md sections 1.6
// and 8.4, from thSeals), by envelope member name; every other declared
// member of the document is covered by them, directly or, for the
// host-open proof's schema_id, through its constant.
var ToolhostSeals = func() map[string][]string {
	out := map[string][]string{}
	for _, st := range thSeals {
		if st.from == "" && !st.size && st.of == "" {
			out[st.doc] = append(out[st.doc], st.member)
		}
	}
	return out
}()

// ToolhostDeclared returns the declared members of a toolhost/1 document
// (spec/toolhost.md section 2), by envelope member name, or nil.
func ToolhostDeclared(doc string) []string { return append([]string(nil), thDeclared[doc]...) }
