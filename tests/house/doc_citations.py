"""The house rule that keeps citations true: every `.md` page a tracked file names, and every
`#anchor` after it, exists in the repository, and every relative link of a page leads somewhere.

A comment that says "as docs/reference.md#branch-rules says" is only as good as that section: a
reader who cannot open it is left with a rule nobody can check. Code once cited a design document
that was never in the repository; this test keeps that from happening again, and keeps the pages'
links alive when files move.

Run as `python3 doc_citations.py ROOT`; prints each dangling citation as path:line and exits 1.
"""

import re
import subprocess
import sys
from pathlib import Path

# A page named in any text: `docs/solver.md`, `reference.md#branch-rules`, and the further anchors
# of one citation (`docs/reference.md#steps-and-markers, #keys-and-lifetime`).
CITATION = re.compile(r"([A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md)((?:#[a-z0-9-]+)?(?:, #[a-z0-9-]+)*)")
# A Markdown link's target (not a web address): `[text](../solver/api/animation.h)`, `(#rules)`.
LINK = re.compile(r"\]\(([^)\s]+)\)")
TEXT_FILES = re.compile(r"\.(h|cpp|py|pyi|cmake|txt|sh|md|movimentum|json|js|html|lua|vim)$|"
                        r"(^|/)(CMakeLists\.txt|run)$")
# Installed copies are named by where they land, not where they live.
INSTALLED_PREFIX = "share/doc/movimentum/"


def heading_anchors(page: Path) -> set:
    """The anchors a page's headings get, as GitHub and the editor's help make them."""
    anchors = set()
    counts = {}
    in_code = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
            continue
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if in_code or not match:
            continue
        slug = re.sub(r"[^\w\- ]", "", match.group(1).lower()).replace(" ", "-")
        seen = counts.get(slug, 0)
        counts[slug] = seen + 1
        anchors.add(slug if seen == 0 else f"{slug}-{seen}")
    return anchors


def resolve(root: Path, source: Path, target: str):
    """The file a citation in `source` means: beside the source, from the repository's root, or a
    page of docs/ named alone (the editor's help names its pages so)."""
    if target.startswith(INSTALLED_PREFIX):
        target = target[len(INSTALLED_PREFIX):]
    for candidate in (source.parent / target, root / target.lstrip("/"), root / "docs" / target):
        if candidate.exists():
            return candidate
    return None


def check_anchors(page: Path, anchors: list, cache: dict) -> list:
    if page.suffix != ".md":
        return anchors
    if page not in cache:
        cache[page] = heading_anchors(page)
    return [a for a in anchors if a not in cache[page]]


def problems_in(root: Path, path: str, cache: dict):
    source = root / path
    try:
        text = source.read_text(encoding="utf-8")
    except (UnicodeDecodeError, FileNotFoundError):
        return
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            target, anchors = match.group(1), re.findall(r"#([a-z0-9-]+)", match.group(2))
            page = resolve(root, source, target)
            if page is None:
                yield f"{path}:{number}: cites {target}, which is not in the repository"
                continue
            for anchor in check_anchors(page, anchors, cache):
                yield f"{path}:{number}: cites {target}#{anchor}, which {target} has no heading for"
        if not path.endswith(".md"):
            continue
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            page = source if file_part == "" else resolve(root, source, file_part)
            if page is None:
                yield f"{path}:{number}: links to {file_part}, which is not in the repository"
            elif anchor and check_anchors(page, [anchor], cache):
                yield f"{path}:{number}: links to {target}, which has no such heading"


def main() -> int:
    root = Path(sys.argv[1]).resolve()
    tracked = subprocess.run(["git", "-C", str(root), "ls-files"], check=True,
                             capture_output=True, text=True).stdout.split("\n")
    cache = {}
    problems = []
    for path in tracked:
        if TEXT_FILES.search(path):
            problems.extend(problems_in(root, path, cache))
    for problem in problems:
        print(problem)
    print(f"doc_citations: {len(problems)} dangling citations or links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
