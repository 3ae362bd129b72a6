"""The motor torque of the issue's slider-crank (samples/slider_crank_forces.movimentum) against
Lagrange's equation, built here in sympy from the closed-form kinematics and nothing of the
solver: with the crank angle θ prescribed, τ = d/dt ∂L/∂θ̇ − ∂L/∂θ is the torque that makes it so.
Checked at 72 frames of a crank that speeds up (θ = ωT + αT²/2), and at constant speed against
the figures docs/mechanics.md quotes."""

import json
import math
import os
import subprocess

import sympy as sp

PROGRAM = os.environ["MOVIMENTUM_PROGRAM"]
SAMPLE = os.path.join(os.environ["MOVIMENTUM_SOURCE_DIR"], "samples", "slider_crank_forces.movimentum")

# The sample's machine in SI units (canvas millimetres, scale 1000).
R, L, G = 0.05, 0.2, 9.81
CRANK_J = 1.5e-4          # about the hub, where its mass sits
ROD_M = 0.3               # uniform along the rod: J = m l²/12 about its middle
SLIDER_M = 0.5            # centred on the wrist pin; the slider does not turn
OMEGA = 10 * math.pi      # 1800° a second


def lagrange_torque():
    """τ(θ, θ̇, θ̈) from the Lagrangian of crank, rod and slider."""
    q, qd, qdd = sp.symbols("q qd qdd", real=True)
    pin = sp.Matrix([R * sp.cos(q), R * sp.sin(q)])
    x = R * sp.cos(q) + sp.sqrt(L**2 - R**2 * sp.sin(q) ** 2)
    wrist = sp.Matrix([x, 0])
    middle = (pin + wrist) / 2
    rod_angle = sp.atan2(-R * sp.sin(q), sp.sqrt(L**2 - R**2 * sp.sin(q) ** 2))

    def rate(expression):
        return sp.diff(expression, q) * qd

    middle_velocity = middle.applyfunc(rate)
    kinetic = (CRANK_J * qd**2 / 2
               + ROD_M * (middle_velocity.dot(middle_velocity)) / 2
               + ROD_M * L**2 / 12 * rate(rod_angle) ** 2 / 2
               + SLIDER_M * rate(x) ** 2 / 2)
    potential = ROD_M * G * middle[1]
    lagrangian = kinetic - potential
    momentum = sp.diff(lagrangian, qd)
    torque = (sp.diff(momentum, q) * qd + sp.diff(momentum, qd) * qdd
              - sp.diff(lagrangian, q))
    return sp.lambdify((q, qd, qdd), torque, "math")


def solved(text):
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"lagrange-{os.getpid()}.movimentum")
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    try:
        result = subprocess.run([PROGRAM, "solve", path, "--json"], capture_output=True,
                                text=True, timeout=300, check=True)
    finally:
        os.remove(path)
    return json.loads(result.stdout)["frames"]


def sample_with(fps, drive):
    text = open(SAMPLE, encoding="utf-8").read()
    text = text.replace(".config(100,", f".config({fps},")
    assert "1800° * T" in text
    return text.replace("1800° * T", drive)


def motor_torque(frame):
    return frame["forces"]["motor"]["on"]["Crank"]["torque"]


def test_an_accelerating_crank_needs_the_torque_lagrange_gives():
    alpha = 20 * math.pi  # θ = ωT + αT²/2: 1800° * T + 1800° * T * T
    frames = solved(sample_with(360, "1800° * T + 1800° * T * T"))[:72]
    assert len(frames) == 72
    torque = lagrange_torque()
    expected = [torque(OMEGA * f["time"] + alpha * f["time"] ** 2 / 2,
                       OMEGA + alpha * f["time"], alpha) for f in frames]
    peak = max(abs(t) for t in expected)
    for frame, want in zip(frames, expected):
        assert abs(motor_torque(frame) - want) <= 1e-8 * peak, (frame["index"], want)


def test_at_constant_speed_the_figures_of_the_docs():
    torque = lagrange_torque()
    degrees = [i / 10 for i in range(3600)]
    values = [torque(math.radians(d), OMEGA, 0) for d in degrees]
    assert math.isclose(values[0], ROD_M * G * R / 2, rel_tol=1e-12)
    top = max(range(len(values)), key=lambda i: values[i])
    bottom = min(range(len(values)), key=lambda i: values[i])
    assert round(values[top], 3) == 1.129 and abs(degrees[top] - 37) < 1.5
    assert round(values[bottom], 3) == -1.011 and abs(degrees[bottom] - 323) < 1.5
    assert abs(sum(values) / len(values)) < 1e-9 * values[top]
    # And the solver frame by frame, a turn at half a degree a frame.
    frames = solved(sample_with(3600, "1800° * T"))[:720]
    for frame in frames:
        want = torque(OMEGA * frame["time"], OMEGA, 0)
        assert abs(motor_torque(frame) - want) <= 1e-8 * values[top], frame["index"]
