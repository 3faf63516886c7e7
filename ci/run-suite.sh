#!/usr/bin/env bash
# Runs every vector and the public corpora through the Go reference and
# both mirrors (conform run), judged against the divergence ledger, each
# disagreement rerun to separate flakes, and renders the report: JSONL,
# JUnit XML, one HTML page, the markdown summary (what changed since the
# last run's report, kept in carry/) and the badges, into $CI_OUT. The
# markdown goes to the job summary. Exits with conform run's code.
#
#   CONFORM_TRANSPORT  container (the default: the mirror images of
#                      ci/images.sh) or local
#   CONFORM_RERUN      reruns of each disagreement (default 3)
#   CONFORM_PREVIOUS   the report to compare with (default
#                      carry/previous-run.jsonl, which this script writes)
#   CONFORM_SUITE_CONTRACTS  the contracts to run, NAME/VERSION separated
#                      by commas (default every one; the smoke test runs one)
#
# Usage: ci/run-suite.sh
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
build_conform
transport=${CONFORM_TRANSPORT:-container}
previous=${CONFORM_PREVIOUS:-$CI_CARRY/previous-run.jsonl}
report=$CI_OUT/run.jsonl
rm -f "$report"
only=()
if [ -n "${CONFORM_SUITE_CONTRACTS:-}" ]; then
	[[ $CONFORM_SUITE_CONTRACTS =~ ^[a-z0-9-]+/[0-9]+(,[a-z0-9-]+/[0-9]+)*$ ]] ||
		die "CONFORM_SUITE_CONTRACTS=$CONFORM_SUITE_CONTRACTS: want contracts NAME/VERSION separated by commas"
	only=(--contract "$CONFORM_SUITE_CONTRACTS")
fi

code=0
"$CONFORM" run --transport "$transport" --corpus "$CORPORA" --ledger ci/divergences.toml "${only[@]}" \
	--rerun "${CONFORM_RERUN:-3}" --report "$report" --force | tee "$CI_OUT/run.txt" || code=${PIPESTATUS[0]}
[ -f "$report" ] || die "conform run exited $code without a report"

# render FORMAT FILE [ARGS]: the report as FORMAT into $CI_OUT/FILE.
# conform report exits with the run's code; only 2 says it failed.
render() {
	local format=$1 file=$2
	shift 2
	local rc=0
	"$CONFORM" report "$report" --format "$format" -o "$CI_OUT/$file" --force "$@" || rc=$?
	[ "$rc" != 2 ] || die "rendering $format failed"
}
render junit run.junit.xml
render html run.html
render badge badge.svg
render shields badge.json
prev=()
[ -f "$previous" ] && prev=(--previous "$previous")
render markdown run.md "${prev[@]}"
summary <"$CI_OUT/run.md"
cp "$report" "$previous.tmp" && mv "$previous.tmp" "$previous"
say "reports in $CI_OUT: run.jsonl run.junit.xml run.html run.md badge.svg badge.json; exit $code"
exit "$code"
