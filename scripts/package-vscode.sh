#!/usr/bin/env bash
# Builds the VS Code extension (editors/vscode/) into build/movimentum-VERSION.vsix and runs its
# grammar test with vscode-tmgrammar-test. Needs Node.js, npm and the npm registry;
# package-lock.json pins every package: @vscode/vsce 2.32.0 (3.x needs Node >= 20, Debian 12
# has 18), vscode-languageclient 9.0.1, vscode-tmgrammar-test 0.1.3. Not part of the test
# command (tests/editors/test_grammar.py checks the grammar there without Node); .ci/run runs it
# where npm is installed.
#
# It never stops at a question, on a terminal or not: vsce asks "Do you want to continue? [y/N]"
# when package.json has no `repository` (the project publishes no repository address, so
# --allow-missing-repository says that is meant) or the folder has no LICENSE (LICENSE beside
# package.json, the MIT text package.json declares); and standard input is /dev/null, so any
# question a later vsce adds ends the script with its error instead of waiting.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/editors/vscode"
npm ci --no-audit --no-fund </dev/null
npm run test-grammar </dev/null
mkdir -p "$root/build"
npx vsce package --allow-missing-repository --out "$root/build/" </dev/null
