package gen

// trace-fields/1 (spec/trace-fields.md): structured inputs, a request line
// and a trace. The trace is an object whose depth-1 names come from a
// small pool (so that requests name present and absent members, and
// duplicates happen), whose values are generated JSON (containers and
// primitives, now and then with flaws), with one change now and then:
// truncated at a random byte, a byte corrupted below depth 1 (a bracket
// kind swapped, a primitive broken: accepted there) or at depth 1, the
// whitespace changed. The request names a random subset of the pool as
// values and as shapes, in a random mode, sometimes result or error as a
// value, sometimes malformed.

import "strings"

var (
	tfNames = []string{"status", "result", "error", "events", "runId", "a", "b", "\\u0061", "\\u00e9t\\u00e9", "x y", "\\ud800"}
	tfModes = []string{"coordinator", "coordinator", "sentinel", "summary", "api"}
)

// TFTrace draws a trace document.
func TFTrace(s *Source) []byte {
	var b []byte
	ws := func() {
		if s.Chance(3) {
			b = append(b, Pick(s, []string{" ", "\n", "\t", "\r\n", "  "})...)
		}
	}
	ws()
	b = append(b, '{')
	n := s.Intn(6)
	for i := 0; i < n && !s.Exhausted(); i++ {
		if i > 0 {
			b = append(b, ',')
		}
		ws()
		b = append(b, '"')
		b = append(b, Pick(s, tfNames)...)
		b = append(b, '"')
		ws()
		b = append(b, ':')
		ws()
		switch s.Intn(6) {
		case 0:
			b = append(b, Pick(s, []string{`"ok"`, `null`, `true`, `-1.5e3`, `0`, `"a\"b"`, `"\u00e9"`, `[]`, `{}`})...)
		case 1: // malformed only below depth 1
			b = append(b, Pick(s, []string{`[1,}`, `{"k":tru}`, `[01, +1]`, `{"x" 1 "y",,}`, `["\q", "]"]`, `[[[}}}`, "[\"\x01\"]"})...)
		default:
			v := JSON(s, JSONOptions{Flaws: s.Chance(6), Deep: []int{128, 129}})
			if len(v) == 0 {
				v = []byte("null")
			}
			b = append(b, v...)
		}
		ws()
	}
	b = append(b, '}')
	ws()
	switch s.Intn(12) {
	case 0:
		b = b[:s.Intn(len(b))]
	case 1:
		b[s.Intn(len(b))] = Pick(s, []byte(`{}[]",:x`))
	case 2:
		b = append(b, Pick(s, []string{"x", "}", "{}", "\x00", ","})...)
	}
	return b
}

// TFRequest draws a request line, with its LF.
func TFRequest(s *Source) []byte {
	if s.Chance(40) {
		return []byte(Pick(s, []string{`{}`, `{"mode":"api"}`, `{"mode":"x","values":[],"types":[]}`, `[]`, ``}) + "\n")
	}
	used := map[string]bool{}
	list := func() string {
		var out []string
		for range s.Intn(4) {
			n := Pick(s, tfNames)
			if used[n] && !s.Chance(16) {
				continue
			}
			used[n] = true
			out = append(out, `"`+n+`"`)
		}
		return strings.Join(out, ",")
	}
	values := list()
	if strings.Contains(values, `"result"`) || strings.Contains(values, `"error"`) {
		if !s.Chance(8) { // mostly keep the model's members shapes-only
			values = strings.NewReplacer(`"result"`, `"status"`, `"error"`, `"runId"`).Replace(values)
			if strings.Count(values, `"status"`) > 1 || strings.Count(values, `"runId"`) > 1 {
				values = `"status"`
			}
			used = map[string]bool{}
			for _, v := range strings.Split(values, ",") {
				used[strings.Trim(v, `"`)] = true
			}
		}
	}
	return []byte(`{"mode":"` + Pick(s, tfModes) + `","values":[` + values + `],"types":[` + list() + "]}\n")
}

// TraceFields draws one input of trace-fields/1's read.
func TraceFields(s *Source, _ string) []byte {
	return append(TFRequest(s), TFTrace(s)...)
}
