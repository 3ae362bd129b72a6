#!/usr/bin/env bash
# Installs what is missing, builds, and opens the editor on a script (the pump sample by default).
# Without a display it runs the editor under xvfb-run and saves a screenshot of the window instead,
# so the command still shows that everything works.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MOVIMENTUM_BUILD_DIR:-$root/build}
script=${1:-$root/samples/pump.movimentum}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" > /dev/null
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$build/app/movimentum" "$script"
fi
echo "run.sh: no display; running the editor under xvfb-run and saving a screenshot to $build/editor.png"
xvfb-run -a -s "-screen 0 1600x1000x24" "$build/app/movimentum" "$script" --screenshot "$build/editor.png"
echo "run.sh: saved $build/editor.png"
