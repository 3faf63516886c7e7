package frame

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestRegistered checks lex as the registry runs it: empty, non-nil output
// on acceptance, the refusal otherwise, and the ignore option passed on.
func TestRegistered(t *testing.T) {
	var lex register.Operation
	for _, o := range register.All() {
		if o.Contract == Contract && o.Op == Op {
			lex = o
		}
	}
	if lex.Run == nil {
		t.Fatal("lex is not registered")
	}
	if out, err := lex.Run([]byte(`{"b":1,"a":"\u00e9"}`)); err != nil || out == nil || len(out) != 0 {
		t.Errorf("an object: %q (nil %v), %v", out, out == nil, err)
	}
	if _, err := lex.Run([]byte(`[]`)); err == nil || err.Error() != ErrNotObject.Message {
		t.Errorf("[]: %v", err)
	}
	if _, err := lex.Run([]byte(`[]`), refusal.Ignoring(ErrNotObject.Message)); err != nil {
		t.Errorf("[] with %s ignored: %v", ErrNotObject.Code, err)
	}
}
