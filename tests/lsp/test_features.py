"""Hover, completion, definition, symbols and semantic tokens on the pump. Hover values are those
`movimentum solve --json` prints for that frame, for every anchor of the pump at every marker, and
follow an edit to the new version; on the slider-crank with its masses, a constraint's hover shows
the loads `solve --json` prints."""

import json
import os
import re
import subprocess
import time

import pytest

from client import PROGRAM, SOURCE_DIR, Client, file_uri

PUMP = os.path.join(SOURCE_DIR, "samples/pump.movimentum")


def solved_frame(path, frame):
    out = subprocess.run([PROGRAM, "solve", path, "--json", "--frames", "%d:%d" % (frame, frame)],
                         capture_output=True, timeout=60, check=True).stdout
    return json.loads(out)["frames"][0]


@pytest.fixture(scope="module")
def pump():
    c = Client()
    c.initialize()
    with open(PUMP, encoding="utf-8") as f:
        text = f.read()
    uri = file_uri(PUMP)
    c.open(uri, text)
    c.diagnostics(uri, 1, solved=True)  # solved
    yield c, uri, text
    c.close()


def position_of(text, needle, offset=0):
    at = text.index(needle) + offset
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rindex("\n", 0, at) + 1 if line else 0)}


def hover(client, uri, position):
    reply = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": position})
    return reply["result"]["contents"]["value"] if reply["result"] else None


NUMBER = r"(-?[\d.e+-]+)"
VALUE = re.compile(r"frame (\d+), T = [^:]+: \[" + NUMBER + ", " + NUMBER + r"\]")


def test_hover_on_every_anchor_at_every_marker_shows_the_solved_values(pump):
    client, uri, text = pump
    lines = text.split("\n")
    checked = 0
    for marker_line, line in enumerate(lines):
        if not line.startswith("@") or not line[len(line.split()[0]):].strip():
            continue
        for thing, anchors in (("Engine", "PQ"), ("Crank", "PQ"), ("Piston", "PQ"),
                               ("Conrod", "PQ")):
            for anchor in anchors:
                # The anchor read in a statement of its own at the end of the marker's line.
                probe = line + " probe = " + thing + "." + anchor + ".x;"
                changed = "\n".join(lines[:marker_line] + [probe] + lines[marker_line + 1:])
                version = 100 + len(lines) * checked + marker_line
                client.change(uri, changed, version)
                assert client.diagnostics(uri, version, solved=True) == []
                value = hover(client, uri, {"line": marker_line, "character": len(probe) - 4})
                assert value is not None and thing + "." + anchor in value
                # Zero but for rounding is 0 (the crank's v.x after 12 s was 2.84217e-14).
                assert not re.search(r"\de-\d", value), value
                for frame, x, y in VALUE.findall(value):
                    expected = solved_frame(PUMP, int(frame))["things"][thing]["anchors"][anchor]
                    assert float(x) == pytest.approx(expected[0], abs=5e-4, rel=1e-5)
                    assert float(y) == pytest.approx(expected[1], abs=5e-4, rel=1e-5)
                    checked += 1
    assert checked >= 16
    client.change(uri, text, 1000)


def test_the_docs_hover_example_is_the_pumps(pump):
    client, uri, text = pump
    with open(os.path.join(SOURCE_DIR, "docs/editors.md"), encoding="utf-8") as f:
        example = re.search(r"`(@\+01\.0, frame 25, T = 1 s: [^`]*)`", f.read()).group(1)
    value = hover(client, uri, position_of(text, "Crank.Q = Crank.P + [c", 6))
    assert example in value.replace("`", "")


def test_hover_follows_an_edit_to_the_new_version(pump):
    client, uri, text = pump
    moved = text.replace("Engine.P = [60,180]", "Engine.P = [70,180]")
    client.change(uri, moved, 2000)
    client.diagnostics(uri, 2000, solved=True)
    value = hover(client, uri, position_of(moved, "Engine.P = [70", 7))
    assert "[70, 180]" in value
    client.change(uri, text, 2001)
    client.diagnostics(uri, 2001, solved=True)


