"""The Python module against the C++ solve it wraps: Script.solve() of the pump turning for 599 s
after its second of rest (15,001 frames), the script bench/pump_bench.cpp's BM_Pump15001Frames
solves, in CPU time; then reading every array of it (every anchor's position, velocity and
acceleration, every pose, variable and the times). Figures in docs/python.md.

    PYTHONPATH=build/python python3 bench/python_solve_bench.py [REPETITIONS]
"""

import pathlib
import statistics
import sys
import time

import movimentum as mv

SAMPLES = pathlib.Path(__file__).resolve().parents[1] / "samples"


def cpu(call):
    """Process CPU time of `call()` (every thread: the solve runs on one of its own) and the
    wall time, in seconds."""
    cpu0, wall0 = time.process_time(), time.perf_counter()
    result = call()
    return time.process_time() - cpu0, time.perf_counter() - wall0, result


def read_everything(script, animation):
    arrays = [animation.times, animation.ok, animation.frames]
    for thing, anchors in script.things.items():
        arrays.append(animation.pose(thing))
        for anchor in anchors:
            name = f"{thing}.{anchor}"
            arrays += [animation.anchor(name), animation.velocity(name),
                       animation.acceleration(name)]
    for variable in script.variables:
        arrays += [animation.variable(variable), animation.velocity(variable)]
    return arrays


def main():
    repetitions = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    text = (SAMPLES / "pump.movimentum").read_text().replace("@+12.0", "@+599.0")
    script = mv.compile(text, base_dir=SAMPLES)
    assert script.frame_count == 15001
    solves, reads = [], []
    for _ in range(repetitions):
        solve_cpu, solve_wall, animation = cpu(script.solve)
        assert animation.ok.all()
        read_cpu, read_wall, arrays = cpu(lambda: read_everything(script, animation))
        solves.append((solve_cpu, solve_wall))
        reads.append((read_cpu, read_wall, len(arrays)))
    print(f"Script.solve(), 15,001 frames: CPU median {statistics.median(s[0] for s in solves):.3f} s"
          f" (min {min(s[0] for s in solves):.3f}), wall median "
          f"{statistics.median(s[1] for s in solves):.3f} s over {repetitions} runs")
    print(f"reading all {reads[0][2]} arrays: CPU median "
          f"{1000 * statistics.median(r[0] for r in reads):.2f} ms, wall median "
          f"{1000 * statistics.median(r[1] for r in reads):.2f} ms")


if __name__ == "__main__":
    main()
