package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/conform-dev/conform/internal/spec"
)

// failure-budget/1: spec/failure-budget.md, one operation (decide) in
// files by behaviour. Every expected output is written by hand from the
// spec: one line per call, then the checkpoint; a fingerprint is the
// SHA-256 of the stable JSON text written beside it.

// fbThresholds is spec/failure-budget.md's Thresholds table, from the
// catalogue: the budgets and streak bounds are written once, there.
var fbThresholds = func() map[string]spec.Threshold {
	k, ok := spec.MustLoad().Contract("failure-budget/1")
	if !ok {
		panic("failure-budget/1: not in the catalogue")
	}
	out := map[string]spec.Threshold{}
	for _, t := range k.Thresholds {
		out[t.Name] = t
	}
	return out
}()

func init() {
	register(source{
		contract: "failure-budget/1",
		files:    failureBudgetFiles,
		minCases: 111,
	})
}

const (
	fbInput    = "input is not valid JSON"
	fbType     = "sequence is not an object with rounds and events"
	fbLength   = "sequence has more than 256 events"
	fbEvent    = "event is not a reply or call object"
	fbMember   = "event has an unknown member"
	fbTool     = "call tool is not a non-empty string"
	fbArgs     = "call args is not an object"
	fbHost     = "call host is not denied, policy, path or invalid"
	fbExitCode = "call exit_code is not an integer from -2^31 to 2^31-1"
	fbClass    = "call class is not a failure class a tool can report"
	fbField    = "call member has the wrong JSON type"
)

// fbReply is the reply event.
const fbReply = `{"event":"reply"}`

// fbSeq is an event sequence.
func fbSeq(rounds bool, events ...string) string {
	return fmt.Sprintf(`{"rounds":%t,"events":[%s]}`, rounds, strings.Join(events, ","))
}

// fbCall is a call of tool with args (JSON text) and the extra members
// (JSON text, starting with a comma, or "").
func fbCall(tool, args, extra string) string {
	return `{"event":"call","tool":"` + tool + `","args":` + args + extra + `}`
}

// The calls the scenarios repeat, with the stable JSON of their operation.
var (
	fbMake       = fbCall("run_shell", `{"command":"make"}`, `,"exit_code":2`)
	fbMakeStable = `{"args":{"command":"make"},"tool":"run_shell"}`
	fbReadStable = `{"args":{"path":"a.txt"},"tool":"read_file"}`
)

// fbRead is read_file of a.txt failing with class (exit 1).
func fbRead(class string) string {
	return fbCall("read_file", `{"path":"a.txt"}`, `,"exit_code":1,"class":"`+class+`"`)
}

// fbLine is one decision line; class "" for run and cancelled.
func fbLine(i int, decision, class string, attempts int) string {
	if class == "" {
		return fmt.Sprintf(`{"call":%d,"decision":"%s"}`, i, decision) + "\n"
	}
	return fmt.Sprintf(`{"call":%d,"decision":"%s","class":"%s","attempts":%d}`, i, decision, class, attempts) + "\n"
}

// fbAgain is the line of a repeated failure (attempts 2 or more): it
// carries the repeat note.
func fbAgain(i int, class string, attempts int) string {
	return fmt.Sprintf(`{"call":%d,"decision":"fail","class":"%s","attempts":%d,"repeat":true}`, i, class, attempts) + "\n"
}

// fbWarn is a fail or refuse line carrying the streak warning.
func fbWarn(i int, decision, class string, attempts, streak int) string {
	return fmt.Sprintf(`{"call":%d,"decision":"%s","class":"%s","attempts":%d,"warning":%d}`, i, decision, class, attempts, streak) + "\n"
}

// fbRetriedAgain is the line of a retried, repeated failure.
func fbRetriedAgain(i int, class string, attempts int) string {
	return fmt.Sprintf(`{"call":%d,"decision":"fail","class":"%s","attempts":%d,"repeat":true,"retried":true}`, i, class, attempts) + "\n"
}

// fbRetried is a line of a retried call.
func fbRetried(i int, decision, class string, attempts int) string {
	if class == "" {
		return fmt.Sprintf(`{"call":%d,"decision":"%s","retried":true}`, i, decision) + "\n"
	}
	return fmt.Sprintf(`{"call":%d,"decision":"%s","class":"%s","attempts":%d,"retried":true}`, i, decision, class, attempts) + "\n"
}

const fbNone = "{\"checkpoint\":null}\n"

// fbNoWork is the preserved work of a cycle with no success.
const fbNoWork = `{"calls":0,"files":[],"commits":0,"shell":[]}`

// fbCheckpoint is the checkpoint line of a stop of tool, whose operation's
// stable JSON is stable.
func fbCheckpoint(tool, stable, class, reason string, attempts int, preserved, recovery string) string {
	sum := sha256.Sum256([]byte(stable))
	return fmt.Sprintf(`{"checkpoint":{"operation":{"tool":"%s","fingerprint":"%s"},"class":"%s","reason":"%s","attempts":%d,"preserved":%s,"recovery":"%s"}}`,
		tool, hex.EncodeToString(sum[:]), class, reason, attempts, preserved, recovery) + "\n"
}

