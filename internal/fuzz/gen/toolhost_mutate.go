package gen

// toolhost/1: varying a chain within the rules, and the one mutation a
// drawn input carries (spec/toolhost.md sections 1-4). The per-member
// mutations (drop a member, add one, change a type, set a value at or past
// a rule, grow an array past its bound) are the declaration's
// (declaredDefect, declared.go), with the values of this contract's named
// checks (thPool); written here are the contract's own: shift a time
// across a bound, swap a key, resign with another key, break a digest,
// break a relation or a result rule, grow an open value past its byte
// bound, or a defect of the envelope itself.

import (
	"crypto/ed25519"
	"crypto/sha512"
	"encoding/binary"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"filippo.io/edwards25519"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// thTimes are the timestamp members of each document, from the
// declaration.
var thTimes = membersChecked(thDecl, "timestamp")

// setAll sets member name to v in every document that has it (a shared
// value of the chain: the relations of section 4 keep holding).
func (c *ThChain) setAll(name string, v *tv, docs ...string) {
	for _, d := range docs {
		if doc := c.Doc(d); doc != nil && doc.get(name) != nil {
			doc.put(name, v.clone())
		}
	}
}

// idOf draws a valid ID: short, 128 units, with dots, underscores, hyphens.
func idOf(s *Source, prefix string) string {
	switch s.Intn(6) {
	case 0:
		return prefix + strings.Repeat("z", 128-len(prefix))
	case 1:
		return prefix + "." + strconv.Itoa(s.Intn(1000))
	}
	return prefix + "-" + strconv.Itoa(s.Intn(100000))
}

// vary changes the chain within the rules of op (every operation's, for
// ""): shared ids and generations, the times shifted together, the device
// key, the result's state, array sizes and open values. Three variations
// keep to the rules of most operations only, and op leaves them out where
// they do not: a result without a payload (not for the operations that
// read the payload as a workspace status), more tools (not for
// assert-e1-canary-registry, which wants exactly one) and arguments beyond
// the E1 input (not for the operations that read them as one).
func vary(s *Source, c *ThChain, op string) {
	if !s.Chance(2) {
		return
	}
	all := []string{"host_open_proof", "observer_channel_receipt", "runtime_capability", "registry", "host_lease", "invocation", "cancellation", "result", "device_proof", "workspace_status"}
	if s.Chance(2) {
		c.setAll("agent_id", tS(idOf(s, "agent")), all...)
	}
	if s.Chance(2) {
		c.setAll("local_session_id", tS(idOf(s, "ls")), all...)
	}
	if s.Chance(3) {
		c.setAll("conversation_id", tS(idOf(s, "conv")), all...)
	}
	if s.Chance(3) {
		id := idOf(s, "D")
		if len(id) > 122 {
			id = id[:122]
		}
		c.setAll("device_id", tS("scdev_"+id), all...)
	}
	if s.Chance(3) {
		c.setAll("session_generation", tN(Pick(s, []string{"1", "2", "9007199254740991", "77"})), all...)
	}
	if s.Chance(3) {
		c.setAll("revocation_epoch", tN(Pick(s, []string{"0", "1", "9007199254740991"})), all...)
	}
	if s.Chance(3) {
		c.setAll("account_subject", tU(textUnits(s, 1+s.Intn(30), false)), "device_proof", "host_lease")
		for _, d := range []string{"device_proof", "host_lease"} {
			if validText(c.Doc(d).get("account_subject").us) != 0 {
				c.Doc(d).put("account_subject", tS("user:x"))
			}
		}
	}
	if s.Chance(4) {
		c.setAll("cloud_origin_id", tS(Pick(s, []string{"https://a.bc", "https://x-1.example.org:8443", "https://a1.b2.c3:65535"})), "device_proof", "host_lease")
	}
	if s.Chance(4) {
		c.setAll("runtime_version", tS(Pick(s, []string{" ", "~", strings.Repeat("v", 64), "ats 3"})), "observer_channel_receipt", "runtime_capability", "workspace_status")
	}
	if s.Chance(3) {
		id := idOf(s, "lease")
		c.setAll("lease_id", tS(id), "host_lease", "invocation", "cancellation", "result")
	}
	if s.Chance(3) {
		id := idOf(s, "inv")
		c.setAll("invocation_id", tS(id), "invocation", "result")
		c.Docs["cancellation"].put("target_invocation_id", tS(id))
	}
	if s.Chance(3) {
		c.Docs["device_proof"].put("device_public_key", tS(ThPublic("device-b")))
	}
	if s.Chance(4) {
		// The lease signed by cloud-a instead.
		c.Docs["host_lease"].put("key_id", tS("cloud-a"))
	}
	if s.Chance(3) {
		// Every time and now shifted together.
		delta := int64(s.Intn(4000)-2000) * 86400000
		if s.Chance(2) {
			delta = int64(s.Uint64()%1000000) - 500000
		}
		for d, names := range thTimes {
			for _, n := range names {
				if doc := c.Doc(d); doc != nil {
					if ms, ok := Millis(doc.get(n)); ok {
						doc.put(n, tS(Timestamp(ms+delta)))
					}
				}
			}
		}
		c.Now = tI(thBaseNow + delta)
	}
	if s.Chance(3) {
		varyResult(s, c, op != "validate-workspace-status" && op != "check-tool-payload")
	}
	if s.Chance(4) {
		keys := c.Docs["trust"].get("keys")
		for i := range s.Intn(7) {
			keys.elems = append(keys.elems, tO("key_id", tS("k-"+strconv.Itoa(10+i)), "public_key", tS(ThPublic(Pick(s, ThLabels())))))
		}
	}
	if s.Chance(4) {
		ops := []string{"read_account_summary", "read_ats_status", "read_local_status", "read_market_status", "read_orders", "read_positions"}
		c.Docs["runtime_capability"].put("supported_read_operations", tSs(ops[s.Intn(3):3+s.Intn(4)]...))
	}
	if s.Chance(4) && op != "assert-e1-canary-registry" {
		tools := c.Docs["registry"].get("tools")
		for i := range s.Intn(16) {
			t := tools.elems[0].clone()
			t.put("name", tS("zz.tool"))
			t.put("version", tI(int64(2+i)))
			tools.elems = append(tools.elems, t)
		}
	}
	if s.Chance(4) {
		var diags []*tv
		for i := range s.Intn(17) {
			diags = append(diags, tO("code", tS("D"+strconv.Itoa(i)), "summary", tS(strings.Repeat("~", 1+s.Intn(256)))))
		}
		target := Pick(s, []string{"result", "workspace_status"})
		c.Doc(target).put("diagnostics", tA(diags...))
	}
	if s.Chance(4) {
		var refs []string
		for i := range s.Intn(17) {
			refs = append(refs, "ev-"+strconv.Itoa(100+i))
		}
		c.Docs["result"].put("evidence_refs", tSs(refs...))
	}
	if s.Chance(3) {
		c.Doc("workspace_status_input").put("include_diagnostics", tL(Pick(s, []string{"true", "false"})))
	}
	if s.Chance(4) && op != "validate-workspace-status-input" && op != "check-tool-arguments" {
		// More arguments: valid open values, outside the E1 input (which
		// those two operations read it as).
		c.Doc("workspace_status_input").put("note", openValue(s, 0))
	}
}

// varyResult gives the result another valid state; without payload, only
// those that keep the payload (another replay status or retry class).
func varyResult(s *Source, c *ThChain, payload bool) {
	r := c.Docs["result"]
	switch s.Intn(6) {
	case 0:
		r.put("replay_status", tS("stored_redelivery"))
		r.put("retry_class", tS("redeliver_stored_result"))
		return
	case 1:
		r.put("retry_class", tS("retry_after_backoff"))
		return
	}
	if !payload {
		return
	}
	failResult(s, c, Pick(s, thFailed))
	if s.Chance(2) {
		r.put("retry_class", tS("new_call_after_recovery"))
	}
}

// keyPool are public keys at the key screening's rules (section 1.3 and
// 1.7): the test keys, every small-order encoding with the sign bit clear
// and set, p and p+1 (and with the sign bit), a y in [p+2, p+18], keys that
// are not points, and the all-zero key.
func keyPool(s *Source) []byte {
	switch s.Intn(6) {
	case 0:
		k := append([]byte(nil), Pick(s, SmallOrder)...)
		if s.Chance(2) {
			k[31] |= 0x80
		}
		return k
	case 1:
		return le(new(big.Int).Add(P, big.NewInt(int64(2+s.Intn(17)))))
	case 2:
		return Pick(s, offCurve)
	}
	return []byte(ThKey(Pick(s, ThLabels())).Public().(ed25519.PublicKey))
}

// thDecl is the declaration of the documents
// (spec/toolhost/shapes.json).
var thDecl = spec.MustShapes("toolhost")

// thPool draws a value for a member under one of the named checks of
// section 1.3 (and 1.8's open value), at or past the check, or a valid
// other value (which a relation then meets): the declared defects'
// checkPool.
func thPool(s *Source, r shapes.Rule, cur *tv) *tv {
	pickS := func(list ...string) *tv { return tS(Pick(s, list)) }
	var us []uint16
	if cur != nil {
		us = cur.us
	}
	switch r.Check {
	case "scdev":
		return pickS("scdev_", "scdev-1", "scdev_X", "scdev_"+strings.Repeat("z", 122), "scdev_"+strings.Repeat("z", 123), "scdev_a b", "SCDEV_1", "x")
	case "id":
		switch s.Intn(4) {
		case 0:
			return tU(textUnits(s, s.Intn(6), true))
		case 1:
			return pickS("cloud-c", "cloud-a", "cloud-b", "ats.workspace_status", "x")
		}
		return pickS("", "~x", "a b", "-a", ".a", strings.Repeat("z", 128), strings.Repeat("z", 129), "\u00e9", "id-2", "zz.tool")
	case "key-canonical", "key-small-order":
		return tS(base64url(keyPool(s)))
	case "base64url":
		return tU(b64Defect(s, us))
	case "origin":
		return pickS("http://cloud.aethersystems.net", "https://cloud.aethersystems.net:443", "https://cloud.aethersystems.net/",
			"https://10.0.0.1", "https://Cloud.example", "https://a.b.", "https://-a.b", "https://a", "https://u@a.bc", "https://[::1]",
			"https://a.bc:0", "https://a.bc:65536", "https://a.bc:08443", "https://other.example", "https://a.bc:8443", "https://"+strings.Repeat("a", 63)+".bc")
	case "text", "text-length":
		switch s.Intn(3) {
		case 0:
			return tU(textUnits(s, 1+s.Intn(40), true))
		case 1:
			return tS(strings.Repeat(Pick(s, []string{"\U0001f600", "a", "\u00e9"}), Pick(s, []int{256, 257})))
		}
		return pickS("", "user:\u0007", "user:other", "\u0085")
	case "display", "display-length":
		switch s.Intn(3) {
		case 0:
			return tU(textUnits(s, s.Intn(20), true))
		case 1:
			return tS(strings.Repeat("x", Pick(s, []int{256, 257})))
		}
		return pickS("", "caf\u00e9", "a\tb", " ", "~")
	case "runtime-version":
		return pickS("", strings.Repeat("r", 64), strings.Repeat("r", 65), "\u00e9", "a\nb", "ats-runtime 2.4.2")
	case "schema-ref":
		return pickS("Aether.x/1", "aether.x/0", "aether.x", "a/1", "aether.managed-tool-other/1", "a/1234567", "z"+strings.Repeat("9", 63)+"/999999", "z"+strings.Repeat("9", 64)+"/1",
			"aether.managed-tool-workspace-status/1", "aether.managed-tool-workspace-status-input/1")
	case "code":
		return pickS("Tool_failed", "", "T"+strings.Repeat("X", 63), "T"+strings.Repeat("X", 64), "TOOL_CANCELLED", "TOOL_DEADLINE_EXCEEDED", "TOOL_OTHER", "1A")
	case "digest":
		if s.Chance(3) && len(us) > 8 {
			u := append([]uint16(nil), us...)
			u[7+s.Intn(len(u)-7)] = Pick(s, []uint16{'A', 'g', 'F', '0'})
			return tU(u)
		}
		return pickS(OtherDigest, "sha256:"+strings.Repeat("a", 63), "sha256:"+strings.Repeat("A", 64), "sha512:"+strings.Repeat("a", 64),
			"sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852", "sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305")
	case "timestamp", "instant":
		if ms, ok := Millis(cur); ok && s.Chance(2) {
			return tS(Timestamp(ms + Pick(s, []int64{-1, 1, -30001, 30001, 86400000, -86400000})))
		}
		return tS(ISO(s))
	case "open-value":
		return openDefect(s, r, cur)
	}
	return nil
}

// targets are the documents of op's envelope a mutation may change, the
// inner documents included where the operation validates them.
func targets(op string) []string {
	var out []string
	for _, m := range ToolhostEnvelopes[op] {
		if m != "now" && m != "challenge" {
			out = append(out, m)
		}
	}
	switch op {
	case "check-tool-arguments":
		out = append(out, "workspace_status_input")
	case "check-tool-payload":
		out = append(out, "workspace_status")
	}
	return out
}

// mutate applies one mutation to the chain for op.
func mutate(s *Source, c *ThChain, op string) {
	doc := Pick(s, targets(op))
	d := c.Doc(doc)
	if d == nil || d.k != 'o' {
		return
	}
	switch k := s.Intn(44); {
	case k < 29:
		if name := declaredDefect(s, thDecl, thDecl.Object(doc), d, thPool); name != "" {
			pinAll(c, doc, name)
		}
	case k < 33:
		timeDefect(s, c)
	case k < 35:
		keyDefect(s, c)
	case k < 36:
		// Break a digest: another value, not resealed.
		for _, p := range thDigests {
			if s.Chance(6) {
				c.Pinned[p] = true
				dd, name := c.at(p)
				if dd != nil && name == "bounded_bytes" {
					dd.put(name, tN(Pick(s, []string{"0", "1", "578", "262144"})))
				} else if dd != nil {
					dd.put(name, tS(OtherDigest))
				}
				break
			}
		}
	case k < 39:
		relationDefect(s, c)
	case k < 40:
		if !bigDefect(s, c, op) {
			relationDefect(s, c)
		}
	default:
		if !ruleDefect(s, c, op) {
			relationDefect(s, c)
		}
	}
}

// at returns the document holding path and the member name.
func (c *ThChain) at(path string) (*tv, string) {
	i := strings.LastIndexByte(path, '.')
	docPath, name := path[:i], path[i+1:]
	if docPath == "result.payload" {
		return c.Doc("workspace_status"), name
	}
	return c.Docs[docPath], name
}

// pinAll pins member name of doc, so that sealing keeps the value the
// mutation wrote when it is a sealed member (a digest, a signature or
// bounded_bytes).
func pinAll(c *ThChain, doc, name string) { c.Pinned[pinPath(doc, name)] = true }

// pinPath is the path sealing knows member name of doc by: the
// workspace status's are the result payload's.
func pinPath(doc, name string) string {
	if doc == "workspace_status" {
		return "result.payload." + name
	}
	return doc + "." + name
}

// thDigests are the paths of the documents' digest members (from the
// declaration, in document and table order) and of the result's
// bounded_bytes: what breaking a digest changes.
var thDigests = func() []string {
	byDoc := membersChecked(thDecl, "digest")
	var out []string
	for _, d := range append(append([]string(nil), thDocNames...), "workspace_status") {
		for _, n := range byDoc[d] {
			out = append(out, pinPath(d, n))
		}
	}
	return append(out, "result.bounded_bytes")
}()

// timeDefect shifts a time across a bound: a timestamp of the chain, or
// now, set to another instant of the chain (or now) plus an offset at the
// skew's edges.
func timeDefect(s *Source, c *ThChain) {
	type ref struct{ doc, name string }
	var refs []ref
	for d, names := range thTimes {
		for _, n := range names {
			refs = append(refs, ref{d, n})
		}
	}
	slices.SortFunc(refs, func(a, b ref) int { return strings.Compare(a.doc+a.name, b.doc+b.name) })
	instant := func(r ref) (int64, bool) {
		if r.doc == "" {
			n, err := strconv.ParseInt(c.Now.text, 10, 64)
			return n, err == nil
		}
		return Millis(c.Doc(r.doc).get(r.name))
	}
	refs = append(refs, ref{}) // now
	from := Pick(s, refs)
	base, ok := instant(from)
	if !ok {
		return
	}
	offset := Pick(s, []int64{-30001, -30000, -29999, -1, 0, 1, 29999, 30000, 30001})
	to := Pick(s, refs)
	if to.doc == "" {
		c.Now = tI(base + offset)
	} else if d := c.Doc(to.doc); d != nil && d.k == 'o' {
		d.put(to.name, tS(Timestamp(base+offset)))
	}
	if s.Chance(8) {
		// The cancellation window's end: the lease expired a moment ago,
		// the request at its edge.
		exp, ok := Millis(c.Docs["host_lease"].get("expires_at"))
		if ok {
			c.Now = tI(exp)
			c.Docs["cancellation"].put("requested_at", tS(Timestamp(exp+Pick(s, []int64{29999, 30000}))))
		}
	}
}

// keyDefect swaps a key or resigns with another: a signer override, an
// unknown or other key id, a trust key or device key at the screening's
// rules, the all-zero device key with the forged host-open signature.
func keyDefect(s *Source, c *ThChain) {
	switch s.Intn(6) {
	case 0:
		c.Signer[Pick(s, []string{"device_proof", "host_lease", "host_open_proof"})] = Pick(s, ThLabels())
	case 1:
		c.Docs[Pick(s, []string{"device_proof", "host_lease"})].put("key_id", tS(Pick(s, []string{"cloud-a", "cloud-b", "cloud-c", "k-10"})))
	case 2:
		keys := c.Docs["trust"].get("keys")
		i := s.Intn(len(keys.elems))
		keys.elems[i].put("public_key", tS(base64url(keyPool(s))))
	case 3:
		c.Docs["device_proof"].put("device_public_key", tS(base64url(keyPool(s))))
	case 4:
		c.Docs["device_proof"].put("device_public_key", tS(base64url(make([]byte, 32))))
		c.forge = true
	default:
		sigs := []string{"device_proof.cloud_signature", "host_lease.cloud_signature", "host_open_proof.device_signature"}
		p := Pick(s, sigs)
		c.Pinned[p] = true
		d, name := c.at(p)
		raw := make([]byte, 64)
		switch s.Intn(3) {
		case 0:
			copy(raw, s.Bytes(64))
		case 1:
			raw[0] = 1 // R the identity, S = 0
		default:
			copy(raw[32:], le(new(big.Int).Add(L, big.NewInt(int64(s.Intn(3))))))
		}
		d.put(name, tS(base64url(raw)))
	}
}

// relationDefect sets one member of a relation to a valid other value, so
// that a cross-object check meets it.
func relationDefect(s *Source, c *ThChain) {
	doc := Pick(s, []string{"device_proof", "host_open_proof", "observer_channel_receipt", "runtime_capability", "registry", "host_lease", "invocation", "cancellation", "result"})
	d := c.Docs[doc]
	names := []string{"agent_id", "local_session_id", "session_generation", "conversation_id", "device_id", "lease_id", "invocation_id",
		"account_subject", "cloud_origin_id", "revocation_epoch", "runtime_version", "tool_name", "tool_version", "target_invocation_id",
		"input_schema_id", "input_schema_digest", "output_schema_id", "output_schema_digest", "capabilities"}
	n := Pick(s, names)
	if d.get(n) == nil {
		return
	}
	var v *tv
	switch n {
	case "session_generation", "revocation_epoch", "tool_version":
		v = tN(Pick(s, []string{"2", "5", "9007199254740991"}))
	case "device_id":
		v = tS("scdev_OTHER")
	case "cloud_origin_id":
		v = tS("https://other.example")
	case "account_subject", "runtime_version":
		v = tS("other 1")
	case "input_schema_digest", "output_schema_digest":
		v = tS(OtherDigest)
	case "input_schema_id", "output_schema_id":
		v = tS("aether.managed-tool-other/1")
	case "capabilities":
		v = tSs(Pick(s, []string{"cancel", "invoke"}))
	default:
		v = tS("other-1")
	}
	d.put(n, v)
	if s.Chance(3) {
		tools := c.Docs["registry"].get("tools")
		t := tools.elems[0]
		n := Pick(s, []string{"max_argument_bytes", "max_result_bytes", "max_duration_ms", "name", "version", "input_schema_id", "output_schema_digest", "dependencies", "data_classes"})
		switch n {
		case "max_argument_bytes", "max_result_bytes", "max_duration_ms":
			t.put(n, tN(Pick(s, []string{"1", "86", "87", "578", "579", "29999", "30000"})))
		case "version":
			t.put(n, tN("2"))
		case "dependencies":
			t.put(n, tSs("ats_observer_channel"))
		case "data_classes":
			t.put(n, tSs("ats_status", "browser_observation", "local_status"))
		default:
			t.put(n, memberValue(s, thDecl, thDecl.Object("registry.tools[]"), n, t.get(n), thPool))
		}
	}
}

// bigDefect grows an open value or a workspace status to its byte bounds
// (65536 canonical bytes of arguments, 262144 of a payload, 65536
// serialized bytes of a status), at or past them, when op reads one;
// false, changing nothing, when it reads neither.
func bigDefect(s *Source, c *ThChain, op string) bool {
	var docs []string
	for _, d := range targets(op) {
		switch d {
		case "invocation", "workspace_status_input":
			docs = append(docs, "workspace_status_input")
		case "result", "workspace_status":
			docs = append(docs, "workspace_status")
		}
	}
	if len(docs) == 0 {
		return false
	}
	switch d := Pick(s, docs); {
	case d == "workspace_status_input":
		PadTo(c.Doc(d), Pick(s, []int64{65535, 65536, 65537, 65540}))
	case s.Chance(2):
		PadTo(c.Doc(d), Pick(s, []int64{262143, 262144, 262145, 262150}))
	default:
		PadTo(c.Doc(d), Pick(s, []int64{65535, 65536, 65537, 70000}))
	}
	return true
}

// envelopeDefect writes op's envelope with one defect of its own (section
// 1.1): not JSON, not an object, an extra member, a member missing or of
// another type, now or the challenge of another type or out of range.
func envelopeDefect(s *Source, c *ThChain, op string) []byte {
	// Every choice is drawn before the envelope is written: writing it
	// draws escapes until the bytes run out.
	members := ToolhostEnvelopes[op]
	switch s.Intn(8) {
	case 0:
		cut := s.Intn(256)
		env := c.Envelope(s, op)
		return env[:len(env)*cut/256]
	case 1:
		return append(append([]byte{'['}, c.Envelope(s, op)...), ']')
	case 2:
		extra := Pick(s, []string{`,"x":1`, `,"now":1790080205000`, `,"challenge":"x"`, `,"` + members[0] + `":{}`})
		env := c.Envelope(s, op)
		return append(append(env[:len(env)-1:len(env)-1], extra...), '}')
	case 3:
		return []byte(Pick(s, []string{"null", "1", `"x"`, "[]", "{}", " {} "}))
	case 4:
		c.Now = Pick(s, []*tv{tN("1.0"), tN("-0"), tN("1e3"), tS("1"), tN("-62135596800001"), tN("253402300800000"),
			tN("-62135596800000"), tN("253402300799999"), tN("0"), tL("null")})
	case 5:
		c.Challenge = wrongKind(s)
	default:
		m := Pick(s, members)
		switch m {
		case "now":
			c.Now = wrongKind(s)
		case "challenge":
			c.Challenge = tS(Pick(s, []string{"", "x", ThPublic("device-a")}))
		default:
			var v *tv
			if s.Chance(2) {
				v = wrongKind(s)
			}
			c.setDoc(m, v)
		}
	}
	return c.Envelope(s, op)
}

// setDoc replaces document name (the inner documents in their places;
// nil removes it).
func (c *ThChain) setDoc(name string, v *tv) {
	holder, inner, _ := c.split(name)
	switch {
	case thHolder(name) == name:
		c.Docs[name] = v
	case v == nil:
		holder.del(inner)
	default:
		holder.put(inner, v)
	}
}

// ForgeHostOpen returns the forged host-open signature of spec/toolhost.md
// section 8.5 (R || S, 64 bytes) for the signing input msg under the
// all-zero key: S the smallest from 1 and t the smallest of 0..3 with
// SHA-512(R || A || msg) mod L = t mod 4, R = [S]B - [t]A; nil when no S
// below 64 gives one. It verifies cofactorlessly without a private key.
func ForgeHostOpen(msg []byte) []byte {
	var A edwards25519.Point
	if _, err := A.SetBytes(make([]byte, 32)); err != nil {
		return nil
	}
	for sv := uint64(1); sv < 64; sv++ {
		var sb [32]byte
		binary.LittleEndian.PutUint64(sb[:], sv)
		S, _ := new(edwards25519.Scalar).SetCanonicalBytes(sb[:])
		tA := edwards25519.NewIdentityPoint()
		for t := int64(0); t < 4; t++ {
			var R edwards25519.Point
			R.ScalarBaseMult(S)
			R.Subtract(&R, tA)
			h := sha512.New()
			h.Write(R.Bytes())
			h.Write(A.Bytes())
			h.Write(msg)
			d := h.Sum(nil)
			be := make([]byte, 64)
			for i := range d {
				be[63-i] = d[i]
			}
			k := new(big.Int).Mod(new(big.Int).SetBytes(be), L)
			if new(big.Int).Mod(k, big.NewInt(4)).Int64() == t {
				return append(R.Bytes(), sb[:]...)
			}
			tA.Add(tA, &A)
		}
	}
	return nil
}

// ruleDefect breaks one rule that relates members of a document, or a
// document to what a check asks of it, on an otherwise valid chain that
// sealing then reseals (spec/toolhost.md sections 2.6, 2.10 and 5): a
// second valid tool in the canary registry (assert-e1-canary-registry), a
// lease whose capabilities lack invoke (check-invocation) or cancel
// (check-cancellation), a valid result
// that did not succeed (check-tool-payload), or one defect of the result's
// own rules (validate-result, check-tool-payload, check-result), as
// resultDefect draws it. It returns false, changing nothing, when op
// reads none of these.
func ruleDefect(s *Source, c *ThChain, op string) bool {
	var defects []func()
	for _, d := range targets(op) {
		switch d {
		case "registry":
			if op == "assert-e1-canary-registry" {
				defects = append(defects, func() { secondTool(s, c) })
			}
		case "host_lease":
			switch op {
			case "check-invocation":
				defects = append(defects, func() { c.Docs["host_lease"].put("capabilities", tSs("cancel")) })
			case "check-cancellation":
				defects = append(defects, func() { c.Docs["host_lease"].put("capabilities", tSs("invoke")) })
			}
		case "result":
			defects = append(defects, func() { resultDefect(s, c) })
			if op == "check-tool-payload" {
				defects = append(defects, func() {
					failResult(s, c, Pick(s, thFailed))
				})
			}
		}
	}
	if len(defects) == 0 {
		return false
	}
	Pick(s, defects)()
	return true
}

// secondTool adds a valid tool after the registry's first, in (name,
// version) order: the first's next version, or another name.
func secondTool(s *Source, c *ThChain) {
	tools := c.Docs["registry"].get("tools")
	t := tools.elems[0].clone()
	if s.Chance(2) {
		t.put("version", tI(2))
	} else {
		t.put("name", tS("zz.tool"))
	}
	tools.elems = append(tools.elems, t)
}

// thFailed are the result's states other than succeeded, from the
// declaration's enum.
var thFailed = func() []string {
	var out []string
	for _, v := range thDecl.Object("result").Member("state").Rules[0].Values {
		if v != "succeeded" {
			out = append(out, v)
		}
	}
	return out
}()

// failResult gives the result the valid members of a result in state
// (not succeeded): its error, a null payload and output schema.
func failResult(s *Source, c *ThChain, state string) {
	code := "TOOL_INPUT_REJECTED"
	switch state {
	case "unavailable":
		code = Pick(s, []string{"TOOL_CANCELLED", "TOOL_UNAVAILABLE"})
	case "cancelled":
		code = "TOOL_CANCELLED"
	case "deadline_exceeded":
		code = "TOOL_DEADLINE_EXCEEDED"
	}
	r := c.Docs["result"]
	r.put("state", tS(state))
	r.put("error", tO("code", tS(code), "message", tS("Tool "+state)))
	r.put("payload", tL("null"))
	r.put("output_schema_id", tL("null"))
	r.put("output_schema_digest", tL("null"))
}

// resultDefect breaks one of the result's own rules (section 2.10), each
// alone: 17 diagnostics, a diagnostic summary or an error message of 0 or
// 257 characters, a payload whose depth is 15 or 16 (at its bound, which
// is accepted, and past it; section 1.8), or a state rule (decision 9): a deadline_exceeded result
// whose error code is another state's, and, for the state the result has
// (vary may have given it one that did not succeed), an error, a null
// output schema id or digest, or a null payload on a succeeded result,
// their opposites on another, a payload on a failed result.
func resultDefect(s *Source, c *ThChain) {
	r := c.Docs["result"]
	succeeded := r.get("state").str() == "succeeded"
	states := thFailed
	// flipNull gives member name the null of a failed result on a
	// succeeded one, and the base chain's value on a failed one.
	flipNull := func(name string) {
		if succeeded {
			r.put(name, tL("null"))
		} else {
			r.put(name, thBaseTV.get("result").get(name).clone())
		}
	}
	switch s.Intn(10) {
	case 7:
		diag := tO("code", tS("D1"), "summary", tS(Pick(s, []string{"", strings.Repeat("s", 257)})))
		r.put("diagnostics", tA(diag))
	case 8:
		if p := r.get("payload"); p.k == 'o' {
			p.put("x", Nest(&tv{k: 'o'}, Pick(s, []int{13, 14})))
		} else {
			r.put("diagnostics", seventeenDiagnostics())
		}
	case 9:
		flipNull("output_schema_id")
	case 0:
		r.put("diagnostics", seventeenDiagnostics())
	case 1:
		failResult(s, c, Pick(s, states))
		r.get("error").put("message", tS(Pick(s, []string{"", strings.Repeat("m", 257)})))
	case 2:
		failResult(s, c, "deadline_exceeded")
		r.get("error").put("code", tS(Pick(s, []string{"TOOL_CANCELLED", "TOOL_UNAVAILABLE", "TOOL_INPUT_REJECTED"})))
	case 3:
		if succeeded {
			r.put("error", tO("code", tS("TOOL_UNAVAILABLE"), "message", tS("Tool unavailable")))
		} else {
			r.put("error", tL("null"))
		}
	case 4:
		flipNull("output_schema_digest")
	case 5:
		if succeeded {
			r.put("payload", tL("null"))
			break
		}
		fallthrough
	default:
		p := thBaseTV.get("result").get("payload").clone()
		if succeeded {
			p = r.get("payload")
			failResult(s, c, Pick(s, states))
		}
		r.put("payload", p)
	}
}

// seventeenDiagnostics are 17 valid diagnostics, in code order: one past
// the bound of 16.
func seventeenDiagnostics() *tv {
	var diags []*tv
	for i := range 17 {
		diags = append(diags, tO("code", tS("D"+strconv.Itoa(10+i)), "summary", tS("Diagnostic")))
	}
	return tA(diags...)
}
