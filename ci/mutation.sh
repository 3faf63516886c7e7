#!/usr/bin/env bash
# The guard mutation audit (conform mutate): every guard single-cause in the
# Go reference and both mirrors, and every mutant of the reference killed,
# with the mutation-testing-elements report out/mutation.json; with
# --single-cause, the first half alone (the pull request's check). The
# totals go to the job summary. Exits with conform mutate's code.
#
# Usage: ci/mutation.sh [--single-cause]
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
build_conform
args=(mutate --report "$CI_OUT/mutation.json" --force)
out=$CI_OUT/mutation.txt
case ${1:-} in
--single-cause) args=(mutate --single-cause) out=$CI_OUT/single-cause.txt ;;
"") ;;
*) die "unknown argument $1" ;;
esac
code=0
"$CONFORM" "${args[@]}" | tee "$out" || code=${PIPESTATUS[0]}
{
	echo "### Mutation audit (${args[*]})"
	echo
	echo '```'
	grep -E '^(single-cause:|source mutation:|exit code|WRONG|  line)' "$out" || true
	echo '```'
} | summary
exit "$code"
