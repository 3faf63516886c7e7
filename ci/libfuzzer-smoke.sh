#!/usr/bin/env bash
# Proves the ClusterFuzzLite build step (.clusterfuzzlite/build.sh, whose
# compile steps are .clusterfuzzlite/compile.sh, sourced here too) on this
# machine, on a throwaway copy of the tree (go-118-fuzz-build edits the
# package it builds in place, and its testing shim must be added to
# go.mod):
#
#   1. build Go-only fuzz targets of fuzz/gocheck into libFuzzer binaries
#      with go-118-fuzz-build and clang (one of them under
#      GOEXPERIMENT=jsonv2);
#   2. run each for SMOKE_SECONDS (default 15) on its seed corpus, written
#      in libFuzzer's format by conform corpus seeds;
#   3. convert the corpus libFuzzer grew to Go's format and back, and check
#      the round trip keeps every input;
#   4. replay the converted corpus with go test (Go's engine reads it) and
#      run the libFuzzer binary over the Go seeds converted the other way.
#
# Needs go, clang (Debian: apt-get install clang) and the Go module proxy.
# SMOKE_TARGETS overrides the targets (fuzz function:binary name, space
# separated); by default every Go-only target (GOCHECK_TARGETS of
# .clusterfuzzlite/compile.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${SMOKE_SECONDS:-15}
. .clusterfuzzlite/compile.sh
targets=${SMOKE_TARGETS:-$GOCHECK_TARGETS}
tool=$GO118_TOOL
version=$GO118_VERSION

for p in go clang; do
  command -v "$p" >/dev/null || { echo "libfuzzer-smoke: $p is required on PATH" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say() { echo "libfuzzer-smoke: $*" >&2; }

say "installing go-118-fuzz-build $version"
GOBIN="$work/bin" go install "$tool@$version"
export PATH="$work/bin:$PATH"
go build -o "$work/conform" ./cmd/conform

before=$(cat fuzz/gocheck/*.go go.mod go.sum | sha256sum)
say "copying the tree to $work/src"
mkdir "$work/src"
tar --exclude=./.git --exclude=node_modules --exclude=./conform --exclude=./generate -cf - . | tar -xf - -C "$work/src"
cd "$work/src"
go get "$tool/testing@$version" 2>/dev/null

corpora=$(dirname "$root")/shared/corpora
[ -d "$corpora" ] || corpora=none
mkdir -p "$work/out"
for t in $targets; do
  fn=${t%%:*}; name=${t##*:}
  experiment=
  [ "$fn" = FuzzJSONTextOracle ] && experiment=jsonv2
  say "$fn: go-118-fuzz-build + clang -> $name (.clusterfuzzlite/compile.sh)"
  compile_gocheck_target "$fn" "$name" "$work" "$work/out"

  "$work/conform" corpus seeds --target "$fn" --format libfuzzer --corpora "$corpora" "$work/seeds/$name" >&2
  mkdir -p "$work/corpus/$name"
  say "$name: libFuzzer for ${secs}s"
  "$work/out/$name" -max_total_time="$secs" -print_final_stats=1 "$work/corpus/$name" "$work/seeds/$name" \
    >"$work/$name.log" 2>&1 || { tail -40 "$work/$name.log" >&2; say "$name failed"; exit 1; }
  grep -E "^stat::number_of_executed_units|^Done" "$work/$name.log" >&2 || true
  units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name.log")
  [ "${units:-0}" -gt 0 ] || { say "$name: libFuzzer executed nothing"; exit 1; }
  grown=$(ls "$work/corpus/$name" | wc -l)
  # The corpus: what libFuzzer added, and the seeds it started from.
  mkdir -p "$work/all/$name"
  # Both name files by the SHA-1 of their content: a clash is the same input.
  cp -r "$work/seeds/$name"/. "$work/all/$name"/
  cp -r "$work/corpus/$name"/. "$work/all/$name"/
  total=$(ls "$work/all/$name" | wc -l)

  say "$name: converting its corpus ($grown new inputs, $total with the seeds) to Go's format and back"
  "$work/conform" corpus convert --to go "$work/all/$name" "$work/go/$name" >&2
  "$work/conform" corpus convert --to libfuzzer "$work/go/$name" "$work/back/$name" >&2
  "$work/conform" corpus convert --to go "$work/back/$name" "$work/go2/$name" >&2
  if ! diff -r "$work/go/$name" "$work/go2/$name" >/dev/null; then
    say "$name: the round trip libFuzzer -> Go -> libFuzzer -> Go changed the corpus"; exit 1
  fi

  say "$name: go test replays the converted corpus"
  mkdir -p fuzz/gocheck/testdata/fuzz/"$fn"
  cp "$work/go/$name"/* fuzz/gocheck/testdata/fuzz/"$fn"/
  n=$(ls fuzz/gocheck/testdata/fuzz/"$fn" | wc -l)
  GOEXPERIMENT=$experiment go test -count=1 -run "^$fn\$" -v ./fuzz/gocheck >"$work/$name.replay" 2>&1 ||
    { tail -40 "$work/$name.replay" >&2; say "$name: go test failed on the converted corpus"; exit 1; }
  replayed=$(grep -cE -- "--- PASS: $fn/[0-9a-f]{16} " "$work/$name.replay" || true)
  [ "$replayed" -ge "$n" ] || { say "$name: go test replayed $replayed of $n entries"; exit 1; }

  say "$name: the libFuzzer binary runs the Go seeds converted to its format"
  "$work/conform" corpus seeds --target "$fn" --format go --corpora none "$work/goseeds/$name" >&2
  "$work/conform" corpus convert --to libfuzzer "$work/goseeds/$name" "$work/lfseeds/$name" >&2
  "$work/out/$name" -runs=0 "$work/lfseeds/$name" >"$work/$name.runs" 2>&1 ||
    { tail -20 "$work/$name.runs" >&2; exit 1; }
  echo "$name: built, fuzzed ${secs}s ($units runs, $grown new inputs), $total inputs converted both ways, $replayed replayed by go test"
done
after=$(cd "$root" && cat fuzz/gocheck/*.go go.mod go.sum | sha256sum)
[ "$before" = "$after" ] || { say "the original tree changed"; exit 1; }
echo "libfuzzer-smoke: ok"
