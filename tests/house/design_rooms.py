"""The house rule that keeps docs/design.md's map of the code true: every folder of C++ sources
is a room in one of its tables, and each room's "files, lines" cell counts what the folder holds.

The map is what a newcomer reads before the code; a room it leaves out, or counts that drifted
after files moved, send them looking in the wrong place. File counts must match exactly; line
counts are sizes to within 10 %, so an ordinary edit does not touch the page.

Run as `python3 design_rooms.py ROOT` to check (prints each mismatch, exits 1), or with
`--update` to write the current counts into the page.
"""

import re
import sys
from pathlib import Path

# A room's row: its folder as a link in the first cell, its counts in the last: `| [ui/scene/]
# (../ui/scene/) | … | 14, 1,144 |`.
ROW = re.compile(r"^\| \[([a-z_/]+/)\]\(\.\./[a-z_/]+/\) \|(.*)\| (\d+), ([\d,]+) \|$")
# The folders whose sources the map must show; a folder holds a room when it has .h or .cpp files.
LAYERS = ("app", "bench", "core", "lsp", "python", "solver", "ui")
LINE_TOLERANCE = 0.10


def sources(folder: Path) -> list:
    return sorted(p for p in folder.iterdir() if p.suffix in (".h", ".cpp") and p.is_file())


def count(folder: Path) -> tuple:
    files = sources(folder)
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files)
    return len(files), lines


def rooms_on_disk(root: Path) -> set:
    found = set()
    for layer in LAYERS:
        for folder in [root / layer, *sorted((root / layer).rglob("*"))]:
            if folder.is_dir() and sources(folder):
                found.add(folder.relative_to(root).as_posix() + "/")
    return found


def main(argv: list) -> int:
    update = "--update" in argv
    root = Path([a for a in argv[1:] if a != "--update"][0])
    page = root / "docs" / "design.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    problems, mapped = [], set()
    for i, line in enumerate(lines):
        match = ROW.match(line)
        if not match:
            continue
        folder, files, size = match.group(1), int(match.group(3)), int(match.group(4).replace(",", ""))
        mapped.add(folder)
        if not (root / folder).is_dir():
            problems.append(f"docs/design.md:{i + 1}: {folder} does not exist")
            continue
        real_files, real_lines = count(root / folder)
        if update:
            lines[i] = line[: match.start(3)] + f"{real_files}, {real_lines:,}" + line[match.end(4):]
        elif real_files != files or abs(real_lines - size) > LINE_TOLERANCE * real_lines:
            problems.append(f"docs/design.md:{i + 1}: {folder} holds {real_files} files, "
                            f"{real_lines:,} lines; the page says {files}, {size:,}")
    for folder in sorted(rooms_on_disk(root) - mapped):
        problems.append(f"docs/design.md: the room {folder} is on no table")
    if update:
        page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for problem in problems:
        print(problem)
    if problems and not update:
        print("(after moving files: python3 tests/house/design_rooms.py . --update)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
