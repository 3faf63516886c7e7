package digest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
)

type opFunc = reftest.Op

// row is one table case (reftest.Row): an operation, a JSON value input,
// the guards ignored, and the exact output or the exact refusal, named by
// its line in this file.
type row = reftest.Row

// ok is a row of op whose input is accepted with output want; no one
// refused by a guard.
var ok, no = reftest.OpOK, reftest.OpNo

// H is the expected digest, computed here from the hand-written canonical
// text canon, independently of the package's JCS path.
func H(prefix, canon string) string {
	sum := sha256.Sum256([]byte(prefix + "\n" + canon))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func runRows(t *testing.T, rows []row) {
	t.Helper()
	reftest.Run(t, rows, nil)
}

func TestGuards(t *testing.T) {
	want := []string{"input", "type", "schema_id", "jcs", "arg_number", "arg_string", "arg_array", "arg_depth", "arg_bytes"}
	if len(Guards) != len(want) {
		t.Fatalf("%d guards", len(Guards))
	}
	for i, g := range Guards {
		if g.Code != "digest."+want[i] || g.Contract != Contract {
			t.Errorf("guard %d: %+v", i, g)
		}
	}
}

func signedIn(id, omit, object string) string {
	return `{"schema_id":` + id + `,"omit":` + omit + `,"object":` + object + `}`
}

func TestDigestAndSigningInput(t *testing.T) {
	obj := `{"proof_digest":"sha256:00","b":[1.0,-0,1e2,"\u00e9\ud83d\ude00"],"a":{"z":null,"\ue000":true,"\ud800\udc00":false},"cloud_signature":"x"}`
	canon := `{"a":{"z":null,"` + "\U00010000" + `":false,"` + "\ue000" + `":true},"b":[1,0,100,"` + "\u00e9\U0001F600" + `"]}`
	id128 := strings.Repeat("!", 64) + strings.Repeat("~", 64)
	runRows(t, []row{
		ok(Digest, signedIn(`"aether.device-proof/1"`, `["proof_digest","cloud_signature"]`, obj), H("aether.device-proof/1", canon)),
		ok(SigningInput, signedIn(`"aether.device-proof/1"`, `["proof_digest","cloud_signature"]`, obj), "aether.device-proof/1\n"+canon),
		ok(SigningInput, signedIn(`"s/1"`, `["cloud_signature"]`, `{"b":1,"cloud_signature":"x","proof_digest":"p"}`), `s/1`+"\n"+`{"b":1,"proof_digest":"p"}`),
		// a name that is absent is ignored; a name may repeat; omit is top level only
		ok(SigningInput, signedIn(`"s/1"`, `["x","x","b","b"]`, `{"b":1,"a":{"b":2}}`), "s/1\n"+`{"a":{"b":2}}`),
		ok(SigningInput, signedIn(`"s/1"`, `[]`, `{}`), "s/1\n{}"),
		ok(SigningInput, signedIn(`"s/1"`, `["\u0061"]`, `{"a":1,"A":2}`), "s/1\n"+`{"A":2}`),
		ok(Digest, signedIn(`"s/1"`, `[]`, `{}`), H("s/1", "{}")),
		ok(Digest, signedIn(`"`+id128+`"`, `[]`, `{}`), H(id128, "{}")),
		ok(Digest, signedIn(`"s/1"`, `[]`, `{"n":1e21,"m":0.000001,"k":1e-7,"j":9007199254740993}`), H("s/1", `{"j":9007199254740992,"k":1e-7,"m":0.000001,"n":1e+21}`)),
		ok(Digest, signedIn(`"s/1"`, `[]`, `{"s":"\u0000\u001f\u007f\u2028\"\\/"}`), H("s/1", `{"s":"\u0000\u001f`+"\u007f\u2028"+`\"\\/"}`)),
		// schema_id, at its bounds and past them
		no(Digest, signedIn(`""`, `[]`, `{}`), ErrSchemaID),
		no(Digest, signedIn(`"`+id128+`!"`, `[]`, `{}`), ErrSchemaID),
		no(Digest, signedIn(`"a b"`, `[]`, `{}`), ErrSchemaID),
		no(Digest, signedIn(`"a\nb"`, `[]`, `{}`), ErrSchemaID),
		no(Digest, signedIn(`"a\u007f"`, `[]`, `{}`), ErrSchemaID),
		no(Digest, signedIn(`"\u00e9"`, `[]`, `{}`), ErrSchemaID),
		no(SigningInput, signedIn(`"\u0020"`, `[]`, `{}`), ErrSchemaID),
		no(SigningInput, signedIn(`"\ud800"`, `[]`, `{}`), ErrSchemaID),
		ok(SigningInput, signedIn(`"a b\u00e9"`, `[]`, `{}`), "a b\u00e9\n{}", ErrSchemaID),
		ok(SigningInput, signedIn(`""`, `[]`, `{}`), "\n{}", ErrSchemaID),
		// jcs
		no(Digest, signedIn(`"s/1"`, `[]`, `{"a":"\ud800"}`), ErrJCS),
		no(Digest, signedIn(`"s/1"`, `[]`, `{"\udc00":1}`), ErrJCS),
		no(Digest, signedIn(`"s/1"`, `[]`, `{"a":[1e400]}`), ErrJCS),
		no(SigningInput, signedIn(`"s/1"`, `[]`, `{"a":-1e400}`), ErrJCS),
		ok(SigningInput, signedIn(`"s/1"`, `["a"]`, `{"a":"\ud800","b":1}`), "s/1\n"+`{"b":1}`), // omitted before JCS
		ok(SigningInput, signedIn(`"s/1"`, `[]`, `{"a":"\ud800","b":-1e400}`), "s/1\n"+`{"a":"`+"\xed\xa0\x80"+`","b":-Infinity}`, ErrJCS),
		no(Digest, signedIn(`"a b"`, `[]`, `{"a":"\ud800"}`), ErrSchemaID), // schema_id before jcs
		no(Digest, signedIn(`"a b"`, `[]`, `{"a":"\ud800"}`), ErrJCS, ErrSchemaID),
		// type
		no(Digest, `{"schema_id":"s/1","omit":[]}`, ErrType),
		no(Digest, `{"schema_id":"s/1","omit":[],"object":{},"x":1}`, ErrType),
		no(Digest, signedIn(`1`, `[]`, `{}`), ErrType),
		no(Digest, signedIn(`"s/1"`, `"a"`, `{}`), ErrType),
		no(Digest, signedIn(`"s/1"`, `[1]`, `{}`), ErrType),
		no(Digest, signedIn(`"s/1"`, `[]`, `[]`), ErrType),
		no(Digest, signedIn(`"s/1"`, `[]`, `null`), ErrType),
		no(SigningInput, `[]`, ErrType),
		no(SigningInput, `"s/1"`, ErrType, Guards...),
		no(Digest, signedIn(`"a b"`, `[1]`, `{}`), ErrType), // type before schema_id
		// input
		no(Digest, ``, ErrInput),
		no(Digest, signedIn(`"s/1"`, `[]`, `{"a":1,"a":2}`), ErrInput),
		no(SigningInput, signedIn(`"s/1"`, `[]`, `{"a":1,"a":2}`), ErrInput, Guards...),
	})
}

func TestSchemaDigest(t *testing.T) {
	runRows(t, []row{
		ok(SchemaDigest, `{"$id":"https://schemas.aethersystems.net/x","type":"object","additionalProperties":false}`,
			H(SchemaPrefix, `{"$id":"https://schemas.aethersystems.net/x","additionalProperties":false,"type":"object"}`)),
		ok(SchemaDigest, `{}`, H("aether.schema/1", `{}`)),
		ok(SchemaDigest, ` { "b" : [ ] , "a" : 1.50 } `, H("aether.schema/1", `{"a":1.5,"b":[]}`)),
		no(SchemaDigest, `{"a":"\udfff"}`, ErrJCS),
		no(SchemaDigest, `{"a":1e309}`, ErrJCS),
		ok(SchemaDigest, `{"a":1e309}`, H("aether.schema/1", `{"a":Infinity}`), ErrJCS),
		no(SchemaDigest, `[]`, ErrType),
		no(SchemaDigest, `"x"`, ErrType),
		no(SchemaDigest, `{`, ErrInput),
	})
}

// nest returns an object nested to depth d (the outer object at depth 1)
// with leaf at the innermost.
func nest(d int, leaf string) string {
	return strings.Repeat(`{"a":`, d-1) + `{"a":` + leaf + `}` + strings.Repeat(`}`, d-1)
}

func arr(n int, elem string) string {
	return "[" + strings.TrimSuffix(strings.Repeat(elem+",", n), ",") + "]"
}

// sized returns arguments whose canonical form is exactly n bytes (n >= 2):
// members "kNNNN" in order, each holding at most 512 bytes of 2-byte
// characters (256 scalar values), so that the byte bound is reached with
// about half as many characters. The input is its own canonical form.
func sized(n int) (in, canon string) {
	over := func(i int) int { // "kNNNN":"" and the comma before all but the first
		if i == 0 {
			return len(`"k0000":""`)
		}
		return len(`,"k0000":""`)
	}
	var b strings.Builder
	b.WriteString("{")
	size := 2
	for i := 0; size < n; i++ {
		rest := n - size - over(i)
		v := rest
		if v > 512 {
			v = 512
			if rest-512 < over(i+1) {
				v = rest - over(i+1)
			}
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%04d":"%s%s"`, i, strings.Repeat("\u00e9", v/2), strings.Repeat("e", v%2))
		size += over(i) + v
	}
	b.WriteString("}")
	return b.String(), b.String()
}

func TestArgumentsDigest(t *testing.T) {
	s256 := strings.Repeat("\U0001F600", 256)
	at, at1 := sized(MaxArgBytes)
	over, over1 := sized(MaxArgBytes + 1)
	if len(at1) != MaxArgBytes || len(over1) != MaxArgBytes+1 {
		t.Fatalf("sized: %d, %d", len(at1), len(over1))
	}
	runRows(t, []row{
		ok(ArgumentsDigest, `{"b":[0,9007199254740991],"a":"x"}`, H(ArgumentsPrefix, `{"a":"x","b":[0,9007199254740991]}`)),
		ok(ArgumentsDigest, `{}`, H("aether.managed-tool-arguments/1", `{}`)),
		// depth: the arguments object is depth 1; a container opened at depth 9 is refused
		ok(ArgumentsDigest, nest(8, `1`), H(ArgumentsPrefix, nest(8, `1`))),
		no(ArgumentsDigest, nest(8, `{}`), ErrArgDepth),
		no(ArgumentsDigest, nest(8, `[]`), ErrArgDepth),
		ok(ArgumentsDigest, nest(7, `[1]`), H(ArgumentsPrefix, nest(7, `[1]`))),
		no(ArgumentsDigest, nest(8, `[-1]`), ErrArgDepth), // depth at the bracket, before the number
		ok(ArgumentsDigest, nest(20, `1`), H(ArgumentsPrefix, nest(20, `1`)), ErrArgDepth),
		// arrays: 32 elements, the 33rd refused when it starts
		ok(ArgumentsDigest, `{"a":`+arr(32, `1`)+`}`, H(ArgumentsPrefix, `{"a":`+arr(32, `1`)+`}`)),
		no(ArgumentsDigest, `{"a":`+arr(33, `1`)+`}`, ErrArgArray),
		no(ArgumentsDigest, `{"a":`+arr(32, `1`)+`,"b":`+arr(33, `1`)+`}`, ErrArgArray),
		no(ArgumentsDigest, `{"a":`+arr(32, `1`)[:len(arr(32, `1`))-1]+`,-1]}`, ErrArgArray),    // 33rd element is -1
		no(ArgumentsDigest, `{"a":`+arr(31, `1`)[:len(arr(31, `1`))-1]+`,-1,1]}`, ErrArgNumber), // 32nd is -1
		ok(ArgumentsDigest, `{"a":`+arr(40, `1`)+`}`, H(ArgumentsPrefix, `{"a":`+arr(40, `1`)+`}`), ErrArgArray),
		// numbers
		ok(ArgumentsDigest, `{"a":0}`, H(ArgumentsPrefix, `{"a":0}`)),
		no(ArgumentsDigest, `{"a":-1}`, ErrArgNumber),
		no(ArgumentsDigest, `{"a":-0}`, ErrArgNumber),
		no(ArgumentsDigest, `{"a":1.0}`, ErrArgNumber),
		no(ArgumentsDigest, `{"a":1e2}`, ErrArgNumber),
		no(ArgumentsDigest, `{"a":0.5}`, ErrArgNumber),
		no(ArgumentsDigest, `{"a":9007199254740992}`, ErrArgNumber),
		no(ArgumentsDigest, `{"a":90071992547409910}`, ErrArgNumber),
		ok(ArgumentsDigest, `{"a":9007199254740991}`, H(ArgumentsPrefix, `{"a":9007199254740991}`)),
		ok(ArgumentsDigest, `{"a":1.0,"b":-0,"c":1e2}`, H(ArgumentsPrefix, `{"a":1,"b":0,"c":100}`), ErrArgNumber),
		no(ArgumentsDigest, `{"a":1e400}`, ErrJCS, ErrArgNumber),
		// strings, member names included
		no(ArgumentsDigest, `{"a":"\u0000"}`, ErrArgString),
		no(ArgumentsDigest, `{"a":"\u0085"}`, ErrArgString),
		no(ArgumentsDigest, `{"\u001f":1}`, ErrArgString),
		no(ArgumentsDigest, `{"a":["\ud800"]}`, ErrArgString),
		no(ArgumentsDigest, `{"a":"`+strings.Repeat("x", 257)+`"}`, ErrArgString),
		no(ArgumentsDigest, `{"`+strings.Repeat("x", 257)+`":1}`, ErrArgString),
		ok(ArgumentsDigest, `{"a":"`+s256+`"}`, H(ArgumentsPrefix, `{"a":"`+s256+`"}`)),
		ok(ArgumentsDigest, `{"a":"\u0000"}`, H(ArgumentsPrefix, `{"a":"\u0000"}`), ErrArgString),
		no(ArgumentsDigest, `{"a":"\ud800"}`, ErrJCS, ErrArgString), // shadowed
		// document order: the first defect met wins
		no(ArgumentsDigest, `{"b":-1,"a":"\u0000"}`, ErrArgNumber),
		no(ArgumentsDigest, `{"b":"\u0000","a":-1}`, ErrArgString),
		no(ArgumentsDigest, `{"\u0000":-1}`, ErrArgString), // name before value
		no(ArgumentsDigest, `{"a":-1,"b":`+nest(8, `{}`)+`}`, ErrArgNumber),
		no(ArgumentsDigest, `{"b":`+nest(8, `{}`)+`,"a":-1}`, ErrArgDepth),
		// bytes: exactly 65536 canonical bytes, then one more
		ok(ArgumentsDigest, at, H(ArgumentsPrefix, at1)),
		no(ArgumentsDigest, over, ErrArgBytes),
		ok(ArgumentsDigest, over, H(ArgumentsPrefix, over1), ErrArgBytes),
		// type and input
		no(ArgumentsDigest, `[]`, ErrType),
		no(ArgumentsDigest, `1`, ErrType, Guards...),
		no(ArgumentsDigest, `{"a":1,"a":1}`, ErrInput),
	})
}
