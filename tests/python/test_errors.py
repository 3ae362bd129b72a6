"""Errors: a script with errors raises ScriptError, a ValueError, whose text is what `movimentum
check` prints and whose diagnostics locate each problem; unknown names raise KeyError saying
what exists; unreadable files raise OSError."""

import os

import pytest

from conftest import SAMPLES, run_program

BROKEN = """.config(25, 200, 100);
Crank : .bar P = [0,0] Q = [10,0];
@0 Crank.P = [50, 50];
   Crank.Q = Crank.P + [10,0].rotate(Wheel.R);
   Crank.Z = [1, 2];
@+1
"""


@pytest.fixture
def broken_file(tmp_path):
    path = tmp_path / "broken.movimentum"
    path.write_text(BROKEN)
    return path


def test_script_error_is_a_value_error(mv):
    assert issubclass(mv.ScriptError, ValueError)


def test_the_text_is_checks_output(mv, broken_file):
    with pytest.raises(mv.ScriptError) as caught:
        mv.load(broken_file)
    check = run_program("check", broken_file, check=False)
    assert check.returncode == 1
    assert str(caught.value) + "\n" == check.stdout
    assert len(caught.value.diagnostics) == check.stdout.count("\n")


def test_diagnostics_are_located(mv, broken_file):
    with pytest.raises(mv.ScriptError) as caught:
        mv.load(broken_file)
    lines = BROKEN.split("\n")
    errors = caught.value.diagnostics
    assert errors and all(d.severity == "error" for d in errors)
    for d in errors:
        assert str(d).startswith(f"{broken_file}:{d.line}:{d.column}: error: {d.message}")
        # The range's text is on the lines it names: 1-based, end just past the last character.
        assert (d.end_line, d.end_column) >= (d.line, d.column)
        assert 1 <= d.column <= len(lines[d.line - 1]) + 1
    names = [lines[d.line - 1][d.column - 1:d.end_column - 1] for d in errors if
             d.line == d.end_line]
    assert any("Wheel" in text for text in names), names
    assert any("Crank.Z" in text or "Z" == text for text in names), names
    wheel = [d for d in errors if "Wheel" in d.message][0]
    assert (wheel.line, wheel.column) == (4, BROKEN.split("\n")[3].index("Wheel") + 1)


def test_an_unknown_name_suggests_the_one_meant(mv):
    """The "did you mean" of `check` is a field too (core/diagnostics/name_suggestion.h)."""
    with pytest.raises(mv.ScriptError) as caught:
        mv.compile(BROKEN.replace("rotate(Wheel.R)", "rotate(Crnk.P.x)"))
    by_name = {d.message.split("'")[1]: d.suggestion for d in caught.value.diagnostics
               if "'" in d.message}
    assert by_name["Crnk"] == "Crank"
    assert "did you mean 'Crank'?" in str(caught.value)
    assert all(d.suggestion == "" for d in caught.value.diagnostics if "Z" in d.message)


def test_compile_names_the_text_string(mv):
    with pytest.raises(mv.ScriptError) as caught:
        mv.compile(BROKEN)
    assert str(caught.value).startswith("<string>:")
    assert "<string>:4:" in str(caught.value)


def test_a_syntax_error(mv):
    with pytest.raises(mv.ScriptError) as caught:
        mv.compile(".config(25, 200, 100);\nA : .bar P = [0,0] Q = [1,0];\n@0 A.P = [1,;\n@+1\n")
    first = caught.value.diagnostics[0]
    assert (first.line, first.severity, first.id) == (3, "error", "ExpectedExpression")


def test_warnings_do_not_raise(mv):
    script = mv.compile(".config(25, 200, 100);\nA : .bar P = [0,0] Q = [1,0];\n@0 A.P = [1,1];\n@+1\n")
    animation = script.solve()
    # A.Q is left free to turn about A.P: the solve says so, located at A's definition.
    assert any(d.severity == "warning" and d.id == "ThingTurns" for d in animation.diagnostics)
    assert all(d.line >= 1 for d in animation.diagnostics)


def test_key_errors_name_what_exists(pump_animation, mv):
    a = pump_animation
    cases = {
        lambda: a.anchor("Crank.R"): "no anchor Crank.R; Crank has P, Q",
        lambda: a.anchor("Wheel.R"): "no anchor Wheel.R; the things are Engine, Crank, Piston, Conrod",
        lambda: a.anchor("Crank"): "no anchor Crank (an anchor is named Thing.Anchor); Crank has P, Q",
        lambda: a.pose("Wheel"): "no thing Wheel; the things are Engine, Crank, Piston, Conrod",
        lambda: a.variable("d"): "no variable d; the variables are x, c",
        lambda: a.state("Bob.theta"): "no state Bob.theta; the script has no elements",
        lambda: a.velocity("Crank.R"): "no anchor Crank.R; Crank has P, Q",
        lambda: a.velocity("q"): "no thing or variable q; the things are Engine, Crank, Piston, "
                                 "Conrod; the variables are x, c",
    }
    for call, message in cases.items():
        with pytest.raises(KeyError) as caught:
            call()
        assert caught.value.args[0] == message
    pendulum = mv.load(SAMPLES / "pendulum.movimentum").solve(frames=range(2))
    with pytest.raises(KeyError) as caught:
        pendulum.state("Bob.phi")
    assert caught.value.args[0] == "no state Bob.phi; Bob has theta, theta_d1"


def test_files_that_cannot_be_read(mv, tmp_path):
    with pytest.raises(FileNotFoundError) as caught:
        mv.load(tmp_path / "missing.movimentum")
    assert caught.value.filename == str(tmp_path / "missing.movimentum")
    with pytest.raises(OSError, match="it is a folder"):
        mv.load(tmp_path)


def test_a_bad_scale_or_frame(pump_animation):
    with pytest.raises(ValueError, match="scale"):
        pump_animation.image(0, scale=0)
    with pytest.raises(ValueError, match="scale"):
        pump_animation.image(0, scale=17)
    with pytest.raises(IndexError, match="no frame 326"):
        pump_animation.image(326)
    with pytest.raises(ValueError, match="unknown format 'bmp'"):
        pump_animation.save(os.devnull, format="bmp")
