package gocheck

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	fgen "conform/fuzz/gen"
)

// parameters are the property tests' parameters: a fixed seed, so a
// failure is reproducible (gopter prints it), and 2000 tries per property.
func parameters() *gopter.TestParameters {
	p := gopter.DefaultTestParametersWithSeed(20261130)
	p.MinSuccessfulTests = 2000
	return p
}

// drawn is a gopter generator of fuzz bytes for package gen's generators:
// 16 to 600 random bytes, shrunk by dropping their tail, so that a failure
// is reported on the shortest prefix that still fails.
func drawn() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		b := make([]byte, 16+p.Rng.Intn(584))
		for i := range b {
			b[i] = byte(p.Rng.Intn(256))
		}
		shrink := func(v any) gopter.Shrink {
			cur := v.([]byte)
			return func() (any, bool) {
				if len(cur) <= 1 {
					return nil, false
				}
				cur = cur[:len(cur)/2]
				return cur, true
			}
		}
		return gopter.NewGenResult(b, shrink)
	}
}

// jsonText draws a JSON text with package gen from drawn bytes.
func jsonText(b []byte) []byte {
	return fgen.JSON(fgen.New(b), fgen.JSONOptions{Flaws: len(b)%4 == 0, Deep: fgen.TextDepths})
}

func ok(err error) bool { return err == nil }

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

func TestDigestProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	for _, op := range []string{"digest", "signing-input", "schema-digest", "arguments-digest"} {
		props.Property(op+" ignores member order", prop.ForAll(func(b []byte) bool {
			s := fgen.New(b)
			var in []byte
			switch op {
			case "schema-digest":
				in = fgen.SchemaValue(s)
			case "arguments-digest":
				in = fgen.ArgumentsValue(s)
			default:
				in = fgen.DigestValue(s)
			}
			return ok(DigestMemberOrder(op, in, s))
		}, drawn()))
	}
	props.TestingRun(t)
}

func TestPyJSONProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("pyjson-ascii output parses back to the same value", prop.ForAll(func(b []byte) bool {
		return ok(PyJSONRoundTrip(jsonText(b)))
	}, drawn()))
	props.TestingRun(t)
}

// minMillis and maxMillis bound the timestamps prim/1 accepts: years 1 to
// 9999.
var (
	minMillis = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	maxMillis = time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC).UnixMilli()
)

func TestPrimProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("base64url round-trips 32 and 64 bytes", prop.ForAll(func(raw []byte) bool {
		return ok(Base64URLRoundTrip(raw))
	}, gen.OneGenOf(gen.SliceOfN(32, gen.UInt8()), gen.SliceOfN(64, gen.UInt8()))))
	props.Property("base64url refuses every other length", prop.ForAll(func(raw []byte) bool {
		return ok(Base64URLRoundTrip(raw))
	}, gen.SliceOf(gen.UInt8()).SuchThat(func(b []byte) bool { return len(b) != 32 && len(b) != 64 })))
	props.Property("timestamps agree with time.Time on years 1 to 9999", prop.ForAll(func(ms int64) bool {
		return ok(TimestampAgrees(time.UnixMilli(ms)))
	}, gen.Int64Range(minMillis, maxMillis)))
	props.Property("timestamps agree with time.Time at the ends of months and years", prop.ForAll(func(y, m int, last bool, ms int) bool {
		d := time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC)
		if last {
			d = d.AddDate(0, 1, 0).Add(-time.Duration(ms+1) * time.Millisecond)
		} else {
			d = d.Add(time.Duration(ms) * time.Millisecond)
		}
		return ok(TimestampAgrees(d))
	}, gen.IntRange(1, 9999), gen.IntRange(1, 12), gen.Bool(), gen.IntRange(0, 999)))
	props.TestingRun(t)
}

// TestChecksCanFail checks that the property checks report what they are
// there to catch, on hand-made inputs where the property does not hold.
func TestChecksCanFail(t *testing.T) {
	// Shuffle reorders members, or the member-order property would check
	// nothing.
	out := []byte(`{"a":1,"b":{"c":2,"d":3},"e":[{"f":4,"g":5}]}`)
	differ := false
	for i := range 20 {
		if !reflect.DeepEqual(Shuffle(out, fgen.New([]byte{byte(i), byte(i * 7), 3, 9})), out) {
			differ = true
		}
	}
	if !differ {
		t.Error("Shuffle never reorders members")
	}
	// The json.loads model tells -0.0 from 0.0 and refuses what Python
	// refuses.
	v1, err1 := PyLoads([]byte(`{"a":[1,2.0,"\ud800",-0.0]}`))
	v2, err2 := PyLoads([]byte(`{"a":[1,2.0,"\ud800",0.0]}`))
	if err1 != nil || err2 != nil || v1.Equal(v2) {
		t.Errorf("PyLoads/Equal: -0.0 and 0.0 must differ (%v %v)", err1, err2)
	}
	if _, err := PyLoads([]byte(`[1,]`)); err == nil {
		t.Error("PyLoads accepts a trailing comma")
	}
	// The frame domain: numbers that are not safe integers, controls and
	// depth 17 are outside it.
	for _, s := range []string{`{"a":-1}`, `{"a":1.5}`, `{"a":9007199254740992}`, `{"a":"\u0001"}`, "{\"a\":\"\u0085\"}", `[1]`,
		`{"a":` + strings.Repeat("[", 16) + strings.Repeat("]", 16) + `}`} {
		if InFrameDomain([]byte(s)) {
			t.Errorf("%s is in the frame domain", s)
		}
	}
	if !InFrameDomain([]byte("{\"a\":[9007199254740991,0],\"b\":{\"c\":\"\u00e9\\\\\"}}")) {
		t.Error("a plain frame is outside the domain")
	}
	// The Ed25519 oracle refuses what the strict rules refuse.
	if m := StrictMessage(make([]byte, 32), nil, append([]byte{1}, make([]byte, 63)...)); m != "public key has small order" {
		t.Errorf("the all-zero key: %q", m)
	}
}
