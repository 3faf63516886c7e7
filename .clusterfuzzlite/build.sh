#!/bin/bash -eu
# Builds the Go-only fuzz targets of fuzz/gocheck as libFuzzer binaries in
# $OUT, each with a seed corpus, for ClusterFuzzLite and OSS-Fuzz. It runs
# in their Go builder image (compile_native_go_fuzzer, go-118-fuzz-build and
# $LIB_FUZZING_ENGINE come from there); ci/libfuzzer-smoke.sh runs the same
# steps on a developer's machine.
#
# go-118-fuzz-build rewrites the harness file of each target in place and
# needs its testing shim in go.mod: both happen in the builder's copy of
# the tree only.
cd "$SRC/conform"

# Pinned: the version ci/libfuzzer-smoke.sh was proven with.
SHIM=github.com/AdamKorcz/go-118-fuzz-build/testing@v0.0.0-20250520111509-a70c2aa677fa
go get "$SHIM"

# name of the fuzz function -> libFuzzer binary name.
targets=(
  FuzzJCSProperties:jcs_properties
  FuzzPyJSONProperties:pyjson_properties
  FuzzDigestProperties:digest_properties
  FuzzTimestampProperties:timestamp_properties
  FuzzBase64URLProperties:base64url_properties
  FuzzJCSOracle:jcs_oracle
  FuzzEd25519Oracle:ed25519_oracle
)

seeds=$(mktemp -d)
go build -o "$seeds/conform" ./cmd/conform
for t in "${targets[@]}"; do
  fn=${t%%:*}; name=${t##*:}
  compile_native_go_fuzzer conform/fuzz/gocheck "$fn" "$name"
  "$seeds/conform" corpus seeds --target "$fn" --format libfuzzer --corpora none "$seeds/$name"
  (cd "$seeds/$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
done

# The encoding/json/jsontext oracle needs the jsonv2 experiment.
GOEXPERIMENT=jsonv2 compile_native_go_fuzzer conform/fuzz/gocheck FuzzJSONTextOracle jsontext_oracle
"$seeds/conform" corpus seeds --target FuzzJSONTextOracle --format libfuzzer --corpora none "$seeds/jsontext_oracle"
(cd "$seeds/jsontext_oracle" && zip -q -r "$OUT/jsontext_oracle_seed_corpus.zip" .)
