#!/usr/bin/env bash
# The sanitized fuzz run (CI's second step, after scripts/test.sh): a copy of core and solver built
# with AddressSanitizer and UBSan into build-asan/ (the `asan` preset), and the fuzz test on it.
# Installs what is missing first, like the other scripts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
cd "$root"
cmake --preset asan > /dev/null
cmake --build --preset asan -j "$(nproc)"
ctest --preset asan -j "$(nproc)" --timeout 600
