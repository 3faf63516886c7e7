package digest

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// The digest prefixes fixed by seed 001, section 6, decided encoding rules
// 3 and 4.
const (
	SchemaPrefix    = "aether.schema/1"
	ArgumentsPrefix = "aether.managed-tool-arguments/1"
)

// The bounds of the open JSON values (seed 001, section 6, "Lane decisions
// awaiting review", and decided encoding rules 7, 8 and 13).
const (
	MaxSchemaID  = 128                // units of schema_id
	MaxArgDepth  = 8                  // nesting of arguments; the object itself is depth 1
	MaxArgArray  = 32                 // elements of an argument array
	MaxArgString = 256                // Unicode scalar values of an argument string
	MaxArgBytes  = 65536              // bytes of JCS(arguments)
	MaxSafe      = "9007199254740991" // 2^53-1, the largest argument number
)

// read parses the JSON value input. ErrInput has no accept path. The
// refusal is located where the parse stopped.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr))
	}
	return &v, nil
}

// wrongShape refuses with ErrType, located at the value v found at the
// pointer p. ErrType has no accept path: ignored, there is still no value
// of the expected shape, so the refusal stands.
func wrongShape(c *refusal.Checker, v *jsonvalue.Value, p jsonvalue.Pointer) error {
	if err := c.Refuse(ErrType); err != nil {
		return refusal.Locate(err, v.At(p))
	}
	return refusal.Locate(&refusal.Error{Guard: ErrType}, v.At(p))
}

// within returns the refusal err, located at a value inside v, with its
// pointer read from v's parent: p, the pointer of v, is put before it.
// Any other error is returned as it is.
func within(err error, p jsonvalue.Pointer) error {
	if e, ok := refusal.As(err); ok && e.At.HasPointer {
		e.At.Pointer = string(p) + e.At.Pointer
	}
	return err
}

// jcs returns the RFC 8785 canonical form of v, computed by
// rfc8785.Canonicalize on v written back as JSON text (lone surrogates as
// their \u escapes, numbers as their literals), so that the rfc8785/1
// reference decides every byte. A value it refuses (a lone surrogate, a
// number outside the double range) is ErrJCS; ignored, the rfc8785/1
// "Ignored:" forms are used (a lone surrogate as its 3-byte generalized
// UTF-8, an overflowing number as Infinity or -Infinity).
//
// p is the pointer of v in the input. ErrJCS is located at the value
// rfc8785.Canonicalize refused, by its pointer (AppendJSON keeps every
// member and element where it was), without an offset: Canonicalize's is
// into the text written back, not into the input.
func jcs(c *refusal.Checker, v *jsonvalue.Value, p jsonvalue.Pointer) ([]byte, error) {
	text := jsonvalue.AppendJSON(nil, v)
	out, rerr := rfc8785.Canonicalize(text)
	if rerr == nil {
		return out, nil
	}
	if err := c.Refuse(ErrJCS); err != nil {
		return nil, refusal.Locate(err, refused(rerr, p))
	}
	out, err := rfc8785.Canonicalize(text, refusal.Ignoring(rfc8785.ErrSurrogate.Message, rfc8785.ErrNumberRange.Message))
	if err != nil {
		return nil, &refusal.Error{Guard: ErrJCS} // unreachable: no other rfc8785 guard can refuse text AppendJSON wrote
	}
	return out, nil
}

// refused returns the location, in the input, of the value that the
// rfc8785 refusal rerr of the value at the pointer p refused: p followed by
// rerr's pointer, or p alone when rerr has none.
func refused(rerr error, p jsonvalue.Pointer) refusal.Location {
	if e, ok := refusal.As(rerr); ok && e.At.HasPointer {
		return refusal.AtPointer(string(p) + e.At.Pointer)
	}
	return refusal.AtPointer(string(p))
}

// h returns H(prefix, v) for the canonical bytes canon of v: "sha256:" and
// the lowercase hex SHA-256 of prefix + LF + canon.
func h(prefix []byte, canon []byte) []byte {
	s := sha256.New()
	s.Write(prefix)
	s.Write([]byte{'\n'})
	s.Write(canon)
	out := append(make([]byte, 0, 7+64), "sha256:"...)
	return hex.AppendEncode(out, s.Sum(nil))
}

