#!/usr/bin/env bash
# Builds the VS Code extension (editors/vscode/) into build/movimentum-VERSION.vsix and runs its
# grammar test with vscode-tmgrammar-test. Needs Node.js and npm (Debian's nodejs and npm) and the
# npm registry: the pinned @vscode/vsce 2.32.0 (3.x needs Node >= 20, Debian 12 has 18),
# vscode-languageclient 9.0.1 and vscode-tmgrammar-test 0.1.3. Not part of the test command: CI
# checks the grammar with tests/editors/test_grammar.py, which needs no network.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/editors/vscode"
npm install --no-audit --no-fund
npm run test-grammar
mkdir -p "$root/build"
npx vsce package --out "$root/build/"
