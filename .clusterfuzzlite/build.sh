#!/bin/bash -eu
# Builds the Go-only fuzz targets of fuzz/gocheck as libFuzzer binaries in
# $OUT, each with a seed corpus, for ClusterFuzzLite and OSS-Fuzz. It runs
# in their Go builder image (go-118-fuzz-build, $CXX, $CXXFLAGS and
# $LIB_FUZZING_ENGINE come from there); ci/libfuzzer-smoke.sh runs the same
# compile steps (compile.sh) on a developer's machine. Fuzzing builds only:
# the coverage build of compile_native_go_fuzzer is not reproduced.
#
# go-118-fuzz-build rewrites the harness file of each target in place and
# needs its testing shim in go.mod: both happen in the builder's copy of
# the tree only.
cd "$SRC/conform"
. .clusterfuzzlite/compile.sh

if [ "${SANITIZER:-}" = coverage ]; then
  echo "build.sh: coverage builds are not supported (see .clusterfuzzlite/README.md)" >&2
  exit 1
fi

# Pinned, the tool and its testing shim: the version ci/libfuzzer-smoke.sh
# was proven with, not whichever the image carries.
GOBIN="$SRC/bin" go install "$GO118_TOOL@$GO118_VERSION"
export PATH="$SRC/bin:$PATH"
go get "$GO118_TOOL/testing@$GO118_VERSION"

work=$(mktemp -d)
go build -o "$work/conform" ./cmd/conform
for t in $GOCHECK_TARGETS; do
  fn=${t%%:*}; name=${t##*:}
  compile_gocheck_target "$fn" "$name" "$work" "$OUT"
  "$work/conform" corpus seeds --target "$fn" --format libfuzzer --corpora none "$work/seeds/$name"
  (cd "$work/seeds/$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
done
