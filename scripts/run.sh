#!/usr/bin/env bash
# Installs what is missing, builds, and opens the editor on a script (the pump sample by default).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MOVIMENTUM_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" > /dev/null
exec "$build/app/movimentum" "${1:-$root/samples/pump.movimentum}"
