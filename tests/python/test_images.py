"""Animation.image(k) is the PNG `movimentum render` writes for frame k, pixel for pixel, and
Animation.save() writes the very files `render` does."""

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
        animation.save(tmp_path / "gif", frames=slice(1, 2), overwrite=False)
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
