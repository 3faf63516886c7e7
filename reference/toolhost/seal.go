package toolhost

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"

	"github.com/conform-dev/conform/reference/digest"
	"github.com/conform-dev/conform/reference/ed25519"
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// The signing-input prefixes of decided rule 2 (section 1.6): the device
// proof's and the host lease's are their schema ids; the host-open proof's
// is its own, not the proof's schema id.
const (
	prefixHostOpen  = "aether.managed-tool-host-open/1"
	prefixArguments = digest.ArgumentsPrefix // decided rule 3
)

// decl is the projection declaration of one object (declOf): its
// declared members, resolved from the declaration (resolve), cached per
// declaration (*shapes.Decl to *declMembers).
type decl struct {
	object string
	cache  sync.Map
}

// declMembers is an object's declared members and, for each member that
// is a closed object or an array of objects, that object's decl.
type declMembers struct {
	members []string
	nested  map[string]*decl
}

// proj returns the declared projection of o (section 1.6): o with only
// the members d declares, in o's order, each closed object replaced by its
// projection and each object element of an array of objects by its
// projection; everything else is kept as it is. It never modifies o.
func proj(o *jsonvalue.Value, dd *decl) *jsonvalue.Value {
	d := dd.resolve()
	out := &jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{}}
	for _, m := range o.Members {
		declared := false
		for _, n := range d.members {
			if jsonvalue.EqualString(m.Name, n) {
				declared = true
				break
			}
		}
		if !declared {
			continue
		}
		if sub := d.nested[string(jsonvalue.AppendUTF8(nil, m.Name))]; sub != nil {
			switch m.Value.Kind {
			case jsonvalue.Object:
				m.Value = *proj(&m.Value, sub)
			case jsonvalue.Array:
				elems := make([]jsonvalue.Value, len(m.Value.Elems))
				for i := range m.Value.Elems {
					elems[i] = m.Value.Elems[i]
					if elems[i].Kind == jsonvalue.Object {
						elems[i] = *proj(&elems[i], sub)
					}
				}
				m.Value = jsonvalue.Value{Kind: jsonvalue.Array, Elems: elems}
			}
		}
		out.Members = append(out.Members, m)
	}
	return out
}

// without returns object o without the members named omit (top level only).
func without(o *jsonvalue.Value, omit ...string) *jsonvalue.Value {
	out := &jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{}}
	for _, m := range o.Members {
		if !oneOf(m.Name, omit...) {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// only returns object o with only the members named keep, in o's order.
func only(o *jsonvalue.Value, keep ...string) *jsonvalue.Value {
	out := &jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{}}
	for _, m := range o.Members {
		if oneOf(m.Name, keep...) {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// jcs returns the RFC 8785 canonical form of v, computed by the rfc8785/1
// reference on v written back as JSON text (lone surrogates as their \u
// escapes, numbers as their literals). A value it refuses (a lone
// surrogate, a number whose nearest double is infinite) is ErrJCS, which
// has no accept path: ignored, there are still no bytes to hash or count
// (section 5).
func jcs(c *refusal.Checker, v *jsonvalue.Value) ([]byte, error) {
	out, err := rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, v))
	if err != nil {
		if err := c.Refuse(ErrJCS); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrJCS}
	}
	return out, nil
}

// h returns H(prefix, v) for the canonical bytes canon of v (digest/1):
// "sha256:" and the lowercase hex SHA-256 of prefix + LF + canon.
func h(prefix string, canon []byte) string {
	s := sha256.New()
	s.Write([]byte(prefix))
	s.Write([]byte{'\n'})
	s.Write(canon)
	return "sha256:" + hex.EncodeToString(s.Sum(nil))
}

// digestOf returns H(prefix, v), or ErrJCS.
func digestOf(c *refusal.Checker, prefix string, v *jsonvalue.Value) (string, error) {
	canon, err := jcs(c, v)
	if err != nil {
		return "", err
	}
	return h(prefix, canon), nil
}

// signingInput returns ASCII(prefix) + LF + JCS(v), the bytes Ed25519 signs
// (decided rule 2), or ErrJCS.
func signingInput(c *refusal.Checker, prefix string, v *jsonvalue.Value) ([]byte, error) {
	canon, err := jcs(c, v)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(prefix)+1+len(canon))
	return append(append(append(out, prefix...), '\n'), canon...), nil
}

// safeUnsigned reports whether a number literal is 0 or [1-9][0-9]* at most
// 2^53-1, compared on the digits (the open-value number rule, section 1.8).
func safeUnsigned(text string) bool {
	const maxSafe = "9007199254740991"
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
	return len(text) < len(maxSafe) || (len(text) == len(maxSafe) && text <= maxSafe)
}

// validString is prim/1 string on u: no Cc control, no unpaired surrogate,
// at most 256 Unicode scalar values (the open-value string rule).
func validString(u []uint16) bool {
	if jsonvalue.CodePoints(u) > 256 {
		return false
	}
	for i := 0; i < len(u); {
		_, n, lone := jsonvalue.At(u, i)
		if lone || jsonvalue.IsControl(u[i]) {
			return false
		}
		i += n
	}
	return true
}

// zeroSig is a 64-byte signature used only to reach ed25519/1's key rules.
var zeroSig [ed25519.SignatureSize]byte

// keyScreeningFails reports whether key fails the key screening inside
// verify (section 1.7, message 1): not 32 bytes (ed25519/1 rule 2), y not
// below p (rule 3), small order (rule 4), or not a curve point (rule 5).
// The rules are the ed25519/1 reference's own: VerifyStrict checks every
// key rule before any rule on the signature, so with a 64-byte signature
// its first refusal is a key rule's exactly when the key fails one.
func keyScreeningFails(key []byte) bool {
	e, ok := refusal.As(ed25519.VerifyStrict(key, nil, zeroSig[:]))
	if !ok {
		return false
	}
	switch e.Guard {
	case ed25519.ErrKeyLength, ed25519.ErrKeyNoncanonical, ed25519.ErrKeySmallOrder, ed25519.ErrKeyPoint:
		return true
	}
	return false
}

// keyRules are the ed25519/1 key rules, which signatureVerifies lets pass.
var keyRules = refusal.Ignoring(ed25519.ErrKeyLength.Message, ed25519.ErrKeyNoncanonical.Message,
	ed25519.ErrKeySmallOrder.Message, ed25519.ErrKeyPoint.Message)

// signatureVerifies reports whether sig is a valid strict Ed25519 signature
// of msg under key, the key rules aside (section 1.7, message 2): the
// signature is 64 bytes, R is not of small order, S is below L, and the
// cofactorless equation holds. A key that failed the screening is decoded
// as ed25519/1's ignored rules say (y reduced mod p); one that is not 32
// bytes or not a point never verifies (section 5).
func signatureVerifies(key, msg, sig []byte) bool {
	return ed25519.VerifyStrict(key, msg, sig, keyRules) == nil
}
