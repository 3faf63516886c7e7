package failurebudget

import (
	"strconv"
	"strings"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// The failure classes (seed 001, section 1, "Classified").
const (
	InvalidArguments  = "invalid_arguments"
	PermissionRefused = "permission_refused"
	Unavailable       = "unavailable"
	StalePrecondition = "stale_precondition"
	UnknownOutcome    = "unknown_outcome"
	Transient         = "transient"
	ExecutionFailure  = "execution_failure"
)

// classes lists the failure classes, each with its budget threshold.
var classes = []string{PermissionRefused, Unavailable, InvalidArguments, StalePrecondition, UnknownOutcome, Transient, ExecutionFailure}

// Thresholds are the bounds of the machine, value by name: "budget.<class>"
// (failed attempts allowed per class, seed 001, section 1, "Budget, per
// class"), "streak.stop" (the streak that stops the cycle) and
// "streak.warning" (the streak from which a failure carries the warning).
// They are read once from spec/failure-budget.md's Thresholds table
// through the catalogue; a call sees them moved by its shift
// (refusal.Shifting). Callers must not modify the map.
var Thresholds = shape.Thresholds(Contract)

// The streak thresholds' names; a budget's is "budget." and its class.
const (
	StreakStop    = "streak.stop"
	StreakWarning = "streak.warning"
)

// Recovery is the one recovery choice of a checkpoint, by class
// (spec/failure-budget.md, "Output"); RecoveryPath is the path guard's.
var Recovery = map[string]string{
	PermissionRefused: "approve when prompted, or work without it",
	InvalidArguments:  "correct the arguments",
	Unavailable:       "work without it",
	StalePrecondition: "read the current state again",
	UnknownOutcome:    "check whether it took effect",
	Transient:         "try again later",
	ExecutionFailure:  "fix the cause first",
}

// RecoveryPath is the path guard's recovery choice.
const RecoveryPath = "stay inside the workspace"

// entry is the state of one fingerprint.
type entry struct {
	class        string
	count        int
	decision     bool // decision-bound (a host decision), else state-bound
	decided      bool // the last failure was a decided refusal (denied, policy, path)
	path         bool // the last failure was the path guard's
	after        []uint16
	afterEpoch   int
	refused      bool
	refusedReply int
	refusedEpoch int
}

// machine is the state of spec/failure-budget.md, "The machine".
type machine struct {
	entries   map[string]*entry
	streak    int
	fullReply int // the reply in which the streak last reached stop
	// budget, stop and warning are the thresholds as this call sees them.
	budget         map[string]int
	stopAt, warnAt int
	lastClass      string
	reply          int
	epoch          int
	calls          int // calls decided so far
	succeeded      int
	files          [][]uint16
	commits        int
	shell          [][]uint16
	out            []byte
}

// outcome is what a run gives: a cancellation, a success or a failure.
type outcome struct {
	cancelled, success bool
	class              string
}

// classify applies steps 1 to 4 of spec/failure-budget.md,
// "Classification", to one result.
func classify(r result) outcome {
	switch {
	case hasPrefix(r.output, "[aborted") || r.exitCode == 130:
		return outcome{cancelled: true}
	case hasPrefix(r.output, "[timeout after "):
		return outcome{class: UnknownOutcome}
	case r.exitCode == 0:
		return outcome{success: true}
	case r.class == "":
		return outcome{class: ExecutionFailure}
	}
	return outcome{class: r.class}
}

func hasPrefix(u []uint16, p string) bool {
	return len(u) >= len(p) && jsonvalue.EqualString(u[:len(p)], p)
}

// Decide takes an event sequence as a JSON value input
// ({"rounds":bool,"events":[...]}) and returns one decision line per call
// and then the checkpoint line (spec/failure-budget.md, "Output"): the
// repeated tool-failure budget run as a state machine over the calls.
//
// It refuses, in this order: ErrInput; ErrType (not an object with exactly
// a boolean rounds and an array events); ErrLength (more than 256 events);
// then each event in order: ErrEvent (not a reply or call object), its
// members in document order (ErrMember an unknown member, ErrField a wrong
// JSON type, ErrHost, ErrExitCode, ErrClass a value outside its set), then
// ErrTool and ErrArgs for a call without them.
//
// Source: spec/failure-budget.md; seed 001, section 1, "Repeated
// tool-failure budget (#285)".
func Decide(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	rounds, events, err := readSequence(c, in)
	if err != nil {
		return nil, err
	}
	m := &machine{entries: map[string]*entry{}, out: []byte{}, budget: map[string]int{},
		stopAt: c.Limit(StreakStop, Thresholds[StreakStop]), warnAt: c.Limit(StreakWarning, Thresholds[StreakWarning])}
	for _, class := range classes {
		name := "budget." + class
		m.budget[class] = c.Limit(name, Thresholds[name])
	}
	for _, e := range events {
		if e.reply {
			if rounds {
				m.reply++
			}
			continue
		}
		if !rounds {
			m.reply++
		}
		if stop := m.call(e); stop != nil {
			m.out = append(m.out, stop...)
			return m.out, nil
		}
		m.calls++
	}
	return append(m.out, "{\"checkpoint\":null}\n"...), nil
}

// call decides one call; it returns the checkpoint line when the call is
// stopped, nil otherwise.
func (m *machine) call(e event) []byte {
	fp := Fingerprint(e.tool, e.args, e.host)
	if m.streak >= m.stopAt && m.reply > m.fullReply {
		return m.stop(e, fp, m.lastClass, "streak", m.streak, false)
	}
	en := m.entries[fp]
	if en != nil && !en.decision && e.host == "" &&
		(!jsonvalue.Equal(e.state, en.after) || m.epoch != en.afterEpoch) {
		delete(m.entries, fp)
		en = nil
	}
	if en != nil && en.count >= m.budget[en.class] {
		switch {
		case !en.refused, en.refusedReply == m.reply,
			en.decided && m.epoch > en.refusedEpoch:
			en.refused, en.refusedReply, en.refusedEpoch = true, m.reply, m.epoch
			m.counted(en.class)
			m.line("refuse", en.class, en.count, false)
			return nil
		}
		return m.stop(e, fp, en.class, "budget", en.count, en.path)
	}
	var o outcome
	retried := false
	if e.host != "" {
		o.class = PermissionRefused
		if e.host == HostInvalid {
			o.class = InvalidArguments
		}
	} else {
		o = classify(e.res)
		if o.class == Transient && e.readOnly {
			retried = true
			r := e.res
			if e.retry != nil {
				r = *e.retry
			}
			o = classify(r)
		}
	}
	switch {
	case o.cancelled:
		m.line("cancelled", "", 0, retried)
	case o.success:
		delete(m.entries, fp)
		m.streak = 0
		if e.changes {
			m.epoch++
		}
		m.preserve(e)
		m.line("run", "", 0, retried)
	default:
		if en == nil {
			en = &entry{}
			m.entries[fp] = en
		}
		en.class, en.decision, en.path = o.class, e.host != "", e.host == HostPath
		en.decided = e.host != "" && e.host != HostInvalid
		en.count++
		en.after = e.state
		if e.hasAfter {
			en.after = e.stateAfter
		}
		en.afterEpoch = m.epoch
		m.counted(o.class)
		m.line("fail", o.class, en.count, retried)
	}
	return nil
}

// counted adds a failed or refused call of class to the streak.
func (m *machine) counted(class string) {
	m.streak++
	m.lastClass = class
	if m.streak == m.stopAt {
		m.fullReply = m.reply
	}
}

// line appends one decision line.
func (m *machine) line(decision, class string, attempts int, retried bool) {
	b := append(m.out, `{"call":`...)
	b = strconv.AppendInt(b, int64(m.calls), 10)
	b = append(b, `,"decision":"`...)
	b = append(b, decision...)
	b = append(b, '"')
	if class != "" {
		b = append(b, `,"class":"`...)
		b = append(b, class...)
		b = append(b, `","attempts":`...)
		b = strconv.AppendInt(b, int64(attempts), 10)
	}
	if decision == "fail" && attempts >= 2 {
		b = append(b, `,"repeat":true`...)
	}
	if retried {
		b = append(b, `,"retried":true`...)
	}
	if (decision == "fail" || decision == "refuse") && m.streak >= m.warnAt {
		b = append(b, `,"warning":`...)
		b = strconv.AppendInt(b, int64(m.streak), 10)
	}
	m.out = append(b, "}\n"...)
}

// preserve records the work of a successful call.
func (m *machine) preserve(e event) {
	m.succeeded++
	arg := func(name string) ([]uint16, bool) {
		if e.args == nil {
			return nil, false
		}
		v, ok := e.args.Get(name)
		if !ok || v.Kind != jsonvalue.String {
			return nil, false
		}
		return v.Units, true
	}
	switch {
	case jsonvalue.EqualString(e.tool, "write_file"), jsonvalue.EqualString(e.tool, "patch_file"):
		if p, ok := arg("path"); ok && !containsUnits(m.files, p) {
			m.files = append(m.files, p)
		}
	case jsonvalue.EqualString(e.tool, "git_commit"):
		m.commits++
	case jsonvalue.EqualString(e.tool, "run_shell"):
		if c, ok := arg("command"); ok {
			m.shell = append(m.shell, c)
		}
	}
}

func containsUnits(list [][]uint16, u []uint16) bool {
	for _, x := range list {
		if jsonvalue.Equal(x, u) {
			return true
		}
	}
	return false
}

// stop appends the stop line and returns the checkpoint line.
func (m *machine) stop(e event, fp, class, reason string, attempts int, path bool) []byte {
	m.line("stop", class, attempts, false)
	recovery := Recovery[class]
	if path && reason == "budget" {
		recovery = RecoveryPath
	}
	var b strings.Builder
	b.WriteString(`{"checkpoint":{"operation":{"tool":`)
	b.Write(appendASCII(nil, e.tool))
	b.WriteString(`,"fingerprint":"` + fp + `"},"class":"` + class + `","reason":"` + reason + `","attempts":`)
	b.WriteString(strconv.Itoa(attempts))
	b.WriteString(`,"preserved":{"calls":` + strconv.Itoa(m.succeeded) + `,"files":[`)
	for i, f := range m.files {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(appendASCII(nil, f))
	}
	b.WriteString(`],"commits":` + strconv.Itoa(m.commits) + `,"shell":[`)
	for i, s := range m.shell {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(appendASCII(nil, s))
	}
	b.WriteString(`]},"recovery":"` + recovery + "\"}}\n")
	return []byte(b.String())
}
