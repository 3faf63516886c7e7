#!/usr/bin/env bash
# Fuzzes one contract for a time budget (conform fuzz, every target of the
# contract, the budget split between them), starting from the corpus the
# last run carried (carry/fuzz-corpus-<name>.tar.gz, imported with conform
# corpus import) and carrying the grown corpus to the next run: the
# engine's corpus is exported and merged with the carried one (conform
# corpus merge) into out/fuzz-corpus-<name>.tar.gz, which replaces the
# carried archive. Findings are written into a copy of the vectors and a
# work directory under out/ (never into the checkout), for the workflow to
# upload. Exits with conform fuzz's code: 0 no finding, 1 a finding.
#
#   CONFORM_FUZZ_TRANSPORT  how the mirrors run: local (default) or container
#
# Usage: ci/fuzz.sh CONTRACT [BUDGET]   (BUDGET a Go duration, default
#        $CONFORM_FUZZ_BUDGET or 5m)
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
contract=${1:?usage: ci/fuzz.sh CONTRACT [BUDGET]}
budget=${2:-${CONFORM_FUZZ_BUDGET:-5m}}
name=${contract%/*}
build_conform
mapfile -t targets < <("$CONFORM" fuzz --list | awk -v c="$contract" '$2 == c {print $1}')
((${#targets[@]})) || die "$contract has no fuzz target (conform fuzz --list)"
per=$(($(seconds "$budget") / ${#targets[@]}))
((per >= 5)) || per=5
targetlist=$(IFS=,; echo "${targets[*]}")

carry=$CI_CARRY/fuzz-corpus-$name.tar.gz
work=$CI_OUT/fuzz-$name
rm -rf "$work"
mkdir -p "$work/work"
cp -R vectors "$work/vectors"
if [ -f "$carry" ]; then
	"$CONFORM" corpus import "$carry"
else
	say "no corpus carried for $contract yet: starting from the seeds"
fi

t0=$(date +%s)
code=0
"$CONFORM" fuzz --contract "$contract" --time "${per}s" --transport "${CONFORM_FUZZ_TRANSPORT:-local}" \
	--workdir "$work/work" --vectors "$work/vectors" | tee "$work/fuzz.txt" || code=${PIPESTATUS[0]}
took=$(($(date +%s) - t0))

"$CONFORM" corpus export -o "$work/grown.tar.gz" --force --target "$targetlist"
merged=$CI_OUT/fuzz-corpus-$name.tar.gz
if [ -f "$carry" ]; then
	"$CONFORM" corpus merge -o "$merged" --force "$carry" "$work/grown.tar.gz" | tail -1
else
	"$CONFORM" corpus merge -o "$merged" --force "$work/grown.tar.gz" | tail -1
fi
cp "$merged" "$carry.tmp" && mv "$carry.tmp" "$carry"

{
	echo "### Fuzz $contract"
	echo
	echo "${#targets[@]} targets (${targets[*]}), ${per}s each, ${took}s in all; conform fuzz exited $code."
	echo
	echo '```'
	grep -E '^(Fuzz|  )' "$work/fuzz.txt" | tail -20 || true
	echo '```'
} | summary
exit "$code"
