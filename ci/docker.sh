#!/usr/bin/env bash
# Sets up what `--transport container` and its tests need, on a machine that
# reaches Debian's packages and the npm registry but no image registry:
#
#  1. installs Debian's docker.io (dockerd, containerd, runc) and debootstrap
#     when they are missing;
#  2. starts the Docker engine when none answers and no dockerd is running:
#     dockerd in the background, logging to $CONFORM_DOCKERD_LOG (default
#     /var/log/conform-dockerd.log), with the overlay2 storage driver where
#     overlay mounts work, else vfs ($CONFORM_DOCKER_STORAGE_DRIVER forces
#     one);
#  3. builds the local base image (ci/base-image.sh: debootstrap bookworm,
#     python3, Node.js 20, npm) unless an image already carries the tag
#     conform-base:bookworm-<hash of ci/base-image.sh>, and points
#     conform-base:bookworm at it;
#  4. builds the mirrors' images from that base, named by the stable tag
#     conform-base:bookworm (conform images build --base
#     conform-base:bookworm, the command README.md and the container tests
#     give: a build from another name of the same base would make other
#     images and re-point the mirror tags), which the engine's build cache
#     makes quick when nothing changed.
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

# 2. The engine. A dockerd that is running but slow to answer (a loaded
# machine) is waited for, never doubled; a stale pid file is removed.
engine_up() { timeout 30 docker info >/dev/null 2>&1; }
wait_engine() { # seconds pid
  for _ in $(seq 1 "$1"); do
    engine_up && return 0
    [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null && return 1
    sleep 1
  done
  return 1
}
running_dockerd() {
  local pid
  pid=$(cat /var/run/docker.pid 2>/dev/null || true)
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null || true)" = dockerd ] && echo "$pid"
}
# overlay2 needs overlay mounts on the file system of /var/lib/docker; where
# they fail (some nested or unusual file systems), vfs works, slowly.
overlay_works() {
  local d ok=1
  mkdir -p /var/lib/docker
  d=$(mktemp -d /var/lib/docker/.conform-overlay-probe.XXXXXX)
  mkdir "$d/l" "$d/u" "$d/w" "$d/m"
  if mount -t overlay overlay -o "lowerdir=$d/l,upperdir=$d/u,workdir=$d/w" "$d/m" 2>/dev/null; then
    umount "$d/m"
    ok=0
  fi
  rm -rf "$d"
  return $ok
}
if ! engine_up; then
  logf=${CONFORM_DOCKERD_LOG:-/var/log/conform-dockerd.log}
  if pid=$(running_dockerd); then
    say "dockerd (pid $pid) is running but not answering yet; waiting"
    wait_engine 120 "$pid" || { say "dockerd (pid $pid) does not answer; its log: $logf" >&2; exit 2; }
  else
    rm -f /var/run/docker.pid
    driver=${CONFORM_DOCKER_STORAGE_DRIVER:-}
    if [ -z "$driver" ]; then
      if overlay_works; then driver=overlay2; else driver=vfs; fi
    fi
    mkdir -p "$(dirname "$logf")"
    say "starting dockerd (storage driver $driver, log $logf)"
    setsid nohup dockerd --storage-driver="$driver" >>"$logf" 2>&1 </dev/null &
    pid=$!
    wait_engine 120 "$pid" || {
      say "dockerd did not come up; its log ends:" >&2
      tail -20 "$logf" >&2 || true
      exit 2
    }
  fi
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
"$bin/conform" images build --base conform-base:bookworm --build-ca "$ca"
say "ready in $(($(date +%s) - t0))s"
