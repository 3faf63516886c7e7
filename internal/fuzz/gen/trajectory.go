package gen

// trajectory/1 (spec/trajectory.md): structured event streams. Executions
// e1..e4 of molecules m and n, in nested lanes (c, c/a, c/b, c/a/x, none),
// with steps before and after their close, retries, skill.success events
// naming a skill or not, trust events with RESULT and other verdicts,
// credits in ancestor, descendant and sibling lanes, and noise members
// (args, result, text) of any type; now and then an event of another
// shape, a member of another type or a malformed lane.

import "strings"

var (
	tjIDs       = []string{"e1", "e2", "e3", "e4"}
	tjMolecules = []string{"m", "m", "n"}
	tjLanes     = []string{"", "c", "c/a", "c/a", "c/b", "c/a/x", "c/ab"}
	tjSkills    = []string{"", "", "s1", "s2"}
	// TrajectoryNoise are the members an event may carry that the
	// derivation never reads (spec/trajectory.md: args, result and
	// prose), each as the text the generator appends to an event.
	TrajectoryNoise = []string{`,"args":{"x":1}`, `,"result":"ok"`, `,"text":"I did it"`, `,"args":[1,2]`, `,"result":null`}
)

func tjOpt(name, value string) string {
	if value == "" {
		return ""
	}
	return `,"` + name + `":"` + value + `"`
}

// tjEvent draws one event.
func tjEvent(s *Source) string {
	var ev string
	switch s.Intn(6) {
	case 0, 1:
		ev = `{"kind":"tool","id":"t"` + tjOpt("llmEventId", Pick(s, tjIDs)) + tjOpt("element", Pick(s, []string{"add", "reset", ""})) + tjOpt("actor", Pick(s, []string{"cell", ""})) + tjOpt("lane", Pick(s, tjLanes))
	case 2:
		ev = `{"kind":"llm","id":"` + Pick(s, tjIDs) + `"` + tjOpt("molecule", Pick(s, tjMolecules)) + tjOpt("lane", Pick(s, tjLanes)) + tjOpt("skill", Pick(s, tjSkills))
	case 3:
		ev = `{"kind":"skill.success"` + tjOpt("molecule", Pick(s, tjMolecules)) + tjOpt("lane", Pick(s, tjLanes)) + tjOpt("skill", Pick(s, tjSkills))
	case 4:
		ev = `{"kind":"trust","verdict":"` + Pick(s, []string{"RESULT", "RESULT", "REVIEW"}) + `"` + tjOpt("molecule", Pick(s, tjMolecules)) + tjOpt("lane", Pick(s, tjLanes))
	default:
		ev = `{"kind":"inject"` + tjOpt("llmEventId", Pick(s, tjIDs))
	}
	if s.Chance(3) {
		ev += Pick(s, TrajectoryNoise)
	}
	switch s.Intn(30) {
	case 0:
		return Pick(s, []string{`null`, `"llm"`, `{"id":"e1"}`, `{"kind":1}`})
	case 1:
		ev += `,"molecule":null`
	case 2:
		ev += `,"lane":"` + Pick(s, []string{"", "a//b", "/a", "a/"}) + `"`
	case 3:
		if strings.HasPrefix(ev, `{"kind":"llm"`) {
			return `{"kind":"llm","molecule":"m"}`
		}
	}
	return ev + "}"
}

// Trajectory draws one input of trajectory/1's derive.
func Trajectory(s *Source, _ string) []byte {
	var evs []string
	for range s.Intn(12) {
		evs = append(evs, tjEvent(s))
	}
	in := `{"events":[` + strings.Join(evs, ",") + `]}`
	if s.Chance(40) {
		return []byte(Pick(s, []string{"[]", `{"events":{}}`, in[:len(in)/2]}))
	}
	return []byte(in)
}
