#!/usr/bin/env bash
# Sourced by the scripts the GitHub workflows call, one per step
# (ci/README.md): it moves to the repository root and sets where those
# scripts keep their work, so that each runs the same way on a laptop and
# on a runner. Not a script of its own.
#
#   CONFORM_CI_DIR   the work directory (default .cache/ci): bin/ (conform
#                    and conform-harness, built from this checkout), out/
#                    (reports, archives: what the workflows upload) and
#                    carry/ (what one night hands to the next: the fuzz
#                    corpora, the last report and the history of runs)
#   CONFORM_CORPORA  the public corpora (default ../shared/corpora)
#   CONFORM_CI_STEPS the directory of the step scripts that nightly.sh and
#                    pr.sh call (default ci; the tests put stand-ins there)
#   CONFORM_CI_TRACE a file that each script appends its name and arguments
#                    to as it starts (the smoke test's record of what ran)
set -euo pipefail
# -h or --help, as the script's first argument, prints the script's header
# comment (what it does, its usage) and exits 0.
case ${1:-} in
-h | --help)
	sed -n '2,/^[^#]/{/^# shellcheck/d;/^#/s/^# \{0,1\}//p}' "$0"
	exit 0
	;;
esac
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -z "${CONFORM_CI_TRACE:-}" ] || printf '%s\n' "ci/${0##*/} $*" >>"$CONFORM_CI_TRACE"
# shellcheck disable=SC2034 # the scripts that source this file use them
CI_DIR=${CONFORM_CI_DIR:-$PWD/.cache/ci} CI_STEPS=${CONFORM_CI_STEPS:-ci}
CI_BIN=$CI_DIR/bin CI_OUT=$CI_DIR/out CI_CARRY=$CI_DIR/carry
# shellcheck disable=SC2034
CORPORA=${CONFORM_CORPORA:-$PWD/../shared/corpora} CONFORM=$CI_BIN/conform
mkdir -p "$CI_BIN" "$CI_OUT" "$CI_CARRY"

# say writes a diagnostic line, named after the script, on stderr.
say() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }

# die says why and exits 2 (a configuration error, as conform's code 2).
die() {
	say "$*"
	exit 2
}

# build_conform builds conform and the harness that serves its test
# doubles from this checkout into $CI_BIN (quick when nothing changed).
build_conform() {
	go build -o "$CI_BIN/conform" ./cmd/conform
	go build -o "$CI_BIN/conform-harness" ./cmd/conform-harness
}

# pick_contracts [CONTRACT...] sets the array contracts, after the step
# that ran matrix_contracts "$CI_DIR/contracts.txt" (its exit code in
# last): the contracts that file lists, or the ones named, each of which
# must be among them (else die); none when that step failed.
# shellcheck disable=SC2034,SC2154 # contracts is the caller's, as is last
pick_contracts() {
	contracts=()
	((last == 0)) || return 0
	mapfile -t contracts <"$CI_DIR/contracts.txt"
	if (($#)); then
		local c
		for c in "$@"; do
			grep -qxF -- "$c" "$CI_DIR/contracts.txt" || die "contract $c: not in the catalogue (ci/matrix.sh --lines)"
		done
		contracts=("$@")
	fi
}

# matrix_contracts FILE writes the contracts of the matrix
# ($CI_STEPS/matrix.sh --lines), one a line, to FILE. It fails, saying why,
# when matrix.sh fails, lists no contract, or prints a line that is no
# NAME/VERSION: nightly.sh and pr.sh run it as a step, so that a broken
# matrix fails them instead of leaving them with no fuzz and no mutation
# step to run.
matrix_contracts() {
	local rc=0 bad
	"$CI_STEPS/matrix.sh" --lines >"$1" || rc=$?
	if ((rc != 0)); then
		say "$CI_STEPS/matrix.sh --lines exited $rc: no contract to fuzz or audit"
		return "$rc"
	fi
	if ! grep -q . "$1"; then
		say "$CI_STEPS/matrix.sh --lines listed no contract"
		return 1
	fi
	if bad=$(grep -m1 -vxE '[a-z0-9-]+/[0-9]+' "$1"); then
		say "$CI_STEPS/matrix.sh --lines printed '$bad', not a contract NAME/VERSION"
		return 1
	fi
}

# summary appends its standard input, markdown, to the job summary:
# $GITHUB_STEP_SUMMARY on GitHub, $CI_OUT/summary.md elsewhere.
summary() { cat >>"${GITHUB_STEP_SUMMARY:-$CI_OUT/summary.md}"; }

# seconds converts a Go duration of hours, minutes and seconds ("90s",
# "1m", "1h30m", "2m30s") to whole seconds; anything else is an error.
seconds() {
	local d=$1 total=0 n unit
	[[ $d =~ ^([0-9]+[hms])+$ ]] || die "duration $d: want a Go duration of h, m and s, such as 10m or 1m30s"
	while [[ $d =~ ^([0-9]+)([hms])(.*)$ ]]; do
		n=${BASH_REMATCH[1]} unit=${BASH_REMATCH[2]} d=${BASH_REMATCH[3]}
		case $unit in
		h) total=$((total + 10#$n * 3600)) ;;
		m) total=$((total + 10#$n * 60)) ;;
		s) total=$((total + 10#$n)) ;;
		esac
	done
	echo "$total"
}
