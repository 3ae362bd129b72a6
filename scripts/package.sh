#!/usr/bin/env bash
# Installs what is missing, builds, and makes the Debian package build/movimentum_VERSION_ARCH.deb
# (cmake/install.cmake says what goes in it). Install it with: sudo apt install ./build/movimentum_*.deb
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MOVIMENTUM_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" > /dev/null
(cd "$build" && cpack -G DEB -B "$build" > "$build/package.log" 2>&1) || { cat "$build/package.log"; exit 1; }
ls "$build"/movimentum_*.deb
