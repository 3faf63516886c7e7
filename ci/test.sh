#!/usr/bin/env bash
# conform's test command (README.md): static checks, the vectors manifest,
# every Go test (the differential tests drive both mirrors; go test ./ci
# runs every step script once on one small contract), every benchmark once
# but one (below), and the mirrors' own unit tests. A missing runtime
# fails; no test is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
for p in go node npm python3 clang; do
  command -v "$p" >/dev/null || { echo "ci/test.sh: $p is required on PATH (ci/setup.sh installs it)" >&2; exit 2; }
done
[ -d ../shared/corpora ] || { echo "ci/test.sh: the public corpora must be at ../shared/corpora" >&2; exit 2; }

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './mirrors/ts/node_modules/*'))
if [ -n "$unformatted" ]; then echo "gofmt would change: $unformatted" >&2; exit 1; fi
go vet ./...
go run ./cmd/conform vectors verify
go test -timeout 30m ./...
# Every benchmark once, a smoke test, so that none rots unseen (ci/bench_test.go
# holds these lines to every benchmark of both modules): BenchmarkThroughput
# in its smoke mode (every target, a few cases each; fuzz/README.md,
# "Throughput") and BenchmarkMutateSingleCause in its (the audit of the
# contract with the fewest vectors, not the hour-long audit of all, which
# ci/mutation.sh runs per contract), the jsonv2 one under its experiment.
CONFORM_BENCH_SMOKE=1 go test -run '^$' -bench . -benchtime 1x ./...
GOEXPERIMENT=jsonv2 go test -run '^$' -bench JSONv2 -benchtime 1x ./reference/...
# The Go kit is a module of its own (standard library only): go vet and
# go test of the main module do not reach it.
(cd mirrors/kit/go && go vet ./... && go test ./... && go test -run '^$' -bench . -benchtime 1x ./...)
# The whole source-mutation audit: every source mutant of every contract
# killed or declared equivalent (each declaration naming exactly one
# mutant that survives), and every row mutant of the declarations of
# shapes. One schemata build serves them all, each run on the vectors
# that reach it (mutation/README.md, "Schemata"): a minute or two.
go run ./cmd/conform mutate --mutants --rows
SMOKE_SECONDS=10 SMOKE_TARGETS="FuzzJCSOracle:jcs_oracle FuzzJSONTextOracle:jsontext_oracle" ci/libfuzzer-smoke.sh
# Debian's pyflakes and mypy, by path: they run under Debian's python3, which
# a python3 earlier on PATH (pyenv) does not see.
for p in /usr/bin/pyflakes3 /usr/bin/mypy; do [ -x "$p" ] || { echo "ci/test.sh: $p is required (ci/setup.sh installs it)" >&2; exit 2; }; done
# mypy.ini covers the Python kit (mirrors/kit/python) with the mirror.
(cd mirrors/python && /usr/bin/pyflakes3 . ../kit/python && /usr/bin/mypy)
(cd mirrors/python && python3 -m unittest discover -s tests)
(cd mirrors/kit/python && python3 -m unittest discover -s tests)
(cd mirrors/ts && export CONFORM_REQUIRE_ORACLES=1 && npm ci --no-audit --no-fund --loglevel=error && npm run lint && npm test)
# The TypeScript kit has no dependencies of its own: tsc (checkJs) and Biome
# come from the mirror's pinned install above.
(cd mirrors/kit/ts && ../../ts/node_modules/.bin/tsc -p . && ../../ts/node_modules/.bin/biome lint --error-on-warnings && node --test test/*.test.mjs)
