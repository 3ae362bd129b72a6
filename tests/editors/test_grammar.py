"""The VS Code grammar (editors/vscode/syntaxes/movimentum.tmLanguage.json) against the inline
scope assertions of tests/editors/*.movimentum, in vscode-tmgrammar-test's notation: under a line
of script, `// ^^^ scope` asserts the scope at the carets' columns and `// <--- scope` at the
columns from the line's start. The grammar is applied by a small TextMate tokenizer here (earliest
match wins, ties by pattern order; captures; begin/end across lines) with Python's regular
expressions, which read this grammar's patterns as Oniguruma does, so the test needs no Node.js.
The extension's JSON files must parse."""

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


def rules(grammar):
    """The top-level patterns, includes expanded, in order."""
    def expand(pattern):
        if "include" in pattern:
            target = grammar["repository"][pattern["include"][1:]]
            for p in target.get("patterns", [target]):
                yield from expand(p)
        else:
            yield pattern
    for p in grammar["patterns"]:
        yield from expand(p)


def tokenize(grammar, lines):
    compiled = [(r, re.compile(r.get("match") or r["begin"])) for r in rules(grammar)]
    scopes, inside = [], None  # inside: the begin/end rule a line starts in
    for line in lines:
        columns = [set() for _ in range(len(line) + 1)]
        p = 0
        while p < len(line):
            if inside:
                end = re.compile(inside["end"]).search(line, p)
                stop = end.end() if end else len(line)
                for c in range(p, stop):
                    columns[c].add(inside["name"])
                inside = None if end else inside
                p = stop
                continue
            best = None
            for rule, regex in compiled:
                m = regex.search(line, p)
                if m and m.end() > m.start() and (best is None or m.start() < best[1].start()):
                    best = (rule, m)
            if best is None:
                break
            rule, m = best
            if "name" in rule:
                for c in range(m.start(), m.end()):
                    columns[c].add(rule["name"])
            for group, capture in rule.get("captures", {}).items():
                if m.group(int(group)) is not None:
                    for c in range(m.start(int(group)), m.end(int(group))):
                        columns[c].add(capture["name"])
            if "begin" in rule:
                inside = rule
            p = m.end()
        scopes.append(columns)
    return scopes


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(SOURCE_DIR, "tests/editors/*.movimentum"))))
def test_scopes(path):
    grammar = json.load(open(GRAMMAR))
    lines = open(path, encoding="utf-8").read().split("\n")
    scopes = tokenize(grammar, lines)
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
