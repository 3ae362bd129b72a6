#!/usr/bin/env bash
# Installs what is missing, checks the format, builds with warnings as errors, and runs every test
# (the README's test command; .ci/run calls it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MOVIMENTUM_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/check-format.sh"
"$root/scripts/build.sh" -DMOVIMENTUM_WERROR=ON
cd "$build"
ctest --output-on-failure -j "$(nproc)" --timeout 600
