"""What clangd and rust-analyzer users reach for daily, on a small script: references and
highlights, rename (a thing, an anchor across all its uses, a variable, a label), code actions
(the "did you mean" fix, the missing `;`), signature help, folding ranges, hover on the language's
own words, completion items with detail and documentation."""

import pytest

from client import Client

SCRIPT = """// A crank and a rod.
// Two lines of comment.
Crank : .bar P = [0,0] Q = P + [0,35];
Rod : .bar A = [0,0]
           B = A + [100,0];
Bob : .pendulum l = 2;
@0 Crank.P = [100,100];
   Crank.Q = Crank.P + [35,0].rotate(w * t);
   Rod.A = Crank.Q;
   grip: Rod.B.y = clamp(Crank.Q.y, 0, 200);
   w = 1;
@1 grip: Rod.B.y = 100;
"""
URI = "untitled:crank"


def position_of(text, needle, offset=0, nth=0):
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += offset
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rindex("\n", 0, at) + 1 if line else 0)}


def apply(text, edits):
    """The text with LSP TextEdits (on ASCII text) applied."""
    lines = text.split("\n")
    offsets = [sum(len(l) + 1 for l in lines[:i]) for i in range(len(lines))]
    at = lambda p: offsets[p["line"]] + p["character"]  # noqa: E731
    for edit in sorted(edits, key=lambda e: at(e["range"]["start"]), reverse=True):
        text = text[:at(edit["range"]["start"])] + edit["newText"] + text[at(edit["range"]["end"]):]
    return text


@pytest.fixture(scope="module")
def client():
    c = Client()
    c.initialize()
    c.open(URI, SCRIPT)
    assert c.diagnostics(URI, 1) == []
    yield c
    c.close()


def ask(client, method, **params):
    reply = client.request(method, dict(params, textDocument={"uri": URI}))
    assert "result" in reply, reply
    return reply["result"]


def starts(ranges):
    return [(r["range"]["start"]["line"], r["range"]["start"]["character"]) for r in ranges]


def at(needle, offset=0, nth=0):
    p = position_of(SCRIPT, needle, offset, nth)
    return (p["line"], p["character"])


def test_references_of_an_anchor_are_its_definition_its_bare_use_and_every_thing_dot_anchor(client):
    found = ask(client, "textDocument/references", position=position_of(SCRIPT, "Crank.Q =", 6),
                context={"includeDeclaration": True})
    uses = [at("Crank.Q =", 6), at("= Crank.Q;", 8), at("Crank.Q.y", 6)]
    assert starts(found) == [at("Q = P")] + uses
    assert all(r["uri"] == URI for r in found)
    without = ask(client, "textDocument/references", position=position_of(SCRIPT, "Crank.Q =", 6),
                  context={"includeDeclaration": False})
    assert starts(without) == uses
    # P is used bare inside Crank's definition (Q = P + …).
    found = ask(client, "textDocument/references", position=position_of(SCRIPT, "P = [0,0]"),
                context={"includeDeclaration": True})
    assert starts(found) == [at("P = [0,0]"), at("= P +", 2), at("Crank.P =", 6),
                             at("Crank.P +", 6)]


def test_highlights_mark_the_definition_write_and_the_uses_read(client):
    found = ask(client, "textDocument/documentHighlight", position=position_of(SCRIPT, "w * t"))
    assert [(s, h["kind"]) for s, h in zip(starts(found), found)] == [
        (at("w * t"), 2), (at("w = 1"), 2)]
    found = ask(client, "textDocument/documentHighlight", position=position_of(SCRIPT, "Rod :"))
    assert [h["kind"] for h in found] == [3, 2, 2, 2]