def test_completion_offers_the_editors_candidates(pump):
    client, uri, text = pump
    edited = text + "Crank."
    client.change(uri, edited, 3000)
    client.diagnostics(uri, 3000)
    end = {"line": edited.count("\n"), "character": len("Crank.")}
    items = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": end})["result"]
    assert [i["label"] for i in items] == ["P", "Q"]
    assert all(i["kind"] == 5 for i in items)  # Field
    kinds = text + "Ball : ."
    client.change(uri, kinds, 3001)
    items = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {
        "line": kinds.count("\n"), "character": len("Ball : .")}})["result"]
    assert "pendulum" in [i["label"] for i in items]
    client.change(uri, text, 3002)
    client.diagnostics(uri, 3002)


def test_definition_goes_to_the_thing_and_the_anchor(pump):
    client, uri, text = pump
    at = position_of(text, "Crank.Q = Crank.P + [_", 1)
    result = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                        "position": at})["result"]
    assert result["range"]["start"] == position_of(text, "Crank  :")
    at = position_of(text, "Crank.Q = Crank.P + [_", 6)
    result = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                        "position": at})["result"]
    assert result["range"]["start"] == position_of(text, "Q = P+[0,35]")


def test_symbols_list_things_anchors_and_markers(pump):
    client, uri, _ = pump
    symbols = client.request("textDocument/documentSymbol",
                             {"textDocument": {"uri": uri}})["result"]
    names = [s["name"] for s in symbols]
    assert names[:4] == ["Engine", "Crank", "Piston", "Conrod"]
    assert [c["name"] for c in symbols[1]["children"]] == ["P", "Q"]
    markers = [s for s in symbols if s["kind"] == 3]
    assert markers[0]["name"].startswith("@000.0") and markers[0]["detail"] == "T = 0 s"
    assert len(markers[0]["children"]) >= 8


def test_semantic_tokens_name_things_anchors_and_comments(pump):
    client, uri, text = pump
    data = client.request("textDocument/semanticTokens/full",
                          {"textDocument": {"uri": uri}})["result"]["data"]
    types = ["class", "property", "struct", "event", "variable", "function", "keyword", "number",
             "string", "comment", "operator"]
    lines = text.split("\n")
    line = character = 0
    found = {}
    for i in range(0, len(data), 5):
        line += data[i]
        character = data[i + 1] + (character if data[i] == 0 else 0)
        word = lines[line][character:character + data[i + 2]]
        found.setdefault(word, set()).add(types[data[i + 3]])
    assert found["Crank"] == {"class"}
    assert "property" in found["Q"]
    assert "comment" in found[lines[0]]
    assert "function" in found["rotate"]
    assert "keyword" in found["@"]
    fresh = Client()
    try:
        legend = fresh.initialize()["result"]["capabilities"]["semanticTokensProvider"]["legend"]
    finally:
        fresh.close()
    assert legend["tokenTypes"] == types


def test_definition_of_an_image_name_is_its_file(pump):
    client, uri, text = pump
    at = position_of(text, "'crank.png'", 2)
    result = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                        "position": at})["result"]
    assert result["uri"] == file_uri(os.path.join(SOURCE_DIR, "samples/crank.png"))


def test_a_hover_before_the_solve_is_done_waits_for_it(tmp_path):
    """The pump turning for 600 s takes a while to solve; a hover asked at once still gets the
    values of frame 25, because it waits for the solve of the version it is about."""
    with open(PUMP, encoding="utf-8") as f:
        text = f.read().replace("@+12.0", "@+600.0")
    c = Client()
    try:
        c.initialize()
        uri = file_uri(os.path.join(SOURCE_DIR, "samples/long.movimentum"))
        c.open(uri, text)
        value = hover(c, uri, position_of(text, "Crank.Q = Crank.P + [c", 6))
        assert "not solved yet" not in value
        assert "frame 25" in value
    finally:
        c.close()


