"""Go-to-definition and semantic tokens against the annotations of tests/lsp/fixtures/: after a
name, `/*def L:C*/` is where its definition is (line and column from 1) and `/*tok TYPE*/` its
token type."""

import glob
import os
import re

import pytest

from client import SOURCE_DIR, Client, file_uri

FIXTURES = sorted(glob.glob(os.path.join(SOURCE_DIR, "tests/lsp/fixtures/*.movimentum")))
ANNOTATION = re.compile(r"/\*(def|tok) ([^*]+)\*/")
TYPES = ["class", "property", "struct", "event", "variable", "function", "keyword", "number",
         "string", "comment", "operator"]


def annotations(text):
    """(kind, value, line, character of the name's last letter) for each annotation."""
    found = []
    for number, line in enumerate(text.split("\n")):
        if line.lstrip().startswith("//"):
            continue  # the fixture's own description
        for m in ANNOTATION.finditer(line):
            before = ANNOTATION.sub(lambda a: " " * len(a.group(0)), line[:m.start()]).rstrip()
            found.append((m.group(1), m.group(2), number, len(before) - 1))
    return found


@pytest.mark.parametrize("path", FIXTURES, ids=os.path.basename)
def test_annotations(path):
    text = open(path, encoding="utf-8").read()
    expected = annotations(text)
    assert expected
    c = Client()
    try:
        c.initialize()
        uri = file_uri(path)
        c.open(uri, text)
        data = c.request("textDocument/semanticTokens/full",
                         {"textDocument": {"uri": uri}})["result"]["data"]
        tokens, line, start = {}, 0, 0
        for i in range(0, len(data), 5):
            line += data[i]
            start = data[i + 1] + (start if data[i] == 0 else 0)
            for character in range(start, start + data[i + 2]):
                tokens[(line, character)] = TYPES[data[i + 3]]
        for kind, value, line, character in expected:
            where = "line %d, character %d" % (line + 1, character + 1)
            if kind == "tok":
                assert tokens.get((line, character)) == value, where
                continue
            result = c.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                           "position": {"line": line,
                                                                        "character": character}})
            target_line, target_column = (int(n) for n in value.split(":"))
            assert result["result"] is not None, where
            assert result["result"]["range"]["start"] == {"line": target_line - 1,
                                                          "character": target_column - 1}, where
    finally:
        c.close()
