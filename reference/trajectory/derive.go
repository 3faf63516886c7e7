package trajectory

import (
	"sort"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// members are the identity members an event is read by, in check order
// (spec/trajectory.md, "Events"), after kind.
var members = []string{"id", "llmEventId", "lane", "molecule", "skill", "element", "actor", "verdict"}

// event is one event as read: each identity member's units, nil when
// absent (or a null lane).
type event struct {
	kind []uint16
	m    map[string][]uint16
}

// execution is one execution being derived.
type execution struct {
	id                   []uint16
	molecule, skill      []uint16
	lane                 []uint16
	hasLane, hasMolecule bool
	hasSkill             bool
	completed, credited  bool
	creditable           bool
	closedAt             int
	steps                [][3][]uint16
	stepHas              [][3]bool
}

// isLane is the lane rule: one or more non-empty ids joined by "/".
func isLane(u []uint16) bool {
	if len(u) == 0 || u[0] == '/' || u[len(u)-1] == '/' {
		return false
	}
	for i := 1; i < len(u); i++ {
		if u[i] == '/' && u[i-1] == '/' {
			return false
		}
	}
	return true
}

// ancestor reports whether lane a is an ancestor of lane b: b begins with
// a and then "/".
func ancestor(a, b []uint16) bool {
	return len(b) > len(a) && b[len(a)] == '/' && jsonvalue.Equal(a, b[:len(a)])
}

// agree reports whether two lanes agree: either absent, equal, or one an
// ancestor of the other.
func agree(a []uint16, hasA bool, b []uint16, hasB bool) bool {
	return !hasA || !hasB || jsonvalue.Equal(a, b) || ancestor(a, b) || ancestor(b, a)
}

// sameLane reports whether two lanes are exactly the same (both absent,
// or equal).
func sameLane(a []uint16, hasA bool, b []uint16, hasB bool) bool {
	return hasA == hasB && (!hasA || jsonvalue.Equal(a, b))
}

// readEvents checks the input and returns its events (spec/trajectory.md,
// "Events"): ErrType, then per event ErrEvent, ErrKind, ErrField and
// ErrLane by member, ErrLLMID.
func readEvents(c *refusal.Checker, v *jsonvalue.Value) ([]event, error) {
	evs, ok := v.Get("events")
	if v.Kind != jsonvalue.Object || !ok || evs.Kind != jsonvalue.Array {
		if err := c.Refuse(ErrType); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrType}
	}
	out := make([]event, 0, len(evs.Elems))
	for i := range evs.Elems {
		e := &evs.Elems[i]
		if e.Kind != jsonvalue.Object {
			if err := c.Refuse(ErrEvent); err != nil {
				return nil, err
			}
			return nil, &refusal.Error{Guard: ErrEvent}
		}
		k, ok := e.Get("kind")
		if !ok || k.Kind != jsonvalue.String {
			if err := c.Refuse(ErrKind); err != nil {
				return nil, err
			}
			return nil, &refusal.Error{Guard: ErrKind}
		}
		ev := event{kind: k.Units, m: map[string][]uint16{}}
		for _, name := range members {
			f, ok := e.Get(name)
			if !ok || name == "lane" && f.Kind == jsonvalue.Null {
				continue
			}
			if f.Kind != jsonvalue.String {
				if err := c.Refuse(ErrField); err != nil {
					return nil, err
				}
				return nil, &refusal.Error{Guard: ErrField}
			}
			if name == "lane" && !isLane(f.Units) {
				if err := c.Refuse(ErrLane); err != nil {
					return nil, err
				}
			}
			ev.m[name] = f.Units
		}
		if _, hasID := ev.m["id"]; jsonvalue.EqualString(ev.kind, "llm") && !hasID {
			if err := c.Refuse(ErrLLMID); err != nil {
				return nil, err
			}
			return nil, &refusal.Error{Guard: ErrLLMID}
		}
		out = append(out, ev)
	}
	return out, nil
}

