#!/usr/bin/env bash
# Builds the solver in WebAssembly into build-web/ and runs its tests (tests/web/): the wasm's
# `solve --json` of every sample and tests/language script equals the desktop's build/app/movimentum
# (built by scripts/test.sh or scripts/build.sh first), and the editable page's parts, put in
# build-web/page/ for `movimentum render --editable`, work in headless Chromium. CI's web step
# (.ci/run); not part of the README's test command.
#
# - emscripten 3.1.6 and Node.js from Debian (apt-get, like scripts/install-deps.sh). Node from
#   elsewhere (nodesource) does not look in Debian's /usr/share/nodejs, where emscripten's acorn
#   lives: NODE_PATH says where.
# - Ceres 2.1 from Debian's source package (`apt-get source ceres-solver`), built with emscripten:
#   its own miniglog, Eigen's sparse Cholesky, no SuiteSparse, no threads, no Schur
#   specializations (the solver's problems are not bundle adjustment). `apt-get source` needs a
#   deb-src entry; where the machine has none, this adds one for bookworm's main
#   (/etc/apt/sources.list.d/movimentum-bookworm-src.sources). Cached: build-web/ceres/ is reused.
# - double-conversion (the shortest digits of a double, which emscripten's libc++ cannot write)
#   from Debian's source package the same way, cached in build-web/double-conversion/.
# - core, solver and app/web/ from the project's own CMakeLists (cmake/web.cmake), Boost's headers
#   through build-web/include/, a folder holding only a link to the system's boost/.
# Every build runs at low priority, with as many jobs as there are cores (MOVIMENTUM_WEB_JOBS
# sets fewer on a machine shared with other work): CI's web step builds Ceres once from scratch.
set -euo pipefail
jobs=${MOVIMENTUM_WEB_JOBS:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
web=$root/build-web
mkdir -p "$web"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in emscripten dpkg-dev libeigen3-dev libboost-dev; do installed "$p" || missing+=("$p"); done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Debian's source package $1 unpacked into build-web/$2 (once). `apt-get source` needs a deb-src
# entry; where the machine has none, one is added for bookworm's main.
debian_source() {
  [ -d "$web/$2" ] && return 0
  if ! (cd "$web" && apt-get source --download-only "$1" >/dev/null 2>&1); then
    echo "web: adding a deb-src entry for bookworm, for apt-get source $1"
    printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" "Suites: bookworm" \
      "Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" |
      $sudo tee /etc/apt/sources.list.d/movimentum-bookworm-src.sources >/dev/null
    $sudo apt-get update -qq
    (cd "$web" && apt-get source --download-only "$1" >/dev/null)
  fi
  # Its signature is not checked here (no Debian keyring for source packages); apt checked the
  # files' hashes against the signed archive when it fetched them.
  (cd "$web" && dpkg-source -x "$1"_*.dsc "$2" > "$web/$2.log" 2>&1) || { cat "$web/$2.log"; exit 1; }
}

ceres=$web/ceres
if [ ! -f "$ceres/lib/libceres.a" ]; then
  debian_source ceres-solver ceres-src
  echo "web: building Ceres with emscripten (once; log in build-web/ceres-build.log)"
  emcmake cmake -S "$web/ceres-src" -B "$web/ceres-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$ceres" -DMINIGLOG=ON -DGFLAGS=OFF -DSUITESPARSE=OFF -DCXSPARSE=OFF \
    -DLAPACK=OFF -DCUDA=OFF -DEIGENSPARSE=ON -DSCHUR_SPECIALIZATIONS=OFF \
    -DCERES_THREADING_MODEL=NO_THREADS -DBUILD_TESTING=OFF -DBUILD_EXAMPLES=OFF \
    -DBUILD_BENCHMARKS=OFF -DBUILD_SHARED_LIBS=OFF -DPROVIDE_UNINSTALL_TARGET=OFF \
    -DEigen3_DIR=/usr/share/eigen3/cmake -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH \
    > "$web/ceres-configure.log" 2>&1 || { cat "$web/ceres-configure.log"; exit 1; }
  nice -n 10 ninja -C "$web/ceres-build" -j "$jobs" install > "$web/ceres-build.log" 2>&1 ||
    { tail -50 "$web/ceres-build.log"; exit 1; }
fi

# double-conversion, the shortest digits of a double (core/text/number_chars.h), from Debian's
# source package the same way, cached in build-web/double-conversion/.
conversion=$web/double-conversion
if [ ! -f "$conversion/lib/libdouble-conversion.a" ]; then
  debian_source double-conversion double-conversion-src
  emcmake cmake -S "$web/double-conversion-src" -B "$web/double-conversion-build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$conversion" -DBUILD_TESTING=OFF \
    -DBUILD_SHARED_LIBS=OFF > "$web/double-conversion-configure.log" 2>&1 ||
    { cat "$web/double-conversion-configure.log"; exit 1; }
  nice -n 10 ninja -C "$web/double-conversion-build" -j "$jobs" install \
    > "$web/double-conversion-build.log" 2>&1 || { tail -50 "$web/double-conversion-build.log"; exit 1; }
fi

mkdir -p "$web/include"
ln -sfn /usr/include/boost "$web/include/boost"
emcmake cmake -S "$root" -B "$web/movimentum" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCeres_DIR="$ceres/lib/cmake/Ceres" -DEigen3_DIR=/usr/share/eigen3/cmake \
  -Ddouble-conversion_DIR="$conversion/lib/cmake/double-conversion" \
  -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH -DMOVIMENTUM_WEB_INCLUDE="$web/include" \
  > "$web/configure.log" 2>&1 || { cat "$web/configure.log"; exit 1; }
nice -n 10 ninja -C "$web/movimentum" -j "$jobs" movimentum_web
ls -l "$web/movimentum/app/web/movimentum_web.js"

native=${MOVIMENTUM_BUILD_DIR:-$root/build}/app/movimentum
if [ ! -x "$native" ]; then
  echo "web: the test compares with the desktop's $native, which is not built:" \
    "run scripts/test.sh or scripts/build.sh first" >&2
  exit 2
fi
node "$root/tests/web/number_text_test.mjs" "$web/movimentum/app/web/movimentum_web.js"
node "$root/tests/web/solve_equality.mjs" "$web/movimentum/app/web/movimentum_web.js" "$native"

# The editable page's parts, in build-web/page/, where `movimentum render --editable` finds them
# (app/editable_parts.h): the template, the solver (the module and the worker's code, one script)
# and the editor, CodeMirror 6 bundled by esbuild (both from npm, pinned by
# resources/web/package-lock.json). Then the page's test in headless Chromium
# (scripts/install-deps.sh installs it), on the pump's page as `render --editable` writes it.
mkdir -p "$web/page"
cp "$root/resources/web/editable.html" "$web/page/editable.html"
# The module gzip-compressed and in base64 (a third of its size; the worker unpacks it with the
# browser's DecompressionStream), then the glue and the worker's code.
{
  printf "const movimentumModule = '"
  gzip -9 -n -c "$web/movimentum/app/web/movimentum_web.wasm" | base64 -w 0
  printf "';\n"
  cat "$web/movimentum/app/web/movimentum_web.js" "$root/resources/web/worker.js"
} > "$web/page/solver.js"
(cd "$root/resources/web" && npm ci --no-audit --no-fund </dev/null > "$web/npm.log" 2>&1) ||
  { cat "$web/npm.log"; exit 1; }
(cd "$root/resources/web" && npm run --silent bundle)
node "$root/tests/web/highlight_test.mjs"
MOVIMENTUM_WEB_DIR="$web/page" node "$root/tests/web/page_test.mjs" \
  "$web/movimentum/app/web/movimentum_web.js" "$native"
