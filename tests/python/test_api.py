"""The module's API: a script's properties, selections, array shapes, the kinematics they hold
(closed forms of the pump's crank and slider), docstrings and the type stub."""

import inspect
import math
import pathlib

import numpy as np
import pytest

import movimentum
from conftest import SAMPLES, pump_text


def test_a_scripts_properties(pump):
    assert (pump.fps, pump.width, pump.height) == (25, 640, 360)
    # 1 s of rest and 12 s of turning at 25 frames a second, both ends included.
    assert pump.frame_count == 13 * 25 + 1
    assert pump.things == {"Engine": ["P", "Q"], "Crank": ["P", "Q"], "Piston": ["P", "Q"],
                           "Conrod": ["P", "Q"]}
    assert pump.variables == ["x", "c"]
    assert pump.elements == {}
    assert pump.markers == [0.0, 1.0, 13.0]
    assert pump.diagnostics == []
    assert pump.name.endswith("pump.movimentum")
    assert "Crank" in pump.text
    assert "326 frames" in repr(pump)


def test_elements_and_their_states(mv):
    script = mv.load(SAMPLES / "pendulum.movimentum")
    assert script.elements == {"Bob": ["theta", "theta_d1"]}
    animation = script.solve(frames=range(3))
    assert animation.state("Bob.theta").shape == (3,)
    assert animation.state("Bob.theta")[0] == pytest.approx(2.5, abs=1e-15)
    ball = mv.load(SAMPLES / "bouncing_ball.movimentum").solve(frames=range(2))
    np.testing.assert_array_equal(ball.state("Ball.x")[0], [30, 320])
    assert ball.state("Ball.x").shape == (2, 2)


def test_compile_resolves_images_against_base_dir(mv):
    script = mv.compile((SAMPLES / "pump.movimentum").read_text(), base_dir=SAMPLES)
    assert script.name == "<string>"
    assert script.frame_count == 326
    with pytest.raises(mv.ScriptError, match="engine.png"):
        mv.compile((SAMPLES / "pump.movimentum").read_text(), base_dir="/nonexistent")


def test_arrays_have_their_shapes_and_types(pump_animation):
    a = pump_animation
    n = 326
    assert a.times.dtype == np.float64 and a.times.shape == (n,)
    assert a.ok.dtype == np.bool_ and a.ok.all()
    assert a.frames.dtype == np.int64
    assert a.pose("Crank").shape == (n, 3)
    assert a.anchor("Crank.Q").shape == (n, 2)
    assert a.velocity("Crank.Q").shape == (n, 2)
    assert a.acceleration("Crank.Q").shape == (n, 2)
    assert a.velocity("Crank").shape == (n, 3)
    assert a.variable("c").shape == (n,)
    assert a.velocity("x").shape == (n,)
    np.testing.assert_array_equal(a.times, np.arange(n) / 25)


def test_the_crank_pin_turns_at_its_radius_and_speed(pump_animation):
    """Crank.Q = Crank.P + [c,0].rotate(180° t): a circle of radius 35 at π rad/s, so the pin's
    speed is 35π and its acceleration 35π², centripetal, in every turning frame."""
    a = pump_animation
    turning = a.times > 1 + 1e-9
    arm = a.anchor("Crank.Q") - a.anchor("Crank.P")
    np.testing.assert_allclose(np.hypot(*arm.T), 35, atol=1e-9)
    speed = np.hypot(*a.velocity("Crank.Q")[turning].T)
    np.testing.assert_allclose(speed, 35 * math.pi, rtol=1e-9)
    acceleration = a.acceleration("Crank.Q")[turning]
    np.testing.assert_allclose(acceleration, -math.pi ** 2 * arm[turning], atol=1e-7)
    np.testing.assert_allclose(a.velocity("Crank")[turning, 2], math.pi, rtol=1e-12)


def test_the_piston_follows_the_slider_crank(pump_animation):
    """The wrist pin is on the axis y = 180, 140 from the crank pin, left of the hub: its x and
    its exact velocity follow from the crank pin's by the chain rule."""
    a = pump_animation
    pin, pin_v = a.anchor("Crank.Q"), a.velocity("Crank.Q")
    rise = pin[:, 1] - 180
    root = np.sqrt(140 ** 2 - rise ** 2)
    np.testing.assert_allclose(a.anchor("Piston.P")[:, 0], pin[:, 0] - root, atol=1e-9)
    np.testing.assert_allclose(a.anchor("Piston.P")[:, 1], 180, atol=1e-9)
    turning = a.times > 1 + 1e-9
    expected = pin_v[:, 0] + rise * pin_v[:, 1] / root
    np.testing.assert_allclose(a.velocity("Piston.P")[turning, 0], expected[turning], atol=1e-8)
    np.testing.assert_allclose(a.variable("x"), a.anchor("Piston.P")[:, 0], atol=1e-12)


