package failurebudget

import (
	"unicode/utf16"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// MaxEvents is the most events a sequence may hold (spec/failure-budget.md,
// "Input").
const MaxEvents = 256

// The host decisions (spec/failure-budget.md, "Input": host).
const (
	HostDenied  = "denied"
	HostPolicy  = "policy"
	HostPath    = "path"
	HostInvalid = "invalid"
)

// ToolClasses are the failure classes a tool can report in class
// (spec/failure-budget.md, "Input"): unknown_outcome comes only from the
// executor's own timeout.
var ToolClasses = []string{InvalidArguments, PermissionRefused, Unavailable, StalePrecondition, Transient, ExecutionFailure}

// result is what running a call gives.
type result struct {
	exitCode int64
	output   []uint16
	class    string
}

// event is one event of the sequence, read with its defaults.
type event struct {
	reply      bool
	tool       []uint16
	args       *jsonvalue.Value // nil: {}
	host       string           // "": the call runs
	res        result
	retry      *result // nil: the retry gives res
	state      []uint16
	stateAfter []uint16
	hasAfter   bool
	readOnly   bool
	changes    bool
}

// readSequence checks the whole input (spec/failure-budget.md, "Input") and
// returns rounds and the events, skipping those ErrEvent let through.
func readSequence(c *refusal.Checker, in []byte) (bool, []event, error) {
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return false, nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return false, nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr))
	}
	rounds, _ := v.Get("rounds")
	events, _ := v.Get("events")
	if !v.HasExactly("rounds", "events") || (rounds.Kind != jsonvalue.True && rounds.Kind != jsonvalue.False) || events.Kind != jsonvalue.Array {
		if err := c.Refuse(ErrType); err != nil {
			return false, nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		return false, nil, refusal.Locate(&refusal.Error{Guard: ErrType}, v.At(jsonvalue.Root))
	}
	at := jsonvalue.Root.Name("events")
	if len(events.Elems) > MaxEvents {
		if err := c.Refuse(ErrLength); err != nil {
			return false, nil, refusal.Locate(err, events.At(at))
		}
	}
	var out []event
	for i := range events.Elems {
		e, keep, err := readEvent(c, &events.Elems[i], at.Index(i))
		if err != nil {
			return false, nil, err
		}
		if keep {
			out = append(out, e)
		}
	}
	return rounds.Kind == jsonvalue.True, out, nil
}

// readEvent checks one event; keep is false for an event ErrEvent let
// through.
func readEvent(c *refusal.Checker, v *jsonvalue.Value, at jsonvalue.Pointer) (e event, keep bool, err error) {
	kind, _ := v.Get("event")
	isReply := kind != nil && kind.Kind == jsonvalue.String && jsonvalue.EqualString(kind.Units, "reply")
	isCall := kind != nil && kind.Kind == jsonvalue.String && jsonvalue.EqualString(kind.Units, "call")
	if v.Kind != jsonvalue.Object || (!isReply && !isCall) {
		if err := c.Refuse(ErrEvent); err != nil {
			return e, false, refusal.Locate(err, v.At(at))
		}
		return e, false, nil
	}
	if isReply {
		for i := range v.Members {
			m := &v.Members[i]
			if !jsonvalue.EqualString(m.Name, "event") {
				if err := c.Refuse(ErrMember); err != nil {
					return e, false, refusal.Locate(err, m.Value.At(at.Name(text(m.Name))))
				}
			}
		}
		return event{reply: true}, true, nil
	}
	e.tool = []uint16{}
	var hasTool, hasArgs bool
	for i := range v.Members {
		m := &v.Members[i]
		mv := &m.Value
		mat := at.Name(text(m.Name))
		switch text(m.Name) {
		case "event":
		case "tool":
			hasTool = true
			if mv.Kind != jsonvalue.String || len(mv.Units) == 0 {
				if err := c.Refuse(ErrTool); err != nil {
					return e, false, refusal.Locate(err, mv.At(mat))
				}
				continue
			}
			e.tool = mv.Units
		case "args":
			hasArgs = true
			if mv.Kind != jsonvalue.Object {
				if err := c.Refuse(ErrArgs); err != nil {
					return e, false, refusal.Locate(err, mv.At(mat))
				}
				continue
			}
			e.args = mv
		case "id":
			if mv.Kind != jsonvalue.String {
				if err := refusal.Locate(c.Refuse(ErrField), mv.At(mat)); err != nil {
					return e, false, err
				}
			}
		case "host":
			if mv.Kind != jsonvalue.String {
				if err := refusal.Locate(c.Refuse(ErrField), mv.At(mat)); err != nil {
					return e, false, err
				}
				continue
			}
			h := text(mv.Units)
			if h != HostDenied && h != HostPolicy && h != HostPath && h != HostInvalid {
				if err := refusal.Locate(c.Refuse(ErrHost), mv.At(mat)); err != nil {
					return e, false, err
				}
				continue
			}
			e.host = h
		case "exit_code", "output", "class":
			if err := readResultMember(c, &e.res, text(m.Name), mv, mat); err != nil {
				return e, false, err
			}
		case "retry":
			if mv.Kind != jsonvalue.Object {
				if err := refusal.Locate(c.Refuse(ErrField), mv.At(mat)); err != nil {
					return e, false, err
				}
				continue
			}
			r, err := readRetry(c, mv, mat)
			if err != nil {
				return e, false, err
			}
			e.retry = r
		case "state", "state_after":
			if mv.Kind != jsonvalue.String {
				if err := refusal.Locate(c.Refuse(ErrField), mv.At(mat)); err != nil {
					return e, false, err
				}
				continue
			}
			if jsonvalue.EqualString(m.Name, "state") {
				e.state = mv.Units
			} else {
				e.stateAfter, e.hasAfter = mv.Units, true
			}
		case "read_only", "changes":
			if mv.Kind != jsonvalue.True && mv.Kind != jsonvalue.False {
				if err := refusal.Locate(c.Refuse(ErrField), mv.At(mat)); err != nil {
					return e, false, err
				}
				continue
			}
			if jsonvalue.EqualString(m.Name, "read_only") {
				e.readOnly = mv.Kind == jsonvalue.True
			} else {
				e.changes = mv.Kind == jsonvalue.True
			}
		default:
			if err := refusal.Locate(c.Refuse(ErrMember), mv.At(mat)); err != nil {
				return e, false, err
			}
		}
	}
	if !hasTool {
		if err := c.Refuse(ErrTool); err != nil {
			return e, false, refusal.Locate(err, v.At(at))
		}
	}
	if !hasArgs {
		if err := c.Refuse(ErrArgs); err != nil {
			return e, false, refusal.Locate(err, v.At(at))
		}
	}
	return e, true, nil
}

