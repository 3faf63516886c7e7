#!/usr/bin/env bash
# The pull request check on one machine: every step of the pull request
# workflow (.github/workflows/pr.yml), with the same scripts: the vectors
# and corpora through local harnesses, the single-cause audit and a short
# fuzz pass, each of these two one step per contract (the workflow's
# matrix jobs). Every step runs; the script ends with a table of the steps
# and exits 1 when any failed. The contracts come from ci/matrix.sh, run
# as a step of its own: when it fails or lists no contract, the run fails
# (with no single-cause or fuzz step). The steps are the scripts of
# $CONFORM_CI_STEPS (default ci; ci/lib.sh).
#
# Usage: ci/pr.sh [BUDGET [CONTRACT...]]   (fuzz time per contract;
#        default $CONFORM_FUZZ_BUDGET or 20s). With contracts named, the
#        single-cause and fuzz steps cover those alone.
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
budget=${1:-${CONFORM_FUZZ_BUDGET:-20s}}
seconds "$budget" >/dev/null
(($# == 0)) || shift
steps=()
failed=0
# step NAME COMMAND...: runs the command, records its exit code (also in
# last) and time.
step() {
	local name=$1 t0 rc=0
	shift
	t0=$(date +%s)
	say "step $name: $*"
	"$@" || rc=$?
	steps+=("$(printf '%-32s exit %-3s %5ss' "$name" "$rc" "$(($(date +%s) - t0))")")
	last=$rc
	((rc == 0)) || failed=1
}
step corpora "$CI_STEPS/corpora.sh"
step suite env CONFORM_TRANSPORT=local "$CI_STEPS/run-suite.sh"
step matrix matrix_contracts "$CI_DIR/contracts.txt"
pick_contracts "$@"
for c in "${contracts[@]}"; do
	step "single-cause $c" "$CI_STEPS/mutation.sh" --single-cause --contract "$c"
done
for c in "${contracts[@]}"; do
	step "fuzz $c" "$CI_STEPS/fuzz.sh" "$c" "$budget"
done
printf '  %s\n' "${steps[@]}" >&2
exit "$failed"
