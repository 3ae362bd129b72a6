#!/usr/bin/env bash
# Installs every Debian package Movimentum needs to build, run, test and benchmark.
# Idempotent: packages already present are skipped by apt-get, so running it twice is harmless.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libqt6svg6
  libeigen3-dev libceres-dev catch2 libbenchmark-dev libboost-dev nlohmann-json3-dev musl-dev
  xvfb xauth ffmpeg bsdutils libslvs1-dev
  pybind11-dev python3-dev python3-numpy python3-pytest python3-pil python3-matplotlib python3-sympy
  python3-nbconvert python3-ipykernel
  chromium
  fonts-dejavu-core
  clang-format-14
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
