"""Forces and energy as arrays: what the slider-crank's constraints carry
(samples/slider_crank_forces.movimentum) against its closed form and `movimentum solve --json`, NaN
where a frame has no forces, and the errors for a name that does not exist or a script without
masses."""

import json
import math

import numpy as np
import pytest

from conftest import SAMPLES, cli_json

SLIDER_CRANK = SAMPLES / "slider_crank_forces.movimentum"
OMEGA = 10 * math.pi  # the motor turns the crank 1800° a second

# A bar of 200 held level on the ground, then stretched: every frame after the first marker fails.
STRETCHED = """.config(10, 600, 200);
Earth : .gravity g = [0, -9.81] scale = 1000;
Bar : .bar P = [0,0] Q = [200,0];
BarMass : .mass target = Bar m = 1;
@0 Bar.P = [100, 100]; pull: Bar.Q = [300, 100];
@1 pull: Bar.Q = [300 + 300*t, 100];
@2
"""


@pytest.fixture(scope="module")
def slider_crank(mv):
    return mv.load(SLIDER_CRANK).solve()


@pytest.fixture(scope="module")
def stretched(mv):
    return mv.compile(STRETCHED).solve()


def test_the_script_names_its_loads_as_solve_prints_them(mv, slider_crank):
    forces = mv.load(SLIDER_CRANK).forces
    assert forces["motor"] == {"Crank": "A"}
    assert forces["Rod.A"] == {"Crank": "A", "Rod": "A"}
    frame = json.loads(cli_json(SLIDER_CRANK, "--frames", "0:0"))["frames"][0]
    assert list(forces) == list(frame["forces"])
    for name, things in forces.items():
        assert {thing: load["at"] for thing, load in frame["forces"][name]["on"].items()} == things
    assert mv.load(SAMPLES / "pump.movimentum").forces == {}


def test_arrays_have_their_shapes_and_types(slider_crank):
    a = slider_crank
    n = len(a)
    assert n == 21
    for array, shape in ((a.force("motor", "Crank"), (n, 2)), (a.torque("motor", "Crank"), (n,)),
                         (a.power("motor"), (n,)), (a.energy(), (n, 2))):
        assert array.dtype == np.float64 and array.shape == shape
        assert np.isfinite(array).all()


def test_the_motor_lifts_half_the_rod_at_frame_0(slider_crank):
    """At frame 0 the crank points along the guide: the rod lies level, half its weight on the crank
    pin 0.05 m from the hub, and nothing else turns the crank (the slider's inertia pushes along
    the crank, the crank's mass sits on its hub)."""
    torque = slider_crank.torque("motor", "Crank")
    assert torque[0] == pytest.approx(0.3 * 9.81 * 0.05 / 2, abs=1e-9)
    # A couple: the motor's force on the crank is nothing.
    np.testing.assert_allclose(slider_crank.force("motor", "Crank"), 0, atol=1e-9)


def test_the_motors_power_is_its_torque_times_the_cranks_speed(slider_crank):
    torque = slider_crank.torque("motor", "Crank")
    np.testing.assert_allclose(slider_crank.power("motor"), torque * OMEGA, rtol=1e-9, atol=1e-9)
    # Only a drive feeds power in.
    np.testing.assert_array_equal(slider_crank.power("Rod.A"), 0)


def test_a_pin_puts_equal_and_opposite_loads_on_its_things(slider_crank):
    on_crank = slider_crank.force("Rod.A", "Crank")
    on_rod = slider_crank.force("Rod.A", "Rod")
    np.testing.assert_allclose(on_crank, -on_rod, atol=1e-9)
    assert np.abs(on_crank).max() > 1  # it carries something
    # About the pin itself, where both act, neither turns.
    np.testing.assert_allclose(slider_crank.torque("Rod.A", "Crank"), 0, atol=1e-9)
    np.testing.assert_allclose(slider_crank.torque("Rod.A", "Rod"), 0, atol=1e-9)


