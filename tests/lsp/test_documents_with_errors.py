"""Every feature answers on a document with errors, from what its current text parses to: a
document that never compiled still has hover, definition, completion and an outline, and names
defined since the last version that compiled are known. Values come from the last solve, marked
as an earlier version's."""

import pytest

from client import Client

# Never compiles: an unknown function in a constraint. Arm and Bob are still defined.
BROKEN = ("Arm : .bar P = [0,0] Q = P + [10,0];\n"
          "Bob : .pendulum l = 2;\n"
          "@0 Arm.P = [0,0]; Arm.Q = Arm.P + [10,0].rotate(bogus(t));\n"
          "@1\n")


def position_of(text, needle, offset=0):
    at = text.index(needle) + offset
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rindex("\n", 0, at) + 1 if line else 0)}


@pytest.fixture
def broken():
    c = Client()
    c.initialize()
    c.open("untitled:broken", BROKEN)
    assert any(d["code"] == "UnknownFunction" for d in c.diagnostics("untitled:broken", 1))
    yield c
    c.close()


def ask(client, method, **params):
    return client.request(method, dict(params, textDocument={"uri": "untitled:broken"}))["result"]


def test_hover_on_a_document_that_never_compiled(broken):
    value = ask(broken, "textDocument/hover", position=position_of(BROKEN, "Arm.Q = ", 5))
    assert "**Arm.Q** \u2014 anchor of Arm, line 1" in value["contents"]["value"]
    assert "no values: no version has compiled" in value["contents"]["value"]


def test_definition_on_a_document_that_never_compiled(broken):
    result = ask(broken, "textDocument/definition", position=position_of(BROKEN, "Arm.Q = ", 5))
    assert result["range"]["start"] == position_of(BROKEN, "Q = P")


def test_outline_on_a_document_that_never_compiled(broken):
    names = [s["name"] for s in ask(broken, "textDocument/documentSymbol")]
    assert names[:2] == ["Arm", "Bob"]


def test_completion_on_a_document_that_never_compiled(broken):
    edited = BROKEN + "Arm."
    broken.change("untitled:broken", edited, 2)
    items = ask(broken, "textDocument/completion",
                position={"line": edited.count("\n"), "character": len("Arm.")})
    assert [i["label"] for i in items] == ["P", "Q"]


def test_a_name_added_in_a_version_with_errors_is_known_and_values_are_the_last_solve():
    text = "Arm : .bar P = [0,0] Q = P + [10,0];\n@0 Arm.P = [0,0]; Arm.Q = [0,10];\n@1\n"
    c = Client()
    try:
        c.initialize()
        c.open("untitled:a", text)
        c.diagnostics("untitled:a", 1, solved=True)
        broken = text.replace("Arm : .bar", "Lever : .bar A = [1,1];\nArm : .bar") + "x = ;\n"
        c.change("untitled:a", broken, 2)
        assert c.diagnostics("untitled:a", 2) != []
        hover = lambda needle, offset: c.request("textDocument/hover", {  # noqa: E731
            "textDocument": {"uri": "untitled:a"},
            "position": position_of(broken, needle, offset)})["result"]["contents"]["value"]
        assert "**Lever** \u2014 bar, line 1" in hover("Lever", 1)
        value = hover("Arm.Q = [0,10]", 5)
        assert "**Arm.Q** \u2014 anchor of Arm, line 2" in value  # the current text's line
        assert "(values from version 1, the last that compiled)" in value
        assert "[0, 10]" in value
    finally:
        c.close()


def test_a_mass_whose_target_is_unknown_is_described_without_one():
    text = "Hold : .mass target = Nobody m = 1;\n@0\n"
    c = Client()
    try:
        c.initialize()
        c.open("untitled:m", text)
        assert [d["code"] for d in c.diagnostics("untitled:m", 1)] == ["UnknownThing"]
        value = c.request("textDocument/hover", {"textDocument": {"uri": "untitled:m"},
                                                 "position": {"line": 0, "character": 1}})
        assert value["result"]["contents"]["value"] == "**Hold** \u2014 mass, line 1"
    finally:
        c.close()