@pytest.mark.parametrize("needle, offset, old, new, expected", [
    ("Crank :", 0, "Crank", "Wheel", SCRIPT.replace("Crank", "Wheel")),
    ("Crank.Q =", 6, "Q", "Pin",
     SCRIPT.replace("Q = P", "Pin = P").replace("Crank.Q", "Crank.Pin")),
    ("w * t", 0, "w", "omega",
     SCRIPT.replace("w * t", "omega * t").replace("   w = 1", "   omega = 1")),
    ("grip:", 0, "grip", "hold", SCRIPT.replace("grip:", "hold:")),
])
def test_rename(client, needle, offset, old, new, expected):
    position = position_of(SCRIPT, needle, offset)
    prepared = ask(client, "textDocument/prepareRename", position=position)
    end = dict(position, character=position["character"] + len(old))
    assert prepared == {"range": {"start": position, "end": end}, "placeholder": old}
    edit = ask(client, "textDocument/rename", position=position, newName=new)
    assert apply(SCRIPT, edit["changes"][URI]) == expected


@pytest.mark.parametrize("needle, offset, new, why", [
    ("Crank :", 0, "Rod", "Rod is used already"),
    ("Crank.Q =", 6, "P", "Crank has an anchor P already"),
    ("w * t", 0, "sin", "sin is a reserved name"),
    ("w * t", 0, "2x", "'2x' is not a name"),
])
def test_rename_refuses_a_clash(client, needle, offset, new, why):
    reply = client.request("textDocument/rename", {
        "textDocument": {"uri": URI}, "position": position_of(SCRIPT, needle, offset),
        "newName": new})
    assert reply["error"]["code"] == -32602 and reply["error"]["message"] == why


def test_a_state_is_not_renamed(client):
    text = SCRIPT.replace("@1 grip", "@1 Bob.theta := 0; grip")
    client.change(URI, text, 2)
    assert ask(client, "textDocument/prepareRename",
               position=position_of(text, "theta :=")) is None
    client.change(URI, SCRIPT, 3)


def test_code_actions_fix_a_misspelt_name_and_a_missing_semicolon(client):
    text = SCRIPT.replace("Crank.Q;", "Crnk.Q;").replace("clamp(", "clmap(").replace(
        "= 100;", "= 100")
    client.change(URI, text, 10)
    diagnostics = client.diagnostics(URI, 10)
    assert {d["code"]: d.get("data") for d in diagnostics} == {
        "UnknownThingOrElement": {"suggestion": "Crank"}, "ExpectedSemicolon": None,
        "UnknownFunction": {"suggestion": "clamp"}}
    assert "unknown thing or element 'Crnk'; did you mean 'Crank'?" in [
        d["message"] for d in diagnostics]
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}
    actions = ask(client, "textDocument/codeAction", range=whole,
                  context={"diagnostics": diagnostics})
    assert [a["title"] for a in actions] == [
        "Replace 'Crnk' with 'Crank'", "Replace 'clmap' with 'clamp'", "Add the missing ';'"]
    assert all(a["kind"] == "quickfix" and a["diagnostics"] for a in actions)
    fixed = text
    for action in reversed(actions):  # back to front: earlier edits keep their positions
        fixed = apply(fixed, action["edit"]["changes"][URI])
    assert fixed == SCRIPT
    client.change(URI, SCRIPT, 11)


def test_signature_help_in_clamp_lerp_and_atan2(client):
    text = SCRIPT.replace("w = 1;", "w = atan2(1, lerp(0, 1, [2, 3].x));")
    client.change(URI, text, 20)
    help = ask(client, "textDocument/signatureHelp", position=position_of(text, ", 0, 200", 2))
    (signature,) = help["signatures"]
    assert signature["label"] == "clamp(v: scalar, lo: scalar, hi: scalar) \u2192 scalar"
    assert help["activeParameter"] == 1
    begin, end = signature["parameters"][1]["label"]
    assert signature["label"][begin:end] == "lo: scalar"
    help = ask(client, "textDocument/signatureHelp", position=position_of(text, "[2, 3]", 4))
    assert help["signatures"][0]["label"].startswith("lerp(a: T, b: T, s: scalar)")
    assert help["activeParameter"] == 2  # the vector's comma is not the call's
    help = ask(client, "textDocument/signatureHelp", position=position_of(text, "(1, lerp", 1))
    assert help["signatures"][0]["label"].startswith("atan2(y: scalar, x: scalar)")
    assert help["activeParameter"] == 0
    assert ask(client, "textDocument/signatureHelp", position=position_of(text, "w = atan2")) \
        is None
    client.change(URI, SCRIPT, 21)