// signed checks the {schema_id, omit, object} input of Digest and
// SigningInput and returns ASCII(schema_id) and JCS(object without the
// omitted members).
func signed(c *refusal.Checker, in []byte) (prefix, canon []byte, err error) {
	v, err := read(c, in)
	if err != nil {
		return nil, nil, err
	}
	if !v.HasExactly("schema_id", "omit", "object") {
		return nil, nil, wrongShape(c, v, jsonvalue.Root)
	}
	id, _ := v.Get("schema_id")
	omit, _ := v.Get("omit")
	obj, _ := v.Get("object")
	switch {
	case id.Kind != jsonvalue.String:
		return nil, nil, wrongShape(c, id, jsonvalue.Root.Name("schema_id"))
	case omit.Kind != jsonvalue.Array:
		return nil, nil, wrongShape(c, omit, jsonvalue.Root.Name("omit"))
	case obj.Kind != jsonvalue.Object:
		return nil, nil, wrongShape(c, obj, jsonvalue.Root.Name("object"))
	}
	for i := range omit.Elems {
		if omit.Elems[i].Kind != jsonvalue.String {
			return nil, nil, wrongShape(c, &omit.Elems[i], jsonvalue.Root.Name("omit").Index(i))
		}
	}
	bad := len(id.Units) < 1 || len(id.Units) > MaxSchemaID
	for _, x := range id.Units {
		bad = bad || x < 0x21 || x > 0x7E
	}
	if bad {
		if err := c.Refuse(ErrSchemaID); err != nil {
			return nil, nil, refusal.Locate(err, id.At(jsonvalue.Root.Name("schema_id")))
		}
		// Ignored: schema_id is written as its UTF-8 (lone surrogates in
		// generalized form).
	}
	omitted := make(map[string]bool, len(omit.Elems))
	for i := range omit.Elems {
		omitted[jsonvalue.Key(omit.Elems[i].Units)] = true
	}
	kept := jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{}}
	for _, m := range obj.Members {
		if !omitted[jsonvalue.Key(m.Name)] {
			kept.Members = append(kept.Members, m)
		}
	}
	canon, err = jcs(c, &kept, jsonvalue.Root.Name("object"))
	if err != nil {
		return nil, nil, err
	}
	return jsonvalue.AppendUTF8(nil, id.Units), canon, nil
}

// Digest takes a JSON value input {"schema_id": string, "omit": [string],
// "object": object} and returns H(schema_id, v), 71 ASCII bytes, where v is
// object without the top-level members named in omit (a name that is
// absent is ignored; a name may repeat): the common digest of proof_digest,
// receipt_digest and the other *_digest fields.
//
// It refuses, in this order: ErrInput; ErrType (not an object of exactly
// those three members of those types); ErrSchemaID (schema_id not 1 to 128
// units, each U+0021-U+007E, so no space, LF or non-ASCII); ErrJCS (v holds
// a lone surrogate or a number outside the double range). Ignored
// ErrSchemaID: schema_id is written as its UTF-8 bytes. Ignored ErrJCS: the
// rfc8785/1 "Ignored:" forms are hashed.
//
// Source: spec/digest.md, "digest"; seed 001, section 6, decided encoding
// rule 1.
func Digest(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	prefix, canon, err := signed(c, in)
	if err != nil {
		return nil, err
	}
	return h(prefix, canon), nil
}

// SigningInput takes the same input as Digest and returns the bytes
// ASCII(schema_id) + LF + JCS(v) that pure Ed25519 signs (no prehash).
//
// It refuses as Digest does.
//
// Source: spec/digest.md, "signing-input"; seed 001, section 6, decided
// encoding rule 2.
func SigningInput(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	prefix, canon, err := signed(c, in)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(prefix)+1+len(canon))
	out = append(append(append(out, prefix...), '\n'), canon...)
	return out, nil
}

// SchemaDigest takes a JSON value input holding an object, a whole schema
// document, and returns H("aether.schema/1", document), 71 ASCII bytes.
//
// It refuses, in this order: ErrInput; ErrType (not an object); ErrJCS (as
// Digest).
//
// Source: spec/digest.md, "schema-digest"; seed 001, section 6, decided
// encoding rule 4.
func SchemaDigest(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.Object {
		return nil, wrongShape(c, v, jsonvalue.Root)
	}
	canon, err := jcs(c, v, jsonvalue.Root)
	if err != nil {
		return nil, err
	}
	return h([]byte(SchemaPrefix), canon), nil
}

