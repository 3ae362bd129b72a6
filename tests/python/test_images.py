"""Animation.image(k) is the PNG `movimentum render` writes for frame k, pixel for pixel, and
Animation.save() writes the very files `render` does."""

import base64
import html
import re

import numpy as np
import pytest
from PIL import Image

from conftest import SAMPLES, run_program


def png_pixels(path):
    with Image.open(path) as image:
        return np.asarray(image.convert("RGBA"))


def rendered_by_the_program(tmp_path, sample, frame, scale):
    out = tmp_path / f"cli_{sample}_{frame}_{scale}"
    run_program("render", SAMPLES / f"{sample}.movimentum", "-o", out, "--format", "png",
                "--frames", frame, "--scale", scale, "--quiet")
    return out / f"frame_{frame:04d}.png"


@pytest.mark.parametrize("sample, frame, scale", [
    ("pump", 0, 1.0), ("pump", 100, 1.0), ("pump", 325, 0.5), ("pump", 37, 1.5),
    ("pendulum", 40, 1.0), ("elements", 10, 2.0), ("kapitza", 60, 1.0),
])
def test_image_is_the_png_export(mv, tmp_path, sample, frame, scale):
    script = mv.load(SAMPLES / f"{sample}.movimentum")
    animation = script.solve(frames=range(frame + 1))
    pixels = animation.image(frame, scale=scale)
    expected = png_pixels(rendered_by_the_program(tmp_path, sample, frame, scale))
    assert pixels.dtype == np.uint8
    assert pixels.shape == (round(script.height * scale), round(script.width * scale), 4)
    assert pixels.shape == expected.shape
    assert (pixels[..., 3] == 255).all()
    np.testing.assert_array_equal(pixels, expected)


def test_frames_differ_and_negative_frames_count_from_the_end(pump_animation):
    first, moved = pump_animation.image(0), pump_animation.image(100)
    assert (first != moved).any()
    np.testing.assert_array_equal(pump_animation.image(-1), pump_animation.image(325))


def test_save_writes_the_programs_files(pump_animation, tmp_path):
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    pump_animation.save(ours, frames=range(98, 101))
    run_program("render", SAMPLES / "pump.movimentum", "-o", theirs, "--frames", "98:100",
                "--quiet")
    names = sorted(p.name for p in ours.iterdir())
    assert names == ["frame_0098.png", "frame_0099.png", "frame_0100.png"]
    for name in names:
        assert (ours / name).read_bytes() == (theirs / name).read_bytes()
    np.testing.assert_array_equal(png_pixels(ours / "frame_0100.png"), pump_animation.image(100))


def test_save_by_suffix_and_format(pump, tmp_path):
    animation = pump.solve(frames=range(3))
    animation.save(tmp_path / "frame_%02d.svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["frame_00.svg", "frame_01.svg",
                                                          "frame_02.svg"]
    assert (tmp_path / "frame_01.svg").read_text().lstrip().startswith("<?xml")
    animation.save(tmp_path / "gif", format="png", frames=slice(1, 2))
    assert [p.name for p in (tmp_path / "gif").iterdir()] == ["frame_0001.png"]
    with pytest.raises(OSError, match="exist"):
        animation.save(tmp_path / "gif", frames=slice(1, 2))
    with pytest.raises(ValueError, match="consecutive"):
        animation.save(tmp_path / "gif", frames=[0, 2])


def test_the_html_player_is_the_programs_page(pump_animation, tmp_path):
    run_program("render", SAMPLES / "pump.movimentum", "-o", tmp_path / "pump.html", "--quiet")
    page = (tmp_path / "pump.html").read_bytes()
    assert pump_animation.html() == page
    (tmp_path / "saved").mkdir()
    pump_animation.save(tmp_path / "saved" / "pump.html")
    assert (tmp_path / "saved" / "pump.html").read_bytes() == page


