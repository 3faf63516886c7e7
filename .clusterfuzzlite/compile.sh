# Sourced by .clusterfuzzlite/build.sh (in OSS-Fuzz's Go builder) and by
# ci/libfuzzer-smoke.sh (on a developer's machine or CI), so that the smoke
# run proves the very steps the builder runs.
#
# OSS-Fuzz's compile_native_go_fuzzer is not used: it finds a target's file
# with `grep -r -l <function> <package dir>`, and each gocheck function name
# is also in its contract's target registration (internal/fuzz/gocheck/<ident>.go),
# so it gets two files. The two steps it would run for a fuzzing build are
# these.

# The go-118-fuzz-build module and the version both scripts install (the
# tool and its testing shim).
GO118_TOOL=github.com/AdamKorcz/go-118-fuzz-build
GO118_VERSION=v0.0.0-20250520111509-a70c2aa677fa

# gocheck_targets prints "fuzz function:libFuzzer binary name" for every
# Go-only target of fuzz/gocheck (run from the tree's root), one a line: the
# functions are those its test files declare (each contract's own
# fuzz/gocheck/<ident>*_test.go), and the binary name of FuzzXyzOracle or
# FuzzXyzProperties is xyz_oracle or xyz_properties, lower case.
gocheck_targets() {
  local fn
  sed -n 's/^func \(Fuzz[A-Za-z0-9]*\)(f \*testing\.F) {$/\1/p' fuzz/gocheck/*_test.go |
    while read -r fn; do
      printf '%s:%s\n' "$fn" "$(printf '%s' "$fn" | sed -E 's/^Fuzz(.+)(Properties|Oracle)$/\1_\2/' | tr 'A-Z' 'a-z')"
    done
}

# GOCHECK_TARGETS: fuzz function:libFuzzer binary name, for every Go-only
# target of fuzz/gocheck, separated by spaces.
GOCHECK_TARGETS=$(gocheck_targets | tr '\n' ' ')

# compile_gocheck_target FUNC NAME WORKDIR OUTDIR builds the fuzz function
# FUNC of ./fuzz/gocheck (run from the tree's root) into the libFuzzer binary
# OUTDIR/NAME: go-118-fuzz-build (on PATH) makes an archive in WORKDIR, and
# $CXX $CXXFLAGS $LIB_FUZZING_ENGINE link it (the builder sets them; the
# defaults are clang and -fsanitize=fuzzer). FuzzJSONTextOracle needs
# GOEXPERIMENT=jsonv2.
compile_gocheck_target() {
  local fn=$1 name=$2 work=$3 out=$4 experiment=
  [ "$fn" = FuzzJSONTextOracle ] && experiment=jsonv2
  GOEXPERIMENT=$experiment go-118-fuzz-build -o "$work/$name.a" -func "$fn" ./fuzz/gocheck
  # shellcheck disable=SC2086 # the flags are word lists
  ${CXX:-clang} ${CXXFLAGS:-} ${LIB_FUZZING_ENGINE:--fsanitize=fuzzer} "$work/$name.a" -o "$out/$name" -lpthread
}
