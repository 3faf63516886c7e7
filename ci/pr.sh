#!/usr/bin/env bash
# The pull request check on one machine: every step of the pull request
# workflow (.github/workflows/pr.yml), with the same scripts: the vectors
# and corpora through local harnesses, the single-cause audit, and a short
# fuzz pass over every contract. Every step runs; the script ends with a
# table of the steps and exits 1 when any failed.
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
	steps+=("$(printf '%-24s exit %-3s %5ss' "$name" "$rc" "$(($(date +%s) - t0))")")
	((rc == 0)) || failed=1
}
step corpora ci/corpora.sh
step suite env CONFORM_TRANSPORT=local ci/run-suite.sh
step single-cause ci/mutation.sh --single-cause
mapfile -t contracts < <(ci/fuzz-matrix.sh --lines)
for c in "${contracts[@]}"; do
	step "fuzz $c" ci/fuzz.sh "$c" "$budget"
done
printf '  %s\n' "${steps[@]}" >&2
exit "$failed"
