package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	gowebpki "github.com/gowebpki/jcs"
)

// TestBehaviourNames checks the file naming of the contracts with several
// operations: a file holds one operation, and its stem is that operation's
// name or <op>-<aspect>.
func TestBehaviourNames(t *testing.T) {
	multi := map[string]bool{}
	ops := map[string]map[string]bool{}
	for _, f := range allFiles() {
		if ops[f.contract] == nil {
			ops[f.contract] = map[string]bool{}
		}
		ops[f.contract][f.op] = true
	}
	for c, o := range ops {
		multi[c] = len(o) > 1 || c == "v8date/1" || c == "ed25519/1"
	}
	for _, f := range allFiles() {
		if multi[f.contract] && f.behaviour != f.op && !strings.HasPrefix(f.behaviour, f.op+"-") {
			t.Errorf("%s/%s.jsonl holds op %s: its stem must be %s or %s-<aspect>", f.dir, f.behaviour, f.op, f.op, f.op)
		}
	}
}

// TestTimestampOutputs cross-checks the hand-written epoch milliseconds of
// prim/1 timestamp and v8date/1 parse against Go's time package.
func TestTimestampOutputs(t *testing.T) {
	n := 0
	for _, f := range allFiles() {
		if !(f.contract == "prim/1" && f.op == "timestamp") && f.contract != "v8date/1" {
			continue
		}
		for _, c := range f.cases {
			if c.expect != "ok" {
				continue
			}
			var s string
			if err := json.Unmarshal(c.inputBytes(), &s); err != nil || len(s) != 24 {
				t.Errorf("%s: input %q", c.name, c.inputBytes())
				continue
			}
			num := func(i, j int) int {
				v, err := strconv.Atoi(s[i:j])
				if err != nil {
					t.Fatalf("%s: %q", c.name, s)
				}
				return v
			}
			want := time.Date(num(0, 4), time.Month(num(5, 7)), num(8, 10), num(11, 13), num(14, 16), num(17, 19), num(20, 23)*1e6, time.UTC)
			if want.Year() != num(0, 4) || int(want.Month()) != num(5, 7) || want.Day() != num(8, 10) || want.Hour() != num(11, 13) {
				t.Errorf("%s: %s is not a real instant", c.name, s)
			}
			if got := strconv.FormatInt(want.UnixMilli(), 10); got != c.output {
				t.Errorf("%s %s: output %s, time package says %s", f.behaviour, c.name, c.output, got)
			}
			n++
		}
	}
	if n < 50 {
		t.Errorf("only %d accepted timestamps", n)
	}
}

// TestDigestOutputs cross-checks every accepted digest/1 output against
// gowebpki/jcs, an independent RFC 8785 implementation: the expected JCS
// texts in digest.go are literal, and this catches a slip in writing them.
func TestDigestOutputs(t *testing.T) {
	canon := func(name string, v []byte) string {
		b, err := gowebpki.Transform(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return string(b)
	}
	hash := func(prefix, text string) string {
		sum := sha256.Sum256([]byte(prefix + "\n" + text))
		return "sha256:" + hex.EncodeToString(sum[:])
	}
	n := 0
	for _, f := range allFiles() {
		if f.contract != "digest/1" {
			continue
		}
		for _, c := range f.cases {
			if c.expect != "ok" {
				continue
			}
			n++
			in := c.inputBytes()
			switch f.op {
			case "digest", "signing-input":
				var v struct {
					SchemaID string                     `json:"schema_id"`
					Omit     []string                   `json:"omit"`
					Object   map[string]json.RawMessage `json:"object"`
				}
				if err := json.Unmarshal(in, &v); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				for _, o := range v.Omit {
					delete(v.Object, o)
				}
				obj, err := json.Marshal(v.Object)
				if err != nil {
					t.Fatal(err)
				}
				text := canon(c.name, obj)
				want := v.SchemaID + "\n" + text
				if f.op == "digest" {
					want = hash(v.SchemaID, text)
				}
				if c.output != want {
					t.Errorf("%s %s: output %q, gowebpki/jcs gives %q", f.op, c.name, c.output, want)
				}
			case "schema-digest":
				if want := hash(prefixSchema, canon(c.name, in)); c.output != want {
					t.Errorf("%s %s: output %s, gowebpki/jcs gives %s", f.op, c.name, c.output, want)
				}
			case "arguments-digest":
				text := canon(c.name, in)
				if len(text) > 65536 {
					t.Errorf("%s %s: %d canonical bytes", f.op, c.name, len(text))
				}
				if want := hash(prefixArguments, text); c.output != want {
					t.Errorf("%s %s: output %s, gowebpki/jcs gives %s", f.op, c.name, c.output, want)
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d accepted digest vectors", n)
	}
}
