package probemanifest

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/probe-manifest.md).
const Contract = "probe-manifest/1"

// The operation names (spec/probe-manifest.md, "Operations"), in table
// order.
const (
	OpMerge      = "merge"
	OpCheck      = "check"
	OpWriteGuard = "write-guard"
)

// Manifest is the one recognized manifest path, normalized: the root
// .atoma-probes.json.
const Manifest = ".atoma-probes.json"

// Discriminant is WEB_PROBE_DISCRIMINANT, the one written web kind;
// Aliases are REPORTED_WEB_PROBE_ALIASES, which only the reader tolerates.
const Discriminant = "web"

// Aliases are the web kind's aliases the reader reads as Discriminant.
var Aliases = []string{"browser", "playwright"}

// Guards is the closed refusal table of probe-manifest/1 in the order of
// spec/probe-manifest.md ("Refusals"), read from the catalogue. Callers
// must not modify it.
var Guards = interp.Guards(Contract)

func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts refuse with by name; the member
// rules' guards are the declaration's (spec/probe-manifest/shapes.json).
var (
	ErrInput       = guard("probe-manifest.input")
	ErrType        = guard("probe-manifest.type")
	ErrNotManifest = guard("probe-manifest.not_manifest")
	ErrHandEdit    = guard("probe-manifest.hand_edit")
	ErrCorrupt     = guard("probe-manifest.corrupt")
	ErrKind        = guard("probe-manifest.kind")
)
