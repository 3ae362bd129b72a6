"""Diagnostics equal `movimentum check` (line, column, severity, message) for every script of
tests/language/ and samples/, their codes (and "did you mean" data) are what the annotated scripts
expect, and columns follow the agreed encoding: with `/* 😀 */` and a `°`
before an error on its line, the character is the line's UTF-16 or UTF-8 length up to it."""

import glob
import os
import re
import subprocess

import pytest

from client import PROGRAM, SOURCE_DIR, Client, file_uri

SCRIPTS = sorted(glob.glob(os.path.join(SOURCE_DIR, "tests/language/**/*.movimentum"),
                           recursive=True) +
                 glob.glob(os.path.join(SOURCE_DIR, "samples/*.movimentum")))
CHECK_LINE = re.compile(r"^(.*):(\d+):(\d+): (error|warning|note): (.*)$")
EXPECT_LINE = re.compile(
    r"//\s*expect\s+(error|warning)\s+(\d+):(\d+)\s+(\w+)(?:\s*->\s*(\w+))?\s*$", re.M)
SEVERITY = {1: "error", 2: "warning", 3: "note"}


def check(path):
    out = subprocess.run([PROGRAM, "check", path], capture_output=True, timeout=60).stdout
    found = []
    for line in out.decode("utf-8", "replace").splitlines():
        m = CHECK_LINE.match(line)
        if m:
            found.append((int(m[2]), int(m[3]), m[4], m[5]))
    return found


def utf16_column(line_text, character):
    """check's column (code points, from 1) from an LSP UTF-16 character."""
    units = 0
    for i, c in enumerate(line_text):
        if units >= character:
            return i + 1
        units += 2 if ord(c) > 0xFFFF else 1
    return len(line_text) + 1


@pytest.fixture(scope="module")
def client():
    c = Client()
    c.initialize()
    yield c
    c.close()


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: os.path.relpath(p, SOURCE_DIR))
def test_diagnostics_are_checks(client, path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    lines = text.split("\n")
    uri = file_uri(path)
    client.open(uri, text)
    published = client.diagnostics(uri, 1)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    ours = []
    codes = []
    for d in published:
        line = d["range"]["start"]["line"]
        column = utf16_column(lines[line], d["range"]["start"]["character"])
        ours.append((line + 1, column, SEVERITY[d["severity"]], d["message"]))
        codes.append((SEVERITY[d["severity"]], line + 1, column, d["code"],
                      d.get("data", {}).get("suggestion")))
        for related in d.get("relatedInformation", []):
            start = related["location"]["range"]["start"]
            ours.append((start["line"] + 1, utf16_column(lines[start["line"]], start["character"]),
                         "note", related["message"]))
    assert sorted(ours) == sorted(check(path))
    # "did you mean" rides as data.suggestion (`-> NAME` in the annotation).
    expected = [(m[1], int(m[2]), int(m[3]), m[4], m[5]) for m in EXPECT_LINE.finditer(text)]
    assert sorted(codes) == sorted(expected)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_columns_after_wide_characters_follow_the_encoding(tmp_path, encoding):
    prefix = "Bar : .bar A = [0,0] B = [1,0]; /* 😀 */ x = 30°; "
    text = ".config(10, 100, 100);\n" + prefix + "@0 Bar.A = [0,0];\n"
    path = tmp_path / "wide.movimentum"
    path.write_text(text, encoding="utf-8")
    c = Client(encodings=(encoding,))
    try:
        c.initialize()
        c.open(file_uri(path), text)
        published = c.diagnostics(file_uri(path), 1)
    finally:
        c.close()
    assert published, "the script has an error on line 2"
    start = published[0]["range"]["start"]
    assert start["line"] == 1
    expected_line, expected_column = check(str(path))[0][:2]
    assert expected_line == 2
    before = text.split("\n")[1][:expected_column - 1]
    units = len(before.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(before.encode())
    assert start["character"] == units


def test_the_solve_adds_its_diagnostics_after_the_compile(client, tmp_path):
    text = (".config(10, 200, 100);\nRod : .bar A = [0,0] B = [50,0];\n"
            "@0 Rod.A = [20,30]; Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
            "   Rod.B.x = Rod.A.x + 100;\n@1\n")
    uri = file_uri(tmp_path / "conflict.movimentum")
    client.open(uri, text)
    assert client.diagnostics(uri, 1) == []
    solved = client.diagnostics(uri, 1, solved=True)
    assert [d["code"] for d in solved if d["severity"] == 1] == ["ConflictingWithSupport"]


def test_an_untitled_script_is_told_to_save_to_find_its_images(client):
    text = "Crank : 'crank.png' P = [0,0];\n@0 Crank.P = [10,10];\n@1\n"
    client.open("untitled:Untitled-1", text)
    published = client.diagnostics("untitled:Untitled-1", 1)
    assert [(d["severity"], d["message"]) for d in published] == \
        [(2, "save the script to find 'crank.png'")]


def test_an_image_that_appears_is_found_when_the_client_reports_the_change(tmp_path):
    """The server asks a client that can watch files to report image files; once the missing
    image is there and reported, the document compiles again without the error."""
    c = Client()
    try:
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {
            "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}})
        c.notify("initialized")
        uri = file_uri(tmp_path / "gear.movimentum")
        c.open(uri, "Gear : 'gear.png' P = [0,0];\n@0 Gear.P = [10,10];\n@1\n")
        assert [d["code"] for d in c.diagnostics(uri, 1)] == ["ImageNotFound"]
        (registration,) = [m for m in c.notifications
                           if m.get("method") == "client/registerCapability"]
        watch = registration["params"]["registrations"][0]
        assert watch["method"] == "workspace/didChangeWatchedFiles"
        assert "png" in watch["registerOptions"]["watchers"][0]["globPattern"]
        c.send({"jsonrpc": "2.0", "id": registration["id"], "result": None})
        with open(os.path.join(SOURCE_DIR, "samples/crank.png"), "rb") as f:
            (tmp_path / "gear.png").write_bytes(f.read())
        c.notify("workspace/didChangeWatchedFiles",
                 {"changes": [{"uri": file_uri(tmp_path / "gear.png"), "type": 1}]})
        # The first solve's publication may still come first; the check again follows it.
        published = []
        while not published or published[-1] != []:
            m = c.messages.get(timeout=60)
            assert m is not None, "the server ended"
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                published.append([d["code"] for d in m["params"]["diagnostics"]])
        assert all("ImageNotFound" in codes for codes in published[:-1])
        assert len(published) <= 2
    finally:
        c.close()
