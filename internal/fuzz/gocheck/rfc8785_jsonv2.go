//go:build goexperiment.jsonv2

package gocheck

import (
	"bytes"
	"encoding/json/jsontext"
	"fmt"

	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

func init() { checkJSONText = AgainstJSONText }

// AgainstJSONText compares rfc8785/1 with encoding/json/jsontext's
// Value.Canonicalize (RFC 8785), built with GOEXPERIMENT=jsonv2:
//
//   - input the reference accepts, jsontext must accept with the same bytes;
//   - input jsontext accepts, the reference must accept, or refuse for a
//     reason jsontext does not have: nesting past 128 (jsontext allows
//     10000) or a number outside the double range (jsontext clamps it to
//     the largest double).
func AgainstJSONText(in []byte) error {
	want, err := rfc8785.Canonicalize(in)
	v := jsontext.Value(bytes.Clone(in))
	jerr := v.Canonicalize()
	switch {
	case err == nil && jerr != nil:
		return fmt.Errorf("jsontext refuses %q (%v); the reference gives %q", in, jerr, want)
	case err == nil && !bytes.Equal(v, want):
		return fmt.Errorf("jsontext gives %q for %q; the reference gives %q", []byte(v), in, want)
	case err != nil && jerr == nil:
		e, _ := refusal.As(err)
		if e != nil && (e.Guard == rfc8785.ErrDepth || e.Guard == rfc8785.ErrNumberRange) {
			return nil
		}
		return fmt.Errorf("the reference refuses %q (%v); jsontext accepts it as %q", in, err, []byte(v))
	}
	return nil
}
