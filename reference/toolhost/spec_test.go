package toolhost

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// specChain reads the base chain of spec/toolhost.md section 8.3 and the
// outputs it lists for the 21 operations.
func specChain(t *testing.T) (map[string]json.RawMessage, map[string]string) {
	t.Helper()
	text, err := os.ReadFile("../../spec/toolhost.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(text)
	start := strings.Index(s, "### 8.3 Canonical instances")
	end := strings.Index(s, "### 8.4 Sealing")
	if start < 0 || end < start {
		t.Fatal("spec/toolhost.md has no section 8.3")
	}
	sec := s[start:end]
	j0 := strings.Index(sec, "```json\n") + len("```json\n")
	j1 := j0 + strings.Index(sec[j0:], "```")
	chain := map[string]json.RawMessage{}
	if err := json.Unmarshal([]byte(sec[j0:j1]), &chain); err != nil {
		t.Fatalf("base chain: %v", err)
	}
	outs := map[string]string{}
	re := regexp.MustCompile("(?m)^- `([a-z0-9-]+)`:\n\n      (\\{.*\\})$")
	for _, m := range re.FindAllStringSubmatch(sec, -1) {
		outs[m[1]] = m[2]
	}
	if len(outs) != 21 {
		t.Fatalf("section 8.3 lists %d outputs, want 21", len(outs))
	}
	return chain, outs
}

// envelopeOf is the envelope of op built from the base chain.
func envelopeOf(chain map[string]json.RawMessage, members ...string) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		v := chain[m]
		switch m {
		case "workspace_status_input":
			v = sub(chain["invocation"], "arguments")
		case "workspace_status":
			v = sub(chain["result"], "payload")
		case "challenge":
			v = sub(chain["host_open_proof"], "challenge")
		}
		b.WriteString(`"` + m + `":` + string(v))
	}
	b.WriteByte('}')
	return []byte(b.String())
}

func sub(doc json.RawMessage, name string) json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(doc, &m)
	return m[name]
}

// envelopes are the members of each operation's envelope (Operations
// table).
var envelopes = map[string][]string{
	OpValidateTrust:                  {"trust"},
	OpValidateDeviceProof:            {"trust", "device_proof", "now"},
	OpValidateHostOpenProof:          {"host_open_proof", "device_proof"},
	OpValidateObserverChannelReceipt: {"observer_channel_receipt"},
	OpValidateRuntimeCapability:      {"runtime_capability"},
	OpValidateRegistry:               {"registry"},
	OpValidateHostLease:              {"trust", "host_lease", "now"},
	OpValidateInvocation:             {"invocation"},
	OpValidateCancellation:           {"cancellation"},
	OpValidateResult:                 {"result"},
	OpValidateWorkspaceStatusInput:   {"workspace_status_input"},
	OpValidateWorkspaceStatus:        {"workspace_status"},
	OpCheckLeaseBinding:              {"trust", "device_proof", "registry", "host_lease", "now"},
	OpCheckHostOpenBinding:           {"trust", "device_proof", "host_open_proof", "registry", "host_lease", "challenge", "now"},
	OpCheckInvocation:                {"trust", "registry", "host_lease", "invocation", "now"},
	OpCheckToolArguments:             {"invocation"},
	OpCheckToolPayload:               {"result"},
	OpCheckCancellation:              {"trust", "host_lease", "invocation", "cancellation", "now"},
	OpCheckResult:                    {"registry", "invocation", "result"},
	OpAssertE1CanaryRegistry:         {"registry"},
	OpCheckCapabilityReceipt:         {"runtime_capability", "observer_channel_receipt"},
}

// TestSpecBaseChain runs the base chain of section 8.3 through the 21
// operations and compares each verdict with the bytes the spec gives.
func TestSpecBaseChain(t *testing.T) {
	chain, outs := specChain(t)
	for _, o := range Operations {
		in := envelopeOf(chain, envelopes[o.Name]...)
		got, err := o.Run(in)
		if err != nil {
			t.Errorf("%s: refused: %v", o.Name, err)
			continue
		}
		if string(got) != outs[o.Name] {
			t.Errorf("%s:\n got %s\nwant %s", o.Name, got, outs[o.Name])
		}
	}
}
