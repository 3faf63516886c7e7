package main

// toolhost/1: the field tables of spec/toolhost.md section 2, derived from
// the declaration of the documents (fieldRows), and the reject vectors
// every field kind gets (section 1.3, 1.5, 1.8), each expecting the
// catalogue's message of the code its rule gives. Each reject vector is
// the base chain with one defect, resealed (section 8.4) so that only that
// defect remains. Written here are what the declaration cannot know
// (thHints): own digests, key lookups, preparations, rolled-over
// timestamps, and each check's defect values.
//
// Test keys: NOT FOR PRODUCTION.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	specdata "github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// thField is one member of a field table: its row (fieldRow) and what
// its vectors read of it.
type thField struct {
	row  fieldRow
	path string // inside the document, with indexes: "tools[0].version"
	kind string // the kind (section 1.3)
	arg  string // const value, "LO..HI", a vocabulary "a,b,c", a timestamp's rolled-over spelling
	// own marks an own digest, or a digest bound to another document within
	// the validator (a grammar defect there meets the digest check).
	own bool
	// lookup marks a key_id: a grammar defect ignored meets the key lookup.
	lookup bool
	// pre prepares the chain so that the field exists and its vectors stay
	// single-cause (a result that did not succeed, for its error).
	pre func(c *chain)
}

// thDocFields are the documents' fields, in table order, derived from the
// declaration of the documents (spec/toolhost/shapes.json): each member
// with its path (an array of objects' members at one element of it, the
// element thElement names), its type and the kind its rules make.
var thDocFields = thFieldsOf(thDecl)

// thDecl is the declaration of the documents.
var thDecl = specdata.MustShapes("toolhost")

// thMsg is the message of code, from the catalogue; a code it lacks is a
// programming error of the generator: it panics.
func thMsg(code string) string {
	m, ok := thRefusals.msg[code]
	if !ok {
		panic("toolhost: no refusal " + code)
	}
	return m
}

// thHints are what a field's vectors need beyond its declaration, by
// "doc.path": own digests, key lookups, the preparation of the chain, and
// each timestamp's rolled-over spelling.
var thHints = map[string]thField{
	"device_proof.key_id": {lookup: true}, "host_lease.key_id": {lookup: true},
	"device_proof.proof_digest": {own: true}, "host_open_proof.device_proof_digest": {own: true},
	"observer_channel_receipt.receipt_digest": {own: true}, "runtime_capability.capability_digest": {own: true},
	"registry.registry_digest": {own: true}, "invocation.arguments_digest": {own: true}, "invocation.invocation_digest": {own: true},
	"cancellation.cancellation_digest": {own: true}, "result.result_digest": {own: true}, "workspace_status.status_digest": {own: true},
	"result.state": {pre: failedResult}, "result.error": {pre: failedResult}, "result.error.code": {pre: failedResult},
	"result.error.message": {pre: failedResult}, "result.diagnostics[0].code": {pre: oneDiagnostic},
	"result.diagnostics[0].summary": {pre: oneDiagnostic},
	"trust.issued_at":               {arg: "2026-08-31T24:00:00.000Z"}, "trust.expires_at": {arg: "2027-08-31T24:00:00.000Z"},
	"device_proof.issued_at": {arg: "2026-09-21T24:00:00.000Z"}, "device_proof.expires_at": {arg: "2026-10-21T24:00:00.000Z"},
	"observer_channel_receipt.opened_at": {arg: "2026-09-21T35:59:59.000Z"},
	"runtime_capability.observed_at":     {arg: "2026-09-22T11:59:60.000Z"},
	"host_lease.issued_at":               {arg: "2026-09-22T11:59:60.000Z"}, "host_lease.expires_at": {arg: "2026-09-22T12:59:60.000Z"},
	"invocation.issued_at": {arg: "2026-09-22T12:29:60.000Z"}, "invocation.deadline_at": {arg: "2026-09-22T12:29:90.000Z"},
	"cancellation.requested_at": {arg: "2026-09-22T12:29:70.000Z"},
	"result.started_at":         {arg: "2026-09-22T12:29:60.500Z"}, "result.completed_at": {arg: "2026-09-22T12:29:61.200Z"},
	"workspace_status.observed_at": {arg: "2026-09-22T12:29:61.000Z"},
}

// thElement is the element of an array of objects whose members get the
// vectors: the second trust key (so that a key id sorts after the first),
// the first element elsewhere.
var thElement = map[string]string{"trust.keys": "[1]"}

