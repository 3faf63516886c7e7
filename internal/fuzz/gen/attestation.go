package gen

// attestation/1 (spec/attestation.md): structured inputs. A record is
// drawn as an observation (ok and error, with and without the two
// pre-flight prefixes, requested and executed logs of drawn steps) and
// witnesses of every observer and declarer, with or without a cmd; one
// change now and then: a member dropped, one added, a value of another
// type. Error strings for preflight are drawn around the prefixes.

import "strings"

var (
	atSteps     = []string{"control", "control", "milestone", "reset", "click", ""}
	atErrors    = []string{"null", "null", `"timeout"`, `"smoke preflight refused: x"`, `"probe url refused: http://127.0.0.1/"`, `"Smoke preflight refused: x"`, `"x smoke preflight refused: "`}
	atObservers = []string{"transport", "model", "model", "runtime"}
	atPrefixes  = []string{"smoke preflight refused: ", "probe url refused: ", "smoke preflight refused:", "Probe url refused: ", " probe url refused: ", "", "probe url refused"}
)

func atLog(s *Source) string {
	var l []string
	for range s.Intn(4) {
		l = append(l, `{"step":"`+Pick(s, atSteps)+`","target":"`+Pick(s, []string{"#a", "#b", ""})+`"}`)
	}
	return "[" + strings.Join(l, ",") + "]"
}

func atWitness(s *Source) string {
	w := `{"observer":"` + Pick(s, atObservers) + `","declaredBy":"` + Pick(s, []string{"transport", "model", "model", "Model"}) + `","ref":"` + Pick(s, []string{"r1", "trace:e1", ""}) + `"`
	if s.Chance(2) {
		w += `,"cmd":"` + Pick(s, []string{"npm test", "make", ""}) + `"`
	}
	return w + "}"
}

// atDrop applies one change now and then to an object's members.
func atDrop(s *Source, kv []string) string {
	switch s.Intn(14) {
	case 0:
		i := s.Intn(len(kv))
		kv = append(kv[:i:i], kv[i+1:]...)
	case 1:
		kv = append(kv, `"extra":1`)
	case 2:
		i := s.Intn(len(kv))
		kv[i] = kv[i][:strings.IndexByte(kv[i], ':')+1] + Pick(s, []string{`5`, `"x"`, `null`, `[]`, `{}`})
	}
	return "{" + strings.Join(kv, ",") + "}"
}

// Attestation draws one input of op, an operation of attestation/1.
func Attestation(s *Source, op string) []byte {
	if op == "preflight" {
		return ValueString(s, append(units(Pick(s, atPrefixes)), textUnits(s, s.Intn(6), true)...))
	}
	ok := Pick(s, []string{"true", "false"})
	obs := atDrop(s, []string{`"writer":"` + Pick(s, []string{"runtime", "runtime", "model"}) + `"`, `"tool":"` + Pick(s, []string{"validate_html", ""}) + `"`,
		`"ok":` + ok, `"error":` + Pick(s, atErrors), `"requestedInteractions":` + atLog(s), `"executedInteractions":` + atLog(s)})
	var ws []string
	for range s.Intn(3) {
		ws = append(ws, atWitness(s))
	}
	rec := atDrop(s, []string{`"obligation":"` + Pick(s, []string{"dom-interaction", "dom-interaction", "dom-interactions"}) + `"`,
		`"observation":` + obs, `"witnesses":[` + strings.Join(ws, ",") + "]"})
	if s.Chance(40) {
		return []byte(Pick(s, []string{"null", `"x"`, "[]", rec[:len(rec)/2]}))
	}
	return []byte(rec)
}
