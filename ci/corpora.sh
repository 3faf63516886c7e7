#!/usr/bin/env bash
# Makes the public corpora available at $CONFORM_CORPORA (default
# ../shared/corpora) and checks them against the tree digest pinned in
# ci/corpora.sha256: SHA-256 over the sha256sum lines of every file, sorted
# by path. When the directory is missing, the corpora are fetched from
# $CONFORM_CORPORA_URL, a .tar.gz of them (what --pack writes), and
# checked the same way.
#
# Usage: ci/corpora.sh               make available and check
#        ci/corpora.sh --pack FILE   write the corpora as FILE (.tar.gz)
#        ci/corpora.sh --digest      print the corpora's tree digest
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"

# tree_digest prints the tree digest of directory $1.
tree_digest() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

case ${1:-} in
--pack)
	[ -n "${2:-}" ] || die "--pack needs a file"
	[ -d "$CORPORA" ] || die "no corpora at $CORPORA"
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$CORPORA" -czf "$2" .
	say "wrote $2 ($(wc -c <"$2") bytes), tree digest $(tree_digest "$CORPORA")"
	exit 0
	;;
--digest)
	tree_digest "$CORPORA"
	exit 0
	;;
"") ;;
*) die "unknown argument $1" ;;
esac

want=$(cut -d' ' -f1 ci/corpora.sha256)
if [ ! -d "$CORPORA" ]; then
	url=${CONFORM_CORPORA_URL:-}
	[ -n "$url" ] || die "no corpora at $CORPORA, and no CONFORM_CORPORA_URL to fetch them from (a .tar.gz that ci/corpora.sh --pack writes)"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	say "fetching the corpora from $url"
	curl -fsSL --retry 3 -o "$tmp/corpora.tar.gz" "$url"
	mkdir -p "$tmp/corpora"
	tar -xzf "$tmp/corpora.tar.gz" -C "$tmp/corpora"
	got=$(tree_digest "$tmp/corpora")
	[ "$got" = "$want" ] || die "the corpora from $url have tree digest $got, ci/corpora.sha256 pins $want"
	mkdir -p "$(dirname "$CORPORA")"
	mv "$tmp/corpora" "$CORPORA"
fi
got=$(tree_digest "$CORPORA")
[ "$got" = "$want" ] || die "the corpora at $CORPORA have tree digest $got, ci/corpora.sha256 pins $want (if they changed on purpose, write the new digest there: ci/corpora.sh --digest)"
say "corpora at $CORPORA, tree digest $got"