def test_folding_ranges_fold_steps_definitions_and_comments(client):
    folds = ask(client, "textDocument/foldingRange")
    assert sorted((f["startLine"], f["endLine"], f.get("kind")) for f in folds) == [
        (0, 1, "comment"), (3, 4, None), (6, 10, None)]


@pytest.mark.parametrize("needle, offset, expected", [
    ("clamp", 1, "`clamp(v: scalar, lo: scalar, hi: scalar) \u2192 scalar` \u2014 v limited"),
    (".pendulum", 2, "**.pendulum** \u2014 an element swinging about its pivot"),
    (".rotate", 2, "**.rotate(a)** \u2014 the vector turned counter-clockwise"),
    ("Q.y", 2, "**.y** \u2014 the vector's y component"),
])
def test_hover_on_the_languages_words(client, needle, offset, expected):
    value = ask(client, "textDocument/hover", position=position_of(SCRIPT, needle, offset))
    assert expected in value["contents"]["value"]


def test_hover_on_degrees_and_config():
    text = ".config(30, 640, 360);\nArm : .bar P = [0,0] Q = [1,0];\n@0 Arm.P = [0,0];\n" \
           "Arm.Q = Arm.P + [1,0].rotate(30\u00b0);\n"
    c = Client()
    try:
        c.initialize()
        c.open("untitled:deg", text)
        hover = lambda needle, offset: c.request("textDocument/hover", {  # noqa: E731
            "textDocument": {"uri": "untitled:deg"},
            "position": position_of(text, needle, offset)})["result"]["contents"]["value"]
        assert "**\u00b0** \u2014 degrees" in hover("\u00b0", 0)
        assert "this script: 30 fps, a canvas of 640 \u00d7 360" in hover("config", 1)
    finally:
        c.close()


def test_completion_items_have_detail_and_documentation(client):
    text = SCRIPT + "x = cl"
    client.change(URI, text, 30)
    items = ask(client, "textDocument/completion",
                position={"line": text.count("\n"), "character": len("x = cl")})
    clamp = next(i for i in items if i["label"] == "clamp")
    assert clamp["detail"] == "clamp(v: scalar, lo: scalar, hi: scalar) \u2192 scalar"
    assert "v limited to lo" in clamp["documentation"]["value"]
    assert next(i for i in items if i["label"] == "Crank")["detail"] == "thing"
    iv = next(i for i in items if i["label"] == "iv")
    assert iv["detail"] == "reserved name" and "length of the step" in iv["documentation"]["value"]
    text = SCRIPT.replace("Bob : .pendulum", "Bob : .pend")
    client.change(URI, text, 31)
    items = ask(client, "textDocument/completion", position=position_of(text, ".pend", 5))
    pendulum = next(i for i in items if i["label"] == "pendulum")
    assert "properties:" in pendulum["documentation"]["value"]
    client.change(URI, SCRIPT, 32)


def test_inlay_hints_show_anchor_positions_and_freedom(client):
    text = SCRIPT.replace("Rod.A = Crank.Q;", "Rod.A.y = Crank.Q.y;")  # Rod may slide along x
    client.change(URI, text, 40)
    solve = [d["code"] for d in client.diagnostics(URI, 40, solved=True)]
    assert set(solve) == {"ThingSlides"}
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}
    hints = ask(client, "textDocument/inlayHint", range=whole)
    found = {(h["position"]["line"], h["position"]["character"]): h["label"] for h in hints}
    assert found[(2, 5)] == "0 DOF"   # Crank
    assert found[(3, 3)] == "1 DOF"   # Rod slides
    assert found[(6, 10)] == "[100, 100]"  # Crank.P at @0's first frame
    assert found[(7, 10)] == "[135, 100]"  # Crank.Q = Crank.P + [35,0] at t = 0
    client.change(URI, SCRIPT, 41)