def test_hover_on_an_angle_state_reads_degrees_as_the_editor_does(tmp_path):
    """A pendulum's theta is an angle: 0.5 rad reads 28.6° (core/text/readable_value.h), its rate
    in °/s, as the editor's Values panel writes them (issue 41)."""
    text = ("Bob : .pendulum theta = 0.5 l = 1;\n"
            "Rod : .bar A = [0,0] B = [10,0];\n"
            "@0 Rod.A = [0,0]; Rod.B = Rod.A + [10,0].rotate(Bob.theta);\n@1\n")
    c = Client()
    try:
        c.initialize()
        uri = file_uri(str(tmp_path / "bob.movimentum"))
        c.open(uri, text)
        c.diagnostics(uri, 1, solved=True)
        value = hover(c, uri, position_of(text, "Bob.theta)", len("Bob.t")))
        assert re.search(r"frame 0, T = 0 s: 28\.6°, v -?0\.0°/s", value), value
    finally:
        c.close()


def test_hover_on_a_function_gives_its_forms(tmp_path):
    text = ("Rod : .bar A = [0,0] B = [10,0];\n"
            "@0 Rod.A = [0,0]; Rod.B = lerp([0,10], [10,0], sin(t) ^ 2);\n@1\n")
    c = Client()
    try:
        c.initialize()
        uri = file_uri(tmp_path / "f.movimentum")
        c.open(uri, text)
        assert "`sin(a: scalar) \u2192 scalar` \u2014 The sine of the angle a" in hover(
            c, uri, position_of(text, "sin(", 1))
        assert ("`lerp(a: T, b: T, s: scalar) \u2192 T` \u2014 a + (b \u2212 a)\u00b7s: a at s = 0"
                in hover(c, uri, position_of(text, "lerp", 1)))
        assert "(T: both scalars or both vectors)" in hover(c, uri, position_of(text, "lerp", 1))
    finally:
        c.close()


def test_inside_a_definition_its_kinds_properties_are_offered(tmp_path):
    c = Client()
    try:
        c.initialize()
        uri = file_uri(tmp_path / "p.movimentum")
        cases = [("Bob : .pendulum theta = 0.5 ", ["theta", "theta_d1", "m", "g", "l", "pivot",
                                                   "visual", "origin", "scale"]),
                 ("Hit : .reflection target = Ball\n      gu",
                  ["target", "guard", "direction", "restitution", "region", "positions",
                   "velocities"]),
                 ("Rod : .bar A = [0,0] B = [1,0] ", ["color", "width"]),
                 ("RodMass : .mass target = Rod ", ["target", "m", "J", "at"]),
                 # Without a target it is the machine's gravity, with one an interaction.
                 ("Earth : .gravity ", ["target", "g", "scale"])]
        for version, (text, expected) in enumerate(cases, start=1):
            c.change(uri, text, version) if version > 1 else c.open(uri, text)
            end = {"line": text.count("\n"), "character": len(text.split("\n")[-1])}
            items = c.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                          "position": end})["result"]
            assert [i["label"] for i in items] == expected
            assert all(i["kind"] == 10 for i in items)
        # After `=` a value goes: the usual names, not the properties.
        c.change(uri, "Bob : .pendulum theta = ", 9)
        items = c.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {
            "line": 0, "character": len("Bob : .pendulum theta = ")}})["result"]
        assert "sin" in [i["label"] for i in items]
    finally:
        c.close()


