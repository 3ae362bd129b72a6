"""The VS Code grammar (editors/vscode/syntaxes/movimentum.tmLanguage.json) against the inline
scope assertions of tests/editors/*.movimentum, in vscode-tmgrammar-test's notation: under a line
of script, `// ^^^ scope` asserts the scope at the carets' columns and `// <--- scope` at the
columns from the line's start. The grammar is applied by a small TextMate tokenizer here (earliest
match wins, ties by pattern order; captures; begin/end across lines) with Python's regular
expressions, which read this grammar's patterns as Oniguruma does, so the test needs no Node.js.
The extension's JSON files must parse, and its packaging must never stop at a question."""

import glob
import json
import os
import re

import pytest

SOURCE_DIR = os.environ.get("MOVIMENTUM_SOURCE_DIR",
                            os.path.join(os.path.dirname(__file__), "..", ".."))
EXTENSION = os.path.join(SOURCE_DIR, "editors/vscode")
GRAMMAR = os.path.join(EXTENSION, "syntaxes/movimentum.tmLanguage.json")
ASSERTION = re.compile(r"^//\s*(\^+|<-*)\s+(\S+)\s*$")


def rules(grammar, patterns):
    """`patterns` in order, includes expanded."""
    def expand(pattern):
        if "include" in pattern:
            target = grammar["repository"][pattern["include"][1:]]
            group = "begin" not in target and "match" not in target  # a list of patterns
            for p in target["patterns"] if group else [target]:
                yield from expand(p)
        else:
            yield pattern
    for p in patterns:
        yield from expand(p)


def compiled(grammar, patterns):
    return [(r, re.compile(r.get("match") or r["begin"])) for r in rules(grammar, patterns)]


def paint(columns, match, captures):
    for group, capture in captures.items():
        if match.group(int(group)) is not None:
            for c in range(match.start(int(group)), match.end(int(group))):
                columns[c].add(capture["name"])


def tokenize(grammar, lines):
    """Each line's columns' scopes. A begin/end rule stays open across lines; inside it its own
    patterns apply, and its end wins over a pattern that matches at the same place."""
    top = compiled(grammar, grammar["patterns"])
    stack = []  # the open begin/end rules: (rule, its patterns compiled, its end)
    for line in lines:
        columns = [set() for _ in range(len(line) + 1)]
        p = 0
        while p < len(line):
            enclosing = [r["name"] for r, _, _ in stack if "name" in r]
            candidates = stack[-1][1] if stack else top
            end = stack[-1][2].search(line, p) if stack else None
            best = None
            for rule, regex in candidates:
                m = regex.search(line, p)
                if m and m.end() > m.start() and (best is None or m.start() < best[1].start()):
                    best = (rule, m)
            if end and (best is None or end.start() <= best[1].start()):
                for c in range(p, end.end()):
                    columns[c].update(enclosing)
                paint(columns, end, stack[-1][0].get("endCaptures", {}))
                stack.pop()
                p = end.end()
                continue
            if best is None:
                for c in range(p, len(line)):
                    columns[c].update(enclosing)
                break
            rule, m = best
            for c in range(p, m.end()):
                columns[c].update(enclosing)
                if c >= m.start() and "name" in rule:
                    columns[c].add(rule["name"])
            paint(columns, m, rule.get("captures", rule.get("beginCaptures", {})))
            if "begin" in rule:
                stack.append((rule, compiled(grammar, rule.get("patterns", [])),
                              re.compile(rule["end"])))
            p = m.end()
        yield columns


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(SOURCE_DIR, "tests/editors/*.movimentum"))))
def test_scopes(path):
    grammar = json.load(open(GRAMMAR))
    lines = open(path, encoding="utf-8").read().split("\n")
    scopes = list(tokenize(grammar, lines))
    checked = 0
    source = None
    for number, line in enumerate(lines):
        m = ASSERTION.match(line)
        if not m or source is None:
            source = number
            continue
        marks, scope = m.groups()
        if marks.startswith("<"):  # `<---`: as many columns from the start as dashes
            columns = range(0, marks.count("-"))
        else:
            start = line.index(marks)
            columns = range(start, start + len(marks))
        for c in columns:
            assert scope in scopes[source][c], (
                "line %d column %d (%r): %s not in %s" % (source + 1, c + 1, lines[source][c:c + 1],
                                                          scope, sorted(scopes[source][c])))
            checked += 1
    assert checked > 20


def test_the_extensions_files_are_json():
    for name in ("package.json", "language-configuration.json",
                 "syntaxes/movimentum.tmLanguage.json"):
        json.load(open(os.path.join(EXTENSION, name)))
    package = json.load(open(os.path.join(EXTENSION, "package.json")))
    assert package["contributes"]["grammars"][0]["scopeName"] == "source.movimentum"


def test_packaging_asks_no_question():
    """scripts/package-vscode.sh runs vsce, which stops at "Do you want to continue? [y/N]" on a
    terminal for a package.json without `repository` and for a folder without a LICENSE: the
    license it declares is in the folder, the missing repository is allowed on vsce's command
    line, and every npm and npx there reads /dev/null, so a new question ends it, never waits."""
    package = json.load(open(os.path.join(EXTENSION, "package.json")))
    assert package["license"] == "MIT"
    license_text = open(os.path.join(EXTENSION, "LICENSE")).read()
    assert license_text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in license_text
    script = open(os.path.join(SOURCE_DIR, "scripts/package-vscode.sh")).read()
    commands = [line for line in script.splitlines() if re.match(r"\s*(npm|npx)\b", line)]
    assert any("vsce package" in line for line in commands)
    for line in commands:
        assert line.rstrip().endswith("</dev/null"), line
        if "vsce package" in line:
            assert "repository" in package or "--allow-missing-repository" in line
