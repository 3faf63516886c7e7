#!/usr/bin/env bash
# Merges the per-contract fuzz corpora (fuzz-corpus-<name>.tar.gz, from
# ci/fuzz.sh) found in a directory into one archive, out/fuzz-corpus.tar.gz
# (conform corpus merge), the corpus of every target, deduplicated.
#
# Usage: ci/fuzz-merge.sh [DIR]   (default: carry/)
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
dir=${1:-$CI_CARRY}
shopt -s nullglob
archives=("$dir"/fuzz-corpus-*.tar.gz)
((${#archives[@]})) || die "no fuzz-corpus-*.tar.gz in $dir"
build_conform
"$CONFORM" corpus merge -o "$CI_OUT/fuzz-corpus.tar.gz" --force "${archives[@]}" | tee "$CI_OUT/fuzz-corpus.txt"
{
	echo "### Fuzz corpus"
	echo
	echo "${#archives[@]} archives merged: $(tail -1 "$CI_OUT/fuzz-corpus.txt")"
} | summary
