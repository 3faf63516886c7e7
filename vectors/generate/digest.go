package main

// digest/1: spec/digest.md, one file per operation. Every expected JCS text
// below is literal data written from spec/rfc8785.md (members sorted by
// UTF-16 code units, ECMAScript numbers, the short escapes); the only
// computation is SHA-256 of that literal text, for the digest outputs.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

func init() {
	register(source{
		contract: "digest/1",
		files:    digestFiles,
		minCases: 190,
		exceptions: map[string]string{
			// With the argument guard ignored the walk goes on and JCS
			// refuses (spec/digest.md, arguments-digest).
			"arguments-digest.jsonl:number.1e400":          "shadowed",
			"arguments-digest.jsonl:string.lone-surrogate": "shadowed",
			"arguments-digest.jsonl:name.lone-surrogate":   "shadowed",
		},
	})
}

const (
	dgInput     = "input is not valid JSON"
	dgType      = "input has the wrong shape"
	dgSchemaID  = "schema id is not 1 to 128 characters from U+0021-U+007E"
	dgJCS       = "value cannot be canonicalized"
	dgArgNumber = "argument number is not an unsigned safe integer"
	dgArgString = "argument string is not a valid string"
	dgArgArray  = "argument array has more than 32 elements"
	dgArgDepth  = "arguments nest deeper than 8"
	dgArgBytes  = "arguments exceed 65536 canonical bytes"
)

const (
	prefixSchema    = "aether.schema/1"
	prefixArguments = "aether.managed-tool-arguments/1"
)

