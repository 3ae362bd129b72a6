"""The module gives the command line's numbers: for every sample, Animation.json() is the text
`movimentum solve --json` prints, and every array equals the JSON's numbers to 1e-12."""

import json

import numpy as np
import pytest

from conftest import SAMPLE_SCRIPTS, cli_json


def column(frames, *path):
    """The values at `path` in every frame of a solve document, None (JSON null) as NaN."""
    out = []
    for frame in frames:
        value = frame
        for key in path:
            value = value[key]
        out.append(np.nan if value is None else value)
    return np.array([[np.nan if v is None else v for v in row] if isinstance(row, list) else row
                     for row in out], dtype=float)


def close(actual, expected):
    np.testing.assert_allclose(actual, expected, rtol=0, atol=1e-12, equal_nan=True)


@pytest.fixture(scope="module", params=SAMPLE_SCRIPTS, ids=lambda p: p.stem)
def sample(request, mv):
    script = mv.load(request.param)
    return request.param, script, script.solve(), cli_json(request.param)


def test_json_is_the_commands_output(sample):
    path, script, animation, expected = sample
    assert animation.json() == expected


def test_arrays_equal_the_commands_numbers(sample):
    path, script, animation, expected = sample
    frames = json.loads(expected)["frames"]
    assert len(animation) == len(frames) == script.frame_count
    close(animation.times, column(frames, "time"))
    assert list(animation.frames) == [f["index"] for f in frames]
    assert list(animation.ok) == [f["status"] == "ok" for f in frames]
    for thing, anchors in script.things.items():
        pose = animation.pose(thing)
        for i, key in enumerate(["x", "y", "angle"]):
            close(pose[:, i], column(frames, "things", thing, key))
        for name in anchors:
            close(animation.anchor(f"{thing}.{name}"),
                  column(frames, "things", thing, "anchors", name))
            close(animation.velocity(f"{thing}.{name}"),
                  column(frames, "things", thing, "velocities", name))
            close(animation.acceleration(f"{thing}.{name}"),
                  column(frames, "things", thing, "accelerations", name))
    for name in script.variables:
        close(animation.variable(name), column(frames, "variables", name))
        close(animation.velocity(name), column(frames, "variableVelocities", name))
        close(animation.acceleration(name), column(frames, "variableAccelerations", name))
    for element, states in script.elements.items():
        for state in states:
            close(animation.state(f"{element}.{state}"),
                  column(frames, "elements", element, state))


def test_diagnostics_are_the_commands(sample):
    path, script, animation, expected = sample
    listed = json.loads(expected)["diagnostics"]
    assert [(d.severity, d.line, d.column, d.message) for d in animation.diagnostics] == [
        (d["severity"], d["line"], d["column"], d["message"]) for d in listed]


@pytest.mark.parametrize("frames, option", [(range(100, 131), "100:130"), (slice(7, 8), "7"),
                                            (slice(300, None), "300:")])
def test_a_selection_is_the_commands_frame_range(mv, frames, option):
    path = [p for p in SAMPLE_SCRIPTS if p.stem == "pump"][0]
    animation = mv.load(path).solve(frames=frames)
    assert animation.json() == cli_json(path, "--frames", option)


def test_a_stepped_selection_holds_every_nth_frame(pump, pump_animation):
    every_tenth = pump.solve(frames=slice(None, None, 10))
    assert list(every_tenth.frames) == list(range(0, pump.frame_count, 10))
    np.testing.assert_array_equal(every_tenth.anchor("Piston.P"),
                                  pump_animation.anchor("Piston.P")[::10])
    document = json.loads(every_tenth.json())
    assert [f["index"] for f in document["frames"]] == list(range(0, pump.frame_count, 10))
