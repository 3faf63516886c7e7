package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzBridge: bridge/4's four operations, decode, encode
// and round-trip on one message (valid, with one change, or any JSON
// text), stream on NDJSON lines of tool calls, results and other messages
// (spec/bridge.md).
func init() {
	register(Target{Name: "FuzzBridge", Contract: "bridge/4", Ops: []string{"decode", "encode", "round-trip", "stream"},
		draw: func(s *gen.Source, op string) []byte {
			if op == "stream" {
				return gen.BridgeStream(s)
			}
			return gen.BridgeMessage(s)
		}})
}
