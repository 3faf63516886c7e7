package bridge

// Kind is the JSON kind a field of a message must have (spec/bridge.md,
// "Messages").
type Kind uint8

// The field kinds of spec/bridge.md, "Messages".
const (
	String  Kind = iota // a JSON string
	Integer             // an integer literal from 0 to MaxInteger
	Signed              // an integer literal from -MaxInteger to MaxInteger
	Number              // any JSON number, kept as its literal
	Boolean             // true or false
	Object              // any JSON object, kept in document order
	Phases              // an array of {n, type, agents} items
)

// MaxInteger is the largest magnitude of an integer field, 2^53-1
// (spec/bridge.md, "Decisions").
const MaxInteger = 1<<53 - 1

// Field is one field of a message type.
type Field struct {
	// Name is the wire key, snake_case.
	Name string
	// Kind is the JSON kind its value must have.
	Kind Kind
	// Optional is true when the field may be absent.
	Optional bool
	// Vocabulary, when not nil, is the closed set of strings the field may
	// hold (done.reason, control.action).
	Vocabulary []string
}

// Message is one message type: its type name and its fields in order.
type Message struct {
	// Type is the value of the message's member "type".
	Type string
	// Fields are the type's fields in the order of the canonical form.
	Fields []Field
	// HostToBrain is true for a command (host to brain), false for an
	// event (brain to host).
	HostToBrain bool
}

// DoneReasons is the done.reason vocabulary (seed 001, section 1,
// invariant 5).
var DoneReasons = []string{"", "stalled", "no-progress", "max-turns", "unverified"}

// ControlActions is the control.action vocabulary (seed 001, section 1,
// "host → brain").
var ControlActions = []string{"pause", "resume", "steer"}

// PhaseFields are the fields of one workflow_start.phases item, in order.
var PhaseFields = []Field{{Name: "n", Kind: Integer}, {Name: "type", Kind: String}, {Name: "agents", Kind: Integer}}

func req(name string, k Kind) Field { return Field{Name: name, Kind: k} }
func opt(name string, k Kind) Field { return Field{Name: name, Kind: k, Optional: true} }

// Messages is the message table of bridge/4 (spec/bridge.md, "Messages";
// seed 001, section 1, the two message tables and the history): the
// brain-to-host events, the seven workflow-swarm frames among them, then
// the host-to-brain commands. Callers must not modify it.
var Messages = []Message{
	{Type: "stage", Fields: []Field{req("name", String), req("face", String)}},
	{Type: "monologue", Fields: []Field{req("text", String), req("depth", Integer)}},
	{Type: "skill", Fields: []Field{req("name", String), req("reason", String)}},
	{Type: "turn", Fields: []Field{req("n", Integer), req("tool_calls", Integer), req("malformed", Integer),
		req("invented", Integer), req("no_call", Integer), req("fail_count", Integer)}},
	{Type: "tool_call", Fields: []Field{req("id", String), req("name", String), req("args", Object)}},
	{Type: "telemetry", Fields: []Field{req("tokens", Integer), req("tps", Number), req("ctx_used", Integer),
		req("ctx_cap", Integer), req("vram", Number)}},
	{Type: "status", Fields: []Field{req("phase", String), req("pool_used", Number), req("pool_cap", Number)}},
	{Type: "checkpoint", Fields: []Field{req("git_sha", String)}},
	{Type: "done", Fields: []Field{req("ok", Boolean), req("result", String), opt("remaining", Integer),
		{Name: "reason", Kind: String, Optional: true, Vocabulary: DoneReasons}}},
	{Type: "error", Fields: []Field{req("msg", String)}},
	{Type: "workflow_start", Fields: []Field{req("workflow_id", String), req("phases", Phases), req("total_agents", Integer)}},
	{Type: "phase_start", Fields: []Field{req("phase_n", Integer), req("phase_type", String), req("agent_count", Integer)}},
	{Type: "phase_done", Fields: []Field{req("phase_n", Integer), req("artifact_summary", String)}},
	{Type: "agent_spawn", Fields: []Field{req("agent_id", String), req("phase_n", Integer), req("brief", String)}},
	{Type: "agent_progress", Fields: []Field{req("agent_id", String), req("delta", String)}},
	{Type: "agent_done", Fields: []Field{req("agent_id", String), req("phase_n", Integer), req("summary", String),
		opt("tokens", Integer), opt("tool_calls", Integer), opt("duration_ms", Integer)}},
	{Type: "workflow_done", Fields: []Field{req("synthesis", String), req("total_phases", Integer), req("total_agents", Integer)}},
	{Type: "task", HostToBrain: true, Fields: []Field{req("text", String), req("cwd", String), req("pool_gb", Number),
		req("effort", String), req("model", String), opt("test_cmd", String)}},
	{Type: "tool_result", HostToBrain: true, Fields: []Field{req("id", String), req("output", String), req("exit_code", Signed)}},
	{Type: "control", HostToBrain: true, Fields: []Field{{Name: "action", Kind: String, Vocabulary: ControlActions},
		opt("note", String)}},
}

// Lookup returns the message type named t, and whether there is one.
func Lookup(t string) (*Message, bool) {
	for i := range Messages {
		if Messages[i].Type == t {
			return &Messages[i], true
		}
	}
	return nil, false
}
