"""A parameter sweep as a user writes it: 100 pumps with crank lengths from 10 to 59.5, compiled
from formatted script text and solved. For an in-line slider-crank the piston's stroke is twice
the crank, and its velocity is the crank pin's carried through the rod (closed forms)."""

import math

import numpy as np
import pytest

from conftest import SAMPLES, pump_text

ROD = 140  # Conrod: Q = P+[140,0]


def piston_speed(r, theta, omega=math.pi):
    """|dx/dT| of the wrist pin of an in-line slider-crank whose piston is left of the hub, at
    crank angle theta: x = r cos θ - sqrt(ROD² - r² sin² θ) from the hub."""
    s, c = math.sin(theta), math.cos(theta)
    return abs(omega * r * s * (1 - r * c / math.sqrt(ROD ** 2 - (r * s) ** 2)))


def test_one_hundred_pumps(mv):
    lengths = [10 + 0.5 * i for i in range(100)]
    strokes, peaks = [], []
    for r in lengths:
        animation = mv.compile(pump_text(crank=r), base_dir=SAMPLES).solve()
        assert animation.ok.all(), r
        x = animation.anchor("Piston.P")[:, 0]
        strokes.append(x.max() - x.min())
        speed = np.abs(animation.velocity("Piston.P")[:, 0])
        peaks.append(speed.max())
        # The same peak from the crank angle at each frame: θ = θ0 + π (T - 1) while it turns.
        arm = animation.anchor("Crank.Q") - animation.anchor("Crank.P")
        turning = animation.times >= 1
        angles = np.arctan2(arm[turning, 1], arm[turning, 0])
        expected = max(piston_speed(r, a) for a in angles)
        assert peaks[-1] == pytest.approx(expected, rel=1e-9)
    # The crank turns 7.2° a frame from horizontal, so both dead centres are frames.
    np.testing.assert_allclose(strokes, 2 * np.array(lengths), rtol=0, atol=1e-9)
    assert all(b > a for a, b in zip(peaks, peaks[1:]))