func fb(behaviour, description string, cases ...vcase) vfile {
	for i, c := range cases {
		cases[i] = c.withAt(fbScenarioAt[c.name]...)
	}
	return vfile{contract: "failure-budget/1", op: "decide", dir: "failure-budget",
		behaviour: "decide-" + behaviour, description: description, cases: cases}
}

// The thresholds' names (spec/failure-budget.md, "Thresholds").
const (
	fbStop       = "streak.stop"
	fbWarning    = "streak.warning"
	fbExecution  = "budget.execution_failure"
	fbPermission = "budget.permission_refused"
	fbInvalid    = "budget.invalid_arguments"
)

// fbScenarioAt declares, for the scenario vectors, the thresholds whose
// exact value their expectation depends on (the budget vectors declare
// their own): a count or a streak that reaches within one of a bound.
// The single-cause audit shifts each threshold by one and requires that
// exactly these vectors change.
var fbScenarioAt = map[string][]string{
	// A streak of 5 or more: the warning moves by one either way.
	"warning-from-6th":           {fbWarning},
	"no-warning-at-5th":          {fbWarning},
	"success-resets-streak":      {fbWarning},
	"each-class":                 {fbWarning},
	"batch-waits-for-next-reply": {fbWarning},
	// A streak of 7 or more: the stop too.
	"eight-then-stop": {fbStop, fbWarning},
	"seven-then-run":  {fbWarning, fbStop},
	"refusals-count":  {fbExecution, fbStop, fbWarning},
	// The execution_failure budget spent, or a count of 2 or 3 that one
	// attempt less would refuse.
	"class-of-last-failure":          {fbExecution},
	"ids-and-key-order":              {fbExecution},
	"no-rounds":                      {fbExecution},
	"no-rounds-replies-ignored":      {fbExecution},
	"read-only-success-keeps-epoch":  {fbExecution},
	"self-rewriting-failure-repeats": {fbExecution},
	"success-clears-fingerprint":     {fbExecution},
	"batched-all-refused":            {fbExecution, fbWarning},
	"one-reply-never-stops":          {fbExecution, fbWarning},
	"preserved-work":                 {fbExecution, fbWarning},
	"spent-then-state-changed":       {fbExecution, fbWarning},
	// A budget of 1 spent: one more attempt would run the refused call.
	"tool-permission-refused":        {fbPermission},
	"events-after-stop-unread":       {fbPermission},
	"denied-warned-again-after-work": {fbPermission},
	"denied-read-is-no-work":         {fbPermission},
	"path-warned-again-after-work":   {fbPermission},
	"policy-tool-alone":              {fbPermission},
	"path-guard-recovery":            {fbPermission},
	"tool-failure-not-warned-again":  {"budget.unavailable"},
	// The invalid_arguments budget of 2 reached.
	"denied-edit-before-refusal":  {fbInvalid},
	"invalid-not-warned-again":    {fbInvalid},
	"invalid-raw-arguments-alone": {fbInvalid},
	"retried-counts-once":         {"budget.transient"},
}

// fbRecovery is the recovery choice of each class (spec/failure-budget.md,
// "Output").
var fbRecovery = map[string]string{
	"permission_refused": "approve when prompted, or work without it",
	"invalid_arguments":  "correct the arguments",
	"unavailable":        "work without it",
	"stale_precondition": "read the current state again",
	"unknown_outcome":    "check whether it took effect",
	"transient":          "try again later",
	"execution_failure":  "fix the cause first",
}

// fbBudgetCase is the exhaustion of one class's budget: budget failures,
// each in its own reply, then the refusal, then the stop in a later reply.
// It sits at the class's budget threshold.
func fbBudgetCase(class string, call, tool, stable string) vcase {
	budget := fbThresholds["budget."+class].Value
	var events []string
	var out string
	for i := range budget {
		events = append(events, call, fbReply)
		if i == 0 {
			out += fbLine(i, "fail", class, 1)
		} else {
			out += fbAgain(i, class, i+1)
		}
	}
	events = append(events, call, fbReply, call)
	out += fbLine(budget, "refuse", class, budget) + fbLine(budget+1, "stop", class, budget) +
		fbCheckpoint(tool, stable, class, "budget", budget, fbNoWork, fbRecovery[class])
	return ok("spent."+class, fbSeq(true, events...), out).withAt("budget." + class).
		withNote(fmt.Sprintf("Budget of %s: %d failed attempts, then refuse, then stop from a later reply.", class, budget))
}

// fbUnderCase is one attempt short of a class's budget being spent:
// budget-1 failures, and the next call runs and fails. It sits at the
// budget threshold unless the budget is its least value (one attempt is
// always made).
func fbUnderCase(class string, call string) vcase {
	t := fbThresholds["budget."+class]
	budget := t.Value
	var events []string
	var out string
	for i := range budget {
		events = append(events, call, fbReply)
		if i == 0 {
			out += fbLine(i, "fail", class, 1)
		} else {
			out += fbAgain(i, class, i+1)
		}
	}
	c := ok("at-budget."+class, fbSeq(true, events...), out+fbNone).
		withNote(fmt.Sprintf("The %dth failure of %s is still attempted.", budget, class))
	if budget > t.Min {
		c = c.withAt(t.Name)
	}
	return c
}