// readRetry checks a retry object: exit_code, output and class only.
func readRetry(c *refusal.Checker, v *jsonvalue.Value, at jsonvalue.Pointer) (*result, error) {
	r := &result{}
	for i := range v.Members {
		m := &v.Members[i]
		name := text(m.Name)
		mat := at.Name(name)
		switch name {
		case "exit_code", "output", "class":
			if err := readResultMember(c, r, name, &m.Value, mat); err != nil {
				return nil, err
			}
		default:
			if err := c.Refuse(ErrMember); err != nil {
				return nil, refusal.Locate(err, m.Value.At(mat))
			}
		}
	}
	return r, nil
}

// readResultMember reads exit_code, output or class into r.
func readResultMember(c *refusal.Checker, r *result, name string, v *jsonvalue.Value, at jsonvalue.Pointer) error {
	want := jsonvalue.String
	if name == "exit_code" {
		want = jsonvalue.Number
	}
	if v.Kind != want {
		if err := c.Refuse(ErrField); err != nil {
			return refusal.Locate(err, v.At(at))
		}
		return nil
	}
	switch name {
	case "exit_code":
		n, ok := int32Literal(v.Text)
		if !ok {
			if err := c.Refuse(ErrExitCode); err != nil {
				return refusal.Locate(err, v.At(at))
			}
			return nil
		}
		r.exitCode = n
	case "output":
		r.output = v.Units
	default:
		cl := text(v.Units)
		for _, k := range ToolClasses {
			if cl == k {
				r.class = cl
				return nil
			}
		}
		if err := c.Refuse(ErrClass); err != nil {
			return refusal.Locate(err, v.At(at))
		}
	}
	return nil
}

// int32Literal reads a JSON number literal -?(0|[1-9][0-9]*) from -2^31 to
// 2^31-1; ok is false for anything else (a fraction, an exponent, a value
// out of range).
func int32Literal(text string) (int64, bool) {
	d := text
	neg := len(d) > 0 && d[0] == '-'
	if neg {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 10 || (d[0] == '0' && len(d) > 1) {
		return 0, false
	}
	var n int64
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return 0, false
		}
		n = n*10 + int64(d[i]-'0')
	}
	if neg {
		n = -n
	}
	return n, n >= -1<<31 && n <= 1<<31-1
}

// text returns the units u as a Go string (a lone surrogate as U+FFFD),
// for comparing with ASCII names and for pointers.
func text(u []uint16) string { return string(utf16.Decode(u)) }