def test_masses_and_the_gravity_are_named_like_other_definitions(tmp_path):
    text = ("Earth : .gravity g = [0, -9.81] scale = 1000;\n"
            "Rod : .bar A = [0,0] B = [200,0];\n"
            "RodMass : .mass target = Rod m = 0.3;\n"
            "@0 Rod.A = [0,0]; Rod.B = [200,0];\n@1\n")
    c = Client()
    try:
        c.initialize()
        uri = file_uri(tmp_path / "m.movimentum")
        c.open(uri, text)
        assert c.diagnostics(uri, 1) == []
        value = hover(c, uri, position_of(text, "RodMass", 1))
        assert "mass of 0.3 kg on Rod" in value and "about [100, 0]" in value
        value = hover(c, uri, position_of(text, "Earth", 1))
        assert "the machine's gravity, g = [0, -9.81]" in value and "1000 canvas units" in value
        for name in ("RodMass", "Earth"):
            result = c.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                           "position": position_of(text, name, 2)})
            assert result["result"]["range"]["start"] == position_of(text, name)
        symbols = c.request("textDocument/documentSymbol",
                            {"textDocument": {"uri": uri}})["result"]
        assert [s["name"] for s in symbols][:3] == ["Rod", "RodMass", "Earth"]
        data = c.request("textDocument/semanticTokens/full",
                         {"textDocument": {"uri": uri}})["result"]["data"]
        # The first two tokens: `Earth` (event, declared), then `:`; the mass's name on line 2.
        assert data[0:5] == [0, 0, len("Earth"), 3, 1]
        line = character = 0
        events = []
        for i in range(0, len(data), 5):
            line += data[i]
            character = data[i + 1] + (character if data[i] == 0 else 0)
            if data[i + 3] == 3:
                events.append(text.split("\n")[line][character:character + data[i + 2]])
        assert events == ["Earth", "RodMass"]
    finally:
        c.close()


SLIDER_CRANK = os.path.join(SOURCE_DIR, "samples/slider_crank_forces.movimentum")
LOAD = re.compile(r"\*\*(\S+)\*\* carries at [^,]+, frame (\d+), T = [^:]+: (.*)")
ON = re.compile(r"on (\w+) at (\w+): force \[" + NUMBER + ", " + NUMBER + r"\] N, torque " +
                NUMBER + " N\u00b7m")
POWER = re.compile(r"power " + NUMBER + " W")


def test_hover_on_a_constraint_shows_what_it_carries():
    """On the slider-crank with its masses: the motor's label, a pin's `=` and its key each show
    the loads `solve --json` prints at the first and the last frame of the step; the motor's
    torque at frame 0 lifts half the rod (0.3 kg · 9.81 · 0.05 m / 2) and its power is that
    torque times the crank's 10π rad/s."""
    with open(SLIDER_CRANK, encoding="utf-8") as f:
        text = f.read()
    c = Client()
    try:
        c.initialize()
        uri = file_uri(SLIDER_CRANK)
        c.open(uri, text)
        c.diagnostics(uri, 1, solved=True)
        motor = hover(c, uri, position_of(text, "motor:", 2))
        assert motor.startswith("**motor** carries at `@0`, frame 0, T = 0 s: on Crank at A: "
                                "force [0, 0] N, torque 0.073575 N\u00b7m; power 2.31143 W")
        pin = hover(c, uri, position_of(text, "Rod.A = Crank.A", len("Rod.A ")))
        key = hover(c, uri, position_of(text, "Rod.A = Crank.A", len("Rod.")))
        assert key.startswith("**Rod.A** \u2014 anchor of Rod") and key.endswith(pin)
        checked = 0
        for value in (motor, pin):
            lines = LOAD.findall(value)
            assert [int(frame) for _, frame, _ in lines] == [0, 20]
            for name, frame, loads in lines:
                printed = solved_frame(SLIDER_CRANK, int(frame))["forces"][name]
                assert [float(p) for p in POWER.findall(loads)] == (
                    [pytest.approx(printed["power"], rel=1e-5)] if printed["drive"] else [])
                for thing, at, x, y, torque in ON.findall(loads):
                    on = printed["on"][thing]
                    assert at == on["at"]
                    assert [float(x), float(y)] == pytest.approx(on["force"], abs=5e-6, rel=1e-5)
                    assert float(torque) == pytest.approx(on["torque"], abs=5e-6, rel=1e-5)
                    checked += 1
        assert checked == 6  # the motor on the crank, the pin on the crank and the rod, twice
        # An inequality carries nothing: `x > Crank.O.x` at its `>` has no hover.
        assert hover(c, uri, position_of(text, "x > Crank", 2)) is None
    finally:
        c.close()


def test_without_masses_a_constraint_has_no_hover(pump):
    client, uri, text = pump
    assert hover(client, uri, position_of(text, "Engine.P = [60,180]", len("Engine.P "))) is None
