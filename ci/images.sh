#!/usr/bin/env bash
# Builds the mirrors' images (conform images build) from their Dockerfiles,
# whose default bases are pinned by tag and digest (ARG BASE=...@sha256:...;
# a base that is not is refused). Where an image registry answers, the
# pinned bases are pulled and the images built on them; where none does
# (this machine), ci/docker.sh builds the local stand-in base and the images
# on it.
#
#   CONFORM_BASES=registry  pull the pinned bases; a failed pull fails (CI)
#   CONFORM_BASES=local     the local base of ci/docker.sh, no pull
#   CONFORM_BASES=auto      registry when every pull succeeds, else local
#                           (the default)
#
# Usage: ci/images.sh
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
mode=${CONFORM_BASES:-auto}
case $mode in registry | local | auto) ;; *) die "CONFORM_BASES=$mode: want registry, local or auto" ;; esac

bases=()
for df in mirrors/*/Dockerfile; do
	base=$(sed -n 's/^ARG BASE=//p' "$df")
	[[ $base =~ ^[^@[:space:]]+:[^@[:space:]]+@sha256:[0-9a-f]{64}$ ]] ||
		die "$df: the default base '$base' is not pinned as name:tag@sha256:<digest>"
	bases+=("$base")
done

if [ "$mode" != local ]; then
	pulled=1
	for base in "${bases[@]}"; do
		say "pulling $base"
		if ! docker pull -q "$base" >/dev/null; then
			[ "$mode" = registry ] && die "cannot pull $base (CONFORM_BASES=registry)"
			pulled=0
			break
		fi
	done
	if [ "$pulled" = 1 ]; then
		build_conform
		"$CONFORM" images build --build-ca "${NODE_EXTRA_CA_CERTS:-}" | tee "$CI_OUT/images.tsv"
		exit 0
	fi
	say "no registry answers: building on the local base instead (ci/docker.sh)"
fi
ci/docker.sh
