// Package agentbrowseratsorder is the public Go reference of
// agent-browser-ats-order/1: the Agent Browser order ticket's call and
// result shapes (aether.ats.browser-order-call/1 and
// aether.ats.browser-order-result/1), resolveSiteMode,
// deriveBrowserBindingState, requiresReconciliation and
// verifyBrowserResult.
//
// Source: seed 001, section 4, "Agent Browser order ticket", invariants 1
// to 11 and "Golden vectors and the Python mirror"; the rules are
// spec/agent-browser-ats-order.md. The closed objects are declared in
// spec/agent-browser-ats-order/shapes.json and validated by the shape
// interpreter; this package gives the named checks (identifiers, tickers
// through ticker.MatchesEquity, labels through ticker.InClosedLabelSet,
// timestamps through v8date.Parse, origins) and the hand-written object
// rules, decisions and gate.
//
// Every operation takes a JSON value input as bytes and answers the
// RFC 8785 canonical bytes of its verdict, or a refusal from Guards. It
// performs no I/O and reads no clock: now is an input.
package agentbrowseratsorder