// thFieldsOf derives the field tables of every document of d.
func thFieldsOf(d *shapes.Decl) map[string][]thField {
	out := map[string][]thField{}
	for _, o := range d.Objects {
		if strings.Contains(o.Name, ".") {
			continue
		}
		elem := func(path string) string { return thElement[o.Name+"."+path] }
		for _, row := range fieldRows(d, o, "", elem) {
			f := thHints[o.Name+"."+row.path]
			f.row, f.path = row, row.path
			var arg string
			if f.kind, arg = thKindOf(row.m); arg != "" {
				f.arg = arg
			}
			out[o.Name] = append(out[o.Name], f)
		}
	}
	return out
}

// caseName is a path as a case name, its indexes dropped:
// "tools[0].version" is "tools.version".
func caseName(path string) string { return pathIndex.ReplaceAllString(path, "") }

// pathIndex is an index of a path, "[0]".
var pathIndex = regexp.MustCompile(`\[[0-9]+\]`)

// fv is one field vector: a mutation of the chain and its expectation.
type fv struct {
	name, msg, exc, note string
	mut                  func(c *chain)
}

// wrongType is a value of another JSON type than member m's.
func wrongType(m *shapes.Member) *jv {
	switch t := m.Type; {
	case t == "string":
		return I(1)
	case m.Nullable:
		return A()
	case t == "number":
		return S("1")
	case t == "boolean":
		return Null()
	case t == "array":
		return O()
	}
	return A()
}

// bumpLastB64 returns s with its last character changed so that its
// unused low bits are set (a non-canonical spelling of the same bytes).
func bumpLastB64(s string, unusedBits int) string {
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	i := strings.IndexByte(alpha, s[len(s)-1])
	return s[:len(s)-1] + string(alpha[i|(1<<unusedBits-1)])
}

// alphabetDefect replaces, in a character other than the last, the first
// '-' by '+', or else the first '_' by '/', or else the first 'A' by '*'
// (section 8.5): ignored, the same bytes decode.
func alphabetDefect(s string) string {
	body := s[:len(s)-1]
	for _, p := range [][2]string{{"-", "+"}, {"_", "/"}, {"A", "*"}} {
		if i := strings.Index(body, p[0]); i >= 0 {
			return s[:i] + p[1] + s[i+1:]
		}
	}
	panic("toolhost: no character to replace in " + s)
}

// keyB64 is the base64url of a 32-byte key from its hex.
func keyB64(h string) string {
	b := make([]byte, 32)
	for i := range b {
		v, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		b[i] = byte(v)
	}
	return b64(b)
}

