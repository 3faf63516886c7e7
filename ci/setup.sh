#!/usr/bin/env bash
# Installs what conform's tests need and a fresh machine may lack: Node.js
# with npm (the TypeScript mirror) and Python 3 (the Python mirror). Go must
# already be on the machine. Programs already present are left alone.
set -euo pipefail
missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
command -v python3 >/dev/null || missing+=(python3)
command -v clang >/dev/null || missing+=(clang) # ci/libfuzzer-smoke.sh links libFuzzer binaries
[ -x /usr/bin/pyflakes3 ] || missing+=(pyflakes3) # ci/test.sh lints the Python mirror with Debian's pyflakes
[ -x /usr/bin/mypy ] || missing+=(mypy)           # and type-checks it with Debian's mypy (mirrors/python/mypy.ini)
# The Python mirror's tests validate documents against a JSON Schema bundle
# with Debian's python3-jsonschema, under Debian's python3.
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || missing+=(python3-jsonschema)
if ((${#missing[@]})); then
  echo "ci/setup.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi
command -v go >/dev/null || { echo "ci/setup.sh: Go 1.26 is required and not on PATH" >&2; exit 2; }
go version
node --version
python3 --version
