package gen

import (
	"bytes"
	"testing"
)

// TestBridgeGeneratorsTerminate: the bridge generators return on empty
// input.
func TestBridgeGeneratorsTerminate(t *testing.T) { terminates(t, BridgeMessage, BridgeStream) }

// TestBridgeStreamsPairCalls checks streams hold a call followed by a
// result, two calls in a row, and CRLF line ends.
func TestBridgeStreamsPairCalls(t *testing.T) {
	var pair, twice, crlf int
	for _, b := range samples(2000, 200, BridgeStream) {
		lines := bytes.Split(b, []byte("\n"))
		for i := 1; i < len(lines); i++ {
			call := bytes.Contains(lines[i-1], []byte(`"tool_call"`))
			switch {
			case call && bytes.Contains(lines[i], []byte(`"tool_result"`)):
				pair++
			case call && bytes.Contains(lines[i], []byte(`"tool_call"`)):
				twice++
			}
		}
		if bytes.Contains(b, []byte("\r\n")) {
			crlf++
		}
	}
	if pair == 0 || twice == 0 || crlf == 0 {
		t.Errorf("pairs %d, calls twice %d, CRLF streams %d; want each > 0", pair, twice, crlf)
	}
}