// derive runs the derivation of spec/trajectory.md over events and returns
// the executions in order of first appearance.
func derive(c *refusal.Checker, events []event) ([]*execution, error) {
	var order []*execution
	byID := map[string]*execution{}
	get := func(id []uint16) *execution {
		x := byID[jsonvalue.Key(id)]
		if x == nil {
			x = &execution{id: id}
			byID[jsonvalue.Key(id)] = x
			order = append(order, x)
		}
		return x
	}
	for i, ev := range events {
		lane, hasLane := ev.m["lane"]
		molecule, hasMolecule := ev.m["molecule"]
		switch {
		case jsonvalue.EqualString(ev.kind, "llm"):
			x := get(ev.m["id"])
			if x.completed {
				if err := c.Refuse(ErrClosedTwice); err != nil {
					return nil, err
				}
				continue
			}
			x.completed, x.creditable, x.closedAt = true, true, i
			x.molecule, x.hasMolecule = molecule, hasMolecule
			x.skill, x.hasSkill = ev.m["skill"]
			x.lane, x.hasLane = lane, hasLane
			for _, y := range order {
				if y != x && y.creditable && x.hasMolecule && y.hasMolecule && jsonvalue.Equal(y.molecule, x.molecule) &&
					sameLane(y.lane, y.hasLane, x.lane, x.hasLane) {
					y.creditable = false
				}
			}
		default:
			if id, ok := ev.m["llmEventId"]; ok {
				step(get(id), ev)
			}
			credits := jsonvalue.EqualString(ev.kind, "skill.success") ||
				jsonvalue.EqualString(ev.kind, "trust") && jsonvalue.EqualString(ev.m["verdict"], "RESULT")
			if !credits || !hasMolecule {
				continue
			}
			skill, hasSkill := ev.m["skill"]
			trust := jsonvalue.EqualString(ev.kind, "trust")
			var best *execution
			for _, y := range order {
				if !y.creditable || !y.hasMolecule || !jsonvalue.Equal(y.molecule, molecule) || !agree(y.lane, y.hasLane, lane, hasLane) {
					continue
				}
				if !trust && y.hasSkill && (!hasSkill || !jsonvalue.Equal(y.skill, skill)) {
					continue
				}
				if best == nil || y.closedAt > best.closedAt {
					best = y
				}
			}
			if best == nil {
				continue
			}
			best.credited, best.creditable = true, false
			for _, y := range order {
				if y.creditable && y.hasMolecule && jsonvalue.Equal(y.molecule, best.molecule) && sameLane(y.lane, y.hasLane, best.lane, best.hasLane) {
					y.creditable = false
				}
			}
		}
	}
	return order, nil
}

// step appends ev's identity [kind, element, actor] to x's signature,
// unless x is closed.
func step(x *execution, ev event) {
	if x.completed {
		return
	}
	element, hasElement := ev.m["element"]
	actor, hasActor := ev.m["actor"]
	x.steps = append(x.steps, [3][]uint16{ev.kind, element, actor})
	x.stepHas = append(x.stepHas, [3]bool{true, hasElement, hasActor})
}

// appendStr appends u as a string of the output form, or null.
func appendStr(b []byte, u []uint16, has bool) []byte {
	if !has {
		return append(b, "null"...)
	}
	return jsonvalue.AppendJSON(b, &jsonvalue.Value{Kind: jsonvalue.String, Units: u})
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// reference returns the reference: the completed and credited executions
// with a molecule, the newest MaxPerKey per key (molecule and skill), in
// completion order, oldest first.
func reference(order []*execution) []*execution {
	var done []*execution
	for _, x := range order {
		if x.completed && x.credited && x.hasMolecule {
			done = append(done, x)
		}
	}
	sort.SliceStable(done, func(i, j int) bool { return done[i].closedAt > done[j].closedAt })
	count := map[string]int{}
	var out []*execution
	for _, x := range done {
		key := jsonvalue.Key(x.molecule) + "\x00"
		if x.hasSkill {
			key += "s" + jsonvalue.Key(x.skill)
		}
		if count[key] < MaxPerKey {
			count[key]++
			out = append(out, x)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].closedAt < out[j].closedAt })
	return out
}

// Derive is the trajectory derivation (spec/trajectory.md): its input is
// {"events": [...]}; it answers {"executions":[...],"reference":[...]}:
// every execution's id, molecule, skill, lane, completed, credited and
// signature steps, in order of first appearance, then the ids of the
// reference. It refuses ErrInput, ErrType, then per event ErrEvent,
// ErrKind, ErrField, ErrLane, ErrLLMID, then ErrClosedTwice in event
// order. Source: seed 000, "Trajectory signatures".
func Derive(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := jsonvalue.Parse(in)
	if err != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrInput}
	}
	events, err := readEvents(c, &v)
	if err != nil {
		return nil, err
	}
	order, err := derive(c, events)
	if err != nil {
		return nil, err
	}
	out := []byte(`{"executions":[`)
	for i, x := range order {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendStr(append(out, `{"id":`...), x.id, true)
		out = appendStr(append(out, `,"molecule":`...), x.molecule, x.hasMolecule)
		out = appendStr(append(out, `,"skill":`...), x.skill, x.hasSkill)
		out = appendStr(append(out, `,"lane":`...), x.lane, x.hasLane)
		out = appendBool(append(out, `,"completed":`...), x.completed)
		out = appendBool(append(out, `,"credited":`...), x.credited)
		out = append(out, `,"steps":[`...)
		for j, s := range x.steps {
			if j > 0 {
				out = append(out, ',')
			}
			out = append(out, '[')
			for k := range s {
				if k > 0 {
					out = append(out, ',')
				}
				out = appendStr(out, s[k], x.stepHas[j][k])
			}
			out = append(out, ']')
		}
		out = append(out, "]}"...)
	}
	out = append(out, `],"reference":[`...)
	for i, x := range reference(order) {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendStr(out, x.id, true)
	}
	return append(out, "]}"...), nil
}
