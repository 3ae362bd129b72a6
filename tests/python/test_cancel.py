"""Ctrl-C cancels a long solve: the solve runs without the GIL on a thread of its own while the
calling thread lets Python handle signals, so KeyboardInterrupt arrives mid-solve, the solver stops
at its next frame and the module stays usable. Nothing is timed: the interrupt is sent once the
solve's own thread is there (python/interruptible.h starts it with the GIL released), so it lands
in the solve however busy the machine; docs/python.md gives the measured delay."""

import _thread
import signal
import subprocess
import sys
import threading

import pytest

from conftest import HANG_GUARD_S, SAMPLES, pump_text, thread_count, wait_until

# The pump turning for about 8 hours: 750,001 frames, minutes of solving, were it not cancelled.
LONG = pump_text(last_marker="@+29999.0")


def test_keyboard_interrupt_cancels_a_solve(mv):
    script = mv.compile(LONG, base_dir=SAMPLES)
    assert script.frame_count == 750_001
    counted = threading.Event()
    solving = threading.Event()

    def interrupt():
        before = thread_count()
        counted.set()
        try:
            wait_until(lambda: thread_count() > before, "the solve's own thread")
            solving.set()  # and this thread ran Python meanwhile: the GIL is free
        finally:
            _thread.interrupt_main()

    interrupter = threading.Thread(target=interrupt)
    interrupter.start()
    assert counted.wait(HANG_GUARD_S)
    with pytest.raises(KeyboardInterrupt):
        script.solve()
    interrupter.join()
    assert solving.is_set()
    # Nothing is left half done: the same script solves again.
    assert len(script.solve(frames=range(50))) == 50


def test_sigint_in_a_script_run_from_the_shell(tmp_path):
    """What Ctrl-C in a terminal does: SIGINT to a `python3` process in the middle of solve()."""
    program = tmp_path / "long_solve.py"
    program.write_text(
        "import os, sys, movimentum as mv\n"
        f"s = mv.compile({LONG!r}, base_dir={str(SAMPLES)!r})\n"
        "print('solving', len(os.listdir('/proc/self/task')), flush=True)\n"
        "try:\n"
        "    s.solve()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(7)\n")
    child = subprocess.Popen([sys.executable, str(program)], stdout=subprocess.PIPE, text=True)
    try:
        word, threads = child.stdout.readline().split()
        assert word == "solving"
        wait_until(lambda: thread_count(child.pid) > int(threads), "the solve's own thread")
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=HANG_GUARD_S)
    finally:
        child.kill()  # a child left solving would run for hours
    assert (child.returncode, out.strip()) == (7, "interrupted")
