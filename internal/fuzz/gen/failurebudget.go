package gen

import (
	"strconv"
	"strings"
)

// budgetTools, budgetArgs and budgetStates are small pools, so that drawn
// calls repeat one another (the same fingerprint) often.
var (
	budgetTools  = []string{"run_shell", "read_file", "write_file", "git_commit", "web_fetch"}
	budgetArgs   = []string{`{"command":"make"}`, `{"path":"a.go"}`, `{}`, `{"path":"a.go","n":1}`, `{"n":1,"path":"a.go"}`}
	budgetStates = []string{"", "s1", "s2"}
	budgetHosts  = []string{"denied", "policy", "path", "invalid"}
	// budgetClasses are the classes a tool can report, and the spellings
	// around them that are refused.
	budgetClasses = []string{"invalid_arguments", "permission_refused", "unavailable", "stale_precondition", "transient",
		"execution_failure", "unknown_outcome", "Transient"}
	budgetOutputs = []string{"", "[exit 1]\n", "[exit 124]\n", "[timeout after 30s]", "[aborted by user]", "[aborted"}
	budgetExits   = []string{"0", "1", "2", "124", "130", "-1", "2147483647", "2147483648", "1.0"}
)

// BudgetEvent draws one failure-budget/1 event (spec/failure-budget.md,
// "Input") as JSON text: a reply one time in four, else a call of a small
// pool of tools and arguments (so that calls repeat), run with an exit
// code, output and class drawn around the classification rules (exit 0,
// 124 and 130, the timeout and abort prefixes), or decided by the host;
// with state, state_after, read_only, changes, id and retry now and then;
// and, one time in thirty-two, a member with one defect.
func BudgetEvent(s *Source) string {
	if s.Chance(4) {
		return `{"event":"reply"}`
	}
	m := []string{`"event":"call"`, `"tool":"` + Pick(s, budgetTools) + `"`, `"args":` + Pick(s, budgetArgs)}
	if s.Chance(6) {
		m = append(m, `"host":"`+Pick(s, budgetHosts)+`"`)
	} else {
		if !s.Chance(4) {
			m = append(m, `"exit_code":`+Pick(s, budgetExits[:7]))
		}
		if s.Chance(4) {
			m = append(m, `"output":`+strconv.Quote(Pick(s, budgetOutputs)))
		}
		if s.Chance(2) {
			m = append(m, `"class":"`+Pick(s, budgetClasses[:6])+`"`)
		}
		if s.Chance(4) {
			m = append(m, `"read_only":true`)
		}
		if s.Chance(4) {
			m = append(m, `"retry":{"exit_code":`+Pick(s, budgetExits[:5])+`}`)
		}
	}
	if s.Chance(3) {
		m = append(m, `"state":"`+Pick(s, budgetStates)+`"`)
	}
	if s.Chance(6) {
		m = append(m, `"state_after":"`+Pick(s, budgetStates)+`"`)
	}
	if s.Chance(4) {
		m = append(m, `"changes":true`)
	}
	if s.Chance(4) {
		m = append(m, `"id":"c`+strconv.Itoa(s.Intn(100))+`"`)
	}
	if s.Chance(32) {
		i := 1 + s.Intn(len(m)-1)
		switch s.Intn(6) {
		case 0:
			m = append(m[:i:i], m[i+1:]...)
		case 1:
			m = append(m, `"extra":1`)
		case 2:
			m[i] = m[i][:strings.IndexByte(m[i], ':')+1] + Pick(s, []string{"null", "1", `""`, "[]", "{}", "true"})
		case 3:
			m = append(m, `"exit_code":`+Pick(s, budgetExits[7:]))
		case 4:
			m = append(m, `"class":"`+Pick(s, budgetClasses[6:])+`"`)
		default:
			m = append(m, `"host":"root"`)
		}
	}
	return "{" + strings.Join(m, ",") + "}"
}

// BudgetSequence draws a failure-budget/1 input: rounds true three times
// in four, and up to 40 events (now and then 257 replies and more, past
// the bound of 256; one time in sixty-four, a defect of the sequence
// itself or a malformed event).
func BudgetSequence(s *Source) []byte {
	rounds := !s.Chance(4)
	var events []string
	switch {
	case s.Chance(64):
		return []byte(Pick(s, []string{`[]`, `{"rounds":true}`, `{"rounds":1,"events":[]}`, `{"rounds":true,"events":[1]}`,
			`{"rounds":true,"events":[{"event":"go"}]}`, `{"rounds":true,"events":[`}))
	case s.Chance(128):
		events = strings.Split(strings.Repeat(`{"event":"reply"} `, 256+s.Intn(2)), " ")
		events = events[:len(events)-1]
	default:
		n := s.Intn(41)
		for i := 0; i < n && !s.Exhausted(); i++ {
			events = append(events, BudgetEvent(s))
		}
	}
	return []byte(`{"rounds":` + strconv.FormatBool(rounds) + `,"events":[` + strings.Join(events, ",") + `]}`)
}
