#!/usr/bin/env bash
# Fails when a tracked C++ source differs from .clang-format (and so when a line passes 100
# columns). Fix with: git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror
echo "check-format: every source matches .clang-format"
