"""`cmake --install` (and so the .deb, which CPack builds from it) puts the module where Debian's
python3 finds the system's packages, lib/python3/dist-packages, with its stub, and the installed
module works from there."""

import os
import subprocess
import sys

from conftest import SAMPLES

BUILD = os.environ.get("MOVIMENTUM_BINARY_DIR")


def test_the_installed_module_imports_and_solves(tmp_path):
    stage = tmp_path / "stage"
    subprocess.run(["cmake", "--install", BUILD, "--prefix", stage], check=True,
                   capture_output=True)
    packages = stage / "lib" / "python3" / "dist-packages"
    modules = list(packages.glob("movimentum.cpython-*.so"))
    assert len(modules) == 1
    assert (packages / "movimentum.pyi").exists()
    env = dict(os.environ, PYTHONPATH=str(packages))
    done = subprocess.run(
        [sys.executable, "-c",
         "import movimentum as mv; print(mv.__file__); "
         f"print(len(mv.load({str(SAMPLES / 'pump.movimentum')!r}).solve(frames=range(5))))"],
        env=env, capture_output=True, text=True, check=True, cwd=tmp_path)
    where, frames = done.stdout.split()
    assert where == str(modules[0])
    assert frames == "5"
