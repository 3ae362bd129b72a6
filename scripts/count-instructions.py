#!/usr/bin/env python3
"""Instructions per call of one function in a benchmark, counted by callgrind.

This machine's timings move by a factor of two from one round to the next (docs/performance.md),
so a change of a few percent cannot be seen in time. The instructions a call executes do not move:
counting them tells whether a change does less work, before the timed benchmarks say whether it
runs faster.

usage: scripts/count-instructions.py BENCH_PROGRAM BENCHMARK_FILTER FUNCTION [MIN_TIME]
  scripts/count-instructions.py build-bench/bench/crank_slider_bench BM_MovimentumFrame \\
      SegmentSolver::solveFrame

FUNCTION is part of the function's name as callgrind_annotate prints it. MIN_TIME (seconds of the
benchmark under callgrind, default 1) should leave enough calls that the first, which sets things
up, does not count. Needs valgrind (apt-get install valgrind).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def count(program, benchmark_filter, function, min_time):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", program,
                        f"--benchmark_filter={benchmark_filter}",
                        f"--benchmark_min_time={min_time}"],
                       check=True, capture_output=True)
        tree = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=caller", out],
                              check=True, capture_output=True, text=True).stdout
    lines = tree.splitlines()
    # The function's own line starts with its inclusive count and a "*"; the lines above it,
    # each with "<", are its callers, each with "(N calls)" written "(Nx)".
    for i, line in enumerate(lines):
        if "*" not in line or function not in line or not re.match(r"^\s*[\d,]+ ", line):
            continue
        total = int(line.split()[0].replace(",", ""))
        calls = 0
        for caller in reversed(lines[:i]):
            if "<" not in caller:
                break
            match = re.search(r"\(([\d,]+)x\)", caller)
            if match:
                calls += int(match.group(1).replace(",", ""))
        return total, calls
    return None, 0


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    if not shutil.which("valgrind"):
        sys.exit("count-instructions: valgrind is not installed (apt-get install valgrind)")
    program, benchmark_filter, function = sys.argv[1:4]
    min_time = sys.argv[4] if len(sys.argv) > 4 else "1"
    total, calls = count(program, benchmark_filter, function, min_time)
    if not total or not calls:
        sys.exit(f"count-instructions: no calls of {function} under {benchmark_filter}")
    print(f"{function}: {total:,} instructions in {calls:,} calls, {total / calls:,.0f} a call")


if __name__ == "__main__":
    main()