func failureBudgetFiles() []vfile {
	timeout := fbCall("read_file", `{"path":"a.txt"}`, `,"exit_code":1,"output":"[timeout after 30s]"`)
	denied := fbCall("run_shell", `{"command":"rm -rf build"}`, `,"host":"denied"`)
	deniedStable := `{"args":{"command":"rm -rf build"},"tool":"run_shell"}`
	invalid := fbCall("write_file", `{"path":7}`, `,"host":"invalid"`)
	invalidStable := `{"path":7}` // the raw arguments alone
	budgets := fb("budgets", "Each class's budget of failed attempts: the last allowed attempt fails, the next call is refused, the one after that in a later reply stops.",
		fbBudgetCase("permission_refused", denied, "run_shell", deniedStable),
		fbBudgetCase("unavailable", fbRead("unavailable"), "read_file", fbReadStable),
		fbBudgetCase("invalid_arguments", invalid, "write_file", invalidStable),
		fbBudgetCase("stale_precondition", fbRead("stale_precondition"), "read_file", fbReadStable),
		fbBudgetCase("unknown_outcome", timeout, "read_file", fbReadStable),
		fbBudgetCase("transient", fbRead("transient"), "read_file", fbReadStable),
		fbBudgetCase("execution_failure", fbMake, "run_shell", fbMakeStable),
		fbUnderCase("permission_refused", fbRead("permission_refused")),
		fbUnderCase("unavailable", fbRead("unavailable")),
		fbUnderCase("invalid_arguments", invalid),
		fbUnderCase("stale_precondition", fbRead("stale_precondition")),
		fbUnderCase("unknown_outcome", timeout),
		fbUnderCase("transient", fbRead("transient")),
		fbUnderCase("execution_failure", fbMake),
		ok("tool-permission-refused", fbSeq(true, fbRead("permission_refused"), fbReply, fbRead("permission_refused"), fbReply, fbRead("permission_refused")),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "stop", "permission_refused", 1)+
				fbCheckpoint("read_file", fbReadStable, "permission_refused", "budget", 1, fbNoWork, fbRecovery["permission_refused"])).
			withNote("A tool's own permission failure has the class's budget too."),
		ok("class-of-last-failure", fbSeq(true, fbRead("execution_failure"), fbReply, fbRead("execution_failure"), fbReply, fbRead("unavailable"), fbReply, fbRead("unavailable")),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "unavailable", 3)+fbLine(3, "refuse", "unavailable", 3)+fbNone).
			withNote("The count is per fingerprint; the budget is the class of its last failure."),
	)

	// The streak: eight different failing commands.
	var distinct []string
	var distinctStable []string
	for i := range 10 {
		distinct = append(distinct, fbCall("run_shell", fmt.Sprintf(`{"command":"test %d"}`, i), `,"exit_code":1`))
		distinctStable = append(distinctStable, fmt.Sprintf(`{"args":{"command":"test %d"},"tool":"run_shell"}`, i))
	}
	streakLines := func(n int) string {
		var s string
		for i := range n {
			if i+1 >= fbThresholds[fbWarning].Value {
				s += fbWarn(i, "fail", "execution_failure", 1, i+1)
			} else {
				s += fbLine(i, "fail", "execution_failure", 1)
			}
		}
		return s
	}
	var eachReply []string
	for i := range 8 {
		eachReply = append(eachReply, distinct[i], fbReply)
	}
	streak := fb("streak", "Eight consecutive failed or refused calls stop the cycle from a later reply; from the 6th each carries the warning.",
		ok("warning-from-6th", fbSeq(true, distinct[0], fbReply, distinct[1], fbReply, distinct[2], fbReply, distinct[3], fbReply, distinct[4], fbReply, distinct[5]),
			streakLines(6)+fbNone),
		ok("no-warning-at-5th", fbSeq(true, distinct[0], fbReply, distinct[1], fbReply, distinct[2], fbReply, distinct[3], fbReply, distinct[4]),
			streakLines(5)+fbNone),
		ok("eight-then-stop", fbSeq(true, append(eachReply, distinct[8])...),
			streakLines(8)+fbLine(8, "stop", "execution_failure", 8)+
				fbCheckpoint("run_shell", distinctStable[8], "execution_failure", "streak", 8, fbNoWork, fbRecovery["execution_failure"])),
		ok("seven-then-run", fbSeq(true, append(eachReply[:14], distinct[8])...),
			streakLines(7)+fbWarn(7, "fail", "execution_failure", 1, 8)+fbNone).
			withNote("The 8th call still runs: the streak stops only the call after it."),
		ok("batch-waits-for-next-reply", fbSeq(true, distinct[0], distinct[1], distinct[2], distinct[3], distinct[4], distinct[5], distinct[6], distinct[7], distinct[8], fbReply, distinct[9]),
			streakLines(8)+fbWarn(8, "fail", "execution_failure", 1, 9)+fbLine(9, "stop", "execution_failure", 9)+
				fbCheckpoint("run_shell", distinctStable[9], "execution_failure", "streak", 9, fbNoWork, fbRecovery["execution_failure"])).
			withNote("A batch can never end a run before the model has seen a single result."),
		ok("success-resets-streak", fbSeq(true, distinct[0], fbReply, distinct[1], fbReply, distinct[2], fbReply, distinct[3], fbReply, distinct[4], fbReply,
			fbCall("run_shell", `{"command":"ls"}`, ""), fbReply, distinct[5], fbReply, distinct[6]),
			streakLines(5)+fbLine(5, "run", "", 0)+fbLine(6, "fail", "execution_failure", 1)+fbLine(7, "fail", "execution_failure", 1)+fbNone),
		ok("refusals-count", fbSeq(true, fbMake, fbReply, fbMake, fbReply, fbMake, fbReply, fbMake, fbMake, fbMake, fbMake, fbMake, fbReply, distinct[0]),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "refuse", "execution_failure", 3)+fbWarn(5, "refuse", "execution_failure", 3, 6)+
				fbWarn(6, "refuse", "execution_failure", 3, 7)+fbWarn(7, "refuse", "execution_failure", 3, 8)+fbLine(8, "stop", "execution_failure", 8)+
				fbCheckpoint("run_shell", distinctStable[0], "execution_failure", "streak", 8, fbNoWork, fbRecovery["execution_failure"])).
			withNote("Refused calls count in the streak; the streak stop comes before the call's own budget."),
		ok("cancellation-not-counted", fbSeq(true, fbMake, fbReply, fbCall("run_shell", `{"command":"sleep"}`, `,"exit_code":130`), fbReply, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbLine(1, "cancelled", "", 0)+fbAgain(2, "execution_failure", 2)+fbNone),
	)

	refuseStop := fb("refuse-then-stop", "The first request after the budget is spent is refused; a later reply's request stops; identical calls batched into one reply are all refused; a brain without rounds treats every call as its own reply.",
		ok("batched-all-refused", fbSeq(true, fbMake, fbReply, fbMake, fbReply, fbMake, fbReply, fbMake, fbMake, fbMake, fbReply, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "refuse", "execution_failure", 3)+fbWarn(5, "refuse", "execution_failure", 3, 6)+
				fbLine(6, "stop", "execution_failure", 3)+fbCheckpoint("run_shell", fbMakeStable, "execution_failure", "budget", 3, fbNoWork, fbRecovery["execution_failure"])),
		ok("one-reply-never-stops", fbSeq(true, fbMake, fbMake, fbMake, fbMake, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "refuse", "execution_failure", 3)+fbNone),
		ok("no-rounds", fbSeq(false, fbMake, fbMake, fbMake, fbMake, fbMake, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "stop", "execution_failure", 3)+
				fbCheckpoint("run_shell", fbMakeStable, "execution_failure", "budget", 3, fbNoWork, fbRecovery["execution_failure"])),
		ok("no-rounds-replies-ignored", fbSeq(false, fbMake, fbMake, fbMake, fbMake, fbReply, fbReply, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "stop", "execution_failure", 3)+
				fbCheckpoint("run_shell", fbMakeStable, "execution_failure", "budget", 3, fbNoWork, fbRecovery["execution_failure"])),
		ok("events-after-stop-unread", fbSeq(false, denied, denied, denied, fbMake),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "stop", "permission_refused", 1)+
				fbCheckpoint("run_shell", deniedStable, "permission_refused", "budget", 1, fbNoWork, fbRecovery["permission_refused"])),
		ok("empty", fbSeq(true), fbNone),
		ok("replies-only", fbSeq(true, fbReply, fbReply), fbNone),
	)

	write := fbCall("write_file", `{"path":"src/a.go"}`, `,"changes":true`)
	readOK := fbCall("read_file", `{"path":"src/a.go"}`, ``)
	decided := fb("decided-refusals", "A policy refusal, an argument rejection or an operator denial is bound to the operation alone; it is warned again rather than stopped when real work happened since the last refusal.",
		ok("denied-warned-again-after-work", fbSeq(true, denied, fbReply, denied, write, fbReply, denied, fbReply, denied),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "run", "", 0)+
				fbLine(3, "refuse", "permission_refused", 1)+fbLine(4, "stop", "permission_refused", 1)+
				fbCheckpoint("run_shell", deniedStable, "permission_refused", "budget", 1, `{"calls":1,"files":["src/a.go"],"commits":0,"shell":[]}`, fbRecovery["permission_refused"])),
		ok("denied-read-is-no-work", fbSeq(true, denied, fbReply, denied, readOK, fbReply, denied),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "run", "", 0)+
				fbLine(3, "stop", "permission_refused", 1)+
				fbCheckpoint("run_shell", deniedStable, "permission_refused", "budget", 1, `{"calls":1,"files":[],"commits":0,"shell":[]}`, fbRecovery["permission_refused"])),
		ok("denied-edit-before-refusal", fbSeq(true, invalid, fbReply, invalid, fbReply, write, invalid, fbReply, invalid),
			fbLine(0, "fail", "invalid_arguments", 1)+fbAgain(1, "invalid_arguments", 2)+fbLine(2, "run", "", 0)+
				fbLine(3, "refuse", "invalid_arguments", 2)+fbLine(4, "stop", "invalid_arguments", 2)+
				fbCheckpoint("write_file", invalidStable, "invalid_arguments", "budget", 2, `{"calls":1,"files":["src/a.go"],"commits":0,"shell":[]}`, fbRecovery["invalid_arguments"])).
			withNote("An unrelated edit never puts a denied action in front of the operator again."),
		ok("tool-failure-not-warned-again", fbSeq(true, fbRead("unavailable"), fbReply, fbRead("unavailable"), write, fbReply, fbRead("unavailable")),
			fbLine(0, "fail", "unavailable", 1)+fbLine(1, "refuse", "unavailable", 1)+fbLine(2, "run", "", 0)+fbLine(3, "fail", "unavailable", 1)+fbNone).
			withNote("A tool failure is state-bound: the edit moved the epoch, so the count starts again."),
		ok("invalid-not-warned-again", fbSeq(true, invalid, fbReply, invalid, fbReply, invalid, write, fbReply, invalid),
			fbLine(0, "fail", "invalid_arguments", 1)+fbAgain(1, "invalid_arguments", 2)+fbLine(2, "refuse", "invalid_arguments", 2)+fbLine(3, "run", "", 0)+
				fbLine(4, "stop", "invalid_arguments", 2)+
				fbCheckpoint("write_file", invalidStable, "invalid_arguments", "budget", 2, `{"calls":1,"files":["src/a.go"],"commits":0,"shell":[]}`, fbRecovery["invalid_arguments"])).
			withNote("An argument rejection is decision-bound but no decided refusal (policy/denial): never warned again."),
		ok("invalid-raw-arguments-alone", fbSeq(true, fbCall("write_file", `{"path":7}`, `,"host":"invalid"`), fbReply, fbCall("patch_file", `{"path":7}`, `,"host":"invalid"`)),
			fbLine(0, "fail", "invalid_arguments", 1)+fbAgain(1, "invalid_arguments", 2)+fbNone).
			withNote("A rejected call is fingerprinted by the stable JSON of its raw arguments alone."),
		ok("path-warned-again-after-work", fbSeq(true, fbCall("read_file", `{"path":"/etc"}`, `,"host":"path"`), fbReply, fbCall("read_file", `{"path":"/etc"}`, `,"host":"path"`),
			fbCall("run_shell", `{"command":"make fmt"}`, `,"changes":true`), fbReply, fbCall("read_file", `{"path":"/etc"}`, `,"host":"path"`)),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "run", "", 0)+fbLine(3, "refuse", "permission_refused", 1)+fbNone).
			withNote("A state-changing shell run is real work."),
		ok("policy-tool-alone", fbSeq(true, fbCall("web_fetch", `{"url":"a"}`, `,"host":"policy"`), fbReply, fbCall("web_fetch", `{"url":"b"}`, `,"host":"policy"`), fbReply, fbCall("web_fetch", `{}`, `,"host":"policy"`)),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "stop", "permission_refused", 1)+
				fbCheckpoint("web_fetch", `web_fetch`, "permission_refused", "budget", 1, fbNoWork, fbRecovery["permission_refused"])).
			withNote("A skill-policy refusal is fingerprinted by the tool name alone."),
		ok("path-guard-recovery", fbSeq(true, fbCall("read_file", `{"path":"/etc/passwd"}`, `,"host":"path"`), fbReply, fbCall("read_file", `{"path":"/etc/passwd"}`, `,"host":"path"`), fbReply, fbCall("read_file", `{"path":"/etc/passwd"}`, `,"host":"path"`)),
			fbLine(0, "fail", "permission_refused", 1)+fbLine(1, "refuse", "permission_refused", 1)+fbLine(2, "stop", "permission_refused", 1)+
				fbCheckpoint("read_file", `{"args":{"path":"/etc/passwd"},"tool":"read_file"}`, "permission_refused", "budget", 1, fbNoWork, "stay inside the workspace")),
	)

	stateCall := func(state, after string) string {
		x := `,"exit_code":1,"state":"` + state + `"`
		if after != "" {
			x += `,"state_after":"` + after + `"`
		}
		return fbCall("run_tests", `{}`, x)
	}
	testsStable := `{"args":{},"tool":"run_tests"}`
	state := fb("state-bound", "A tool failure counts only against unchanged relevant state: the state before each attempt against the state after the last, and the epoch of successful writes.",
		ok("state-changed-resets", fbSeq(true, stateCall("s1", ""), fbReply, stateCall("s1", ""), fbReply, stateCall("s2", "")),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbLine(2, "fail", "execution_failure", 1)+fbNone),
		ok("spent-then-state-changed", fbSeq(true, stateCall("s1", ""), fbReply, stateCall("s1", ""), fbReply, stateCall("s1", ""), fbReply, stateCall("s1", ""), fbReply, stateCall("s2", "")),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "fail", "execution_failure", 1)+fbNone),
		ok("self-rewriting-failure-repeats", fbSeq(true, stateCall("s1", "s2"), fbReply, stateCall("s2", "s3"), fbReply, stateCall("s3", "s3"), fbReply, stateCall("s3", "")),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbNone).
			withNote("Each attempt's state before is compared with the previous attempt's state after."),
		ok("state-after-differs", fbSeq(true, stateCall("s1", "s2"), fbReply, stateCall("s1", "")),
			fbLine(0, "fail", "execution_failure", 1)+fbLine(1, "fail", "execution_failure", 1)+fbNone),
		ok("epoch-resets", fbSeq(true, fbMake, fbReply, fbMake, fbReply, write, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbLine(2, "run", "", 0)+fbLine(3, "fail", "execution_failure", 1)+fbNone),
		ok("read-only-success-keeps-epoch", fbSeq(true, fbMake, fbReply, fbMake, fbReply, readOK, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbLine(2, "run", "", 0)+fbAgain(3, "execution_failure", 3)+fbNone),
		ok("success-clears-fingerprint", fbSeq(true, fbMake, fbReply, fbMake, fbReply, fbCall("run_shell", `{"command":"make"}`, ``), fbReply, fbMake),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbLine(2, "run", "", 0)+fbLine(3, "fail", "execution_failure", 1)+fbNone),
		ok("ids-and-key-order", fbSeq(true,
			fbCall("run_tests", `{"b":1,"a":[2,{"y":null,"x":"\u00e9"}]}`, `,"id":"call-1","exit_code":1`), fbReply,
			fbCall("run_tests", `{"a":[2,{"x":"\u00e9","y":null}],"b":1}`, `,"id":"call-2","exit_code":1`), fbReply,
			fbCall("run_tests", `{"a":[2,{"x":"\u00E9","y":null}],"b":1}`, `,"exit_code":1`), fbReply,
			fbCall("run_tests", `{"a":[2,{"x":"\u00e9","y":null}],"b":1}`, `,"id":"call-4","exit_code":1`), fbReply,
			fbCall("run_tests", `{"b":1,"a":[2,{"y":null,"x":"\u00e9"}]}`, `,"id":"call-5","exit_code":1`)),
			fbLine(0, "fail", "execution_failure", 1)+fbAgain(1, "execution_failure", 2)+fbAgain(2, "execution_failure", 3)+
				fbLine(3, "refuse", "execution_failure", 3)+fbLine(4, "stop", "execution_failure", 3)+
				fbCheckpoint("run_tests", `{"args":{"a":[2,{"x":"\u00e9","y":null}],"b":1},"tool":"run_tests"}`, "execution_failure", "budget", 3, fbNoWork, fbRecovery["execution_failure"])).
			withNote("Call ids and key order never make a repeat look new."),
		ok("array-order-matters", fbSeq(true, fbCall("run_tests", `{"a":[1,2]}`, `,"exit_code":1`), fbReply, fbCall("run_tests", `{"a":[2,1]}`, `,"exit_code":1`)),
			fbLine(0, "fail", "execution_failure", 1)+fbLine(1, "fail", "execution_failure", 1)+fbNone),
		ok("numbers-by-literal", fbSeq(true, fbCall("run_tests", `{"n":1}`, `,"exit_code":1`), fbReply, fbCall("run_tests", `{"n":1.0}`, `,"exit_code":1`)),
			fbLine(0, "fail", "execution_failure", 1)+fbLine(1, "fail", "execution_failure", 1)+fbNone),
	)
	_ = testsStable

	classify := fb("classification", "Cancellations are not counted, only the executor's own timeout is an unknown outcome, exit 0 is a success, and a command's own exit 124 is an ordinary execution failure.",
		ok("aborted", fbSeq(true, fbCall("run_shell", `{"command":"make"}`, `,"exit_code":1,"output":"[aborted by user]"`)), fbLine(0, "cancelled", "", 0)+fbNone),
		ok("exit-130", fbSeq(true, fbCall("run_shell", `{"command":"make"}`, `,"exit_code":130,"class":"transient"`)), fbLine(0, "cancelled", "", 0)+fbNone),
		ok("timeout", fbSeq(true, fbCall("run_shell", `{"command":"make"}`, `,"exit_code":1,"output":"[timeout after 30s]","class":"transient"`)),
			fbLine(0, "fail", "unknown_outcome", 1)+fbNone),
		ok("timeout-exit-0", fbSeq(true, fbCall("run_shell", `{"command":"make"}`, `,"output":"[timeout after 30s]"`)),
			fbLine(0, "fail", "unknown_outcome", 1)+fbNone),
		ok("exit-124", fbSeq(true, fbCall("run_shell", `{"command":"timeout 5 make"}`, `,"exit_code":124,"output":"[exit 124]\n"`)),
			fbLine(0, "fail", "execution_failure", 1)+fbNone).withNote("A command's own [exit 124] is an ordinary execution failure."),
		ok("exit-0", fbSeq(true, fbCall("run_shell", `{"command":"make"}`, `,"exit_code":0,"output":"[exit 0]\n","class":"transient"`)), fbLine(0, "run", "", 0)+fbNone),
		ok("web-failure-exit-0", fbSeq(true, fbCall("web_search", `{"q":"x"}`, `,"output":"error: 503"`)), fbLine(0, "run", "", 0)+fbNone).
			withNote("Web tools report failures with exit 0, so they are never counted."),
		ok("negative-exit", fbSeq(true, fbCall("run_shell", `{"command":"make"}`, `,"exit_code":-2147483648`)), fbLine(0, "fail", "execution_failure", 1)+fbNone),
		ok("each-class", fbSeq(true, fbCall("t", `{"n":1}`, `,"exit_code":1,"class":"invalid_arguments"`), fbCall("t", `{"n":2}`, `,"exit_code":1,"class":"permission_refused"`),
			fbCall("t", `{"n":3}`, `,"exit_code":1,"class":"unavailable"`), fbCall("t", `{"n":4}`, `,"exit_code":1,"class":"stale_precondition"`),
			fbCall("x", `{}`, `,"exit_code":1,"class":"transient"`), fbCall("y", `{}`, `,"exit_code":1,"class":"execution_failure"`), fbCall("z", `{}`, `,"exit_code":9`)),
			fbLine(0, "fail", "invalid_arguments", 1)+fbLine(1, "fail", "permission_refused", 1)+fbLine(2, "fail", "unavailable", 1)+
				fbLine(3, "fail", "stale_precondition", 1)+fbLine(4, "fail", "transient", 1)+fbWarn(5, "fail", "execution_failure", 1, 6)+fbWarn(6, "fail", "execution_failure", 1, 7)+fbNone).
			withNote("The class is the tool's; execution_failure by default."),
		ok("retry-transient-read-only", fbSeq(true, fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true`)),
			fbRetried(0, "fail", "transient", 1)+fbNone),
		ok("retry-succeeds", fbSeq(true, fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true,"retry":{"exit_code":0}`)),
			fbRetried(0, "run", "", 0)+fbNone),
		ok("retry-other-class", fbSeq(true, fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true,"retry":{"exit_code":2,"class":"unavailable"}`)),
			fbRetried(0, "fail", "unavailable", 1)+fbNone),
		ok("retry-cancelled", fbSeq(true, fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true,"retry":{"exit_code":130}`)),
			fbRetried(0, "cancelled", "", 0)+fbNone),
		ok("no-retry-of-mutation", fbSeq(true, fbCall("write_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","retry":{"exit_code":0}`)),
			fbLine(0, "fail", "transient", 1)+fbNone).withNote("Only a transient failure of a read-only tool is retried."),
		ok("unknown-outcome-never-replayed", fbSeq(true, fbCall("git_commit", `{"message":"m"}`, `,"exit_code":1,"output":"[timeout after 60s]","retry":{"exit_code":0}`)),
			fbLine(0, "fail", "unknown_outcome", 1)+fbNone).withNote("A mutation whose outcome is unknown is never replayed."),
		ok("unknown-outcome-read-only", fbSeq(true, fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"output":"[timeout after 60s]","read_only":true,"retry":{"exit_code":0}`)),
			fbLine(0, "fail", "unknown_outcome", 1)+fbNone),
		ok("retried-counts-once", fbSeq(true, fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true`), fbReply,
			fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true`), fbReply,
			fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true`), fbReply,
			fbCall("read_file", `{"path":"a"}`, `,"exit_code":1,"class":"transient","read_only":true`)),
			fbRetried(0, "fail", "transient", 1)+fbRetriedAgain(1, "transient", 2)+fbRetriedAgain(2, "transient", 3)+fbLine(3, "refuse", "transient", 3)+fbNone),
	)

	work := `{"calls":6,"files":["a.go","b.go","\u00e9.txt"],"commits":1,"shell":["ls","go vet ./..."]}`
	checkpoint := fb("checkpoint", "The checkpoint: operation, class and reason, attempt count, preserved work and the one recovery choice.",
		ok("preserved-work", fbSeq(true,
			fbCall("write_file", `{"path":"a.go"}`, `,"changes":true`), fbCall("patch_file", `{"path":"a.go"}`, `,"changes":true`),
			fbCall("patch_file", `{"path":"b.go"}`, `,"changes":true`), fbCall("run_shell", `{"command":"ls"}`, ``),
			fbCall("git_commit", `{"message":"wip"}`, `,"changes":true`), fbCall("write_file", `{"path":"\u00e9.txt","mode":1}`, ``),
			fbCall("run_shell", `{"command":"go vet ./..."}`, `,"exit_code":0`), fbCall("write_file", `{"path":"c.go"}`, `,"exit_code":1`),
			fbReply, fbMake, fbReply, fbMake, fbReply, fbMake, fbReply, fbMake, fbReply, fbMake),
			fbLine(0, "run", "", 0)+fbLine(1, "run", "", 0)+fbLine(2, "run", "", 0)+fbLine(3, "run", "", 0)+fbLine(4, "run", "", 0)+
				fbLine(5, "run", "", 0)+fbLine(6, "run", "", 0)+fbLine(7, "fail", "execution_failure", 1)+
				fbLine(8, "fail", "execution_failure", 1)+fbAgain(9, "execution_failure", 2)+fbAgain(10, "execution_failure", 3)+
				fbLine(11, "refuse", "execution_failure", 3)+fbLine(12, "stop", "execution_failure", 3)+
				fbCheckpoint("run_shell", fbMakeStable, "execution_failure", "budget", 3, strings.Replace(work, `"calls":6`, `"calls":7`, 1), fbRecovery["execution_failure"])).
			withNote("Nothing is rolled back: every success is counted, files once in the order first written, shell commands in order."),
	)

	many := strings.Repeat(fbReply+",", 256)
	refusals := fb("refusals", "Every refusal of the table, one defect each.",
		refused("input.truncated", `{"rounds":true,"events":[`, fbInput).withException("grammar"),
		refused("input.duplicate", `{"rounds":true,"rounds":true,"events":[]}`, fbInput).withException("grammar"),
		refused("type.array", `[]`, fbType).withException("type-guard"),
		refused("type.no-events", `{"rounds":true}`, fbType).withException("type-guard"),
		refused("type.rounds-number", `{"rounds":1,"events":[]}`, fbType).withException("type-guard"),
		refused("type.events-object", `{"rounds":true,"events":{}}`, fbType).withException("type-guard"),
		refused("type.extra-member", `{"rounds":true,"events":[],"x":1}`, fbType).withException("type-guard"),
		ok("length.256", `{"rounds":true,"events":[`+many[:len(many)-1]+`]}`, fbNone),
		refused("length.257", `{"rounds":true,"events":[`+many+fbReply+`]}`, fbLength),
		refused("event.number", fbSeq(true, `1`), fbEvent),
		refused("event.unknown-kind", fbSeq(true, `{"event":"start"}`), fbEvent),
		refused("event.no-kind", fbSeq(true, `{"tool":"x","args":{}}`), fbEvent),
		refused("event.kind-case", fbSeq(true, `{"event":"Reply"}`), fbEvent),
		refused("member.reply", fbSeq(true, `{"event":"reply","n":1}`), fbMember),
		refused("member.call", fbSeq(true, fbCall("x", `{}`, `,"ok":true`)), fbMember),
		refused("member.retry", fbSeq(true, fbCall("x", `{}`, `,"retry":{"exit_code":1,"state":"s"}`)), fbMember),
		refused("tool.missing", fbSeq(true, `{"event":"call","args":{}}`), fbTool),
		refused("tool.empty", fbSeq(true, fbCall("", `{}`, ``)), fbTool),
		refused("tool.number", fbSeq(true, `{"event":"call","tool":1,"args":{}}`), fbTool),
		refused("args.missing", fbSeq(true, `{"event":"call","tool":"x"}`), fbArgs),
		refused("args.array", fbSeq(true, fbCall("x", `[]`, ``)), fbArgs),
		refused("args.null", fbSeq(true, fbCall("x", `null`, ``)), fbArgs),
		refused("host.operator", fbSeq(true, fbCall("x", `{}`, `,"host":"operator"`)), fbHost),
		refused("host.case", fbSeq(true, fbCall("x", `{}`, `,"host":"Denied"`)), fbHost),
		refused("exit_code.fraction", fbSeq(true, fbCall("x", `{}`, `,"exit_code":1.5`)), fbExitCode),
		refused("exit_code.exponent", fbSeq(true, fbCall("x", `{}`, `,"exit_code":1e2`)), fbExitCode),
		refused("exit_code.over", fbSeq(true, fbCall("x", `{}`, `,"exit_code":2147483648`)), fbExitCode),
		refused("exit_code.under", fbSeq(true, fbCall("x", `{}`, `,"exit_code":-2147483649`)), fbExitCode),
		refused("exit_code.retry", fbSeq(true, fbCall("x", `{}`, `,"retry":{"exit_code":0.0}`)), fbExitCode),
		refused("class.unknown_outcome", fbSeq(true, fbCall("x", `{}`, `,"exit_code":1,"class":"unknown_outcome"`)), fbClass).
			withNote("Only the executor's own [timeout after ...] is an unknown outcome."),
		refused("class.other", fbSeq(true, fbCall("x", `{}`, `,"class":"timeout"`)), fbClass),
		refused("class.case", fbSeq(true, fbCall("x", `{}`, `,"class":"Transient"`)), fbClass),
		refused("field.id", fbSeq(true, fbCall("x", `{}`, `,"id":1`)), fbField),
		refused("field.output", fbSeq(true, fbCall("x", `{}`, `,"output":null`)), fbField),
		refused("field.exit_code", fbSeq(true, fbCall("x", `{}`, `,"exit_code":"1"`)), fbField),
		refused("field.class", fbSeq(true, fbCall("x", `{}`, `,"class":3`)), fbField),
		refused("field.host", fbSeq(true, fbCall("x", `{}`, `,"host":true`)), fbField),
		refused("field.state", fbSeq(true, fbCall("x", `{}`, `,"state":0`)), fbField),
		refused("field.state_after", fbSeq(true, fbCall("x", `{}`, `,"state_after":[]`)), fbField),
		refused("field.read_only", fbSeq(true, fbCall("x", `{}`, `,"read_only":"true"`)), fbField),
		refused("field.changes", fbSeq(true, fbCall("x", `{}`, `,"changes":1`)), fbField),
		refused("field.retry", fbSeq(true, fbCall("x", `{}`, `,"retry":[]`)), fbField),
		refused("field.retry-output", fbSeq(true, fbCall("x", `{}`, `,"retry":{"output":1}`)), fbField),
	)
	files := []vfile{budgets, streak, refuseStop, decided, state, classify, checkpoint, refusals}
	for name := range fbScenarioAt {
		found := false
		for _, f := range files {
			for _, c := range f.cases {
				found = found || c.name == name
			}
		}
		if !found {
			panic("failure-budget/1: fbScenarioAt names no vector " + name)
		}
	}
	return files
}
