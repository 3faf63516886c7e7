package fuzz

import "testing"

// FuzzAgentBrowserATSOrder fuzzes agent-browser-ats-order/1's six
// operations: faithful call and result exchanges with one change, through
// the shape validators, the decisions and verifyBrowserResult.
func FuzzAgentBrowserATSOrder(f *testing.F) { fuzzTarget(f, "FuzzAgentBrowserATSOrder") }
