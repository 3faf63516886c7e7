#!/usr/bin/env bash
# Prints the per-contract matrix of the workflows: one entry per contract
# of the catalogue, in its order, each with its number of fuzz targets
# (conform fuzz --list, whose targets come from the catalogue), never
# written by hand:
#   {"include":[{"contract":"<name>/<version>","name":"<name>","targets":N},...]}
# The fuzz jobs and the mutation audit's jobs (single-cause on a pull
# request, the whole audit at night) both run one job per entry.
# With --github it writes matrix=<that JSON> to $GITHUB_OUTPUT for a job's
# strategy.matrix; with --lines it prints the contracts one a line.
#
# Usage: ci/matrix.sh [--github | --lines]
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
build_conform
list=$("$CONFORM" fuzz --list | awk '{print $2}' | uniq -c)
[ -n "$list" ] || die "conform fuzz --list lists no target"
json='{"include":['
sep=
lines=
while read -r n contract; do
	json+="$sep{\"contract\":\"$contract\",\"name\":\"${contract%/*}\",\"targets\":$n}"
	sep=,
	lines+="$contract"$'\n'
done <<<"$list"
json+=']}'
case ${1:-} in
--github) echo "matrix=$json" >>"${GITHUB_OUTPUT:?--github needs GITHUB_OUTPUT}" ;;
--lines) printf '%s' "$lines" ;;
"") echo "$json" ;;
*) die "unknown argument $1" ;;
esac