// h is H(prefix, v) of spec/digest.md for the literal canonical text jcs:
// "sha256:" and the lowercase hex SHA-256 of prefix + LF + jcs.
func h(prefix, jcs string) string {
	sum := sha256.Sum256([]byte(prefix + "\n" + jcs))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func dgBad(name, input string) vcase {
	return refused(name, input, dgInput).withException("grammar")
}

func dgWrongType(name, input string) vcase {
	return refused(name, input, dgType).withException("type-guard")
}

// dgNoJCS is a digest.jcs refusal: the value holds a lone surrogate or a
// number outside the double range.
func dgNoJCS(name, input string) vcase {
	return refused(name, input, dgJCS)
}

// wrap is a digest or signing-input value.
func wrap(schemaID, omit, object string) string {
	return `{"schema_id":` + schemaID + `,"omit":` + omit + `,"object":` + object + `}`
}

func dg(behaviour, op, description string, cases ...vcase) vfile {
	return vfile{contract: "digest/1", op: op, dir: "digest",
		behaviour: behaviour, description: description, cases: cases}
}

// A device-proof-like object (seed 001 section 6, rule 1): its digest omits
// proof_digest and cloud_signature, its signature omits cloud_signature.
const (
	deviceProofID  = "aether.managed-tool-device-proof/1"
	deviceProofObj = `{
    "schema_version": "aether.managed-tool-device-proof/1",
    "device_id": "scdev_0123456789abcdef",
    "device_public_key": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
    "revocation_epoch": 0,
    "issued_at": "2026-01-15T10:00:00.000Z",
    "expires_at": "2026-01-15T11:00:00.000Z",
    "proof_digest": "sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
    "cloud_signature": "5VZDAMNgrHKQhuLMgG6CioSHfx645dl02HPgZSJJAVVfuIIVkKM7rMYeOXAc-bRr0lv18FlbviRlUUFDjnoQCw"
  }`
	deviceProofDigestJCS = `{"device_id":"scdev_0123456789abcdef","device_public_key":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","expires_at":"2026-01-15T11:00:00.000Z","issued_at":"2026-01-15T10:00:00.000Z","revocation_epoch":0,"schema_version":"aether.managed-tool-device-proof/1"}`
	deviceProofSignJCS   = `{"device_id":"scdev_0123456789abcdef","device_public_key":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","expires_at":"2026-01-15T11:00:00.000Z","issued_at":"2026-01-15T10:00:00.000Z","proof_digest":"sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae","revocation_epoch":0,"schema_version":"aether.managed-tool-device-proof/1"}`
)

// The host-open signing input (rule 2): the prefix is
// aether.managed-tool-host-open/1, not the proof object's own schema.
const (
	hostOpenObj = `{"challenge":"ch_9f8e7d6c5b4a3921","device_proof_digest":"sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae","agent_id":"agent_01","conversation_id":"conv_01","local_session_id":"ls_01","session_generation":1,"registry_digest":"sha256:fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9"}`
	hostOpenJCS = `{"agent_id":"agent_01","challenge":"ch_9f8e7d6c5b4a3921","conversation_id":"conv_01","device_proof_digest":"sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae","local_session_id":"ls_01","registry_digest":"sha256:fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9","session_generation":1}`
)

// commonObjectCases are the digest and signing-input cases that depend only
// on v: each is (name, schema_id as JSON, the schema id once read, omit,
// object, expected JCS of v).
var commonObjectCases = []struct{ name, schemaID, id, omit, object, jcs, note string }{
	{"empty-object", `"x"`, "x", `[]`, `{}`, `{}`, ""},
	{"omit.nested-kept", `"x"`, "x", `["a"]`, `{"a":1,"b":{"a":2}}`, `{"b":{"a":2}}`, "omit applies to the top level only."},
	{"omit.absent-name", `"x"`, "x", `["zzz"]`, `{"b":1,"a":2}`, `{"a":2,"b":1}`, "A name that is absent is ignored."},
	{"omit.repeated-name", `"x"`, "x", `["a","a"]`, `{"a":1,"b":2}`, `{"b":2}`, "A name may repeat."},
	{"omit.escaped-name", `"x"`, "x", `["\u0061"]`, `{"a":1,"b":2}`, `{"b":2}`, ""},
	{"omit.everything", `"x"`, "x", `["a","b"]`, `{"a":1,"b":2}`, `{}`, ""},
	{"omit.lone-surrogate-member", `"x"`, "x", `["sig"]`, `{"a":1,"sig":"\ud800"}`, `{"a":1}`,
		"The lone surrogate is in an omitted member, so JCS(v) exists."},
	{"omit.lone-surrogate-name", `"x"`, "x", `["\udc00"]`, `{"\udc00":1,"b":2}`, `{"b":2}`,
		"The omitted name is itself a lone surrogate; v holds none."},
	{"omit.out-of-range-number", `"x"`, "x", `["n"]`, `{"n":1e400,"m":0}`, `{"m":0}`, ""},
	{"utf16-key-order", `"x"`, "x", `[]`, `{"a":0,"\ue000":1,"\ud800\udc00":2}`, "{\"a\":0,\"\U00010000\":2,\"\ue000\":1}",
		"U+10000 (D800 DC00) sorts before U+E000 by UTF-16 units."},
	{"numbers", `"x"`, "x", `[]`, `{"n":[1.0,1e21,-0,0.1,1E-7,9007199254740993,-1.5e3]}`, `{"n":[1,1e+21,0,0.1,1e-7,9007199254740992,-1500]}`, ""},
	{"escapes", `"x"`, "x", `[]`, `{"s":"\u000f\n\"\\\/\u00e9\u2028\u007f"}`, `{"s":"\u000f\n\"\\/` + "\u00e9\u2028\u007f" + `"}`,
		"Only the short escapes and \\u00xx for other C0 controls are escaped; everything else is literal UTF-8."},
	{"nested", `"x"`, "x", `[]`, ` { "z" : [ { "b" : true , "a" : null } ] , "y" : "" } `, `{"y":"","z":[{"a":null,"b":true}]}`, ""},
	{"non-ascii", `"x"`, "x", `[]`, "{\"name\":\"Gr\u00fc\u00dfe \U0001f600\"}", "{\"name\":\"Gr\u00fc\u00dfe \U0001f600\"}", ""},
	{"schema-id.min-char", `"!"`, "!", `[]`, `{}`, `{}`, ""},
	{"schema-id.max-char", `"~"`, "~", `[]`, `{}`, `{}`, ""},
	{"schema-id.128", str(rep("s", 128)), rep("s", 128), `[]`, `{}`, `{}`, ""},
	{"schema-id.escaped", `"\u0061ether.x/1"`, "aether.x/1", `[]`, `{}`, `{}`, ""},
}

// schemaIDRefusals are refused schema ids.
var schemaIDRefusals = []struct{ name, schemaID string }{
	{"schema-id.empty", `""`},
	{"schema-id.129", str(rep("s", 129))},
	{"schema-id.space", `"aether.x /1"`},
	{"schema-id.lf", `"aether.x/1\n"`},
	{"schema-id.tab", `"a\tb"`},
	{"schema-id.nul", `"a\u0000"`},
	{"schema-id.delete", `"a\u007f"`},
	{"schema-id.e-acute", "\"caf\u00e9\""},
	{"schema-id.astral", "\"x\U0001f600\""},
	{"schema-id.lone-surrogate", `"x\ud800"`},
}

// objectRefusals are shape and JCS refusals shared by digest and
// signing-input.
func objectRefusals() []vcase {
	return []vcase{
		dgNoJCS("jcs.lone-surrogate-value", wrap(`"x"`, `[]`, `{"a":"\ud800"}`)),
		dgNoJCS("jcs.lone-surrogate-name", wrap(`"x"`, `[]`, `{"\udc00":1}`)),
		dgNoJCS("jcs.lone-surrogate-nested", wrap(`"x"`, `[]`, `{"a":[{"b":"x\udbff"}]}`)),
		dgNoJCS("jcs.reversed-pair", wrap(`"x"`, `[]`, `{"a":"\udc00\ud800"}`)),
		dgNoJCS("jcs.1e400", wrap(`"x"`, `[]`, `{"n":1e400}`)),
		dgNoJCS("jcs.minus-1e400", wrap(`"x"`, `[]`, `{"n":-1e400}`)),
		dgNoJCS("jcs.400-digits", wrap(`"x"`, `[]`, `{"n":1`+rep("0", 399)+`}`)),
		dgNoJCS("jcs.omit-other-member", wrap(`"x"`, `["b"]`, `{"a":"\ud800","b":1}`)),
		dgWrongType("array", `[]`),
		dgWrongType("string", `"x"`),
		dgWrongType("missing-object", `{"schema_id":"x","omit":[]}`),
		dgWrongType("missing-omit", `{"schema_id":"x","object":{}}`),
		dgWrongType("missing-schema-id", `{"omit":[],"object":{}}`),
		dgWrongType("extra-member", `{"schema_id":"x","omit":[],"object":{},"prefix":"x"}`),
		dgWrongType("schema-id-number", wrap(`1`, `[]`, `{}`)),
		dgWrongType("schema-id-null", wrap(`null`, `[]`, `{}`)),
		dgWrongType("omit-string", wrap(`"x"`, `"a"`, `{}`)),
		dgWrongType("omit-number-member", wrap(`"x"`, `[1]`, `{}`)),
		dgWrongType("omit-null-member", wrap(`"x"`, `[null]`, `{}`)),
		dgWrongType("object-array", wrap(`"x"`, `[]`, `[]`)),
		dgWrongType("object-null", wrap(`"x"`, `[]`, `null`)),
		dgWrongType("object-string", wrap(`"x"`, `[]`, `"{}"`)),
		dgBad("duplicate-in-object", wrap(`"x"`, `[]`, `{"a":1,"a":2}`)),
		dgBad("duplicate-escaped-in-object", wrap(`"x"`, `[]`, `{"a":1,"\u0061":2}`)),
		dgBad("duplicate-top-level", `{"schema_id":"x","omit":[],"object":{},"schema_id":"y"}`),
		dgBad("bom", "\ufeff"+wrap(`"x"`, `[]`, `{}`)),
		dgBad("invalid-utf8", wrap(`"x"`, `[]`, "{\"a\":\"\xc0\xaf\"}")),
		dgBad("trailing-comma", `{"schema_id":"x","omit":[],"object":{},}`),
	}
}

// argsBig is an arguments-digest case written as prefix + fill x count +
// suffix. For an accepted case jcs is the literal canonical text (the same
// pieces, canonical), whose size the generator checks.
func argsBig(name string, e expand, jcs *expand, size int, message string) vcase {
	c := vcase{name: name, expand: &e}
	if n := len(e.bytes()); jcs == nil && n != size {
		panic(fmt.Sprintf("%s: input is %d bytes, want %d", name, n, size))
	}
	if message != "" {
		c.expect, c.message = "refused", message
		return c
	}
	text := string(jcs.bytes())
	if len(text) != size {
		panic(fmt.Sprintf("%s: canonical text is %d bytes, want %d", name, len(text), size))
	}
	c.expect, c.output = "ok", h(prefixArguments, text)
	return c
}

func digestFiles() []vfile {
	var digest, signing []vcase

	digest = append(digest,
		ok("device-proof", wrap(`"`+deviceProofID+`"`, `["proof_digest","cloud_signature"]`, deviceProofObj),
			h(deviceProofID, deviceProofDigestJCS)).
			withNote("proof_digest covers the proof without proof_digest and cloud_signature (rule 1)."),
		ok("device-proof.omit-reordered", wrap(`"`+deviceProofID+`"`, `["cloud_signature","proof_digest"]`, deviceProofObj),
			h(deviceProofID, deviceProofDigestJCS)),
		ok("members-reordered", `{"object":{"b":1,"a":2},"omit":[],"schema_id":"aether.x/1"}`, h("aether.x/1", `{"a":2,"b":1}`)),
	)
	signing = append(signing,
		ok("host-open", wrap(`"aether.managed-tool-host-open/1"`, `[]`, hostOpenObj), "aether.managed-tool-host-open/1\n"+hostOpenJCS).
			withNote("The host-open device_signature input: its prefix is not the proof object's schema id."),
		ok("device-proof", wrap(`"`+deviceProofID+`"`, `["cloud_signature"]`, deviceProofObj), deviceProofID+"\n"+deviceProofSignJCS).
			withNote("The device-proof signature omits only cloud_signature, so it binds proof_digest (rule 2)."),
		ok("members-reordered", `{"object":{"b":1,"a":2},"omit":[],"schema_id":"aether.x/1"}`, "aether.x/1\n"+`{"a":2,"b":1}`),
	)
	for _, c := range commonObjectCases {
		d := ok(c.name, wrap(c.schemaID, c.omit, c.object), h(c.id, c.jcs))
		s := ok(c.name, wrap(c.schemaID, c.omit, c.object), c.id+"\n"+c.jcs)
		if c.note != "" {
			d, s = d.withNote(c.note), s.withNote(c.note)
		}
		digest, signing = append(digest, d), append(signing, s)
	}
	for _, r := range schemaIDRefusals {
		c := refused(r.name, wrap(r.schemaID, `[]`, `{}`), dgSchemaID)
		digest, signing = append(digest, c), append(signing, c)
	}
	digest = append(digest, objectRefusals()...)
	signing = append(signing, objectRefusals()...)

	const schemaDoc = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://schemas.aethersystems.net/managed-ats-tool-host/v1/example.schema.json",
  "x-aether-schema-id": "aether.example/1",
  "type": "object",
  "additionalProperties": false,
  "required": ["symbol", "quantity"],
  "properties": {
    "symbol": {"type": "string", "maxLength": 40},
    "quantity": {"type": "integer", "minimum": 1, "maximum": 9007199254740991}
  }
}
`
	const schemaJCS = `{"$id":"https://schemas.aethersystems.net/managed-ats-tool-host/v1/example.schema.json","$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"quantity":{"maximum":9007199254740991,"minimum":1,"type":"integer"},"symbol":{"maxLength":40,"type":"string"}},"required":["symbol","quantity"],"type":"object","x-aether-schema-id":"aether.example/1"}`
	schema := []vcase{
		ok("example-schema", schemaDoc, h(prefixSchema, schemaJCS)).
			withNote("A whole schema document, pretty-printed: its digest is over JCS of all of it."),
		ok("empty", `{}`, h(prefixSchema, `{}`)),
		ok("common-defs", `{"x-aether-schema-id":"aether.managed-tool-common/1","$defs":{}}`,
			h(prefixSchema, `{"$defs":{},"x-aether-schema-id":"aether.managed-tool-common/1"}`)),
		ok("utf16-key-order", `{"\ufb33":1,"\ud83d\ude00":2,"\u00f6":3}`, h(prefixSchema, "{\"\u00f6\":3,\"\U0001f600\":2,\"\ufb33\":1}")),
		ok("numbers-and-escapes", `{"d":"a\u0001\t/","n":[1e21,1E2,-0.0,5e-324]}`, h(prefixSchema, `{"d":"a\u0001\t/","n":[1e+21,100,0,5e-324]}`)),
		ok("depth-128", rep(`{"a":`, 127)+`{}`+rep("}", 127), h(prefixSchema, rep(`{"a":`, 127)+`{}`+rep("}", 127))).
			withNote("The value input allows depth 128; a schema document has no depth bound of its own."),
		ok("any-strings-and-numbers", `{"title":"`+rep("t", 300)+`","default":-1.5}`, h(prefixSchema, `{"default":-1.5,"title":"`+rep("t", 300)+`"}`)).
			withNote("The open-value bounds of arguments-digest do not apply to a schema."),
		dgNoJCS("jcs.lone-surrogate", `{"description":"\ud83d"}`),
		dgNoJCS("jcs.lone-surrogate-name", `{"\udfff":1}`),
		dgNoJCS("jcs.1e400", `{"maximum":1e400}`),
		dgWrongType("array", `[]`),
		dgWrongType("string", `"aether.schema/1"`),
		dgWrongType("number", `1`),
		dgWrongType("null", `null`),
		dgBad("depth-129", rep(`{"a":`, 128)+`{}`+rep("}", 128)),
		dgBad("duplicate", `{"type":"object","type":"array"}`),
		dgBad("bom", "\ufeff{}"),
		dgBad("empty-input", ``),
	}

	emoji := "\U0001f600"
	s4 := `"` + rep(emoji, 256) + `"` // 1026 bytes, 256 scalar values
	eAcute := "\u00e9"
	s2 := `"` + rep(eAcute, 256) + `"` // 514 bytes
	args := []vcase{
		ok("empty", `{}`, h(prefixArguments, `{}`)),
		ok("order-arguments", `{"symbol":"SPY","side":"buy","quantity":10}`, h(prefixArguments, `{"quantity":10,"side":"buy","symbol":"SPY"}`)),
		ok("literals", `{"b":true,"a":null,"c":false}`, h(prefixArguments, `{"a":null,"b":true,"c":false}`)),
		ok("number.zero", `{"n":0}`, h(prefixArguments, `{"n":0}`)),
		ok("number.2pow53-minus-1", `{"n":9007199254740991}`, h(prefixArguments, `{"n":9007199254740991}`)),
		ok("utf16-key-order", `{"\ue000":1,"\ud800\udc00":2}`, h(prefixArguments, "{\"\U00010000\":2,\"\ue000\":1}")),
		ok("depth-8.objects", rep(`{"a":`, 7)+`{}`+rep("}", 7), h(prefixArguments, rep(`{"a":`, 7)+`{}`+rep("}", 7))).
			withNote("The arguments object is depth 1; the innermost object is depth 8."),
		ok("depth-8.arrays", `{"a":`+rep("[", 7)+rep("]", 7)+`}`, h(prefixArguments, `{"a":`+rep("[", 7)+rep("]", 7)+`}`)),
		ok("array-32", `{"a":[`+rep("0,", 31)+`0]}`, h(prefixArguments, `{"a":[`+rep("0,", 31)+`0]}`)),
		ok("array-32.nested", `{"a":[[`+rep("1,", 31)+`1]]}`, h(prefixArguments, `{"a":[[`+rep("1,", 31)+`1]]}`)),
		ok("string-256.ascii", `{"s":"`+rep("a", 256)+`"}`, h(prefixArguments, `{"s":"`+rep("a", 256)+`"}`)),
		ok("string-256.astral", `{"s":`+s4+`}`, h(prefixArguments, `{"s":`+s4+`}`)).
			withNote("256 scalar values, 512 UTF-16 units, 1024 UTF-8 bytes."),
		ok("name-256", `{"`+rep("k", 256)+`":1}`, h(prefixArguments, `{"`+rep("k", 256)+`":1}`)),
		ok("string.escapes", `{"s":"\"\\\/\u00e9"}`, h(prefixArguments, `{"s":"\"\\/`+eAcute+`"}`)),
		ok("string.no-break-space", `{"s":"\u00a0"}`, h(prefixArguments, "{\"s\":\"\u00a0\"}")),
		argsBig("bytes-65536.4-byte", expand{`{"a":[[`, s4 + "," + s4 + "],[", 31, s4 + `,"` + rep(emoji, 190) + `x"]]}`},
			&expand{`{"a":[[`, s4 + "," + s4 + "],[", 31, s4 + `,"` + rep(emoji, 190) + `x"]]}`}, 65536, "").
			withNote("Exactly 65536 canonical bytes in 16,582 characters (32,900 UTF-16 units)."),
		argsBig("bytes-65536.2-byte", expand{`{"a":[[`, s2 + "," + s2 + "," + s2 + "," + s2 + "],[", 31, s2 + "," + s2 + "," + s2 + `,"` + rep(eAcute, 28) + `x"]]}`},
			&expand{`{"a":[[`, s2 + "," + s2 + "," + s2 + "," + s2 + "],[", 31, s2 + "," + s2 + "," + s2 + `,"` + rep(eAcute, 28) + `x"]]}`}, 65536, "").
			withNote("Exactly 65536 canonical bytes in 32,996 characters."),
		argsBig("bytes-65536.whitespace", expand{`{ "a" : [ [ `, s4 + " , " + s4 + " ] , [ ", 31, s4 + ` , "` + rep(emoji, 190) + `x" ] ] }`},
			&expand{`{"a":[[`, s4 + "," + s4 + "],[", 31, s4 + `,"` + rep(emoji, 190) + `x"]]}`}, 65536, "").
			withNote("The input is longer than 65536 bytes; its canonical form is exactly 65536."),
		argsBig("bytes-65537.4-byte", expand{`{"a":[[`, s4 + "," + s4 + "],[", 31, s4 + `,"` + rep(emoji, 190) + `xy"]]}`},
			nil, 65537, dgArgBytes).
			withNote("65537 canonical bytes in 16,583 characters, 32,901 UTF-16 units."),
		argsBig("bytes-65537.2-byte", expand{`{"a":[[`, s2 + "," + s2 + "," + s2 + "," + s2 + "],[", 31, s2 + "," + s2 + "," + s2 + `,"` + rep(eAcute, 28) + `xy"]]}`},
			nil, 65537, dgArgBytes),
		refused("depth-9.objects", rep(`{"a":`, 8)+`{}`+rep("}", 8), dgArgDepth),
		refused("depth-9.arrays", `{"a":`+rep("[", 8)+rep("]", 8)+`}`, dgArgDepth),
		refused("depth-9.mixed", `{"a":[{"b":[{"c":[{"d":[{}]}]}]}]}`, dgArgDepth),
		refused("array-33", `{"a":[`+rep("0,", 32)+`0]}`, dgArgArray),
		refused("array-33.nested", `{"a":{"b":[`+rep(`"x",`, 32)+`"x"]}}`, dgArgArray),
		refused("number.minus-one", `{"n":-1}`, dgArgNumber),
		refused("number.minus-zero", `{"n":-0}`, dgArgNumber),
		refused("number.fraction", `{"n":1.0}`, dgArgNumber),
		refused("number.half", `{"n":0.5}`, dgArgNumber),
		refused("number.exponent", `{"n":1e2}`, dgArgNumber),
		refused("number.exponent-upper", `{"n":1E2}`, dgArgNumber),
		refused("number.2pow53", `{"n":9007199254740992}`, dgArgNumber),
		refused("number.2pow53-plus-1", `{"n":9007199254740993}`, dgArgNumber),
		refused("number.in-array", `{"a":[1,2,3.5]}`, dgArgNumber),
		refused("number.1e400", `{"n":1e400}`, dgArgNumber).withException("shadowed").
			withNote("With the guard ignored the walk goes on and JCS refuses the out-of-range number."),
		refused("string.control", `{"s":"\u0001"}`, dgArgString),
		refused("string.tab", `{"s":"a\tb"}`, dgArgString),
		refused("string.delete", `{"s":"\u007f"}`, dgArgString),
		refused("string.c1-raw", "{\"s\":\"\u0085\"}", dgArgString),
		refused("string.257.ascii", `{"s":"`+rep("a", 257)+`"}`, dgArgString),
		refused("string.257.astral", `{"s":"`+rep(emoji, 257)+`"}`, dgArgString),
		refused("name.control", `{"k\u001f":1}`, dgArgString),
		refused("name.lf", `{"\n":1}`, dgArgString),
		refused("name.257", `{"`+rep("k", 257)+`":1}`, dgArgString),
		refused("string.lone-surrogate", `{"s":"\ud800"}`, dgArgString).withException("shadowed").
			withNote("With the guard ignored the walk goes on and JCS refuses the lone surrogate (spec)."),
		refused("name.lone-surrogate", `{"\udc00":1}`, dgArgString).withException("shadowed"),
		dgWrongType("array", `[]`),
		dgWrongType("string", `"x"`),
		dgWrongType("number", `1`),
		dgWrongType("null", `null`),
		dgBad("duplicate", `{"a":1,"a":2}`),
		dgBad("duplicate-nested", `{"a":{"b":1,"\u0062":2}}`),
		dgBad("leading-zero", `{"n":01}`),
		dgBad("bom", "\ufeff{}"),
	}

	return []vfile{
		dg("digest", "digest", "Rule 1: sha256: and the hex SHA-256 of the schema id, LF and JCS of the object without the omitted members.", digest...),
		dg("signing-input", "signing-input", "Rule 2: the bytes Ed25519 signs, the schema id, LF and JCS of the object without the omitted members.", signing...),
		dg("schema-digest", "schema-digest", "Rule 4: H(aether.schema/1, the whole schema document).", schema...),
		dg("arguments-digest", "arguments-digest", "Rule 3 and the open-value bounds: depth 8, arrays of 32, unsigned safe integers, strings of 256, 65536 canonical bytes.", args...),
	}
}