def test_a_notebook_shows_the_player_in_an_iframe(pump_animation):
    shown = pump_animation._repr_html_()
    match = re.fullmatch(r'<iframe srcdoc="([^"]*)" width="(\d+)" height="(\d+)".*</iframe>', shown,
                         re.S)
    assert match
    assert html.unescape(match.group(1)).encode() == pump_animation.html()
    assert int(match.group(2)) >= 640 and int(match.group(3)) >= 360


def test_save_refuses_to_overwrite_without_force(pump, tmp_path):
    # As the command line without --force (issue 42, item 12): nothing is replaced unless asked.
    animation = pump.solve(frames=range(40))
    target = tmp_path / "f.png"
    animation.save(target, frames=range(10, 11))
    first = target.read_bytes()
    with pytest.raises(OSError, match="exists already"):
        animation.save(target, frames=range(30, 31))
    assert target.read_bytes() == first
    animation.save(target, frames=range(30, 31), force=True)
    assert target.read_bytes() != first
    with pytest.raises(TypeError):
        animation.save(target, frames=range(30, 31), overwrite=True)  # the old name is gone


def test_save_a_single_frame_to_a_file(pump_animation, tmp_path):
    ours, theirs = tmp_path / "ours.png", tmp_path / "theirs.png"
    pump_animation.save(ours, frames=range(100, 101))
    run_program("render", SAMPLES / "pump.movimentum", "-o", theirs, "--frames", "100", "--quiet")
    assert ours.is_file() and ours.read_bytes() == theirs.read_bytes()
    with pytest.raises(ValueError, match="is one file, but 3 frames are selected"):
        pump_animation.save(tmp_path / "three.png", frames=range(3))
    with pytest.raises(ValueError, match="names no format.*png, svg, mp4, webm, gif, apng, html"):
        pump_animation.save(tmp_path / "page.htm")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ours.png", "theirs.png"]


def test_the_notebook_bundle_has_the_player_and_a_picture(pump, tmp_path):
    # GitHub and nbviewer show no iframe: the PNG of the frame the player opens at rides along
    # (issue 42, item 11), and a GIF when asked for by name.
    animation = pump.solve(frames=range(20, 23))
    bundle = animation._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/png"}
    assert bundle["text/html"] == animation._repr_html_()
    png = tmp_path / "first.png"
    png.write_bytes(base64.b64decode(bundle["image/png"]))
    np.testing.assert_array_equal(png_pixels(png), animation.image(20))
    assert set(animation._repr_mimebundle_(include=["image/png"])) == {"image/png"}
    assert set(animation._repr_mimebundle_(exclude={"text/html"})) == {"image/png"}
    gif = animation._repr_mimebundle_(include=["image/gif", "text/html"])
    assert set(gif) == {"image/gif", "text/html"}
    assert base64.b64decode(gif["image/gif"]).startswith(b"GIF89a")


def test_ipython_displays_the_bundle(pump):
    formatter = pytest.importorskip("IPython.core.formatters")
    shown, _ = formatter.DisplayFormatter().format(pump.solve(frames=range(2)))
    assert {"text/plain", "text/html", "image/png"} <= set(shown)
    assert shown["text/plain"].startswith("<movimentum.Animation 2 frames")


def test_world_y_is_up_and_image_rows_run_down(mv):
    # docs/python.md, "Axes": a bar at world y = 80 of a 100-high canvas is in row 20 of image().
    s = mv.compile(".config(10, 200, 100);\n"
                   "Rod : .bar A = [0,0] B = [20,0] color = 'red' width = 6;\n"
                   "@0 Rod.A = [50,80]; Rod.B = Rod.A + [20,0];\n@1\n")
    a = s.solve(frames=[0])
    x, y = a.anchor("Rod.A")[0]
    pixels = a.image(0)
    rows, cols = np.nonzero((pixels[..., 0] > 200) & (pixels[..., 1] < 80))
    assert abs(rows.mean() - (s.height - y)) < 1
    assert abs(cols.min() - (x - 3)) < 1.5
    red, green = pixels[int(s.height - y), int(x) + 10, :2]
    assert red > 200 and green < 80