// smallOrder are the five canonical encodings of libsodium's blocklist
// (ed25519/1 rule 4), as hex, sign bit clear.
var smallOrder = []struct{ name, hex string }{
	{"y0", "0000000000000000000000000000000000000000000000000000000000000000"},
	{"y1", "0100000000000000000000000000000000000000000000000000000000000000"},
	{"order8a", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"},
	{"order8b", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"},
	{"y-p-1", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"},
}

// signed sets the sign bit (bit 255) of a key's hex.
func signed(h string) string {
	last, _ := strconv.ParseUint(h[62:], 16, 8)
	return h[:62] + strconv.FormatUint(last|0x80, 16)
}

// fieldVectors returns the reject vectors of every field of doc: its type
// guard and the rules of its kind.
func fieldVectors(doc string) []fv {
	out := []fv{{name: "unknown", msg: thMsg(thDecl.Object(doc).Unknown), mut: func(c *chain) {
		d := c.Doc(doc)
		d.Add(S("x"), I(1))
	}}}
	for _, f := range thDocFields[doc] {
		out = append(out, kindVectors(doc, f)...)
	}
	return out
}

func kindVectors(doc string, f thField) (out []fv) {
	p := f.path
	full := doc + "." + p
	name := caseName(p)
	// msgOf is the message of the i-th code of the field's rule check.
	msgOf := func(check string, i int) string { return thMsg(f.row.code(check, i)) }
	set := func(v *jv) func(c *chain) { return func(c *chain) { c.Set(full, v) } }
	setS := func(s string) func(c *chain) { return set(S(s)) }
	pre := f.pre
	if pre == nil {
		pre = func(*chain) {}
	}
	defer func() {
		for i := range out {
			m := out[i].mut
			out[i].mut = func(c *chain) { pre(c); m(c) }
		}
	}()
	out = []fv{
		{name: name + ".type.missing", msg: msgOf("type", 0), exc: "type-guard", mut: func(c *chain) { c.Del(full) }},
		{name: name + ".type.wrong", msg: msgOf("type", 0), exc: "type-guard", mut: set(wrongType(f.row.m))},
	}
	add := func(variant, msg string, mut func(c *chain)) {
		out = append(out, fv{name: name + "." + variant, msg: msg, mut: mut})
	}
	tag := func(exc string) { out[len(out)-1].exc = exc }
	switch f.kind {
	case "const":
		add("const", msgOf("const", 0), setS("x"+f.arg))
	case "false":
		add("const", msgOf("false", 0), set(B(true)))
	case "bool":
	case "id":
		// Each sorts after every id of the chain, so that trust.keys stays
		// ascending when the guard is ignored.
		add("grammar.129", msgOf("id", 0), setS(strings.Repeat("z", 129)))
		add("grammar.first-tilde", msgOf("id", 0), setS("~x"))
		add("grammar.space", msgOf("id", 0), setS("z y"))
		add("grammar.lone-surrogate", msgOf("id", 0), set(Lone("z", 0xd800, "")))
		tag("unencodable")
		if f.lookup {
			for i := len(out) - 4; i < len(out)-1; i++ {
				out[i].exc = "shadowed"
			}
		}
	case "device":
		add("grammar.space", msgOf("id", 0), setS("scdev_01J8 Z3"))
		add("grammar.129", msgOf("id", 0), setS("scdev_"+strings.Repeat("a", 123)))
		add("namespace.bare", msgOf("scdev", 0), setS("scdev_"))
		add("namespace.hyphen", msgOf("scdev", 0), setS("scdev-01J8Z3D5Q2A7"))
	case "origin":
		add("origin.http", msgOf("origin", 0), setS("http://cloud.aethersystems.net"))
		add("origin.port-443", msgOf("origin", 0), setS("https://cloud.aethersystems.net:443"))
		add("origin.trailing-slash", msgOf("origin", 0), setS("https://cloud.aethersystems.net/"))
		add("origin.ipv4", msgOf("origin", 0), setS("https://10.0.0.1"))
		add("origin.upper", msgOf("origin", 0), setS("https://Cloud.aethersystems.net"))
	case "ts":
		add("shape.space", msgOf("timestamp", 0), func(c *chain) {
			c.Set(full, S(strings.Replace(c.Get(full).Str(), "T", " ", 1)))
		})
		tag("grammar")
		add("shape.no-millis", msgOf("timestamp", 0), func(c *chain) {
			s := c.Get(full).Str()
			c.Set(full, S(s[:19]+"Z"))
		})
		tag("grammar")
		add("instant.rollover", msgOf("instant", 0), setS(f.arg))
	case "int":
		lo, hi, _ := strings.Cut(f.arg, "..")
		add("integer.fraction", msgOf("integer", 0), func(c *chain) { c.Set(full, N(c.Get(full).Lit()+".0")) })
		add("integer.exponent", msgOf("integer", 0), func(c *chain) { c.Set(full, N(c.Get(full).Lit()+"e0")) })
		rng := msgOf("range", 0)
		if lo == "0" {
			add("range.minus-one", rng, set(N("-1")))
		} else {
			l, _ := strconv.ParseInt(lo, 10, 64)
			add("range.below", rng, set(I(l-1)))
		}
		add("range.minus-zero", rng, set(N("-0")))
		if full == "result.bounded_bytes" {
			// Ignored, bounded_bytes still has to equal the payload's
			// canonical bytes (rule 16 of section 2.10).
			for i := len(out) - 2; i < len(out); i++ {
				out[i].exc = "shadowed"
			}
		}
		h, _ := strconv.ParseInt(hi, 10, 64)
		add("range.above", rng, set(I(h+1)))
		if hi != "9007199254740991" {
			add("range.2p53", rng, set(N("9007199254740992")))
		}
		if full == "result.bounded_bytes" {
			for i := len(out) - 2; i < len(out); i++ {
				out[i].exc = "shadowed"
			}
		}
	case "text":
		add("control", msgOf("text", 0), setS("user:\u0007x"))
		add("surrogate", msgOf("text", 1), set(Lone("user:", 0xdc00, "x")))
		tag("unencodable")
		add("length.empty", msgOf("text-length", 0), setS(""))
		add("length.257-astral", msgOf("text-length", 0), setS(strings.Repeat("\U0001F600", 257)))
	case "display":
		add("display-char.e-acute", msgOf("display", 0), setS("caf\u00e9 feed"))
		add("display-char.tab", msgOf("display", 0), setS("a\tb"))
		add("display-length.empty", msgOf("display-length", 0), setS(""))
		add("display-length.257", msgOf("display-length", 0), setS(strings.Repeat("x", 257)))
	case "runtime":
		add("grammar.empty", msgOf("runtime-version", 0), setS(""))
		add("grammar.65", msgOf("runtime-version", 0), setS(strings.Repeat("r", 65)))
		add("grammar.e-acute", msgOf("runtime-version", 0), setS("ats-runtime 2.4.1\u00e9"))
	case "code":
		add("grammar.lower", msgOf("code", 0), setS("Tool_failed"))
		add("grammar.65", msgOf("code", 0), setS("T"+strings.Repeat("X", 64)))
		add("grammar.empty", msgOf("code", 0), setS(""))
	case "schema":
		add("grammar.upper", msgOf("schema-ref", 0), setS("Aether.managed-tool-x/1"))
		add("grammar.zero-version", msgOf("schema-ref", 0), setS("aether.managed-tool-x/0"))
		add("grammar.no-version", msgOf("schema-ref", 0), setS("aether.managed-tool-x"))
	case "digest":
		add("grammar.63-hex", msgOf("digest", 0), func(c *chain) {
			c.Set(full, S(c.Get(full).Str()[:70]))
		})
		add("grammar.upper-hex", msgOf("digest", 0), func(c *chain) {
			c.Set(full, S("sha256:"+strings.ToUpper(c.Get(full).Str()[7:])))
		})
		if f.own {
			out[len(out)-1].exc, out[len(out)-2].exc = "shadowed", "shadowed"
		}
	case "b64-32", "b64-64", "key":
		n := 43
		if f.kind == "b64-64" {
			n = 86
		}
		unused := 6 * n % 8 // the low bits of the last character
		// One character short, its last character canonical for the
		// shorter length: ignored, the length decodes to one byte less.
		add("b64-length.short", msgOf("base64url", 0), func(c *chain) {
			s := c.Get(full).Str()
			c.Set(full, S(canonicalLast(s[:n-1])))
		})
		add("b64-length.long", msgOf("base64url", 0), func(c *chain) { s := c.Get(full).Str(); c.Set(full, S(s+"A")) })
		if f.kind == "b64-64" {
			tag("wrong-length")
			out[len(out)-2].exc = "wrong-length"
		}
		add("b64-alphabet", msgOf("base64url", 1), func(c *chain) { c.Set(full, S(alphabetDefect(c.Get(full).Str()))) })
		add("b64-canonical", msgOf("base64url", 2), func(c *chain) { c.Set(full, S(bumpLastB64(c.Get(full).Str(), unused))) })
		if f.kind != "key" {
			break
		}
		for _, k := range smallOrder {
			add("key-small-order."+k.name, msgOf("key-small-order", 0), setS(keyB64(k.hex)))
			add("key-small-order."+k.name+"-signed", msgOf("key-small-order", 0), setS(keyB64(signed(k.hex))))
		}
		p := "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
		p1 := "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
		add("key-noncanonical.p", msgOf("key-canonical", 0), setS(keyB64(p)))
		tag("shadowed")
		add("key-noncanonical.p-signed", msgOf("key-canonical", 0), setS(keyB64(signed(p))))
		tag("shadowed")
		add("key-noncanonical.p1", msgOf("key-canonical", 0), setS(keyB64(p1)))
		tag("shadowed")
		add("key-noncanonical.p2", msgOf("key-canonical", 0), setS(keyB64("efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")))
		add("key-noncanonical.p18", msgOf("key-canonical", 0), setS(keyB64("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")))
	case "enum":
		add("vocabulary", msgOf("enum", 0), setS("x"))
	case "set", "idset":
		lohi, vocab, _ := strings.Cut(f.arg, ":")
		lo, hi, _ := strings.Cut(lohi, "..")
		size := msgOf("size", 0)
		if lo == "1" {
			add("size.empty", size, set(A()))
		}
		if f.kind == "idset" {
			var ids []string
			for i := 0; i < 17; i++ {
				ids = append(ids, "ev-"+string(rune('a'+i)))
			}
			add("size.17", size, set(Strs(ids...)))
			add("item-type", "", func(c *chain) { c.Set(full, A(S("ev-obs-0001"), I(2))) })
			out[len(out)-1].msg, out[len(out)-1].exc = msgOf("each", 0), "type-guard"
			add("item-grammar", "", func(c *chain) { c.Set(full, Strs("ev-obs-0001", "ez bad")) })
			out[len(out)-1].msg = msgOf("id", 0)
			add("repeat", msgOf("repeat", 0), set(Strs("ev-obs-0001", "ev-obs-0001")))
			add("order", msgOf("descending", 0), set(Strs("ev-obs-0002", "ev-obs-0001")))
			break
		}
		words := strings.Split(vocab, ",")
		h, _ := strconv.Atoi(hi)
		sorted := append([]string(nil), words...)
		slices.Sort(sorted) // ASCII: byte order is code point order
		add("size.pigeonhole", size, set(Strs(append(sorted[:h:h], sorted[h-1])...)))
		tag("pigeonhole")
		add("item-type", "", func(c *chain) { c.Set(full, A(I(1))) })
		out[len(out)-1].msg, out[len(out)-1].exc = msgOf("each", 0), "type-guard"
		add("item-vocabulary", "", func(c *chain) { c.Set(full, Strs(sorted[0], "zz_unknown")) })
		out[len(out)-1].msg = msgOf("enum", 0)
		add("repeat", msgOf("repeat", 0), set(Strs(sorted[0], sorted[0])))
		add("order", msgOf("descending", 0), set(Strs(sorted[1], sorted[0])))
	case "objects":
		// Element vectors come from the element's own fields; here the array.
		lo, hi, _ := strings.Cut(f.arg, "..")
		size := msgOf("size", 0)
		if lo == "1" {
			add("size.empty", size, set(A()))
		}
		h, _ := strconv.Atoi(hi)
		add("size.above", size, func(c *chain) { c.Set(full, manyElements(doc, f.path, h+1)) })
		add("item-type", "", func(c *chain) { c.Get(full).Push(S("x")); c.Pinned[full] = true })
		out[len(out)-1].msg, out[len(out)-1].exc = msgOf("each", 0), "type-guard"
		add("unknown", "", func(c *chain) {
			a := c.Get(full)
			if len(a.Elems()) == 0 {
				a.Push(O("code", S("X"), "summary", S("x")))
				c.Pinned[full] = true
			}
			e := a.Elems()[len(a.Elems())-1]
			e.Add(S("x"), I(1))
		})
		out[len(out)-1].msg = msgOf("unknown", 0)
	case "object":
		add("unknown", msgOf("unknown", 0), func(c *chain) {
			o := c.Get(full)
			if o.Kind() != 'o' {
				c.Set(full, O("code", S("TOOL_FAILED"), "message", S("x"), "x", I(1)))
				return
			}
			o.Add(S("x"), I(1))
		})
	case "open":
		// section 1.8: the walk's rules and the byte cap, in openVectors.
		out = append(out, openVectors(doc, f)...)
	default:
		panic("toolhost: kind " + f.kind)
	}
	return out
}

// openVectors are the walk rules of an open value (section 1.8): depth,
// array size, numbers, strings (member names included); the byte cap is in
// the operation's own vectors.
func openVectors(doc string, f thField) []fv {
	full := doc + "." + f.path
	msg := func(i int) string { return thMsg(f.row.code("open-value", i)) }
	name := caseName(f.path)
	depth, _, _ := strings.Cut(f.arg, ":")
	d, _ := strconv.Atoi(depth)
	// The member added keeps the value valid for its own document when the
	// guard is ignored: an unknown member of the arguments is outside
	// E1 (validate-invocation has no E1 rule), and the payload is walked
	// before it is ever validated as a workspace status.
	with := func(k, v *jv) func(c *chain) {
		return func(c *chain) {
			o := c.Get(full)
			o.Add(k, v)
			c.Pinned[full] = true
		}
	}
	var arr33 []*jv
	for i := 0; i < 33; i++ {
		arr33 = append(arr33, I(int64(i)))
	}
	return []fv{
		{name: name + ".depth", msg: msg(0), mut: with(S("x"), gen.Nest(O(), d-1))},
		{name: name + ".array", msg: msg(3), mut: with(S("x"), A(arr33...))},
		{name: name + ".number.negative", msg: msg(1), mut: with(S("x"), N("-1"))},
		{name: name + ".number.fraction", msg: msg(1), mut: with(S("x"), N("1.5"))},
		{name: name + ".number.2p53", msg: msg(1), mut: with(S("x"), N("9007199254740992"))},
		{name: name + ".number.1e400", msg: msg(1), exc: "unencodable", mut: with(S("x"), N("1e400"))},
		{name: name + ".string.control", msg: msg(2), mut: with(S("x"), S("a\u0001b"))},
		{name: name + ".string.257", msg: msg(2), mut: with(S("x"), S(strings.Repeat("\u00e9", 257)))},
		{name: name + ".string.lone-surrogate", msg: msg(2), exc: "unencodable", mut: with(S("x"), Lone("", 0xd800, ""))},
		{name: name + ".string.member-name", msg: msg(2), mut: with(S("a\u0002"), I(1))},
		{name: name + ".string.member-name-surrogate", msg: msg(2), exc: "unencodable", mut: with(Lone("", 0xdbff, ""), I(1))},
	}
}

// failedResult makes the chain's result one that did not succeed (state
// refused, an error, no payload and no output schema), unpinned: the base
// of the result's error vectors.
func failedResult(c *chain) {
	r := c.Docs["result"]
	r.Put("state", S("refused"))
	r.Put("error", O("code", S("TOOL_FAILED"), "message", S("Tool failed")))
	r.Put("payload", Null())
	r.Put("output_schema_id", Null())
	r.Put("output_schema_digest", Null())
}

// oneDiagnostic gives the chain's result one diagnostic, unpinned.
func oneDiagnostic(c *chain) {
	c.Docs["result"].Put("diagnostics", A(O("code", S("TOOL_NOTE"), "summary", S("Served from cache"))))
}

// manyElements returns n valid elements for the array of objects at path:
// trust keys with ascending key ids, registry tools with ascending
// versions, or diagnostics.
func manyElements(doc, path string, n int) *jv {
	a := A()
	for i := 1; i <= n; i++ {
		switch doc + "." + path {
		case "trust.keys":
			a.Push(O("key_id", S(fmt.Sprintf("k-%02d", i)), "public_key", S(gen.ThPublic("cloud-b"))))
		case "registry.tools":
			t := newChain().Get("registry.tools[0]")
			t.Put("version", I(int64(i)))
			a.Push(t)
		default:
			a.Push(O("code", S("TOOL_NOTE"), "summary", S(fmt.Sprintf("Note %d", i))))
		}
	}
	return a
}

// canonicalLast returns s with the unused low bits (6n mod 8) of its last
// character cleared.
func canonicalLast(s string) string {
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	unused := 6 * len(s) % 8
	i := strings.IndexByte(alpha, s[len(s)-1])
	return s[:len(s)-1] + string(alpha[i&^(1<<unused-1)])
}

// thKindOf returns the field kind of spec/toolhost.md section 1.3 that
// member m's declared rules make ("id", "ts", "int", "set", "objects",
// ...), the kind's argument (a const's value, "LO..HI", a set's
// "LO..HI:a,b", an open value's "DEPTH:BYTES", an enum's values joined by
// ","), from the member's declaration.
func thKindOf(m *shapes.Member) (kind, arg string) {
	has := func(check string) *shapes.Rule {
		for i := range m.Rules {
			if m.Rules[i].Check == check {
				return &m.Rules[i]
			}
		}
		return nil
	}
	switch r := m.Rules; {
	case len(r) == 0:
		return "bool", ""
	case r[0].Rule == shapes.RuleConst:
		return "const", r[0].Value
	case r[0].Rule == shapes.RuleFalse:
		return "false", ""
	case r[0].Rule == shapes.RuleEnum:
		return "enum", strings.Join(r[0].Values, ",")
	case r[0].Rule == shapes.RuleObject:
		return "object", ""
	case r[0].Rule == shapes.RuleSize:
		lohi := r[0].Min + ".." + r[0].Max
		switch el := r[1].Rules[0]; el.Rule {
		case shapes.RuleObject:
			return "objects", lohi
		case shapes.RuleEnum:
			return "set", lohi + ":" + strings.Join(el.Values, ",")
		}
		return "idset", lohi
	case has("open-value") != nil:
		return "open", r[0].Args[0] + ":" + r[0].Max
	case has("range") != nil:
		return "int", has("range").Min + ".." + has("range").Max
	case has("key-canonical") != nil:
		return "key", ""
	case has("base64url") != nil:
		return map[string]string{"43": "b64-32", "86": "b64-64"}[r[0].Args[0]], ""
	case has("scdev") != nil:
		return "device", ""
	}
	return map[string]string{"id": "id", "origin": "origin", "timestamp": "ts", "text": "text", "display": "display",
		"runtime-version": "runtime", "code": "code", "schema-ref": "schema", "digest": "digest"}[m.Rules[0].Check], ""
}
