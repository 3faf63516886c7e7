package reference

// The registration lines: one blank import per contract package, each of
// which registers its operations in its init function (reference/internal/register).
// Adding a contract adds its line here and nowhere else in Go
// (spec/README.md, "Adding a contract").
import (
	_ "github.com/conform-dev/conform/reference/agentbrowseratsorder"
	_ "github.com/conform-dev/conform/reference/artifact"
	_ "github.com/conform-dev/conform/reference/ats"
	_ "github.com/conform-dev/conform/reference/atsruntime"
	_ "github.com/conform-dev/conform/reference/attestation"
	_ "github.com/conform-dev/conform/reference/bridge"
	_ "github.com/conform-dev/conform/reference/digest"
	_ "github.com/conform-dev/conform/reference/ed25519"
	_ "github.com/conform-dev/conform/reference/failurebudget"
	_ "github.com/conform-dev/conform/reference/frame"
	_ "github.com/conform-dev/conform/reference/modelselector"
	_ "github.com/conform-dev/conform/reference/prim"
	_ "github.com/conform-dev/conform/reference/probemanifest"
	_ "github.com/conform-dev/conform/reference/pyjson"
	_ "github.com/conform-dev/conform/reference/rfc8785"
	_ "github.com/conform-dev/conform/reference/ticker"
	_ "github.com/conform-dev/conform/reference/toolhost"
	_ "github.com/conform-dev/conform/reference/tracefields"
	_ "github.com/conform-dev/conform/reference/trajectory"
	_ "github.com/conform-dev/conform/reference/v8date"
)
