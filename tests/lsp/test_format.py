"""`movimentum format` and the server's formatting: over every sample and language test the
result is idempotent, differs from the text only in blanks, and solves to the same frames; the
samples are formatted already (`--check` passes); a script with syntax errors is left alone."""

import glob
import json
import os
import re
import subprocess

import pytest

from client import PROGRAM, SOURCE_DIR, Client, file_uri

SCRIPTS = sorted(glob.glob(os.path.join(SOURCE_DIR, "tests/language/**/*.movimentum"),
                           recursive=True) +
                 glob.glob(os.path.join(SOURCE_DIR, "samples/*.movimentum")))


def run(*args, **kwargs):
    return subprocess.run([PROGRAM, *args], capture_output=True, timeout=120, **kwargs)


def frames(path):
    out = run("solve", path, "--json").stdout
    if not out:
        return None
    document = json.loads(out)
    for frame in document["frames"]:  # where a constraint is written moves with layout
        for off in frame.get("summary", {}).get("off", []):
            off.pop("column", None)
        # A constraint's forces are named by its line when it has no key, and say where it is.
        forces = frame.get("forces") or {}
        frame["forces"] = [forces[name] for name in forces]
        for load in frame["forces"]:
            if load:
                load.pop("line", None)
                load.pop("column", None)
    return document["frames"]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: os.path.relpath(p, SOURCE_DIR))
def test_formatting_is_layout_only_and_idempotent(path, tmp_path):
    original = open(path, "rb").read()
    result = run("format", path)
    if result.returncode == 1:  # syntax errors: nothing is formatted
        assert result.stdout == b""
        assert b"not formatted" in result.stderr
        return
    assert result.returncode == 0
    formatted = result.stdout
    assert re.sub(rb"\s+", b"", formatted) == re.sub(rb"\s+", b"", original)
    assert formatted.endswith(b"\n") and not formatted.endswith(b"\n\n")
    assert b"\t" not in formatted or b"\t" in original
    assert not re.search(rb"[ \t]\n", formatted)
    copy = tmp_path / os.path.basename(path)
    copy.write_bytes(formatted)
    assert run("format", str(copy)).stdout == formatted
    assert run("format", "--check", str(copy)).returncode == 0
    # The same frames. Relative image names resolve beside the script, so the formatted copy sits
    # in a folder of its own that links everything beside the original: never in the source tree,
    # where two test runs at once would trip over each other's files.
    folder = os.path.dirname(path)
    beside = tmp_path / "beside"
    beside.mkdir()
    for entry in os.listdir(folder):
        os.symlink(os.path.join(folder, entry), beside / entry)
    formatted_copy = beside / ("formatted-" + os.path.basename(path))
    formatted_copy.write_bytes(formatted)
    assert frames(str(formatted_copy)) == frames(path)


def test_the_samples_are_formatted():
    samples = sorted(glob.glob(os.path.join(SOURCE_DIR, "samples/*.movimentum")))
    assert run("format", "--check", *samples[:1]).returncode == 0
    for sample in samples:
        assert run("format", "--check", sample).returncode == 0, sample


def test_check_exits_4_and_in_place_rewrites(tmp_path):
    path = tmp_path / "messy.movimentum"
    path.write_bytes(b".config(10, 100, 100);   \r\nBar : .bar A = [0,0]\n\tB = [1,0];\n\n\n\n"
                     b"@0 Bar.A = [0,0];\n@+1   Bar.A = [t,0];\n@+1\n\n")
    assert run("format", "--check", str(path)).returncode == 4
    assert run("format", "--in-place", str(path)).returncode == 0
    assert path.read_bytes() == (b".config(10, 100, 100);\nBar : .bar A = [0,0]\n"
                                 + b" " * len(b"Bar : .bar ") + b"B = [1,0];\n\n"
                                 b"@0   Bar.A = [0,0];\n@+1  Bar.A = [t,0];\n@+1\n")
    assert run("format", "--check", str(path)).returncode == 0


def test_the_server_formats_the_whole_document(tmp_path):
    text = "Bar : .bar A = [0,0]\n  B = [1,0];\n@0 Bar.A = [0,0];   \n@1\n"
    c = Client()
    try:
        c.initialize()
        uri = file_uri(tmp_path / "a.movimentum")
        c.open(uri, text)
        edits = c.request("textDocument/formatting", {"textDocument": {"uri": uri},
                                                      "options": {"tabSize": 4,
                                                                  "insertSpaces": True}})["result"]
        assert len(edits) == 1
        assert edits[0]["newText"] == ("Bar : .bar A = [0,0]\n" + " " * len("Bar : .bar ") +
                                       "B = [1,0];\n@0  Bar.A = [0,0];\n@1\n")
        c.change(uri, "Bar : .bar A = [0,0] B = ;\n", 2)
        assert c.request("textDocument/formatting", {"textDocument": {"uri": uri}})["result"] == []
    finally:
        c.close()