// ArgumentsDigest takes a JSON value input holding an object, an
// invocation's arguments, and returns H("aether.managed-tool-arguments/1",
// arguments), 71 ASCII bytes.
//
// It refuses ErrInput, then ErrType (not an object), then the first defect
// met walking the value in document order (a member's name before its
// value), the arguments object at depth 1: ErrArgDepth (a container opened
// at depth 9), ErrArgArray (an array's 33rd element, when it starts),
// ErrArgNumber (a number whose literal is not 0 or [1-9][0-9]* at most
// 2^53-1: -1, 1.0, 1e2, -0 and 2^53 are refused), ErrArgString (a string or
// member name with a Cc control, an unpaired surrogate or more than 256
// Unicode scalar values); then ErrJCS (as Digest); then ErrArgBytes
// (JCS(arguments) longer than 65536 bytes: UTF-8 bytes, never characters or
// UTF-16 units).
//
// Ignored guards let the walk go on; an ignored ErrArgString for a lone
// surrogate then meets ErrJCS.
//
// Source: spec/digest.md, "arguments-digest"; seed 001, section 6, decided
// encoding rules 3, 8 and 13 and "Lane decisions awaiting review".
func ArgumentsDigest(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.Object {
		return nil, wrongShape(c, v, jsonvalue.Root)
	}
	if err := walk(c, v, 1); err != nil {
		return nil, err
	}
	canon, err := jcs(c, v, jsonvalue.Root)
	if err != nil {
		return nil, err
	}
	if len(canon) > MaxArgBytes {
		if err := c.Refuse(ErrArgBytes); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
	}
	return h([]byte(ArgumentsPrefix), canon), nil
}

// walk checks the open-value rules on v, found at depth (its own depth if
// it is a container), in document order. Its recursion is bounded by the
// parser's depth limit, 128. A refusal is located at the value it is about,
// with its pointer from v (the caller puts v's own before it).
func walk(c *refusal.Checker, v *jsonvalue.Value, depth int) error {
	switch v.Kind {
	case jsonvalue.Array, jsonvalue.Object:
		if depth > MaxArgDepth {
			if err := c.Refuse(ErrArgDepth); err != nil {
				return refusal.Locate(err, v.At(jsonvalue.Root))
			}
		}
	case jsonvalue.Number:
		if !safeUnsigned(v.Text) {
			if err := c.Refuse(ErrArgNumber); err != nil {
				return refusal.Locate(err, v.At(jsonvalue.Root))
			}
		}
	case jsonvalue.String:
		return refusal.Locate(checkString(c, v.Units), v.At(jsonvalue.Root))
	}
	for i := range v.Elems {
		if i == MaxArgArray {
			if err := c.Refuse(ErrArgArray); err != nil {
				return refusal.Locate(err, v.Elems[i].At(jsonvalue.Root.Index(i)))
			}
		}
		if err := walk(c, &v.Elems[i], depth+1); err != nil {
			return within(err, jsonvalue.Root.Index(i))
		}
	}
	for i := range v.Members {
		m := &v.Members[i]
		if err := checkString(c, m.Name); err != nil {
			return refusal.Locate(err, refusal.AtPointer(string(jsonvalue.Root.NameUnits(m.Name))))
		}
		if err := walk(c, &m.Value, depth+1); err != nil {
			return within(err, jsonvalue.Root.NameUnits(m.Name))
		}
	}
	return nil
}

// safeUnsigned reports whether a number literal is 0 or [1-9][0-9]* at most
// 2^53-1, compared on the digits.
func safeUnsigned(text string) bool {
	if text == "0" {
		return true
	}
	if text == "" || text[0] < '1' || text[0] > '9' {
		return false
	}
	for i := 1; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			return false
		}
	}
	return len(text) < len(MaxSafe) || (len(text) == len(MaxSafe) && text <= MaxSafe)
}

// checkString applies the prim/1 string rule under the one message
// ErrArgString: no Cc control, no unpaired surrogate, at most 256 Unicode
// scalar values.
func checkString(c *refusal.Checker, u []uint16) error {
	bad := jsonvalue.CodePoints(u) > MaxArgString
	for i := 0; i < len(u) && !bad; {
		_, n, lone := jsonvalue.At(u, i)
		bad = lone || jsonvalue.IsControl(u[i])
		i += n
	}
	if bad {
		if err := c.Refuse(ErrArgString); err != nil {
			return err
		}
	}
	return nil
}
