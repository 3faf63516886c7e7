package gocheck

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

func TestJCSProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("JCS is idempotent", prop.ForAll(func(b []byte) bool {
		return ok(JCSIdempotent(jsonText(b)))
	}, drawn()))
	props.Property("member order does not matter", prop.ForAll(func(b []byte) bool {
		return ok(JCSMemberOrder(jsonText(b), fgen.New(append([]byte{7}, b...))))
	}, drawn()))
	props.Property("JCS output passes the frame lexer inside its domain", prop.ForAll(func(b []byte) bool {
		return ok(JCSPassesFrame(fgen.JSON(fgen.New(b), fgen.JSONOptions{Object: true})))
	}, drawn()))
	props.TestingRun(t)
}

// TestFrameDomainIsReached keeps the frame property honest: enough of the
// drawn objects are inside the lexer's domain for the property to say
// something.
func TestFrameDomainIsReached(t *testing.T) {
	in := 0
	r := gopter.DefaultGenParameters()
	for range 2000 {
		v, _ := drawn()(r).Retrieve()
		out := fgen.JSON(fgen.New(v.([]byte)), fgen.JSONOptions{Object: true})
		if c, err := canonical(out); err == nil && InFrameDomain(c) {
			in++
		}
	}
	if in < 200 {
		t.Errorf("only %d of 2000 drawn objects are in the frame lexer's domain", in)
	}
}

// TestFrameDomain checks InFrameDomain on hand-made texts: numbers that are
// not safe integers, controls and depth 17 are outside the frame lexer's
// domain, a plain frame is inside.
func TestFrameDomain(t *testing.T) {
	for _, s := range []string{`{"a":-1}`, `{"a":1.5}`, `{"a":9007199254740992}`, `{"a":"\u0001"}`, "{\"a\":\"\u0085\"}", `[1]`,
		`{"a":` + strings.Repeat("[", 16) + strings.Repeat("]", 16) + `}`} {
		if InFrameDomain([]byte(s)) {
			t.Errorf("%s is in the frame domain", s)
		}
	}
	if !InFrameDomain([]byte("{\"a\":[9007199254740991,0],\"b\":{\"c\":\"\u00e9\\\\\"}}")) {
		t.Error("a plain frame is outside the domain")
	}
}
