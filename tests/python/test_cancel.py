"""Ctrl-C cancels a long solve: the solve runs without the GIL on a thread of its own while the
calling thread lets Python handle signals, so KeyboardInterrupt arrives mid-solve, the solver stops
at its next frame and the module stays usable. Nothing is timed (CTest's timeout is the guard
against a cancel that never comes); docs/python.md gives the measured delay."""

import _thread
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import SAMPLES, pump_text

# The pump turning for about 8 hours: 750,001 frames, minutes of solving, were it not cancelled.
LONG = pump_text(last_marker="@+29999.0")


def test_keyboard_interrupt_cancels_a_solve(mv):
    script = mv.compile(LONG, base_dir=SAMPLES)
    assert script.frame_count == 750_001
    other_threads_ran = threading.Event()

    def interrupt():
        other_threads_ran.set()  # the GIL is free while the solve runs
        _thread.interrupt_main()

    timer = threading.Timer(1.0, interrupt)  # past the plan of 750,001 frames
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        script.solve()
    timer.join()
    assert other_threads_ran.is_set()
    # Nothing is left half done: the same script solves again.
    assert len(script.solve(frames=range(50))) == 50


def test_sigint_in_a_script_run_from_the_shell(tmp_path):
    """What Ctrl-C in a terminal does: SIGINT to a `python3` process in the middle of solve()."""
    program = tmp_path / "long_solve.py"
    program.write_text(
        "import sys, movimentum as mv\n"
        f"s = mv.compile({LONG!r}, base_dir={str(SAMPLES)!r})\n"
        "print('solving', flush=True)\n"
        "try:\n"
        "    s.solve()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(7)\n")
    child = subprocess.Popen([sys.executable, str(program)], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "solving"
    time.sleep(1.5)  # past the plan of its frames, into the solve
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=120)
    assert (child.returncode, out.strip()) == (7, "interrupted")
