#!/usr/bin/env bash
# The guard mutation audit (conform mutate): every guard single-cause in the
# Go reference and both mirrors, and every mutant of the reference killed,
# with the mutation-testing-elements report; with --single-cause, the first
# half alone (the pull request's check). With --contract C, only contract
# C's guards and mutants: the workflows run one job per contract of
# ci/matrix.sh, in parallel (the source and row mutants alone take a
# minute or two through the schemata build; single-cause in the mirrors
# takes longer). The reports are
# out/mutation[-NAME].txt and, for mutants, out/mutation[-NAME].json; the
# totals go to the job summary. Exits with conform mutate's code.
#
#   CONFORM_MAX_MUTANTS  try at most this many mutants (conform mutate
#                        --max-mutants; default 0, every one; the smoke
#                        test tries a few)
#
# Usage: ci/mutation.sh [--single-cause] [--contract NAME/VERSION]
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
half=
contract=
while (($#)); do
	case $1 in
	--single-cause) half=--single-cause ;;
	--contract)
		(($# > 1)) || die "--contract needs a contract, NAME/VERSION"
		contract=$2
		shift
		;;
	*) die "unknown argument $1" ;;
	esac
	shift
done
[ -z "$contract" ] || [[ $contract =~ ^[a-z0-9-]+/[0-9]+$ ]] || die "contract $contract: want NAME/VERSION, a contract of ci/matrix.sh --lines"
max=${CONFORM_MAX_MUTANTS:-0}
[[ $max =~ ^[0-9]+$ ]] || die "CONFORM_MAX_MUTANTS=$max: want a number of mutants (0: every one)"
build_conform
base=mutation
[ -z "$half" ] || base=single-cause
args=(mutate)
if [ -n "$contract" ]; then
	args+=(--contract "$contract")
	base+=-${contract%/*}
fi
if [ -n "$half" ]; then
	args+=("$half")
else
	args+=(--report "$CI_OUT/$base.json" --force)
	((10#$max == 0)) || args+=(--max-mutants "$((10#$max))")
fi
out=$CI_OUT/$base.txt
code=0
"$CONFORM" "${args[@]}" | tee "$out" || code=${PIPESTATUS[0]}
{
	echo "### Mutation audit (${args[*]})"
	echo
	echo '```'
	grep -E '^(single-cause:|source mutation:|row mutants:|exit code|WRONG|SURVIVED|  line)' "$out" || true
	echo '```'
} | summary
exit "$code"
