"""Shared fixtures of the Python module's tests: the module (from build/python, PYTHONPATH), the
`movimentum` program to compare with, and the sample scripts. CTest sets the environment
(tests/python/CMakeLists.txt); run by hand as
    PYTHONPATH=build/python MOVIMENTUM_PROGRAM=build/app/movimentum python3 -m pytest tests/python
"""

import json
import os
import pathlib
import subprocess
import time

import pytest

SOURCE_DIR = pathlib.Path(
    os.environ.get("MOVIMENTUM_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
SAMPLES = SOURCE_DIR / "samples"
PROGRAM = os.environ.get("MOVIMENTUM_PROGRAM", str(SOURCE_DIR / "build" / "app" / "movimentum"))
SAMPLE_SCRIPTS = sorted(SAMPLES.glob("*.movimentum"))


# A wait for a condition gives up after this long: a guard against a hang, never a measure of speed.
HANG_GUARD_S = 60
POLL_S = 0.005


def wait_until(condition, what):
    """Polls `condition` until it holds, as QTest::qWaitFor does; fails after HANG_GUARD_S."""
    for _ in range(int(HANG_GUARD_S / POLL_S)):
        if condition():
            return
        time.sleep(POLL_S)
    raise AssertionError(f"still waiting for {what} after {HANG_GUARD_S} s")


def thread_count(pid="self"):
    """The threads of a process: Python's and those its C++ code started."""
    return len(os.listdir(f"/proc/{pid}/task"))


def pump_text(crank=35, last_marker="@+12.0"):
    """The pump sample with another crank length (its pin's distance from the hub) and another
    last marker, as the notebook and the sweep write it."""
    text = (SAMPLES / "pump.movimentum").read_text()
    assert "Q = P+[0,35]" in text and "@+12.0" in text, "the pump sample changed"
    return text.replace("Q = P+[0,35]", f"Q = P+[0,{crank}]").replace("@+12.0", last_marker)


def run_program(*args, check=True):
    """Runs `movimentum ARGS` headless and returns the finished process (text output)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([PROGRAM, *map(str, args)], capture_output=True, text=True, env=env)
    if check and done.returncode not in (0, 3):
        raise AssertionError(f"movimentum {args} exited {done.returncode}: {done.stderr}")
    return done


def cli_json(path, *args):
    """The document `movimentum solve --json` prints, as text."""
    return run_program("solve", path, "--json", *args).stdout


@pytest.fixture(scope="session")
def mv():
    import movimentum
    return movimentum


@pytest.fixture(scope="session")
def pump(mv):
    return mv.load(SAMPLES / "pump.movimentum")


@pytest.fixture(scope="session")
def pump_animation(pump):
    return pump.solve()


def load_json(text):
    return json.loads(text)