def test_the_arrays_are_what_solve_prints(slider_crank):
    frames = json.loads(cli_json(SLIDER_CRANK))["frames"]
    energy = slider_crank.energy()
    for name, things in json.loads(cli_json(SLIDER_CRANK, "--frames", "0:0"))["frames"][0][
            "forces"].items():
        np.testing.assert_allclose(slider_crank.power(name),
                                   [f["forces"][name]["power"] for f in frames], rtol=1e-12)
        for thing in things["on"]:
            np.testing.assert_allclose(
                slider_crank.force(name, thing),
                [f["forces"][name]["on"][thing]["force"] for f in frames], rtol=1e-12, atol=1e-12)
            np.testing.assert_allclose(
                slider_crank.torque(name, thing),
                [f["forces"][name]["on"][thing]["torque"] for f in frames], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(energy[:, 0], [f["energy"]["kinetic"] for f in frames], rtol=1e-12)
    np.testing.assert_allclose(energy[:, 1], [f["energy"]["potential"] for f in frames],
                               rtol=1e-12)


def test_a_selection_reads_its_own_frames(mv, slider_crank):
    some = mv.load(SLIDER_CRANK).solve(frames=range(5, 21, 5))
    np.testing.assert_array_equal(some.torque("motor", "Crank"),
                                  slider_crank.torque("motor", "Crank")[5::5])


def test_a_failed_frame_has_no_forces(stretched):
    ok = stretched.ok
    assert ok[0] and not ok.all()
    held = stretched.force("pull", "Bar")
    # While it is held, the pull carries half the bar's weight.
    assert held[0] == pytest.approx([0, 9.81 / 2], abs=1e-9)
    for array in (stretched.force("pull", "Bar"), stretched.torque("pull", "Bar"),
                  stretched.power("pull"), stretched.energy()):
        assert np.isfinite(array[ok]).all()
        assert np.isnan(array[~ok]).all()


# A bar of 2 m and 4 kg on one pin, level, nothing to turn it: its weight's torque is held by nothing.
FREE_BAR = """.config(10, 800, 400);
Earth : .gravity g = [0, -9.81] scale = 100;
Bar : .bar P = [0,0] Q = [200,0];
BarMass : .mass target = Bar m = 4;
@0 Bar.P = [100, 100];
@1
"""


def test_what_nothing_holds_is_the_unheld_load(mv, slider_crank):
    free = mv.compile(FREE_BAR).solve()
    unheld = free.unheld("Bar")
    assert unheld.shape == (len(free.times), 3)
    # The weight one metre from the pin, clockwise; the pin takes the force.
    assert unheld[:, 2] == pytest.approx(np.full(len(unheld), -4 * 9.81), rel=1e-9)
    assert np.abs(unheld[:, :2]).max() < 1e-9
    assert (slider_crank.unheld("Slider") == 0).all()  # every load on it is held
    with pytest.raises(KeyError, match="no thing Wheel"):
        free.unheld("Wheel")


def test_unknown_names_raise_key_error_saying_what_exists(slider_crank):
    with pytest.raises(KeyError, match="no constraint motr; the constraints are named "
                                       "Crank.O, motor, Rod.A"):
        slider_crank.torque("motr", "Crank")
    with pytest.raises(KeyError, match="no thing Wheel; the things are Crank, Rod, Slider"):
        slider_crank.force("motor", "Wheel")
    with pytest.raises(KeyError, match="motor does not load Rod; it loads Crank"):
        slider_crank.torque("motor", "Rod")
    with pytest.raises(KeyError, match="no constraint x > Crank.O.x"):
        slider_crank.power("x > Crank.O.x")


def test_a_script_without_masses_has_no_forces(pump_animation):
    for read in (lambda: pump_animation.energy(), lambda: pump_animation.power("Crank.Q"),
                 lambda: pump_animation.torque("Crank.Q", "Crank"),
                 lambda: pump_animation.unheld("Crank")):
        with pytest.raises(ValueError, match="no forces: the script has no masses"):
            read()
