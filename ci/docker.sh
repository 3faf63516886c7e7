#!/usr/bin/env bash
# Sets up what `--transport container` and its tests need, on a machine that
# reaches Debian's packages and the npm registry but no image registry:
#
#  1. installs Debian's docker.io (dockerd, containerd, runc) and debootstrap
#     when they are missing;
#  2. starts the Docker engine when none answers: dockerd in the background,
#     logging to $CONFORM_DOCKERD_LOG (default /var/log/conform-dockerd.log),
#     with the overlay2 storage driver, or vfs where overlay2 does not work;
#  3. builds the local base image (ci/base-image.sh: debootstrap bookworm,
#     python3, Node.js 20, npm) unless an image already carries the tag
#     conform-base:bookworm-<hash of ci/base-image.sh>, and points
#     conform-base:bookworm at it;
#  4. builds the mirrors' images from that base (conform images build), which
#     the engine's build cache makes quick when nothing changed.
#
# Every step is skipped when its result is already there, so running it
# again is cheap. Usage: ci/docker.sh
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
say() { echo "ci/docker.sh: $*"; }

# 1. Packages.
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v docker >/dev/null || { say "no docker command after installing docker.io" >&2; exit 2; }

# 2. The engine.
engine_up() { timeout 10 docker info >/dev/null 2>&1; }
if ! engine_up; then
  logf=${CONFORM_DOCKERD_LOG:-/var/log/conform-dockerd.log}
  mkdir -p "$(dirname "$logf")"
  started=
  for driver in ${CONFORM_DOCKER_STORAGE_DRIVER:-overlay2 vfs}; do
    say "starting dockerd (storage driver $driver, log $logf)"
    setsid nohup dockerd --storage-driver="$driver" >>"$logf" 2>&1 </dev/null &
    pid=$!
    for _ in $(seq 1 60); do
      if engine_up; then started=$driver; break; fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 1
    done
    [ -n "$started" ] && break
    say "dockerd did not come up with $driver; its log ends:" >&2
    tail -5 "$logf" >&2 || true
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  [ -n "$started" ] || { say "no Docker engine could be started" >&2; exit 2; }
fi
say "engine $(docker info --format '{{.ServerVersion}}, storage driver {{.Driver}}')"

# 3. The base image, rebuilt only when its recipe changes.
recipe_hash=$(sha256sum ci/base-image.sh | cut -c1-16)
base=conform-base:bookworm-$recipe_hash
if docker image inspect "$base" >/dev/null 2>&1; then
  say "base $base is there"
else
  say "building base $base (debootstrap, a few minutes)"
  ci/base-image.sh "$base"
fi
docker tag "$base" conform-base:bookworm

# 4. The mirrors' images.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/conform" ./cmd/conform
# npm ci in the TypeScript build trusts what the host's Node.js trusts
# (a TLS-inspecting proxy's authority, say), and nothing of it stays in
# the images.
ca=${NODE_EXTRA_CA_CERTS:-}
if [ -z "$ca" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  ca=/etc/ssl/certs/ca-certificates.crt
fi
"$bin/conform" images build --base "$base" --build-ca "$ca"
say "ready in $(($(date +%s) - t0))s"
