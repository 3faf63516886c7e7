package gocheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers toolhost/1's Go-only targets, FuzzToolhostSealObjects and
// FuzzToolhostSealChecks, reading the formats of FuzzToolhostObjects and
// FuzzToolhostChecks: every case the reference accepts must be refused
// once one member of one of its sealed documents changes.
func init() {
	check := func(c cases.Case, s *gen.Source) error { return ToolhostSealCovers(c.Op, c.Input, s) }
	register(Target{Name: "FuzzToolhostSealObjects", Input: "FuzzToolhostObjects", check: check})
	register(Target{Name: "FuzzToolhostSealChecks", Input: "FuzzToolhostChecks", check: check})
}

// ToolhostContract is the contract the toolhost checks run.
const ToolhostContract = "toolhost/1"

// ToolhostAccepts runs a toolhost/1 operation on an input (an envelope,
// JSON text) through the reference and returns nil when it accepts, or an
// error naming the refusal.
func ToolhostAccepts(op string, in []byte) error {
	o, ok := reference.Lookup(ToolhostContract, op)
	if !ok {
		return fmt.Errorf("no %s operation %q", ToolhostContract, op)
	}
	if _, err := o.Run(in); err != nil {
		return fmt.Errorf("%s refuses a sealed input: %v\n  input %s", op, err, in)
	}
	return nil
}

// ToolhostSealCovers checks the sealing law of toolhost/1 (spec/toolhost.md
// sections 1.6 and 8.4): when the reference accepts input in of operation
// op, changing one value anywhere under one declared member of one sealed
// document of the envelope (gen.ToolhostSeals), without resealing, makes
// the reference refuse. The document, the member and the change are drawn
// from s; the change keeps the value's type and, where it can, its
// grammar (a timestamp moves by a millisecond, a digest or an identifier
// changes one character, an integer moves by one), so that it is the seal
// that must catch it. An input the reference refuses, or whose envelope
// holds no sealed document, passes.
func ToolhostSealCovers(op string, in []byte, s *gen.Source) error {
	o, ok := reference.Lookup(ToolhostContract, op)
	if !ok {
		return fmt.Errorf("no %s operation %q", ToolhostContract, op)
	}
	if _, err := o.Run(in); err != nil {
		if _, isRefusal := refusal.As(err); !isRefusal {
			return fmt.Errorf("%s answers outside its table: %v", op, err)
		}
		return nil
	}
	changed, what, err := ToolhostChangeSealed(in, s)
	if err != nil || changed == nil {
		return err
	}
	if out, err := o.Run(changed); err == nil {
		return fmt.Errorf("%s accepts a sealed document with %s changed, not resealed:\n  input   %s\n  changed %s\n  answer  %s", op, what, in, changed, out)
	} else if _, isRefusal := refusal.As(err); !isRefusal {
		return fmt.Errorf("%s answers outside its table: %v", op, err)
	}
	return nil
}

// ToolhostChangeSealed returns envelope in (JSON text) with one value under
// one declared member of one sealed document changed, and the path it
// changed ("result.payload.local_status.host_state"); nil and "" when the
// envelope has no sealed document with such a member. It fails only on an
// input that is not a JSON object.
func ToolhostChangeSealed(in []byte, s *gen.Source) ([]byte, string, error) {
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	var env map[string]any
	if err := dec.Decode(&env); err != nil {
		return nil, "", fmt.Errorf("not a JSON object: %v", err)
	}
	var docs []string
	for name := range env {
		if _, sealed := gen.ToolhostSeals[name]; sealed {
			if _, isObject := env[name].(map[string]any); isObject {
				docs = append(docs, name)
			}
		}
	}
	if len(docs) == 0 {
		return nil, "", nil
	}
	sort.Strings(docs)
	doc := gen.Pick(s, docs)
	d := env[doc].(map[string]any)
	var members []string
	for _, m := range gen.ToolhostDeclared(doc) {
		if _, present := d[m]; present && !contains(gen.ToolhostSeals[doc], m) {
			members = append(members, m)
		}
	}
	if len(members) == 0 {
		return nil, "", nil
	}
	m := gen.Pick(s, members)
	path := doc + "." + m
	d[m] = changeValue(d[m], s, &path)
	out, err := json.Marshal(env)
	if err != nil {
		return nil, "", err
	}
	return out, path, nil
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// changeValue returns v with one value in it changed: at v itself, or, by
// draws, under one of its members or elements; path gets the way down.
func changeValue(v any, s *gen.Source, path *string) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			x["zz"] = json.Number("1")
			*path += ".zz"
			return x
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		k := gen.Pick(s, keys)
		*path += "." + k
		x[k] = changeValue(x[k], s, path)
		return x
	case []any:
		if len(x) > 0 && s.Intn(4) != 0 {
			i := s.Intn(len(x))
			*path += "[" + strconv.Itoa(i) + "]"
			x[i] = changeValue(x[i], s, path)
			return x
		}
		*path += "[]"
		if len(x) > 0 && s.Chance(2) {
			return x[:len(x)-1]
		}
		return append(x, "zz")
	case string:
		return changeString(x, s)
	case json.Number:
		n, err := strconv.ParseInt(string(x), 10, 64)
		if err != nil {
			return json.Number("0")
		}
		if n > 0 && s.Chance(2) {
			return json.Number(strconv.FormatInt(n-1, 10))
		}
		return json.Number(strconv.FormatInt(n+1, 10))
	case bool:
		return !x
	}
	return "x" // null
}

// changeString changes a string within its grammar where it can: a
// timestamp by a millisecond, any other string by its last character (a
// letter or digit to another of its class), or, when empty, to "x".
func changeString(v string, s *gen.Source) string {
	if t, err := time.Parse("2006-01-02T15:04:05.000Z", v); err == nil {
		d := time.Millisecond
		if s.Chance(2) {
			d = -d
		}
		return t.Add(d).UTC().Format("2006-01-02T15:04:05.000Z")
	}
	if v == "" {
		return "x"
	}
	last := v[len(v)-1]
	var to byte
	switch {
	case last >= '0' && last <= '8', last >= 'a' && last <= 'e', last >= 'A' && last <= 'Y', last >= 'g' && last <= 'y':
		to = last + 1
	case last == '9':
		to = '0'
	case last == 'f':
		to = 'a'
	case last == 'z':
		to = 'g'
	case last == 'Z':
		to = 'A'
	default:
		return v + "x"
	}
	return strings.TrimSuffix(v, string(last)) + string(to)
}
