package corpus

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/vectors"
)

// The ed25519/1 corpora (shared/corpora/ed25519/SOURCE.md), this
// contract's own layouts: KindWycheproof, KindSpeccheck and KindCCTV. Each
// entry is the JSON value input of spec/ed25519.md,
// {"key":"<hex>","sig":"<hex>","msg":"<hex>"} (members in this order,
// lowercase hex, no whitespace), and its expectation is the verdict of
// spec/ed25519.md ("Corpora"): ExpectOK with empty output, or
// ExpectRefusedAny. spec/ed25519.md's Corpora table feeds them to verify
// with the verdict policy.

// The layouts of this contract's corpora.
const (
	// KindWycheproof is one Wycheproof EdDSA verify file in a wycheproof/
	// directory (shared/corpora/ed25519/SOURCE.md).
	KindWycheproof Kind = "wycheproof"
	// KindSpeccheck is the cases.json of a speccheck/ directory, the 12
	// cases of "Taming the many EdDSAs" (shared/corpora/ed25519/SOURCE.md).
	KindSpeccheck Kind = "speccheck"
	// KindCCTV is C2SP/CCTV's ed25519vectors.json
	// (shared/corpora/ed25519/SOURCE.md).
	KindCCTV Kind = "cctv"
)

// speccheckContract and speccheckOp are what the ids of the speccheck
// verdict table were computed with (speccheckVerdicts): the table's own
// identity, whatever the catalogue feeds the layout to.
const (
	speccheckContract = "ed25519/1"
	speccheckOp       = "verify"
)

// verifyEntry returns the entry of one corpus vector: its input and
// expectation (an ExpectOK entry expects empty output), without Name,
// Source, Note and Corpus.
func verifyEntry(key, sig, msg []byte, expect vectors.Expect) vectors.Case {
	input := []byte(`{"key":"` + hex.EncodeToString(key) +
		`","sig":"` + hex.EncodeToString(sig) +
		`","msg":"` + hex.EncodeToString(msg) + `"}`)
	c := vectors.Case{Input: input, Expect: expect}
	if expect == vectors.ExpectOK {
		c.Output = []byte{}
	}
	return c
}

// flagPolicy maps every flag a loader knows to whether the flag alone makes
// ed25519/1 refuse the entry. A flag not in the map stops the load: a new
// flag may name a case the policy has not been decided for.
type flagPolicy map[string]bool

// refuses reports whether any of flags refuses. It fails on the first flag
// the policy does not know.
func (p flagPolicy) refuses(flags []string) (bool, error) {
	refuse := false
	for _, f := range flags {
		r, ok := p[f]
		if !ok {
			return false, fmt.Errorf("unknown flag %q: the flag policy must decide it first", f)
		}
		refuse = refuse || r
	}
	return refuse, nil
}

// decodeHex decodes a hex field of a corpus entry, naming the field on
// failure. Upper-case digits are accepted; the case input is always written
// in lower case.
func decodeHex(field, s string) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%s is not hex: %v", field, err)
	}
	return b, nil
}

// decodeObject decodes the JSON object data into the struct v. Every name
// in required must be a member, and not null: encoding/json would leave a
// missing or null member at its zero value, which for a hex field is a
// valid empty string. A required name ending in "?" must be a member but may
// be null. With exact, a member that v has no field for is an error too.
func decodeObject(data []byte, v any, exact bool, required ...string) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	if members == nil {
		return errors.New("is null, not an object")
	}
	for _, name := range required {
		name, nullable := strings.CutSuffix(name, "?")
		m, ok := members[name]
		if !ok {
			return fmt.Errorf("missing member %q", name)
		}
		if string(m) == "null" && !nullable {
			return fmt.Errorf("member %q is null", name)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if exact {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(v)
}

// decodeFile decodes the whole of the file data at path into v: an object
// as decodeObject does, when required is not empty, or else any value. A
// JSON syntax or type error is located at its line.
func decodeFile(path string, data []byte, v any, exact bool, required ...string) error {
	var err error
	if len(required) > 0 {
		err = decodeObject(data, v, exact, required...)
	} else {
		err = json.Unmarshal(data, v)
	}
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	offset := int64(-1)
	switch {
	case errors.As(err, &syn):
		offset = syn.Offset
	case errors.As(err, &typ):
		offset = typ.Offset
	}
	line := 0
	if offset >= 0 {
		// The offset is just past the offending byte.
		offset = min(max(offset-1, 0), int64(len(data)))
		line = 1 + bytes.Count(data[:offset], []byte{'\n'})
	}
	return &Error{Path: path, Line: line, Err: err}
}

// joinFlags writes flags for a case Note.
func joinFlags(flags []string) string {
	if len(flags) == 0 {
		return "no flags"
	}
	return "flags " + strings.Join(flags, ", ")
}
