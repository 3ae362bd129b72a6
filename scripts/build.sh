#!/usr/bin/env bash
# Configures and builds Movimentum with Ninja into build/ (or $MOVIMENTUM_BUILD_DIR). Extra
# arguments go to CMake: `scripts/build.sh -DMOVIMENTUM_BUILD_BENCH=ON`. The configure log stays in
# the build folder, so a build leaves nothing untracked beside the sources.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MOVIMENTUM_BUILD_DIR:-$root/build}
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" \
  > "$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j "$(nproc)"
