#!/usr/bin/env bash
# The nightly drift check on one machine: every step of the nightly
# workflow (.github/workflows/nightly.yml), one after another, with the
# same scripts. The workflow runs the fuzz and mutation matrices as
# parallel jobs; here the contracts are fuzzed, then audited, in turn. Every step runs
# even when an earlier one failed; the script ends with a table of the
# steps, their exit codes and times, and exits 1 when any step failed.
#
#   ci/images.sh       the mirror images, from digest-pinned bases
#   ci/corpora.sh      the public corpora, checked against their digest
#   ci/run-suite.sh    vectors and corpora in containers, all reports
#   ci/history.sh      the run appended to the carried history, rendered
#   ci/matrix.sh       the contracts (a step: when it fails or lists no
#                      contract, the run fails, with no fuzz or mutation step)
#   ci/fuzz.sh C B     each contract of ci/matrix.sh for budget B
#   ci/fuzz-merge.sh   the carried corpora merged into one archive
#   ci/mutation.sh --contract C   the guard mutation audit, per contract
#
# The steps are the scripts of $CONFORM_CI_STEPS (default ci; ci/lib.sh).
#
# Usage: ci/nightly.sh [BUDGET [CONTRACT...]]   (BUDGET per contract, a Go
#        duration; default $CONFORM_FUZZ_BUDGET or 5m). With contracts
#        named, the fuzz and mutation steps cover those alone (the images,
#        corpora and suite steps always run). Here: ci/nightly.sh 1m
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
budget=${1:-${CONFORM_FUZZ_BUDGET:-5m}}
seconds "$budget" >/dev/null
(($# == 0)) || shift
rm -f "$CI_OUT/summary.md"
start=$(date +%s)
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

step images "$CI_STEPS/images.sh"
step corpora "$CI_STEPS/corpora.sh"
step suite "$CI_STEPS/run-suite.sh"
step history "$CI_STEPS/history.sh"
step matrix matrix_contracts "$CI_DIR/contracts.txt"
pick_contracts "$@"
for c in "${contracts[@]}"; do
	step "fuzz $c" "$CI_STEPS/fuzz.sh" "$c" "$budget"
done
step fuzz-merge "$CI_STEPS/fuzz-merge.sh"
for c in "${contracts[@]}"; do
	step "mutation $c" "$CI_STEPS/mutation.sh" --contract "$c"
done

total=$(($(date +%s) - start))
{
	echo
	echo "nightly: fuzz budget $budget per contract, ${#contracts[@]} contracts, ${total}s in all"
	printf '  %s\n' "${steps[@]}"
} | tee "$CI_OUT/nightly.txt" >&2
{
	echo "### Nightly steps"
	echo
	echo '```'
	cat "$CI_OUT/nightly.txt"
	echo '```'
} | summary
say "reports and archives in $CI_OUT; the job summary in ${GITHUB_STEP_SUMMARY:-$CI_OUT/summary.md}"
exit "$failed"
