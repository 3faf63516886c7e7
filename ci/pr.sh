#!/usr/bin/env bash
# The pull request check on one machine: every step of the pull request
# workflow (.github/workflows/pr.yml), with the same scripts: the vectors
# and corpora through local harnesses, the single-cause audit and a short
# fuzz pass, each of these two one step per contract (the workflow's
# matrix jobs). Every step runs; the script ends with a table of the steps
# and exits 1 when any failed.
#
# Usage: ci/pr.sh [BUDGET]   (fuzz time per contract; default
#        $CONFORM_FUZZ_BUDGET or 20s)
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
budget=${1:-${CONFORM_FUZZ_BUDGET:-20s}}
seconds "$budget" >/dev/null
steps=()
failed=0
step() {
	local name=$1 t0 rc=0
	shift
	t0=$(date +%s)
	say "step $name: $*"
	"$@" || rc=$?
	steps+=("$(printf '%-32s exit %-3s %5ss' "$name" "$rc" "$(($(date +%s) - t0))")")
	((rc == 0)) || failed=1
}
step corpora ci/corpora.sh
step suite env CONFORM_TRANSPORT=local ci/run-suite.sh
mapfile -t contracts < <(ci/matrix.sh --lines)
for c in "${contracts[@]}"; do
	step "single-cause $c" ci/mutation.sh --single-cause --contract "$c"
done
for c in "${contracts[@]}"; do
	step "fuzz $c" ci/fuzz.sh "$c" "$budget"
done
printf '  %s\n' "${steps[@]}" >&2
exit "$failed"
