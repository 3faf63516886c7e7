package gen

// model-selector/1 (spec/model-selector.md): structured inputs. Selectors
// are drawn segment by segment from the vocabularies and their near
// misses (case, prefixes, the empty segment, colons inside the model,
// non-ASCII), with a segment dropped or a colon added now and then. The
// closed objects are drawn member by member in the declaration's order
// (spec/model-selector/shapes.json), each member's value from its pool,
// with one change now and then: a member dropped, one added, the order
// shuffled, a value of another type.

import (
	"strings"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// msDecl is model-selector/1's declaration.
var msDecl = spec.MustShapes("model-selector")

var (
	msModes   = []string{"api", "api", "sub", "own", "API", "Sub", "", "ap", "apis", " api", "key"}
	msVendors = []string{"anthropic", "google", "ollama", "ollama", "openai", "openai", "OpenAI", "mistral", "", "chatgpt", "openai "}
	msModels  = []string{"gpt-5", "claude-opus-4-1", "gemini-2.5-pro", "llama3.1:8b", "qwen2.5:14b:q4", "", ":", " ", "a:b:", "GPT 5"}
	msValid   = []string{"api:openai:gpt-5", "api:ollama:llama3:8b", "sub:openai:gpt-5", "own:anthropic:claude-opus-4-1", "sub:google:gemini", "api:anthropic:m"}
	msLevels  = []string{"account", "account", "org", "host", "Account", "tenant", ""}
)

// MSSelector draws a selector candidate as units.
func MSSelector(s *Source) []uint16 {
	mode, vendor := Pick(s, msModes), Pick(s, msVendors)
	var model []uint16
	if s.Chance(5) {
		model = textUnits(s, s.Intn(6), true)
	} else {
		model = units(Pick(s, msModels))
	}
	switch s.Intn(12) {
	case 0: // pre-grammar: no mode
		return units(vendor + ":" + string(utf16ToASCII(model)))
	case 1: // bare
		return model
	case 2:
		return units(mode + ":" + vendor)
	}
	return append(units(mode+":"+vendor+":"), model...)
}

// utf16ToASCII keeps the ASCII units of us (a pre-grammar pin's model).
func utf16ToASCII(us []uint16) []byte {
	var b []byte
	for _, u := range us {
		if u < 0x80 {
			b = append(b, byte(u))
		}
	}
	return b
}

// msSha draws a commit sha candidate: 40 lowercase hex digits, or one
// defect (length 39, 41 or 0, an upper-case or non-hex digit).
func msSha(s *Source) []uint16 {
	const hex = "0123456789abcdef"
	n := 40
	if s.Chance(4) {
		n = Pick(s, []int{0, 7, 39, 41, 64})
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = hex[s.Intn(16)]
	}
	if n > 0 && s.Chance(5) {
		b[s.Intn(n)] = Pick(s, []byte("AFg Z\n"))
	}
	return units(string(b))
}

// msMember draws the value of member m (JSON text): from its pool mostly,
// another JSON type one time in twelve.
func msMember(s *Source, m *shapes.Member) string {
	if s.Chance(12) {
		return Pick(s, []string{"null", "1", "true", `"x"`, "[]", "{}"})
	}
	switch {
	case m.Name == "selector" && s.Chance(2):
		return `"` + Pick(s, msValid) + `"`
	case m.Name == "selector":
		return string(Quote(s, MSSelector(s)))
	case m.Name == "level":
		return `"` + Pick(s, msLevels) + `"`
	case m.Name == "org_keys":
		var keys []string
		for range s.Intn(4) {
			keys = append(keys, `"`+Pick(s, msVendors)+`"`)
		}
		return "[" + strings.Join(keys, ",") + "]"
	case m.Type == "object":
		return msObject(s, msDecl.Object(m.Rules[0].Object))
	case m.Nullable && s.Chance(3):
		return "null"
	}
	return string(Quote(s, msSha(s)))
}

// msObject draws object o: its declared members in order, with one change
// now and then.
func msObject(s *Source, o *shapes.Object) string {
	var kv []string
	for _, m := range o.Members {
		kv = append(kv, `"`+m.Name+`":`+msMember(s, m))
	}
	switch s.Intn(10) {
	case 0:
		i := s.Intn(len(kv))
		kv = append(kv[:i:i], kv[i+1:]...)
	case 1:
		kv = append(kv, `"`+Pick(s, []string{"extra", "level", "selector", "Selector", "payer"})+`":1`)
	case 2:
		for i := len(kv) - 1; i > 0; i-- {
			j := s.Intn(i + 1)
			kv[i], kv[j] = kv[j], kv[i]
		}
	}
	return "{" + strings.Join(kv, ",") + "}"
}

// msEnv draws an environment for tier-selectors: the three pins, each
// present, absent, empty or of another type, and other variables.
func msEnv(s *Source) string {
	var kv []string
	for _, name := range []string{"ATOMA_MODEL_L1", "ATOMA_MODEL_L2", "ATOMA_MODEL_L3"} {
		switch s.Intn(16) {
		case 0:
			continue
		case 1:
			kv = append(kv, `"`+name+`":""`)
		case 2:
			kv = append(kv, `"`+name+`":`+Pick(s, []string{"null", "1", "[]"}))
		case 3:
			kv = append(kv, `"`+strings.ToLower(name)+`":"api:openai:x"`)
		default:
			kv = append(kv, `"`+name+`":`+string(Quote(s, MSSelector(s))))
		}
	}
	if s.Chance(3) {
		kv = append(kv, Pick(s, []string{`"PATH":"/usr/bin"`, `"HOME":null`, `"ATOMA_MODEL_L4":"x"`, `"ATOMA_MODEL":1`}))
	}
	if s.Chance(3) {
		for i := len(kv) - 1; i > 0; i-- {
			j := s.Intn(i + 1)
			kv[i], kv[j] = kv[j], kv[i]
		}
	}
	return "{" + strings.Join(kv, ",") + "}"
}

// ModelSelector draws one input of op, an operation of model-selector/1:
// now and then a value of another type or broken JSON (the .input and
// .type guards).
func ModelSelector(s *Source, op string) []byte {
	var text string
	switch op {
	case "parse", "transport":
		return ValueString(s, MSSelector(s))
	case "commit-sha":
		return ValueString(s, msSha(s))
	case "tier-selectors":
		text = msEnv(s)
	default:
		text = msObject(s, msDecl.Object(op))
	}
	switch s.Intn(40) {
	case 0:
		return []byte(Pick(s, []string{"null", `"x"`, "[]", "1"}))
	case 1:
		return []byte(text[:len(text)-1])
	}
	return []byte(text)
}
