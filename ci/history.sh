#!/usr/bin/env bash
# Appends the suite's run to the history of runs that one night carries to
# the next (carry/history.jsonl, one summary line per run: date, commit,
# counts per contract and implementation, interop scores, versions, the
# vector manifest; conform history append), then renders the history into
# $CI_OUT: history.txt and history.html (a trend chart per contract). The
# last two weeks go to the job summary.
#
#   CONFORM_COMMIT  the commit that ran (default $GITHUB_SHA, else
#                   git rev-parse HEAD)
#
# Usage: ci/history.sh [REPORT]   (default out/run.jsonl, from ci/run-suite.sh)
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
report=${1:-$CI_OUT/run.jsonl}
[ -f "$report" ] || die "no report at $report: ci/run-suite.sh writes it"
commit=${CONFORM_COMMIT:-${GITHUB_SHA:-$(git rev-parse HEAD 2>/dev/null || true)}}
[ -n "$commit" ] || die "no commit: set CONFORM_COMMIT (this is no git checkout)"
build_conform
history=$CI_CARRY/history.jsonl
"$CONFORM" history append --report "$report" --commit "$commit" "$history"
"$CONFORM" history "$history" -o "$CI_OUT/history.txt" --force
"$CONFORM" history "$history" --format html -o "$CI_OUT/history.html" --force
{
	echo "### History"
	echo
	echo '```'
	"$CONFORM" history "$history" --last 14
	echo '```'
} | summary
say "history of $(wc -l <"$history") runs in $history; rendered in $CI_OUT: history.txt history.html"
