// Package mirrors is public: it holds, as files, the independent
// TypeScript and Python mirrors of every contract (ts/, python/) and the
// starter kits their harnesses are built on (kit/ts, kit/python), with
// each mirror's Dockerfile, compiled in so that conform runs exactly these
// sources wherever it is installed. It promises the files at their paths
// in this directory; preparing and running them is conform's own business.
// The Go starter kit is a module of its own, kit/go.
package mirrors

import "embed"

// ts/src is embedded whole, folders included: a contract's TypeScript
// module may keep its parts in ts/src/<name>/ (spec/README.md, "A
// contract's own files").
//
//go:embed python/*.py python/conform_mirror/*.py kit/python/conform_kit.py kit/python/refusals.json
//go:embed ts/src ts/package.json ts/package-lock.json ts/tsconfig.json
//go:embed kit/ts/index.js kit/ts/index.d.ts kit/ts/package.json kit/ts/refusals.json
//go:embed ts/Dockerfile python/Dockerfile
var sources embed.FS

// Sources returns the mirrors' sources, their kits and their Dockerfiles,
// at their paths below mirrors/ ("ts/src/...", "python/harness.py",
// "kit/ts/index.js", "ts/Dockerfile").
func Sources() embed.FS { return sources }
