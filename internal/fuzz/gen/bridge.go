package gen

import (
	"strings"

	"github.com/conform-dev/conform/reference/bridge"
)

// bridgeIntegers are integer-field literals at and past the bounds of
// spec/bridge.md ("Integer"): 0, -0, 2^53-1 and 2^53, negatives (valid for
// exit_code only), and integer values spelled as fractions or exponents.
var bridgeIntegers = []string{
	"0", "-0", "1", "7", "130", "124", "9007199254740991", "9007199254740992", "-1", "-9007199254740991",
	"-9007199254740992", "1.0", "1e2", "0.5", "00", "99999999999999999999",
}

// bridgeWords are strings worth putting in the vocabulary fields and the
// type: the vocabularies themselves, near misses, and other types.
var bridgeWords = []string{
	"", "stalled", "no-progress", "max-turns", "unverified", "no_progress", "Stalled", "ok", " ",
	"pause", "resume", "steer", "Pause", "stop", "tool_call", "tool_result", "done", "Done", "done ",
	"heartbeat", "agent_done", "workflow_start",
}

// bridgeIDs are the tool-call ids of streams: few, so that a result
// matches its call often and another call now and then.
var bridgeIDs = []string{"c1", "c2", "", "C1", "c1 "}

// BridgeMessage draws a bridge/4 message (spec/bridge.md, "Messages"): a
// message of a type of the table with every required field, optional
// fields present or absent, members in a shuffled order, strings with
// non-ASCII, astral, control and (rarely) lone-surrogate characters;
// then, one time in two, one change: a field dropped, set to null or to
// the wrong kind, an integer out of range, a word outside a vocabulary,
// an unknown field or type, or a duplicate member. One time in sixteen
// it is any JSON text instead.
func BridgeMessage(s *Source) []byte {
	if s.Chance(16) {
		return JSON(s, JSONOptions{Object: true, Flaws: s.Chance(2)})
	}
	return bridgeMessage(s, Pick(s, bridge.Messages), "")
}

// bridgeMessage draws one message of type m; id, when not empty, is the
// tool_call or tool_result id to use.
func bridgeMessage(s *Source, m bridge.Message, id string) []byte {
	type member struct{ name, value string }
	members := []member{{"type", `"` + m.Type + `"`}}
	for _, f := range m.Fields {
		if f.Optional && s.Chance(2) {
			continue
		}
		v := bridgeValue(s, f)
		if f.Name == "id" && id != "" {
			v = `"` + id + `"`
		}
		members = append(members, member{f.Name, v})
	}
	if s.Chance(2) {
		i := s.Intn(len(members))
		switch s.Intn(9) {
		case 0:
			members = append(members[:i:i], members[i+1:]...)
		case 1:
			members[i].value = "null"
		case 2:
			members[i].value = Pick(s, []string{`1`, `"1"`, `true`, `[]`, `{}`, `[1]`, `[{}]`})
		case 3:
			members[i].value = Pick(s, bridgeIntegers)
		case 4:
			members[i].value = string(Quote(s, units(Pick(s, bridgeWords))))
		case 5:
			members = append(members, member{Pick(s, []string{"extra", "protocol_version", "tokens", "\u00e9"}), string(JSON(s, JSONOptions{}))})
		case 6:
			members[0].value = string(Quote(s, units(Pick(s, bridgeWords))))
		case 7:
			members[i].value = string(Quote(s, textUnits(s, 1+s.Intn(4), true)))
		default:
			members = append(members, members[i])
		}
	}
	for i := len(members) - 1; i > 0; i-- {
		if s.Chance(2) {
			j := s.Intn(i + 1)
			members[i], members[j] = members[j], members[i]
		}
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, mb := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(Quote(s, units(mb.name)))
		b.WriteByte(':')
		b.WriteString(mb.value)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// bridgeValue draws a valid value of field f, most of the time.
func bridgeValue(s *Source, f bridge.Field) string {
	switch {
	case f.Vocabulary != nil:
		if s.Chance(4) {
			return string(Quote(s, units(Pick(s, bridgeWords))))
		}
		return string(Quote(s, units(Pick(s, f.Vocabulary))))
	case f.Kind == bridge.String:
		return string(Quote(s, textUnits(s, s.Intn(6), s.Chance(16))))
	case f.Kind == bridge.Integer || f.Kind == bridge.Signed:
		if s.Chance(4) {
			return Pick(s, bridgeIntegers)
		}
		return Pick(s, []string{"0", "1", "2", "42", "9007199254740991"})
	case f.Kind == bridge.Number:
		return Pick(s, numbers)
	case f.Kind == bridge.Boolean:
		return Pick(s, []string{"true", "false"})
	case f.Kind == bridge.Object:
		return string(JSON(s, JSONOptions{Object: true}))
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := range s.Intn(4) {
		if i > 0 {
			b.WriteByte(',')
		}
		item := []string{`"n":` + bridgeValue(s, bridge.PhaseFields[0]), `"type":` + bridgeValue(s, bridge.PhaseFields[1]),
			`"agents":` + bridgeValue(s, bridge.PhaseFields[2])}
		if s.Chance(8) {
			item = item[:s.Intn(3)]
		}
		b.WriteString("{" + strings.Join(item, ",") + "}")
	}
	b.WriteByte(']')
	return b.String()
}

// BridgeStream draws a bridge/4 stream: 0 to 7 lines, LF-separated (CRLF
// and a missing final LF now and then), mostly tool_call and tool_result
// messages with ids from a small set, so that results match their calls
// or not, calls come twice and results come alone, between events of any
// type; now and then an empty line or a flawed one.
func BridgeStream(s *Source) []byte {
	var b []byte
	n := s.Intn(8)
	for i := 0; i < n && !s.Exhausted(); i++ {
		switch k := s.Intn(8); {
		case k < 3:
			call, _ := bridge.Lookup("tool_call")
			b = append(b, bridgeMessage(s, *call, Pick(s, bridgeIDs))...)
		case k < 6:
			res, _ := bridge.Lookup("tool_result")
			b = append(b, bridgeMessage(s, *res, Pick(s, bridgeIDs))...)
		case k == 6:
			b = append(b, BridgeMessage(s)...)
		default:
			b = append(b, Pick(s, []string{``, ` `, `{"type":"future"}`, `[]`})...)
		}
		if i < n-1 || s.Chance(2) {
			if s.Chance(8) {
				b = append(b, '\r')
			}
			b = append(b, '\n')
		}
	}
	return b
}