def test_selections(pump):
    assert list(pump.solve(frames=range(10, 13)).frames) == [10, 11, 12]
    assert list(pump.solve(frames=[0, 5, 325]).frames) == [0, 5, 325]
    assert list(pump.solve(frames=-1).frames) == [325]
    assert list(pump.solve(frames=slice(-3, None)).frames) == [323, 324, 325]
    assert len(pump.solve(frames=np.arange(4))) == 4
    with pytest.raises(IndexError, match="no frame 326: the script has frames 0 to 325"):
        pump.solve(frames=range(320, 327))
    with pytest.raises(ValueError, match="increasing order"):
        pump.solve(frames=[5, 3])
    with pytest.raises(ValueError, match="selects no frame"):
        pump.solve(frames=range(0))
    with pytest.raises(ValueError, match="forward"):
        pump.solve(frames=slice(None, None, -1))
    with pytest.raises(TypeError, match="str"):
        pump.solve(frames="all")


def test_a_bool_is_no_frame(pump, pump_animation, tmp_path):
    # True is an int to Python, but frames=True meaning frame 1 hides a mistake (issue 42, 12).
    for frames in [True, False, [0, True], np.array([True, False, True]), np.bool_(True)]:
        with pytest.raises(TypeError, match="bool.* is not a frame index"):
            pump.solve(frames=frames)
    with pytest.raises(TypeError, match="bool is not a frame index"):
        pump_animation.save(tmp_path / "f.png", frames=True)
    with pytest.raises(TypeError, match="frame: bool is not a frame index"):
        pump_animation.image(True)
    with pytest.raises(TypeError, match="frame: float is not a frame index"):
        pump_animation.image(1.0)
    assert pump_animation.image(np.int64(1)).shape == (360, 640, 4)
    assert not list(tmp_path.iterdir())


def test_no_value_is_negative_zero(pump_animation):
    # The crank rests for a second: its velocity is zero, and prints so (issue 42, 12).
    assert repr(pump_animation.velocity("Crank")[0]) == "array([0., 0., 0.])"
    a = pump_animation
    arrays = [a.pose(t) for t in ("Crank", "Piston", "Conrod")]
    arrays += [a.velocity(t) for t in ("Crank", "Piston", "Conrod", "Piston.P", "Crank.Q")]
    arrays += [a.acceleration(t) for t in ("Crank", "Piston", "Conrod", "Piston.P", "Crank.Q")]
    for values in arrays:
        assert not (np.signbit(values) & (values == 0)).any()


def test_every_public_name_has_a_docstring():
    public = [movimentum.load, movimentum.compile, movimentum.ScriptError,
              movimentum.Diagnostic, movimentum.Script, movimentum.Animation]
    for cls in (movimentum.Script, movimentum.Animation, movimentum.Diagnostic):
        public += [getattr(cls, n) for n in vars(cls) if not n.startswith("_")]
    for item in public:
        assert (inspect.getdoc(item) or "").strip(), f"{item} has no docstring"
    assert "Movimentum" in movimentum.__doc__
    text = movimentum.Animation.__doc__ + movimentum.Animation.velocity.__doc__
    assert "NaN" in text


def test_the_stub_names_everything_the_module_has():
    stub = pathlib.Path(movimentum.__file__).with_name("movimentum.pyi")
    assert stub.exists()
    text = stub.read_text()
    compile(text, str(stub), "exec")  # it is Python
    for name in ["load", "compile", "ScriptError", "Diagnostic", "Script", "Animation"]:
        assert f" {name}" in text
    for cls in (movimentum.Script, movimentum.Animation, movimentum.Diagnostic):
        for name in vars(cls):
            if not name.startswith("_"):
                assert f"def {name}(" in text, f"{cls.__name__}.{name} is not in the stub"


def test_json_reads_back(pump_animation):
    import json
    document = json.loads(pump_animation.json())
    assert document["format"] == "movimentum-solve"
    assert (document["fps"], document["width"], document["height"]) == (25, 640, 360)
    assert len(document["frames"]) == 326
    assert document["frames"][100]["things"]["Crank"]["anchors"]["Q"] == \
        pump_animation.anchor("Crank.Q")[100].tolist()


def test_arrays_are_fresh_and_writable(pump_animation):
    times = pump_animation.times
    times[0] = 99
    assert pump_animation.times[0] == 0


def test_a_sweep_text_compiles_like_the_sample(mv, pump):
    assert mv.compile(pump_text(), base_dir=SAMPLES).frame_count == pump.frame_count
