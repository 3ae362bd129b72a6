"""The house rule that keeps the desktop and the WebAssembly page answering alike: core and the
solver take sin, cos, atan2 and the other elementary functions from
core/model/elementary_functions.h (musl's in both builds), never from std, whose functions on the
desktop are glibc's and round some results a last bit apart (tests/web/solve_equality.mjs).

Run as `python3 elementary_functions.py ROOT`: prints each call of std's and exits 1 when any.
"""

import re
import sys
from pathlib import Path

FUNCTIONS = ("sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|exp2|expm1|"
             "log|log2|log10|log1p|pow|hypot|cbrt|sincos|erf|erfc|tgamma|lgamma")
# `std::sin(` and `using std::sin` (which lets a plain `sin(x)` reach glibc).
CALL = re.compile(r"\bstd::(%s)\s*\(|\busing\s+std::(%s)\b" % (FUNCTIONS, FUNCTIONS))
LAYERS = ("core", "solver")


def findings(root: Path) -> list:
    found = []
    for layer in LAYERS:
        for source in sorted((root / layer).rglob("*")):
            if source.suffix not in (".h", ".cpp"):
                continue
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
                if CALL.search(line.split("//")[0]):
                    found.append(f"{source.relative_to(root)}:{number}: {line.strip()}")
    return found


def main() -> int:
    found = findings(Path(sys.argv[1]))
    for line in found:
        print(line)
    if found:
        print("core and the solver call std's elementary functions above: call "
              "core/model/elementary_functions.h's instead (tests/house/elementary_functions.py)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
