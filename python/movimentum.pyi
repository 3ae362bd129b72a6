"""Movimentum: machines written as text, solved frame by frame (type stub).

The module itself is compiled (python/module.cpp holds the docstrings help() shows); this stub
gives editors and type checkers its names and types. docs/python.md has the API by example.
"""

import os
from typing import Collection, Dict, Iterable, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str

Frames = Union[None, int, slice, range, Iterable[int]]

class ScriptError(ValueError):
    """A script with errors. str(error) is what `movimentum check` prints for it."""

    diagnostics: list[Diagnostic]

class Diagnostic:
    """A problem found in a script: 1-based lines and columns, the end just past the range."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int: ...
    @property
    def id(self) -> str:
        """What it is, e.g. 'UnknownAnchor' (docs/diagnostics.md lists every id)."""
    @property
    def severity(self) -> str:
        """'error', 'warning' or 'note'."""
    @property
    def message(self) -> str: ...
    @property
    def suggestion(self) -> str:
        """For an unknown name, the defined one it probably means ('did you mean'); '' if none."""
    def __str__(self) -> str:
        """FILE:LINE:COLUMN: severity: message, as `movimentum check` prints it."""

class Script:
    """A compiled script. Made by load() or compile(); solve() solves it."""

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The compile's warnings and notes."""
    @property
    def fps(self) -> float: ...
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...
    @property
    def frame_count(self) -> int: ...
    @property
    def things(self) -> dict[str, list[str]]:
        """Each thing's name to its anchors' names."""
    @property
    def variables(self) -> list[str]:
        """The named variables, in the order of their first use."""
    @property
    def elements(self) -> dict[str, list[str]]:
        """Each mechanics element's name to its states' names."""
    @property
    def forces(self) -> dict[str, dict[str, str]]:
        """With masses: each constraint's name to the things it loads, each to the anchor its
        torque is about; empty without masses."""
    @property
    def markers(self) -> list[float]:
        """The time in seconds of each time marker (@...)."""
    @property
    def text(self) -> str: ...
    @property
    def name(self) -> str:
        """The path load() was given, or '<string>'."""
    def solve(self, frames: Frames = None) -> Animation:
        """Solves the frames (default all); releases the GIL; Ctrl-C cancels."""

class Animation:
    """Frames of a script, solved: numpy arrays with one row per frame, filled in C++."""

    @property
    def script(self) -> Script: ...
    @property
    def frames(self) -> npt.NDArray[np.int64]:
        """(N,) the frame index of each row."""
    @property
    def times(self) -> npt.NDArray[np.float64]:
        """(N,) each frame's time in seconds."""
    @property
    def ok(self) -> npt.NDArray[np.bool_]:
        """(N,) False where a frame could not be solved."""
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    def __len__(self) -> int: ...
    def pose(self, thing: str) -> npt.NDArray[np.float64]:
        """(N, 3): x, y, angle in radians."""
    def anchor(self, name: str) -> npt.NDArray[np.float64]:
        """(N, 2) of "Thing.Anchor"."""
    def velocity(self, name: str) -> npt.NDArray[np.float64]:
        """Of an anchor (N, 2), a thing (N, 3), a variable or a state; NaN where undefined."""
    def acceleration(self, name: str) -> npt.NDArray[np.float64]:
        """As velocity(), one derivative further."""
    def variable(self, name: str) -> npt.NDArray[np.float64]:
        """(N,) for a scalar, (N, 2) for a vector."""
    def state(self, name: str) -> npt.NDArray[np.float64]:
        """Of "Element.state": (N,) for a scalar, (N, 2) for a vector."""
    def force(self, constraint: str, thing: str) -> npt.NDArray[np.float64]:
        """(N, 2) N: what a constraint ("motor", "Rod.A", "line 12") puts on a thing."""
    def torque(self, constraint: str, thing: str) -> npt.NDArray[np.float64]:
        """(N,) N·m, counter-clockwise about the anchor Script.forces names."""
    def power(self, constraint: str) -> npt.NDArray[np.float64]:
        """(N,) W that a constraint feeds in; 0 for one that is not a drive."""
    def energy(self) -> npt.NDArray[np.float64]:
        """(N, 2) J: kinetic and potential."""
    def unheld(self, thing: str) -> npt.NDArray[np.float64]:
        """(N, 3) fx, fy in N and the torque in N·m about the thing's first anchor: what no
        constraint holds; 0 where all is held."""
    def json(self) -> str:
        """The document `movimentum solve --json` prints for these frames."""
    def html(self) -> bytes:
        """The HTML player page `movimentum render --format html` writes."""
    def _repr_html_(self) -> str:
        """The HTML player in an iframe, for notebooks."""
    def _repr_mimebundle_(
        self, include: Optional[Collection[str]] = None, exclude: Optional[Collection[str]] = None
    ) -> Dict[str, str]:
        """text/html (the player) and image/png (the first frame, base64); image/gif if included."""
    def image(self, frame: int, scale: float = 1.0) -> npt.NDArray[np.uint8]:
        """(H, W, 4) RGBA: the pixels `render --format png` writes for the frame."""
    def save(
        self,
        path: Union[str, os.PathLike[str]],
        format: Optional[str] = None,
        scale: float = 1.0,
        frames: Frames = None,
        *,
        force: bool = False,
    ) -> None:
        """Exports as `movimentum render` does: png, svg, mp4, webm, gif, apng or html.

        An existing target is an OSError unless force=True (render's --force)."""

def load(path: Union[str, os.PathLike[str]]) -> Script:
    """Reads and compiles a script file; raises ScriptError, FileNotFoundError, OSError."""

def compile(text: str, base_dir: Union[str, os.PathLike[str]] = ".") -> Script:
    """Compiles script text; images resolved against base_dir; raises ScriptError."""
